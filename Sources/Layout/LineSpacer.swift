import PageFormat

/// Finishes a line of a paragraph with rubies, or of one justified between characters (Chinese
/// and Japanese): spreads each ruby's base to its reading's width, shares the room left in a
/// justified line out between its characters (CSS Text's `inter-character`, JLReq §3.8), gives
/// both to the runs as letter spacing, and places each reading over its base.
struct LineSpacer {
    let segmenter: ParagraphSegmenter
    let paragraph: StyledParagraph
    /// For each of the paragraph's rubies, its base's advance and its reading's.
    let rubyWidths: [(base: Double, reading: Double)]
    /// The paragraph's language, or the book's: whose Han characters a reading's stand-in sets.
    let language: String?
    /// The paragraph is Chinese or Japanese: its brackets are compressed and its Latin spaced
    /// off (JLReq §3.1, §3.2).
    let composesCJK: Bool

    init(segmenter: ParagraphSegmenter, paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>, language: String?,
         composesCJK: Bool) {
        self.segmenter = segmenter
        self.paragraph = paragraph
        self.language = language
        self.composesCJK = composesCJK
        rubyWidths = paragraph.rubies.isEmpty ? [] : segmenter.rubyWidths(of: paragraph, text: text)
    }

    /// A line as the setter made it, to finish.
    struct Line {
        /// Its text in the paragraph (UTF-8), and the UTF-16 units before it in the line's
        /// string (a list marker).
        var range: Range<Int>
        var prefixUnits: Int
        var prefixWidth: Double
        var string: String
        var runs: [LineRun]
        /// Its measured width, a spread ruby's room included; the room it may fill when it is
        /// justified between characters (nil when it is not); the room it has.
        var width: Double
        var fill: Double?
        var room: Double
        var height: Double
    }

    /// The line's runs, width and height, its rubies, and whether it was filled between its
    /// characters (a line of Latin words among Chinese or Japanese is not: its spaces stretch).
    func finish(_ line: Line, text: UnsafeBufferPointer<UInt8>) -> (runs: [LineRun], width: Double, height: Double,
                                                                       rubies: [SetRuby], filled: Bool) {
        let rubies = paragraph.rubies.indices.filter {
            let base = paragraph.rubies[$0].base
            return base.lowerBound >= line.range.lowerBound && base.upperBound <= line.range.upperBound
        }
        var spacing = AddedSpacing(text: line.string, runs: line.runs)
        let bases = spreadRubies(rubies, on: line, text: text, spacing: &spacing)
        // The text's advance without the rubies' room, which the spacing gives back.
        var natural = line.width - rubies.reduce(0) { $0 + room(ofRuby: $1) }
        if composesCJK {
            // Its text measured whole, as it is drawn: the segments it was broken from were
            // measured apart, without the kerning between them (`こへ` in Noto CJK), and the
            // breaker may have counted its last stop half-width.
            natural = line.prefixWidth + segmenter.widths(of: [line.range], of: paragraph, text: text)[0]
            compose(line, natural: natural, spacing: &spacing)
        }
        var width = natural + spacing.total + kerningLost(to: spacing, runs: line.runs, string: line.string)
        var filled = false
        if let fill = line.fill, fill > width {
            filled = share(fill - natural, of: line, spacing: &spacing)
            width = natural + spacing.total + kerningLost(to: spacing, runs: line.runs, string: line.string)
        }
        let runs = spacing.applied(to: line.runs)
        guard !rubies.isEmpty else { return (runs, width, line.height, [], filled) }
        let (placed, height) = place(rubies, bases: bases, on: line, spacing: spacing, text: text)
        return (runs, width, height, placed, filled)
    }

    /// How much wider than its base ruby `index`'s reading is.
    private func room(ofRuby index: Int) -> Double { max(0, rubyWidths[index].reading - rubyWidths[index].base) }

    /// Where a ruby's base is among the line's characters, the spread added before and after
    /// it, and how far its reading reaches over the character before it.
    typealias SpreadBase = (first: Int, last: Int, lead: Double, trail: Double, over: Double)

