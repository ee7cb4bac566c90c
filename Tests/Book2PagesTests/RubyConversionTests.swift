import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// Ruby on the page: readings beside their bases and out of the text, no line broken inside a
/// base, and Japanese lines filled to the measure between their characters.
struct RubyConversionTests {
    /// A Japanese paragraph long enough for several lines, with every kind of ruby markup:
    /// group, mono, `rb` pairs, `rp`, a reading longer than its base and one shorter.
    static let bases = ["山路", "智", "角", "情", "棹", "窮屈", "東", "京", "紫陽花", "人", "人", "長閑", "鏘"]
    static let readings = ["やまみち", "ち", "かど", "じょう", "さお", "きゅうくつ", "とう", "きょう", "あじさい", "ひと", "ひと", "のどか",
                           "そうそう"]
    static let chapter = """
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ja"><head><title>草枕</title></head><body>
        <p><ruby>山路<rp>(</rp><rt>やまみち</rt><rp>)</rp></ruby>を登りながら、こう考えた。\
        <ruby>智<rt>ち</rt></ruby>に働けば<ruby>角<rt>かど</rt></ruby>が立つ。\
        <ruby>情<rt>じょう</rt></ruby>に<ruby>棹<rt>さお</rt></ruby>させば流される。意地を通せば\
        <ruby>窮屈<rt>きゅうくつ</rt></ruby>だ。とかくに人の世は住みにくい。\
        <ruby><rb>東</rb><rb>京</rb><rt>とう</rt><rt>きょう</rt></ruby>の庭に<ruby>紫陽花<rt>あじさい</rt></ruby>が咲き、\
        <ruby>人<rt>ひと</rt>人<rt>ひと</rt></ruby>は<ruby>長閑<rt>のどか</rt></ruby>な春を待つ。住みにくさが高じると、\
        安い所へ引き越したくなる。璆<ruby>鏘<rt>そうそう</rt></ruby>音がする。どこへ越しても住みにくいと悟った時、詩が生れて、画が出来る。</p>
        </body></html>
        """

    @Test func readingsSitBesideTheirWholeBasesAndOutOfTheText() throws {
        let (lines, _) = try InlineSizeTests.lines(Self.chapter)
        let text = lines.map(\.text).joined()
        for reading in Self.readings.filter({ $0 != "ち" }) { #expect(!text.contains(reading), "\(reading)") }
        #expect(!text.contains("(") && !text.contains(")"))
        #expect(text.hasPrefix("山路を登りながら"))
        #expect(lines.count >= 3)

        let placed = lines.flatMap { line in line.ruby.map { (line, $0) } }
        #expect(placed.map(\.1.text) == Self.readings)
        for (line, ruby) in placed {
            let units = Array(line.text.utf16)
            #expect(ruby.start >= 0 && ruby.start + ruby.length <= units.count)
            let base = String(decoding: units[ruby.start..<min(units.count, ruby.start + ruby.length)], as: UTF16.self)
            let expected = Self.bases[Self.readings.firstIndex(of: ruby.text) ?? 0]
            #expect(base == expected, "a base broken across lines: \(base) for \(ruby.text)")
            // Above the base, inside the line's box, half its size.
            let height = line.height ?? 0
            #expect(ruby.y >= line.y - 0.01 && ruby.y + ruby.size <= line.y + height + 0.01, "\(ruby.text)")
            #expect(ruby.x >= line.x - 0.01 && ruby.x + ruby.width <= line.x + line.width + 0.01, "\(ruby.text)")
            #expect(ruby.size > 0 && ruby.size < 10)
        }
        // A reading shorter than its base is spread over it; one longer spreads the base.
        let chi = try #require(placed.first { $0.1.text == "ち" })
        #expect(chi.1.letterSpacing > 0)
        let ajisai = try #require(placed.first { $0.1.text == "あじさい" })
        #expect(ajisai.1.letterSpacing > 0)
        // A reading wider than its base reaches over the kana beside it, one ruby character
        // at most each side (ば and だ by `きゅうくつ`), and the base is not spread.
        let kyuukutsu = try #require(placed.first { $0.1.text == "きゅうくつ" })
        let (line, ruby) = kyuukutsu
        let runs = try #require(line.runs)
        let share = runs.max { $0.length < $1.length }?.letterSpacing ?? 0
        let baseRun = try #require(runs.first { $0.start <= ruby.start && ruby.start < $0.start + $0.length })
        #expect(abs(baseRun.letterSpacing - share) < 0.02)
        #expect(abs(ruby.width - 5 * ruby.size) < 0.01)
        // Between two kanji, `鏘`'s reading spreads its base instead: half its room after the
        // character before, half after the base (JLReq's 1:2:1).
        let sousou = try #require(placed.first { $0.1.text == "そうそう" })
        let sousouRuns = try #require(sousou.0.runs)
        let spread = try #require(sousouRuns.first { $0.start <= sousou.1.start && sousou.1.start < $0.start + $0.length })
        let before = try #require(sousouRuns.first { $0.start <= sousou.1.start - 1 && sousou.1.start - 1 < $0.start + $0.length })
        let sousouShare = sousouRuns.max { $0.length < $1.length }?.letterSpacing ?? 0
        #expect(abs(spread.letterSpacing - sousouShare - sousou.1.size) < 0.02)
        #expect(abs(before.letterSpacing - sousouShare - sousou.1.size) < 0.02)
    }

    @Test func everyLineButTheLastFillsTheMeasureBetweenItsCharacters() throws {
        let (lines, layout) = try InlineSizeTests.lines(Self.chapter)
        let right = try #require(lines.dropLast().map { $0.x + $0.width }.max())
        for line in lines.dropLast() {
            #expect(abs(line.x + line.width - right) <= 0.5, "\(line.text): \(line.x + line.width) against \(right)")
            #expect(!line.justified)
            // What fills it is letter spacing after each character but the last.
            let runs = layout.runs(of: line)
            #expect(runs.contains { $0.letterSpacing > 0 })
            let last = try #require(runs.last)
            #expect(last.start + last.length == line.text.utf16.count)
        }
        let last = try #require(lines.last)
        #expect(last.x + last.width < right - 1)
    }

    @Test func aLineIsTallerOnlyWhenItsReadingsNeedMoreThanItsLeading() throws {
        let loose = Self.chapter.replacingOccurrences(of: "<title>", with: "<style>p { line-height: 2.5 }</style><title>")
        let (lines, layout) = try InlineSizeTests.lines(loose)
        #expect(lines.allSatisfy { layout.height(of: $0) == layout.height(of: lines[0]) })
        let (tight, tightLayout) = try InlineSizeTests.lines(Self.chapter)
        let withRuby = tight.filter { !$0.ruby.isEmpty }.map { tightLayout.height(of: $0) }
        #expect(!withRuby.isEmpty)
        #expect(withRuby.allSatisfy { $0 >= 2 * tightLayout.font.size - 0.01 })
    }
}
