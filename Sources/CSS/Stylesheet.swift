/// Bounds that keep any stylesheet, however large or malformed, cheap to read and apply.
public enum CSSLimits {
    /// Bytes of one stylesheet read; the rest is ignored, with a note.
    public static let maximumSize = 4 << 20
    /// Rules kept from one stylesheet.
    public static let maximumRules = 20_000
    /// Rules kept from all of one book's linked stylesheets: past it, a further sheet is not
    /// read, with a note. Each rule read costs memory as long as the book is read.
    public static let maximumBookRules = 100_000
    /// The widest `tab-size` read, in spaces: a wider one would only push code off the page.
    public static let maximumTabSize = 16
    /// Selectors kept from one rule's comma list, compounds in one selector, declarations in
    /// one block.
    public static let maximumSelectors = 64
    public static let maximumCompounds = 32
    /// Simple selectors in one compound (`p.a.b[c]:first-child` has five).
    public static let maximumSimpleSelectors = 32
    public static let maximumDeclarations = 256
    /// Compound selectors tested while styling one document; past it, the rest of the
    /// document gets only inherited styles and `style` attributes.
    public static let matchingBudget = 20_000_000
}

/// One stylesheet, read: its style rules in order. What the reader honours is listed in the
/// README ("The book's CSS"): the properties it knows, and CSS 3's selectors.
///
/// At-rules: `@media` blocks are read when their query names only the media types `all`,
/// `screen` or `print` (a book's pages are both: read on a screen, laid out like print), and
/// skipped when it has a condition (`(max-width: …)`, `amzn-kf8`) or negates (`not print`),
/// since only a real device could answer; a `@media` inside another is skipped. `@font-face`
/// rules are kept apart (`fontFaces`). Every other at-rule but `@namespace` (`@import`,
/// `@page`, `@supports`, …) is skipped.
public struct Stylesheet: Sendable, Equatable {
    struct Rule: Sendable, Equatable {
        var selectors: [SelectorSyntax]
        var declarations: [Declaration]
    }

    var rules: [Rule]
    /// Its `@font-face` rules, in order.
    public private(set) var fontFaces: [FontFaceRule] = []
    /// What was left out for being past a bound, to be reported as warnings.
    public private(set) var notes: [String] = []

    /// How many style rules it keeps.
    public var ruleCount: Int { rules.count }

    /// Whether some `font-family` list of its rules falls back to `sans-serif` (or `system-ui`,
    /// a device's sans-serif), past the families before it.
    public var asksForSansSerif: Bool {
        rules.contains { rule in
            rule.declarations.contains { declaration in
                guard case .fontFamily(let names) = declaration.value,
                      let generic = FontFamilyName.firstGeneric(in: names)?.family else { return false }
                return generic == .sansSerif || generic == .systemUI
            }
        }
    }

    public static let empty = Stylesheet(rules: [])

    init(rules: [Rule]) {
        self.rules = rules
    }

    /// `base`: the sheet's own path, which the `url()`s it holds are relative to (nil: the
    /// document's, as for a `<style>` element).
    public init(parsing text: String, base: String? = nil) {
        self.init(parsing: Array(text.utf8), base: base)
    }

    public init(parsing bytes: [UInt8], base: String? = nil) {
        rules = []
        // A UTF-8 byte-order mark is the file's encoding, not the start of its first selector.
        var bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if bytes.count > CSSLimits.maximumSize {
            bytes.removeSubrange(CSSLimits.maximumSize...)
            notes.append("stylesheet longer than \(CSSLimits.maximumSize) bytes; the rest is ignored")
        }
        var scanner = CSSScanner(bytes)
        var namespaces = CSSNamespaces()
        var inMedia = false
        while true {
            scanner.skipSpaceAndComments()
            guard let byte = scanner.current else { break }
            if byte == UInt8(ascii: "}") {
                // The end of a `@media` block being read, or a stray brace.
                scanner.advance()
                inMedia = false
                continue
            }
            if byte == UInt8(ascii: "@") {
                let prelude = scanner.read(upTo: [UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: "}")])
                guard scanner.current == UInt8(ascii: "{") else {
                    if scanner.current == UInt8(ascii: ";") { scanner.advance() }
                    namespaces.declare(prelude)
                    continue
                }
                if !inMedia, Self.readsMedia(prelude) {
                    scanner.advance()
                    inMedia = true
                } else if CSSValue.lowercasedASCII(CSSValue.trimmed(prelude[...])) == "@font-face" {
                    let block = scanner.readBlock()
                    if fontFaces.count < CSSLimits.maximumRules, let face = FontFaceRule(block: block, base: base) {
                        fontFaces.append(face)
                    }
                } else {
                    _ = scanner.readBlock()
                }
                continue
            }
            let prelude = scanner.read(upTo: [UInt8(ascii: "{"), UInt8(ascii: "}")])
            guard scanner.current == UInt8(ascii: "{") else { continue }
            let block = scanner.readBlock()
            guard rules.count < CSSLimits.maximumRules else {
                notes.append("more than \(CSSLimits.maximumRules) rules; the rest are ignored")
                break
            }
            let selectors = SelectorParser.list(parsing: prelude, namespaces: namespaces, limit: CSSLimits.maximumSelectors)
            guard !selectors.isEmpty else { continue }
            let declarations = Declaration.list(parsing: block, limit: CSSLimits.maximumDeclarations, base: base)
            guard !declarations.isEmpty else { continue }
            rules.append(Rule(selectors: selectors, declarations: declarations))
        }
    }

    /// `@media screen, print {`: read (the same test serves a `media` attribute, prefixed). `@media screen and (max-width: 600px)`, `@media amzn-kf8`,
    /// `@media not print`: skipped.
    public static func readsMedia(_ prelude: [UInt8]) -> Bool {
        let text = CSSValue.lowercasedASCII(CSSValue.trimmed(prelude[...]))
        guard text.hasPrefix("@media") else { return false }
        let queries = text.dropFirst("@media".count).split(separator: ",")
        guard !queries.isEmpty else { return false }
        return queries.allSatisfy { query in
            var words = query.split(separator: " ")
            if words.first == "only" { words.removeFirst() }
            return words.count == 1 && ["all", "screen", "print"].contains(words[0])
        }
    }

    /// The declarations of a `style` attribute.
    static func inlineDeclarations(_ text: String) -> [Declaration] {
        Declaration.list(parsing: Array(text.utf8), limit: CSSLimits.maximumDeclarations)
    }
}
