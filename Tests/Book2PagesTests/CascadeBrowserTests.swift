import BookModel
import CSS
import Foundation
import HTMLPreview
import Markup
import Testing
@testable import XHTMLReader
import ZipArchive

/// The cascade against Chromium's: a document's elements styled by this reader's selectors and
/// cascade, and by the browser, which loads the same XHTML file with the same stylesheets; for
/// every element of the body both must agree on what the reader honours of it: hidden or not,
/// its alignment and first-line indent, italic and bold where the book sets them. The
/// documents are a hand-made chapter with a selector of every kind and, when the corpus is
/// here, chapters of books whose CSS leans on selectors (Standard Ebooks' verse among them).
@Suite(.serialized) struct CascadeBrowserTests {
    static let browser = HeadlessBrowser.find()

    /// What the browser reports of one element.
    private struct Computed: Decodable {
        var name: String
        var display: String
        var textAlign: String
        var textIndent: Double
        var fontStyle: String
        var fontWeight: Double
        var listStyleType: String?
        /// The margin and padding on the start side, in pixels.
        var startSpace: Double
    }

    private struct Report: Decodable {
        var bodyFontSize: Double
        var elements: [Computed]
    }

    /// The script put at the end of the body: each element below it, in document order.
    private static let script = """
        <script>//<![CDATA[
        (function () {
          var out = { bodyFontSize: parseFloat(getComputedStyle(document.body).fontSize), elements: [] };
          var all = document.body.getElementsByTagName('*');
          for (var i = 0; i < all.length; i++) {
            var s = getComputedStyle(all[i]);
            out.elements.push({ name: all[i].localName, display: s.display, textAlign: s.textAlign,
              textIndent: parseFloat(s.textIndent), fontStyle: s.fontStyle, fontWeight: parseFloat(s.fontWeight),
              listStyleType: all[i].localName === 'li' ? s.listStyleType : null,
              startSpace: s.direction === 'rtl' ? parseFloat(s.marginRight) + parseFloat(s.paddingRight)
                : parseFloat(s.marginLeft) + parseFloat(s.paddingLeft) });
          }
          var pre = document.createElementNS('http://www.w3.org/1999/xhtml', 'pre');
          pre.id = 'cascade-out';
          pre.textContent = JSON.stringify(out);
          document.documentElement.appendChild(pre);
        })();
        //]]></script>
        """

    /// Elements the browser's own stylesheet styles in a way the reader leaves to the layout
    /// (hidden, centred), and everything inside them.
    private static let browserStyled: Set<String> = ["script", "style", "template", "noscript", "th", "caption", "center",
                                                     "datalist", "rp", "head", "title", "meta", "link", "area", "param"]

    /// The disagreements between this reader and the browser on `file`, whose stylesheets are
    /// the files beside it; `source` is its path inside its book, against which links resolve.
    private static func disagreements(in file: URL, root folder: URL, source: String) throws -> (checked: Int, items: Int, problems: [String]) {
        let browser = try #require(Self.browser)
        let original = try String(contentsOf: file, encoding: .utf8)
        guard let close = original.range(of: "</body>", options: .backwards) else { return (0, 0, []) }
        let probed = folder.appendingPathComponent(source + ".cascade.xhtml")
        try (original[..<close.lowerBound] + script + original[close.lowerBound...]).write(to: probed, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: probed) }
        let dom = try browser.dumpDOM(of: probed, fragment: "", budget: 2_000)
        guard let json = HeadlessBrowser.preText(id: "cascade-out", in: dom) else {
            return (0, 0, ["\(source): the browser ran no script (not well-formed XHTML?)"])
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(json.utf8))

