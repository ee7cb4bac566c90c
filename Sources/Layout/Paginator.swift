import BookModel
import PageFormat

/// A paragraph's lines as set, with how it may be split between pages.
struct SetParagraph: Equatable {
    var lines: [SetLine]
    var pageBreak: PageBreakRule
    var gapBefore: Bool
    var breaks = BreakRules()
    /// For an image: its box (the paginator sets its y). Its one line, with no text, is the
    /// space it takes.
    var image: PageImage?
    /// The footnotes its lines call: for a line's index, the indices of the notes in the
    /// chapter's notes, in order.
    var noteCalls: [Int: [Int]] = [:]
    /// The floats beside its lines (`FloatSetter`), each shown with the line it starts at.
    var floats: [SetFloat] = []
    /// For a table: its slices, one for each of `lines` (which only say how tall each is).
    @OutOfLine var table: SetTable? = nil
}

extension SetParagraph {
    /// The floats that start at line `line` (they are in line order).
    func floats(at line: Int) -> ArraySlice<SetFloat> {
        let first = floats.indices.partitionPoint { floats[$0].line < line }
        var end = first
        while end < floats.count, floats[end].line == line { end += 1 }
        return floats[first..<end]
    }
}

extension PageContent {
    /// A line with the floats that start at it, `y` down the page: in the page's text, a float
    /// met before its host's text comes before the line, one met inside it after.
    mutating func add(_ line: SetLine, floats: ArraySlice<SetFloat>, at y: Double) {
        func shown(_ float: SetFloat) {
            let placed = float.moved(dy: y)
            lines += placed.lines
            images += placed.images
        }
        for float in floats where float.leadsLine { shown(float) }
        lines.append(line)
        for float in floats where !float.leadsLine { shown(float) }
    }
}

/// What one page holds, positions from the content box's top-left corner.
struct PageContent: Equatable {
    /// Top to bottom; an empty line stands for the space between two blocks (images among them).
    var lines: [SetLine] = []
    /// The pictures on the page, top to bottom. They show no text of their own.
    var images: [PageImage] = []
    /// The tables' rules and backgrounds, in drawing order (backgrounds first), at full precision.
    var boxes: [PageBox] = []
    /// The tables' cells on the page, at full precision; their lines name them (`SetLine.cell`).
    var cells: [PageCell] = []

    /// The page's plain text: its lines joined by newlines, exactly what the page shows. The
    /// bytes are copied straight into the string's storage, sparing `String`'s own bookkeeping
    /// for each line appended: this runs for every page of every book.
    var text: String {
        if lines.contains(where: { $0.cell != nil }) { return Self.text(of: lines) }
        let count = lines.reduce(max(lines.count - 1, 0)) { $0 + $1.text.utf8.count }
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var at = 0
            for (n, line) in lines.enumerated() {
                if n > 0 {
                    buffer[at] = UInt8(ascii: "\n")
                    at += 1
                }
                var text = line.text
                text.withUTF8 { utf8 in
                    guard let source = utf8.baseAddress else { return }
                    (buffer.baseAddress! + at).initialize(from: source, count: utf8.count)
                    at += utf8.count
                }
            }
            return at
        }
    }

    /// The part of its chapter's text the page shows (see `SetLine.source`); nil for a page
    /// without text.
    var source: Range<Int>? {
        guard let first = lines.first(where: { $0.source != nil })?.source,
              let last = lines.last(where: { $0.source != nil })?.source else { return nil }
        return first.lowerBound..<last.upperBound
    }

    /// True for a page of pictures and no text.
    var showsOnlyImages: Bool { !images.isEmpty && lines.allSatisfy(\.text.isEmpty) }
}

/// A chapter cut into pages.
struct Pagination {
    var pages: [PageContent]
    /// For each paragraph, the page (counted from the chapter's first) that holds its first line.
    var firstPages: [Int]
    /// For each footnote, the page that holds its first line.
    var notePages: [Int]
}

