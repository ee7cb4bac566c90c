import PageFormat

/// A footnote set into lines, ready for the foot of a page.
struct SetNote: Equatable {
    /// Its lines, y left at 0; an empty line is the space between two of its paragraphs.
    var lines: [SetLine]
    /// For each line, whether the note may be cut just before it (between paragraphs, or where
    /// its paragraph keeps two lines on each side); the first line's value is not used.
    var breakable: [Bool]
    /// Gap lines, which a piece of the note never starts with.
    var isGap: [Bool]
}

/// The footnotes at the foot of the page being made, and the queue of those (or their rests)
/// waiting for a later page, as TeX's footnote insertions: a note goes under the page that
/// calls it when it fits, else as much of it as fits (cut where its paragraphs may be cut),
/// else it waits; whatever waits goes first on the next page, and notes keep their order.
///
/// The queue only grows while a page is filled (calls append), so the paginator saves and
/// restores the state as three counts when it backs off to an earlier break.
struct NoteFoot {
    /// Lines `lines` of note `note`.
    struct Piece: Equatable {
        var note: Int
        var lines: Range<Int>
    }

    /// The state after some of a page's calls, to come back to.
    struct Mark {
        fileprivate var placed: Int
        fileprivate var queued: Int
        fileprivate var height: Double
    }

    let notes: [SetNote]
    /// The space the rule above the notes takes (counted once a note is placed).
    let separatorHeight: Double
    /// What this page shows, in order.
    private(set) var placed: [Piece] = []
    /// Pieces from `head` on wait, in order; earlier entries were placed on earlier pages.
    private var queue: [Piece] = []
    private var head = 0
    /// The foot's height on this page: the rule and the lines placed, 0 with none.
    private(set) var height = 0.0

    private static let tolerance = 1e-9

    init(notes: [SetNote], separatorHeight: Double) {
        self.notes = notes
        self.separatorHeight = separatorHeight
    }

    var isEmpty: Bool { placed.isEmpty }
    var hasWaiting: Bool { head < queue.count }
    var mark: Mark { Mark(placed: placed.count, queued: queue.count, height: height) }

    mutating func restore(_ mark: Mark) {
        placed.removeLast(placed.count - mark.placed)
        queue.removeLast(queue.count - mark.queued)
        height = mark.height
    }

    /// Starts the next page: nothing placed yet, the queue kept.
    mutating func startPage() {
        placed = []
        height = 0
    }

    /// Puts notes at the end of the queue (notes no line called, at the chapter's end).
    mutating func enqueue(_ notes: [Int]) {
        queue += notes.filter { !self.notes[$0].lines.isEmpty }.map { Piece(note: $0, lines: 0..<self.notes[$0].lines.count) }
    }

    /// Places waiting pieces in order while they fit in `limit` (the foot's largest height). The
    /// first on a page may be cut anywhere, so a note too long for its breaks still moves on;
    /// with `mustPlace` (a page with nothing else), at least one line goes, fitting or not.
    mutating func placeWaiting(limit: Double, mustPlace: Bool) {
        while head < queue.count {
            let piece = queue[head]
            let firstOnPage = placed.isEmpty
            guard let end = cut(piece, limit: limit, anywhere: false)
                    ?? (firstOnPage ? cut(piece, limit: limit, anywhere: true) : nil)
                    ?? (mustPlace && firstOnPage ? piece.lines.lowerBound + 1 : nil) else { return }
            place(Piece(note: piece.note, lines: piece.lines.lowerBound..<end))
            guard end == piece.lines.upperBound else {
                queue[head] = rest(of: piece, from: end)
                return
            }
            head += 1
        }
    }

    /// A line calls note `note` for the first time: it goes on this page, or what does not fit
    /// waits, behind whatever waits already.
    mutating func call(_ note: Int, limit: Double) {
        let piece = Piece(note: note, lines: 0..<notes[note].lines.count)
        guard !piece.lines.isEmpty else { return }
        guard !hasWaiting, let end = cut(piece, limit: limit, anywhere: false) else {
            queue.append(piece)
            return
        }
        place(Piece(note: note, lines: 0..<end))
        if end < piece.lines.upperBound { queue.append(rest(of: piece, from: end)) }
    }

    /// The lines of a foot of `pieces` (a page's `placed`), top to bottom, from `top` down: the
    /// rule (a template with its x, width and height) and the pieces.
    func lines(of pieces: [Piece], from top: Double, separator: SetLine) -> [SetLine] {
        guard !pieces.isEmpty else { return [] }
        var rule = separator
        rule.y = top
        var lines = [rule]
        var y = top + separatorHeight
        for piece in pieces {
            for var line in notes[piece.note].lines[piece.lines] {
                line.y = y
                y += line.height
                lines.append(line)
            }
        }
        return lines
    }

    private mutating func place(_ piece: Piece) {
        if placed.isEmpty { height += separatorHeight }
        height += notes[piece.note].lines[piece.lines].reduce(0) { $0 + $1.height }
        placed.append(piece)
    }

    /// Where the placed part of `piece` ends so that the foot stays within `limit`: the last
    /// line at which the note may be cut (`anywhere`: any line), or the piece's end; nil when
    /// not even its first part fits.
    private func cut(_ piece: Piece, limit: Double, anywhere: Bool) -> Int? {
        let note = notes[piece.note]
        var room = limit - height - (placed.isEmpty ? separatorHeight : 0) + Self.tolerance
        var best: Int?
        var index = piece.lines.lowerBound
        while index < piece.lines.upperBound, note.lines[index].height <= room {
            room -= note.lines[index].height
            index += 1
            if index == piece.lines.upperBound || anywhere || note.breakable[index] { best = index }
        }
        return best
    }

    /// What is left of `piece` after line `end`, without the gap lines it would start with.
    private func rest(of piece: Piece, from end: Int) -> Piece {
        var start = end
        let note = notes[piece.note]
        while start < piece.lines.upperBound - 1, note.isGap[start] { start += 1 }
        return Piece(note: piece.note, lines: start..<piece.lines.upperBound)
    }
}
