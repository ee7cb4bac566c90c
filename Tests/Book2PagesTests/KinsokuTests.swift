import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// JLReq's line-start and line-end rules (kinsoku) on the page, at many sizes so that lines
/// end everywhere: no line starts with a closing bracket, a stop or comma, an iteration mark or
/// `ー`, nor (under `line-break: strict`) with a small kana; none ends with an opening bracket;
/// brackets side by side lose a blank half; Latin is a quarter em off the Japanese beside it.
struct KinsokuTests {
    static let paragraph = """
        「ちょっと待って」と彼女は言った。『吾輩は猫である』（明治三十八年）を読んだ。ショートケーキ、\
        チョコレート、コーヒー……。「ええ」「そう」と、ゝゞ々の字も使う。キャッシュ・フローはどうか？\
        ジャケットを着て、ファッションショーへ行った。「『入れ子の括弧』だ」。ティーカップにミルクを入れ、\
        ヴァイオリンのレッスンにも行く。本当にそうだろうか！　シャッターを下ろした。
        """

    static func lines(strict: Bool, size: Double, vertical: Bool = false) throws -> [PageLine] {
        let style = "<style>" + (strict ? "p { line-break: strict }" : "") + (vertical ? "html { writing-mode: vertical-rl }" : "")
            + "</style>"
        let chapter = """
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ja"><head><title>禁則</title>\(style)</head><body>
            <p>\(paragraph)</p><p>EPUBとHTMLの話。Unicode 15で決まった。</p></body></html>
            """
        var options = ConversionOptions(inputFormat: .xhtml)
        options.layout.fontSize = size
        let document = try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                             options: options).document
        return document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
    }

    static let neverFirst = Set("、。，．」』）〕］｝〉》】ーゝゞ々？！…")
    static let smallKana = Set("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
    static let neverLast = Set("「『（〔［｛〈《【")

    /// In lines and in columns (where lines may also be pushed in by a stop at their end).
    @Test(arguments: [false, true], [false, true]) func noLineBreaksTheRules(strict: Bool, vertical: Bool) throws {
        var checked = 0
        var smallKanaFirst = 0
        for size in stride(from: 12.0, through: 26.0, by: 0.5) {
            let lines = try Self.lines(strict: strict, size: size, vertical: vertical)
            #expect(lines.allSatisfy { $0.vertical == vertical })
            for (index, line) in lines.enumerated() where index > 0 {
                let first = try #require(line.text.first), last = try #require(lines[index - 1].text.last)
                #expect(!Self.neverFirst.contains(first), "\(size) pt: a line starts with \(first): \(line.text)")
                #expect(!Self.neverLast.contains(last), "\(size) pt: a line ends with \(last): \(lines[index - 1].text)")
                if Self.smallKana.contains(first) { smallKanaFirst += 1 }
                checked += 1
            }
        }
        // Columns are longer than lines, so fewer.
        #expect(checked > (vertical ? 150 : 250))
        if strict {
            #expect(smallKanaFirst == 0)
        } else {
            // Under `normal` a small kana may start a line, and at some size one does.
            #expect(smallKanaFirst > 0)
        }
    }

    @Test func bracketsSideBySideLoseABlankHalfAndLatinIsSpacedOff() throws {
        let size = 17.0
        var compressed = 0, spacedOff = 0
        for line in try Self.lines(strict: false, size: size) {
            let characters = Array(line.text)
            var offsets: [Int] = []
            var unit = 0
            for character in characters {
                offsets.append(unit)
                unit += character.utf16.count
            }
            // What justification gives every character: the longest run's spacing.
            let share = line.runs?.max { $0.length < $1.length }?.letterSpacing ?? 0
            for k in characters.indices.dropLast() {
                let spacing = line.runs?.first { $0.start <= offsets[k] && offsets[k] < $0.start + $0.length }?.letterSpacing ?? 0
                let pair = String([characters[k], characters[k + 1]])
                // Half an em taken back, and the justification's share given as to any other.
                if ["。』", "』（", "」「", "「『", "」。"].contains(pair) {
                    #expect(abs(spacing - (share - size / 2)) < 0.02, "\(pair) in \(line.text): \(spacing), share \(share)")
                    compressed += 1
                }
                if ["Bと", "とH", "Lの", "5で"].contains(pair) {
                    #expect(spacing >= size / 4 - 0.01, "\(pair) in \(line.text): \(spacing)")
                    spacedOff += 1
                }
            }
        }
        #expect(compressed >= 4)
        #expect(spacedOff == 4)
    }
}
