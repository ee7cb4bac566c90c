import BookModel
import CSS
import Markup

/// One XHTML or HTML document read into the document model.
public struct XHTMLContent: Sendable, Equatable {
    public var blocks: [Block]
    /// The footnotes taken out of `blocks` (see `NoteMarkup`), in document order; the runs that
    /// call them carry their ids.
    public var notes: [Note] = []
    /// The `<title>` in the head, when there is a non-empty one.
    public var headTitle: String?
    /// The text of the first heading, when there is one.
    public var firstHeading: String?
    /// `lang` or `xml:lang` on the root element.
    public var language: String?
    /// `dir` on the root element, else on the body (`auto` left out): a lone document's page
    /// progression.
    public var direction: TextDirection?
    /// Whether its CSS sets some of it in a vertical writing mode (`writing-mode`,
    /// `-epub-writing-mode`), which the layout sets horizontally.
    public var writesVertically = false
    /// The media it holds that a page cannot play, shown by their fallback or a line naming them.
    public var unshownMedia = UnshownMedia()
    /// `<meta name="author" content="…">` in the head, in order.
    public var authors: [String]
    public var warnings: [Warning]

    /// The document's title: its `<title>`, else its first heading.
    public var title: String? { headTitle ?? firstHeading }
}

/// Reads (X)HTML: headings, paragraphs, lists, quotes, preformatted text, rules, tables and
/// images as blocks; emphasis, strong, code, links, superscript and subscript as styled runs.
/// `head`, scripts, styles, templates and hidden elements are not text.
///
/// Decisions: `dt` is a bold paragraph and `dd` an indented quote-like block; `caption` is a
/// paragraph before its table; a block element inside a paragraph or heading splits it; an
/// image is a block of its own (splitting the paragraph it sits in); `q` gets quotation marks;
/// ruby readings (`rt`) are read in parentheses, as a reader without ruby support shows them;
/// `epub:switch` shows its `epub:default`; SVG contributes only its images; a `<br>` ending a
/// block makes no empty line. Links inside the book become `archive/path.xhtml#fragment`,
/// links outside it stay as written. Footnotes that a link of the document calls leave the flow
/// for `XHTMLContent.notes` (see `NoteMarkup`).
///
/// The book's CSS (`<link>`ed sheets through the loader, `<style>`, `style=""`) hides elements
/// (`display: none`), sets their runs' italic and bold, and gives blocks a `BlockStyle`; the
/// README lists what is honoured. `display: none` on `html` or `body` is not, and a document
/// that its stylesheets would hide entirely is read without `display: none`, with a warning.
public enum XHTMLReader {
    /// Finds a linked stylesheet by its archive path (the href resolved inside the book); nil
    /// when there is none to read.
    public typealias StylesheetLoader = (String) -> Stylesheet?

    /// Lists, quotes and tables nested deeper than this are read as plain containers, so the
    /// block tree stays shallow enough for any consumer to walk recursively.
    public static let maximumBlockNesting = 32

    /// Reads a document; `source` is its archive path (`OEBPS/text/ch1.xhtml`), the base that
    /// relative `src` and `href` resolve against, and the entry named in warnings.
    public static func read(bytes: [UInt8], source: String) -> XHTMLContent {
        read(document: Markup.parse(bytes), source: source)
    }

