import CSS
import Markup

/// A markup document as CSS selectors see it: elements by node index, text nodes passed over.
/// In a document read by the HTML parser an element without a namespace is an HTML element,
/// in XHTML's namespace, as browsers treat it.
struct DocumentSelectorTree: SelectorTree {
    let document: MarkupDocument

    func localName(of element: Int) -> String { document[element].name }

    func namespace(of element: Int) -> String? {
        let node = document[element]
        if node.namespace == nil, node.prefix == nil, document.syntax == .html { return Namespace.xhtml }
        return node.namespace
    }

    func attribute(of element: Int, localName: String, namespace match: NamespaceMatch) -> String? {
        for attribute in document[element].attributes
        where SelectorText.equalIgnoringASCIICase(attribute.name, localName) {
            switch match {
            case .any: return attribute.value
            case .none: if attribute.namespace == nil { return attribute.value }
            case .uri(let uri): if attribute.namespace == uri { return attribute.value }
            }
        }
        return nil
    }

    func parentElement(of element: Int) -> Int? {
        guard let parent = document[element].parent, document[parent].kind == .element else { return nil }
        return parent
    }

    func previousSiblingElement(of element: Int) -> Int? {
        var sibling = document[element].previousSibling
        while let index = sibling, document[index].kind != .element { sibling = document[index].previousSibling }
        return sibling
    }

    func nextSiblingElement(of element: Int) -> Int? {
        var sibling = document[element].nextSibling
        while let index = sibling, document[index].kind != .element { sibling = document[index].nextSibling }
        return sibling
    }

    func hasNoChildren(_ element: Int) -> Bool { document[element].firstChild == nil }
}
