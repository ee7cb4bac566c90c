/// Where a token of inline code (a run in the code face) may be cut at a line's end, with no
/// hyphen added, as technical books and style guides break paths and URLs: after `::`, `/`,
/// `(`, `,`, `;`, `_`, `=`, `&` or `|`, and before a `.` that begins a field or method
/// (`a.clone()`), never before closing punctuation and never within three bytes of either end.
/// A long path (`crate::front_of_house::hosting`) no longer leaves the line before it with
/// nowhere to stretch but its few spaces.
enum CodeBreaks {
    /// The fewest bytes kept each side of a cut.
    static let minimum = 3
    /// What a line ending at such a cut costs, as a hyphen does.
    static let penalty = TotalFitLineBreaker.hyphenPenalty

    /// The cuts in `token`, as byte offsets from its start, in order.
    static func points(in token: UnsafeBufferPointer<UInt8>) -> [Int] {
        let count = token.count
        guard count >= 2 * minimum else { return [] }
        var points: [Int] = []
        for i in minimum...(count - minimum) {
            let before = token[i - 1], after = token[i]
            if isCutAfter(before, twoBefore: token[i - 2]), !isClosing(after) {
                points.append(i)
            } else if after == UInt8(ascii: "."), isWordEnd(before), i + 1 < count, isLetter(token[i + 1]) {
                points.append(i)
            }
        }
        return points
    }

    private static func isCutAfter(_ byte: UInt8, twoBefore: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"): twoBefore == UInt8(ascii: ":")
        case UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "_"),
             UInt8(ascii: "="), UInt8(ascii: "&"), UInt8(ascii: "|"): true
        default: false
        }
    }

    /// What may not begin a line's next piece: closing and joining punctuation, so that `::`,
    /// `==`, `=>`, `||`, `__` and `();` stay whole.
    private static func isClosing(_ byte: UInt8) -> Bool {
        ")]}>,;:.=_/|&!?'\"".utf8.contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    private static func isWordEnd(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "]")
    }
}
