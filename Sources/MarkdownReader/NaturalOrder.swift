/// File names in the order people number them: `2-intro.md` before `10-end.md`. Runs of digits
/// compare by value, the rest without regard to case; names equal that way fall back to plain
/// code-point order, so the order is total and never depends on the machine's locale.
enum NaturalOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        let left = chunks(a), right = chunks(b)
        for (x, y) in zip(left, right) where x != y {
            switch (x, y) {
            case (.number(let m), .number(let n)):
                if m.count != n.count { return m.count < n.count }
                return m < n
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let s), .text(let t)):
                if s.lowercased() != t.lowercased() { return s.lowercased().unicodeScalars.lexicographicallyPrecedes(t.lowercased().unicodeScalars) }
            }
        }
        if left.count != right.count { return left.count < right.count }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    private enum Chunk: Equatable {
        /// Digits without leading zeros, so longer means larger.
        case number(String)
        case text(String)
    }

    private static func chunks(_ name: String) -> [Chunk] {
        var result: [Chunk] = []
        var current = ""
        var inDigits = false
        func finish() {
            guard !current.isEmpty else { return }
            if inDigits {
                let trimmed = current.drop { $0 == "0" }
                result.append(.number(trimmed.isEmpty ? "0" : String(trimmed)))
            } else {
                result.append(.text(current))
            }
            current = ""
        }
        for character in name {
            let isDigit = character.isASCII && character.isNumber
            if isDigit != inDigits { finish(); inDigits = isDigit }
            current.append(character)
        }
        finish()
        return result
    }
}
