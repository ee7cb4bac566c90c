import PageFormat

/// Room a line adds after some of its characters beyond what its runs were measured with — a
/// ruby's base spread to its reading's width, the room inter-character justification shares
/// out — given to the runs as letter spacing, which a renderer draws as a kern after each
/// character. In hundredths of a point, the output's precision, rounded down: a line never
/// draws wider than it was measured, and falls short of its measure by less than a hundredth
/// of a point a character.
struct AddedSpacing {
    /// The line's characters (grapheme clusters), as UTF-16 ranges of its text.
    let characters: [Range<Int>]
    /// Hundredths of a point added after each character.
    private(set) var hundredths: [Int32]

    init(text: String) {
        var characters: [Range<Int>] = []
        var unit = 0
        for character in text {
            let length = character.utf16.count
            characters.append(unit..<(unit + length))
            unit += length
        }
        self.characters = characters
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
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high) / 2
            if characters[middle].upperBound <= unit { low = middle + 1 } else { high = middle }
        }
        return low
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
    func justificationGaps(of string: String) -> [Int] {
        let characters = Array(string)
        guard characters.count > 1 else { return [] }
        return (0..<(characters.count - 1)).filter { k in
            characters[k] == " " || Self.isWide(characters[k]) || Self.isWide(characters[k + 1])
        }
    }

    /// A character set on the ideographic em square: Han, kana, bopomofo, CJK punctuation and
    /// symbols, full-width forms.
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x303F, 0x3040...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
            return true
        default:
            return false
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
