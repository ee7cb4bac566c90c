import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// `--glyph-scaling`: through the whole command, justified lines carry their `expansion` within
/// the limit asked for, `0` writes none and sets the lines as they were set before the option,
/// and the setting is in the provenance's options.
struct GlyphScalingOptionTests {
    func run(_ arguments: [String]) throws -> ProcessResult {
        let binary = try #require(TestPaths.binary, "build book2pages first (swift build)")
        return try Run.program(binary, arguments)
    }

    static let sample = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")

    func lines(_ arguments: [String]) throws -> (lines: [PageLine], options: String?) {
        let result = try run([Self.sample, "--page-size", "350x500", "-q"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try PageDocument(jsonData: result.stdout)
        return (document.pages.flatMap { $0.shown?.lines ?? [] }, document.provenance?.options)
    }

    @Test func theLimitIsKeptAndZeroScalesNothing() throws {
        let byDefault = try lines([])
        let expanded = byDefault.lines.filter { $0.expansion != 1 }
        #expect(expanded.count > 50)
        #expect(expanded.allSatisfy { $0.justified && $0.expansion > 1 && $0.expansion <= 1.02 })
        let wider = try lines(["--glyph-scaling", "4.5"])
        #expect(wider.lines.contains { $0.expansion > 1.02 })
        #expect(wider.lines.allSatisfy { $0.expansion <= 1.045 })
        let none = try lines(["--glyph-scaling", "0"])
        #expect(none.lines.allSatisfy { $0.expansion == 1 })
        #expect(Set([byDefault.options, wider.options, none.options]).count == 3)
    }

    /// A book set in columns is never scaled: `expansion` is across a horizontal line.
    @Test func columnsAreNeverScaled() throws {
        let vertical = try lines(["--writing-mode", "vertical"])
        #expect(vertical.lines.contains { $0.vertical && $0.justified })
        #expect(vertical.lines.allSatisfy { $0.expansion == 1 })
    }
}
