@testable import Book2PagesKit
import BookModel
import EPUBReader
import Foundation
import Layout
import MarkdownReader
import PageFormat
import PageWriter
import Synchronization
import Testing
import ZipArchive

/// An EPUB is laid out while it is read (`EarlyLayout`): the document must be the one made by
/// reading the book whole and laying it out after, also when a chapter waits for its image's
/// size and when a spine document turns out, late, to write vertically (laid out again).
struct EarlyLayoutConversionTests {
    /// Six chapters; the third shows an image, the fifth's CSS (if `verticalCSS`) writes vertically.
    private func epub(verticalCSS: Bool, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("book.epub").path
        let writer = try TestEPUB.start(at: path)
        let pages = (0..<6).map { "p\($0)" }
        try writer.add("content.opf", bytes: Array("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Early</dc:title><dc:language>en</dc:language></metadata>
            <manifest>\(pages.map { #"<item id="\#($0)" href="\#($0).xhtml" media-type="application/xhtml+xml"/>"# }.joined())
            <item id="pic" href="pic.png" media-type="image/png"/></manifest>
            <spine page-progression-direction="rtl">\(pages.map { #"<itemref idref="\#($0)"/>"# }.joined())</spine></package>
            """.utf8))
        for (index, page) in pages.enumerated() {
            let words = (0..<400).map { "word\(($0 * 7 + index) % 53)" }.joined(separator: " ")
            let link = verticalCSS && index == 4 ? #"<link rel="stylesheet" href="vertical.css"/>"# : ""
            let image = index == 2 ? #"<div><img src="pic.png" alt="A picture"/></div>"# : ""
            try writer.add("\(page).xhtml", bytes: Array("""
                <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>\(page)</title>\(link)</head>
                <body><h1>Chapter \(index)</h1><p>\(words)</p>\(image)<p>\(words)</p></body></html>
                """.utf8))
        }
        try writer.add("vertical.css", bytes: Array("html { writing-mode: vertical-rl }".utf8))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 120, 0, 0, 0, 90, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        try writer.add("pic.png", bytes: png)
        try writer.close()
        return path
    }

    /// `book` laid out whole, after reading, its pages placed as they come (which tells the layout
    /// which pages face each other).
    static func document(of book: Book, layouter: Layouter, options: ConversionOptions) -> PageDocument {
        let collector = PageCollector(spreads: SpreadPlacement(for: book.metadata, target: options.target))
        let paged = layouter.layout(book, keepingPages: false, onChapter: { _, pages in collector.add(pages) },
                                    spreadSide: { collector.nextChapterOpensSpread() })
        return PageListBuilder.document(for: book, paged: paged, layout: Converter.layoutDescription(layouter, options, metadata: book.metadata),
                                        target: options.target, pages: collector.finish(book))
    }

    @Test(arguments: [false, true])
    func theDocumentIsTheOneMadeAfterReading(verticalCSS: Bool) throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try epub(verticalCSS: verticalCSS, in: directory)
        let options = ConversionOptions()
        let converted = try Converter.convert(path: path, options: options).document

        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.metadata.writesVertically == verticalCSS)
        let layouter = try Layouter(options: options.layout)
        // The default options: BookLayout's page list, its spreads ending together.
        var expected = Self.document(of: book, layouter: layouter, options: options)
        expected.provenance = converted.provenance
        #expect(converted.pages == expected.pages)
        #expect(converted == expected)
        #expect(converted.pages.contains { $0.shown?.images.isEmpty == false })
    }

    /// A Markdown book whose language comes only with its second file: the layout began without
    /// one (so without hyphens) and is done again.
    @Test(arguments: [false, true])
    func aMarkdownBookIsTheOneMadeAfterReading(lateLanguage: Bool) throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let words = (0..<300).map { ["extraordinary", "circumstances", "notwithstanding", "a", "the"][$0 % 5] }
            .joined(separator: " ")
        let files = [
            ("1.md", (lateLanguage ? "" : "---\nlanguage: en\n---\n") + "# One\n\n\(words)\n"),
            ("2.md", (lateLanguage ? "---\nlanguage: en\n---\n" : "") + "# Two\n\n\(words)\n"),
            ("3.md", "# Three\n\n\(words)\n"),
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let options = ConversionOptions()
        let converted = try Converter.convert(path: directory.path, options: options).document

        let book = try MarkdownReader.readBook(paths: [directory.path]).book
        #expect(book.metadata.language == "en")
        let layouter = try Layouter(options: options.layout)
        var expected = Self.document(of: book, layouter: layouter, options: options)
        expected.provenance = converted.provenance
        #expect(converted.pages == expected.pages)
        #expect(converted == expected)
        #expect(converted.pages.contains { $0.shown?.lines.contains(where: \.hyphenated) == true })
    }

    /// JSON Lines into a file are laid out while the book is read as well, the lines made before
    /// the header held beside the file (`LineSpool`) until the book is read: the lines are the
    /// ones streamed where there is no file, and the layout waits for the book. The provenance
    /// aside, which records the way from the output's folder to the book.
    @Test(arguments: [false, true])
    func jsonLinesIntoAFileAreTheLinesStreamed(verticalCSS: Bool) throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try epub(verticalCSS: verticalCSS, in: directory)
        var options = ConversionOptions()
        options.outputFormat = .ndjson
        let streamed = try Self.lines(of: path, options: options)
        options.outputPath = directory.appendingPathComponent("book.ndjson").path
        #expect(LineSpool(for: options.outputPath!) != nil, "the spool is made in the output's folder")
        let spooled = try Self.lines(of: path, options: options)
        #expect(spooled.count == streamed.count && spooled.count > 10)
        #expect(Array(spooled.dropFirst()) == Array(streamed.dropFirst()))
        #expect(try Self.withoutProvenance(spooled[0]) == Self.withoutProvenance(streamed[0]))
        // Nothing is left beside the output: the spool has no name.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["book.epub"])
    }

    /// The lines a conversion streams.
    private static func lines(of path: String, options: ConversionOptions) throws -> [Data] {
        let sent = Mutex(Data())
        _ = try Converter.convert(.paths([path]), options: options, keepingPages: false,
                                  streamingTo: { data in sent.withLock { $0.append(data) } })
        return sent.withLock { $0 }.split(separator: UInt8(ascii: "\n")).map { Data($0) }
    }

    private static func withoutProvenance(_ header: Data) throws -> NSDictionary {
        var object = try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any])
        #expect(object["provenance"] != nil)
        object["provenance"] = nil
        return object as NSDictionary
    }
}
