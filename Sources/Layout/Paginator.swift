/// A paragraph's lines as set, with how it may be split between pages.
struct SetParagraph: Equatable {
    var lines: [LaidOutLine]
    var pageBreak: PageBreakRule
    var gapBefore: Bool
}

/// Splits one chapter's paragraphs into pages: fills each page with as many lines as fit, then
/// backs off to the last place a break is allowed (crengine's way: lay out everything, then cut
/// between lines honouring the break rules).
///
/// Allowed: between paragraphs, unless the first keeps with the next (a heading); inside a
/// splittable paragraph of four or more lines, leaving at least two lines on each page. When a
/// page has no allowed break, it is cut where it is full; a line taller than the page goes on a
/// page of its own. An empty line of `gapHeight` separates paragraphs, except at a page's top.
struct Paginator {
    let contentHeight: Double
    let gapHeight: Double

    static let orphans = 2
    static let widows = 2
    private static let tolerance = 1e-9

    private struct Entry {
        var paragraph: Int
        /// The line's index in its paragraph; nil for the gap before the paragraph.
        var line: Int?
        var height: Double
        /// Whether a page may end just before this entry.
        var breakBefore: Bool
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
        if full == entries.count { return full }
        if full == start { return start + 1 }
        var end = full
        while end > start, !entries[end].breakBefore { end -= 1 }
        return end > start ? end : full
    }

    private func entries(of paragraphs: [SetParagraph]) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(paragraphs.reduce(0) { $0 + $1.lines.count + 1 })
        for (p, paragraph) in paragraphs.enumerated() {
            let mayBreakBefore = p > 0 && paragraphs[p - 1].pageBreak != .withNext
            let hasGap = p > 0 && paragraph.gapBefore
            if hasGap {
                entries.append(Entry(paragraph: p, line: nil, height: gapHeight, breakBefore: mayBreakBefore))
            }
            let count = paragraph.lines.count
            for (k, line) in paragraph.lines.enumerated() {
                let breakBefore: Bool
                if k == 0 {
                    breakBefore = mayBreakBefore && !hasGap
                } else {
                    breakBefore = paragraph.pageBreak == .splittable && k >= Self.orphans && count - k >= Self.widows
                }
                entries.append(Entry(paragraph: p, line: k, height: line.height, breakBefore: breakBefore))
            }
        }
        return entries
    }
}
