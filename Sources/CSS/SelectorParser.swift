/// Reads a rule's selector list (the bytes before its `{`, comments already out) into
/// `SelectorSyntax` values. One pass, forward only, no recursion beyond `:not()`'s one level.
///
/// A list is read part by part: a part the parser cannot read is left out and the others kept.
/// Browsers drop the whole rule then; but a part unknown here may be valid CSS (`:is()`,
/// `::selection`), and keeping the rest is what its author meant for the elements they name.
struct SelectorParser {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    private let namespaces: CSSNamespaces

    private init(_ bytes: [UInt8], from start: Int, to end: Int, namespaces: CSSNamespaces) {
        self.bytes = bytes
        self.position = start
        self.end = end
        self.namespaces = namespaces
    }

    /// The readable selectors of a comma-separated list, at most `limit` of them.
    static func list(parsing text: [UInt8], namespaces: CSSNamespaces = CSSNamespaces(), limit: Int) -> [SelectorSyntax] {
        var selectors: [SelectorSyntax] = []
        var start = 0
        for comma in topLevelCommas(in: text) + [text.count] {
            if selectors.count == limit { break }
            var parser = SelectorParser(text, from: start, to: comma, namespaces: namespaces)
            if let selector = parser.selector() { selectors.append(selector) }
            start = comma + 1
        }
        return selectors
    }

