/// One selector of a rule's list, as CSS Selectors Level 3 writes it: compound selectors joined
/// by combinators, and at the end, perhaps, a pseudo-element. Selectors the parser cannot read
/// whole (a pseudo-class it does not know, an undeclared namespace prefix, Level 4's `:is()`)
/// are left out, as CSS requires: a rule then applies to fewer elements than its author meant,
/// never to more.
@usableFromInline
struct SelectorSyntax: Sendable, Equatable {
    /// Left to right; `combinators[k]` joins `compounds[k]` and `compounds[k + 1]`.
    @usableFromInline var compounds: [Compound]
    @usableFromInline var combinators: [Combinator]
    /// What the selector styles when it is not the element itself.
    @usableFromInline var pseudoElement: PseudoElement?

    /// Simple selectors that all hold of one element (`p.note[lang]:first-child`). A class,
    /// and immutable: the matcher reads compounds many times per element, and a reference is
    /// one count to copy where a struct of arrays and strings is several.
    @usableFromInline
    final class Compound: Sendable, Equatable {
        let tests: [SimpleTest]
        // What `tests` asks, sorted for matching: the name, id and classes most selectors
        // are made of, read without going through the enum; the rest in `others`.
        @usableFromInline let localName: String?
        @usableFromInline let namespace: NamespaceMatch?
        @usableFromInline let id: String?
        @usableFromInline let classes: [String]
        @usableFromInline let others: [SimpleTest]

        init(tests: [SimpleTest]) {
            self.tests = tests
            var localName: String?, namespace: NamespaceMatch?, id: String?
            var classes: [String] = [], others: [SimpleTest] = []
            for test in tests {
                switch test {
                case .type(let name, let match):
                    localName = name
                    namespace = match == .any ? nil : match
                case .id(let name) where id == nil: id = name
                case .className(let name): classes.append(name)
                default: others.append(test)
                }
            }
            self.localName = localName
            self.namespace = namespace
            self.id = id
            self.classes = classes
            self.others = others
        }

        @usableFromInline
        static func == (a: Compound, b: Compound) -> Bool { a === b || a.tests == b.tests }
    }

    @usableFromInline
    enum Combinator: Sendable, Equatable {
        /// White space: any ancestor.
        case descendant
        /// `>`: the parent.
        case child
        /// `+`: the element just before, among its siblings.
        case adjacent
        /// `~`: any element before it among its siblings.
        case sibling
    }

    @usableFromInline
    enum PseudoElement: Sendable, Equatable {
        case firstLetter
        case firstLine
    }

    @usableFromInline
    enum SimpleTest: Sendable, Equatable {
        /// A type selector; `localName` is nil for `*`, lowercased otherwise (HTML's element
        /// names ignore case, and books mix `P` and `p`).
        case type(localName: String?, namespace: NamespaceMatch)
        case id(String)
        case className(String)
        case attribute(AttributeTest)
        /// `:nth-child(an+b)` and its kin; `:first-child` is `a = 0, b = 1`.
        case nth(NthTest)
        /// `:only-child`, and with `ofType` `:only-of-type`.
        case only(ofType: Bool)
        case root
        case empty
        /// `:link` and `:any-link`: an `a` or `area` with an `href`.
        case link
        /// `:lang(fr)`: the nearest `lang` or `xml:lang` is the range or starts with it and `-`.
        case language(String)
        /// Dynamic pseudo-classes (`:hover`, `:visited`): a page at rest is in none of them.
        case never
        /// `:not(x)` with one simple selector.
        indirect case not(SimpleTest)
    }

    @usableFromInline
    struct AttributeTest: Sendable, Equatable {
        @usableFromInline
        enum Operator: Sendable, Equatable {
            /// `[name]`
            case exists
            /// `=`, `~=` (one of its space-separated words), `|=` (it, or it and `-`), `^=`, `$=`, `*=`.
            case equals, includesWord, dashMatch, prefix, suffix, substring
        }

        /// Lowercased: attribute names ignore case in HTML.
        @usableFromInline var localName: String
        @usableFromInline var namespace: NamespaceMatch
        @usableFromInline var match: Operator
        @usableFromInline var value: String
        /// The `i` flag: the value compares without regard to ASCII case.
        @usableFromInline var ignoresCase: Bool
    }

    @usableFromInline
    struct NthTest: Sendable, Equatable {
        @usableFromInline
        enum Counting: Sendable, Equatable {
            /// `:nth-child`: among all sibling elements, from the first.
            case children
            /// `:nth-last-child`
            case childrenFromLast
            /// `:nth-of-type`: among siblings of the same name.
            case ofType
            case ofTypeFromLast
        }

        @usableFromInline var counting: Counting
        @usableFromInline var a: Int
        @usableFromInline var b: Int

        @usableFromInline
        init(counting: Counting, a: Int, b: Int) {
            self.counting = counting
            self.a = a
            self.b = b
        }

        /// Whether position `index` (from 1) is `a·n + b` for some n ≥ 0.
        @inlinable
        func holds(at index: Int) -> Bool {
            if a == 0 { return index == b }
            let steps = index - b
            return steps % a == 0 && steps / a >= 0
        }
    }

    /// Ids, then classes, attributes and pseudo-classes, then element names and pseudo-elements,
    /// packed so that comparing the numbers compares them in that order (each count capped at
    /// 1023). A `:not()` counts as its argument, `*` not at all.
    var specificity: Int {
        var ids = 0, classes = 0, names = 0
        func count(_ test: SimpleTest) {
            switch test {
            case .type(let name, _): if name != nil { names += 1 }
            case .id: ids += 1
            case .className, .attribute, .nth, .only, .root, .empty, .link, .language, .never: classes += 1
            case .not(let inner): count(inner)
            }
        }
        for compound in compounds {
            for test in compound.tests { count(test) }
        }
        if pseudoElement != nil { names += 1 }
        return min(ids, 1023) << 20 | min(classes, 1023) << 10 | min(names, 1023)
    }

    /// Whether a compound asks for a state no page is in.
    var neverMatches: Bool {
        compounds.contains { $0.tests.contains(.never) }
    }

    /// The key that indexes the selector: its last compound's id, else its first class, else
    /// its element name; nil for a selector that may match any element.
    var key: Key? {
        var found: Key?
        for test in compounds[compounds.count - 1].tests {
            switch test {
            case .id(let id): return .id(id)
            case .className(let name): if case .className? = found {} else { found = .className(name) }
            case .type(let name?, _): if found == nil { found = .element(name) }
            default: break
            }
        }
        return found
    }

    @usableFromInline
    enum Key: Hashable, Sendable {
        case id(String)
        case className(String)
        case element(String)
    }
}
