import Markup

/// An `svg` drawn inline in a chapter — shapes, paths or text, not only pictures — shown as a
/// picture of its own. Its markup becomes an SVG file the book does not have, named after the
/// chapter and the drawing's place among the chapter's outermost `svg` elements
/// (`OEBPS/ch1.xhtml-svg2.svg`, beside the chapter, so that the links inside it still resolve),
/// and is made again from the chapter whenever the file is read: for its size, for `--assets`,
/// for the preview. An `svg` that only frames pictures (`<image>`, a cover's) is not a drawing:
/// its pictures are read as images.
public enum InlineDrawing {
    /// What makes an `svg` a drawing: an element that draws.
    static let drawingElements: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
                                                "text", "use", "foreignobject"]

    static func isDrawing(_ index: Int, in document: MarkupDocument) -> Bool {
        document.descendants(of: index).contains {
            document[$0].kind == .element && drawingElements.contains(document[$0].name.lowercased())
        }
    }

    /// The outermost `svg` elements of `document`, in document order.
    static func outermostDrawings(in document: MarkupDocument) -> [Int] {
        guard let root = document.rootElement else { return [] }
        var found: [Int] = []
        var pending = [root]
        while let index = pending.popLast() {
            if document[index].kind == .element, document[index].name.lowercased() == "svg" {
                found.append(index)
                continue
            }
            var children: [Int] = []
            var child = document[index].firstChild
            while let current = child {
                children.append(current)
                child = document[current].nextSibling
            }
            pending += children.reversed()
        }
        return found
    }

    /// Whether a drawing's file can be made again from the document it is in: an XHTML or HTML
    /// chapter; HTML inside a Markdown file keeps its pictures alone, as before.
    static func canBeMade(from source: String) -> Bool {
        let lowered = source.lowercased()
        return !(lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") || lowered.hasSuffix(".txt"))
    }

    /// The file name of a chapter's drawing `number` (from 1).
    static func path(chapter: String, number: Int) -> String {
        "\(chapter)-svg\(number).svg"
    }

    /// The chapter and the number a drawing's path names; nil for any other path.
    public static func place(of path: String) -> (chapter: String, number: Int)? {
        guard path.hasSuffix(".svg"), let mark = path.range(of: "-svg", options: .backwards) else { return nil }
        let digits = path[mark.upperBound..<path.index(path.endIndex, offsetBy: -4)]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits),
              number > 0 else { return nil }
        return (String(path[..<mark.lowerBound]), number)
    }

    /// The SVG files of the drawings of the chapter whose bytes are `chapter`, parsed as the
    /// reader parses it, by their numbers: all at once, since a chapter parsed for one of its
    /// drawings is as good as parsed for all.
    public static func files(inChapter chapter: [UInt8]) -> [Int: [UInt8]] {
        let document = Markup.parse(chapter)
        var files: [Int: [UInt8]] = [:]
        for (n, index) in outermostDrawings(in: document).enumerated() where isDrawing(index, in: document) {
            files[n + 1] = Array(document.xml(of: index).utf8)
        }
        return files
    }

    /// What stands in for the drawing where it can't be shown: its `title`, or `aria-label`.
    static func alt(of index: Int, in document: MarkupDocument) -> String {
        if let title = document.childElements(of: index).first(where: { document[$0].name == "title" }) {
            return TextCleanup.singleLine(document.textContent(of: title))
        }
        return document[index].attribute("aria-label").map(TextCleanup.singleLine) ?? ""
    }
}