    /// The commas outside strings, brackets and parentheses (`[title="a, b"]` is one part).
    private static func topLevelCommas(in text: [UInt8]) -> [Int] {
        var commas: [Int] = []
        var depth = 0
        var quote: UInt8?
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if let open = quote {
                if byte == open { quote = nil }
            } else {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth = max(0, depth - 1)
                case UInt8(ascii: ","): if depth == 0 { commas.append(index) }
                default: break
                }
            }
            index += 1
        }
        return commas
    }

    // MARK: - Selectors and compounds

    private mutating func selector() -> SelectorSyntax? {
        skipSpace()
        var compounds: [SelectorSyntax.Compound] = []
        var combinators: [SelectorSyntax.Combinator] = []
        var pseudoElement: SelectorSyntax.PseudoElement?
        while true {
            guard compounds.count < CSSLimits.maximumCompounds,
                  let compound = compound(pseudoElement: &pseudoElement) else { return nil }
            compounds.append(compound)
            let sawSpace = skipSpace()
            guard let byte = current else { break }
            // Nothing may follow a pseudo-element.
            guard pseudoElement == nil else { return nil }
            switch byte {
            case UInt8(ascii: ">"): combinators.append(.child)
            case UInt8(ascii: "+"): combinators.append(.adjacent)
            case UInt8(ascii: "~"): combinators.append(.sibling)
            default:
                guard sawSpace else { return nil }
                combinators.append(.descendant)
                continue
            }
            position += 1
            skipSpace()
        }
        return SelectorSyntax(compounds: compounds, combinators: combinators, pseudoElement: pseudoElement)
    }

    private mutating func compound(pseudoElement: inout SelectorSyntax.PseudoElement?) -> SelectorSyntax.Compound? {
        var tests: [SelectorSyntax.SimpleTest] = []
        if let type = typeSelector() {
            guard let type else { return nil }
            tests.append(type)
        }
        while let byte = current, !Self.isSpace(byte), !Self.isCombinator(byte) {
            guard tests.count < CSSLimits.maximumSimpleSelectors else { return nil }
            switch byte {
            case UInt8(ascii: "#"):
                position += 1
                guard let name = identifier() else { return nil }
                tests.append(.id(name))
            case UInt8(ascii: "."):
                position += 1
                guard let name = identifier() else { return nil }
                tests.append(.className(name))
            case UInt8(ascii: "["):
                guard let test = attributeTest() else { return nil }
                tests.append(.attribute(test))
            case UInt8(ascii: ":"):
                if peek(1) == UInt8(ascii: ":") || startsLegacyPseudoElement() {
                    guard let element = pseudoElementName() else { return nil }
                    pseudoElement = element
                    if tests.isEmpty { tests.append(.type(localName: nil, namespace: namespaces.forElements)) }
                    return SelectorSyntax.Compound(tests: tests)
                }
                guard let test = pseudoClass(allowingNot: true) else { return nil }
                tests.append(test)
            default:
                return nil
            }
        }
        return tests.isEmpty ? nil : SelectorSyntax.Compound(tests: tests)
    }

    /// A type or universal selector with its namespace, if one starts here: nil when none does,
    /// `.some(nil)` when one starts but is malformed.
    private mutating func typeSelector() -> SelectorSyntax.SimpleTest?? {
        let start = position
        var prefix: Substring?
        var hasPrefix = false
        if current == UInt8(ascii: "|") {
            hasPrefix = true
            prefix = ""
            position += 1
        } else if let name = nameOrStar() {
            if current == UInt8(ascii: "|"), peek(1) != UInt8(ascii: "=") {
                hasPrefix = true
                prefix = Substring(name)
                position += 1
            } else {
                return .some(.type(localName: name == "*" ? nil : SelectorText.lowercased(name), namespace: namespaces.forElements))
            }
        } else {
            position = start
            return nil
        }
        guard hasPrefix, let prefix, let namespace = namespaces.match(forPrefix: prefix), let name = nameOrStar() else {
            return .some(nil)
        }
        return .some(.type(localName: name == "*" ? nil : SelectorText.lowercased(name), namespace: namespace))
    }

    private mutating func nameOrStar() -> String? {
        if current == UInt8(ascii: "*") {
            position += 1
            return "*"
        }
        return identifier()
    }

    // MARK: - Attributes

    private mutating func attributeTest() -> SelectorSyntax.AttributeTest? {
        position += 1
        skipSpace()
        var namespace = NamespaceMatch.none
        var name: String
        if current == UInt8(ascii: "|") {
            position += 1
            guard let local = identifier() else { return nil }
            name = local
        } else {
            guard let first = nameOrStar() else { return nil }
            if current == UInt8(ascii: "|"), peek(1) != UInt8(ascii: "=") {
                position += 1
                guard let test = namespaces.match(forPrefix: Substring(first)), let local = identifier() else { return nil }
                namespace = test
                name = local
            } else {
                guard first != "*" else { return nil }
                name = first
            }
        }
        skipSpace()
        var test = SelectorSyntax.AttributeTest(localName: SelectorText.lowercased(name), namespace: namespace, match: .exists,
                                                value: "", ignoresCase: false)
        guard let byte = current else { return nil }
        if byte == UInt8(ascii: "]") {
            position += 1
            return test
        }
        if byte == UInt8(ascii: "=") {
            test.match = .equals
            position += 1
        } else {
            guard peek(1) == UInt8(ascii: "=") else { return nil }
            switch byte {
            case UInt8(ascii: "~"): test.match = .includesWord
            case UInt8(ascii: "|"): test.match = .dashMatch
            case UInt8(ascii: "^"): test.match = .prefix
            case UInt8(ascii: "$"): test.match = .suffix
            case UInt8(ascii: "*"): test.match = .substring
            default: return nil
            }
            position += 2
        }
        skipSpace()
        guard let value = current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") ? string() : identifier() else {
            return nil
        }
        test.value = value
        skipSpace()
        if let flag = current, flag | 0x20 == UInt8(ascii: "i") || flag | 0x20 == UInt8(ascii: "s") {
            test.ignoresCase = flag | 0x20 == UInt8(ascii: "i")
            position += 1
            skipSpace()
        }
        guard current == UInt8(ascii: "]") else { return nil }
        position += 1
        return test
    }

    // MARK: - Pseudo-classes and pseudo-elements

    /// `:first-letter` and `:first-line`, which CSS 2 wrote with one colon.
    private func startsLegacyPseudoElement() -> Bool {
        var copy = self
        copy.position += 1
        guard let name = copy.identifier() else { return false }
        let lowered = SelectorText.lowercased(name)
        return lowered == "first-letter" || lowered == "first-line"
    }

    private mutating func pseudoElementName() -> SelectorSyntax.PseudoElement? {
        position += current == UInt8(ascii: ":") && peek(1) == UInt8(ascii: ":") ? 2 : 1
        guard let name = identifier() else { return nil }
        switch SelectorText.lowercased(name) {
        case "first-letter": return .firstLetter
        case "first-line": return .firstLine
        default: return nil
        }
    }

    private mutating func pseudoClass(allowingNot: Bool) -> SelectorSyntax.SimpleTest? {
        position += 1
        guard let name = identifier().map(SelectorText.lowercased) else { return nil }
        if current == UInt8(ascii: "(") {
            position += 1
            return pseudoClassFunction(name, allowingNot: allowingNot)
        }
        let nth = { (counting: SelectorSyntax.NthTest.Counting) in
            SelectorSyntax.SimpleTest.nth(SelectorSyntax.NthTest(counting: counting, a: 0, b: 1))
        }
        switch name {
        case "first-child": return nth(.children)
        case "last-child": return nth(.childrenFromLast)
        case "first-of-type": return nth(.ofType)
        case "last-of-type": return nth(.ofTypeFromLast)
        case "only-child": return .only(ofType: false)
        case "only-of-type": return .only(ofType: true)
        case "root": return .root
        case "empty": return .empty
        case "link", "any-link": return .link
        case "hover", "active", "focus", "visited", "target", "focus-within", "focus-visible": return .never
        default: return nil
        }
    }

    /// What follows `:name(`, up to and including its `)`.
    private mutating func pseudoClassFunction(_ name: String, allowingNot: Bool) -> SelectorSyntax.SimpleTest? {
        switch name {
        case "not":
            guard allowingNot else { return nil }
            skipSpace()
            let test: SelectorSyntax.SimpleTest
            switch current {
            case UInt8(ascii: "#")?:
                position += 1
                guard let name = identifier() else { return nil }
                test = .id(name)
            case UInt8(ascii: ".")?:
                position += 1
                guard let name = identifier() else { return nil }
                test = .className(name)
            case UInt8(ascii: "[")?:
                guard let attribute = attributeTest() else { return nil }
                test = .attribute(attribute)
            case UInt8(ascii: ":")?:
                guard peek(1) != UInt8(ascii: ":"), let inner = pseudoClass(allowingNot: false) else { return nil }
                test = inner
            default:
                guard let type = typeSelector(), let type else { return nil }
                test = type
            }
            skipSpace()
            guard current == UInt8(ascii: ")") else { return nil }
            position += 1
            return .not(test)
        case "lang":
            skipSpace()
            guard let range = identifier() else { return nil }
            skipSpace()
            guard current == UInt8(ascii: ")") else { return nil }
            position += 1
            return .language(SelectorText.lowercased(range))
        case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
            guard let close = bytes[position..<end].firstIndex(of: UInt8(ascii: ")")),
                  let (a, b) = Self.anPlusB(bytes[position..<close]) else { return nil }
            position = close + 1
            let counting: SelectorSyntax.NthTest.Counting = switch name {
            case "nth-child": .children
            case "nth-last-child": .childrenFromLast
            case "nth-of-type": .ofType
            default: .ofTypeFromLast
            }
            return .nth(SelectorSyntax.NthTest(counting: counting, a: a, b: b))
        default:
            return nil
        }
    }

    /// `odd`, `even`, `3`, `-n+2`, `2n + 1`: the `a` and `b` of `a·n + b`. Numbers past six
    /// digits are refused, so no arithmetic on them can overflow.
    static func anPlusB(_ text: ArraySlice<UInt8>) -> (a: Int, b: Int)? {
        let compact = text.filter { !isSpace($0) }.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }[...]
        if compact.elementsEqual("odd".utf8) { return (2, 1) }
        if compact.elementsEqual("even".utf8) { return (2, 0) }
        guard let n = compact.firstIndex(of: UInt8(ascii: "n")) else { return integer(compact).map { (0, $0) } }
        let a: Int
        switch Array(compact[..<n]) {
        case [], [UInt8(ascii: "+")]: a = 1
        case [UInt8(ascii: "-")]: a = -1
        default:
            guard let value = integer(compact[..<n]) else { return nil }
            a = value
        }
        let rest = compact[(n + 1)...]
        guard let sign = rest.first else { return (a, 0) }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let b = integer(rest) else { return nil }
        return (a, b)
    }

    /// An optional sign and one to six digits, nothing else.
    private static func integer(_ text: ArraySlice<UInt8>) -> Int? {
        var digits = text
        var sign = 1
        if let first = digits.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            if first == UInt8(ascii: "-") { sign = -1 }
            digits = digits.dropFirst()
        }
        guard (1...6).contains(digits.count),
              digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return sign * digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    // MARK: - Tokens

    private var current: UInt8? { position < end ? bytes[position] : nil }

    private func peek(_ offset: Int) -> UInt8? {
        position + offset < end ? bytes[position + offset] : nil
    }

    /// Skips white space; true when there was some.
    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while let byte = current, Self.isSpace(byte) { position += 1 }
        return position > start
    }

    /// A CSS identifier, its escapes (`\31 0`, `\:`) decoded; nil when none starts here.
    private mutating func identifier() -> String? {
        // It starts with a letter, `_`, anything non-ASCII or an escape after at most one `-`;
        // two dashes may start any name.
        var index = position
        if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let twoDashes = index < end && index > position && bytes[index] == UInt8(ascii: "-")
        guard twoDashes || (index < end && (Self.isNameStart(bytes[index]) || bytes[index] == UInt8(ascii: "\\"))) else {
            return nil
        }
        let start = position
        var decoded: [UInt8]?
        while let byte = current {
            if byte == UInt8(ascii: "\\") {
                guard let scalar = escape(into: &decoded, from: start) else { break }
                decoded!.append(contentsOf: Array(String(scalar).utf8))
                continue
            }
            guard Self.isNameByte(byte) else { break }
            decoded?.append(byte)
            position += 1
        }
        guard position > start else { return nil }
        return String(decoding: decoded ?? Array(bytes[start..<position]), as: UTF8.self)
    }

    /// At a backslash: the escaped character, the position moved past it, and `decoded` begun
    /// with the bytes since `start` if it was not yet; nil (and the position left) for a
    /// backslash before a line end or the end.
    private mutating func escape(into decoded: inout [UInt8]?, from start: Int) -> Unicode.Scalar? {
        guard let next = peek(1), next != 0x0A, next != 0x0C, next != 0x0D else { return nil }
        if decoded == nil { decoded = Array(bytes[start..<position]) }
        position += 1
        var value: UInt32 = 0
        var digits = 0
        while digits < 6, let byte = current, let digit = Self.hexValue(byte) {
            value = value << 4 | digit
            digits += 1
            position += 1
        }
        if digits > 0 {
            if let byte = current, Self.isSpace(byte) { position += 1 }
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return scalar
        }
        // One character, escaped as itself: a UTF-8 sequence taken whole.
        var length = 1
        while position + length < end, bytes[position + length] & 0xC0 == 0x80 { length += 1 }
        let scalar = String(decoding: bytes[position..<position + length], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        position += length
        return scalar
    }

    /// A quoted string, its escapes decoded; nil when it does not close before the end.
    private mutating func string() -> String? {
        guard let quote = current else { return nil }
        position += 1
        let start = position
        var decoded: [UInt8]?
        while let byte = current {
            if byte == quote {
                let text = String(decoding: decoded ?? Array(bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                if peek(1) == 0x0A {
                    if decoded == nil { decoded = Array(bytes[start..<position]) }
                    position += 2
                } else if let scalar = escape(into: &decoded, from: start) {
                    decoded!.append(contentsOf: Array(String(scalar).utf8))
                } else {
                    decoded?.append(byte)
                    position += 1
                }
                continue
            }
            decoded?.append(byte)
            position += 1
        }
        return nil
    }

    // MARK: - Bytes

    static func isSpace(_ byte: UInt8) -> Bool { CSSScanner.isSpace(byte) }

    private static func isCombinator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "~")
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), 0x80...0xFF: true
        default: false
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
