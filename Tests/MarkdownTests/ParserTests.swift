import MarkdownParser
import Testing

/// The cmark-gfm wrapper: every node kind the reader relies on comes through as a plain value.
struct ParserTests {
    func kinds(_ text: String) -> [MarkdownNode.Kind] {
        MarkdownParser.parse(text).nodes.map(\.kind)
    }

    @Test func blocksAndTheirLines() {
        let document = MarkdownParser.parse("# Title\n\nText\n\n> quote\n\n---\n")
        #expect(document.nodes.map(\.kind) == [
            .document, .heading(level: 1), .text("Title"), .paragraph, .text("Text"),
            .blockQuote, .paragraph, .text("quote"), .thematicBreak,
        ])
        #expect(document.nodes.map(\.line) == [1, 1, 1, 3, 3, 5, 5, 5, 7])
        #expect(document.children(of: document.root).count == 4)
    }

    @Test func listsKeepTheirStartAndTaskBoxes() {
        #expect(kinds("3. a\n4. b\n").prefix(2) == [.document, .list(ordered: true, start: 3)])
        let tasks = kinds("- [ ] open\n- [x] done\n- plain\n").filter {
            if case .item = $0 { return true }
            return false
        }
        #expect(tasks == [.item(task: false), .item(task: true), .item(task: nil)])
    }

    @Test func fencedCodeKeepsItsInfoString() {
        #expect(kinds("```swift title=\"a\"\nlet x = 1\n```\n").last
                == .codeBlock(info: "swift title=\"a\"", code: "let x = 1\n"))
    }

    @Test func gitHubExtensions() {
        let table = kinds("| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(table.contains(where: { if case .table = $0 { true } else { false } }) && table.contains(.tableRow(isHeader: true))
                && table.contains(.tableRow(isHeader: false)) && table.filter { $0 == .tableCell }.count == 4)
        #expect(kinds("~~gone~~").contains(.strikethrough))
        #expect(kinds("see www.example.com").contains(.link(url: "http://www.example.com", title: "")))
    }

    @Test func footnotesAreNumberedByFirstReference() {
        let document = MarkdownParser.parse("B[^b] then A[^a] and B[^b].\n\n[^a]: Note A.\n\n[^b]: Note B.\n\n[^unused]: X.\n")
        let references = document.nodes.compactMap { node -> Int? in
            if case .footnoteReference(let number) = node.kind { return number }
            return nil
        }
        #expect(references == [1, 2, 1])
        let definitions = document.nodes.indices.filter { document[$0].kind == .footnoteDefinition }
        // In reference order, unreferenced ones dropped: "Note B." is number 1.
        #expect(definitions.count == 2)
        let firstText = document.nodes[definitions[0]...].first { if case .text = $0.kind { true } else { false } }
        #expect(firstText?.kind == .text("Note B."))
    }

    /// cmark-gfm keeps extension characters in a global table during a parse: parses on many
    /// threads at once must not lose each other's strikethrough.
    @Test func parsesOnManyThreadsAgree() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask { MarkdownParser.parse("a ~~b~~ c | d\n").nodes.contains { $0.kind == .strikethrough } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }

    @Test func smartPunctuation() {
        #expect(kinds("\"Quoted\" -- and --- it's").contains(.text("“Quoted” – and — it’s")))
    }

    @Test func inlineHTMLAndHTMLBlocksAreKeptAsWritten() {
        #expect(kinds("a <kbd>b</kbd>").contains(.htmlInline("<kbd>")))
        #expect(kinds("<div>\n*x*\n</div>\n").contains(.htmlBlock("<div>\n*x*\n</div>\n")))
    }

    @Test func invalidUTF8IsReplaced() {
        let text = String(decoding: [0x61, 0xFF, 0x62], as: UTF8.self)
        #expect(kinds(text).contains(.text("a\u{FFFD}b")))
    }

    @Test func deepNestingIsCopiedWithoutRecursion() {
        let document = MarkdownParser.parse(String(repeating: ">", count: 50_000) + " deep\n")
        #expect(document.nodes.filter { $0.kind == .blockQuote }.count > 1_000)
        #expect(document.nodes.last?.kind == .text("deep"))
    }
}
