import BookModel
import Fonts
import Layout
import PageFormat
import Testing

/// Footnotes at the foot of the page whose line calls them: smaller, below a rule, the text
/// above stopping where they begin; deferred to the next page, or split across pages, when they
/// do not fit; each shown once, none lost.
@Suite struct FootnoteLayoutTests {
    let layouter: Layouter
    /// 260 × 200 points; body lines 16.8 points, note lines 13.44.
    let content: Dimensions
    /// Where the content box starts on the page: the lines' `x` and `y` count from the page's edges.
    let margins: Margins
    static let bodyLine = 16.8
    static let noteLine = 16.8 * LayoutOptions.noteScale

    init() throws {
        let options = TestBooks.options()
        layouter = try Layouter(options: options)
        content = options.geometry.contentSize
        margins = options.geometry.margins
    }

    private func note(_ id: String, _ text: String, marker: String? = nil) -> Note {
        Note(id: id, marker: marker, blocks: [TestBooks.paragraph(text)])
    }

    private func layout(_ blocks: [Block], notes: [Note]) -> [Page] {
        let book = Book(metadata: Metadata(title: "Notes", language: "en"),
                        chapters: [Chapter(source: "c.xhtml", blocks: blocks, notes: notes)])
        let pages = layouter.layout(book).pages
        for page in pages { checkGeometry(page) }
        return pages
    }

