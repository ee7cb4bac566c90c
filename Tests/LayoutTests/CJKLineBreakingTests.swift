import BookModel
import Testing
@testable import Layout
import PageFormat

/// Japanese and Chinese lines break between characters, under UAX #14's rules as ICU applies
/// them (kinsoku): no line starts with closing punctuation, none ends with opening punctuation.
@Suite struct CJKLineBreakingTests {
    /// Closing punctuation, full stops and commas, and the iteration marks: never at a line's
    /// start. Small kana and the prolonged-sound mark `ー` (class CJ) may start one, as under
    /// CSS's `line-break: normal`, ICU's default.
    static let neverFirst: Set<Character> = ["、", "。", "，", "．", "」", "』", "）", "】", "〕", "〉", "》", "”", "’", "！", "？",
                                             "：", "；", "・", "ゝ", "々"]
    /// Opening brackets and quotation marks: never at a line's end.
    static let neverLast: Set<Character> = ["「", "『", "（", "【", "〔", "〈", "《", "“", "‘"]

    static let japanese = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で"
        + "ニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。しかもあとで聞くと"
        + "それは書生という人間中で一番獰悪な種族であったそうだ。「この書生というのは時々我々を捕えて煮て食うという話である。」"
        + "しかしその当時は何という考もなかったから別段恐しいとも思わなかった。（ただ彼の掌に載せられて）スーと持ち上げられた時何だか"
        + "フワフワした感じがあったばかりである。『掌の上で少し落ちついて』書生の顔を見たのがいわゆる人間というものの見始であろう、"
        + "この時妙なものだと思った感じが今でも残っている。"
    static let chinese = "我从没有见过这样的人。他说：“你好，我是从北方来的。”然后（他笑了笑）走出了门，"
        + "外面下着雨，街上没有人；我站在窗前，看着他的背影，心里想着《红楼梦》里的一句话：“假作真时真亦假。”"
        + "那天晚上，我一夜没有睡着，一直在想他说的话【以及他的笑容】。第二天早上，天晴了。"

    private func lines(_ text: String, language: String, width: Double) throws -> [String] {
        let options = TestBooks.options(width: width, height: 2000)
        let book = TestBooks.book([[TestBooks.paragraph(text)]], language: language)
        return try Layouter(options: options).layout(book).pages.flatMap(\.allLines).map(\.text).filter { !$0.isEmpty }
    }

    private func checkKinsoku(_ text: String, language: String) throws {
        var breaksSeen = 0
        for width in stride(from: 100.0, through: 220, by: 7) {
            let set = try lines(text, language: language, width: width)
            #expect(set.joined() == text, "no character lost or added at width \(width)")
            breaksSeen += set.count - 1
            for (n, line) in set.enumerated() {
                if n > 0, let first = line.first {
                    #expect(!Self.neverFirst.contains(first), "line \(n) at width \(width) starts with \(first): \(line)")
                }
                if n < set.count - 1, let last = line.last {
                    #expect(!Self.neverLast.contains(last), "line \(n) at width \(width) ends with \(last): \(line)")
                }
            }
        }
        #expect(breaksSeen > 100)
    }

    @Test func japaneseKeepsItsPunctuationRules() throws {
        try checkKinsoku(Self.japanese, language: "ja")
    }

    @Test func chineseKeepsItsPunctuationRules() throws {
        try checkKinsoku(Self.chinese, language: "zh")
    }

    @Test func smallKanaAndTheProlongedSoundMarkMayStartALine() throws {
        let finder = try #require(BreakOpportunityFinder(locale: "ja"))
        // ニャー: break opportunities before ャ (offset 3) and ー (offset 6).
        #expect(finder.opportunities(in: Array("ニャー".utf8)).map(\.offset) == [3, 6])
    }

    @Test func linesBreakBetweenIdeographsWithoutSpaces() throws {
        let set = try lines(Self.japanese, language: "ja", width: 150)
        #expect(set.count > 10)
        #expect(set.allSatisfy { !$0.contains(" ") })
        // Lines break inside runs of ideographs and kana, not only at punctuation.
        #expect(set.dropLast().contains { line in line.last.map { !Self.neverFirst.contains($0) } ?? false })
    }

    /// A vertical book's text runs left to right in its lines, whether they are set as lines
    /// (`--writing-mode horizontal`) or as columns (`auto`).
    @Test func japaneseLinesAreLeftToRight() throws {
        var options = TestBooks.options()
        options.writingMode = .horizontal
        var book = TestBooks.book([[TestBooks.paragraph(Self.japanese)]], language: "ja")
        book.metadata.direction = .rightToLeft
        book.metadata.writesVertically = true
        let laidOut = try Layouter(options: options).layout(book).pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
        let left = options.geometry.margins.left
        #expect(!laidOut.isEmpty)
        #expect(laidOut.allSatisfy { $0.direction == .leftToRight && $0.bidi.isEmpty && $0.x == TestBooks.written(0, from: left)
                                     && !$0.vertical })
        options.writingMode = .auto
        let columns = try Layouter(options: options).layout(book).pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
        #expect(!columns.isEmpty)
        #expect(columns.allSatisfy { $0.direction == .leftToRight && $0.bidi.isEmpty && $0.vertical })
    }
}
