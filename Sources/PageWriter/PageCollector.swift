import BookModel
import Foundation
import PageFormat
import PageJSON
import ProcessMemory

/// The page list made while the book is laid out: each chapter's pages, as the layout delivers
/// them (`Layouter.layout(_:keepingPages:onChapter:spreadSide:)`, in reading order, one call at
/// a time), are numbered on the delivering worker's thread and, asked to, written there as compact JSON
/// (`EncodedPages`), while the other workers go on laying out; so the document's JSON, written
/// once the layout is done, is left with its small members. The pages before the content, which
/// show the book's title and cover, are made at the end, when the book is read whole.
public final class PageCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stream: PageStream
    private var collected: [Page] = []
    /// The content pages' JSON so far, when asked for; nil once writing it failed.
    private var encoded: EncodedPages?
    /// The JSON of every page `finish` gave, when asked for and nothing failed.
    public private(set) var encodedPages: EncodedPages?

    /// Whether `finish` gives the pages whole; when false (and only when their JSON is written),
    /// their summaries (`Page.summary`): their JSON holds the rest.
    private let keepsWrittenPages: Bool

    /// `writesJSON`: also write the pages' compact JSON; `keepsWrittenPages` false then keeps only
    /// what follows needs of each page. `keepsLines`: as `PageStream`'s.
    public init(writesJSON: Bool = false, spreads: SpreadPlacement? = nil, keepsLines: Bool = true,
                keepsWrittenPages: Bool = true) {
        stream = PageStream(spreads: spreads, keepsLines: keepsLines)
        self.keepsWrittenPages = keepsWrittenPages || !writesJSON
        encoded = writesJSON ? EncodedPages() : nil
    }

    /// The next chapter's pages.
    public func add(_ pages: [Page]) {
        // Past the memory bound nothing more is made: the conversion is refused.
        guard !MemoryWatch.isOver else { return }
        lock.withLock {
            let made = stream.content(pages)
            if encoded != nil {
                do { try encoded?.append(made) } catch { encoded = nil }
            }
            collected += keepsWrittenPages ? made : made.map(\.summary)
        }
    }

    /// Whether the next chapter's first page opens a spread (`PageStream.nextChapterOpensSpread`).
    public func nextChapterOpensSpread() -> Bool? {
        lock.withLock { stream.nextChapterOpensSpread() }
    }

    /// Every page of `book`, the front and back covers' included; call once, after the layout.
    public func finish(_ book: Book) -> [Page] {
        lock.withLock {
            let front = stream.front(of: book)
            let back = stream.back()
            let pages = front + collected + back
            if let content = encoded {
                var all = EncodedPages()
                do {
                    try all.append(front)
                    all.append(contentsOf: content)
                    try all.append(back)
                    encodedPages = all
                } catch {}
            }
            collected = []
            encoded = nil
            return pages
        }
    }
}
