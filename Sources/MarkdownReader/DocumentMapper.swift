import BookModel
import MarkdownParser
import ProcessMemory
import XHTMLReader
import ZipArchive

/// A Markdown file read into blocks, its footnotes set aside until the chapters are known.
struct MappedFile {
    var blocks: [Block] = []
    /// The text of footnote `n` at index `n - 1`.
    var notes: [[Block]] = []
    /// Footnote number → the top-level block holding its first reference.
    var firstReference: [Int: Int] = [:]
    var warnings: [Warning] = []
}

/// Maps a parsed Markdown file onto the document model: the same blocks and styles the XHTML
/// reader makes, so the layout never knows which format a book came in.
struct DocumentMapper {
    let document: MarkdownDocument
    /// The file, relative to the book's folder: what links and images resolve against.
    let source: String
    let folder: BookFolder
    /// Levels added to every heading (a chapter nested in `SUMMARY.md`).
    let headingShift: Int
    /// Leave out the lines rustdoc hides in Rust code blocks, as an mdBook shows them.
    var hidesRustLines = false

    private var result = MappedFile()
    private var headingAnchors = HeadingAnchors()
    private var inlines: InlineCollector

    init(document: MarkdownDocument, source: String, folder: BookFolder, headingShift: Int = 0) {
        self.document = document
        self.source = source
        self.folder = folder
        self.headingShift = headingShift
        inlines = InlineCollector(document: document) { href in
            if ArchivePath.isExternal(href) { return href }
            return ArchivePath.resolve(href, relativeTo: source)?.description
        }
    }

    mutating func map() -> MappedFile {
        guard !document.nodes.isEmpty else { return result }
        for child in document.children(of: document.root) {
            // Past the memory bound the rest is left: the conversion is refused (`MemoryWatch`).
            if MemoryWatch.isOver { break }
            if case .footnoteDefinition = document[child].kind {
                result.notes.append(blocks(ofChildren: child, depth: 1))
                continue
            }
            let referencesBefore = inlines.footnoteReferences.count
            result.blocks += blocks(of: child, depth: 0)
            for number in inlines.footnoteReferences[referencesBefore...] where result.firstReference[number] == nil {
                result.firstReference[number] = max(0, result.blocks.count - 1)
            }
        }
        return result
    }

    private mutating func blocks(ofChildren node: Int, depth: Int) -> [Block] {
        document.children(of: node).flatMap { blocks(of: $0, depth: depth) }
    }

    private mutating func blocks(of node: Int, depth: Int) -> [Block] {
        let line = document[node].line
        switch document[node].kind {
        case .paragraph:
            return paragraph(node)
        case .heading(let level):
            let runs = inlineRuns(of: node)
            let anchor = headingAnchors.anchor(for: runs.plainText)
            return [Block(.heading(level: min(6, level + headingShift), runs), anchors: [anchor])]
        case .blockQuote:
            if depth >= XHTMLReader.maximumBlockNesting { return flattened(node) }
            return [Block(.quote(blocks(ofChildren: node, depth: depth + 1)))]
        case .list(let ordered, let start):
            if depth >= XHTMLReader.maximumBlockNesting { return flattened(node) }
            var items: [[Block]] = []
            var checkboxes: [Bool?] = []
            for item in document.children(of: node) {
                items.append(blocks(ofChildren: item, depth: depth + 1))
                if case .item(let task) = document[item].kind { checkboxes.append(task) } else { checkboxes.append(nil) }
            }
            let hasTasks = checkboxes.contains { $0 != nil }
            return [Block(.list(List(isOrdered: ordered, start: start, items: items,
                                     checkboxes: hasTasks ? checkboxes : [])))]
        case .codeBlock(let info, let code):
            var text = code.hasSuffix("\n") ? String(code.dropLast()) : code
            let infoString = info.trimmingWhitespace
            if hidesRustLines, RustHiddenLines.isRust(infoString) { text = RustHiddenLines.shown(in: text) }
            return [Block(.preformatted([Inline(text, style: .code)]), infoString: infoString.isEmpty ? nil : infoString)]
        case .htmlBlock(let html):
            let fragment = HTMLFragment.read(html, source: source, line: line)
            result.warnings += fragment.warnings
            return checkedImages(in: fragment.blocks, line: line)
        case .thematicBreak:
            return [Block(.rule)]
        case .table:
            return [Block(.table(table(node)))]
        case .footnoteDefinition:
            return []
        default:
            return blocks(ofChildren: node, depth: depth)
        }
    }

    /// A paragraph's runs, with each image a block of its own between them.
    private mutating func paragraph(_ node: Int) -> [Block] {
        if InlineHTML.isMixed(node, in: document) {
            inlines.recordReferences(in: node)
            return htmlBlocks("<p>\(InlineHTML.html(of: node, in: document))</p>", line: document[node].line)
        }
        return inlines.pieces(of: node).compactMap { piece in
            switch piece {
            case .runs(let runs):
                return runs.plainText.allSatisfy(\.isWhitespace) ? nil : Block(.paragraph(runs))
            case .image(let url, let alt, let line):
                return image(url, alt: alt, line: line).map { Block(.image($0)) }
            }
        }
    }

