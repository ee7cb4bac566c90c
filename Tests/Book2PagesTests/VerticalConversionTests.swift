import Book2PagesKit
import Foundation
import Layout
import PageFormat
import Testing

/// A book written vertically, set in columns: top to bottom, standing from the right, inside the
/// content box; Japanese upright and Latin sideways; ruby to the right of its base; every column
/// but a paragraph's last filled; pages turning right to left.
struct VerticalConversionTests {
    static let chapter = """
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ja"><head><title>草枕</title>
        <style>html { -epub-writing-mode: vertical-rl } h1 { margin-right: 2em }
        .tcy { -epub-text-combine: horizontal } .up { text-orientation: upright } .d { text-combine-upright: digits 2 }</style>
        </head><body>
        <h1>一</h1>
        <p><ruby>山路<rt>やまみち</rt></ruby>を登りながら、こう考えた。<ruby>智<rt>ち</rt></ruby>に働けば\
        <ruby>角<rt>かど</rt></ruby>が立つ。<ruby>情<rt>じょう</rt></ruby>に<ruby>棹<rt>さお</rt></ruby>させば流される。\
        意地を通せば<ruby>窮屈<rt>きゅうくつ</rt></ruby>だ。とかくに人の世は住みにくい。EPUB と HTML の話も、\
        明治<span class="tcy">39</span>年の<span class="up">ABC</span>も<span class="tcy">!?</span>も、\
        <span class="d">第12章も2024年も</span>、\
        「ちょっと待って」と言った。住みにくさが高じると、安い所へ引き越したくなる。どこへ越しても住みにくいと\
        悟った時、詩が生れて、画が出来る。人の世を作ったものは神でもなければ鬼でもない。やはり向う三軒両隣りに\
        ちらちらするただの人である。ただの人が作った人の世が住みにくいからとて、越す国はあるまい。</p>
        </body></html>
        """