        // This reader's styles for the same elements.
        let document = Markup.parse(Array(original.utf8), as: .xml)
        let root = try #require(document.rootElement)
        let body = try #require(document.childElements(of: root).first { document[$0].name == "body" })
        var warnings: [Warning] = []
        let sheets = DocumentStylesheets.collect(in: document, root: root, source: source, loader: { path in
            (try? Data(contentsOf: folder.appendingPathComponent(path))).map { Stylesheet(parsing: [UInt8]($0)) }
        }, warnings: &warnings)
        var resolver = StyleResolver(stylesheets: sheets)
        let tree = DocumentSelectorTree(document: document)
        var styles: [Int: ComputedStyle] = [:]
        var order: [Int] = []
        for index in [root] + Array(document.descendants(of: root)) where document[index].kind == .element {
            let parent = document[index].parent.flatMap { styles[$0] } ?? ComputedStyle()
            // A heading's size when the book sets none, as the reader gives it.
            let name = document[index].name
            let level = name.count == 2 && name.first == "h" ? Int(String(name.last!)) : nil
            let scale = level.map { (1...6).contains($0) ? BlockStyle.headingScale(level: $0) : 1 } ?? 1
            var style = resolver.style(of: index, in: tree, styleAttribute: document[index].attribute("style"), parent: parent,
                                       defaultFontScale: scale)
            if index == root || index == body {
                // As the reader does: the body's size is the layout's.
                style.fontScale = 1
                style.fontSizeIsSet = false
            }
            styles[index] = style
            if index != root, index != body, isInside(index, body, document) { order.append(index) }
        }
        guard order.count == report.elements.count - 1 else {
            return (0, 0, ["\(source): \(order.count) elements here, \(report.elements.count - 1) in the browser"])
        }

