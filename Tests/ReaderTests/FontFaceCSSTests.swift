import CSS
import Testing
@testable import XHTMLReader

/// `@font-face` rules and `font-family` lists, as the book's stylesheets write them.
struct FontFaceCSSTests {
    let p = StylesheetTests.element("p")
    let span = StylesheetTests.element("span")

    @Test func aFaceRuleKeepsItsFamilySourcesWeightStyleAndRange() throws {
        let sheet = Stylesheet(parsing: """
            @font-face { font-family: 'Old Standard'; font-weight: bold; font-style: italic;
                         src: local("Old Standard"), url(../Fonts/OldStd-BoldItalic.OTF) format('opentype'),
                              url("OldStd.woff2") format("woff2"); unicode-range: U+0000-00FF, U+4??, u+2013 }
            p { color: red }
            """, base: "OEBPS/Styles/book.css")
        let face = try #require(sheet.fontFaces.first)
        #expect(face.family == "Old Standard")
        #expect(face.sources == [CSSURL(text: "../Fonts/OldStd-BoldItalic.OTF", base: "OEBPS/Styles/book.css"),
                                 CSSURL(text: "OldStd.woff2", base: "OEBPS/Styles/book.css")], "local() is not the book's")
        #expect(face.weights == 700...700)
        #expect(face.style == .italic)
        #expect(face.unicodeRanges == [0...0xFF, 0x400...0x4FF, 0x2013...0x2013])
        #expect(face.serves("é") && face.serves("\u{2013}") && !face.serves("\u{2014}"))
        #expect(sheet.ruleCount == 1, "the style rule after it is read too")
    }

    @Test func aFaceWithoutFamilyOrBookSourceIsNoFace() {
        let sheet = Stylesheet(parsing: """
            @font-face { src: url(a.otf) }
            @font-face { font-family: A; src: local(Arial) }
            @font-face { font-family: B; src: url(b.ttf); font-weight: 100 900 }
            @media screen { @font-face { font-family: C; src: url(c.ttf) } }
            """)
        #expect(sheet.fontFaces.map(\.family) == ["B", "C"])
        #expect(sheet.fontFaces.first?.weights == 100...900)
        #expect(sheet.fontFaces.first?.unicodeRanges.isEmpty == true)
    }

    @Test func familyListsKeepNamesAndGenerics() {
        #expect(FontFamilyName.list(#"'OldStandard', sans-serif"#) == [.family("OldStandard"), .generic(.sansSerif)])
        #expect(FontFamilyName.list(#"foo  Bar, "HiraMinProN-W3", "@ＭＳ 明朝", serif, "serif""#)
                == [.family("foo Bar"), .family("HiraMinProN-W3"), .family("@ＭＳ 明朝"), .generic(.serif), .family("serif")],
                "a quoted generic name is a family of that name")
        #expect(FontFamilyName.list(#"'A, B', monospace"#) == [.family("A, B"), .generic(.monospace)])
        #expect(FontFamilyName.list("inherit").isEmpty)
    }

    @Test func familyIsInheritedAndSetByTheShorthand() {
        let inherited = StylesheetTests.style("p { font-family: 'Embedded', serif }", [p, span])
        #expect(inherited.fontFamily == [.family("Embedded"), .generic(.serif)])
        let shorthand = StylesheetTests.style("p { font: italic bold 12px/1.5 Georgia, 'Book Face', serif }", [p])
        #expect(shorthand.fontFamily == [.family("Georgia"), .family("Book Face"), .generic(.serif)])
        #expect(shorthand.isItalic == true && shorthand.isBold == true)
        #expect(StylesheetTests.style("p { font: caption }", [p]).fontFamily == nil)
        #expect(StylesheetTests.style("p { font-family: A } p { font-family: inherit }", [p]).fontFamily == [.family("A")],
                "a value that names no family leaves the earlier one standing")
    }
}
