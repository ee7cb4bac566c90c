import BookModel
import Markup

/// Knows, as the reader walks a document, the EPUB CFI path of where it is (see `SourceMap`):
/// each open element's path, how many element children it has had so far (which numbers the
/// next one), and how far into the current text between two of them the walk has read. Every
/// child counts, shown or not, as it does in the document a reading system resolves a CFI in.
struct DocumentPathTracker {
    private struct Level {
        var path: String
        var elements = 0
        /// UTF-16 units of text read since the last element child, but for `uncountedText`.
        var textUnits = 0
        /// The last text read, counted only when more text follows it before an element: the
        /// parser joins neighbouring text, so that is rare, and counting every text node cost a
        /// pass over the book.
        var uncountedText: String?
    }

    private var levels: [Level]

    /// A tracker for a walk from the root element.
    init() {
        levels = [Level(path: "", elements: -1)]
    }

    /// For a walk that starts at `start`: the levels above it are set up so that entering it
    /// gives its path from the root element (which has the empty path).
    init(document: MarkupDocument, start: Int) {
        var chain: [Int] = []
        var node = start
        while let parent = document[node].parent, document[parent].kind == .element {
            chain.append(node)
            node = parent
        }
        // `node` is the root element; `chain` leads from `start` up to its child.
        var path = ""
        for step in chain.dropFirst().reversed() {
            path += Self.step(to: step, in: document)
        }
        if let parent = document[start].parent, !chain.isEmpty {
            let index = document.childElements(of: parent).firstIndex(of: start) ?? 0
            levels = [Level(path: path, elements: index)]
        } else {
            // The walk starts at the root: entering it must give the empty path.
            levels = [Level(path: "", elements: -1)]
        }
    }

    /// The path of `element` from the root element, found by walking up from it.
    static func path(of element: Int, in document: MarkupDocument) -> String {
        var path = ""
        var node = element
        while let parent = document[node].parent, document[parent].kind == .element {
            path = step(to: node, in: document) + path
            node = parent
        }
        return path
    }

    private static func step(to element: Int, in document: MarkupDocument) -> String {
        guard let parent = document[element].parent else { return "" }
        let index = document.childElements(of: parent).firstIndex(of: element) ?? 0
        return SourceMap.elementStep(index: index, id: document[element].attribute("id"))
    }

    /// The walk meets an element child of the innermost open element: its path. Call `open`
    /// when its children will be walked too.
    mutating func element(id: String?) -> String {
        let top = levels.count - 1
        let index = levels[top].elements
        levels[top].elements += 1
        levels[top].textUnits = 0
        levels[top].uncountedText = nil
        // Only the root, entered from the level made for it, has no step.
        if index < 0 { return "" }
        return levels[top].path + SourceMap.elementStep(index: index, id: id)
    }

    mutating func open(_ path: String) {
        levels.append(Level(path: path))
    }

    mutating func close() {
        if levels.count > 1 { levels.removeLast() }
    }

    /// The walk meets text (or CDATA) in the innermost open element: where it starts.
    mutating func text(_ text: String) -> DocumentPosition {
        let top = levels.count - 1
        if let previous = levels[top].uncountedText { levels[top].textUnits += previous.utf16UnitCount }
        let position = DocumentPosition(path: levels[top].path + SourceMap.textStep(afterElement: levels[top].elements - 1),
                                        utf16Offset: levels[top].textUnits)
        levels[top].uncountedText = text
        return position
    }
}
