import BookModel
import EPUBReader
import Foundation
import Testing
import ZipArchive

/// Every real book in the shared corpus reads: a title, chapters with text, a table of contents
/// whose anchors exist, and the particular things each book is there to test.
struct CorpusTests {
    @Test(.needsSharedCorpus) func everyBookReads() throws {
        #expect(!TestFiles.corpusBooks.isEmpty)
        for name in TestFiles.corpusBooks {
            let result = try EPUBReader.read(contentsOf: try #require(TestFiles.corpusBook(name)))
            let book = result.book
            #expect(!book.metadata.title.trimmingCharacters(in: .whitespaces).isEmpty, "\(name): no title")
            #expect(book.chapters.contains { !$0.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty },
                    "\(name): no chapter with text")
            for entry in book.toc {
                #expect(book.chapters.indices.contains(entry.chapterIndex), "\(name): \(entry)")
                // A designed page is one page: whatever it anchors lands there.
                if let anchor = entry.anchor, book.chapters.indices.contains(entry.chapterIndex),
                   book.chapters[entry.chapterIndex].design == nil {
                    #expect(allAnchors(book.chapters[entry.chapterIndex].blocks).contains(anchor),
                            "\(name): TOC anchor \(anchor) not found in its chapter")
                }
            }
        }
    }

    @Test(.needsSharedCorpus) func wastelandHasATableOfContents() throws {
        let path = try #require(TestFiles.corpusBook("wasteland.epub"))
        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.metadata.title == "The Waste Land")
        #expect(book.metadata.authors == ["T.S. Eliot"])
        #expect(book.toc.map(\.title).prefix(2) == ["I. THE BURIAL OF THE DEAD", "II. A GAME OF CHESS"])
        #expect(book.cover?.path == "EPUB/wasteland-cover.jpg")
        // Poetry keeps its lines.
        #expect(book.chapters[0].text.contains("\"Nam Sibyllam quidem Cumis ego ipse oculis meis\nvidi in ampulla pendere"))
    }

    @Test(.needsSharedCorpus) func arabicBookReadsRightToLeft() throws {
        let path = try #require(TestFiles.corpusBook("regime-anticancer-arabic.epub"))
        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.metadata.direction == .rightToLeft)
        #expect(book.metadata.language == "ar")
        #expect(book.chapters.contains { $0.text.contains("ما هو السرطان؟") })
    }

    @Test(.needsSharedCorpus) func mobyDickPutsItsNonLinearItemsLast() throws {
        let path = try #require(TestFiles.corpusBook("moby-dick.epub"))
        let book = try EPUBReader.read(contentsOf: path).book
        // The spine lists the cover first and the long contents page later, both `linear="no"`;
        // the cover page shows only the cover image, so it is left out.
        #expect(book.chapters.last?.source == "OPS/toc.xhtml")
        #expect(!book.chapters.contains { $0.source == "OPS/cover.xhtml" })
        #expect(book.cover?.path == "OPS/images/9780316000000.jpg")
        #expect(book.chapters.filter { !$0.isLinear }.count == 1)
        #expect(book.chapters.dropLast().allSatisfy { $0.isLinear })
        #expect(book.chapters.first { $0.source == "OPS/chapter_001.xhtml" }?.title == "Chapter 1. Loomings.")
    }

    /// Chapters of Moby-Dick hold the same words as pandoc's plain text of the same files.
    @Test(.needsSharedCorpus, .needsPandoc, arguments: ["OPS/chapter_001.xhtml", "OPS/chapter_002.xhtml", "OPS/chapter_042.xhtml"])
    func mobyDickChapterMatchesPandoc(entry: String) throws {
        let path = try #require(TestFiles.corpusBook("moby-dick.epub"))
        let file = try TestFiles.temporaryDirectory().appendingPathComponent("chapter.xhtml")
        try Data(try ZipArchive(path: path).read(entry)).write(to: file)
        let reference = try #require(try pandocPlainText(of: file.path))
        let book = try EPUBReader.read(contentsOf: path).book
        let chapter = try #require(book.chapters.first { $0.source == entry })
        #expect(words(chapter.text) == words(reference))
    }

    private func allAnchors(_ blocks: [Block]) -> Set<String> {
        var anchors: Set<String> = []
        for block in blocks {
            anchors.formUnion(block.anchors)
            switch block.kind {
            case .quote(let inner), .division(let inner): anchors.formUnion(allAnchors(inner))
            case .list(let list): list.items.forEach { anchors.formUnion(allAnchors($0)) }
            case .float(let box): anchors.formUnion(allAnchors(box.blocks))
            case .table:
                var inCells: [String] = []
                _ = TableText.runs(of: [block], anchors: &inCells)
                anchors.formUnion(inCells)
            default: break
            }
        }
        return anchors
    }

    private func words(_ text: String) -> [String] {
        text.lowercased().components(separatedBy: CharacterSet.alphanumerics.inverted).filter { !$0.isEmpty }
    }

    private func pandocPlainText(of path: String) throws -> String? {
        guard let pandoc = TestFiles.onPath("pandoc") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pandoc)
        process.arguments = ["-f", "html", "-t", "plain", "--wrap=none", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
