import BookModel
import Markup
import Testing
import XHTMLReader

/// Nesting deep enough to overflow a recursive walk (BRIEF §6) neither crashes nor hangs.
/// libxml2 itself stops at 256 levels (raising that needs XML_PARSE_HUGE, which stays off), so
/// what comes before the cut is read and the loss is reported; below the cut, the reader's own
/// walk is iterative and its block tree bounded.
struct DeepNestingTests {
    @Test func hundredThousandNestedDivsDoNotCrash() throws {
        let depth = 100_000
        let body = "<p>before</p>" + String(repeating: "<div>", count: depth) + "deep text"
            + String(repeating: "</div>", count: depth)
        let document = Markup.parse(Array(EPUBFixture.page(body).utf8))
        #expect(!document.parsedCleanly)
        #expect(document.problems.contains { $0.message.contains("nested more than 256 deep") })
        let content = XHTMLReader.read(document: document, source: "deep.xhtml")
        #expect(content.blocks.first?.text == "before")
        #expect(content.warnings.contains { $0.message.contains("nested more than 256 deep") })
    }

    @Test func hundredThousandNestedSpansDoNotCrash() {
        let depth = 100_000
        let body = "<p>start " + String(repeating: "<span>", count: depth) + "inner" + String(repeating: "</span>", count: depth) + "</p>"
        let content = readBody(body)
        #expect(content.blocks.first?.text.hasPrefix("start") == true)
        #expect(content.warnings.contains { $0.message.hasPrefix("malformed markup recovered") })
    }

    @Test func twoHundredNestedSpansKeepAllTheirText() {
        let body = "<p>" + String(repeating: "<span>", count: 200) + "inner" + String(repeating: "</span>", count: 200) + " tail</p>"
        #expect(readBody(body).blocks.map(\.text) == ["inner tail"])
    }

    @Test func nestedQuotesAreFlattenedPastTheBound() throws {
        let levels = 200
        let body = String(repeating: "<blockquote>", count: levels) + "<p>bottom</p>" + String(repeating: "</blockquote>", count: levels)
        let content = readBody(body)
        var depth = 0
        var blocks = content.blocks
        while blocks.count == 1, case .quote(let inner) = blocks[0].kind {
            depth += 1
            blocks = inner
        }
        #expect(depth == XHTMLReader.maximumBlockNesting)
        #expect(blocks.map(\.text) == ["bottom"])
        #expect(content.warnings.contains { $0.message.contains("nested more than") })
    }

    @Test func nestedListsAreBoundedToo() {
        let levels = 100
        let body = String(repeating: "<ul><li>", count: levels) + "leaf" + String(repeating: "</li></ul>", count: levels)
        let content = readBody(body)
        var depth = 0
        var blocks = content.blocks
        while let first = blocks.first, case .list(let list) = first.kind {
            depth += 1
            blocks = list.items.first ?? []
        }
        #expect(depth <= XHTMLReader.maximumBlockNesting)
        #expect(content.blocks.map(\.text).joined().contains("leaf"))
    }
}
