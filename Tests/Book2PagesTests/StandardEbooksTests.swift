import Book2PagesKit
import Foundation
import PageFormat
import Testing
import ZipArchive

/// A Standard Ebooks title as its own CSS sets it: verse through `[epub|type~="z3998:poem"]`
/// selectors (lines not justified, each verse line a line of its own, `i1`/`i2` lines indented
/// one and two ems further, turnovers hanging), and note calls raised by its `noteref` rule.
struct StandardEbooksTests {
    static func document() throws -> PageDocument {
        let corpus = try #require(TestPaths.corpus)
        return try Converter.convert(path: corpus.appendingPathComponent("se-through-the-looking-glass.epub").path,
                                     options: ConversionOptions()).document
    }

    @Test(.needsSharedCorpus) func jabberwockyIsSetAsVerse() throws {
        let document = try Self.document()
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }
        let start = try #require(lines.firstIndex { $0.text == "’Twas brillig, and the slithy toves" })
        let stanza = Array(lines[start..<start + 4])
        #expect(stanza.map(\.text) == ["’Twas brillig, and the slithy toves", "Did gyre and gimble in the wabe;",
                                       "All mimsy were the borogoves,", "And the mome raths outgrabe."])
        let em = document.layout.font.size
        // Indents of one and two ems (`span.i1`, `span.i2`: 2em and 3em of padding, -1em hanging).
        #expect(abs(stanza[1].x - stanza[0].x - em) < 0.02)
        #expect(abs(stanza[3].x - stanza[0].x - 2 * em) < 0.02)
        #expect(stanza[2].x == stanza[0].x)
        // Every line of the poem ragged, up to the prose after it.
        let end = try #require(lines[start...].firstIndex { $0.text.hasPrefix("“It seems very pretty,”") })
        let verse = lines[start..<end].filter { !$0.text.isEmpty }
        #expect(verse.count >= 28)
        #expect(verse.allSatisfy { !$0.justified }, "\(verse.filter(\.justified).map(\.text))")
        #expect(lines[end].justified)
    }

    /// The book has no note calls of its own: its stylesheet, in a book whose chapter calls a
    /// note as Standard Ebooks mark them, raises the call and sets it smaller.
    @Test(.needsSharedCorpus) func itsNoteCallsAreSuperscript() throws {
        let corpus = try #require(TestPaths.corpus)
        let archive = try ZipArchive(path: corpus.appendingPathComponent("se-through-the-looking-glass.epub").path)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("notes.epub").path
        let writer = try TestEPUB.start(at: path)
        try writer.add("content.opf", bytes: Array("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Notes</dc:title><dc:language>en</dc:language></metadata>
            <manifest><item id="c" href="chapter.xhtml" media-type="application/xhtml+xml"/>
            <item id="css" href="css/core.css" media-type="text/css"/></manifest><spine><itemref idref="c"/></spine></package>
            """.utf8))
        try writer.add("chapter.xhtml", bytes: Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en-US">
            <head><title>I</title><link href="css/core.css" rel="stylesheet" type="text/css"/></head>
            <body epub:type="bodymatter"><section epub:type="chapter"><p>She sang as she went on.<a href="endnotes.xhtml#note-36" id="noteref-36" epub:type="noteref">36</a> Then she stopped.</p></section></body></html>
            """.utf8))
        try writer.add("css/core.css", bytes: try archive.read("epub/css/core.css"))
        try writer.close()
        let document = try Converter.convert(path: path, options: ConversionOptions()).document
        let line = try #require(document.pages.flatMap { $0.shown?.lines ?? [] }.first { $0.text.contains("on.36") })
        let runs = document.layout.runs(of: line)
        let call = try #require(runs.first { run in
            let units = Array(line.text.utf16)[run.start..<run.start + run.length]
            return String(decoding: units, as: UTF16.self) == "36"
        })
        #expect(call.shift == .superscript)
        #expect(call.size < document.layout.font.size)
    }
}
