import BookModel
import Testing
import XHTMLReader

/// No control character but a line break or tab reaches the text: C0 controls and DEL go, and a
/// C1 control becomes the Windows-1252 character it almost always stands for.
struct ControlCharacterTests {
    private static func controls(in text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || (0x7F...0x9F).contains($0) }
    }

    private static func allText(_ content: XHTMLContent) -> String {
        content.blocks.map(\.text).joined(separator: "\n")
    }

    @Test func characterReferencesToControlsAreCleanedUp() {
        let content = readBody("""
            <h1>Head&#x85;ing&#x7F;</h1>
            <p>It&#x92;s &#x93;fine&#x94;&#x81; &#x96; <b>really&#x9D;</b></p>
            <pre>line&#x7F; one&#x85;
            line&#x9F;two</pre>
            <img src="a.png" alt="alt&#x92;s&#x7F;"/>
            <table><tr><td>cell&#x80;</td></tr></table>
            """)
        let text = Self.allText(content)
        #expect(Self.controls(in: text).isEmpty, "\(Self.controls(in: text))")
        #expect(content.blocks[1].text == "It\u{2019}s \u{201C}fine\u{201D} \u{2013} really")
        #expect(content.blocks[2].text == "line one\u{2026}\nline\u{0178}two")
        #expect(content.firstHeading == "Head\u{2026}ing")
        #expect(text.contains("[image OEBPS/text/a.png alt\u{2019}s]"))
        #expect(text.contains("cell\u{20AC}"))
    }

    /// Undeclared Windows-1252 bytes: libxml2 reads them as Latin-1, which makes its curly quotes
    /// C1 controls.
    @Test func undeclaredWindows1252ReadsRight() {
        let bytes = Array("<html><head><title>Caf".utf8) + [0xE9, 0x85] + Array("</title></head><body><p>It".utf8)
            + [0x92, 0x73, 0x20, 0x93, 0x66, 0x69, 0x6E, 0x65, 0x94, 0x01, 0x7F] + Array("</p></body></html>".utf8)
        let content = XHTMLReader.read(bytes: bytes, source: "old.html")
        #expect(Self.allText(content) == "It\u{2019}s \u{201C}fine\u{201D}")
        #expect(content.headTitle == "Caf\u{00E9}\u{2026}")
    }

    @Test func titlesAndAttributeTextLoseTheirControls() {
        #expect(TextCleanup.singleLine("a\u{01}b\u{7F}c\u{92}d\u{8D}e\u{0B}f") == "abc\u{2019}def")
        #expect(TextCleanup.singleLine(" \u{0C}two\u{0C} words\t") == "two words")
    }
}