    /// Reads an already parsed document; `stylesheets` finds its linked stylesheets (without
    /// one, only `<style>` and `style` attributes apply); `user`: the user's sheets, after the
    /// document's; `fonts`: the faces the book brings, which its runs' `font-family` lists are
    /// answered with.
    public static func read(document: MarkupDocument, source: String, stylesheets loader: StylesheetLoader? = nil,
                            user: UserStylesheets = .none, fonts: BookFonts = .none) -> XHTMLContent {
        var warnings = parsingWarnings(document, source: source)
        guard let root = document.rootElement else {
            return XHTMLContent(blocks: [], headTitle: nil, firstHeading: nil, language: nil, authors: [],
                                warnings: warnings)
        }
        let head = document.childElements(of: root).first { document[$0].name.lowercased() == "head" }
        let body = document.childElements(of: root).first { document[$0].name.lowercased() == "body" }
        let sheets = DocumentStylesheets.collect(in: document, root: root, source: source, loader: loader,
                                                 user: user, warnings: &warnings)
        let styles = StyleResolver(stylesheets: sheets)
        var builder = BlockBuilder(document: document, source: source, styles: styles)
        builder.fonts = fonts
        var blocks = builder.build(from: body ?? root)
        if blocks.isEmpty, builder.hidSomething {
            warnings.append(Warning(entry: source, "display: none in its CSS hides the whole document; shown anyway"))
            builder = BlockBuilder(document: document, source: source, styles: styles, honoursDisplayNone: false)
            builder.fonts = fonts
            blocks = builder.build(from: body ?? root)
        }
        if builder.stylesRanOutOfBudget {
            warnings.append(Warning(entry: source, "too much CSS matching; later elements keep only inherited styles"))
        }
        var content = XHTMLContent(blocks: blocks,
                                   notes: builder.notes,
                                   headTitle: head.flatMap { headTitle(in: document, head: $0) },
                                   firstHeading: builder.firstHeading.flatMap { $0.isEmpty ? nil : $0 },
                                   language: language(of: document[root]),
                                   authors: head.map { metaAuthors(in: document, head: $0) } ?? [],
                                   warnings: warnings + builder.warnings)
        let rootDirection = direction(of: document[root]) ?? body.flatMap { direction(of: document[$0]) }
        content.direction = rootDirection.flatMap { TextDirection(rawValue: $0.rawValue) }
        content.writesVertically = builder.metVerticalWriting
        content.unshownMedia = builder.unshownMedia
        return content
    }

    /// The element's `dir`, when it is `ltr`, `rtl` or `auto` (any case); other values say nothing.
    static func direction(of node: MarkupNode) -> ParagraphDirection? {
        node.attribute("dir").flatMap { ParagraphDirection(rawValue: TextCleanup.trimmed($0).lowercased()) }
    }

    /// The element's `xml:lang` or `lang`, when it names one.
    static func language(of node: MarkupNode) -> String? {
        guard let value = node.attribute("lang", namespace: Namespace.xml) ?? node.attribute("lang") else { return nil }
        let language = TextCleanup.trimmed(value)
        return language.isEmpty ? nil : language
    }

    private static func headTitle(in document: MarkupDocument, head: Int) -> String? {
        guard let title = document.firstDescendantElement(of: head, named: "title") else { return nil }
        let text = TextCleanup.singleLine(document.textContent(of: title))
        return text.isEmpty ? nil : text
    }

    private static func metaAuthors(in document: MarkupDocument, head: Int) -> [String] {
        document.descendantElements(of: head, named: "meta").compactMap { index in
            let node = document[index]
            guard node.attribute("name")?.lowercased() == "author",
                  let content = node.attribute("content").map(TextCleanup.singleLine), !content.isEmpty else { return nil }
            return content
        }
    }

    /// What parsing the document met: its encoding, its attributes past the bound, markup recovered.
    private static func parsingWarnings(_ document: MarkupDocument, source: String) -> [Warning] {
        var warnings: [Warning] = []
        for problem in [document.encodingProblem, document.attributeProblem].compactMap({ $0 }) {
            warnings.append(Warning(entry: source, line: problem.line, problem.message))
        }
        if !document.parsedCleanly {
            warnings.append(recoveryWarning(for: document, source: source))
        }
        return warnings
    }

    private static func recoveryWarning(for document: MarkupDocument, source: String) -> Warning {
        let first = document.problems.first
        var message = "malformed markup recovered"
        if document.problemCount > 1 { message += " (\(document.problemCount) problems)" }
        if document.syntax == .html { message += ", read as HTML" }
        if let first { message += ": \(first.message)" }
        return Warning(entry: source, line: first.map(\.line), message)
    }
}