/// Splits one chapter's paragraphs into pages: fills each page with as many lines as fit, then
/// backs off to the last place a break is allowed (crengine's way: lay out everything, then cut
/// between lines honouring the break rules).
///
/// Allowed: between paragraphs, unless the first keeps with the next (a heading); inside a
/// splittable paragraph, leaving at least its orphans and widows (two and two unless the book's
/// CSS says otherwise) on each page. Avoided (`break-*: avoid`, a group kept together, between
/// two lines an inline formula is broken across): taken only when the page has no allowed
/// break. A forced break (`break-before: page`) always ends the page. When a page has no
/// allowed or avoided break, it is cut where it is full; a line taller than the page goes on a
/// page of its own. Empty lines of `gapHeight` separate
/// paragraphs (one, or as many as the book's margins ask), except at a page's top.
///
/// Images are deferred floats, as TeX places figures: an image that does not fit the rest of a
/// page waits for the top of the next one, and the text after it fills the page meanwhile — up
/// to the next heading, which an image never passes. What is kept with the image (a figure's
/// caption: the lines after it that no break is allowed before) waits with it, when the two fit
/// on a page. Images keep their order (one that follows a waiting image waits too), and waiting
/// images are placed before the chapter ends.
///
/// Footnotes go at the foot of the page whose line first calls them, below a rule, as much of
/// each as fits (`NoteFoot`): the text above stops where the foot begins. A line may go on
/// its page even when its note must wait for the next. Waiting notes go first at the foot of
/// the next page (below any images that waited), notes no line calls go after the chapter's
/// text, and the chapter ends only when every note is placed. While text is still to come,
/// notes take at most `noteShare` of the page, so each page goes on with the text.
///
/// Given whether a chapter's first page opens a spread, the two facing pages of each spread end
/// on the same line where the rules allow (`Paginator+Spreads.swift`).
struct Paginator {
    let contentHeight: Double
    let gapHeight: Double
    /// The rule above the footnotes, as a line whose box says where it is drawn; its height is
    /// the space it takes.
    var noteSeparator = SetLine(text: "", x: 0, y: 0, width: 0, height: 0, role: .noteSeparator)

    /// The most of a page footnotes take while the chapter's text goes on (TeX's `\dimen\footins`
    /// is most of the page; half keeps a page first of all a page of text).
    static let noteShare = 0.5

    static let tolerance = 1e-9

    /// Whether a page may end just before an entry.
    enum Break: Comparable {
        case forbidden, avoided, allowed
    }

    struct Entry {
        var paragraph: Int
        /// The line's index in its paragraph; nil for the gap before the paragraph, and for the
        /// room a box's border and padding take above or below it (`boxEdge`).
        var line: Int?
        var height: Double
        var breakBefore: Break
        /// The page must end just before this entry.
        var forced = false
        /// The line is an image's.
        var isImage = false
        /// The footnotes this line is the first to call.
        var calls: [Int] = []
        /// Room for a box's top (above the paragraph's first line) or bottom (below its last):
        /// space as a gap is, but kept with the box's lines, at a page's top too.
        var boxEdge: BoxEdge?

        /// Space that a page leaves out at its top.
        var isGap: Bool { line == nil && boxEdge == nil }
    }

    enum BoxEdge {
        case top, bottom
    }

    /// The chapter's pages, where each paragraph and each note starts; `boxes`: the boxes drawn
    /// around its paragraphs, each page showing its part of them. `firstOpensSpread`: whether
    /// the chapter's first page is the first of two facing pages, whose two pages then end
    /// together where they can (`spread(from:_:_:uncalled:)`); nil leaves every page as it fills.
    func paginate(_ paragraphs: [SetParagraph], notes: [SetNote] = [], boxes: [FlatBox] = [],
                  firstOpensSpread: Bool? = nil) -> Pagination {
        let entries = self.entries(of: paragraphs, noteCount: notes.count)
        var called = Array(repeating: false, count: notes.count)
        for entry in entries { for note in entry.calls { called[note] = true } }
        let uncalled = notes.indices.filter { !called[$0] }
        var cursor = Cursor(foot: NoteFoot(notes: notes, separatorHeight: noteSeparator.height))
        var planned: [PlannedPage] = []
        while true {
            if let opens = firstOpensSpread, (planned.count % 2 == 0) == opens {
                let spread = self.spread(from: &cursor, entries, paragraphs, uncalled: uncalled)
                if spread.isEmpty { break }
                planned += spread
            } else {
                guard let page = nextPage(&cursor, entries, paragraphs, uncalled: uncalled) else { break }
                planned.append(page)
            }
        }
        var pages: [PageContent] = []
        pages.reserveCapacity(planned.count)
        var firstPages = Array(repeating: 0, count: paragraphs.count)
        var notePages = Array(repeating: 0, count: notes.count)
        for plan in planned {
            var shown: [FlatBox.Placed] = []
            var page = assemble(plan, entries, paragraphs, shown: &shown, recording: !boxes.isEmpty)
            let footHeight = plan.noteHeight
            if !boxes.isEmpty {
                // Under everything the page draws, the tables' boxes too: a table is inside its box.
                // A box's edge too thin for a line of its own goes at most half a line into the
                // page's margins (the rounding leaves no more), and never into the footnotes.
                let reach = -gapHeight / 2...(plan.notes.isEmpty ? contentHeight + gapHeight / 2 : contentHeight - footHeight)
                page.boxes = FlatBox.drawn(boxes, around: shown, lineCounts: { paragraphs[$0].lines.count }, reach: reach)
                    + page.boxes
            }
            page.lines += cursor.foot.lines(of: plan.notes, from: contentHeight - footHeight, separator: noteSeparator)
            for case .entry(let entry) in plan.placed where entries[entry].line == 0 {
                firstPages[entries[entry].paragraph] = pages.count
            }
            for piece in plan.notes where piece.lines.lowerBound == 0 {
                notePages[piece.note] = pages.count
            }
            pages.append(page)
        }
        return Pagination(pages: pages, firstPages: firstPages, notePages: notePages)
    }

