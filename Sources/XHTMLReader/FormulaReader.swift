import BookModel
import Markup

/// Reads a `math` element and all in it into a `Formula`: each element with its attributes, a
/// token's text with its white space trimmed and collapsed, annotations (`annotation`,
/// `annotation-xml`, another notation of the same formula) left out. Walked with a stack of
/// its own, so a formula nested however deep costs memory, not the reader's stack.
enum FormulaReader {
    /// Past this many elements, the rest of a formula is left out: no formula of a book comes
    /// near it, and a hostile one is not read without end.
    static let maximumNodes = 20_000

    static func formula(at index: Int, in document: MarkupDocument) -> Formula {
        let math = document[index]
        var nodes: [MathNode] = []
        // The markup element to read, and the formula node to add it to as a child.
        var pending: [(markup: Int, parent: Int?)] = [(index, nil)]
        while let (markup, parent) = pending.popLast(), nodes.count < maximumNodes {
            let element = document[markup]
            var node = MathNode(name: element.name,
                                attributes: element.attributes.filter { $0.namespace == nil }.map { MathAttribute($0.name, $0.value) })
            let number = nodes.count
            if node.isToken {
                node.text = collapsed(document.textContent(of: markup))
            }
            nodes.append(node)
            if let parent { nodes[parent].children.append(number) }
            guard !node.isToken else { continue }
            // Children pushed last first, so that they are read, and numbered, in order.
            let children = document.childElements(of: markup).filter { !["annotation", "annotation-xml"].contains(document[$0].name) }
            for child in children.reversed() { pending.append((child, number)) }
        }
        let display = math.attribute("display").map { $0.lowercased() == "block" } ?? false
        let alternative = math.attribute("alttext").map(collapsed).flatMap { $0.isEmpty ? nil : $0 }
        return Formula(nodes: nodes, isDisplay: display, alternative: alternative)
    }

    /// `text` without the white space at its ends, each run of it inside one space.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }
}
