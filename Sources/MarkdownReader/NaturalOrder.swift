/// File names in the order people number them: `2-intro.md` before `10-end.md`. Runs of digits
/// compare by value, the rest without regard to case; names equal that way fall back to plain
/// code-point order, so the order is total and never depends on the machine's locale.
enum NaturalOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        Key(a) < Key(b)
    }

    /// `names` in natural order, each cut into its chunks once: cutting both names at every
    /// comparison made sorting a folder of 3 600 chapters take longer than reading them.
    static func sorted(_ names: [String]) -> [String] {
        names.map(Key.init).sorted(by: <).map(\.name)
    }

    private struct Key: Comparable {
        let name: String
        let chunks: [Chunk]

        init(_ name: String) {
            self.name = name
            chunks = NaturalOrder.chunks(name)
        }

        static func < (a: Key, b: Key) -> Bool {
            for (x, y) in zip(a.chunks, b.chunks) where x != y {
                switch (x, y) {
                case (.number(let m), .number(let n)):
                    if m.count != n.count { return m.count < n.count }
                    return m < n
                case (.number, .text): return true
                case (.text, .number): return false
                case (.text(let s), .text(let t)): return s.unicodeScalars.lexicographicallyPrecedes(t.unicodeScalars)
                }
            }
            if a.chunks.count != b.chunks.count { return a.chunks.count < b.chunks.count }
            return a.name.unicodeScalars.lexicographicallyPrecedes(b.name.unicodeScalars)
        }

        static func == (a: Key, b: Key) -> Bool { a.name == b.name }
    }

    private enum Chunk: Equatable {
        /// Digits without leading zeros, so longer means larger.
        case number(String)
        /// Lowercased: text compares without regard to case.
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
                result.append(.text(current.lowercased()))
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
