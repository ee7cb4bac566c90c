import BookModel
import EPUBReader
import Foundation
import Testing

/// The fonts an EPUB brings: its manifest's stylesheets' `@font-face` rules with their files,
/// known before the chapters, and what each run's `font-family` asks of them.
struct BookFontsReadingTests {
    static let fontBytes: [UInt8] = Array("OTTO-not-really-a-font".utf8)

    /// A book whose sheets declare `faces`, its chapter `body`, with `files` beside.
    static func book(css: String, extraCSS: String = "", body: String, files: [(String, [UInt8])] = []) throws -> String {
        try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container),
            ("OEBPS/content.opf", """
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
                  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>
                    <dc:title>Fonts</dc:title><dc:language>en</dc:language></metadata>
                  <manifest><item id="c" href="text/c.xhtml" media-type="application/xhtml+xml"/>
                    <item id="s" href="styles/book.css" media-type="text/css"/>
                    <item id="t" href="styles/other.css" media-type="text/css"/>
                    <item id="f" href="fonts/face.otf" media-type="font/otf"/></manifest>
                  <spine><itemref idref="c"/></spine>
                </package>
                """),
            ("OEBPS/styles/book.css", css),
            ("OEBPS/styles/other.css", extraCSS),
            ("OEBPS/text/c.xhtml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <html xmlns="http://www.w3.org/1999/xhtml"><head><title>C</title>
                <link rel="stylesheet" href="../styles/book.css"/></head><body>\(body)</body></html>
                """),
        ], binary: [("OEBPS/fonts/face.otf", fontBytes)] + files)
    }

    @Test func facesAreTheBooksFilesRelativeToTheirSheet() throws {
        let path = try Self.book(css: """
            @font-face { font-family: "Book Face"; src: url(../fonts/face.otf) format("opentype"); font-weight: bold }
            @font-face { font-family: Book Face; font-style: italic; src: url(missing.otf), url(../fonts/face.otf) }
            """, extraCSS: "@font-face { font-family: Unlinked; src: url(../fonts/face.otf) }", body: "<p>Text</p>")
        let fonts = try EPUBReader.read(contentsOf: path).book.metadata.fonts
        #expect(fonts.families == ["Book Face", "Unlinked"], "every sheet of the manifest counts, linked or not")
        #expect(fonts.faces.map(\.path) == ["OEBPS/fonts/face.otf", "OEBPS/fonts/face.otf", "OEBPS/fonts/face.otf"])
        #expect(fonts.faces.map(\.weights) == [700...700, 400...400, 400...400])
        #expect(fonts.faces.map(\.style) == [.normal, .italic, .normal])
        #expect(fonts.faces.allSatisfy { $0.bytes == Self.fontBytes })
        #expect(fonts.familyIndex(of: "book face") == 0, "family names are compared without regard to case")
    }

    @Test func sourcesOutsideOrMissingAreWarnedAndLeftOut() throws {
        let path = try Self.book(css: """
            @font-face { font-family: Remote; src: url(https://fonts.example.com/a.woff2) }
            @font-face { font-family: Rooted; src: url(/etc/fonts/a.ttf) }
            @font-face { font-family: Climbing; src: url(../../../../a.ttf) }
            @font-face { font-family: Gone; src: url(../fonts/gone.ttf) }
            @font-face { font-family: Local; src: local(Arial) }
            """, body: "<p>Text</p>")
        let read = try EPUBReader.read(contentsOf: path)
        #expect(read.book.metadata.fonts.faces.isEmpty)
        let messages = read.warnings.map(\.description)
        for family in ["Remote", "Rooted", "Climbing"] {
            #expect(messages.contains { $0.contains("OEBPS/styles/book.css") && $0.contains("'\(family)'") && $0.contains("outside the book") },
                    "\(family): \(messages)")
        }
        #expect(messages.contains { $0.contains("'Gone'") && $0.contains("OEBPS/fonts/gone.ttf") && $0.contains("not in the book") })
        #expect(!messages.contains { $0.contains("'Local'") }, "a local() source is the machine's, not the book's: no rule at all")
    }

    @Test func runsAskForTheFirstFamilyTheBookBringsThenTheGeneric() throws {
        let path = try Self.book(css: """
            @font-face { font-family: Display; src: url(../fonts/face.otf) }
            body { font-family: Georgia, "Display", serif }
            h1 { font-family: "Not Here", sans-serif }
            code { font-family: monospace }
            .ui { font-family: system-ui }
            """, body: #"<h1>Title</h1><p>Body <code>x</code> <span class="ui">ui</span></p>"#)
        let book = try EPUBReader.read(contentsOf: path).book
        let runs = book.chapters[0].blocks.flatMap { block -> [Inline] in
            switch block.kind {
            case .heading(_, let inlines), .paragraph(let inlines): inlines
            default: []
            }
        }
        func choice(_ text: String) -> FontChoice? { runs.first { $0.text.contains(text) }?.font }
        #expect(choice("Title") == FontChoice(family: 0, generic: .sansSerif, isBodyFamily: false))
        #expect(choice("Body") == FontChoice(family: 1, generic: .body, isBodyFamily: true))
        #expect(choice("x") == FontChoice(family: 0, generic: .monospace, isBodyFamily: false))
        #expect(choice("ui") == FontChoice(family: 0, generic: .sansSerif, isBodyFamily: false))
        #expect(book.metadata.fonts.usesSansSerif)
    }

    /// The corpus's Waste Land: its three OpenType faces, obfuscated, come out as fonts.
    @Test(.needsSharedCorpus) func obfuscatedFacesOfTheCorpusAreRestored() throws {
        let path = try #require(TestFiles.corpus).appendingPathComponent("wasteland-otf-obf.epub").path
        let fonts = try EPUBReader.read(contentsOf: path).book.metadata.fonts
        #expect(fonts.families == ["OldStandard"])
        #expect(fonts.faces.count == 3)
        #expect(fonts.faces.allSatisfy { Array($0.bytes.prefix(4)) == Array("OTTO".utf8) })
        #expect(Set(fonts.faces.map { "\($0.weights.lowerBound) \($0.style)" }) == ["400 normal", "700 normal", "400 italic"])
        #expect(fonts.usesSansSerif, "its body falls back to sans-serif")
    }
}
