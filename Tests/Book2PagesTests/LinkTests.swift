import Book2PagesKit
import Foundation
import Markup
import PageFormat
import Testing
import ZipArchive

/// Links: a run carries where its text links to, and the document's `links` say on which page a
/// link into the book lands, checked against the book's own markup.
struct LinkTests {
    static func convert(_ chapter: String) throws -> PageDocument {
        try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                              options: ConversionOptions(inputFormat: .xhtml)).document
    }

    static func linkedRuns(_ document: PageDocument) -> [(text: String, run: PageRun)] {
        document.pages.flatMap { $0.shown?.lines ?? [] }.flatMap { line in
            (line.runs ?? []).filter { $0.link != nil }.map { run in
                let units = Array(line.text.utf16)
                return (String(decoding: units[run.start..<run.start + run.length], as: UTF16.self), run)
            }
        }
    }

    @Test func aRunCarriesItsLinkAndTheDocumentWhereItLands() throws {
        let filler = (1...40).map { "<p>Filler paragraph \($0) that takes some room on the page.</p>" }.joined()
        let document = try Self.convert("""
            <html xmlns="http://www.w3.org/1999/xhtml"><body>
            <p>See <a href="#far">the far section</a> or <a href="https://example.org/x?y=1">the web</a>, and
            <a href="#nowhere">a missing id</a>.</p>\(filler)<h2 id="far">Far away</h2><p>Here.</p></body></html>
            """)
        let runs = Self.linkedRuns(document)
        #expect(runs.map(\.text) == ["the far section", "the web", "a missing id"])
        let far = try #require(runs.first?.run)
        guard case .page(let page, let chapter)? = document.destination(of: far) else {
            Issue.record("the link to #far lands nowhere")
            return
        }
        #expect(chapter == 0)
        #expect(document.pages[page].shown?.lines.contains { $0.text == "Far away" } == true)
        #expect(page > PageDocument.firstContentIndex)
        #expect(document.destination(of: runs[1].run) == .external("https://example.org/x?y=1"))
        // An id the document lacks: its top, as a browser opens it.
        #expect(document.destination(of: runs[2].run) == .page(PageDocument.firstContentIndex, chapter: 0))
    }

    @Test func linksSurviveJSONAndJSONLines() throws {
        let document = try Self.convert(##"<html xmlns="http://www.w3.org/1999/xhtml"><body><p id="top">A <a href="#top">loop</a>.</p></body></html>"##)
        #expect(document.links.count == 1)
        #expect(try PageDocument(jsonData: document.jsonData()) == document)
        #expect(try PageDocument(jsonLines: document.jsonLines()) == document)
    }

    /// internallinks.epub links within and across its documents: every link into the book lands
    /// on a page, and that page shows the element the link names (its text, or its picture).
    @Test(.needsSharedCorpus) func everyInternalLinkOfTheCorpusBookLandsOnThePageShowingItsTarget() throws {
        let corpus = try #require(TestPaths.corpus)
        let path = corpus.appendingPathComponent("internallinks.epub").path
        let document = try Converter.convert(path: path, options: ConversionOptions()).document
        let archive = try ZipArchive(path: path)
        let intoTheBook = Set(Self.linkedRuns(document).compactMap(\.run.link).filter { !$0.contains("://") })
        #expect(intoTheBook.count >= 20)
        #expect(Set(document.links.map(\.target)) == intoTheBook)
        func squeezed(_ text: String) -> String { String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)) }
        for link in document.links {
            let parts = link.target.split(separator: "#", maxSplits: 1).map(String.init)
            let markup = Markup.parse(try archive.read(parts[0]))
            let page = document.pages[link.page]
            #expect(page.shown?.chapter == link.chapter)
            guard parts.count == 2 else { continue }
            let element = try #require((0..<markup.nodes.count).first { markup.nodes[$0].attribute("id") == parts[1] },
                                       "\(link.target) names no element")
            let text = String(squeezed(markup.textContent(of: element)).prefix(12))
            let shown = squeezed(page.shown?.text ?? "")
            let pictures = markup.descendantElements(of: element, named: "img").compactMap { markup.nodes[$0].attribute("src") }
            let showsPicture = pictures.contains { src in
                page.shown?.images.contains { $0.path.hasSuffix(src.split(separator: "/").last.map(String.init) ?? src) } == true
            }
            #expect(shown.contains(text) || showsPicture, "\(link.target) lands on page \(link.page), which does not show \(text)")
        }
    }
}
