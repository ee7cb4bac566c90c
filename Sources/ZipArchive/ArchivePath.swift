/// A place inside an archive named by an href: the entry path and the fragment after `#`.
public struct ArchiveReference: Sendable, Hashable, CustomStringConvertible {
    /// A normalized entry path: no leading `/`, no `.` or `..` segments, no empty segments.
    public var path: String
    /// The fragment without `#` (percent-decoded), nil when there is none or it is empty.
    public var fragment: String?

    public init(path: String, fragment: String? = nil) {
        self.path = path
        self.fragment = fragment
    }

    /// `path#fragment`.
    public var description: String {
        fragment.map { "\(path)#\($0)" } ?? path
    }
}

/// Resolving hrefs found inside a book to entries of its archive, never outside it.
public enum ArchivePath {
    /// Resolves `href` against the directory of the entry `base` (`OEBPS/text/ch1.xhtml`; pass ""
    /// to resolve from the archive root). Returns nil for anything that is not a path inside the
    /// archive: a URL with a scheme (`http:`, `mailto:`), an absolute or network path, a
    /// backslash or NUL, malformed UTF-8 after percent-decoding, or `..` climbing past the root.
    /// An href that is only a fragment (`#note3`) refers to `base` itself.
    public static func resolve(_ href: String, relativeTo base: String) -> ArchiveReference? {
        var pathPart = Substring(href)
        var fragment: String?
        if let hash = firstIndex(of: "#", in: pathPart) {
            fragment = percentDecoded(pathPart[pathPart.index(after: hash)...])
            pathPart = pathPart[..<hash]
        }
        if let query = firstIndex(of: "?", in: pathPart) { pathPart = pathPart[..<query] }
        if fragment?.isEmpty == true { fragment = nil }
        if hasScheme(pathPart) { return nil }
        guard let decoded = percentDecoded(pathPart) else { return nil }
        if decoded.isEmpty {
            guard let basePath = normalized(base), !basePath.isEmpty else { return nil }
            return ArchiveReference(path: basePath, fragment: fragment)
        }
        if decoded.hasPrefix("/") || firstIndex(of: "\\", in: decoded[...]) != nil || firstIndex(of: "\0", in: decoded[...]) != nil {
            return nil
        }
        guard let path = normalized(directory(of: base) + decoded) else { return nil }
        if path.isEmpty { return nil }
        return ArchiveReference(path: path, fragment: fragment)
    }

    /// The directory part of an entry path, with its trailing `/` (`OEBPS/` for `OEBPS/a.xhtml`),
    /// or "" for an entry at the root.
    private static func directory(of entry: String) -> String {
        let slash = isASCII(entry[...]) ? entry.utf8.lastIndex(of: UInt8(ascii: "/")) : entry.lastIndex(of: "/")
        guard let slash else { return "" }
        return String(entry[...slash])
    }

    /// A relative path with `.`, `..` and empty segments worked out; nil when `..` climbs past the
    /// root or the path holds a backslash or NUL.
    public static func normalized(_ path: String) -> String? {
        if let ascii = normalizedASCII(path) { return ascii }
        if path.contains("\\") || path.contains("\0") { return nil }
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                guard segments.popLast() != nil else { return nil }
            default: segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }

    /// `normalized` for a path of ASCII, worked out over its bytes; nil (not a nil result) for
    /// any other path. In ASCII a character is one byte (CR LF aside, which nothing here looks
    /// for), and comparing bytes costs no grapheme breaking: every chapter's links, notes and
    /// stylesheets come through here.
    private static func normalizedASCII(_ path: String) -> String?? {
        var path = path
        var unchanged = false
        let normalized = path.withUTF8 { bytes -> String?? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return .none }
            if bytes.contains(UInt8(ascii: "\\")) || bytes.contains(0) { return .some(nil) }
            // Most paths are normalized as they stand: given back as they are, not built again.
            if isNormalized(bytes) {
                unchanged = true
                return .none
            }
            var segments: [Slice<UnsafeBufferPointer<UInt8>>] = []
            for segment in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
                if segment.elementsEqual(".".utf8) { continue }
                if segment.elementsEqual("..".utf8) {
                    guard segments.popLast() != nil else { return .some(nil) }
                } else {
                    segments.append(segment)
                }
            }
            return .some(String(decoding: Array(segments.joined(separator: [UInt8(ascii: "/")])), as: UTF8.self))
        }
        return unchanged ? .some(path) : normalized
    }

    /// Whether a path's bytes have no empty, `.` or `..` segment: no slash to drop, nothing to
    /// resolve.
    private static func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
            let length = index - start
            if length == 0 { return false }
            if bytes[start] == UInt8(ascii: "."), length == 1 || (length == 2 && bytes[start + 1] == UInt8(ascii: ".")) {
                return false
            }
            start = index + 1
        }
        return true
    }

    /// True for an href with a URL scheme (`http:`, `mailto:`): it points outside the book.
    public static func isExternal(_ href: String) -> Bool {
        hasScheme(Substring(href))
    }

    /// `scheme:` before any `/`: an absolute URL, not an archive path. A Windows drive (`C:`)
    /// counts too, which is as well.
    private static func hasScheme(_ text: Substring) -> Bool {
        guard let colon = firstIndex(of: ":", in: text) else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// Where `character` (ASCII) first is in `text`: over the bytes when the text is ASCII too,
    /// where a character is a byte and finding it costs no grapheme breaking.
    private static func firstIndex(of character: Unicode.Scalar, in text: Substring) -> Substring.Index? {
        isASCII(text) ? text.utf8.firstIndex(of: UInt8(ascii: character)) : text.firstIndex(of: Character(character))
    }

    private static func isASCII(_ text: Substring) -> Bool {
        !text.utf8.contains { $0 >= 0x80 }
    }

    /// Decodes `%XX` escapes; nil when the result is not UTF-8. A `%` not followed by two hex
    /// digits stays as it is.
    static func percentDecoded(_ text: Substring) -> String? {
        // By bytes: a `%` that is no character of its own (one with a combining mark) is not
        // followed by hex digits either, so the result is the same, for much less.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
