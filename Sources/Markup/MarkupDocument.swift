/// A parsed XML or HTML document as plain Swift values.
///
/// The nodes live in one flat array and point at each other by index (parent, first child, next
/// sibling), so building, walking and freeing a document never recurses: a book nested a hundred
/// thousand elements deep costs memory, not stack.
public struct MarkupDocument: Sendable {
    /// Which libxml2 parser produced the tree.
    public enum Syntax: Sendable, Equatable {
        case xml
        case html
    }

    public let nodes: [MarkupNode]
    /// The index of the root element (`html`, `package`, …), nil when nothing parsed.
    public let rootElement: Int?
    public let syntax: Syntax
    /// The parser's complaints (errors only, not warnings), the first few of them.
    public let problems: [MarkupProblem]
    /// How many problems there were in all, including the ones left out of `problems`.
    public let problemCount: Int
    /// Bytes that were not in the document's encoding and were replaced before parsing (the
    /// parse itself may then be clean): where the first was, and how many.
    public internal(set) var encodingProblem: MarkupProblem?
    /// A start tag with more than `Markup.maximumAttributes` attributes (the first such one):
    /// the attributes past the bound were left out before parsing, the element and its text kept.
    public internal(set) var attributeProblem: MarkupProblem?

    init(nodes: [MarkupNode], rootElement: Int?, syntax: Syntax, problems: [MarkupProblem], problemCount: Int) {
        self.nodes = nodes
        self.rootElement = rootElement
        self.syntax = syntax
        self.problems = problems
        self.problemCount = problemCount
    }

    /// True when the parser met no error: nothing had to be recovered.
    public var parsedCleanly: Bool { problemCount == 0 }

    /// Inlinable, so that a reader that looks at one field of a node (`document[i].kind`) does
    /// not copy the whole node, with its strings and attributes, across the module boundary.
    @inlinable
    public subscript(index: Int) -> MarkupNode { nodes[index] }

    /// The children of a node, in document order.
    public func children(of index: Int) -> Children {
        Children(nodes: nodes, upcoming: nodes[index].firstChild)
    }

    /// The element children of a node, in document order.
    public func childElements(of index: Int) -> [Int] {
        children(of: index).filter { nodes[$0].kind == .element }
    }

    /// Every node below `index` (not `index` itself) in document order, found by following the
    /// index links: no recursion and no stack.
    public func descendants(of index: Int) -> Descendants {
        Descendants(nodes: nodes, root: index, upcoming: nodes[index].firstChild)
    }

    /// The elements below `index` with this local name (any namespace), in document order.
    public func descendantElements(of index: Int, named name: String) -> [Int] {
        descendants(of: index).filter { nodes[$0].kind == .element && nodes[$0].name == name }
    }

    /// The first element below `index` with this local name, in document order.
    public func firstDescendantElement(of index: Int, named name: String) -> Int? {
        descendants(of: index).first { nodes[$0].kind == .element && nodes[$0].name == name }
    }

    /// The text of all text and CDATA nodes below `index`, concatenated, as written.
    public func textContent(of index: Int) -> String {
        let node = nodes[index]
        if node.kind != .element { return node.text }
        var text = ""
        for descendant in descendants(of: index) where nodes[descendant].kind != .element {
            text += nodes[descendant].text
        }
        return text
    }

    public struct Children: Sequence, IteratorProtocol {
        let nodes: [MarkupNode]
        var upcoming: Int?

        public mutating func next() -> Int? {
            guard let current = upcoming else { return nil }
            upcoming = nodes[current].nextSibling
            return current
        }
    }

    public struct Descendants: Sequence, IteratorProtocol {
        let nodes: [MarkupNode]
        let root: Int
        var upcoming: Int?

        public mutating func next() -> Int? {
            guard let current = upcoming else { return nil }
            if let child = nodes[current].firstChild {
                upcoming = child
                return current
            }
            var climbing = current
            while climbing != root {
                if let sibling = nodes[climbing].nextSibling {
                    upcoming = sibling
                    return current
                }
                guard let parent = nodes[climbing].parent else { break }
                climbing = parent
            }
            upcoming = nil
            return current
        }
    }
}

/// A parser complaint: where, and what libxml2 said.
public struct MarkupProblem: Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
