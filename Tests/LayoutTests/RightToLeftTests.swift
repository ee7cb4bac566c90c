import BookModel
import Fonts
import Testing
@testable import Layout
import PageFormat

/// Right-to-left paragraphs: where their direction comes from, where their lines sit, the
/// visual order of lines that mix directions, and Arabic measured as it is drawn.
@Suite struct RightToLeftTests {
    let width = TestBooks.options().geometry.contentSize.width
    /// Where the content box starts on the page: the lines' `x` counts from the page's edge.
    let left = TestBooks.options().geometry.margins.left
    let hebrew = "שלום עולם ומלואו, כל הנשמה תהלל יה. זה היום עשה ה׳ נגילה ונשמחה בו, אנא ה׳ הושיעה נא, אנא ה׳ הצליחה נא, "
        + "ברוך הבא בשם ה׳, ברכנוכם מבית ה׳."

    private func lines(_ blocks: [Block], language: String? = "en", direction: TextDirection = .leftToRight,
                       vertical: Bool = false, alignment: LineAlignment = .left, font: String? = nil) throws -> [PageLine] {
        var options = TestBooks.options()
        options.alignment = alignment
        if let font { options.font = font }
        var book = TestBooks.book([blocks], language: language)
        book.metadata.direction = direction
        book.metadata.writesVertically = vertical
        return try Layouter(options: options).layout(book).pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
    }

    private func paragraph(_ text: String, direction: ParagraphDirection? = nil, language: String? = nil,
                           style: BlockStyle = BlockStyle()) -> Block {
        Block(.paragraph([Inline(text)]), language: language, direction: direction, style: style)
    }

    @Test func raggedRightToLeftLinesEndAtTheRightEdge() throws {
        let laidOut = try lines([paragraph(hebrew, direction: .rightToLeft)])
        #expect(laidOut.count > 2)
        for line in laidOut {
            #expect(line.direction == .rightToLeft)
            #expect(abs(line.x - left + line.width - width) < TestBooks.precision)
            #expect(line.bidi == [PageLine.BidiPiece(start: 0, length: line.text.utf16.count, rightToLeft: true)])
        }
        #expect(laidOut.contains { $0.x - left > 20 })
    }

    @Test func aFirstLineIndentIsOnTheRight() throws {
        var style = BlockStyle()
        style.textIndent = 2
        let laidOut = try lines([paragraph(hebrew, direction: .rightToLeft, style: style)])
        let em = TestBooks.options().fontSize
        #expect(abs(laidOut[0].x - left + laidOut[0].width - (width - 2 * em)) < TestBooks.precision)
        #expect(abs(laidOut[1].x - left + laidOut[1].width - width) < TestBooks.precision)
    }

    @Test func justifiedRightToLeftLinesFillTheMeasure() throws {
        let laidOut = try lines([paragraph(hebrew, direction: .rightToLeft)], alignment: .justify)
        #expect(laidOut.dropLast().contains { $0.isJustified })
        for line in laidOut.dropLast() where line.isJustified {
            #expect(line.x == TestBooks.written(0, from: left) && line.width == TestBooks.written(width))
        }
        let last = try #require(laidOut.last)
        #expect(abs(last.x - left + last.width - width) < TestBooks.precision)
    }

    @Test func startAndEndFollowTheParagraphLeftAndRightDoNot() throws {
        func aligned(_ alignment: TextAlignment, _ direction: ParagraphDirection) throws -> PageLine {
            var style = BlockStyle()
            style.alignment = alignment
            return try #require(lines([paragraph("שלום", direction: direction, style: style)]).first)
        }
        #expect(try aligned(.end, .rightToLeft).x == TestBooks.written(0, from: left))
        #expect(try aligned(.left, .rightToLeft).x == TestBooks.written(0, from: left))
        let right = try aligned(.right, .leftToRight)
        #expect(abs(right.x - left + right.width - width) < TestBooks.precision)
        let start = try aligned(.start, .rightToLeft)
        #expect(abs(start.x - left + start.width - width) < TestBooks.precision)
    }

    @Test func aListMarkerStandsAtTheRight() throws {
        let list = Block(.list(List(isOrdered: false, items: [[paragraph("שלום עולם")]])), direction: .rightToLeft)
        let line = try #require(lines([list]).first)
        #expect(line.text.hasPrefix("•\u{2002}"))
        // The marker is the rightmost piece: the last in visual order, starting the text.
        let rightmost = try #require(line.bidi.last)
        #expect(rightmost.start == 0)
        let indent = BlockFlattener.indentEms * TestBooks.options().fontSize
        let end = line.x - left + line.width
        #expect(end <= width + TestBooks.precision && end > width - indent)
    }

    // MARK: - Where the direction comes from