    private mutating func inlineRuns(of node: Int) -> [Inline] {
        guard InlineHTML.isMixed(node, in: document) else { return inlines.runs(of: node) }
        inlines.recordReferences(in: node)
        let html = "<p>\(InlineHTML.html(of: node, in: document))</p>"
        return htmlBlocks(html, line: document[node].line).flatMap { block -> [Inline] in
            switch block.kind {
            case .paragraph(let runs), .heading(_, let runs): return runs
            case .image(let image): return image.alt.isEmpty ? [] : [Inline(image.alt)]
            default: return []
            }
        }
    }

    /// Inline HTML mixed with Markdown: its footnote references, written as links to the notes'
    /// anchors, call their notes as Markdown's own do.
    private mutating func htmlBlocks(_ html: String, line: Int) -> [Block] {
        let fragment = HTMLFragment.read(html, source: source, line: line)
        result.warnings += fragment.warnings
        return checkedImages(in: fragment.blocks, line: line).map { block in
            var block = block
            switch block.kind {
            case .paragraph(let runs): block.kind = .paragraph(callingNotes(runs))
            case .heading(let level, let runs): block.kind = .heading(level: level, callingNotes(runs))
            default: break
            }
            return block
        }
    }

    private func callingNotes(_ runs: [Inline]) -> [Inline] {
        runs.map { run in
            var run = run
            run.note = FootnoteAnchor.note(calledBy: run.link, resolve: inlines.resolveLink)
            return run
        }
    }

    private mutating func table(_ node: Int) -> Table {
        guard case .table(let alignments) = document[node].kind else { return Table() }
        var header = TableRowGroup(.header)
        var body = TableRowGroup(.body, sourceIndex: 1)
        for row in document.children(of: node) {
            let isHeader = document[row].kind == .tableRow(isHeader: true)
            let cells = document.children(of: row).enumerated().map { column, cell in
                Self.cell(inlineRuns(of: cell), isHeader: isHeader,
                          alignment: column < alignments.count ? alignments[column] : .none)
            }
            if isHeader { header.rows.append(TableRow(cells: cells)) } else { body.rows.append(TableRow(cells: cells)) }
        }
        if header.rows.isEmpty { body.sourceIndex = 0 }
        // Drawn as GitHub draws its tables: collapsed 1 px rules in light grey around every cell,
        // 6 px by 13 px of padding; a header cell's text centred unless its column says otherwise.
        return Table(groups: [header, body].filter { !$0.rows.isEmpty }, bordersCollapse: true,
                     borderSpacing: TableSpacing(horizontal: 0, vertical: 0))
    }

    /// GitHub's rule around a cell: 1 px of #d1d9e0.
    static let gitHubRule = TableBorder(width: 0.75, style: .solid, color: BookColor(red: 0xd1, green: 0xd9, blue: 0xe0))

    private static func cell(_ runs: [Inline], isHeader: Bool, alignment: MarkdownNode.ColumnAlignment) -> TableCell {
        var cell = TableCell(runs, isHeader: isHeader)
        cell.padding = TableInsets(top: 4.5, right: 9.75, bottom: 4.5, left: 9.75)
        cell.borders = TableBorders(all: gitHubRule)
        switch alignment {
        case .left: cell.textAlign = .left
        case .center: cell.textAlign = .center
        case .right: cell.textAlign = .right
        case .none: cell.textAlign = isHeader ? .center : nil
        }
        return cell
    }

    /// An image of the book, or nil (with a warning) for one that can't be shown: outside the
    /// book's folder, missing, or on the web (never fetched).
    private mutating func image(_ href: String, alt: String, line: Int, fromRoot: Bool = false) -> Image? {
        let problem: String
        switch folder.resolve(href, from: fromRoot ? "" : source) {
        case .file(let path):
            return Image(source: ImageReference(path: path, mediaType: ImageMediaType.guess(forPath: path)),
                         alt: alt.trimmingWhitespace)
        case .remote: problem = "is on the web, not in the book (never fetched)"
        case .outside: problem = "is outside the book's folder"
        case .missing: problem = "does not exist"
        }
        result.warnings.append(Warning(entry: source, line: line, "the image \(href) \(problem); left out"))
        return nil
    }

    /// Images the HTML reader found, held to the same rule as Markdown's own.
    private mutating func checkedImages(in blocks: [Block], line: Int) -> [Block] {
        blocks.compactMap { block in
            var block = block
            switch block.kind {
            case .image(let found):
                // The HTML reader already resolved the path against the file.
                guard let image = image(found.source.path, alt: found.alt, line: line, fromRoot: true) else { return nil }
                block.kind = .image(image)
            case .quote(let inner):
                block.kind = .quote(checkedImages(in: inner, line: line))
            case .division(let inner):
                block.kind = .division(checkedImages(in: inner, line: line))
            case .list(var list):
                list.items = list.items.map { checkedImages(in: $0, line: line) }
                block.kind = .list(list)
            case .float(var box):
                box.blocks = checkedImages(in: box.blocks, line: line)
                block.kind = .float(box)
            default:
                break
            }
            return block
        }
    }

    /// Containers nested past the limit are read as their contents, in order, so the block tree
    /// stays shallow whatever the file does.
    private mutating func flattened(_ node: Int) -> [Block] {
        var blocks: [Block] = []
        var stack = document.children(of: node).reversed() as [Int]
        while let index = stack.popLast() {
            switch document[index].kind {
            case .blockQuote, .list, .item, .other:
                stack += document.children(of: index).reversed()
            default:
                blocks += self.blocks(of: index, depth: XHTMLReader.maximumBlockNesting)
            }
        }
        return blocks
    }
}
