import PageFormat
import BookModel
import CBidi

/// The directions inside one paragraph, from ICU's implementation of the Unicode Bidirectional
/// Algorithm (UAX #9; the only file that touches CBidi): the paragraph's base direction and the
/// embedding level of every stretch of its text. Levels are resolved once for the whole
/// paragraph, as UAX #9 asks, before lines are broken; each line is then put in visual order
/// (`pieces`). Lines stay in logical order everywhere else: breaking, `text`, page locations.
struct ParagraphBidi: Equatable {
    /// A stretch of the paragraph's text at one embedding level (even: left to right, odd: right
    /// to left), up to the UTF-8 offset `end`; runs are consecutive from offset 0.
    struct LevelRun: Equatable {
        var end: Int
        var level: UInt8
    }

    var direction: TextDirection
    /// Empty when the whole paragraph is at its base level: what nearly every paragraph of a
    /// left-to-right book is, found without asking ICU.
    var runs: [LevelRun] = []

    var baseLevel: UInt8 { direction == .rightToLeft ? 1 : 0 }

    /// Every paragraph of a left-to-right book without right-to-left text.
    static let leftToRight = ParagraphBidi(direction: .leftToRight)

    /// Resolves `text` (valid UTF-8) as one paragraph. `fromText` (`dir="auto"`): the first strong
    /// character decides the direction, `direction` when there is none.
    init(text: UnsafeBufferPointer<UInt8>, direction: TextDirection, fromText: Bool) {
        self.direction = direction
        // A paragraph set left to right with nothing right to left in it (an Arabic number, a
        // bidi control) is all at level 0: below U+0590 no character is any of those, and above
        // it ICU's character directions say so, without resolving the whole paragraph. Curly
        // quotes and dashes put a fifth of an English book's paragraphs above U+0590.
        guard direction == .rightToLeft || fromText
              || (!UTF8Counting.isASCII(text) && text.contains(where: { $0 >= 0xD6 })
                  && b2p_bidi_may_leave_base_level(text.baseAddress, Int32(text.count)) != 0)
        else { return }
        let units = Array(String(decoding: text, as: UTF8.self).utf16)
        if fromText {
            switch b2p_bidi_first_strong(units, Int32(units.count)) {
            case 0: self.direction = .leftToRight
            case 1: self.direction = .rightToLeft
            default: break
            }
        }
        var levels = [UInt8](repeating: baseLevel, count: units.count)
        guard !units.isEmpty, b2p_bidi_levels(units, Int32(units.count), baseLevel, &levels) == 0 else { return }
        runs = Self.runs(utf8: text, levels: levels)
        if runs.count == 1, runs[0].level == baseLevel, baseLevel == 0 { runs = [] }
    }

    private init(direction: TextDirection) {
        self.direction = direction
    }

    /// Levels of UTF-16 units turned into runs over UTF-8 offsets: each scalar takes the level
    /// of its first UTF-16 unit.
    private static func runs(utf8 text: UnsafeBufferPointer<UInt8>, levels: [UInt8]) -> [LevelRun] {
        var runs: [LevelRun] = []
        var unit = 0
        var byte = 0
        while byte < text.count {
            let lead = text[byte]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let level = levels[min(unit, levels.count - 1)]
            if let last = runs.last, last.level == level {
                runs[runs.count - 1].end = min(byte + length, text.count)
            } else {
                runs.append(LevelRun(end: min(byte + length, text.count), level: level))
            }
            byte += length
            unit += length == 4 ? 2 : 1
        }
        return runs
    }

    /// The run holding UTF-8 offset `offset`; nil when all the text is at the base level.
    func run(at offset: Int) -> LevelRun? {
        guard !runs.isEmpty else { return nil }
        // The last run holds any offset past the others.
        return runs[(0..<runs.count - 1).partitionPoint { runs[$0].end <= offset }]
    }

    /// A line's text cut into pieces of one direction, in visual order from the left, in UTF-16
    /// offsets of the line's text: `prefixUnits` units of a list marker (at the base level), the
    /// paragraph's bytes `range`, and a hyphen the layout added (at the level of the character
    /// before it). Empty when the line is all left to right in a left-to-right paragraph.
    func pieces(of text: UnsafeBufferPointer<UInt8>, range: Range<Int>, prefixUnits: Int,
                hyphenated: Bool) -> [PageLine.BidiPiece] {
        guard !runs.isEmpty || direction == .rightToLeft else { return [] }
        // The line's runs in logical order, UTF-16 lengths and levels.
        var lengths: [Int] = []
        var levels: [UInt8] = []
        func add(_ units: Int, _ level: UInt8) {
            guard units > 0 else { return }
            if levels.last == level { lengths[lengths.count - 1] += units } else {
                lengths.append(units)
                levels.append(level)
            }
        }
        add(prefixUnits, baseLevel)
        var byte = range.lowerBound
        while byte < range.upperBound {
            let run = run(at: byte) ?? LevelRun(end: range.upperBound, level: baseLevel)
            let stop = min(run.end, range.upperBound)
            add(String(decoding: UnsafeBufferPointer(rebasing: text[byte..<stop]), as: UTF8.self).utf16.count, run.level)
            byte = stop
        }
        if hyphenated { add(1, levels.last ?? baseLevel) }
        guard !levels.isEmpty else { return [] }
        if levels.allSatisfy({ $0 == 0 }), direction == .leftToRight { return [] }

        var starts: [Int] = []
        var start = 0
        for length in lengths {
            starts.append(start)
            start += length
        }
        var order = [Int32](repeating: 0, count: levels.count)
        if b2p_bidi_visual_order(levels, Int32(levels.count), &order) != 0 {
            order = (0..<Int32(levels.count)).map { $0 }
        }
        var pieces: [PageLine.BidiPiece] = []
        for index in order.map(Int.init) {
            let piece = PageLine.BidiPiece(start: starts[index], length: lengths[index], rightToLeft: levels[index] & 1 == 1)
            // Runs of different levels but one direction that touch in the text and on the line
            // draw as one piece.
            if let last = pieces.last, last.rightToLeft == piece.rightToLeft,
               piece.rightToLeft ? piece.end == last.start : last.end == piece.start {
                pieces[pieces.count - 1] = PageLine.BidiPiece(start: min(last.start, piece.start), length: last.length + piece.length,
                                                     rightToLeft: piece.rightToLeft)
            } else {
                pieces.append(piece)
            }
        }
        return pieces
    }

}
