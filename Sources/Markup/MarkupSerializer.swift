extension MarkupDocument {
    /// The element at `index`, and all inside it, written out as an XML document of its own:
    /// every namespace its elements and attributes are in is declared where it is first needed,
    /// and text and attribute values are escaped. What the tree does not keep (comments,
    /// processing instructions) is not written. The walk keeps a stack of its own, so a deep
    /// tree costs heap, not stack.
    public func xml(of index: Int) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        // The prefixes the subtree uses, each declared on its root (`xml` needs none).
        var prefixes: [String: String] = [:]
        for node in [index] + Array(descendants(of: index)) where nodes[node].kind == .element {
            let element = nodes[node]
            if let prefix = element.prefix, let namespace = element.namespace { prefixes[prefix] = prefixes[prefix] ?? namespace }
            for attribute in element.attributes {
                if let prefix = attribute.prefix, let namespace = attribute.namespace, prefix != "xml" {
                    prefixes[prefix] = prefixes[prefix] ?? namespace
                }
            }
        }
        enum Step {
            case enter(Int, defaultNamespace: String?)
            case leave(String)
        }
        var steps: [Step] = [.enter(index, defaultNamespace: nil)]
        while let step = steps.popLast() {
            switch step {
            case .leave(let name):
                out += "</\(name)>"
            case .enter(let node, let inherited):
                let element = nodes[node]
                guard element.kind == .element else {
                    out += Self.escaped(element.text, quotes: false)
                    continue
                }
                let name = element.prefix.map { "\($0):\(element.name)" } ?? element.name
                out += "<" + name
                var defaultNamespace = inherited
                if element.prefix == nil, element.namespace != inherited {
                    out += #" xmlns=""# + Self.escaped(element.namespace ?? "", quotes: true) + #"""#
                    defaultNamespace = element.namespace
                }
                if node == index {
                    for (prefix, namespace) in prefixes.sorted(by: { $0.key < $1.key }) {
                        out += " xmlns:\(prefix)=\"" + Self.escaped(namespace, quotes: true) + #"""#
                    }
                }
                for attribute in element.attributes {
                    let attributeName = attribute.prefix.map { "\($0):\(attribute.name)" } ?? attribute.name
                    out += " \(attributeName)=\"" + Self.escaped(attribute.value, quotes: true) + #"""#
                }
                guard let child = element.firstChild else {
                    out += "/>"
                    continue
                }
                out += ">"
                steps.append(.leave(name))
                var children: [Int] = []
                var next: Int? = child
                while let current = next {
                    children.append(current)
                    next = nodes[current].nextSibling
                }
                for current in children.reversed() { steps.append(.enter(current, defaultNamespace: defaultNamespace)) }
            }
        }
        return out + "\n"
    }

    /// `&`, `<`, `>` (and in an attribute `"`) as character references.
    private static func escaped(_ text: String, quotes: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && $0 == 0x22) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
