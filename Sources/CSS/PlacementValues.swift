/// CSS `position`: whether a box is in the flow, or placed by its offsets.
public enum CSSPosition: String, Sendable, Equatable {
    case `static`, relative, absolute, fixed, sticky

    /// Taken out of the flow and placed in its containing block by `top`, `left`, … .
    public var isOutOfFlow: Bool { self == .absolute || self == .fixed }
}

/// A `url()` as a stylesheet wrote it, with the path it is relative to.
public struct CSSURL: Sendable, Equatable {
    /// What the parentheses hold, unquoted and unescaped as written.
    public var text: String
    /// The stylesheet's own path; nil for a `<style>` element or `style` attribute, whose
    /// `url()`s are relative to the document.
    public var base: String?

    public init(text: String, base: String? = nil) {
        self.text = text
        self.base = base
    }

    /// What each `url(…)` of `text` holds, in order, unquoted and trimmed (empty for `url()`);
    /// an unclosed `url(` ends the list as nil.
    public static func texts(in text: String) -> [String?] {
        let bytes = Array(text.utf8)
        // Byte for byte (`lowercasedASCII` would fold runs of spaces, and move the offsets).
        let lowered = bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        let opening = Array("url(".utf8)
        var found: [String?] = []
        var at = 0
        while let open = lowered[at...].indices.first(where: { lowered[$0...].starts(with: opening) }) {
            let start = open + opening.count
            guard let close = bytes[start...].firstIndex(of: UInt8(ascii: ")")) else {
                found.append(nil)
                break
            }
            var inner = CSSValue.trimmed(bytes[start..<close])
            if let first = inner.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'"), inner.count >= 2,
               inner.last == first {
                inner = inner.dropFirst().dropLast()
            }
            found.append(String(decoding: inner, as: UTF8.self))
            at = close
        }
        return found
    }
}

/// Where an element's box is placed and what it draws behind it (`ComputedStyle.placement`):
/// what the pages of a fixed-layout book are drawn with, and nothing else reads.
public struct PlacementStyle: Sendable, Equatable {
    public var position: CSSPosition = .static
    /// `top`, `right`, `bottom`, `left`; nil for `auto`.
    public var offsets = CSSSides<CSSSize?>(nil)
    public var maxWidth: CSSSize?
    public var backgroundImage: CSSURL?
    /// A `transform` other than `none`, which designed pages do not apply (they warn of it).
    public var isTransformed = false

    public init() {}
}

/// Reading the placement properties' declarations.
enum PlacementDeclarations {
    /// The declarations of `name: value` when `name` is a placement property; nil when it is not one.
    static func values(of name: String, _ value: String) -> [Declaration.Value]? {
        switch name {
        case "position": return CSSPosition(rawValue: value).map { [.position($0)] } ?? []
        case "top", "right", "bottom", "left":
            guard let side = ["top", "right", "bottom", "left"].firstIndex(of: name),
                  let size = offset(value) else { return [] }
            return [.offset(side: side, size)]
        case "transform", "-webkit-transform":
            return value.isEmpty ? [] : [.transform(value != "none")]
        case "max-width":
            if value == "none" { return [.maxWidth(.auto)] }
            guard value != "auto", let size = offset(value), size != .auto else { return [] }
            return [.maxWidth(size)]
        default: return nil
        }
    }

    /// An offset may be negative, a percentage or `auto`.
    private static func offset(_ value: String) -> Declaration.Size? {
        if value == "auto" { return .auto }
        if value.hasSuffix("%"), let number = Double(value.dropLast()), number.isFinite { return .percent(number) }
        guard let length = CSSLength(value) else { return nil }
        return .length(length)
    }

    /// The image of a `background-image` or `background` declaration (`text` its value, as
    /// written): `.some(nil)` for none (`none`, or a shorthand without an image, which resets
    /// it); nil for what is not understood. Only the first layer's image is read.
    static func backgroundImage(_ text: ArraySlice<UInt8>, base: String?) -> CSSURL?? {
        var written = CSSValue.trimmed(text)
        if let bang = written.lastIndex(of: UInt8(ascii: "!")) { written = written[..<bang] }
        switch CSSURL.texts(in: String(decoding: written, as: UTF8.self)).first {
        case nil:
            let lowered = CSSValue.lowercasedASCII(written)
            return lowered.hasPrefix("none") || !lowered.contains("gradient(") ? .some(nil) : nil
        case .some(nil): return nil
        case .some(let inner?): return inner.isEmpty ? .some(nil) : .some(CSSURL(text: inner, base: base))
        }
    }
}
