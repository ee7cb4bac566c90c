/// A paragraph's lines as set, with how it may be split between pages.
struct SetParagraph: Equatable {
    var lines: [LaidOutLine]
    var pageBreak: PageBreakRule
    var gapBefore: Bool
    var breaks = BreakRules()
}

/// Splits one chapter's paragraphs into pages: fills each page with as many lines as fit, then
/// backs off to the last place a break is allowed (crengine's way: lay out everything, then cut
/// between lines honouring the break rules).
///
/// Allowed: between paragraphs, unless the first keeps with the next (a heading); inside a
/// splittable paragraph, leaving at least its orphans and widows (two and two unless the book's
/// CSS says otherwise) on each page. Avoided (`break-*: avoid`, a group kept together): taken
/// only when the page has no allowed break. A forced break (`break-before: page`) always ends
/// the page. When a page has no allowed or avoided break, it is cut where it is full; a line
/// taller than the page goes on a page of its own. Empty lines of `gapHeight` separate
/// paragraphs (one, or as many as the book's margins ask), except at a page's top.
struct Paginator {
    let contentHeight: Double
    let gapHeight: Double

    private static let tolerance = 1e-9

    /// Whether a page may end just before an entry.
    private enum Break: Comparable {
        case forbidden, avoided, allowed
    }

    private struct Entry {
        var paragraph: Int
        /// The line's index in its paragraph; nil for the gap before the paragraph.
        var line: Int?
        var height: Double
        var breakBefore: Break
        /// The page must end just before this entry.
        var forced = false
    }

    /// The chapter's pages, lines with y set from the content box's top, and for each paragraph
    /// the page (counted from the chapter's first) that holds its first line.
    func paginate(_ paragraphs: [SetParagraph]) -> (pages: [[LaidOutLine]], firstPages: [Int]) {
        let entries = self.entries(of: paragraphs)
        var pages: [[LaidOutLine]] = []
        var firstPages = Array(repeating: 0, count: paragraphs.count)
        var start = 0
        while start < entries.count {
            while start < entries.count, entries[start].line == nil { start += 1 }
            guard start < entries.count else { break }
            let end = pageEnd(entries, from: start)
            var lines: [LaidOutLine] = []
            var y = 0.0
            var last = end
            while last > start, entries[last - 1].line == nil { last -= 1 }
            for entry in entries[start..<last] {
                if let index = entry.line {
                    var line = paragraphs[entry.paragraph].lines[index]
                    line.y = y
                    lines.append(line)
                    if index == 0 { firstPages[entry.paragraph] = pages.count }
                } else {
                    lines.append(LaidOutLine(text: "", x: 0, y: y, width: 0, height: entry.height))
                }
                y += entry.height
            }
            pages.append(lines)
            start = end
        }
        return (pages, firstPages)
    }

    /// Where the page that starts at `start` (a line, not a gap) ends.
    private func pageEnd(_ entries: [Entry], from start: Int) -> Int {
        var y = 0.0
        var full = start
        while full < entries.count, y + entries[full].height <= contentHeight + Self.tolerance {
            y += entries[full].height
            full += 1
        }
        if full > start + 1, let forced = (start + 1..<full).first(where: { entries[$0].forced }) { return forced }
        if full == entries.count { return full }
        if full == start { return start + 1 }
        if entries[full].forced { return full }
        for wanted in [Break.allowed, .avoided] {
            var end = full
            while end > start, entries[end].breakBefore < wanted { end -= 1 }
            if end > start { return end }
        }
        return full
    }

    private func entries(of paragraphs: [SetParagraph]) -> [Entry] {
        var entries: [Entry] = []
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
            let count = paragraph.lines.count
            let inside: Break = rules.avoidedInside ? .avoided : .allowed
            for (k, line) in paragraph.lines.enumerated() {
                var entry = Entry(paragraph: p, line: k, height: line.height, breakBefore: .forbidden)
                if k == 0 {
                    if gaps == 0 {
                        entry.breakBefore = boundary
                        entry.forced = forced
                    }
                } else if paragraph.pageBreak == .splittable, k >= rules.orphans, count - k >= rules.widows {
                    entry.breakBefore = inside
                }
                entries.append(entry)
            }
        }
        return entries
    }
}
