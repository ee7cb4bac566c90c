/// The `@namespace` rules of one stylesheet: the prefixes its selectors may use (`epub|type`,
/// how Standard Ebooks titles pick out verse) and the default namespace of element names.
struct CSSNamespaces: Sendable, Equatable {
    private var prefixes: [String: String] = [:]
    private var defaultNamespace: String?

    init() {}

    /// What an element name without a prefix must be in: the default namespace, when one is
    /// declared, else any.
    var forElements: NamespaceMatch {
        guard let defaultNamespace else { return .any }
        return defaultNamespace.isEmpty ? .none : .uri(defaultNamespace)
    }

    /// What `prefix|` stands for: `|` alone is no namespace, `*|` any; nil for a prefix no
    /// `@namespace` declared, which makes the selector invalid. Prefixes are case-sensitive.
    func match(forPrefix prefix: Substring) -> NamespaceMatch? {
        if prefix.isEmpty { return NamespaceMatch.none }
        if prefix == "*" { return .any }
        guard let uri = prefixes[String(prefix)] else { return nil }
        return uri.isEmpty ? NamespaceMatch.none : .uri(uri)
    }

    /// Reads one rule's prelude, `@namespace epub "http://www.idpf.org/2007/ops"` or
    /// `@namespace url(http://www.w3.org/1999/xhtml)`; a malformed one declares nothing.
    mutating func declare(_ prelude: [UInt8]) {
        var text = CSSValue.trimmed(prelude[...])
        guard text.count > 10, CSSValue.lowercasedASCII(text.prefix(10)) == "@namespace" else { return }
        text = CSSValue.trimmed(text.dropFirst(10))
        var prefix: String?
        if let first = text.first, first != UInt8(ascii: "\""), first != UInt8(ascii: "'"),
           !CSSValue.lowercasedASCII(text.prefix(4)).hasPrefix("url(") {
            let end = text.firstIndex(where: CSSScanner.isSpace) ?? text.endIndex
            prefix = String(decoding: text[..<end], as: UTF8.self)
            text = CSSValue.trimmed(text[end...])
        }
        guard let uri = Self.uri(text) else { return }
        if let prefix { prefixes[prefix] = uri } else { defaultNamespace = uri }
    }

    /// `"…"`, `'…'`, `url(…)` or `url("…")`: what it holds.
    private static func uri(_ text: ArraySlice<UInt8>) -> String? {
        var inner = text
        if CSSValue.lowercasedASCII(inner.prefix(4)) == "url(" {
            guard inner.last == UInt8(ascii: ")") else { return nil }
            inner = CSSValue.trimmed(inner.dropFirst(4).dropLast())
        }
        if let quote = inner.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard inner.count >= 2, inner.last == quote else { return nil }
            inner = inner.dropFirst().dropLast()
        }
        guard !inner.contains(where: { CSSScanner.isSpace($0) || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") })
        else { return nil }
        return String(decoding: inner, as: UTF8.self)
    }
}
