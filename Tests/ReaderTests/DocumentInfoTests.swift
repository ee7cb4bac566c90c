import BookModel
import Foundation
import Testing
import XHTMLReader

/// Title, language and authors of a document, and a lone file read as a one-chapter book.
struct DocumentInfoTests {
    @Test func titleLanguageAndFirstHeading() {
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="fr"><head><title>  Le   titre </title>
            <meta name="author" content="Victor Hugo"/></head>
            <body><p>x</p><h2>Premier <em>chapitre</em></h2><h1>Later</h1></body></html>
            """)
        #expect(content.headTitle == "Le titre")
        #expect(content.firstHeading == "Premier chapitre")
        #expect(content.title == "Le titre")
        #expect(content.language == "fr")
        #expect(content.authors == ["Victor Hugo"])
    }

    @Test func titleFallsBackToFirstHeading() {
        let content = readDocument("<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"de\"><head><title> </title></head><body><h3>Kapitel<br/>Eins</h3></body></html>")
        #expect(content.headTitle == nil)
        #expect(content.title == "Kapitel Eins")
        #expect(content.language == "de")
    }

    @Test func loneFileBecomesAOneChapterBook() throws {
        let directory = try TestFiles.temporaryDirectory()
        let path = directory.appendingPathComponent("chapter.xhtml").path
        try EPUBFixture.page(#"<h1>Heading</h1><p>Text &nbsp;here.</p><img src="img/a.png" alt="a"/>"#, title: "The Book")
            .replacingOccurrences(of: "</head>", with: #"<meta name="author" content="Ann Author"/></head>"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try XHTMLReader.readBook(contentsOf: path)
        #expect(result.book.metadata.title == "The Book")
        #expect(result.book.metadata.creators == [Metadata.Creator(name: "Ann Author", role: "aut")])
        #expect(result.book.chapters.count == 1)
        #expect(result.book.chapters[0].source == "chapter.xhtml")
        #expect(result.book.chapters[0].title == "Heading")
        #expect(result.book.chapters[0].text == "Heading\nText \u{00A0}here.\n[image img/a.png a]")
        #expect(result.warnings.isEmpty)
    }

    @Test func loneFileTitleFallsBackToHeadingThenFileName() throws {
        let directory = try TestFiles.temporaryDirectory()
        let withHeading = directory.appendingPathComponent("a.html").path
        try "<html><body><h2>Only heading</h2></body></html>".write(toFile: withHeading, atomically: true, encoding: .utf8)
        #expect(try XHTMLReader.readBook(contentsOf: withHeading).book.metadata.title == "Only heading")
        let bare = directory.appendingPathComponent("notes.html").path
        try "<html><body><p>words</p></body></html>".write(toFile: bare, atomically: true, encoding: .utf8)
        #expect(try XHTMLReader.readBook(contentsOf: bare).book.metadata.title == "notes")
    }

    @Test func loneFileErrorsNameTheFile() throws {
        let directory = try TestFiles.temporaryDirectory()
        let missing = directory.appendingPathComponent("missing.xhtml").path
        #expect(throws: ReadError.unreadable(file: missing, reason: "no such file")) {
            try XHTMLReader.readBook(contentsOf: missing)
        }
        #expect(throws: ReadError.self) { try XHTMLReader.readBook(contentsOf: directory.path) }
        let binary = directory.appendingPathComponent("junk.html").path
        try Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0, 1, 2, 3]).write(to: URL(fileURLWithPath: binary))
        let error = #expect(throws: ReadError.self) { try XHTMLReader.readBook(contentsOf: binary) }
        #expect(error?.description.hasPrefix(binary) == true)
        if case .invalid = error {} else { Issue.record("binary junk should be invalid, got \(String(describing: error))") }
    }
}
