/// What a selector sees of an element: its name, id and classes.
public struct ElementDescription: Sendable, Equatable {
    /// The local name, lowercased (HTML element names ignore case).
    public var name: String
    public var id: String?
    public var classes: [String]

    public init(name: String, id: String? = nil, classes: [String] = []) {
        self.name = name.lowercased()
        self.id = id
        self.classes = classes
    }

    /// An element as its attributes give it: `class` split at white space.
    public init(name: String, idAttribute: String?, classAttribute: String?) {
        let classes = classAttribute.map { $0.split(whereSeparator: { $0.isWhitespace }).map(String.init) } ?? []
        let id = idAttribute.flatMap { $0.isEmpty ? nil : $0 }
        self.init(name: name, id: id, classes: classes)
    }
}

/// One selector of a rule's list: compound selectors (`p.note`, `#intro`, `*`) joined by
/// descendant (space) or child (`>`) combinators, and as the last combinator only, the adjacent
/// sibling (`+`: books indent with `p + p`). Anything else — attributes, pseudo-classes, `~`,
/// `+` further left, namespaces, escapes — makes the selector unsupported, and it is left out:
/// a rule then applies to fewer elements than its author meant, never to more.
struct Selector: Sendable, Equatable {
    struct Compound: Sendable, Equatable {
        /// Nil: any element (`*`, or no name given).
        var name: String?
        var id: String?
        var classes: [String] = []

        func matches(_ element: ElementDescription) -> Bool {
            if let name, name != element.name { return false }
            if let id, id != element.id { return false }
            return classes.allSatisfy(element.classes.contains)
        }
    }

    enum Combinator: Sendable, Equatable {
        case descendant
        case child
        case adjacent
    }

    /// Left to right; `combinators[k]` joins `compounds[k]` and `compounds[k + 1]`.
    var compounds: [Compound]
    var combinators: [Combinator]

    /// ids, classes and element names, packed so that comparing the numbers compares them in
    /// that order (each count capped at 1023).
    var specificity: Int {
        var ids = 0, classes = 0, names = 0
        for compound in compounds {
            if compound.id != nil { ids += 1 }
            classes += compound.classes.count
            if compound.name != nil { names += 1 }
        }
        return min(ids, 1023) << 20 | min(classes, 1023) << 10 | min(names, 1023)
    }

    /// The selectors of a comma-separated list that are supported, at most `limit` of them.
    static func list(parsing text: [UInt8], limit: Int) -> [Selector] {
        var selectors: [Selector] = []
        for part in text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            if selectors.count == limit { break }
            if let selector = Selector(parsing: Array(part)) { selectors.append(selector) }
        }
        return selectors
    }

    /// Nil for an empty, malformed or unsupported selector, or one of more than
    /// `CSSLimits.maximumCompounds` compounds.
    init?(parsing text: [UInt8]) {
        var text = text[...]
        while let last = text.last, CSSScanner.isSpace(last) { text.removeLast() }
        compounds = []
        combinators = []
        var compound: Compound?
        var pendingCombinator: Combinator?
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if CSSScanner.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "+") {
                if let finished = compound {
                    guard compounds.count < CSSLimits.maximumCompounds else { return nil }
                    compounds.append(finished)
                    compound = nil
                    pendingCombinator = .descendant
                }
                if !CSSScanner.isSpace(byte) {
                    guard pendingCombinator == .descendant else { return nil }
                    pendingCombinator = byte == UInt8(ascii: ">") ? .child : .adjacent
                }
                index += 1
                continue
            }
            if compound == nil {
                if let combinator = pendingCombinator {
                    combinators.append(combinator)
                } else if !compounds.isEmpty {
                    return nil
                }
                pendingCombinator = nil
                compound = Compound()
            }
            switch byte {
            case UInt8(ascii: "*"):
                index += 1
            case UInt8(ascii: "."), UInt8(ascii: "#"):
                guard let name = Self.identifier(in: text, from: index + 1) else { return nil }
                if byte == UInt8(ascii: ".") {
                    compound?.classes.append(name)
                } else {
                    guard compound?.id == nil else { return nil }
                    compound?.id = name
                }
                index += 1 + name.utf8.count
            default:
                guard compound?.name == nil, compound?.id == nil, compound?.classes.isEmpty == true,
                      let name = Self.identifier(in: text, from: index) else { return nil }
                compound?.name = name.lowercased()
                index += name.utf8.count
            }
        }
        guard let last = compound, pendingCombinator == nil || pendingCombinator == .descendant else { return nil }
        guard compounds.count < CSSLimits.maximumCompounds else { return nil }
        compounds.append(last)
        if combinators.dropLast().contains(.adjacent) { return nil }
    }

    /// The identifier starting at `start`: letters, digits, `-`, `_` and anything non-ASCII;
    /// nil when there is none or it starts with a digit.
    private static func identifier(in text: ArraySlice<UInt8>, from start: Int) -> String? {
        var end = start
        while end < text.endIndex, isIdentifierByte(text[end]) { end += 1 }
        guard end > start else { return nil }
        let first = text[start]
        if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") { return nil }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    /// Whether the selector matches `element`, whose ancestors are `ancestors` (outermost
    /// first) and whose previous sibling element is `previousSibling`. The search backtracks
    /// without recursion (a child combinator may reject the nearest ancestor that matched a
    /// descendant one), and each compound tested costs one step of `budget`; when it runs out
    /// the answer is false.
    func matches(_ element: ElementDescription, previousSibling: ElementDescription?, ancestors: [ElementDescription],
                 budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0, compounds[compounds.count - 1].matches(element) else { return false }
        var next = compounds.count - 2
        if combinators.last == .adjacent {
            // The sibling shares the element's ancestors, so the rest matches from there.
            budget -= 1
            guard let previousSibling, compounds[next].matches(previousSibling) else { return false }
            next -= 1
        }
        // (compound still to match, highest ancestor index it may match at)
        var pending: [(compound: Int, limit: Int)] = [(next, ancestors.count - 1)]
        while let (k, limit) = pending.popLast() {
            if k < 0 { return true }
            switch combinators[k] {
            case .adjacent:
                return false
            case .child:
                budget -= 1
                if budget < 0 { return false }
                if limit >= 0, compounds[k].matches(ancestors[limit]) { pending.append((k - 1, limit - 1)) }
            case .descendant:
                // Pushed outermost first, so the nearest ancestor is tried first.
                var candidates: [Int] = []
                var index = limit
                while index >= 0 {
                    budget -= 1
                    if budget < 0 { return false }
                    if compounds[k].matches(ancestors[index]) {
                        candidates.append(index)
                        // Without a child combinator further left, the nearest match is as good as any.
                        if !combinators[..<k].contains(.child) { break }
                    }
                    index -= 1
                }
                for candidate in candidates.reversed() { pending.append((k - 1, candidate - 1)) }
            }
        }
        return false
    }

    /// The key that indexes the selector: its last compound's id, else its first class, else
    /// its element name; nil for a selector that may match any element.
    var key: Key? {
        let last = compounds[compounds.count - 1]
        if let id = last.id { return .id(id) }
        if let name = last.classes.first { return .className(name) }
        if let name = last.name { return .element(name) }
        return nil
    }

    enum Key: Hashable {
        case id(String)
        case className(String)
        case element(String)
    }
}
