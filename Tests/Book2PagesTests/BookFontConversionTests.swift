import Book2PagesKit
import Fonts
import Foundation
import PageFormat
import Testing

/// Books set in the fonts they bring: `layout.faces` names each face and its file in the book,
/// the runs name those faces, and the lines are the ones the face's own widths make.
struct BookFontConversionTests {
    static let fixtures = TestPaths.repository.appendingPathComponent("Tests/Fixtures/Fonts")

    /// Prose of printable ASCII alone, as the fixture fonts have.
    static let prose = (1...12).map { n in
        "<p>Paragraph \(n): The quick brown fox jumps over the lazy dog while a wizard's job is to vex chumps quickly "
            + "in fog; pack my box with five dozen liquor jugs, and how vexingly quick daft zebras jump.</p>"
    }.joined()

    /// A book whose stylesheet is `css`, its body `body`, with the fixture font `font` at
    /// `OEBPS/fonts/` + its name (obfuscated by IDPF's algorithm when asked).
    static func book(css: String, body: String = prose, font: String? = nil, fontBytes: [UInt8]? = nil) throws -> String {
        let path = try Run.temporaryDirectory().appendingPathComponent("fonts.epub").path
        let writer = try TestEPUB.start(at: path)
        let fontItem = font.map { #"<item id="f" href="OEBPS/fonts/\#($0)" media-type="font/otf"/>"# } ?? ""
        try writer.add("content.opf", text: """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:fonts</dc:identifier>
                <dc:title>Fonts</dc:title><dc:language>en</dc:language></metadata>
              <manifest><item id="c" href="OEBPS/c.xhtml" media-type="application/xhtml+xml"/>
                <item id="s" href="OEBPS/book.css" media-type="text/css"/>\(fontItem)</manifest>
              <spine><itemref idref="c"/></spine>
            </package>
            """)
        try writer.add("OEBPS/book.css", text: css)
        try writer.add("OEBPS/c.xhtml", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>C</title><link rel="stylesheet" href="book.css"/></head>
            <body>\(body)</body></html>
            """)
        if let font {
            let bytes = try fontBytes ?? [UInt8](Data(contentsOf: fixtures.appendingPathComponent(font)))
            try writer.add("OEBPS/fonts/\(font)", bytes: bytes)
        }
        try writer.close()
        return path
    }

    static func convert(_ path: String, configure: (inout ConversionOptions) -> Void = { _ in }) throws -> Conversion {
        var options = ConversionOptions()
        configure(&options)
        return try Converter.convert(path: path, options: options)
    }

    static func lines(_ document: PageDocument) -> [String] {
        document.pages.flatMap { $0.shown?.lines ?? [] }.map(\.text)
    }

    /// The faces the runs of the document's lines name, by index.
    static func usedFaces(_ document: PageDocument) -> Set<Int> {
        Set(document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
            .flatMap { document.layout.runs(of: $0).map(\.face) })
    }

    /// The same font, embedded in three wrappings, sets the same lines as the installed one.
    @Test(arguments: ["liberation-serif-ascii.ttf", "liberation-serif-ascii.woff", "liberation-serif-ascii.woff2"])
    func anEmbeddedCopyOfTheBodyFontSetsTheSameLines(font: String) throws {
        let css = "@font-face { font-family: Embedded; src: url(fonts/\(font)) } body { font-family: 'Embedded', serif }"
        let embedded = try Self.convert(Self.book(css: css, font: font)).document
        let plain = try Self.convert(Self.book(css: "body { font-family: serif }")).document
        let faces = try #require(embedded.layout.faces)
        let book = try #require(faces.firstIndex { $0.role == "book" })
        #expect(faces[book].path == "OEBPS/fonts/\(font)")
        #expect(faces[book].file == font)
        #expect(faces[book].postScriptName == "LiberationSerif" && faces[book].iOSFontName == "LiberationSerif")
        #expect(Self.usedFaces(embedded) == [book], "every run is set in the book's face")
        #expect(Self.lines(embedded) == Self.lines(plain))
        #expect(Self.usedFaces(plain) == [0])
    }

    /// A book set in TeX Gyre Termes (OpenType/CFF, as WOFF2) sets the lines the installed
    /// Termes sets when it is the body font.
    @Test(.needsTeXGyreTermes) func anEmbeddedWOFF2FaceSetsTheLinesOfItsFont() throws {
        let css = "@font-face { font-family: 'Book Termes'; src: url(fonts/termes-ascii.woff2) format('woff2') } "
            + "body { font-family: 'Book Termes' }"
        let embedded = try Self.convert(Self.book(css: css, font: "termes-ascii.woff2")).document
        let installed = try Self.convert(Self.book(css: "")) { $0.layout.font = "TeX Gyre Termes" }.document
        #expect(Self.lines(embedded) == Self.lines(installed))
        let faces = try #require(embedded.layout.faces)
        #expect(Self.usedFaces(embedded).allSatisfy { faces[$0].role == "book" && faces[$0].path == "OEBPS/fonts/termes-ascii.woff2" })
    }

    @Test func aFontThatIsNoFontIsWarnedAndTheListFallsThrough() throws {
        let css = "@font-face { font-family: Broken; src: url(fonts/broken.otf) } body { font-family: Broken, sans-serif }"
        let conversion = try Self.convert(Self.book(css: css, font: "broken.otf", fontBytes: Array("OTTO but not a font".utf8)))
        #expect(conversion.warnings.contains { $0.description.contains("OEBPS/fonts/broken.otf")
            && $0.description.contains("'Broken'") && $0.description.contains("cannot be used") })
        let faces = try #require(conversion.document.layout.faces)
        #expect(!faces.contains { $0.role == "book" })
        #expect(Self.usedFaces(conversion.document).allSatisfy { faces[$0].role == "sansSerif" && faces[$0].family == "Liberation Sans" },
                "the list falls to its generic family")
    }

    @Test func aFamilyListNamingNoneOfTheBooksFallsToItsGeneric() throws {
        let document = try Self.convert(Self.book(css: """
            body { font-family: "Nowhere Sans", Helvetica, sans-serif }
            code { font-family: 'Nowhere Mono', monospace }
            em { font-family: Georgia, fantasy }
            """, body: "<p>Plain <code>code()</code> and <em>stress</em>.</p>")).document
        let faces = try #require(document.layout.faces)
        let line = try #require(document.pages.flatMap { $0.shown?.lines ?? [] }.first { $0.text.hasPrefix("Plain") })
        let runs = document.layout.runs(of: line)
        func face(of text: String) -> FaceDescription? {
            let units = Array(line.text.utf16)
            return runs.first { String(decoding: units[$0.start..<($0.start + $0.length)], as: UTF16.self).contains(text) }
                .map { faces[$0.face] }
        }
        #expect(face(of: "Plain")?.family == "Liberation Sans")
        #expect(face(of: "code()")?.role == "monospace")
        #expect(face(of: "stress")?.role == "italic" && face(of: "stress")?.family == "Liberation Serif",
                "fantasy is no family the layout has: the body's")
    }

    @Test func bookFontsOffAndAChosenBodyFontSetTheBookInTheLayoutsFaces() throws {
        let css = "@font-face { font-family: Embedded; src: url(fonts/termes-ascii.otf) } "
            + "body { font-family: Embedded } h1 { font-family: Embedded, sans-serif }"
        let path = try Self.book(css: css, body: "<h1>Heading</h1>" + Self.prose, font: "termes-ascii.otf")
        let on = try Self.convert(path).document
        let onFaces = try #require(on.layout.faces)
        #expect(Self.usedFaces(on).allSatisfy { onFaces[$0].role == "book" })
        let off = try Self.convert(path) { $0.layout.usesBookFonts = false }.document
        #expect(off.layout.faces?.count == 5, "no face of the book's, nor sans-serif")
        #expect(Self.usedFaces(off).isSubset(of: [0, 1, 2, 3, 4]))
        // --font: the body's text in it, the heading's own family kept.
        let chosen = try Self.convert(path) {
            $0.layout.font = "Liberation Sans"
            $0.layout.bodyFontChosen = true
        }.document
        let chosenFaces = try #require(chosen.layout.faces)
        let lines = chosen.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
        let heading = try #require(lines.first { $0.text == "Heading" })
        #expect(chosen.layout.runs(of: heading).allSatisfy { chosenFaces[$0.face].role == "book" })
        let body = try #require(lines.first { $0.text.hasPrefix("Paragraph 1") })
        #expect(chosen.layout.runs(of: body).allSatisfy { chosenFaces[$0.face].family == "Liberation Sans" })
    }

    /// A family with a regular face alone: its bold text is that face, which the output says a
    /// renderer emboldens; widths are the regular face's.
    @Test func aBoldTheFamilyLacksIsSynthesized() throws {
        let css = "@font-face { font-family: Embedded; src: url(fonts/liberation-serif-ascii.woff) } body { font-family: Embedded }"
        let document = try Self.convert(Self.book(css: css, body: "<p>Light <b>heavy</b> <i>slanted</i></p>",
                                                  font: "liberation-serif-ascii.woff")).document
        let faces = try #require(document.layout.faces)
        let line = try #require(document.pages.flatMap { $0.shown?.lines ?? [] }.first { $0.text.hasPrefix("Light") })
        let used = document.layout.runs(of: line).map { faces[$0.face] }
        #expect(used.map(\.synthesizesBold) == [false, true, false, false])
        #expect(used.map(\.synthesizesItalic) == [false, false, false, true])
        #expect(used.allSatisfy { $0.role == "book" && $0.path == "OEBPS/fonts/liberation-serif-ascii.woff" })
    }

    /// Characters the book's face has no glyph for (its subset is ASCII) fall to the list's
    /// next family, and then to a stand-in; `unicode-range` does the same by declaration. White
    /// space stays in the face of the character before it.
    @Test func charactersTheFaceLacksOrDoesNotServeFallThrough() throws {
        let css = """
            @font-face { font-family: Embedded; src: url(fonts/liberation-serif-ascii.ttf); unicode-range: U+0041-005A, U+0020 }
            body { font-family: Embedded, sans-serif }
            """
        let document = try Self.convert(Self.book(css: css, body: "<p>ABC def ÉTÉ</p>", font: "liberation-serif-ascii.ttf")).document
        let faces = try #require(document.layout.faces)
        let line = try #require(document.pages.flatMap { $0.shown?.lines ?? [] }.first { $0.text.hasPrefix("ABC") })
        let units = Array(line.text.utf16)
        let pieces = document.layout.runs(of: line).map { run in
            (String(decoding: units[run.start..<(run.start + run.length)], as: UTF16.self), faces[run.face].role)
        }
        #expect(pieces.map(\.0) == ["ABC ", "def É", "T", "É"])
        #expect(pieces.map(\.1) == ["book", "sansSerif", "book", "sansSerif"])
    }

    @Test(.needsSharedCorpus) func assetsHoldTheBooksFontsRestored() throws {
        let corpus = try #require(TestPaths.corpus)
        let directory = try Run.temporaryDirectory()
        let conversion = try Self.convert(corpus.appendingPathComponent("wasteland-otf-obf.epub").path) {
            $0.assetsDirectory = directory.path
        }
        let paths = Set((conversion.document.layout.faces ?? []).compactMap(\.path))
        #expect(paths == ["EPUB/OldStandard-Regular.obf.otf", "EPUB/OldStandard-Bold.obf.otf", "EPUB/OldStandard-Italic.obf.otf"])
        for path in paths {
            let written = try Data(contentsOf: directory.appendingPathComponent(path))
            #expect(written.prefix(4) == Data("OTTO".utf8), "\(path) is written as the font, not obfuscated")
            let face = try FontFace(bytes: [UInt8](written), name: path)
            #expect(face.family == "Old Standard TT")
        }
    }
}

/// Kusamakura's stylesheet sets its dashes (U+2013–2016) in the font it embeds, `foobar`, by
/// `unicode-range`; the rest of its text falls to `serif` (and a stand-in for Japanese).
@Suite(.needsSharedCorpus) struct KusamakuraFontTests {
    @Test func itsDashesAreInItsOwnFont() throws {
        let corpus = try #require(TestPaths.corpus)
        let document = try Converter.convert(path: corpus.appendingPathComponent("kusamakura-preview.epub").path,
                                             options: ConversionOptions()).document
        let faces = try #require(document.layout.faces)
        var inBook: [String] = []
        var dashesElsewhere = 0
        for line in document.pages.flatMap({ $0.shown?.lines ?? [] }) where !line.text.isEmpty {
            let units = Array(line.text.utf16)
            for run in document.layout.runs(of: line) {
                let text = String(decoding: units[run.start..<(run.start + run.length)], as: UTF16.self)
                if faces[run.face].role == "book" {
                    #expect(faces[run.face].path == "EPUB/fonts/foobar.ttf")
                    inBook.append(text)
                } else {
                    dashesElsewhere += text.unicodeScalars.filter { (0x2013...0x2016).contains($0.value) }.count
                }
            }
        }
        #expect(!inBook.isEmpty)
        #expect(inBook.allSatisfy { $0.unicodeScalars.allSatisfy { (0x2013...0x2016).contains($0.value) || $0 == " " } }, "\(inBook)")
        #expect(dashesElsewhere == 0)
    }
}

/// The Waste Land as the corpus has it (plain, and with its OpenType faces obfuscated), and as
/// `scripts/make-font-variants.py` makes it from those faces: plain OpenType, WOFF, and WOFF
/// obfuscated. The four that embed the faces set every line alike, in the book's faces.
@Suite(.needsSharedCorpus, .needsPython3) struct WasteLandVariantTests {
    static let variants: [String: String] = {
        guard let corpus = TestPaths.corpus, let directory = try? Run.temporaryDirectory(),
              let made = try? Run.tool("python3", [TestPaths.repositoryFile("scripts/make-font-variants.py"),
                                                   corpus.appendingPathComponent("wasteland-otf-obf.epub").path,
                                                   directory.path]), made.status == 0 else { return [:] }
        var books = ["plain": corpus.appendingPathComponent("wasteland.epub").path,
                     "otf-obf": corpus.appendingPathComponent("wasteland-otf-obf.epub").path]
        for name in ["otf", "woff", "woff-obf"] { books[name] = directory.appendingPathComponent("wasteland-\(name).epub").path }
        return books
    }()

    @Test func theFourEmbeddingVariantsSetTheSameLinesInTheBooksFaces() throws {
        #expect(Self.variants.count == 5, "the variants are made")
        var lines: [String: [String]] = [:]
        for (name, path) in Self.variants {
            let document = try Converter.convert(path: path, options: ConversionOptions()).document
            lines[name] = BookFontConversionTests.lines(document)
            let faces = try #require(document.layout.faces)
            let bookFaces = faces.filter { $0.role == "book" }
            if name == "plain" {
                #expect(bookFaces.isEmpty)
                continue
            }
            #expect(Set(bookFaces.map(\.postScriptName)) == ["OldStandardTT-Regular", "OldStandardTT-Bold", "OldStandardTT-Italic"],
                    "\(name)")
            #expect(bookFaces.allSatisfy { $0.path?.hasPrefix("EPUB/OldStandard-") == true }, "\(name)")
            // Nearly every run is in the book's faces: a character they lack (U+2015) is not.
            let used = document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
                .flatMap { document.layout.runs(of: $0) }
            let inBook = used.filter { faces[$0.face].role == "book" }.reduce(0) { $0 + $1.length }
            #expect(Double(inBook) / Double(used.reduce(0) { $0 + $1.length }) > 0.99, "\(name)")
        }
        for name in ["otf", "woff", "woff-obf"] { #expect(lines[name] == lines["otf-obf"], "\(name) breaks as otf-obf") }
        #expect(lines["plain"] != lines["otf-obf"], "Old Standard is not Liberation Serif")
    }
}