    @Test func theDirectionComesFromDirThenLanguageThenTheBook() throws {
        #expect(try lines([paragraph("shalom", direction: .rightToLeft)])[0].direction == .rightToLeft)
        #expect(try lines([paragraph("שלום", language: "he")])[0].direction == .rightToLeft)
        #expect(try lines([paragraph("שלום", language: "yi-Latn")])[0].direction == .leftToRight)
        #expect(try lines([paragraph("שלום", direction: .leftToRight, language: "he")])[0].direction == .leftToRight)
        #expect(try lines([paragraph("salaam")], language: "ar")[0].direction == .rightToLeft)
        #expect(try lines([paragraph("hello")], direction: .rightToLeft)[0].direction == .rightToLeft)
        #expect(try lines([paragraph("hello")])[0].direction == .leftToRight)
        // A book written vertically is set left to right, whatever its page progression.
        #expect(try lines([paragraph("吾輩は猫である。")], language: "ja", direction: .rightToLeft,
                          vertical: true)[0].direction == .leftToRight)
    }

    @Test func aQuoteTakesItsDirectionFromTheBlockAroundIt() throws {
        let quote = Block(.quote([paragraph("hello there")]), direction: .rightToLeft)
        #expect(try lines([quote])[0].direction == .rightToLeft)
    }

    @Test func autoTakesTheFirstStrongCharacter() throws {
        #expect(try lines([paragraph("2024: שלום and more", direction: .auto)])[0].direction == .rightToLeft)
        #expect(try lines([paragraph("2024: hello שלום", direction: .auto)])[0].direction == .leftToRight)
        // None at all: the direction it would have had without `dir`.
        #expect(try lines([paragraph("2024", direction: .auto)], direction: .rightToLeft)[0].direction == .rightToLeft)
    }

    @Test func languageTagsWrittenRightToLeft() {
        for tag in ["ar", "ar-EG", "he", "fa-IR", "ur", "yi", "ckb", "az-Arab", "pa-Arab", "ks_IN"] {
            #expect(LanguageDirection.isRightToLeft(tag), "\(tag)")
        }
        for tag in ["en", "az", "ja", "ug-Latn", "sr-Cyrl", "", "und"] {
            #expect(!LanguageDirection.isRightToLeft(tag), "\(tag)")
        }
    }

    // MARK: - Visual order

    @Test func hebrewInsideEnglishIsReversedInPlace() throws {
        let line = try #require(lines([paragraph("Hello שלום עולם friend")]).first)
        #expect(line.direction == .leftToRight)
        #expect(line.bidi == [PageLine.BidiPiece(start: 0, length: 6, rightToLeft: false),
                              PageLine.BidiPiece(start: 6, length: 9, rightToLeft: true),
                              PageLine.BidiPiece(start: 15, length: 7, rightToLeft: false)])
    }

    @Test func englishInsideHebrewKeepsItsOrderWhileTheLineRunsRightToLeft() throws {
        let line = try #require(lines([paragraph("שלום world עולם", direction: .rightToLeft)]).first)
        #expect(line.bidi == [PageLine.BidiPiece(start: 10, length: 5, rightToLeft: true),
                              PageLine.BidiPiece(start: 5, length: 5, rightToLeft: false),
                              PageLine.BidiPiece(start: 0, length: 5, rightToLeft: true)])
    }

    @Test func numbersInsideArabicRunLeftToRight() throws {
        let line = try #require(lines([paragraph("عام 2024 جديد", direction: .rightToLeft)]).first)
        #expect(line.bidi.map(\.rightToLeft) == [true, false, true])
        #expect(line.bidi.dropFirst().first == PageLine.BidiPiece(start: 4, length: 4, rightToLeft: false))
    }

    @Test func englishLinesOfAnEnglishBookHaveNoPieces() throws {
        let laidOut = try lines([paragraph(TestBooks.words(60, seed: 3))])
        #expect(laidOut.allSatisfy { $0.bidi.isEmpty && $0.direction == .leftToRight })
    }

    @Test func piecesCoverTheLineOnce() throws {
        let text = (0..<12).map { "word\($0) מילה\($0) (\($0))" }.joined(separator: " ")
        for direction in [ParagraphDirection.leftToRight, .rightToLeft] {
            for line in try lines([paragraph(text, direction: direction)]) {
                let covered = line.bidi.flatMap { Array($0.start..<$0.end) }.sorted()
                #expect(covered == Array(0..<line.text.utf16.count))
            }
        }
    }

    // MARK: - Measuring Arabic

    /// DejaVu Sans has Arabic; Liberation Serif has none.
    static let arabicFont = "DejaVu Sans"

    @Test func arabicIsMeasuredJoined() throws {
        let face = try FontSet(font: Self.arabicFont).regular
        let word = "سلامتكم"
        let joined = face.advance(of: word, size: 12, rightToLeft: true)
        let isolated = word.map { face.advance(of: String($0), size: 12, rightToLeft: true) }.reduce(0, +)
        #expect(abs(joined - isolated) > 1)
        let line = try #require(lines([paragraph(word, direction: .rightToLeft)], font: Self.arabicFont).first)
        #expect(abs(line.width - joined) < TestBooks.precision)
    }

    @Test func aWordMixingScriptsIsShapedRunByRun() throws {
        // No break opportunity inside: one segment, two directional runs. Shaped as one buffer,
        // HarfBuzz would take it all for Latin and set the Arabic letters unjoined.
        let face = try FontSet(font: Self.arabicFont).regular
        let text = "ABCسلامتكم"
        let line = try #require(lines([paragraph(text)], font: Self.arabicFont).first)
        let runByRun = face.advance(of: "ABC", size: 12, rightToLeft: false)
            + face.advance(of: "سلامتكم", size: 12, rightToLeft: true)
        #expect(abs(line.width - runByRun) < TestBooks.precision)
        let asLatin = face.advance(of: "ABC", size: 12) + "سلامتكم".map { face.advance(of: String($0), size: 12) }.reduce(0, +)
        #expect(abs(line.width - asLatin) > 1)
    }
}
