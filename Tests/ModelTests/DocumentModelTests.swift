import BookModel
import Testing

struct DocumentModelTests {
    @Test func warningsReadLikeCompilerMessages() {
        #expect(Warning(entry: "OEBPS/ch3.xhtml", line: 41, "unclosed <p>").description == "OEBPS/ch3.xhtml:41: unclosed <p>")
        #expect(Warning(entry: "mimetype", "missing").description == "mimetype: missing")
        #expect(Warning("font substituted").description == "font substituted")
    }

    @Test func plainTextJoinsRunsWithoutStyles() {
        let runs = [Inline("Call me "), Inline("Ishmael", style: [.italic, .bold]), Inline(".", link: "#x")]
        #expect(runs.plainText == "Call me Ishmael.")
    }

    @Test func stylesCombine() {
        let style: TextStyle = [.italic, .bold]
        #expect(style.contains(.italic) && style.contains(.bold) && !style.contains(.code))
        #expect(TextStyle.superscript != TextStyle.subscript)
    }

    @Test func blocksNestAndCompareByValue() {
        let item = [Block(.paragraph([Inline("one")]), anchors: ["a"])]
        let list = Block(.list(List(isOrdered: true, start: 3, items: [item, item])))
        let quote = Block(.quote([list]))
        #expect(quote == Block(.quote([Block(.list(List(isOrdered: true, start: 3, items: [item, item])))])))
        #expect(quote != Block(.quote([Block(.list(List(isOrdered: true, start: 4, items: [item, item])))])))
    }

    @Test func bookDefaults() {
        let book = Book(metadata: Metadata(title: "T"), chapters: [Chapter(source: "a.xhtml", blocks: [])])
        #expect(book.metadata.direction == .leftToRight)
        #expect(book.metadata.authors.isEmpty)
        #expect(book.chapters[0].isLinear)
        #expect(book.toc.isEmpty && book.cover == nil)
        #expect(TextDirection.rightToLeft.rawValue == "rtl")
    }
}
