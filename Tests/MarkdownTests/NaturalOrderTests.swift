@testable import MarkdownReader
import Testing

struct NaturalOrderTests {
    @Test func numbersCompareByValue() {
        let names = ["10-end.md", "2-middle.md", "1-start.md", "chapter-002.md", "Chapter-1.md", "appendix.md", "chapter-10.md"]
        #expect(names.sorted(by: NaturalOrder.precedes) == [
            "1-start.md", "2-middle.md", "10-end.md", "appendix.md", "Chapter-1.md", "chapter-002.md", "chapter-10.md",
        ])
    }

    @Test func theOrderIsTotal() {
        #expect(NaturalOrder.precedes("A.md", "a.md") != NaturalOrder.precedes("a.md", "A.md"))
        #expect(NaturalOrder.precedes("01.md", "1.md") != NaturalOrder.precedes("1.md", "01.md"))
        #expect(!NaturalOrder.precedes("same.md", "same.md"))
        #expect(NaturalOrder.precedes("x99999999999999999999999.md", "x100000000000000000000000.md"))
    }

    /// A folder is sorted with each name cut into chunks once; the order is the comparison's.
    @Test func sortingAFolderGivesTheComparisonsOrder() {
        var generator = SystemRandomNumberGenerator()
        let stems = ["chapter", "Chapter", "CHAPTER", "part", "appendix", "a", "Ä", "z"]
        let names = (0..<600).map { _ -> String in
            let stem = stems.randomElement(using: &generator)!
            let number = String(repeating: "0", count: Int.random(in: 0...2, using: &generator)) + String(Int.random(in: 0...120, using: &generator))
            return Bool.random(using: &generator) ? "\(stem)-\(number).md" : "\(number)-\(stem).md"
        }
        #expect(NaturalOrder.sorted(names) == names.sorted(by: NaturalOrder.precedes))
        #expect(NaturalOrder.sorted(["10-end.md", "2-middle.md", "1-start.md"]) == ["1-start.md", "2-middle.md", "10-end.md"])
    }
}