    /// Makes room for each reading wider than its base: it reaches over a kana beside the base,
    /// on the line, by up to one ruby character each side (JLReq §3.3.6), and what is left
    /// spreads the base, 1:2:1: half a share before it and after it, a share between its
    /// characters (at the line's start, none before).
    private func spreadRubies(_ rubies: [Int], on line: Line, text: UnsafeBufferPointer<UInt8>,
                              spacing: inout AddedSpacing) -> [SpreadBase] {
        let places = rubies.map { index -> (first: Int, last: Int) in
            let base = paragraph.rubies[index].base
            let startUnit = line.prefixUnits + LineRunCollector.utf16Count(text, line.range.lowerBound..<base.lowerBound)
            let units = LineRunCollector.utf16Count(text, base)
            return (spacing.character(atUnit: startUnit), spacing.character(atUnit: startUnit + units - 1))
        }
        func takesOverhang(_ k: Int) -> Bool {
            spacing.classes.indices.contains(k) && spacing.classes[k] == .kana && !places.contains { $0.first <= k && k <= $0.last }
        }
        var bases: [SpreadBase] = []
        for (index, (first, last)) in zip(rubies, places) {
            let size = paragraph.rubies[index].size, room = room(ofRuby: index)
            var lead = 0.0, trail = 0.0, over = (before: 0.0, after: 0.0)
            if room > 0 {
                let before = takesOverhang(first - 1) ? size : 0, after = takesOverhang(last + 1) ? size : 0
                if before + after > 0 {
                    let used = min(room, before + after)
                    over = (used * before / (before + after), used * after / (before + after))
                }
                let spread = room - over.before - over.after
                if spread > 0.005 {
                    let share = spread / Double(last - first + 1)
                    if first > 0 {
                        lead = share / 2
                        spacing.add(lead, after: first - 1)
                    }
                    for k in first..<last { spacing.add(share, after: k) }
                    trail = first > 0 ? share / 2 : share
                    spacing.add(trail, after: last)
                }
            }
            bases.append((first, last, lead, trail, over.before))
        }
        return bases
    }

    /// Brackets and stops side by side lose the blank half of the first (JLReq §3.1.4), and so
    /// does a stop ending a line that is otherwise too long (§3.8.2); a
    /// Latin letter or digit is a quarter em off Chinese or Japanese (§3.2.3) where the line,
    /// `natural` wide as measured, has room for it.
    private func compose(_ line: Line, natural: Double, spacing: inout AddedSpacing) {
        let classes = spacing.classes
        for k in classes.indices.dropLast() where classes[k].compresses(before: classes[k + 1]) {
            spacing.take(size(ofCharacter: k, in: line, spacing: spacing) / 2, after: k)
        }
        // A line too long for its room by no more than its last stop's blank half was pushed in
        // (`Segment.endTrim`): that stop is set half-width.
        if let last = classes.indices.last, classes[last] == .closing,
           natural + spacing.total + kerningLost(to: spacing, runs: line.runs, string: line.string) > line.room + widthTolerance {
            spacing.take(size(ofCharacter: last, in: line, spacing: spacing) / 2, after: last)
        }
        var spaced = spacing
        for k in classes.indices.dropLast() where SpacingClass.meetsLatin(classes[k], classes[k + 1]) {
            spaced.add(size(ofCharacter: k, in: line, spacing: spacing) / 4, after: k)
        }
        let lost = kerningLost(to: spaced, runs: line.runs, string: line.string)
        if natural + spaced.total + lost <= line.room + widthTolerance { spacing = spaced }
    }

    /// Shares `room` (what the line may add to its text) out between its characters, beside
    /// wide ones and at spaces; false, with nothing shared, when it has no such place or the
    /// share would not settle. The share is made again while the characters it puts apart
    /// (in runs of their own) change what their kerning takes back, as a renderer shapes each
    /// run alone.
    private func share(_ room: Double, of line: Line, spacing: inout AddedSpacing) -> Bool {
        let gaps = spacing.justificationGaps
        guard !gaps.isEmpty else { return false }
        let before = spacing
        var lost = kerningLost(to: spacing, runs: line.runs, string: line.string)
        for _ in 0..<4 {
            spacing = before
            spacing.share(room - before.total - lost, after: gaps)
            let now = kerningLost(to: spacing, runs: line.runs, string: line.string)
            if now <= lost + 0.005 { return true }
            lost = now
        }
        spacing = before
        return false
    }

