import BookModel
import Fonts
import Testing
@testable import Layout
import PageFormat

/// Each script the body font lacks is measured in the face whose widths match what iOS draws it
/// with, and the output names that iOS font (`StandInFamilies`).
@Suite(.needsNotoStandIns) struct StandInTableTests {
    private func standIns(_ text: String, language: String, font: String = LayoutOptions.defaultFont,
                          bold: Bool = false) throws -> [FaceDescription] {
        let book = TestBooks.book([[Block(.paragraph([Inline(text, style: bold ? .bold : [])]))]], language: language)
        var options = TestBooks.options(width: 600)
        options.font = font
        return try Layouter(options: options).layout(book).standIns
    }

    @Test(arguments: [
        ("吾輩は猫である。", "ja", LayoutOptions.defaultFont, "Noto Serif CJK JP", "HiraMinProN-W3"),
        ("吾輩は猫である。", "ja", "Liberation Sans", "Noto Sans CJK JP", "HiraginoSans-W3"),
        ("山路を登りながら", "en", LayoutOptions.defaultFont, "Noto Serif CJK JP", "HiraMinProN-W3"),
        ("中文字体。", "zh", LayoutOptions.defaultFont, "Noto Sans CJK SC", "PingFangSC-Regular"),
        ("中文字體。", "zh-Hant", LayoutOptions.defaultFont, "Noto Sans CJK TC", "PingFangTC-Regular"),
        ("中文字體。", "zh-TW", LayoutOptions.defaultFont, "Noto Sans CJK TC", "PingFangTC-Regular"),
        ("한국어 문장", "ko", LayoutOptions.defaultFont, "Noto Sans CJK KR", "AppleSDGothicNeo-Regular"),
        ("الخلايا السرطانية", "ar", LayoutOptions.defaultFont, "Noto Sans Arabic", "GeezaPro"),
        ("ภาษาไทย", "th", LayoutOptions.defaultFont, "Noto Sans Thai", "Thonburi"),
    ])
    func eachScriptHasTheStandInOfItsIOSFont(text: String, language: String, font: String, family: String, iOS: String) throws {
        let found = try standIns(text, language: language, font: font)
        #expect(found.map(\.family) == [family], "\(text)")
        #expect(found.map(\.iOSFontName) == [iOS], "\(text)")
    }

    @Test func boldTextHasTheBoldIOSFace() throws {
        let found = try standIns("吾輩は猫である。", language: "ja", bold: true)
        #expect(found.map(\.iOSFontName) == ["HiraMinProN-W6"])
        #expect(found.first?.postScriptName.contains("Bold") == true)
    }

    /// Ideographs, kana and full-width punctuation are a full em in the stand-in, as in every CJK
    /// font: a device drawing them in Hiragino draws the same widths.
    @Test func cjkCharactersAreAFullEm() throws {
        let face = try FontSet(font: "Noto Serif CJK JP").regular
        for character in "吾輩は猫である。名前はまだ無い、「どこで」生れたかとんと見当がつかぬ！" {
            #expect(face.advance(of: String(character), size: 10) == 10, "\(character)")
        }
    }

    /// Hebrew needs no stand-in: Liberation has it, as Times New Roman does.
    @Test func hebrewIsInTheBodyFont() throws {
        #expect(try standIns("שלום עולם", language: "he").isEmpty)
    }
}
