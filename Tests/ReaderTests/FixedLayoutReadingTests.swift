import BookModel
import EPUBReader
import Foundation
import Testing

/// Fixed-layout books (EPUB 3.3 §8.3) read into designed pages: each pre-paginated spine item
/// is one `PageDesign` holding its pictures, text boxes and SVG lines where its CSS puts them.
@Suite struct FixedLayoutReadingTests {
    static func package(_ spine: String, metadata: String = "<meta property=\"rendition:layout\">pre-paginated</meta>",
                        manifest: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"
                 prefix="rendition: http://www.idpf.org/vocab/rendition/#">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="id">x</dc:identifier><dc:title>Designed</dc:title><dc:language>en</dc:language>
            \(metadata)
          </metadata>
          <manifest>\(manifest)</manifest>
          <spine>\(spine)</spine>
        </package>
        """
    }

    static func page(viewport: String? = "width=800, height=600", head: String = "", _ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>P</title>
        \(viewport.map { "<meta name=\"viewport\" content=\"\($0)\"/>" } ?? "")\(head)</head>
        <body>\(body)</body></html>
        """
    }

    static func text(of box: DesignTextBox) -> String {
        box.blocks.map(\.text).joined(separator: "\n")
    }

    @Test func absoluteBoxesAreFramedWhereTheirCSSPutsThem() throws {
        let css = """
            body { margin: 0; width: 800px; height: 600px; }
            #bg { position: absolute; top: 0; left: 0; width: 800px; height: 600px; }
            .caption { position: absolute; top: 400px; left: 50px; width: 300px; font-size: 24px; padding: 10px; }
            .corner { position: absolute; right: 20px; bottom: 30px; width: 100px; height: 50px; }
            """
        let path = try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container),
            ("OEBPS/content.opf", Self.package(
                "<itemref idref=\"p1\" properties=\"page-spread-right\"/>",
                manifest: """
                    <item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>
                    <item id="css" href="style/page.css" media-type="text/css"/>
                    """)),
            ("OEBPS/style/page.css", css),
            ("OEBPS/p1.xhtml", Self.page(head: "<link rel=\"stylesheet\" href=\"style/page.css\"/>", """
                <img id="bg" src="images/Sea.png" alt="the sea"/>
                <div class="caption"><p>Once upon a time the sea was calm.</p></div>
                <div class="corner"><p>7</p></div>
                """)),
        ])
        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.metadata.rendition == Rendition())
        let design = try #require(book.chapters.first?.design)
        #expect(book.chapters.first?.blocks.isEmpty == true)
        #expect(design.width == 800 && design.height == 600)
        #expect(design.side == .right)
        #expect(design.items.count == 3)
        guard case .image(let image, let frame) = design.items[0] else { Issue.record("no picture first"); return }
        #expect(image.source.path == "OEBPS/images/Sea.png")
        #expect(frame == DesignFrame(x: 0, y: 0, width: 800, height: 600))
        guard case .textBox(let caption) = design.items[1], case .textBox(let corner) = design.items[2] else {
            Issue.record("no text boxes: \(design.items)"); return
        }
        // The content box: inside the 10 px padding; the width is the content's.
        #expect(caption.frame == DesignFrame(x: 60, y: 410, width: 300, height: 0))
        #expect(Self.text(of: caption) == "Once upon a time the sea was calm.")
        #expect(corner.frame == DesignFrame(x: 680, y: 520, width: 100, height: 50))
        #expect(Self.text(of: corner) == "7")
    }

    @Test func svgTextIsLinesAtTheirPointsThroughViewBoxAndTransforms() throws {
        let path = try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container),
            ("OEBPS/content.opf", Self.package("<itemref idref=\"p1\"/>",
                                               manifest: "<item id=\"p1\" href=\"p1.xhtml\" media-type=\"application/xhtml+xml\" properties=\"svg\"/>")),
            ("OEBPS/p1.xhtml", Self.page(viewport: "width=400, height=600", """
                <svg xmlns="http://www.w3.org/2000/svg" style="position: absolute; top: 0; left: 0; width: 400px; height: 600px"
                     viewBox="0 0 200 300">
                  <style>.big { font-size: 20px; }</style>
                  <text x="100" y="50" text-anchor="middle" class="big">Title</text>
                  <text transform="matrix(1 0 0 1 10 100)" font-size="10"><tspan x="0,5,10" y="0">Two</tspan> words<tspan x="0" y="12">next <tspan font-style="italic">line</tspan></tspan></text>
                  <path d="M 0 0 L 10 10"/>
                  <image width="10" height="10"/>
                </svg>
                """)),
        ])
        let result = try EPUBReader.read(contentsOf: path)
        let design = try #require(result.book.chapters.first?.design)
        let lines = design.items.compactMap { item -> DesignTextLine? in
            if case .textLine(let line) = item { line } else { nil }
        }
        #expect(lines.map { $0.runs.map(\.text).joined() } == ["Title", "Two words", "next line"])
        // viewBox 200×300 into 400×600: twice the size.
        #expect(lines[0].x == 200 && lines[0].baseline == 100 && lines[0].anchor == .middle && lines[0].fontSize == 40)
        #expect(lines[1].x == 20 && lines[1].baseline == 200 && lines[1].fontSize == 20 && lines[1].anchor == .start)
        #expect(lines[2].x == 20 && lines[2].baseline == 224)
        // Each line says where its text came from, for the page's CFIs.
        #expect(lines[1].source?.spans.first?.path.hasPrefix("/4/2/") == true)
        #expect(result.warnings.contains { $0.message.contains("SVG drawing") })
        #expect(result.warnings.contains { $0.message.contains("an image without a source is left out") })
    }

    @Test func aMissingViewportTakesTheFirstDeclaredOneWithAWarning() throws {
        let path = try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container),
            ("OEBPS/content.opf", Self.package("<itemref idref=\"a\"/><itemref idref=\"b\"/><itemref idref=\"c\" properties=\"rendition:layout-reflowable\"/>",
                                               manifest: """
                                                   <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
                                                   <item id="b" href="b.xhtml" media-type="application/xhtml+xml" properties="scripted"/>
                                                   <item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>
                                                   """)),
            ("OEBPS/a.xhtml", Self.page(viewport: nil, "<p>First page</p>")),
            ("OEBPS/b.xhtml", Self.page(viewport: "width=1000,height=700", head: "<script>x()</script>",
                                        "<div style=\"transform: rotate(3deg)\"></div><div style=\"position: relative; top: 4px\"></div><b>")),
            ("OEBPS/c.xhtml", Self.page(viewport: nil, "<p>Reflowed afterword.</p>")),
        ])
        let result = try EPUBReader.read(contentsOf: path)
        let chapters = result.book.chapters
        #expect(chapters.count == 3)
        #expect(chapters[0].design?.width == 1000 && chapters[0].design?.height == 700)
        #expect(result.warnings.contains { $0.entry == "OEBPS/a.xhtml" && $0.message.contains("declares no viewport") })
        // A page left blank by its designer is still a page.
        #expect(chapters[1].design?.items == [])
        #expect(result.warnings.contains { $0.entry == "OEBPS/b.xhtml" && $0.message.contains("script") })
        // Markup the parser had to mend is said of a designed page as of any chapter.
        #expect(result.warnings.contains { $0.entry == "OEBPS/b.xhtml" && $0.message.contains("recovered") })
        #expect(result.warnings.contains { $0.entry == "OEBPS/b.xhtml" && $0.message.contains("CSS transform is not applied") })
        #expect(result.warnings.contains { $0.entry == "OEBPS/b.xhtml" && $0.message.contains("relative offset") })
        // A mixed book: the reflowable item is a chapter as any other.
        #expect(chapters[2].design == nil)
        #expect(chapters[2].blocks.map(\.text) == ["Reflowed afterword."])
    }

    @Test func appleDisplayOptionsMakeABookFixed() throws {
        let path = try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container),
            ("META-INF/com.apple.ibooks.display-options.xml",
             "<display_options><platform name=\"*\"><option name=\"fixed-layout\">true</option></platform></display_options>"),
            ("OEBPS/content.opf", Self.package("<itemref idref=\"a\"/>", metadata: "",
                                               manifest: "<item id=\"a\" href=\"a.xhtml\" media-type=\"application/xhtml+xml\"/>")),
            ("OEBPS/a.xhtml", Self.page("<p>Hello</p>")),
        ])
        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.chapters.first?.design != nil)
        #expect(book.metadata.rendition != nil)
    }

    @Test(.needsSharedCorpus) func corpusFixedLayoutBooksAreOneDesignPerSpineItem() throws {
        for (name, designs, reflowable) in [("cole-voyage-of-life-tol.epub", 4, 1), ("sous-le-vent.epub", 13, 0),
                                            ("page-blanche.epub", 10, 0)] {
            let result = try EPUBReader.read(contentsOf: try #require(TestFiles.corpusBook(name)))
            let chapters = result.book.chapters
            #expect(chapters.filter { $0.design != nil }.count == designs, "\(name)")
            #expect(chapters.filter { $0.design == nil }.count == reflowable, "\(name)")
            let words = chapters.compactMap(\.design).flatMap(\.items).reduce(0) { count, item in
                switch item {
                case .image: count
                case .textBox(let box): count + box.blocks.map(\.text).joined(separator: " ").split(separator: " ").count
                case .textLine(let line): count + line.runs.map(\.text).joined().split(separator: " ").count
                }
            }
            switch name {
            case "cole-voyage-of-life-tol.epub":
                // Each painting fills its page, its caption set over it in the figure's box.
                #expect(words > 600)
                for design in chapters.compactMap(\.design) {
                    guard case .image(_, let frame) = design.items.first, case .textBox(let caption) = design.items.last else {
                        Issue.record("no painting and caption: \(design.items)"); continue
                    }
                    #expect(frame == DesignFrame(x: 0, y: 0, width: 1024, height: design.height))
                    #expect(caption.frame.x == 80 && caption.frame.y == 32 && caption.frame.width == 850)
                }
                #expect(result.warnings.contains { $0.message.contains("script (2) is not run") })
            case "sous-le-vent.epub":
                #expect(words > 1000)
                #expect(chapters.allSatisfy { $0.design?.width == 1474 && $0.design?.height == 2324 })
                #expect(chapters.map { $0.design?.side } == (0..<13).map { $0 % 2 == 0 ? .right : .left })
            default:
                // The page its designer left blank is there, showing nothing.
                #expect(chapters.first { $0.source.hasSuffix("Page_000.xhtml") }?.design?.items == [])
                #expect(chapters.filter { $0.design?.items.count == 1 }.count == 9)
            }
        }
    }
}