    static func document(_ chapter: String = chapter, writingMode: WritingModeChoice = .auto) throws -> PageDocument {
        var options = ConversionOptions(inputFormat: .xhtml)
        options.layout.writingMode = writingMode
        return try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                     options: options).document
    }

    @Test func columnsStandFromTheRightInsideTheContentBox() throws {
        let document = try Self.document()
        let layout = document.layout
        let box = layout.contentBox
        #expect(document.metadata.direction == .rightToLeft)
        var columns = 0
        for page in document.pages {
            let lines = (page.shown?.lines ?? []).filter { !$0.text.isEmpty }
            for (k, line) in lines.enumerated() {
                #expect(line.vertical)
                let across = layout.height(of: line)
                #expect(line.x >= box.x - 0.01 && line.x + across <= box.x + box.width + 0.01, "\(line.text)")
                #expect(line.y >= box.y - 0.01 && line.y + line.width <= box.y + box.height + 0.01, "\(line.text)")
                // In reading order, each column stands left of the one before.
                if k > 0 { #expect(line.x < lines[k - 1].x, "\(line.text)") }
                columns += 1
            }
        }
        #expect(columns >= 6)
    }

    @Test func japaneseStandsUprightAndLatinLiesSideways() throws {
        let document = try Self.document()
        var sideways = 0, upright = 0
        for line in document.pages.flatMap({ $0.shown?.lines ?? [] }) where !line.text.isEmpty {
            let units = Array(line.text.utf16)
            let runs = try #require(line.runs, "a column always gives its runs")
            for run in runs {
                let text = String(decoding: units[run.start..<(run.start + run.length)], as: UTF16.self)
                // But `ABC`, which the book sets upright (`combinedAndUprightTextStandsAsTheBookSays`).
                if text.contains(where: { $0.isASCII && $0.isLetter }), !text.contains("ABC") {
                    #expect(run.orientation == .sideways, "\(text)")
                    sideways += 1
                }
                if text.unicodeScalars.contains(where: { (0x3040...0x9FFF).contains($0.value) }) {
                    #expect(run.orientation == .upright, "\(text)")
                    upright += 1
                }
            }
        }
        #expect(sideways >= 2 && upright >= 6)
    }

    /// Tate-chū-yoko: `39` and `!?` (`-epub-text-combine`) and `12` (`digits 2`) each one
    /// upright em of their column, `2024` (four digits) sideways; `ABC` set upright letter by
    /// letter (`text-orientation: upright`).
    @Test func combinedAndUprightTextStandsAsTheBookSays() throws {
        let document = try Self.document()
        var combined: [String] = []
        var found: [String: RunOrientation] = [:]
        for line in document.pages.flatMap({ $0.shown?.lines ?? [] }) where !line.text.isEmpty {
            let units = Array(line.text.utf16)
            for run in line.runs ?? [] {
                let text = String(decoding: units[run.start..<(run.start + run.length)], as: UTF16.self)
                if run.orientation == .combined { combined.append(text) }
                // `2024`'s last digit is a run of its own, spaced off the `年` after it.
                for word in ["ABC", "202"] where text.contains(word) { found[word] = run.orientation }
            }
        }
        #expect(combined == ["39", "!?", "12"])
        #expect(found == ["ABC": .upright, "202": .sideways])
    }

    /// A column one stop too long for its measure by no more than the stop's blank half is
    /// pushed in: the stop set half-width, rather than a character pushed out to the next.
    @Test func aColumnIsPushedInByItsLastStop() throws {
        let document = try Self.document()
        let length = document.layout.contentBox.height
        let size = document.layout.font.size
        // Characters of one em: as many as fit, one more, then a stop; the stop ends the column.
        let fitting = Int(length / size)
        try #require(length / size - Double(fitting) >= 0.5, "the measure leaves half an em")
        let text = String(repeating: "永", count: fitting) + "。" + String(repeating: "永", count: 10) + "。"
        let chapter = Self.chapter.replacingOccurrences(of: "<h1>一</h1>", with: "<h1>一</h1><p>\(text)</p>")
        let pushed = try Self.document(chapter)
        let column = try #require(pushed.pages.flatMap { $0.shown?.lines ?? [] }.first { $0.text.hasPrefix("永") })
        #expect(column.text == String(repeating: "永", count: fitting) + "。")
        let last = try #require(column.runs?.last)
        #expect(abs(last.letterSpacing + size / 2) <= 0.5, "the stop is set half-width: \(last.letterSpacing)")
        #expect(column.y + column.width <= document.layout.contentBox.y + length + 0.01)
    }

    @Test func rubyStandsRightOfItsBaseAndEveryColumnButTheLastIsFilled() throws {
        let document = try Self.document()
        let layout = document.layout
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
        let readings = lines.flatMap { line in line.ruby.map { (line, $0) } }
        #expect(readings.map(\.1.text) == ["やまみち", "ち", "かど", "じょう", "さお", "きゅうくつ"])
        for (line, ruby) in readings {
            // In the right half of the column's box, down the column beside its base.
            let across = layout.height(of: line)
            #expect(ruby.x >= line.x + across / 2 && ruby.x + ruby.size <= line.x + across + 0.01, "\(ruby.text)")
            #expect(ruby.y >= line.y - 0.01 && ruby.y + ruby.width <= line.y + line.width + 0.01, "\(ruby.text)")
        }
        let body = lines.filter { $0.text != "一" }
        let bottom = layout.contentBox.y + layout.contentBox.height
        for line in body.dropLast() {
            #expect(abs(line.y + line.width - bottom) <= 0.5, "\(line.text): ends at \(line.y + line.width), not \(bottom)")
        }
        let last = try #require(body.last)
        #expect(last.y + last.width < bottom - 1)
    }

    @Test func theWritingModeOptionDecides() throws {
        let horizontal = try Self.document(writingMode: .horizontal)
        let lines = horizontal.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
        #expect(!lines.isEmpty && lines.allSatisfy { !$0.vertical })
        #expect(horizontal.metadata.direction == .leftToRight)
        let plain = Self.chapter.replacingOccurrences(of: "html { -epub-writing-mode: vertical-rl }", with: "")
        let auto = try Self.document(plain)
        #expect(auto.pages.flatMap { $0.shown?.lines ?? [] }.allSatisfy { !$0.vertical })
        let forced = try Self.document(plain, writingMode: .vertical)
        let columns = forced.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
        #expect(!columns.isEmpty && columns.allSatisfy(\.vertical))
        #expect(forced.metadata.direction == .rightToLeft)
    }
}
