import BookModel
import Testing
import XHTMLReader

/// `lang` and `xml:lang` on elements in the body give their blocks a language (it chooses the
/// hyphenation dictionary); blocks without one are left to the book's.
struct LanguageTests {
    @Test func blocksTakeTheNearestLanguage() {
        let content = readBody("""
            <p>plain</p><p lang="fr">en français</p>\
            <div xml:lang="de"><p>auf Deutsch</p><h2>Titel</h2><blockquote><p lang="la">Latine</p></blockquote></div>\
            <p>plain again</p>
            """)
        func languages(_ blocks: [Block]) -> [String?] {
            blocks.flatMap { block -> [String?] in
                if case .quote(let inner) = block.kind { return languages(inner) }
                if case .division(let inner) = block.kind { return languages(inner) }
                return [block.language]
            }
        }
        #expect(languages(content.blocks) == [nil, "fr", "de", "de", "la", nil])
    }

    @Test func anInlineLanguageDoesNotChangeItsParagraph() {
        let content = readBody(#"<p>The word <i lang="de">Schadenfreude</i> has no English equivalent.</p>"#)
        #expect(content.blocks.map(\.language) == [nil])
    }

    @Test func textBeforeALanguageBlockKeepsTheLanguageAroundIt() {
        let content = readBody(#"<div lang="es">uno<p lang="en">two</p>tres</div>"#)
        #expect(content.blocks.map(\.language) == ["es", "en", "es"])
    }

    @Test func theRootsLanguageIsTheDocuments() {
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="nl"><head><title>t</title></head>\
            <body><p>tekst</p></body></html>
            """)
        #expect(content.language == "nl")
        #expect(content.blocks.map(\.language) == [nil])
    }
}
