/// Facing pages that end together: the two pages of a spread end on the same line, as in a
/// printed book, by moving lines across the spread where a page may end, or by growing the space
/// between blocks a little (TeX's `\flushbottom` glue, bounded).
extension Paginator {
    /// How far apart the last lines of two facing pages may end and still be on the same line.
    static let spreadTolerance = 0.5
    /// The most a space between two blocks grows, as a share of itself, for a page to end on its
    /// facing page's line: first the smaller, then, when nothing within it evens the spread, the
    /// larger.
    static let gapStretches = [0.5, 1.0]
    /// How many lines below the shorter of the two pages, as they fill, the spread may end: a
    /// spread runs short rather than end unevenly, as print does (three lines, where the rules
    /// leave nothing higher, evens a few more spreads than two).
    static let spreadShortening = 3.0
    /// How close two pages' last lines must end to end together once the spaces between blocks
    /// have grown: what is left is rounding.
    private static let evenTolerance = 0.01

    /// The two pages of a spread from `cursor`, which moves past them (or the last page, or
    /// none), ending on the same line where the break rules allow, as facing pages of a printed
    /// book do. Each page fills first; when their last lines end apart, the spread ends where
    /// the longer ends, else a little higher (`evened`). The chapter's last spread stays as it
    /// falls, as do one with footnotes and one nothing evens.
    func spread(from cursor: inout Cursor, _ entries: [Entry], _ paragraphs: [SetParagraph],
                uncalled: [Int]) -> [PlannedPage] {
        let origin = cursor
        guard let left = nextPage(&cursor, entries, paragraphs, uncalled: uncalled) else { return [] }
        let leftEnd = cursor.start
        guard let right = nextPage(&cursor, entries, paragraphs, uncalled: uncalled) else { return [left] }
        if isDone(cursor, entries, uncalled: uncalled) { return [left, right] }
        let ends = (left: bottom(of: left, entries, paragraphs), right: bottom(of: right, entries, paragraphs))
        // A page with footnotes ends at its foot, at the foot of the page: its text is not evened.
        guard ends.left > 0, ends.right > 0, abs(ends.left - ends.right) > Self.spreadTolerance,
              left.notes.isEmpty, right.notes.isEmpty else { return [left, right] }
        for share in Self.gapStretches {
            if let even = evened(from: origin, leftEnd: leftEnd, highest: max(ends.left, ends.right),
                                 lowest: min(ends.left, ends.right) - Self.spreadShortening * gapHeight,
                                 stretching: share, entries, paragraphs, uncalled: uncalled) {
                cursor = even.after
                return even.pages
            }
        }
        return [left, right]
    }

    /// The two pages of a spread from `origin` ending together at the highest line from
    /// `highest` down to `lowest` where both can: each page fills no lower than that line, and
    /// the spaces between its blocks grow (each by at most `share` of itself) to reach it. A page
    /// the line shortens ends only where a page may end (`leftEnd`: where the left page ends
    /// when it fills). Nil when no line between them serves.
    private func evened(from origin: Cursor, leftEnd: Int, highest: Double, lowest: Double, stretching share: Double,
                        _ entries: [Entry], _ paragraphs: [SetParagraph],
                        uncalled: [Int]) -> (pages: [PlannedPage], after: Cursor)? {
        var line = highest
        while line >= lowest - Self.tolerance {
            var next = origin
            guard var left = nextPage(&next, entries, paragraphs, uncalled: uncalled, bottom: line),
                  next.start == leftEnd || endsAtAllowedBreak(next, entries) else { return nil }
            let afterLeft = next
            guard var right = nextPage(&next, entries, paragraphs, uncalled: uncalled, bottom: line) else { return nil }
            if !endsAtAllowedBreak(next, entries) {
                // Where the break rules allow no page to end, only where it ends as it fills.
                var filled = afterLeft
                _ = nextPage(&filled, entries, paragraphs, uncalled: uncalled)
                guard filled.start == next.start else { return nil }
            }
            let reach = (left: self.reach(of: left, share, entries, paragraphs),
                         right: self.reach(of: right, share, entries, paragraphs))
            // A page the line leaves with nothing of the flow (a table's header shown again
            // alone) would move nothing on.
            guard left.notes.isEmpty, right.notes.isEmpty, placesFlow(left, entries), placesFlow(right, entries) else {
                return nil
            }
            if reach.left.bottom > 0, reach.right.bottom > 0,
               reach.left.lowest >= line - Self.evenTolerance, reach.right.lowest >= line - Self.evenTolerance {
                left.gapStretch = reach.left.gaps > 0 ? max(line - reach.left.bottom, 0) / Double(reach.left.gaps) : 0
                right.gapStretch = reach.right.gaps > 0 ? max(line - reach.right.bottom, 0) / Double(reach.right.gaps) : 0
                return ([left, right], next)
            }
            // The next line to try is the lowest both pages still reach.
            line = min(reach.left.lowest, reach.right.lowest, line - Self.evenTolerance)
        }
        return nil
    }

