import BookModel
import Layout

/// Books and options built directly from BookModel values, shared by the layout tests.
enum TestBooks {
    /// A small page so that short texts already fill several pages.
    static func options(width: Double = 300, height: Double = 240, fontSize: Double = 12) -> LayoutOptions {
        LayoutOptions(geometry: PageGeometry(pageSize: Size(width: width, height: height),
                                             margins: EdgeInsets(top: 20, right: 20, bottom: 20, left: 20)),
                      fontSize: fontSize, lineHeight: 1.4)
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