        var problems: [String] = []
        var items = 0
        var skippedBelow: Int?
        for (index, computed) in zip(order, report.elements) {
            let node = document[index]
            if let outer = skippedBelow, isInside(index, outer, document) { continue }
            skippedBelow = nil
            let ours = try #require(styles[index])
            let where_ = "\(source) <\(node.name)\(node.attribute("class").map { " class=\"\($0)\"" } ?? "")> line \(node.line)"
            if browserStyled.contains(node.name) || node.attribute("hidden") != nil {
                skippedBelow = index
                continue
            }
            if (computed.display == "none") != ours.isHidden {
                problems.append("\(where_): display \(computed.display), hidden here: \(ours.isHidden)")
            }
            if computed.display == "none" || ours.isHidden {
                skippedBelow = index
                continue
            }
            let align = ours.textAlign?.rawValue ?? "start"
            if align != computed.textAlign { problems.append("\(where_): text-align \(computed.textAlign), here \(align)") }
            let indent = (ours.textIndent ?? 0) * report.bodyFontSize
            if abs(indent - computed.textIndent) > 0.6 {
                problems.append("\(where_): text-indent \(computed.textIndent)px, here \(indent)px")
            }
            if let italic = ours.isItalic, italic != (computed.fontStyle != "normal") {
                problems.append("\(where_): font-style \(computed.fontStyle), italic here: \(italic)")
            }
            if let bold = ours.isBold, bold != (computed.fontWeight >= 600) {
                problems.append("\(where_): font-weight \(computed.fontWeight), bold here: \(bold)")
            }
            // The start indent of paragraphs and headings, which browsers give no margin of their
            // own at the sides, and of lines of verse made blocks; up to the reader's bound.
            let blocks: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6"]
            if blocks.contains(node.name) || (node.name == "span" && ours.displaysAsBlock) {
                // The nearest direction set by CSS or `dir`, as the reader follows it.
                var rightToLeft = false
                var current: Int? = index
                while let element = current {
                    if let set = styles[element]?.isRightToLeft ?? XHTMLReader.direction(of: document[element]).map({ $0 == .rightToLeft }) {
                        rightToLeft = set
                        break
                    }
                    current = document[element].parent
                }
                let start = (BlockStyle(ours, rightToLeft: rightToLeft).startIndent ?? 0) * report.bodyFontSize
                let browser = min(max(computed.startSpace, 0), BlockStyle.maximumStartIndent * report.bodyFontSize)
                if abs(start - browser) > 0.6 { problems.append("\(where_): start margin and padding \(browser)px, here \(start)px") }
            }
            if let browserMarker = computed.listStyleType, let marker = listMarker(ofItem: index, document, styles) {
                items += 1
                let normalized = browserMarker.replacingOccurrences(of: "latin", with: "alpha")
                if normalized != marker { problems.append("\(where_): list-style-type \(browserMarker), here \(marker)") }
            }
        }
        return (order.count, items, problems)
    }

    /// The marker the reader gives an item of a list, as CSS names it: the item's own, else its
    /// list's, else browsers' default for the list's kind and depth; nil for an item outside
    /// a list.
    private static func listMarker(ofItem index: Int, _ document: MarkupDocument, _ styles: [Int: ComputedStyle]) -> String? {
        let lists: Set<String> = ["ol", "ul", "menu", "dir"]
        guard let list = document[index].parent, lists.contains(document[list].name),
              let itemStyle = styles[index], let listStyle = styles[list] else { return nil }
        var depth = 0
        var parent = document[list].parent
        while let current = parent {
            if lists.contains(document[current].name) { depth += 1 }
            parent = document[current].parent
        }
        let marker = BlockBuilder.listMarker(of: document[index], style: itemStyle)
            ?? BlockBuilder.listMarker(of: document[list], style: listStyle)
        switch marker {
        case nil: return document[list].name == "ol" ? "decimal" : depth == 0 ? "disc" : depth == 1 ? "circle" : "square"
        case .decimal?: return "decimal"
        case .decimalLeadingZero?: return "decimal-leading-zero"
        case .lowerAlpha?: return "lower-alpha"
        case .upperAlpha?: return "upper-alpha"
        case .lowerRoman?: return "lower-roman"
        case .upperRoman?: return "upper-roman"
        case .lowerGreek?: return "lower-greek"
        case .disc?: return "disc"
        case .circle?: return "circle"
        case .square?: return "square"
        case .none?: return "none"
        case .text(let text)?: return "\"\(text)\""
        }
    }

    private static func isInside(_ index: Int, _ ancestor: Int, _ document: MarkupDocument) -> Bool {
        var parent = document[index].parent
        while let current = parent {
            if current == ancestor { return true }
            parent = document[current].parent
        }
        return false
    }

    /// A chapter with a selector of every kind the reader reads.
    static let handMade = """
        <?xml version="1.0" encoding="utf-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en">
        <head><title>Selectors</title><style>
        @namespace epub "http://www.idpf.org/2007/ops";
        p { text-indent: 1em; text-align: justify }
        h2 + p, hr + p { text-indent: 0 }
        [epub|type~="z3998:poem"] p { text-align: initial; text-indent: 0 }
        [epub|type~="z3998:poem"] p + p { font-style: italic }
        p:first-child { font-weight: bold }
        p:last-child { text-align: right }
        li:nth-child(2n+1) { font-style: italic }
        li:nth-last-child(-n+2) { font-weight: bold }
        li:nth-of-type(3) { text-align: center }
        dd:only-child, dt:only-of-type { text-align: center }
        section > p:not(.lead):not(:first-of-type) { text-indent: 2em }
        h2 ~ div p { text-align: left }
        div > p:first-of-type ~ p { text-align: end }
        [lang|=fr] { font-style: italic }
        [data-x^="ab"][data-x$="yz"] { font-weight: bold }
        [data-x*="mm"] { text-indent: 3em }
        [title="Caps" i] { text-align: center }
        p:empty { display: none }
        :root p.hidden, *|p.gone { display: none }
        a:link { font-weight: bold }
        p:lang(de) { text-indent: 5em }
        .c\\31 0 { text-align: right }
        ol.r { list-style-type: upper-roman } ol.r li.own { list-style: lower-greek inside } ul.s { list-style: square }
        ul.q li { list-style-type: "- " } li.none { list-style-type: none }
        [epub|type~="z3998:verse"] p > span { display: block; padding-left: 1em; text-indent: -1em }
        [epub|type~="z3998:verse"] p > span + br { display: none }
        p span.i1 { padding-left: 2em; text-indent: -1em } h3 { margin: 0 1em 0 2.5em; padding: 0 0 0 0.5em }
        p.m { margin-left: 20px; padding-left: 1.5em }
        span:hover { font-weight: bold }
        dt { font-weight: bold } dl.x dt { font: small-caps 105% sans-serif } dl.y dt { font: italic bold 12px/30px serif }
        </style></head>
        <body>
        <section>
          <h2>Title</h2>
          <p>After the heading.</p>
          <p class="lead">A lead.</p>
          <p>Third.</p>
          <div epub:type="z3998:poem"><p>One line,</p><p>another line.</p></div>
          <div><p>First in a div.</p><p>Second in a div.</p><p lang="fr">Troisième.</p></div>
          <ol><li>one</li><li>two</li><li>three</li><li>four</li><li>five</li></ol>
          <ol class="r" type="a"><li>I</li><li class="own">β</li><li type="1">III</li></ol>
          <ol type="A"><li>A</li><li type="i">ii</li><li class="none">none</li></ol>
          <ul><li>disc<ul><li>circle<ul><li>square<ol><li>1<ul><li>square</li></ul></li></ol></li></ul></li></ul></li></ul>
          <ul class="s"><li>square</li></ul><ul class="q"><li>dash</li></ul><ul type="circle"><li>circle</li></ul>
          <dl><dt>term</dt><dd>only</dd></dl>
          <dl class="x"><dt>reset</dt><dd>by the shorthand</dd></dl>
          <dl class="y"><dt>set</dt><dd>by the shorthand</dd></dl>
          <p data-x="abmmyz">Attributes.</p>
          <p title="CAPS">Case.</p>
          <p></p>
          <p class="hidden">Hidden.</p>
          <p class="gone">Gone.</p>
          <p><a href="#x">a link</a> and <span>a span</span>.</p>
          <p lang="de-AT">Deutsch.</p>
          <p class="c10">Escaped class.</p>
          <hr/>
          <p>After a rule.</p>
          <h3>Indented heading</h3>
          <p class="m">Margin and padding.</p>
          <div epub:type="z3998:verse"><p><span>A line,</span><br/><span class="i1">and its turn</span><br/><span>again.</span></p></div>
        </section>
        </body></html>
        """

    @Test(.needsChromium) func aHandMadeChapterIsStyledAsChromiumStylesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book2pages-cascade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("chapter.xhtml")
        try Self.handMade.write(to: file, atomically: true, encoding: .utf8)
        let (checked, items, problems) = try Self.disagreements(in: file, root: folder, source: "chapter.xhtml")
        #expect(checked >= 50)
        #expect(items == 19)
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    @Test(.needsChromium, .needsSharedCorpus,
          arguments: ["se-through-the-looking-glass.epub", "childrens-literature.epub", "jlreq-in-english.epub",
                      "internallinks.epub", "epub30-spec.epub", "moby-dick.epub"])
    func corpusChaptersAreStyledAsChromiumStylesThem(_ name: String) throws {
        let corpus = try #require(TestPaths.corpus)
        let archive = try ZipArchive(path: corpus.appendingPathComponent(name).path)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book2pages-cascade-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for entry in archive.entryNames where !entry.hasSuffix("/") && !entry.contains("..") {
            let target = folder.appendingPathComponent(entry)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(archive.read(entry)).write(to: target)
        }
        // The largest chapters that use a stylesheet, those with verse first: the most elements
        // for each browser run.
        let chapters = archive.entryNames.filter { $0.hasSuffix(".xhtml") }
            .map { entry in
                let text = (try? String(contentsOf: folder.appendingPathComponent(entry), encoding: .utf8)) ?? ""
                return (entry: entry, size: text.utf8.count, styled: text.contains("stylesheet") || text.contains("<style"),
                        verse: text.contains("z3998:poem") || text.contains("z3998:verse"))
            }
            .filter(\.styled)
            .sorted { ($0.verse ? 1 : 0, $0.size) > ($1.verse ? 1 : 0, $1.size) }.prefix(3)
        try #require(!chapters.isEmpty)
        var checked = 0, items = 0
        var problems: [String] = []
        for chapter in chapters {
            let result = try Self.disagreements(in: folder.appendingPathComponent(chapter.entry), root: folder, source: chapter.entry)
            checked += result.checked
            items += result.items
            problems += result.problems
        }
        print("CascadeBrowserTests: \(name): \(checked) elements (\(items) list items) of \(chapters.count) chapters compared, "
              + "\(problems.count) disagree")
        #expect(checked > 0)
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(8))")
    }
}
