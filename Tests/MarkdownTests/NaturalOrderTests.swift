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
}
