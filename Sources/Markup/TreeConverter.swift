import CLibXML2
import ProcessMemory

/// Copies a libxml2 tree into `MarkupNode` values, walking libxml2's own child/next/parent links
/// with an explicit ancestor stack: a hundred thousand nested elements never touch the C stack.
/// HTML's: XML documents are built from the parser's events (`XMLTreeBuilder`).
enum TreeConverter {
    static func convert(_ document: xmlDocPtr?) -> (nodes: [MarkupNode], root: Int?) {
        guard let document else { return ([], nil) }
        var nodes: [MarkupNode] = []
        var lastChild: [Int32] = []
        var root: Int?
        var ancestors: [(node: xmlNodePtr, index: Int32)] = []
        var current = document.pointee.children

        // Past the memory bound the rest is left: the conversion is refused (`MemoryWatch`).
        while let node = current, !MemoryWatch.isOver {
            let parent = ancestors.last?.index ?? -1
            var descended = false
            if let kind = append(node, parent: parent, to: &nodes) {
                let index = Int32(nodes.count - 1)
                lastChild.append(-1)
                if parent >= 0 {
                    let previous = lastChild[Int(parent)]
                    if previous >= 0 {
                        nodes[Int(previous)].nextSiblingLink = index
                        nodes[Int(index)].previousSiblingLink = previous
                    } else {
                        nodes[Int(parent)].firstChildLink = index
                    }
                    lastChild[Int(parent)] = index
                }
                if kind == .element {
                    if parent < 0, root == nil { root = Int(index) }
                    if let children = node.pointee.children {
                        ancestors.append((node, index))
                        current = children
                        descended = true
                    }
                }
            }
            if !descended {
                var next = node.pointee.next
                while next == nil, let finished = ancestors.popLast() {
                    next = finished.node.pointee.next
                }
                current = next
            }
        }
        return (nodes, root)
    }

    /// Appends the node's copy, made in place (a node handed back and then appended was copied
    /// once more, strings and all); returns its kind, or nil for a node that is not kept.
    private static func append(_ node: xmlNodePtr, parent: Int32, to nodes: inout [MarkupNode]) -> MarkupNode.Kind? {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            let (prefix, name, namespace) = qualifiedName(node.pointee.name, ns: node.pointee.ns)
            nodes.append(MarkupNode(kind: .element, name: name, namespace: namespace, prefix: prefix,
                                    attributes: attributes(of: node), line: Int(xmlGetLineNo(node)), parent: parent))
            return .element
        case XML_TEXT_NODE:
            nodes.append(MarkupNode(kind: .text, text: string(node.pointee.content), parent: parent))
            return .text
        case XML_CDATA_SECTION_NODE:
            nodes.append(MarkupNode(kind: .cdata, text: string(node.pointee.content), parent: parent))
            return .cdata
        case XML_ENTITY_REF_NODE:
            // Only a reference the rewriter let through (none should be left): keep it visible,
            // never expand it.
            nodes.append(MarkupNode(kind: .text, text: "&\(string(node.pointee.name));", parent: parent))
            return .text
        default:
            return nil
        }
    }

    private static func attributes(of node: xmlNodePtr) -> [MarkupAttribute] {
        var result: [MarkupAttribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let (prefix, name, namespace) = qualifiedName(current.pointee.name, ns: current.pointee.ns)
            var value = ""
            var child = current.pointee.children
            while let part = child {
                if part.pointee.type == XML_ENTITY_REF_NODE {
                    value += "&\(string(part.pointee.name));"
                } else {
                    value += string(part.pointee.content)
                }
                child = part.pointee.next
            }
            result.append(MarkupAttribute(name: name, namespace: namespace, prefix: prefix, value: value))
            attribute = current.pointee.next
        }
        return result
    }

    /// Prefix, local name and namespace; a name that still holds its prefix (undeclared, or from
    /// the HTML parser) gets the namespace that prefix conventionally means.
    private static func qualifiedName(_ rawName: UnsafePointer<xmlChar>?, ns: xmlNsPtr?)
        -> (prefix: String?, name: String, namespace: String?) {
        let name = string(rawName)
        if let ns {
            let prefix = ns.pointee.prefix.map { string($0) }
            return (prefix, name, string(ns.pointee.href))
        }
        return splitPrefix(of: name)
    }

    /// A name with no namespace: one that still holds its prefix gets the namespace that prefix
    /// conventionally means.
    static func splitPrefix(of name: String) -> (prefix: String?, name: String, namespace: String?) {
        if let colon = name.firstIndex(of: ":") {
            let prefix = String(name[..<colon])
            let local = String(name[name.index(after: colon)...])
            if !local.isEmpty { return (prefix, local, Namespace.conventional(prefix: prefix)) }
        }
        return (nil, name, nil)
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func string(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
