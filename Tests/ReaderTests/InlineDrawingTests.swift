import BookModel
import Markup
import Testing
@testable import XHTMLReader

/// An inline `svg` that draws is a picture of its own, its file made from the chapter; one that
/// only frames pictures has them read as images.
struct InlineDrawingTests {
    static let body = """
        <p>Before.</p>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100"
             viewBox="0 0 200 100"><title>A red box</title><rect width="200" height="100" fill="red"/>
          <text x="10" y="50">Fish &amp; chips &lt;3</text><use xlink:href="#r"/></svg>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="cover.jpg"/></svg>
        <p>After.</p>
        """

    @Test func aDrawingIsAPictureAndAFrameOfPicturesIsItsPictures() {
        let blocks = readBody(Self.body).blocks
        #expect(blocks.map(\.text) == ["Before.", "[image OEBPS/text/chapter.xhtml-svg1.svg A red box]",
                                       "[image OEBPS/text/cover.jpg ]", "After."])
        #expect(InlineDrawing.place(of: "OEBPS/text/chapter.xhtml-svg1.svg")! == ("OEBPS/text/chapter.xhtml", 1))
        #expect(InlineDrawing.place(of: "OEBPS/text/x-svg.svg") == nil)
        #expect(InlineDrawing.place(of: "OEBPS/images/map.svg") == nil)
    }

    @Test func theDrawingsFileIsItsMarkupWithItsNamespaces() throws {
        let chapter = Array(EPUBFixture.page(Self.body).utf8)
        let files = InlineDrawing.files(inChapter: chapter)
        let file = try #require(files[1])
        #expect(files.keys.sorted() == [1], "a frame of pictures is no drawing")
        let document = Markup.parse(file, as: .xml)
        #expect(document.parsedCleanly)
        let root = try #require(document.rootElement)
        #expect(document[root].name == "svg" && document[root].namespace == "http://www.w3.org/2000/svg")
        #expect(document[root].attribute("width") == "200")
        let use = try #require(document.firstDescendantElement(of: root, named: "use"))
        #expect(document[use].attribute("href", namespace: "http://www.w3.org/1999/xlink") == "#r")
        let text = try #require(document.firstDescendantElement(of: root, named: "text"))
        #expect(document.textContent(of: text) == "Fish & chips <3")
    }

    /// A chapter read as HTML (it is not well-formed XML): its drawing's file is SVG still, its
    /// names in SVG's case, its namespaces declared once.
    @Test func aDrawingOfAnHTMLChapterIsWellFormedSVG() throws {
        let chapter = Array("""
            <!DOCTYPE html><html><body><p>Unclosed <br>
            <svg viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><clipPath id="c"><rect/></clipPath>
            <linearGradient id="g"/></defs><use xlink:href="#c" inkscape:label="x"/></svg></body></html>
            """.utf8)
        let file = try #require(InlineDrawing.files(inChapter: chapter)[1])
        let svg = Markup.parse(file, as: .xml)
        #expect(svg.parsedCleanly, "\(String(decoding: file, as: UTF8.self))")
        let root = try #require(svg.rootElement)
        #expect(svg[root].namespace == "http://www.w3.org/2000/svg")
        #expect(svg[root].attribute("viewBox") == "0 0 10 10")
        #expect(svg.firstDescendantElement(of: root, named: "clipPath") != nil)
        #expect(svg.firstDescendantElement(of: root, named: "linearGradient") != nil)
    }
}
