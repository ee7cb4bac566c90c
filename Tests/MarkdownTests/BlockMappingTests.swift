import BookModel
import Testing

/// Every Markdown construct lands in the document model as the XHTML reader would put it.
struct BlockMappingTests {
    func blocks(_ text: String) throws -> [Block] {
        try readMarkdown(text).book.allBlocks
    }

    @Test func headingsAndParagraphs() throws {
        let found = try blocks("# One\n\nA *b* **c** `d` ~~e~~.\n\n## Two\nline one\nline two  \nline three\n")
        #expect(found[0].kind == .heading(level: 1, [Inline("One")]))
        #expect(found[1].kind == .paragraph([
            Inline("A "), Inline("b", style: .italic), Inline(" "), Inline("c", style: .bold), Inline(" "),
            Inline("d", style: .code), Inline(" "), Inline("e", style: .strikethrough), Inline("."),
        ]))
        #expect(found[2].kind == .heading(level: 2, [Inline("Two")]))
        // A soft break is a space, a hard one a line break.
        #expect(found[3].paragraphText == "line one line two\nline three")
    }

    @Test func nestedStylesCombine() throws {
        let found = try blocks("***both*** and *it **bold-it***")
        guard case .paragraph(let runs) = found[0].kind else { Issue.record("no paragraph"); return }
        #expect(runs.first == Inline("both", style: [.italic, .bold]))
        #expect(runs.last == Inline("bold-it", style: [.italic, .bold]))
    }

    @Test func linksResolveInsideTheBookAndStayAsWrittenOutside() throws {
        let found = try blocks("[a](https://example.org/x) [b](other.md#part) [c](#here) www.example.com")
        guard case .paragraph(let runs) = found[0].kind else { Issue.record("no paragraph"); return }
        let links = runs.compactMap(\.link)
        #expect(links == ["https://example.org/x", "other.md#part", "book.md#here", "http://www.example.com"])
    }

    @Test func orderedListsKeepTheirStartAndNesting() throws {
        let found = try blocks("7. seven\n8. eight\n   - inner\n     1. deep\n")
        guard case .list(let list) = found[0].kind else { Issue.record("no list"); return }
        #expect(list.isOrdered && list.start == 7 && list.items.count == 2 && list.checkboxes.isEmpty)
        #expect(list.items[0] == [Block(.paragraph([Inline("seven")]))])
        guard case .list(let inner) = list.items[1][1].kind, case .list(let deep) = inner.items[0][1].kind else {
            Issue.record("no nested lists")
            return
        }
        #expect(!inner.isOrdered && deep.isOrdered && deep.items[0][0].paragraphText == "deep")
    }

    @Test func taskItemsKeepTheirBoxes() throws {
        let found = try blocks("- [ ] open\n- [x] done\n- plain\n")
        guard case .list(let list) = found[0].kind else { Issue.record("no list"); return }
        #expect(list.checkboxes == [false, true, nil])
        #expect(list.items.map { $0.first?.paragraphText } == ["open", "done", "plain"])
    }

    @Test func quotesNest() throws {
        let found = try blocks("> outer\n>\n> > inner\n")
        #expect(found == [Block(.quote([
            Block(.paragraph([Inline("outer")])),
            Block(.quote([Block(.paragraph([Inline("inner")]))])),
        ]))])
    }

    @Test func codeBlocksKeepTextAndInfoString() throws {
        let found = try blocks("```swift\nlet a = 1\n    indented\n```\n\n    plain code\n")
        #expect(found[0] == Block(.preformatted([Inline("let a = 1\n    indented", style: .code)]), infoString: "swift"))
        #expect(found[1] == Block(.preformatted([Inline("plain code", style: .code)])))
    }

    @Test func thematicBreaksAndTables() throws {
        let found = try blocks("a\n\n***\n\n| H1 | *H2* |\n|:--|--:|\n| 1 | `2` |\n")
        #expect(found[1].kind == .rule)
        guard case .table(let table) = found[2].kind else { Issue.record("no table"); return }
        #expect(table.groups.map(\.kind) == [.header, .body])
        #expect(table.rows.map { $0.cells.map { TableText.runs(of: $0) } } == [
            [[Inline("H1")], [Inline("H2", style: .italic)]], [[Inline("1")], [Inline("2", style: .code)]],
        ])
        #expect(table.rows.map { $0.cells.map(\.isHeader) } == [[true, true], [false, false]])
        #expect(table.rows.map { $0.cells.map(\.textAlign) } == [[.left, .right], [.left, .right]])
    }

    @Test func imagesAreBlocksOfTheirOwn() throws {
        let result = try readMarkdown("Before ![A cat](pics/cat.png \"t\") after.\n",
                                      extraFiles: [("pics/cat.png", "GIF89a\u{10}\0\u{8}\0")])
        #expect(result.book.allBlocks == [
            Block(.paragraph([Inline("Before ")])),
            // Its size comes from its bytes (a GIF header, whatever the name says).
            Block(.image(Image(source: ImageReference(path: "pics/cat.png", mediaType: "image/png",
                                                      pixelSize: PixelSize(width: 16, height: 8)), alt: "A cat"))),
            Block(.paragraph([Inline(" after.")])),
        ])
        #expect(result.warnings.isEmpty)
    }

    @Test func rawHTMLBlocksGoThroughTheXHTMLReader() throws {
        let found = try blocks("<div class=\"note\">\n<p>Raw <em>HTML</em></p>\n<ul><li>item</li></ul>\n</div>\n\n<!-- a comment -->\n\nafter\n")
        #expect(found[0].kind == .paragraph([Inline("Raw "), Inline("HTML", style: .italic)]))
        guard case .list(let list) = found[1].kind else { Issue.record("no list"); return }
        #expect(list.items[0].first?.paragraphText == "item")
        #expect(found[2].paragraphText == "after")
        #expect(found.count == 3)
    }

    @Test func inlineHTMLMixesWithMarkdown() throws {
        let found = try blocks("Press <kbd>Ctrl</kbd>+*C*, x<sup>2</sup>, H<sub>2</sub>O<br>next\n")
        guard case .paragraph(let runs) = found[0].kind else { Issue.record("no paragraph"); return }
        #expect(runs.plainText == "Press Ctrl+C, x2, H2O\nnext")
        #expect(runs.contains(Inline("C", style: .italic)))
        #expect(runs.contains(Inline("2", style: .superscript)))
        #expect(runs.contains(Inline("2", style: .subscript)))
        #expect(!runs.plainText.contains("<"))
    }

    @Test func headingsGetGitHubAnchors() throws {
        let found = try blocks("# Getting Started!\n\n## Getting started\n\n# Ünïcode & more\n")
        #expect(found.map(\.anchors) == [["getting-started"], ["getting-started-1"], ["ünïcode--more"]])
    }

    @Test func deepNestingIsFlattenedNotFollowed() throws {
        let found = try blocks(String(repeating: "> ", count: 100_000) + "deep\n")
        var depth = 0
        var current = found
        while case .quote(let inner)? = current.first?.kind {
            depth += 1
            current = inner
        }
        #expect(depth <= 33)
        #expect(current.first?.paragraphText == "deep")
    }
}
