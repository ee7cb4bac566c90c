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
            for attribute in element.attributes where !Self.declaresNamespace(attribute) {
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
                // A prefix bound to nothing (an HTML parse's) is left off; an HTML parse's lowercase
                // SVG names get their case back.
                let local = Self.svgNames[element.name] ?? element.name
                let name = element.namespace == nil ? local : element.prefix.map { "\($0):\(local)" } ?? local
                out += "<" + name
                var defaultNamespace = inherited
                // An `svg` read without a namespace (HTML's) is SVG's.
                let namespace = element.namespace ?? (node == index && local == "svg" ? Self.svgNamespace : nil)
                if element.prefix == nil || element.namespace == nil, namespace != inherited {
                    out += #" xmlns=""# + Self.escaped(namespace ?? "", quotes: true) + #"""#
                    defaultNamespace = namespace
                }
                if node == index {
                    for (prefix, namespace) in prefixes.sorted(by: { $0.key < $1.key }) {
                        out += " xmlns:\(prefix)=\"" + Self.escaped(namespace, quotes: true) + #"""#
                    }
                }
                for attribute in element.attributes where !Self.declaresNamespace(attribute) {
                    // An attribute whose prefix is bound to nothing (an editor's, undeclared) is left out.
                    if attribute.prefix != nil, attribute.namespace == nil { continue }
                    let local = Self.svgNames[attribute.name] ?? attribute.name
                    let attributeName = attribute.namespace == nil ? local : attribute.prefix.map { "\($0):\(local)" } ?? local
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

    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// A namespace declaration an HTML parse keeps as an attribute: the serializer declares its own.
    private static func declaresNamespace(_ attribute: MarkupAttribute) -> Bool {
        attribute.prefix == "xmlns" || (attribute.prefix == nil && attribute.name == "xmlns")
    }

    /// SVG's names that are not all lowercase, by the lowercase an HTML parser makes of them
    /// (the table HTML's parser itself uses to set their case back).
    static let svgNames: [String: String] = Dictionary(uniqueKeysWithValues: [
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
        "radialGradient", "textPath",
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits", "diffuseConstant",
        "edgeMode", "filterUnits", "gradientTransform", "gradientUnits", "kernelMatrix", "kernelUnitLength", "keyPoints",
        "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth",
        "maskContentUnits", "maskUnits", "numOctaves", "pathLength", "patternContentUnits", "patternTransform",
        "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio", "primitiveUnits",
        "refX", "refY", "repeatCount", "repeatDur", "requiredExtensions", "requiredFeatures", "specularConstant",
        "specularExponent", "spreadMethod", "startOffset", "stdDeviation", "stitchTiles", "surfaceScale",
        "systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox", "viewTarget",
        "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ].map { ($0.lowercased(), $0) })

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
