import Testing
import YAML

/// The libyaml wrapper: values, lines, errors, and no expansion of aliases.
struct YAMLTests {
    @Test func mappingsSequencesAndScalars() throws {
        let node = try #require(try YAML.parse("title: A Book\nauthor:\n  - Ann\n  - Bob\ndate: 2024-05-01\n"))
        #expect(node["title"]?.scalar == "A Book")
        #expect(node["date"]?.scalar == "2024-05-01")
        guard case .sequence(let authors) = node["author"]?.value else {
            Issue.record("author is not a sequence")
            return
        }
        #expect(authors.map(\.scalar) == ["Ann", "Bob"])
        #expect(authors.map(\.line) == [3, 4])
    }

    @Test func emptyTextIsNoDocument() throws {
        #expect(try YAML.parse("") == nil)
        #expect(try YAML.parse("# only a comment\n") == nil)
    }

    @Test func errorsSayTheLine() {
        #expect(throws: YAMLError.self) { try YAML.parse("title: a\nauthor: [unclosed\n") }
        do {
            _ = try YAML.parse("title: ok\nbad: : :\n  - x\n")
            Issue.record("no error")
        } catch {
            #expect(error.line == 2 || error.line == 3)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func aliasesAreNotExpanded() throws {
        // A "billion laughs": each level doubles the one before.
        var text = "a: &a [x, x]\n"
        for level in 1...30 { text += "l\(level): &l\(level) [*\(level == 1 ? "a" : "l\(level - 1)"), *\(level == 1 ? "a" : "l\(level - 1)")]\n" }
        let node = try #require(try YAML.parse(text))
        guard case .sequence(let items) = node["l30"]?.value else {
            Issue.record("l30 is not a sequence")
            return
        }
        #expect(items.map(\.scalar) == ["", ""])
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: YAMLError.self) { try YAML.parse(text) }
    }
}
