/// Which namespace a name must be in, for a selector's element or attribute names.
public enum NamespaceMatch: Sendable, Equatable {
    /// `*|name`, or an element name with no prefix when no default namespace is declared.
    case any
    /// `|name`, or an attribute name with no prefix: in no namespace.
    case none
    case uri(String)
}

/// What selectors see of a document: elements by index, with their names, attributes and the
/// elements around them. The reader's markup tree answers it; so can a test's.
public protocol SelectorTree {
    /// The element's local name as written.
    func localName(of element: Int) -> String
    func namespace(of element: Int) -> String?
    /// The value of the element's attribute with this local name, compared without regard to
    /// ASCII case (`localName` is lowercased), in a namespace `match` allows.
    func attribute(of element: Int, localName: String, namespace match: NamespaceMatch) -> String?
    /// The nearest enclosing element; nil for the root.
    func parentElement(of element: Int) -> Int?
    func previousSiblingElement(of element: Int) -> Int?
    func nextSiblingElement(of element: Int) -> Int?
    /// No children at all, not even text (`:empty`).
    func hasNoChildren(_ element: Int) -> Bool
}

extension SelectorSyntax {
    /// Whether the selector matches `element` of `tree`. The search runs right to left and
    /// backtracks without recursion (a `>` further left may reject the nearest ancestor a
    /// descendant combinator matched); each element tested costs one step of `budget`, and
    /// when it runs out the answer is false.
    @inlinable
    func matches<Tree: SelectorTree>(_ element: Int, in tree: Tree, budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0, compounds[compounds.count - 1].holds(for: element, in: tree, budget: &budget) else { return false }
        guard !combinators.isEmpty else { return true }
        // Places to resume from: compound `k` tried again from `candidate` on.
        var resumptions: [(k: Int, candidate: Int)] = []
        var k = compounds.count - 2
        var candidate = Self.step(combinators[k], from: element, in: tree)
        while true {
            let combinator = combinators[k]
            var found: Int?
            while let tried = candidate {
                budget -= 1
                if budget < 0 { return false }
                if compounds[k].holds(for: tried, in: tree, budget: &budget) {
                    found = tried
                    break
                }
                if combinator == .child || combinator == .adjacent { break }
                candidate = Self.step(combinator, from: tried, in: tree)
            }
            if let matched = found {
                if combinator == .descendant || combinator == .sibling, needsResumption(left: k),
                   let next = Self.step(combinator, from: matched, in: tree) {
                    resumptions.append((k, next))
                }
                if k == 0 { return true }
                k -= 1
                candidate = Self.step(combinators[k], from: matched, in: tree)
                continue
            }
            guard let resumption = resumptions.popLast() else { return false }
            k = resumption.k
            candidate = resumption.candidate
        }
    }

    /// Whether a farther match for compound `k` could succeed where the nearest failed: only
    /// when a `>` or `+` further left ties what matches there to one element. With `~` and
    /// white space alone, the nearest match sees every element a farther one would.
    @inlinable
    func needsResumption(left k: Int) -> Bool {
        combinators[..<k].contains { $0 == .child || $0 == .adjacent }
    }

    /// The next element a combinator's search moves to: up for `>` and white space, back for
    /// `+` and `~`.
    @inlinable
    static func step<Tree: SelectorTree>(_ combinator: Combinator, from element: Int, in tree: Tree) -> Int? {
        switch combinator {
        case .child, .descendant: tree.parentElement(of: element)
        case .adjacent, .sibling: tree.previousSiblingElement(of: element)
        }
    }
}

extension SelectorSyntax.Compound {
    @inlinable
    func holds<Tree: SelectorTree>(for element: Int, in tree: Tree, budget: inout Int) -> Bool {
        if let localName, !SelectorText.equalIgnoringASCIICase(tree.localName(of: element), localName) { return false }
        if let namespace, !namespace.admits(tree.namespace(of: element)) { return false }
        if let id, tree.attribute(of: element, localName: "id", namespace: .none) != id { return false }
        if !classes.isEmpty {
            guard let value = tree.attribute(of: element, localName: "class", namespace: .none) else { return false }
            for name in classes where !SelectorText.containsWord(value, name) { return false }
        }
        for test in others where !test.holds(for: element, in: tree, budget: &budget) { return false }
        return true
    }
}