    /// Where the next page starts: the next entry, the images waiting for a page's top, the
    /// notes waiting for a page's foot.
    struct Cursor {
        var start = 0
        /// Each a waiting image's entries, with what is kept with it.
        var waiting: [Range<Int>] = []
        var foot: NoteFoot
        /// The notes no line calls are in the foot's queue.
        var uncalledQueued = false
    }

    /// A page before its lines are placed: what it holds top to bottom, the notes at its foot,
    /// and how much each space between two of its blocks grows so that it ends on the line its
    /// facing page ends on.
    struct PlannedPage {
        var placed: [Slot]
        var notes: [NoteFoot.Piece]
        var noteHeight: Double
        var gapStretch = 0.0
    }

    /// Whether no page is left to make from `cursor`.
    func isDone(_ cursor: Cursor, _ entries: [Entry], uncalled: [Int]) -> Bool {
        var start = cursor.start
        while start < entries.count, entries[start].isGap { start += 1 }
        return start == entries.count && cursor.waiting.isEmpty && !cursor.foot.hasWaiting
            && (cursor.uncalledQueued || uncalled.isEmpty)
    }

    /// The next page from `cursor`, which moves past it; nil when the chapter is done. Its text
    /// ends where the page is full or, given `bottom`, no lower than that.
    func nextPage(_ cursor: inout Cursor, _ entries: [Entry], _ paragraphs: [SetParagraph], uncalled: [Int],
                          bottom: Double = .infinity) -> PlannedPage? {
        while cursor.start < entries.count, entries[cursor.start].isGap { cursor.start += 1 }
        if cursor.start == entries.count, !cursor.uncalledQueued {
            cursor.foot.enqueue(uncalled)
            cursor.uncalledQueued = true
        }
        guard cursor.start < entries.count || !cursor.waiting.isEmpty || cursor.foot.hasWaiting else { return nil }
        // Images that waited go first, as many as fit, a gap between them.
        var placed: [Slot] = []
        var y = 0.0
        while let unit = cursor.waiting.first,
              placed.isEmpty || y + gapHeight + height(of: unit, entries) <= contentHeight + Self.tolerance {
            if !placed.isEmpty {
                placed.append(.gap)
                y += gapHeight
            }
            placed += unit.map { .entry($0) }
            y += height(of: unit, entries)
            cursor.waiting.removeFirst()
        }
        // Then the notes that waited, at the foot.
        let textRemains = cursor.start < entries.count
        cursor.foot.startPage()
        cursor.foot.placeWaiting(limit: min(contentHeight - y, textRemains ? contentHeight * Self.noteShare : contentHeight),
                                 mustPlace: placed.isEmpty && !textRemains)
        if cursor.waiting.isEmpty, cursor.start < entries.count {
            let start = cursor.start
            if !placed.isEmpty {
                placed.append(.gap)
                y += gapHeight
            }
            // A table going on from the page before shows its header rows again first.
            if let header = continuedHeader(at: start, entries, paragraphs),
               y + header.height + entries[start].height + cursor.foot.height <= contentHeight + Self.tolerance {
                placed.append(.header(paragraph: entries[start].paragraph))
                y += header.height
            }
            let (end, deferred) = fill(entries, paragraphs, from: start, y: y, bottom: bottom, foot: &cursor.foot)
            // A waiting image's entries, and the gap before it, are left for later.
            placed += (start..<end).filter { index in
                !deferred.contains { $0.contains(index) }
                    && !(entries[index].line == nil && deferred.contains { $0.lowerBound == index + 1 })
            }.map { .entry($0) }
            cursor.waiting += deferred
            cursor.start = end
            if end == entries.count {
                // The text ends on this page: below it, notes no line called, and what waits.
                cursor.foot.enqueue(uncalled)
                cursor.uncalledQueued = true
                let used = placed.reduce(0.0) { $0 + height(of: $1, entries, paragraphs) }
                cursor.foot.placeWaiting(limit: contentHeight - used, mustPlace: false)
            }
        }
        return PlannedPage(placed: placed, notes: cursor.foot.placed, noteHeight: cursor.foot.height)
    }

