import BookModel
import MarkdownReader
import Synchronization
import Testing

/// The Markdown reader hands each file's chapters to a `ChapterReceiver` as soon as the file is
/// read, so the layout can start before the book is whole: first the metadata the front matter
/// read so far gives, then the chapters in their places, which the book then holds without
/// their content. A chapter showing an image waits for the images' sizes, measured last.
struct EarlyChapterTests {
    private final class Receiver: ChapterReceiver {
        let state = Mutex<(metadata: [Metadata], indices: [Int], chapters: [Chapter])>(([], [], []))
        func begin(_ metadata: Metadata) { state.withLock { $0.metadata.append(metadata) } }
        func receive(_ chapter: Chapter, at index: Int) {
            state.withLock { state in
                #expect(state.metadata.count == 1, "begin comes first")
                state.indices.append(index)
                state.chapters.append(chapter)
            }
        }
    }

    @Test func chaptersComeFileByFile() throws {
        let folder = try BookFolderFixture([
            ("1.md", "---\nlanguage: en\n---\n# One\n\nFirst.\n\n# Two\n\nSecond.\n"),
            ("2.md", "# Three\n\nA picture:\n\n![a lamp](lamp.png)\n"),
            ("3.md", "---\nlanguage: de\n---\n# Four\n\nVierte.\n"),
            ("lamp.png", "not really a picture"),
        ])
        let receiver = Receiver()
        let book = try MarkdownReader.readBook(paths: ["1.md", "2.md", "3.md"].map(folder.path), receiver: receiver).book
        let (metadata, indices, chapters) = receiver.state.withLock { ($0.metadata, $0.indices, $0.chapters) }
        // The first file's front matter; the book keeps the first language it is given.
        #expect(metadata.map(\.language) == ["en"])
        #expect(book.metadata.language == "en")
        // The chapter with the image is kept back, whole; the book keeps of the others only
        // their places and what is known of their text.
        #expect(indices == [0, 1, 3])
        #expect(chapters.map { $0.handedOver() } == indices.map { book.chapters[$0] })
        #expect(indices.allSatisfy { book.chapters[$0].blocks.isEmpty && book.chapters[$0].handedOverContent != nil })
        #expect(book.chapters[2].handedOverContent == nil && !book.chapters[2].blocks.isEmpty)
        #expect(chapters.map(\.title) == ["One", "Two", "Four"])
        #expect(book.textSize == chapters.reduce(0) { $0 + $1.textSize } + book.chapters[2].textSize)
        #expect(book.showsSomething)
    }
}