extension SelectorSyntax.SimpleTest {
    @inlinable
    func holds<Tree: SelectorTree>(for element: Int, in tree: Tree, budget: inout Int) -> Bool {
        switch self {
        case .type(let name, let namespace):
            if let name, !SelectorText.equalIgnoringASCIICase(tree.localName(of: element), name) { return false }
            return namespace.admits(tree.namespace(of: element))
        case .id(let id):
            return tree.attribute(of: element, localName: "id", namespace: .none) == id
        case .className(let name):
            guard let classes = tree.attribute(of: element, localName: "class", namespace: .none) else { return false }
            return SelectorText.containsWord(classes, name)
        case .attribute(let test):
            guard let value = tree.attribute(of: element, localName: test.localName, namespace: test.namespace) else {
                return false
            }
            return test.admits(value)
        case .nth(let test):
            return test.holds(for: element, in: tree, budget: &budget)
        case .only(let ofType):
            let first = SelectorSyntax.NthTest(counting: ofType ? .ofType : .children, a: 0, b: 1)
            let last = SelectorSyntax.NthTest(counting: ofType ? .ofTypeFromLast : .childrenFromLast, a: 0, b: 1)
            return first.holds(for: element, in: tree, budget: &budget) && last.holds(for: element, in: tree, budget: &budget)
        case .root:
            return tree.parentElement(of: element) == nil
        case .empty:
            return tree.hasNoChildren(element)
        case .link:
            let name = tree.localName(of: element)
            return (SelectorText.equalIgnoringASCIICase(name, "a") || SelectorText.equalIgnoringASCIICase(name, "area"))
                && tree.attribute(of: element, localName: "href", namespace: .none) != nil
        case .language(let range):
            var current: Int? = element
            while let index = current {
                budget -= 1
                if budget < 0 { return false }
                if let language = tree.attribute(of: index, localName: "lang", namespace: .uri(SelectorText.xmlNamespace))
                    ?? tree.attribute(of: index, localName: "lang", namespace: .none) {
                    // The range, or the range and a `-` (`en` matches `en-GB`).
                    let lowered = SelectorText.lowercased(language).utf8
                    return lowered.starts(with: range.utf8)
                        && (lowered.count == range.utf8.count || lowered.dropFirst(range.utf8.count).first == UInt8(ascii: "-"))
                }
                current = tree.parentElement(of: index)
            }
            return false
        case .never:
            return false
        case .not(let inner):
            return !inner.holds(for: element, in: tree, budget: &budget)
        }
    }
}

extension SelectorSyntax.NthTest {
    /// Counts the element's place among its siblings (or those of its name), each sibling
    /// passed costing one step of `budget`. With `a ≤ 0` only the first `b` places can match,
    /// so the count stops there: `:first-child` looks at one sibling, not all.
    @inlinable
    func holds<Tree: SelectorTree>(for element: Int, in tree: Tree, budget: inout Int) -> Bool {
        let fromLast = counting == .childrenFromLast || counting == .ofTypeFromLast
        let ofType = counting == .ofType || counting == .ofTypeFromLast
        let name = ofType ? tree.localName(of: element) : ""
        var place = 1
        var sibling = fromLast ? tree.nextSiblingElement(of: element) : tree.previousSiblingElement(of: element)
        while let current = sibling {
            if a <= 0, place > b { return false }
            budget -= 1
            if budget < 0 { return false }
            if !ofType || SelectorText.equalIgnoringASCIICase(tree.localName(of: current), name) { place += 1 }
            sibling = fromLast ? tree.nextSiblingElement(of: current) : tree.previousSiblingElement(of: current)
        }
        return holds(at: place)
    }
}

extension SelectorSyntax.AttributeTest {
    @inlinable
    func admits(_ actual: String) -> Bool {
        let value = ignoresCase ? SelectorText.lowercased(self.value) : self.value
        let actual = ignoresCase ? SelectorText.lowercased(actual) : actual
        switch match {
        case .exists: return true
        case .equals: return actual == value
        case .includesWord: return SelectorText.containsWord(actual, value)
        case .dashMatch: return actual == value || actual.utf8.starts(with: (value + "-").utf8)
        // An empty value matches nothing, for these three.
        case .prefix: return !value.isEmpty && actual.utf8.starts(with: value.utf8)
        case .suffix: return !value.isEmpty && actual.utf8.reversed().starts(with: value.utf8.reversed())
        case .substring: return !value.isEmpty && SelectorText.contains(actual, value)
        }
    }
}

extension NamespaceMatch {
    @inlinable
    func admits(_ namespace: String?) -> Bool {
        switch self {
        case .any: true
        case .none: namespace == nil
        case .uri(let uri): namespace == uri
        }
    }
}

/// Comparisons on names and attribute values, done on their UTF-8 bytes without copies.
public enum SelectorText {
    @usableFromInline
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// `lowercased` is already in lower case.
    @inlinable
    public static func equalIgnoringASCIICase(_ text: String, _ lowercased: String) -> Bool {
        guard text.utf8.count == lowercased.utf8.count else { return false }
        if text == lowercased { return true }
        return zip(text.utf8, lowercased.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
    }

    /// Whether `word` is one of the white-space-separated words of `text` (`~=`, classes). A
    /// word that is empty or holds white space is none of them.
    @inlinable
    static func containsWord(_ text: String, _ word: String) -> Bool {
        var text = text, word = word
        return text.withUTF8 { text in
            word.withUTF8 { word in
                guard !word.isEmpty else { return false }
                var index = 0
                while index < text.count {
                    while index < text.count, CSSScanner.isSpace(text[index]) { index += 1 }
                    let start = index
                    while index < text.count, !CSSScanner.isSpace(text[index]) { index += 1 }
                    if index - start == word.count, UnsafeBufferPointer(rebasing: text[start..<index]).elementsEqual(word) {
                        return true
                    }
                }
                return false
            }
        }
    }

    /// Calls `body` with each white-space-separated word of `text`.
    @inlinable
    static func forEachWord(of text: String, _ body: (String) -> Void) {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            while index < bytes.endIndex, CSSScanner.isSpace(bytes[index]) { index = bytes.index(after: index) }
            let start = index
            while index < bytes.endIndex, !CSSScanner.isSpace(bytes[index]) { index = bytes.index(after: index) }
            if start < index { body(String(text[start..<index])) }
        }
    }

    @inlinable
    static func contains(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.utf8), needle = Array(part.utf8)
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// ASCII letters lowercased, everything else kept; no copy when there are none.
    @inlinable
    static func lowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