    /// The readings over their bases, and the line's height: each base's start measured from
    /// the line's, and the line made tall enough that a reading fits above its text's em box.
    private func place(_ rubies: [Int], bases: [SpreadBase], on line: Line, spacing: AddedSpacing,
                       text: UnsafeBufferPointer<UInt8>) -> (rubies: [SetRuby], height: Double) {
        // Measured in order, from one base's start to the next's (as measured ranges must come).
        let bounds = [line.range.lowerBound] + rubies.map { paragraph.rubies[$0].base.lowerBound }
        let steps = segmenter.widths(of: zip(bounds, bounds.dropFirst()).map { $0..<$1 }, of: paragraph, text: text)
        var starts: [Double] = []
        var sum = 0.0
        for step in steps {
            sum += step
            starts.append(sum)
        }
        let textSize = line.runs.reduce(0) { max($0, $1.size) }
        let readingSize = rubies.reduce(0) { max($0, paragraph.rubies[$1].size) }
        let height = max(line.height, textSize + 2 * readingSize)
        var placed: [SetRuby] = []
        for (k, index) in rubies.enumerated() {
            let ruby = paragraph.rubies[index], (first, last, lead, trail, over) = bases[k]
            let baseStart = line.prefixWidth + starts[k] + spacing.offset(before: first)
            // The base's box: its characters with what was added between them, and the spread
            // before and after it (not the justification after its last character).
            let boxStart = baseStart - lead
            let boxEnd = baseStart + rubyWidths[index].base + spacing.offset(before: last) - spacing.offset(before: first) + trail
            let box = boxEnd - boxStart
            let reading = rubyWidths[index].reading
            let count = Double(ruby.text.count)
            let letterSpacing = reading < box && count > 0 ? ((box - reading) / count * 100).rounded(.down) / 100 : 0
            // A wider reading starts over the character before the base by what it reaches over
            // it, and the rest of it goes over the base's spread and the character after.
            let x = reading < box ? boxStart : boxStart - over
            let units = LineRunCollector.utf16Count(text, ruby.base)
            let start = line.prefixUnits + LineRunCollector.utf16Count(text, line.range.lowerBound..<ruby.base.lowerBound)
            var run = LineRun(start: 0, length: ruby.text.utf16.count, face: ruby.face, size: ruby.size)
            run = StandInRuns.split([run], of: ruby.text, faces: segmenter.faces, measurer: segmenter.measurer,
                                    language: language).first ?? run
            placed.append(SetRuby(start: start, length: units, text: ruby.text, offset: x, width: max(box, reading),
                                  rise: (height - textSize) / 2 - ruby.size, letterSpacing: letterSpacing,
                                  face: ruby.face, size: ruby.size, standIn: run.standIn))
        }
        return (placed, height)
    }
}

extension LineSpacer {
    /// The size of the run that character `index` of the line is set in.
    func size(ofCharacter index: Int, in line: Line, spacing: AddedSpacing) -> Double {
        let unit = spacing.characters[index].lowerBound
        return (line.runs.first { $0.start <= unit && unit < $0.start + $0.length } ?? line.runs.last)?.size ?? 0
    }

    /// What the line's kerning loses where `spacing` cuts one of its runs in two (a renderer
    /// shapes each run alone, so the two characters either side of the cut are not kerned
    /// together): the characters measured apart less measured together, for each cut (negative
    /// where the pair measured together is wider).
    func kerningLost(to spacing: AddedSpacing, runs: [LineRun], string: String) -> Double {
        let counts = spacing.hundredths
        guard counts.count > 1 else { return 0 }
        let units = Array(string.utf16)
        var lost = 0.0
        var run = 0
        for k in 0..<(counts.count - 1) where counts[k] != counts[k + 1] {
            let first = spacing.characters[k], second = spacing.characters[k + 1]
            while run < runs.count, runs[run].start + runs[run].length <= first.lowerBound { run += 1 }
            guard run < runs.count, second.upperBound <= runs[run].start + runs[run].length else { continue }
            // Upright text is measured (and drawn) in the face's upright variant.
            let face = runs[run].shaping.upright ? segmenter.faces[runs[run].face].upright() : segmenter.faces[runs[run].face]
            let size = runs[run].size
            func width(_ range: Range<Int>) -> Double {
                segmenter.measurer.width(of: String(decoding: units[range], as: UTF16.self), in: face, size: size)
            }
            lost += width(first) + width(second) - width(first.lowerBound..<second.upperBound)
        }
        return lost
    }
}

/// A ruby reading of a set line, placed from the line's box: `offset` along the line from its
/// start, `rise` down from its top to the reading's box.
struct SetRuby: Sendable, Equatable {
    var start: Int
    var length: Int
    var text: String
    var offset: Double
    var width: Double
    var rise: Double
    var letterSpacing: Double
    var face: Int
    var size: Double
    var standIn: MeasuredFace?
}
