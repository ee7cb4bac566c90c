import CSS

/// A hand-built element tree for the selector and cascade tests: elements are added under a
/// parent, in document order.
struct TestElementTree: SelectorTree {
    struct Attribute {
        var name: String
        var namespace: String?
        var value: String
    }

    /// One element to add: its name and the attributes selectors look at most.
    struct Spec {
        var name: String
        var namespace: String?
        var attributes: [Attribute] = []
        var holdsText = false

        init(_ name: String, id: String? = nil, classes: String? = nil, namespace: String? = nil,
             attributes: [Attribute] = [], holdsText: Bool = false) {
            self.name = name
            self.namespace = namespace
            if let id { self.attributes.append(Attribute(name: "id", value: id)) }
            if let classes { self.attributes.append(Attribute(name: "class", value: classes)) }
            self.attributes += attributes
            self.holdsText = holdsText
        }
    }

    private struct Element {
        var spec: Spec
        var parent: Int?
        var children: [Int] = []
    }

    private var elements: [Element] = []

    /// Adds an element as the last child of `parent` (nil: a root), and returns its index.
    @discardableResult
    mutating func add(_ spec: Spec, under parent: Int? = nil) -> Int {
        elements.append(Element(spec: spec, parent: parent))
        let index = elements.count - 1
        if let parent { elements[parent].children.append(index) }
        return index
    }

    /// Each element inside the one before it; the indices, outermost first.
    mutating func addChain(_ specs: [Spec], under parent: Int? = nil) -> [Int] {
        var indices: [Int] = []
        for spec in specs { indices.append(add(spec, under: indices.last ?? parent)) }
        return indices
    }

    func localName(of element: Int) -> String { elements[element].spec.name }

    func namespace(of element: Int) -> String? { elements[element].spec.namespace }

    func attribute(of element: Int, localName: String, namespace match: NamespaceMatch) -> String? {
        elements[element].spec.attributes.first { attribute in
            guard SelectorText.equalIgnoringASCIICase(attribute.name, localName) else { return false }
            switch match {
            case .any: return true
            case .none: return attribute.namespace == nil
            case .uri(let uri): return attribute.namespace == uri
            }
        }?.value
    }

    func parentElement(of element: Int) -> Int? { elements[element].parent }

    private func siblings(of element: Int) -> [Int] {
        guard let parent = elements[element].parent else { return [element] }
        return elements[parent].children
    }

    func previousSiblingElement(of element: Int) -> Int? {
        let siblings = siblings(of: element)
        guard let place = siblings.firstIndex(of: element), place > 0 else { return nil }
        return siblings[place - 1]
    }

    func nextSiblingElement(of element: Int) -> Int? {
        let siblings = siblings(of: element)
        guard let place = siblings.firstIndex(of: element), place + 1 < siblings.count else { return nil }
        return siblings[place + 1]
    }

    func hasNoChildren(_ element: Int) -> Bool { elements[element].children.isEmpty && !elements[element].spec.holdsText }
}