    /// Where the text of a page that starts at `start` (a line, not a gap) ends, `y` down the
    /// page, and which images on the way wait for the next page. Entries of a waiting image
    /// (and the gap before it) are not on this page. The notes the page's lines call go into
    /// `foot`, and the text stays above it, and above `bottom`.
    private func fill(_ entries: [Entry], _ paragraphs: [SetParagraph], from start: Int, y top: Double,
                      bottom: Double = .infinity, foot: inout NoteFoot) -> (end: Int, deferred: [Range<Int>]) {
        var y = top
        var deferred: [Range<Int>] = []
        var full = start
        var stoppedAtHeading = false
        let footAtStart = foot.mark
        let footWasEmpty = foot.isEmpty
        // The foot after each line that called a note, to back off to.
        var footAfter: [(entry: Int, mark: NoteFoot.Mark)] = []
        let footLimit = contentHeight * Self.noteShare
        while full < entries.count {
            let entry = entries[full]
            // A forced break ends the page, whatever room is left.
            if full > start, entry.forced { break }
            let image = entry.isImage ? full : (entry.line == nil && full + 1 < entries.count && entries[full + 1].isImage ? full + 1 : nil)
            if let image {
                let unit = self.unit(of: image, entries)
                let needed = height(of: unit, entries) + (image == full ? 0 : entry.height)
                // At the page's top an image goes whatever its size, unless notes are there to
                // make the page: then it waits for the top of the next, above its notes.
                if y > 0 || !foot.isEmpty, !deferred.isEmpty || y + needed + foot.height > contentHeight + Self.tolerance {
                    deferred.append(unit)
                    full = unit.upperBound
                    continue
                }
            }
            if !deferred.isEmpty, paragraphs[entry.paragraph].pageBreak == .withNext, entry.line ?? 0 == 0,
               entry.boxEdge != .bottom {
                stoppedAtHeading = true
                break
            }
            guard y + entry.height + foot.height <= contentHeight + Self.tolerance,
                  entry.isGap || y + entry.height <= bottom + Self.tolerance else { break }
            y += entry.height
            if !entry.calls.isEmpty {
                for note in entry.calls { foot.call(note, limit: min(contentHeight - y, footLimit)) }
                footAfter.append((full, foot.mark))
            }
            full += 1
        }
        var end = full
        if full < entries.count, !stoppedAtHeading, !(full > start && entries[full].forced) {
            if full == start {
                // Nothing fits: below images or notes placed first, the text waits; on its own,
                // a line taller than the page is cut.
                end = top > 0 || !footWasEmpty ? start : start + 1
                // The notes of a line cut so wait for the next page.
                if end > start { for note in entries[start].calls { foot.call(note, limit: 0) } }
            } else {
                end = lastBreak(entries, from: start, before: full) ?? full
            }
        }
        if end < full {
            foot.restore(footAfter.last { $0.entry < end }?.mark ?? footAtStart)
        }
        // A page never ends inside a waiting unit: what is kept with an image waits with it.
        if let cut = deferred.first(where: { $0.lowerBound < end && end < $0.upperBound }) { end = cut.upperBound }
        return (end, deferred.filter { $0.lowerBound < end })
    }

    /// The entries of the image at `image` and of what is kept with it: the gaps and lines after
    /// it that no break is allowed before (a figure's caption), as long as all of it fits on a
    /// page; else the image alone.
    private func unit(of image: Int, _ entries: [Entry]) -> Range<Int> {
        var end = image + 1
        var height = entries[image].height
        while end < entries.count, entries[end].breakBefore != .allowed, !entries[end].forced, !entries[end].isImage {
            height += entries[end].height
            end += 1
        }
        while end > image + 1, entries[end - 1].isGap {
            end -= 1
            height -= entries[end].height
        }
        return height <= contentHeight + Self.tolerance ? image..<end : image..<(image + 1)
    }

