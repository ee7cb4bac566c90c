/// A paragraph's lines as set, with how it may be split between pages.
struct SetParagraph: Equatable {
    var lines: [LaidOutLine]
    var pageBreak: PageBreakRule
    var gapBefore: Bool
    /// For an image: its box (the paginator sets its y). Its one line, with no text, is the
    /// space it takes.
    var image: LaidOutImage?
}

/// What one page holds, positions from the content box's top.
struct PageContent: Equatable {
    var lines: [LaidOutLine] = []
    var images: [LaidOutImage] = []
}

/// Splits one chapter's paragraphs into pages: fills each page with as many lines as fit, then
/// backs off to the last place a break is allowed (crengine's way: lay out everything, then cut
/// between lines honouring the break rules).
///
/// Allowed: between paragraphs, unless the first keeps with the next (a heading); inside a
/// splittable paragraph of four or more lines, leaving at least two lines on each page. When a
/// page has no allowed break, it is cut where it is full; a line taller than the page goes on a
/// page of its own. An empty line of `gapHeight` separates paragraphs, except at a page's top.
///
/// Images are deferred floats, as TeX places figures: an image that does not fit the rest of a
/// page waits for the top of the next one, and the text after it fills the page meanwhile — up
/// to the next heading, which an image never passes. Images keep their order (one that follows
/// a waiting image waits too), and waiting images are placed before the chapter ends.
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
        /// The line is an image's.
        var isImage: Bool
    }

    /// The chapter's pages, and for each paragraph the page (counted from the chapter's first)
    /// that holds its first line.
    func paginate(_ paragraphs: [SetParagraph]) -> (pages: [PageContent], firstPages: [Int]) {
        let entries = self.entries(of: paragraphs)
        var pages: [PageContent] = []
        var firstPages = Array(repeating: 0, count: paragraphs.count)
        var waiting: [Int] = []
        var start = 0
        while true {
            while start < entries.count, entries[start].line == nil { start += 1 }
            guard start < entries.count || !waiting.isEmpty else { break }
            // Images that waited go first, as many as fit, a gap between them.
            var placed: [Int?] = []
            var y = 0.0
            while let image = waiting.first,
                  placed.isEmpty || y + gapHeight + entries[image].height <= contentHeight + Self.tolerance {
                if !placed.isEmpty {
                    placed.append(nil)
                    y += gapHeight
                }
                placed.append(image)
                y += entries[image].height
                waiting.removeFirst()
            }
            if waiting.isEmpty, start < entries.count {
                if !placed.isEmpty {
                    placed.append(nil)
                    y += gapHeight
                }
                let (end, deferred) = fill(entries, paragraphs, from: start, y: y)
                // A waiting image's entries, and the gap before it, are left for later.
                placed += (start..<end).filter { index in
                    !deferred.contains(index) && !(entries[index].line == nil && deferred.contains(index + 1))
                }.map { $0 }
                waiting += deferred
                start = end
            }
            let page = assemble(placed, entries, paragraphs)
            for entry in placed.compactMap({ $0 }) where entries[entry].line == 0 {
                firstPages[entries[entry].paragraph] = pages.count
            }
            pages.append(page)
        }
        return (pages, firstPages)
    }

    /// Where the text of a page that starts at `start` (a line, not a gap) ends, `y` down the
    /// page, and which images on the way wait for the next page. Entries of a waiting image
    /// (and the gap before it) are not on this page.
    private func fill(_ entries: [Entry], _ paragraphs: [SetParagraph], from start: Int, y top: Double) -> (end: Int, deferred: [Int]) {
        var y = top
        var deferred: [Int] = []
        var full = start
        var stoppedAtHeading = false
        while full < entries.count {
            let entry = entries[full]
            let image = entry.isImage ? full : (entry.line == nil && full + 1 < entries.count && entries[full + 1].isImage ? full + 1 : nil)
            if let image {
                let needed = entries[image].height + (image == full ? 0 : entry.height)
                if y > 0, !deferred.isEmpty || y + needed > contentHeight + Self.tolerance {
                    deferred.append(image)
                    full = image + 1
                    continue
                }
            }
            if !deferred.isEmpty, paragraphs[entry.paragraph].pageBreak == .withNext, entry.line ?? 0 == 0 {
                stoppedAtHeading = true
                break
            }
            guard y + entry.height <= contentHeight + Self.tolerance else { break }
            y += entry.height
            full += 1
        }
        var end = full
        if full < entries.count, !stoppedAtHeading {
            if full == start {
                // Nothing fits: below images placed first, the text waits; on its own, a line
                // taller than the page is cut.
                end = top > 0 ? start : start + 1
            } else {
                while end > start, !entries[end].breakBefore { end -= 1 }
                if end == start { end = full }
            }
        }
        return (end, deferred.filter { $0 < end })
    }

    /// The page's lines and images, y set top to bottom. An image shows no line of text; an
    /// empty line stands for the space between blocks, once, and never at the top or the foot.
    private func assemble(_ placed: [Int?], _ entries: [Entry], _ paragraphs: [SetParagraph]) -> PageContent {
        var page = PageContent()
        var y = 0.0
        var gap: LaidOutLine?
        for slot in placed {
            guard let index = slot, let line = entries[index].line else {
                let height = slot.map { entries[$0].height } ?? gapHeight
                if gap == nil, !page.lines.isEmpty || !page.images.isEmpty {
                    gap = LaidOutLine(text: "", x: 0, y: y, width: 0, height: height)
                }
                y += height
                continue
            }
            let paragraph = paragraphs[entries[index].paragraph]
            if var image = paragraph.image {
                image.y = y
                page.images.append(image)
            } else {
                if let pending = gap, !page.lines.isEmpty { page.lines.append(pending) }
                gap = nil
                var laidOut = paragraph.lines[line]
                laidOut.y = y
                page.lines.append(laidOut)
            }
            y += entries[index].height
        }
        return page
    }

    private func entries(of paragraphs: [SetParagraph]) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(paragraphs.reduce(0) { $0 + $1.lines.count + 1 })
        for (p, paragraph) in paragraphs.enumerated() {
            let mayBreakBefore = p > 0 && paragraphs[p - 1].pageBreak != .withNext
            let hasGap = p > 0 && paragraph.gapBefore
            if hasGap {
                entries.append(Entry(paragraph: p, line: nil, height: gapHeight, breakBefore: mayBreakBefore, isImage: false))
            }
            let count = paragraph.lines.count
            for (k, line) in paragraph.lines.enumerated() {
                let breakBefore: Bool
                if k == 0 {
                    breakBefore = mayBreakBefore && !hasGap
                } else {
                    breakBefore = paragraph.pageBreak == .splittable && k >= Self.orphans && count - k >= Self.widows
                }
                entries.append(Entry(paragraph: p, line: k, height: line.height, breakBefore: breakBefore,
                                     isImage: paragraph.image != nil))
            }
        }
        return entries
    }
}
