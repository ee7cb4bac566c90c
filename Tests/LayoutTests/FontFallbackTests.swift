import BookModel
import Fonts
import Testing
@testable import Layout
import PageFormat

/// Characters the book's font has no glyphs for (Arabic and Han in Liberation Serif) are
/// measured in an installed font that has them, run by run, and the layout names it; those no
/// font has are measured as the missing-glyph box, with a warning.
@Suite struct FontFallbackTests {
    private func layout(_ text: String, language: String, direction: ParagraphDirection? = nil) throws -> PagedBook {
        let book = TestBooks.book([[Block(.paragraph([Inline(text)]), direction: direction)]], language: language)
        return try Layouter(options: TestBooks.options(width: 600)).layout(book)
    }

    @Test func arabicIsMeasuredInAFontThatHasIt() throws {
        let word = "الخلايا"
        let paged = try layout(word, language: "ar")
        let line = try #require(paged.pages.first?.shown?.lines.first)
        let serif = try FontSet(font: "Liberation Serif").regular
        #expect(!serif.hasGlyph(for: "ا"))
        #expect(paged.warnings.isEmpty)
        let family = try #require(paged.fallbackFamilies.first)
        let standIn = try FontSet(font: family).regular
        #expect(standIn.hasGlyph(for: "ا"))
        #expect(abs(line.width - standIn.advance(of: word, size: 12, rightToLeft: true)) < 0.01 + TestBooks.precision)
        #expect(abs(line.width - serif.advance(of: word, size: 12)) > 1)
    }

    @Test func latinAroundItStaysInTheBooksFont() throws {
        let paged = try layout("(الخلايا)", language: "ar")
        let line = try #require(paged.pages.first?.shown?.lines.first)
        let serif = try FontSet(font: "Liberation Serif").regular
        let family = try #require(paged.fallbackFamilies.first)
        let standIn = try FontSet(font: family).regular
        // The parentheses are in Liberation Serif; the word, marks and all, in the stand-in.
        let expected = serif.advance(of: "(", size: 12, rightToLeft: true) + standIn.advance(of: "الخلايا", size: 12, rightToLeft: true)
            + serif.advance(of: ")", size: 12, rightToLeft: true)
        #expect(abs(line.width - expected) < 0.01 + TestBooks.precision)
    }

    @Test func runsNameTheStandInThatSetTheirCharacters() throws {
        let paged = try layout("(الخلايا) x", language: "ar")
        let line = try #require(paged.pages.first?.shown?.lines.first)
        let standIn = try #require(paged.standIns.first)
        #expect(paged.standIns.count == 1 && standIn.role == "standIn")
        let runs = try #require(line.runs)
        #expect(runs.map(\.length) == [1, 7, 3])
        #expect(runs.map(\.standIn) == [nil, standIn.postScriptName, nil])
        #expect(runs.allSatisfy { $0.face == FaceRole.regular.rawValue })
        // The preview embeds the face from its file.
        let path = try #require(paged.standInFiles[standIn.postScriptName])
        #expect(paged.standInFiles.count == 1)
        let face = try FontFace(path: path)
        #expect(face.postScriptName == standIn.postScriptName && face.hasGlyph(for: "ا"))
        #expect(standIn.file == face.fileName && !standIn.file.contains("/"))
    }

    @Test func linesInTheBooksFontNameNoStandIn() throws {
        let paged = try layout("Déjà vu, naïve façade — “quoted” …", language: "fr")
        #expect(paged.standIns.isEmpty)
        #expect(paged.pages.flatMap(\.allLines).flatMap { $0.runs ?? [] }.allSatisfy { $0.standIn == nil })
        #expect(paged.standInFiles.isEmpty)
    }

    @Test func hanIdeographsAreAnEmWide() throws {
        let paged = try layout("吾輩は猫である", language: "ja")
        let line = try #require(paged.pages.first?.shown?.lines.first)
        #expect(abs(line.width - 7 * 12) < 0.01 + TestBooks.precision)
        #expect(paged.fallbackFamilies.count == 1 && paged.fallbackFamilies != ["Liberation Serif"])
    }

    @Test func charactersNoFontHasAreSaidOnce() throws {
        let paged = try layout("a\u{10FFFD}b \u{10FFFC} \u{10FFFD}", language: "en")
        let missing = paged.warnings.map(\.message).filter { $0.hasPrefix("no installed font") }
        #expect(missing == ["no installed font has glyphs for 2 of the book's characters (U+10FFFC, U+10FFFD): "
                            + "they are measured as the missing-glyph box"])
    }

    @Test func aBookInItsFontsScriptNeedsNoStandIn() throws {
        let paged = try layout("Plain English words only.", language: "en")
        #expect(paged.fallbackFamilies.isEmpty && paged.warnings.isEmpty)
    }
}
