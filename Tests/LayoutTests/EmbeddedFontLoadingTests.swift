import Foundation
import Testing
@testable import Fonts

/// Fonts a book embeds are loaded from their bytes, whatever their wrapping: a WOFF or WOFF2
/// file measures exactly as the plain font it wraps, and that font as the installed one it was
/// cut from (`Tests/Fixtures/Fonts/README.md`).
@Suite struct EmbeddedFontLoadingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Fonts")
    static let sample = "Sphinx of black quartz, judge my vow! AVA To Wa 1/2"

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    @Test(arguments: ["liberation-serif-ascii.ttf", "liberation-serif-ascii.woff", "liberation-serif-ascii.woff2"])
    func wrappedTrueTypeMeasuresAsTheInstalledFont(name: String) throws {
        let face = try FontFace(bytes: Self.bytes(name), name: "OEBPS/fonts/\(name)")
        let installed = try FontSet(font: "Liberation Serif").regular
        #expect(face.family == "Liberation Serif")
        #expect(face.postScriptName == installed.postScriptName)
        #expect(face.fileName == name, "named by the file inside the book, never a path of this machine")
        #expect(face.path.isEmpty)
        #expect(face.unitsPerEm == installed.unitsPerEm)
        #expect(face.hasPrintableASCII)
        #expect(!face.hasGlyph(for: "é"), "the subset has ASCII alone")
        // Kerning (AV, To, Wa) comes through the wrapping too.
        #expect(face.advance(of: Self.sample, size: 12) == installed.advance(of: Self.sample, size: 12))
        #expect(face.advance(of: "AVA", size: 100) < face.advance(of: "A", size: 100) * 2 + face.advance(of: "V", size: 100))
    }

    @Test(.needsTeXGyreTermes) func wrappedOpenTypeCFFMeasuresAsThePlainFile() throws {
        let plain = try FontFace(bytes: Self.bytes("termes-ascii.otf"), name: "termes-ascii.otf")
        let wrapped = try FontFace(bytes: Self.bytes("termes-ascii.woff2"), name: "termes-ascii.woff2")
        let installed = try FontSet(font: "TeX Gyre Termes").regular
        #expect(plain.postScriptName == installed.postScriptName && wrapped.family == plain.family)
        #expect(wrapped.postScriptName == plain.postScriptName)
        #expect(wrapped.advance(of: Self.sample, size: 11) == plain.advance(of: Self.sample, size: 11))
        #expect(plain.advance(of: Self.sample, size: 11) == installed.advance(of: Self.sample, size: 11))
    }

    /// The rebuilt font is a well-formed OpenType file: HarfBuzz finds every table FreeType listed.
    @Test func rebuiltTablesAreAllThere() throws {
        let woff2 = try FontFace(bytes: Self.bytes("liberation-serif-ascii.woff2"), name: "a.woff2")
        let plain = try FontFace(bytes: Self.bytes("liberation-serif-ascii.ttf"), name: "a.ttf")
        #expect(woff2.hasFeature("kern") == plain.hasFeature("kern"))
        #expect(woff2.ascender == plain.ascender && woff2.descender == plain.descender)
    }

    @Test(arguments: [("garbage.otf", Array("not a font at all, just words".utf8)),
                      ("empty.ttf", []),
                      ("cut.woff2", Array((try? bytes("liberation-serif-ascii.woff2"))?.prefix(400) ?? [])),
                      ("cut.woff", Array((try? bytes("liberation-serif-ascii.woff"))?.prefix(400) ?? []))])
    func brokenFontsAreErrorsNamingTheFile(name: String, bytes: [UInt8]) {
        do {
            let face = try FontFace(bytes: bytes, name: "OEBPS/\(name)")
            Issue.record("\(name) loaded as \(face.family)")
        } catch let error as FontError {
            #expect(String(describing: error).contains("OEBPS/\(name)"))
        } catch {
            Issue.record("\(error)")
        }
    }
}
