/// One `@font-face` rule of a book's stylesheet (CSS Fonts 3 §4): a face the book brings, under
/// the family name its `font-family` lists use, for the weights, style and characters it says.
public struct FontFaceRule: Sendable, Equatable {
    /// The family name as written (CSS compares family names without regard to ASCII case).
    public var family: String
    /// The `url()` sources in the order written; `local()` sources, which name fonts of the
    /// machine rather than of the book, are left out.
    public var sources: [CSSURL]
    /// The weights it serves: one weight, or a range (`font-weight: 100 900`).
    public var weights: ClosedRange<Int>
    public var style: FontFaceStyle
    /// The characters it serves, as code point ranges; empty for every character.
    public var unicodeRanges: [ClosedRange<UInt32>]

    public init(family: String, sources: [CSSURL], weights: ClosedRange<Int> = 400...400, style: FontFaceStyle = .normal,
                unicodeRanges: [ClosedRange<UInt32>] = []) {
        self.family = family
        self.sources = sources
        self.weights = weights
        self.style = style
        self.unicodeRanges = unicodeRanges
    }

    /// The rule a block's descriptors make, `base` the sheet's path (nil: the document's); nil
    /// without a family or a `url()` source, which CSS makes an invalid rule.
    init?(block: [UInt8], base: String?) {
        var family: String?
        var sources: [CSSURL] = []
        var weights = 400...400
        var style = FontFaceStyle.normal
        var ranges: [ClosedRange<UInt32>] = []
        var scanner = CSSScanner(block)
        while !scanner.atEnd {
            let part = scanner.read(upTo: [UInt8(ascii: ";")])
            scanner.advance()
            guard let colon = part.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = CSSValue.lowercasedASCII(CSSValue.trimmed(part[..<colon]))
            let written = String(decoding: CSSValue.trimmed(part[(colon + 1)...]), as: UTF8.self)
            switch name {
            case "font-family": family = FontFamilyName.list(written).first.flatMap(\.name)
            case "src":
                sources = Self.sources(written).map { CSSURL(text: $0, base: base) }
            case "font-weight": weights = Self.weights(written.lowercased()) ?? weights
            case "font-style": style = FontFaceStyle(written.lowercased()) ?? style
            case "unicode-range": ranges = Self.unicodeRanges(written)
            default: continue
            }
        }
        guard let family, !family.isEmpty, !sources.isEmpty else { return nil }
        self.init(family: family, sources: sources, weights: weights, style: style, unicodeRanges: ranges)
    }

    /// Whether it serves `scalar`.
    public func serves(_ scalar: Unicode.Scalar) -> Bool {
        unicodeRanges.isEmpty || unicodeRanges.contains { $0.contains(scalar.value) }
    }

    /// The `url()`s of a `src` list, in order: each comma-separated source's first `url()`, a
    /// `local()` one skipped.
    private static func sources(_ text: String) -> [String] {
        text.split(separator: ",").compactMap { source in
            let source = String(source)
            guard CSSValue.lowercasedASCII(Array(source.utf8)[...]).trimmingSpaces.hasPrefix("url(") else { return nil }
            return CSSURL.texts(in: source).first.flatMap { $0 }.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// `normal`, `bold`, a number, or two numbers (a variable font's range), within 1–1000.
    private static func weights(_ text: String) -> ClosedRange<Int>? {
        let values = text.split(separator: " ").map { word -> Int? in
            switch word {
            case "normal": 400
            case "bold": 700
            default: Int(word).flatMap { (1...1000).contains($0) ? $0 : nil }
            }
        }
        guard (1...2).contains(values.count), values.allSatisfy({ $0 != nil }) else { return nil }
        let low = values[0]!
        let high = values.last!!
        return min(low, high)...max(low, high)
    }

    /// `U+0025-00FF, U+4??, U+A5`: each a range; a malformed one is left out.
    private static func unicodeRanges(_ text: String) -> [ClosedRange<UInt32>] {
        text.split(separator: ",").compactMap { item in
            var item = Substring(String(item).trimmingWhitespace.uppercased())
            guard item.hasPrefix("U+") else { return nil }
            item = item.dropFirst(2)
            let parts = item.split(separator: "-", maxSplits: 1)
            if parts.count == 2 {
                guard let low = UInt32(parts[0], radix: 16), let high = UInt32(parts[1], radix: 16), low <= high,
                      high <= 0x10FFFF else { return nil }
                return low...high
            }
            let wild = item.filter { $0 == "?" }.count
            guard item.count <= 6, wild == 0 || item.hasSuffix(String(repeating: "?", count: wild)),
                  let low = UInt32(String(item.map { $0 == "?" ? "0" : $0 }), radix: 16),
                  let high = UInt32(String(item.map { $0 == "?" ? "F" : $0 }), radix: 16) else { return nil }
            return low...min(high, 0x10FFFF)
        }
    }
}

/// A face's `font-style` descriptor.
public enum FontFaceStyle: Sendable, Equatable {
    case normal, italic, oblique

    init?(_ text: String) {
        switch text.split(separator: " ").first {
        case "normal": self = .normal
        case "italic": self = .italic
        case "oblique": self = .oblique
        default: return nil
        }
    }
}

/// One name of a `font-family` list: a family, or one of CSS's generic families.
public enum FontFamilyName: Sendable, Hashable {
    case family(String)
    case generic(GenericFamily)

    public enum GenericFamily: String, Sendable, Hashable, CaseIterable {
        case serif, sansSerif = "sans-serif", monospace, cursive, fantasy, systemUI = "system-ui"
    }

    /// The list's first generic family and where it stands: it ends the list, since a generic
    /// family always answers (nil: the list names none).
    public static func firstGeneric(in list: [FontFamilyName]) -> (index: Int, family: GenericFamily)? {
        for (index, name) in list.enumerated() {
            if case .generic(let family) = name { return (index, family) }
        }
        return nil
    }

    /// The family's name; nil for a generic one.
    public var name: String? {
        if case .family(let name) = self { return name }
        return nil
    }

    /// The names of a `font-family` value, in order: quoted strings as written, unquoted
    /// identifiers joined by single spaces, generic keywords (unquoted) as such. An item that is
    /// neither is left out, as browsers drop it.
    public static func list(_ text: String) -> [FontFamilyName] {
        var names: [FontFamilyName] = []
        for item in Self.items(text) {
            let trimmed = item.trimmingWhitespace
            guard let first = trimmed.first else { continue }
            if first == "\"" || first == "'" {
                guard trimmed.count >= 2, trimmed.last == first else { continue }
                let name = String(trimmed.dropFirst().dropLast())
                if !name.isEmpty { names.append(.family(name)) }
                continue
            }
            let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            if words.count == 1, let generic = GenericFamily(rawValue: words[0].lowercased()) {
                names.append(.generic(generic))
                continue
            }
            // `inherit` and such are whole values, not names.
            guard !words.contains(where: { ["inherit", "initial", "unset", "default"].contains($0.lowercased()) }) else { continue }
            names.append(.family(words.joined(separator: " ")))
        }
        return names
    }

    /// The comma-separated items, commas inside quotes kept.
    private static func items(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character == "," {
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        return items
    }
}

extension String {
    /// Without the spaces, tabs and line breaks around it.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
