import BookModel
import PageFormat

/// Room a line adds after some of its characters beyond what its runs were measured with — a
/// ruby's base spread to its reading's width, the room inter-character justification shares
/// out — given to the runs as letter spacing, which a renderer draws as a kern after each
/// character. In hundredths of a point, the output's precision, rounded down: a line never
/// draws wider than it was measured, and falls short of its measure by less than a hundredth
/// of a point a character.
struct AddedSpacing {
    /// The line's characters (grapheme clusters, and characters combined upright, or a formula,
    /// as one), as
    /// UTF-16 ranges of its text, and what each is to the rules that space them.
    let characters: [Range<Int>]
    let classes: [SpacingClass]
    /// Hundredths of a point added after each character.
    private(set) var hundredths: [Int32]

    /// `runs`: the line's, which say which characters stand upright in a column (a Latin letter
    /// set upright is spaced as a Japanese one is) and which are combined into one.
    init(text: String, runs: [LineRun]) {
        var characters: [Range<Int>] = []
        var classes: [SpacingClass] = []
        var unit = 0
        var run = 0
        for character in text {
            let range = unit..<(unit + character.utf16.count)
            unit = range.upperBound
            while run < runs.count, runs[run].start + runs[run].length <= range.lowerBound { run += 1 }
            let shaping = run < runs.count && runs[run].start <= range.lowerBound ? runs[run].shaping : RunShaping()
            if shaping.isWhole {
                if runs[run].start < range.lowerBound, let last = characters.indices.last {
                    characters[last] = characters[last].lowerBound..<range.upperBound
                } else {
                    characters.append(range)
                    classes.append(.combined)
                }
                continue
            }
            var kind = SpacingClass(character)
            if shaping.upright, kind == .latin { kind = .ideographic }
            characters.append(range)
            classes.append(kind)
        }
        self.characters = characters
        self.classes = classes
        hundredths = Array(repeating: 0, count: characters.count)
    }

    /// All that is added, in points.
    var total: Double { Double(hundredths.reduce(0) { $0 + Int($1) }) / 100 }

    /// What is added before character `index`, in points: how far it moves along the line.
    func offset(before index: Int) -> Double {
        Double(hundredths[..<min(index, hundredths.count)].reduce(0) { $0 + Int($1) }) / 100
    }

    /// The character whose UTF-16 range starts at or holds `unit`.
    func character(atUnit unit: Int) -> Int {
        characters.indices.partitionPoint { characters[$0].upperBound <= unit }
    }

    /// Adds `points` after character `index`, rounded down to hundredths.
    mutating func add(_ points: Double, after index: Int) {
        guard hundredths.indices.contains(index), points.isFinite, points > 0 else { return }
        hundredths[index] += Int32((points * 100).rounded(.down))
    }

    /// Takes `points` away after character `index` (rounded down to hundredths): a glyph's
    /// blank half set closer to the next.
    mutating func take(_ points: Double, after index: Int) {
        guard hundredths.indices.contains(index), points.isFinite, points > 0 else { return }
        hundredths[index] -= Int32((points * 100).rounded(.down))
    }

    /// Shares `points` evenly after each of `indices`, in whole hundredths, the same after each:
    /// what is left over (less than a hundredth a character) is left, rather than cut the
    /// line's runs once more where it would go.
    mutating func share(_ points: Double, after indices: [Int]) {
        let indices = indices.filter { hundredths.indices.contains($0) }
        guard !indices.isEmpty, points.isFinite, points > 0 else { return }
        let each = Int32((points * 100).rounded(.down)) / Int32(indices.count)
        for index in indices { hundredths[index] += each }
    }

    /// The characters after which inter-character justification adds room: those beside a
    /// Chinese or Japanese character (or a full-width form), and spaces; not between two
    /// letters of a Latin word, which are never spaced apart. The last character is not one.
    var justificationGaps: [Int] {
        guard classes.count > 1 else { return [] }
        return (0..<(classes.count - 1)).filter { k in
            classes[k] == .space || classes[k].isWide || classes[k + 1].isWide
        }
    }

    /// `runs` cut where what is added changes, each piece's letter spacing grown by it.
    func applied(to runs: [LineRun]) -> [LineRun] {
        guard hundredths.contains(where: { $0 != 0 }) else { return runs }
        var result: [LineRun] = []
        result.reserveCapacity(runs.count * 2)
        for run in runs {
            var index = character(atUnit: run.start)
            let end = run.start + run.length
            while index < characters.count, characters[index].lowerBound < end {
                let amount = hundredths[index]
                var last = index
                while last + 1 < characters.count, characters[last + 1].lowerBound < end, hundredths[last + 1] == amount {
                    last += 1
                }
                var piece = run
                piece.start = max(run.start, characters[index].lowerBound)
                piece.length = min(end, characters[last].upperBound) - piece.start
                piece.shaping.addLetterSpacing(hundredths: amount)
                result.append(piece)
                index = last + 1
            }
        }
        return result
    }
}
