import BookModel
import Foundation
import PageFormat
import PageJSON
import ProcessMemory
import Targets

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
    /// The outlines of the content pages so far, when they are not kept whole.
    private var outlined: [PageOutline] = []
    /// The content pages' JSON so far, when asked for; nil once writing it failed.
    private var encoded: EncodedPages?
    /// The JSON of every page `finish` gave, when asked for and nothing failed.
    public private(set) var encodedPages: EncodedPages?

    /// Whether `finish` gives the pages whole; when false (and only when their JSON is written),
    /// their outlines (`PageOutline`): their JSON holds the rest.
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
            if keepsWrittenPages {
                collected += made
            } else {
                outlined += made.map(PageOutline.init)
            }
        }
    }

    /// Whether the next chapter's first page opens a spread (`PageStream.nextChapterOpensSpread`).
    public func nextChapterOpensSpread() -> Bool? {
        lock.withLock { stream.nextChapterOpensSpread() }
    }

    /// Every page of `book`, the front and back covers' included, whole; call once, after the
    /// layout, on a collector that keeps its pages (`keepsWrittenPages`).
    public func finish(_ book: Book) -> [Page] {
        guard case .whole(let pages) = finishKept(book) else {
            preconditionFailure("the pages were kept as outlines: finishKept gives them")
        }
        return pages
    }

    /// Every page of `book`, the front and back covers' included, as they were kept; call once,
    /// after the layout.
    public func finishKept(_ book: Book) -> KeptPages {
        lock.withLock {
            let front = stream.front(of: book)
            let back = stream.back()
            let pages: KeptPages = keepsWrittenPages
                ? .whole(.joining(front, &collected, back))
                : .outlined(.joining(front.map(PageOutline.init), &outlined, back.map(PageOutline.init)))
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
            outlined = []
            encoded = nil
            return pages
        }
    }
}
