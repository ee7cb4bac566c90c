import Book2PagesKit
import Foundation
import HTMLPreview
import Markup
import PageFormat
import Testing

/// An inline SVG drawing in an EPUB's chapter is a picture on the page at the size it gives,
/// and `--assets` writes its file, which a browser draws.
struct InlineDrawingConversionTests {
    static func epub(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("drawing.epub").path
        let writer = try TestEPUB.start(at: path)
        try writer.add("content.opf", bytes: Array("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Drawing</dc:title><dc:language>en</dc:language></metadata>
            <manifest><item id="c" href="OEBPS/text/c.xhtml" media-type="application/xhtml+xml" properties="svg"/></manifest>
            <spine><itemref idref="c"/></spine></package>
            """.utf8))
        try writer.add("OEBPS/text/c.xhtml", bytes: Array("""
            <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head>
            <body><p>A map of the bay.</p>
            <svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><title>The bay</title>
            <rect width="240" height="120" fill="#3060c0"/><circle cx="120" cy="60" r="40" fill="#ffffff"/>
            <text x="10" y="20">North</text></svg><p>Its shore.</p></body></html>
            """.utf8))
        try writer.close()
        return path
    }

    @Test func theDrawingIsAPictureAndItsFileIsWritten() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let assets = directory.appendingPathComponent("assets").path
        let conversion = try Converter.convert(path: try Self.epub(in: directory), options: ConversionOptions(assetsDirectory: assets))
        #expect(conversion.warnings.isEmpty, "\(conversion.warnings)")
        let images = conversion.document.pages.flatMap { $0.shown?.images ?? [] }
        let drawing = try #require(images.first)
        #expect(images.count == 1)
        #expect(drawing.path == "OEBPS/text/c.xhtml-svg1.svg")
        #expect(drawing.width == 240 && drawing.height == 120)
        #expect(drawing.alt == "The bay")
        // The text around it is the chapter's; the drawing's own ("North") is in the picture.
        let text = conversion.document.pages.compactMap { $0.shown?.text }.joined(separator: "\n")
        #expect(text.contains("A map of the bay.") && text.contains("Its shore.") && !text.contains("North"))
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: assets + "/" + drawing.path)))
        let svg = Markup.parse(file, as: .xml)
        #expect(svg.parsedCleanly)
        #expect(svg.rootElement.map { svg[$0].name } == "svg")
    }

    /// Chromium loads the written file as a picture of the size the layout gave it.
    @Test(.needsChromium) func aBrowserLoadsTheWrittenFile() throws {
        let browser = try #require(HeadlessBrowser.find())
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let assets = directory.appendingPathComponent("assets").path
        let conversion = try Converter.convert(path: try Self.epub(in: directory), options: ConversionOptions(assetsDirectory: assets))
        let images = conversion.document.pages.flatMap { $0.shown?.images ?? [] }
        let drawing = try #require(images.first)
        let page = directory.appendingPathComponent("show.html")
        try """
            <html><body><img id="d" src="assets/\(drawing.path)"/><script>
            var img = document.getElementById('d');
            function report() { var pre = document.createElement('pre'); pre.id = 'out';
              pre.textContent = img.naturalWidth + 'x' + img.naturalHeight; document.body.appendChild(pre); }
            if (img.complete) report(); else { img.onload = report; img.onerror = report; }
            </script></body></html>
            """.write(to: page, atomically: true, encoding: .utf8)
        let dom = try browser.dumpDOM(of: page, fragment: "", budget: 2_000)
        #expect(dom.contains("<pre id=\"out\">240x120</pre>"), "the browser did not load the drawing as 240×120")
    }
}
