@testable import Book2PagesKit
import BookModel
@testable import CommandLineInterface
import FileNames
import Foundation
import PageFormat
import Testing

/// `--css FILE`: the user's stylesheets, after the book's own, for every kind of book.
struct CSSOptionTests {
    /// The lines of the content pages, in order.
    private func lines(_ document: PageDocument) -> [PageLine] {
        document.pages.flatMap { $0.shown?.lines ?? [] }
    }

    private func line(_ text: String, in document: PageDocument) throws -> PageLine {
        try #require(lines(document).first { $0.text.contains(text) })
    }

    /// Where a line stands in the content box: 0 at its start edge, 1 flush with its end.
    private func placement(of line: PageLine, in document: PageDocument) -> Double {
        let margins = document.layout.margins
        let slack = document.layout.pageSize.width - margins.left - margins.right - line.width
        return slack > 0 ? (line.x - margins.left) / slack : 0
    }

    private func writeEPUB(at path: String, css: String) throws {
        let writer = try TestEPUB.start(at: path)
        try writer.add("content.opf", bytes: Array("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Styles</dc:title><dc:language>en</dc:language></metadata>
            <manifest><item id="c" href="chapter.xhtml" media-type="application/xhtml+xml"/>
            <item id="css" href="book.css" media-type="text/css"/></manifest><spine><itemref idref="c"/></spine></package>
            """.utf8))
        try writer.add("chapter.xhtml", bytes: Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head><title>I</title><link href="book.css" rel="stylesheet" type="text/css"/></head>
            <body><p>A plain short line.</p><p class="kept">A classed short line.</p></body></html>
            """.utf8))
        try writer.add("book.css", bytes: Array(css.utf8))
        try writer.close()
    }

    @Test func theUserSheetBeatsTheBooksRuleOfEqualSpecificityButNotAMoreSpecificOne() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("book.epub").path
        try writeEPUB(at: book, css: "p { text-align: right } p.kept { text-align: right }")
        func convert(_ css: [String]) throws -> PageDocument {
            var options = ConversionOptions()
            options.stylesheets = css.enumerated().map { UserStylesheet(name: "user\($0.offset).css", text: $0.element) }
            return try Converter.convert(path: book, options: options).document
        }
        let plain = try convert([])
        #expect(placement(of: try line("plain short", in: plain), in: plain) > 0.99)
        let centred = try convert(["p { text-align: center }"])
        #expect(abs(placement(of: try line("plain short", in: centred), in: centred) - 0.5) < 0.01)
        // `p.kept` is more specific than the user's `p`: the book's rule stands.
        #expect(placement(of: try line("classed short", in: centred), in: centred) > 0.99)
        // Of two user sheets, the later wins.
        let last = try convert(["p { text-align: center }", "p { text-align: left }"])
        #expect(placement(of: try line("plain short", in: last), in: last) < 0.01)
    }

    @Test func aMarkdownBooksBlocksAreStyledAsTheirElements() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("book.md")
        try Data("# Title\n\nA short paragraph.\n\n> A quoted line.\n".utf8).write(to: book)
        let css = directory.appendingPathComponent("style.css")
        try Data("h1 { font-size: 3em } p { text-align: center } blockquote p { text-align: right }".utf8).write(to: css)
        func convert(_ arguments: [String]) throws -> PageDocument {
            let result = try Run.program(try #require(TestPaths.binary), [book.path, "-q"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return try PageDocument(jsonData: result.stdout)
        }
        let plain = try convert([])
        let styled = try convert(["--css", css.path])
        #expect(placement(of: try line("short paragraph", in: plain), in: plain) < 0.01)
        #expect(abs(placement(of: try line("short paragraph", in: styled), in: styled) - 0.5) < 0.01)
        #expect(placement(of: try line("quoted line", in: styled), in: styled) > 0.99)
        let plainTitle = try line("Title", in: plain), styledTitle = try line("Title", in: styled)
        #expect(styledTitle.width > plainTitle.width * 1.3)
        #expect(plain.provenance?.options != styled.provenance?.options)
    }

    @Test func aMissingStylesheetIsRefusedBeforeAnythingIsWritten() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("book.md")
        try Data("# Title\n\nText.\n".utf8).write(to: book)
        let output = directory.appendingPathComponent("out.json")
        let missing = directory.appendingPathComponent("missing.css").path
        let result = try Run.program(try #require(TestPaths.binary), [book.path, "--css", missing, "-o", output.path])
        #expect(result.status == ExitCode.unreadableInput)
        let message = result.stderr
        #expect(message.split(separator: "\n").count == 1 && message.contains("missing.css") && message.contains("--css"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func cssThatDoesNotParseIsSkippedAsABrowserSkipsIt() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("book.md")
        try Data("# Title\n\nA short paragraph.\n".utf8).write(to: book)
        let css = directory.appendingPathComponent("broken.css")
        try Data("}}} p { color: ;; } h1 { font-size: } @media {} p { text-align: center } @font-face { font-family: Mine; src: url(x.ttf) } p {".utf8)
            .write(to: css)
        let result = try Run.program(try #require(TestPaths.binary), [book.path, "--css", css.path])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try PageDocument(jsonData: result.stdout)
        #expect(abs(placement(of: try line("short paragraph", in: document), in: document) - 0.5) < 0.01)
        #expect(result.stderr.contains("@font-face"))
    }

    @Test func repeatedStylesheetsAreKeptInOrderAndADefaultsFileTakesThem() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a, first.css").path
        let second = directory.appendingPathComponent("b.css").path
        try Data("p { text-indent: 0 }".utf8).write(to: URL(fileURLWithPath: first))
        try Data("h1 { font-size: 3em }".utf8).write(to: URL(fileURLWithPath: second))
        let options = try Invocation(try ArgumentParser.parse(["book.md", "--css", first, "--css=\(second)"])).options
        #expect(options.stylesheets == [UserStylesheet(name: first, text: "p { text-indent: 0 }"),
                                        UserStylesheet(name: second, text: "h1 { font-size: 3em }")])
        let defaults = directory.appendingPathComponent("defaults.yaml").path
        try Data("css: [\"\(first)\", \(second)]\n".utf8).write(to: URL(fileURLWithPath: defaults))
        var parsed = try ArgumentParser.parse(["book.md"])
        try DefaultsFile.merge(defaults, into: &parsed)
        #expect(try Invocation(parsed).options.stylesheets.map(\.name) == [first, second])
        #expect(throws: ConversionError.self) { try Invocation(try ArgumentParser.parse(["book.md", "--css", ""])) }
    }

    /// A stylesheet named by bytes that are not UTF-8 is read by them; its byte-order mark is
    /// left to the stylesheet's parser, as a book's sheet's is (`StylesheetTests`).
    @Test func aSheetIsReadByItsNamesBytes() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = directory.path + "/caf" + FileName.string([0xE9]) + ".css"
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("p { text-indent: 0 }".utf8)
        try FileSystem.replace(name, with: bytes)
        let options = try Invocation(try ArgumentParser.parse(["book.md", "--css", name])).options
        #expect(options.stylesheets == [UserStylesheet(name: name, text: "\u{FEFF}p { text-indent: 0 }")])
    }
}
