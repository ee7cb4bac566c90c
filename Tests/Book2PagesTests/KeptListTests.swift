@testable import Book2PagesKit
import PageFormat
import Targets
import Testing

/// The pages a stream keeps as outlines come back in order, front, content and back, however
/// many blocks the content's list took.
struct KeptListTests {
    static func pages(_ range: Range<Int>) -> [Page] {
        range.map { Page(.content(ChapterPage(folio: $0, chapter: $0 / 7, indexInChapter: $0 % 7))) }
    }

    @Test func outlinesComeBackInOrderAcrossBlocks() {
        var front = KeptList(whole: false), content = KeptList(whole: false), back = KeptList(whole: false)
        front.append([Page(.invisible), Page(.cover(image: nil))])
        let count = 2 * KeptList.blockSize + 123
        var start = 0
        // In pieces of uneven sizes, as chapters come.
        while start < count {
            let end = min(count, start + 1 + (start * 7919) % 5000)
            content.append(Self.pages(start..<end))
            start = end
        }
        back.append([Page(.blank)])
        guard case .outlined(let outlines) = KeptList.joined(front, &content, back) else {
            Issue.record("outlines were kept whole")
            return
        }
        let expected = ([Page(.invisible), Page(.cover(image: nil))] + Self.pages(0..<count) + [Page(.blank)]).map(PageOutline.init)
        #expect(outlines.count == expected.count)
        #expect(outlines == expected)
        guard case .outlined(let again) = KeptList.joined(front, &content, back) else { return }
        #expect(again.count == 3, "the content was handed over, not kept")
    }
}