    private func height(of unit: Range<Int>, _ entries: [Entry]) -> Double {
        unit.reduce(0) { $0 + entries[$1].height }
    }

    /// What a page holds, top to bottom: entries, the gap between two blocks, and a table's
    /// header rows shown again.
    enum Slot {
        case gap
        case entry(Int)
        case header(paragraph: Int)
    }

    func height(of slot: Slot, _ entries: [Entry], _ paragraphs: [SetParagraph]) -> Double {
        switch slot {
        case .gap: gapHeight
        case .entry(let index): entries[index].height
        case .header(let paragraph): paragraphs[paragraph].table?.header?.height ?? 0
        }
    }

    /// The header to show above the entry a page starts with: a table's, when the entry is a
    /// slice of its rows after the header.
    private func continuedHeader(at start: Int, _ entries: [Entry], _ paragraphs: [SetParagraph]) -> SetTable.Slice? {
        guard let line = entries[start].line, let table = paragraphs[entries[start].paragraph].table,
              table.headerSlices > 0, line >= table.headerSlices else { return nil }
        return table.header
    }

    /// A footnote's paragraphs as the foot takes them, with the gaps between them (this
    /// paginator's `gapHeight`, a line of the note's) and where the note may be cut.
    func note(of paragraphs: [SetParagraph]) -> SetNote {
        var note = SetNote(lines: [], breakable: [], isGap: [])
        for entry in entries(of: paragraphs) {
            var line = SetLine(text: "", x: 0, y: 0, width: 0, height: entry.height)
            if let index = entry.line { line = paragraphs[entry.paragraph].lines[index] }
            line.source = nil
            line.role = .note
            note.lines.append(line)
            note.breakable.append(entry.breakBefore != .forbidden)
            note.isGap.append(entry.line == nil)
        }
        return note
    }

    /// The last allowed break after `start` and up to `full`, else the last avoided one.
    private func lastBreak(_ entries: [Entry], from start: Int, before full: Int) -> Int? {
        for wanted in [Break.allowed, .avoided] {
            var end = full
            while end > start, entries[end].breakBefore < wanted { end -= 1 }
            if end > start { return end }
        }
        return nil
    }

    /// The page's lines and images, y set top to bottom. An image shows no line of text; the
    /// space between two blocks of text shows as its empty lines (one, or as many as the book's
    /// margins and boxes ask, grown by the plan's stretch), never at the top or the foot. With `recording`, where each line,
    /// picture and table slice went goes into `shown`, for the boxes around them.
    private func assemble(_ plan: PlannedPage, _ entries: [Entry], _ paragraphs: [SetParagraph],
                          shown: inout [FlatBox.Placed], recording: Bool) -> PageContent {
        var page = PageContent()
        var y = 0.0
        var gaps: [SetLine] = []
        // Around an image, the space before and after it stands as one empty line of text.
        var besideImage = false
        // The spaces between blocks that grow: those with text or a picture above and below.
        let growing = plan.gapStretch > 0 ? flowSlots(of: plan, entries, paragraphs) ?? 0..<0 : 0..<0
        for (n, slot) in plan.placed.enumerated() {
            if case .header(let p) = slot, let header = paragraphs[p].table?.header {
                if !page.lines.isEmpty { page.lines += gaps }
                gaps = []
                besideImage = false
                page.add(header, at: y)
                if recording { shown.append(FlatBox.Placed(paragraph: p, line: -1, y: y, height: header.height)) }
                y += header.height
                continue
            }
            guard case .entry(let index) = slot, let line = entries[index].line else {
                let space = height(of: slot, entries, paragraphs)
                    + (growing.contains(n) && showsNothing(slot, entries, paragraphs, stretches: true) ? plan.gapStretch : 0)
                if !page.lines.isEmpty || !page.images.isEmpty, !(besideImage && !gaps.isEmpty) {
                    gaps.append(SetLine(text: "", x: 0, y: y, width: 0, height: space))
                }
                y += space
                continue
            }
            // By index, not a copy of the paragraph: this runs for every line of the book.
            let p = entries[index].paragraph
            if recording { shown.append(FlatBox.Placed(paragraph: p, line: line, y: y, height: entries[index].height)) }
            if let table = paragraphs[p].table {
                if !page.lines.isEmpty { page.lines += gaps }
                gaps = []
                besideImage = false
                page.add(table.slices[line], at: y)
            } else if var image = paragraphs[p].image {
                image.y = y
                page.images.append(image)
                gaps = Array(gaps.prefix(1))
                besideImage = true
            } else {
                if !page.lines.isEmpty { page.lines += gaps }
                gaps = []
                besideImage = false
                var laidOut = paragraphs[p].lines[line]
                laidOut.y = y
                // An empty paragraph spacing blocks grows as a gap does.
                if growing.contains(n), showsNothing(slot, entries, paragraphs, stretches: true) {
                    laidOut.height += plan.gapStretch
                    y += plan.gapStretch
                }
                if paragraphs[p].floats.isEmpty {
                    page.lines.append(laidOut)
                } else {
                    page.add(laidOut, floats: paragraphs[p].floats(at: line), at: y)
                }
            }
            y += entries[index].height
        }
        return page
    }