    /// Where `page`'s text ends, how many of its spaces between blocks may grow, and how low it
    /// may end once they grow by `share` of themselves (above its notes).
    private func reach(of page: PlannedPage, _ share: Double, _ entries: [Entry],
                       _ paragraphs: [SetParagraph]) -> (bottom: Double, gaps: Int, lowest: Double) {
        let bottom = bottom(of: page, entries, paragraphs)
        let gaps = innerGaps(of: page, entries, paragraphs)
        // What comes below the last text and is drawn (a box's edge, an empty paragraph) moves down too.
        var trailing = 0.0
        for slot in page.placed.reversed() {
            guard showsNothing(slot, entries, paragraphs) else { break }
            if case .entry(let index) = slot, !entries[index].isGap { trailing += height(of: slot, entries, paragraphs) }
        }
        return (bottom, gaps, min(bottom + Double(gaps) * share * gapHeight, contentHeight - page.noteHeight - trailing))
    }

    /// Whether `page` holds a line or a picture of the chapter's flow.
    private func placesFlow(_ page: PlannedPage, _ entries: [Entry]) -> Bool {
        page.placed.contains { slot in
            if case .entry(let index) = slot { return !entries[index].isGap }
            return false
        }
    }

    /// Whether the page made before `cursor` ended where the break rules allow a page to end.
    private func endsAtAllowedBreak(_ cursor: Cursor, _ entries: [Entry]) -> Bool {
        cursor.start == entries.count || entries[cursor.start].breakBefore == .allowed || entries[cursor.start].forced
    }

    /// Whether `slot` shows nothing: a gap, room for a box's edge, or a line of a paragraph with
    /// no text. The gaps and the empty paragraphs (books space their blocks with those too) are
    /// the space between blocks, which may grow (`stretches`).
    func showsNothing(_ slot: Slot, _ entries: [Entry], _ paragraphs: [SetParagraph],
                      stretches: Bool = false) -> Bool {
        switch slot {
        case .gap: return true
        case .header: return false
        case .entry(let index):
            let entry = entries[index]
            guard let line = entry.line else { return entry.isGap || !stretches }
            let paragraph = paragraphs[entry.paragraph]
            guard !entry.isImage, paragraph.table == nil, paragraph.floats.isEmpty else { return false }
            return paragraph.lines[line].text.isEmpty && paragraph.lines[line].formulas.isEmpty
        }
    }

    /// How far down the page its text and pictures end (not its notes); 0 for a page of none.
    private func bottom(of page: PlannedPage, _ entries: [Entry], _ paragraphs: [SetParagraph]) -> Double {
        var y = 0.0
        var bottom = 0.0
        for slot in page.placed {
            y += height(of: slot, entries, paragraphs)
            if !showsNothing(slot, entries, paragraphs) { bottom = y }
        }
        return bottom
    }

    /// How many spaces between blocks the page has with text or a picture above and below them:
    /// those that may grow.
    private func innerGaps(of page: PlannedPage, _ entries: [Entry], _ paragraphs: [SetParagraph]) -> Int {
        guard let flow = flowSlots(of: page, entries, paragraphs) else { return 0 }
        return page.placed[flow].reduce(0) { $0 + (showsNothing($1, entries, paragraphs, stretches: true) ? 1 : 0) }
    }

    /// The slots of `page` from its first that shows something to its last (that one left out):
    /// where the spaces that may grow are. Nil for a page that shows nothing.
    func flowSlots(of page: PlannedPage, _ entries: [Entry], _ paragraphs: [SetParagraph]) -> Range<Int>? {
        guard let first = page.placed.firstIndex(where: { !showsNothing($0, entries, paragraphs) }),
              let last = page.placed.lastIndex(where: { !showsNothing($0, entries, paragraphs) }) else { return nil }
        return first..<last
    }
}
