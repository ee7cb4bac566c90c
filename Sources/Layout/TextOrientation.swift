import CLineBreak

/// Which characters stand upright in a vertical line and which lie sideways, as CSS Writing
/// Modes' `text-orientation: mixed` sets them by Unicode's Vertical_Orientation (UAX #50, from
/// ICU): Chinese and Japanese upright (their punctuation in its vertical forms), Latin letters,
/// digits and most symbols turned a quarter clockwise. A mark or joiner goes with the
/// character it belongs to (a grapheme cluster takes its first character's orientation).
enum TextOrientation {
    /// `text` cut where its orientation changes, in order.
    static func pieces(of text: String) -> [(text: Substring, upright: Bool)] {
        var pieces: [(text: Substring, upright: Bool)] = []
        var start = text.startIndex
        var current: Bool?
        for index in text.indices {
            guard let scalar = text[index].unicodeScalars.first else { continue }
            let upright = b2p_stands_upright(scalar.value) != 0
            if let current, current != upright {
                pieces.append((text[start..<index], current))
                start = index
            }
            current = upright
        }
        if let current, start < text.endIndex { pieces.append((text[start...], current)) }
        return pieces
    }
}
