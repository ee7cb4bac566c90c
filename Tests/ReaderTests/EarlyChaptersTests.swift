import BookModel
import EPUBReader
import Synchronization
import Testing

/// The EPUB reader hands each chapter to a `ChapterReceiver` as soon as it is read, so the layout
/// can start before the book is whole: first the metadata the package gives, then every chapter
/// that is already final, in its place in the book, which then keeps only what it needs of it.
/// A chapter showing an image waits for the images' sizes, measured last; the caller takes it
/// from the finished book.
struct EarlyChaptersTests {
    private final class Receiver: ChapterReceiver {
        let state = Mutex<(metadata: [Metadata], chapters: [(Int, Chapter)])>(([], []))
        func begin(_ metadata: Metadata) { state.withLock { $0.metadata.append(metadata) } }
        func receive(_ chapter: Chapter, at index: Int) {
            state.withLock { state in
                #expect(state.metadata.count == 1, "begin comes first")
                state.chapters.append((index, chapter))
            }
        }
    }

    @Test func finalChaptersComeAsTheyAreRead() throws {
        let spine = (0..<4).map { ("p\($0)", "p\($0).xhtml", "application/xhtml+xml", true) }
        let package = FixtureBooks.package(spine: spine, metadata: "<dc:title>T</dc:title><dc:language>ar</dc:language>",
                                           manifestExtra: #"<item id="pic" href="pic.png" media-type="image/png"/>"#,
                                           version: "3.0")
            .replacingOccurrences(of: "<spine>", with: #"<spine page-progression-direction="rtl">"#)
        let vertical = #"<link rel="stylesheet" href="vertical.css"/></head>"#
        let path = try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", package),
            ("OEBPS/p0.xhtml", EPUBFixture.page("<h1>One</h1><p>First.</p>")),
            ("OEBPS/p1.xhtml", EPUBFixture.page(#"<p>Before.</p><div><img src="pic.png" alt="A picture"/></div>"#)),
            ("OEBPS/p2.xhtml", EPUBFixture.page("<p>Third.</p>").replacingOccurrences(of: "</head>", with: vertical)),
            ("OEBPS/p3.xhtml", EPUBFixture.page("<p>Fourth.</p>")),
            ("OEBPS/vertical.css", "html { writing-mode: vertical-rl }"),
        ], binary: [("OEBPS/pic.png", TestImages.png(width: 40, height: 30))])
        let receiver = Receiver()
        let book = try EPUBReader.read(contentsOf: path, receiver: receiver).book
        let (metadata, received) = receiver.state.withLock { ($0.metadata, $0.chapters) }

        // The package's metadata: a right-to-left book, its vertical CSS not met yet.
        #expect(metadata.count == 1)
        #expect(metadata.first?.direction == .rightToLeft)
        #expect(metadata.first?.writesVertically == false)
        #expect(book.metadata.writesVertically)
        // The chapter with the image is kept back, whole. The book holds the others without their
        // content: their places, their titles (the table of contents may rename them) and what
        // is known of their text.
        #expect(received.map(\.0) == [0, 2, 3])
        for (index, chapter) in received {
            var final = book.chapters[index]
            final.title = chapter.title
            #expect(chapter.handedOver() == final)
            #expect(final.blocks.isEmpty && final.handedOverContent?.textSize == chapter.textSize)
            #expect(final.handedOverContent?.showsSomething == true)
        }
        #expect(book.chapters[1].handedOverContent == nil && !book.chapters[1].blocks.isEmpty)
        #expect(book.chapters.count == 4)
        #expect(book.chapters[0].title == "One")
    }
}
