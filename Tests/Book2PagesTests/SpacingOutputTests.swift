import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// Letter spacing, word spacing and OpenType features in the output: the runs that carry them,
/// as JSON and back, and the same bytes as before for a book that asks for none of them (or
/// only for what its font cannot do).
struct SpacingOutputTests {
    static func convert(_ chapter: String, font: String? = nil) throws -> Conversion {
        var options = ConversionOptions(inputFormat: .xhtml)
        if let font { options.layout.font = font }
        return try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                     options: options)
    }

    static func chapter(css: String, body: String) -> String {
        """
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title><style>\(css)</style></head><body>\(body)</body></html>
        """
    }

    static let body = """
        <h1>The Almanac</h1><p>Printed every winter in 1874, on a press from the mainland; its tables of tides ran to
        112 pages, and <em>every</em> buoy was listed by name, 0 to 99.</p>
        """

    /// The output's bytes but the input's fingerprint, which differs with the CSS.
    static func written(_ conversion: Conversion) -> String {
        String(decoding: conversion.json, as: UTF8.self)
            .replacingOccurrences(of: #""input":"sha256:[0-9a-f]+""#, with: "", options: .regularExpression)
    }

    @Test func aBookWithoutSpacingOrFeaturesIsWrittenAsBefore() throws {
        let plain = try Self.written(Self.convert(Self.chapter(css: "", body: Self.body)))
        let normal = try Self.written(Self.convert(Self.chapter(css: """
            p, h1 { letter-spacing: normal; word-spacing: 0; font-variant-numeric: normal; font-variant: normal }
            """, body: Self.body)))
        #expect(normal == plain)
        // Liberation Serif has none of these numerals: nothing is asked of it, and nothing said.
        let numerals = try Self.written(Self.convert(Self.chapter(css: "p { font-variant-numeric: oldstyle-nums tabular-nums slashed-zero }",
                                                                  body: Self.body)))
        #expect(numerals == plain)
    }

    @Test func spacedRunsSayWhatTheyWereMeasuredWith() throws {
        let conversion = try Self.convert(Self.chapter(css: "h1 { letter-spacing: 0.1em } em { word-spacing: 2pt; letter-spacing: -1px }",
                                                       body: Self.body))
        let json = try #require(String(data: conversion.json, encoding: .utf8))
        #expect(json.contains("\"letterSpacing\":2.72,") && json.contains("\"wordSpacing\":2.83"))
        #expect(!json.contains("\"features\""))
        let document = try PageDocument(jsonData: conversion.json)
        let runs = document.pages.flatMap { $0.shown?.lines ?? [] }.flatMap { $0.runs ?? [] }
        #expect(runs.contains { $0.letterSpacing == 2.72 && $0.size == 27.2 })
        // 1 px at the body's 17 pt is 17/16 of a point.
        #expect(runs.contains { $0.letterSpacing == -1.06 && $0.wordSpacing == 2.83 && $0.face == 1 })
    }

    @Test(.needsTeXGyreTermes) func featuresAreWrittenByTheirTags() throws {
        let conversion = try Self.convert(Self.chapter(css: """
            h1 { font-variant: small-caps } p { font-variant-numeric: oldstyle-nums slashed-zero }
            """, body: Self.body), font: "TeX Gyre Termes")
        let json = try #require(String(data: conversion.json, encoding: .utf8))
        #expect(json.contains("\"features\":[\"smcp\"]") && json.contains("\"features\":[\"onum\",\"zero\"]"))
        let document = try PageDocument(jsonData: conversion.json)
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }
        #expect(lines.first?.text == "The Almanac")
        #expect(lines.first?.runs?.first?.features == [.smallCaps])
        #expect(lines.dropFirst().contains { $0.runs?.first?.features == [.oldstyleNumerals, .slashedZero] })
        // The faces keep their PostScript names: a run's features are the run's.
        #expect(document.layout.faces?.first?.postScriptName == "TeXGyreTermes-Regular")
    }
}
