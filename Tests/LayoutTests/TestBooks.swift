import BookModel
@testable import Layout
import PageFormat

/// Books and options built directly from BookModel values, shared by the layout tests.
enum TestBooks {
    /// A small page so that short texts already fill several pages.
    static func options(width: Double = 300, height: Double = 240, fontSize: Double = 12) -> LayoutOptions {
        LayoutOptions(geometry: PageGeometry(pageSize: Dimensions(width: width, height: height),
                                             margins: Margins(top: 20, right: 20, bottom: 20, left: 20)),
                      fontSize: fontSize, lineHeight: 1.4)
    }

    /// How far a length on a laid-out page may be from the layout's own: the pages give every
    /// length rounded to hundredths of a point (`PointPrecision`), so one step, and a hair for
    /// the floating point. It also covers two rounded lengths added (each is off by half a step
    /// at most); twice it, three or four.
    static let precision = 0.011

    /// How much wider than its `width` a justified line's text may measure: its spaces (U+0020,
    /// U+00A0), each `space` wide, give back up to a third of it (docs/FORMAT.md, "Justified
    /// lines"). 0 for a line that is not justified.
    static func shrinkAllowance(of text: String, justified: Bool, space: Double) -> Double {
        justified ? Double(text.filter { $0 == " " || $0 == "\u{A0}" }.count) * space / 3 : 0
    }

    /// Where a length of the layout's own (in the content box, at full precision) is on a page:
    /// moved by `offset` (the margin on its side) and rounded as the pages round it.
    static func written(_ value: Double, from offset: Double = 0) -> Double {
        PointPrecision.rounded(offset + value)
    }

    static func book(_ chapters: [[Block]], toc: [TOCEntry] = [], language: String? = "en") -> Book {
        Book(metadata: Metadata(title: "Test", authors: ["Tester"], language: language),
             chapters: chapters.enumerated().map { Chapter(source: "chapter\($0.offset).xhtml", blocks: $0.element) },
             toc: toc)
    }

    static func paragraph(_ text: String, anchors: [String] = []) -> Block {
        Block(.paragraph([Inline(text)]), anchors: anchors)
    }

    static func heading(_ text: String, level: Int = 1, anchors: [String] = []) -> Block {
        Block(.heading(level: level, [Inline(text)]), anchors: anchors)
    }

    /// `count` words of pseudo-random lengths, the same for the same seed. Each word carries
    /// `tag` so a test can tell which paragraph a line came from.
    static func words(_ count: Int, seed: UInt64, tag: String = "") -> String {
        var random = SeededRandom(seed: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyzéàü")
        return (0..<count).map { _ in
            let length = 1 + Int(random.next() % 11)
            return tag + String((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
        }.joined(separator: " ")
    }
}

extension Page {
    /// The page's lines top to bottom; none for a page of pictures alone (which has no `lines`).
    var allLines: [PageLine] { shown?.lines ?? [] }
    /// The page's pictures top to bottom; none when it has no `images`.
    var allImages: [PageImage] { shown?.images ?? [] }
}

extension PageLine {
    /// The height of the line's box: its `height`, or where the page leaves that unsaid, the
    /// body's line height.
    func boxHeight(body lineHeight: Double) -> Double { height ?? lineHeight }
    var isHyphenated: Bool { hyphenated == true }
    var isJustified: Bool { justified == true }
}

/// SplitMix64: a small generator with a fixed sequence per seed, so generated tests repeat.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Layouter {
    /// `layout(_:onChapter:)` on `workers` threads, however many processors there are.
    func layout(_ book: Book, workers: Int, onChapter: (@Sendable (_ chapterIndex: Int, _ pages: [Page]) -> Void)? = nil)
        -> PagedBook {
        start(ChapterFeed(), metadata: book.metadata, workers: workers, onChapter: onChapter).finish(book)!
    }
}
