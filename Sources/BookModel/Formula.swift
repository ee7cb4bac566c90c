/// A formula of the book, as MathML wrote it: the `math` element and everything in it, which
/// the layout sets by MathML Core's rules. Its elements are kept in one flat list, each naming
/// its children by index, so that a formula nested however deep is copied, compared and freed
/// without recursion.
public struct Formula: Sendable, Equatable {
    /// The elements in document order; `nodes[0]` is the `math` element.
    public var nodes: [MathNode]
    /// `display="block"`: a formula set apart, centred on a line of its own.
    public var isDisplay: Bool
    /// The book's `alttext`, when it gives one.
    public var alternative: String?

    public init(nodes: [MathNode], isDisplay: Bool = false, alternative: String? = nil) {
        self.nodes = nodes
        self.isDisplay = isDisplay
        self.alternative = alternative
    }

    /// The `math` element.
    public var root: MathNode { nodes[0] }
}

/// One MathML element of a formula: its local name (`mfrac`, `mi`), its attributes, its text
/// when it is a token (`mi`, `mn`, `mo`, `mtext`, `ms`; white space at its ends removed and
/// runs of it made one space, as MathML says), and its children, indices in the formula's nodes.
public struct MathNode: Sendable, Equatable {
    public var name: String
    public var attributes: [MathAttribute]
    public var text: String
    public var children: [Int]

    public init(name: String, attributes: [MathAttribute] = [], text: String = "", children: [Int] = []) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    /// The value of the attribute `name`, if the element has it.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The token elements, which hold text rather than elements.
    public static let tokens: Set<String> = ["mi", "mn", "mo", "mtext", "ms"]
    public var isToken: Bool { Self.tokens.contains(name) }
}

public struct MathAttribute: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