extension XHTMLReader {
    /// A fixed-layout spine item read: the page its designer drew, and what else the document
    /// says of itself.
    public struct DesignedContent: Sendable {
        /// Its items in the viewport's CSS pixels; the viewport is `fallbackViewport` when the
        /// document declares none (`declaresViewport` false).
        public var design: PageDesign
        public var declaresViewport: Bool
        public var headTitle: String?
        public var warnings: [Warning]
    }

    /// Reads a fixed-layout document (EPUB 3.3 §8.3) as `DesignedPageReader` decides; its
    /// viewport from `<meta name="viewport">`, or for an SVG document its `viewBox` or size.
    /// Nil when it declares none and there is no `fallbackViewport`.
    public static func readDesign(document: MarkupDocument, source: String, stylesheets loader: StylesheetLoader? = nil,
                                  user: UserStylesheets = .none, fonts: BookFonts = .none,
                                  fallbackViewport: (width: Double, height: Double)?) -> DesignedContent? {
        guard let root = document.rootElement else { return nil }
        let head = document.childElements(of: root).first { document[$0].name.lowercased() == "head" }
        let body = document.childElements(of: root).first { document[$0].name.lowercased() == "body" }
        let viewport = declaredViewport(document, root: root, head: head)
        guard let size = viewport ?? fallbackViewport else { return nil }
        var warnings = parsingWarnings(document, source: source)
        let sheets = DocumentStylesheets.collect(in: document, root: root, source: source, loader: loader,
                                                 user: user, warnings: &warnings)
        var reader = DesignedPageReader(document: document, source: source, styles: StyleResolver(stylesheets: sheets))
        reader.fonts = fonts
        let items = reader.read(root: root, body: body, width: size.width, height: size.height)
        let (design, bounded) = PageDesign(width: size.width, height: size.height, items: items).bounded()
        if bounded {
            warnings.append(Warning(entry: source, "a fixed-layout page places or sizes something past any page (a "
                                    + "coordinate beyond \(Int(PageDesign.coordinateBound)) px, or an infinite one): "
                                    + "it is drawn at the bound"))
        }
        return DesignedContent(design: design,
                               declaresViewport: viewport != nil,
                               headTitle: head.flatMap { headTitle(in: document, head: $0) },
                               warnings: warnings + reader.warnings)
    }

    /// `<meta name="viewport" content="width=1024, height=768">`, or an SVG root's `viewBox`
    /// (else its `width` and `height`); nil when the document gives no positive size.
    public static func declaredViewport(of document: MarkupDocument) -> (width: Double, height: Double)? {
        guard let root = document.rootElement else { return nil }
        return declaredViewport(document, root: root,
                                head: document.childElements(of: root).first { document[$0].name.lowercased() == "head" })
    }

    static func declaredViewport(_ document: MarkupDocument, root: Int, head: Int?) -> (width: Double, height: Double)? {
        if document[root].name.lowercased() == "svg" {
            let node = document[root]
            let box = DesignedSVG.numbers(node.attribute("viewBox") ?? "")
            if box.count == 4, box[2] > 0, box[3] > 0 { return (box[2], box[3]) }
            if let width = node.attribute("width").flatMap({ DesignedSVG.numbers($0).first }),
               let height = node.attribute("height").flatMap({ DesignedSVG.numbers($0).first }), width > 0, height > 0 {
                return (width, height)
            }
            return nil
        }
        guard let head else { return nil }
        for index in document.descendantElements(of: head, named: "meta")
        where document[index].attribute("name")?.lowercased() == "viewport" {
            var width: Double?
            var height: Double?
            for pair in (document[index].attribute("content") ?? "").split(whereSeparator: { $0 == "," || $0 == ";" }) {
                let parts = pair.split(separator: "=", maxSplits: 1).map { TextCleanup.trimmed(String($0)).lowercased() }
                guard parts.count == 2 else { continue }
                let number = Double(parts[1].hasSuffix("px") ? String(parts[1].dropLast(2)) : parts[1])
                if parts[0] == "width" { width = number }
                if parts[0] == "height" { height = number }
            }
            if let width, let height, width > 0, height > 0, width.isFinite, height.isFinite { return (width, height) }
        }
        return nil
    }
}