    /// The entries of the paragraphs' lines and the gaps between them; each note is called by
    /// the first line that calls it.
    private func entries(of paragraphs: [SetParagraph], noteCount: Int = 0) -> [Entry] {
        var entries: [Entry] = []
        var called = Array(repeating: false, count: noteCount)
        entries.reserveCapacity(paragraphs.reduce(0) { $0 + $1.lines.count + 1 })
        for (p, paragraph) in paragraphs.enumerated() {
            let rules = paragraph.breaks
            var boundary = Break.forbidden
            if p > 0, paragraphs[p - 1].pageBreak != .withNext { boundary = rules.avoidedBefore ? .avoided : .allowed }
            let forced = p > 0 && rules.forcedBefore
            let gaps = p > 0 ? rules.gapLines ?? (paragraph.gapBefore ? 1 : 0) : 0
            for g in 0..<gaps {
                entries.append(Entry(paragraph: p, line: nil, height: gapHeight,
                                     breakBefore: g == 0 ? boundary : .forbidden, forced: g == 0 && forced))
            }
            // The tops of the boxes it starts, below the gap: where a page may end when there is
            // no gap, never between them and its first line.
            for e in 0..<rules.boxLinesBefore {
                let first = gaps == 0 && e == 0
                entries.append(Entry(paragraph: p, line: nil, height: gapHeight, breakBefore: first ? boundary : .forbidden,
                                     forced: first && forced, boxEdge: .top))
            }
            let count = paragraph.lines.count
            let inside: Break = rules.avoidedInside ? .avoided : .allowed
            let keptWhole = rules.unsplitSourceLines > 0
                && paragraph.lines.lazy.filter { !$0.continuation }.count <= rules.unsplitSourceLines
            // No page ends beside a float: its lines go with it.
            var besideFloat = Set<Int>()
            for float in paragraph.floats where float.lineCount > 1 {
                besideFloat.formUnion((float.line + 1)..<(float.line + float.lineCount))
            }
            for (k, line) in paragraph.lines.enumerated() {
                var entry = Entry(paragraph: p, line: k, height: line.height, breakBefore: .forbidden,
                                  isImage: paragraph.image != nil)
                for note in paragraph.noteCalls[k] ?? [] where called.indices.contains(note) && !called[note] {
                    called[note] = true
                    entry.calls.append(note)
                }
                if k == 0 {
                    if gaps == 0, rules.boxLinesBefore == 0 {
                        entry.breakBefore = boundary
                        entry.forced = forced
                    }
                } else if let table = paragraph.table {
                    entry.breakBefore = table.slices[k].breakable ? inside : .forbidden
                } else if paragraph.pageBreak == .splittable, !keptWhole, !line.continuation,
                          k >= rules.orphans, count - k >= rules.widows, besideFloat.isEmpty || !besideFloat.contains(k) {
                    // A formula broken across lines is kept on one page when the page allows.
                    entry.breakBefore = paragraph.lines[k - 1].formulas.last?.formula.continues == true ? .avoided : inside
                }
                entries.append(entry)
            }
            // The bottoms of the boxes it ends, kept with its last line.
            for _ in 0..<rules.boxLinesAfter {
                entries.append(Entry(paragraph: p, line: nil, height: gapHeight, breakBefore: .forbidden, boxEdge: .bottom))
            }
        }
        return entries
    }
}