    /// Nothing overflows the page, the text stays above the rule, and the foot is the rule and
    /// then note lines, one under the other down to the page's foot.
    /// (Positions and heights on the page are rounded to hundredths of a point: where two or
    /// three of them are added, the comparisons allow for it, `TestBooks.precision`.)
    private func checkGeometry(_ page: Page, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = page.allLines
        let bottom = margins.top + content.height
        func height(_ line: PageLine) -> Double { line.boxHeight(body: Self.bodyLine) }
        for line in lines {
            #expect(line.y + height(line) <= bottom + TestBooks.precision, "\(line.text)", sourceLocation: sourceLocation)
        }
        guard let rule = lines.firstIndex(where: { $0.role == .noteSeparator }) else {
            #expect(!lines.contains { $0.role == .note }, sourceLocation: sourceLocation)
            return
        }
        let body = lines[..<rule]
        let foot = lines[(rule + 1)...]
        let ruleTop = lines[rule].y
        #expect(page.allImages.allSatisfy { $0.y + $0.height <= ruleTop + TestBooks.precision }, sourceLocation: sourceLocation)
        #expect(body.allSatisfy { $0.role == .body && $0.y + height($0) <= ruleTop + TestBooks.precision },
                sourceLocation: sourceLocation)
        #expect(!foot.isEmpty && foot.allSatisfy { $0.role == .note && abs(height($0) - Self.noteLine) < TestBooks.precision },
                sourceLocation: sourceLocation)
        // Each note line right under the one before (the rule first): three rounded lengths.
        for (above, line) in zip(lines[rule...], foot) {
            #expect(abs(line.y - (above.y + height(above))) < 2 * TestBooks.precision, sourceLocation: sourceLocation)
        }
        let last = lines[lines.count - 1]
        #expect(abs(last.y + height(last) - bottom) < TestBooks.precision, "the notes end at the page's foot",
                sourceLocation: sourceLocation)
    }

    private func noteText(_ pages: [Page]) -> [String] {
        pages.map { $0.allLines.filter { $0.role == .note }.map(\.text).joined(separator: " ") }
    }

    /// The lines' text read back as running text, inserted hyphens taken out.
    private static func joined(_ lines: [PageLine]) -> String {
        var text = ""
        var glue = ""
        for line in lines where !line.text.isEmpty {
            text += glue
            text += line.isHyphenated ? String(line.text.dropLast()) : line.text
            glue = line.isHyphenated ? "" : " "
        }
        return text
    }

    @Test func aNoteThatFitsStandsAtTheFootOfItsPageBelowARule() throws {
        let calling = Block(.paragraph([Inline("A sentence that calls a note."), Inline("1", style: .superscript, note: "n1")]))
        let pages = layout([calling, TestBooks.paragraph("More text.")], notes: [note("n1", "A short note.", marker: "1")])
        try #require(pages.count == 1)
        let lines = pages[0].allLines
        #expect(pages[0].shown?.text == "A sentence that calls a note.1\n\nMore text.\n\n1 A short note.")
        let rule = try #require(lines.first { $0.role == .noteSeparator })
        #expect(rule.text.isEmpty && abs(rule.width - content.width / 3) < TestBooks.precision
                && rule.x == TestBooks.written(0, from: margins.left))
        #expect(abs(rule.y - margins.top - (content.height - 2 * Self.noteLine)) < TestBooks.precision)
        #expect(lines.last?.role == .note)
        // The note is not in the chapter's flow: where the page lies in the chapter's text is
        // where its body text lies, the same as without the note.
        #expect(pages[0].shown?.location == PageLocation(start: 0, end: 40))
        let withoutNote = layout([calling, TestBooks.paragraph("More text.")], notes: [])
        #expect(withoutNote.map(\.shown?.location) == [pages[0].shown?.location])
    }

    @Test func aNoteSetsItsTextSmallerThanTheBody() throws {
        let words = TestBooks.words(60, seed: 3)
        let calling = Block(.paragraph([Inline("Text"), Inline("1", note: "n")]))
        let pages = layout([calling], notes: [note("n", words)])
        let noteLines = pages.flatMap(\.allLines).filter { $0.role == .note }
        let bodyLines = layout([TestBooks.paragraph(words)], notes: []).flatMap(\.allLines).filter { !$0.text.isEmpty }
        // The same words take fewer lines at the smaller size, and each still fits the measure
        // when measured afresh at that size.
        #expect(noteLines.count < bodyLines.count)
        let fonts = try FontSet(font: "Liberation Serif")
        let measurer = TextMeasurer(language: "en")
        for line in noteLines {
            let width = measurer.width(of: line.text, in: fonts.regular, size: 12 * LayoutOptions.noteScale)
                - TestBooks.shrinkAllowance(of: line.text, justified: line.isJustified,
                                            space: measurer.width(of: " ", in: fonts.regular, size: 12 * LayoutOptions.noteScale))
            #expect(line.x - margins.left + width <= content.width + 0.01 + TestBooks.precision, "\(line.text)")
        }
    }

    @Test func aNoteThatDoesNotFitGoesToTheFootOfTheNextPage() throws {
        // Eleven lines fill the page (11 × 16.8 = 184.8 of 200): the eleventh calls the note, which
        // with its rule needs 26.88 points. The line stays; the note waits for the next page.
        let lines = (1...11).map { "Line \($0)" }.joined(separator: "\n")
        let calling = Block(.paragraph([Inline(lines), Inline("*", note: "n")]))
        let pages = layout([calling, TestBooks.paragraph("After.")], notes: [note("n", "The waiting note.", marker: "*")])
        try #require(pages.count == 2)
        #expect(pages[0].allLines.last?.text == "Line 11*")
        #expect(!pages[0].allLines.contains { $0.role != .body })
        #expect(pages[1].shown?.text == "After.\n\n* The waiting note.")
    }

    @Test func aNoteLeftWaitingAtTheChaptersEndGetsAPageOfItsOwn() throws {
        let lines = (1...11).map { "Line \($0)" }.joined(separator: "\n")
        let calling = Block(.paragraph([Inline(lines), Inline("1", note: "n")]))
        let pages = layout([calling], notes: [note("n", "Still placed.", marker: "1")])
        try #require(pages.count == 2)
        #expect(pages[1].allLines.map(\.role) == [.noteSeparator, .note])
        #expect(pages[1].shown?.text == "\n1 Still placed.")
    }

    @Test func aLongNoteIsSplitAcrossPagesAndNothingIsLostOrRepeated() throws {
        let long = TestBooks.words(160, seed: 11)
        let calling = Block(.paragraph([Inline("Early"), Inline("1", note: "n"), Inline(" " + TestBooks.words(30, seed: 2))]))
        let rest = (0..<6).map { TestBooks.paragraph(TestBooks.words(40, seed: UInt64(20 + $0))) }
        let pages = layout([calling] + rest, notes: [note("n", long, marker: "1")])
        let feet = pages.map { $0.allLines.filter { $0.role == .note } }
        try #require(feet.filter { !$0.isEmpty }.count >= 3, "the note spans pages")
        #expect(!feet[0].isEmpty, "it starts under the line that calls it")
        // While text goes on, the notes leave at least half of each page to it.
        for (page, foot) in zip(pages, feet) where page.allLines.contains(where: { $0.role == .body && !$0.text.isEmpty }) {
            #expect(foot.reduce(Self.noteLine) { $0 + $1.boxHeight(body: Self.bodyLine) } <= content.height / 2 + TestBooks.precision)
        }
        #expect(Self.joined(feet.flatMap { $0 }) == "1 " + long)
        // The pieces follow on from page to page with nothing between them.
        let used = feet.indices.filter { !feet[$0].isEmpty }
        #expect(used == Array(used[0]...used[used.count - 1]))
    }

    @Test func aNoteCalledTwiceIsShownOnceUnderItsFirstCall() throws {
        let first = Block(.paragraph([Inline("First call"), Inline("1", note: "n")]))
        let filler = (0..<4).map { TestBooks.paragraph(TestBooks.words(40, seed: UInt64(30 + $0))) }
        let second = Block(.paragraph([Inline("Second call"), Inline("1", note: "n")]))
        let pages = layout([first] + filler + [second], notes: [note("n", "Said once.", marker: "1")])
        try #require(pages.count >= 2)
        #expect(pages.last?.shown?.text.contains("Second call1") == true)
        #expect(noteText(pages) == ["1 Said once."] + Array(repeating: "", count: pages.count - 1))
    }

    @Test func notesCalledOnOnePageKeepTheirOrder() throws {
        let calling = Block(.paragraph([Inline("One"), Inline("1", note: "a"), Inline(" two"), Inline("2", note: "b"),
                                        Inline(" three"), Inline("3", note: "c")]))
        let notes = [note("c", "Third.", marker: "3"), note("a", "First.", marker: "1"), note("b", "Second.", marker: "2")]
        let pages = layout([calling], notes: notes)
        #expect(noteText(pages) == ["1 First. 2 Second. 3 Third."])
    }

    @Test func aNoteNoLineCallsIsPlacedAfterTheChaptersText() throws {
        let calling = Block(.paragraph([Inline("Calls one"), Inline("1", note: "a")]))
        let pages = layout([calling, TestBooks.paragraph("The end.")],
                           notes: [note("a", "Called.", marker: "1"), note("lonely", "Never called.")])
        #expect(noteText(pages) == ["1 Called. Never called."])
    }

    @Test func aPictureThatWaitedHeadsTheNextPageAndItsNotesComeWhenThereIsRoom() throws {
        let lines = (1...11).map { "Line \($0)" }.joined(separator: "\n")
        let calling = Block(.paragraph([Inline(lines), Inline("1", note: "n")]))
        let pages = layout([calling, ImageScalingTests.image(260, 190), TestBooks.paragraph("After.")],
                           notes: [note("n", "Waits.", marker: "1")])
        try #require(pages.count == 3)
        #expect(pages[1].kind.type == "image" && pages[1].allImages.count == 1 && pages[1].allLines.isEmpty)
        #expect(pages[2].shown?.text == "After.\n\n1 Waits.")
    }

    @Test func aPictureThatWouldCoverWaitingNotesWaitsForTheNextPage() throws {
        let lines = (1...11).map { "Line \($0)" }.joined(separator: "\n")
        let calling = Block(.paragraph([Inline(lines), Inline("1", note: "n")]))
        var picture = ImageScalingTests.image(260, 190)
        picture.style.breakBefore = .page
        let pages = layout([calling, picture, TestBooks.paragraph("After.")], notes: [note("n", "Waits.", marker: "1")])
        try #require(pages.count == 3)
        #expect(pages[1].allImages.isEmpty)
        #expect(pages[1].shown?.text == "After.\n\n1 Waits.", "the text after the picture fills the page meanwhile")
        #expect(pages[2].allImages.count == 1 && pages[2].allImages.first?.y == TestBooks.written(0, from: margins.top))
    }

    @Test func onPagesTooSmallForALineNoNoteIsLost() throws {
        let tiny = try Layouter(options: TestBooks.options(height: 50))
        let calling = Block(.paragraph([Inline("Call"), Inline("1", note: "n")]))
        let book = Book(metadata: Metadata(title: "Tiny", language: "en"),
                        chapters: [Chapter(source: "c.xhtml", blocks: [calling, TestBooks.paragraph("Next.")],
                                           notes: [note("n", "Kept.", marker: "1")])])
        let pages = tiny.layout(book).pages
        #expect(pages.flatMap(\.allLines).filter { $0.role == .note }.map(\.text) == ["1 Kept."])
    }

    @Test func aReferenceToNoNoteIsJustText() throws {
        let calling = Block(.paragraph([Inline("Calls nothing"), Inline("9", link: "c.xhtml#gone", note: "gone")]))
        let pages = layout([calling], notes: [])
        #expect(pages.map(\.shown?.text) == ["Calls nothing9"])
    }

    @Test func aNotesAnchorsLandOnThePageThatShowsIt() throws {
        let lines = (1...11).map { "Line \($0)" }.joined(separator: "\n")
        let calling = Block(.paragraph([Inline(lines), Inline("1", note: "n")]))
        let book = Book(metadata: Metadata(title: "Notes", language: "en"),
                        chapters: [Chapter(source: "c.xhtml", blocks: [calling], notes: [
                            Note(id: "n", marker: "1", blocks: [Block(.paragraph([Inline("Text.")]), anchors: ["inner"])]),
                        ])],
                        toc: [TOCEntry(title: "Note", level: 1, chapterIndex: 0, anchor: "n"),
                              TOCEntry(title: "Inner", level: 1, chapterIndex: 0, anchor: "inner")])
        #expect(layouter.layout(book).tocPageIndices == [1, 1])
    }
}
