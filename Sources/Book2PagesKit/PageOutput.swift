import BookModel
import Foundation
import Layout
import PageFormat
import PageJSON
import PageWriter
import ProcessMemory
import Targets

/// Where a conversion's pages go as the layout makes them, and what it writes of the document at
/// the end: the one thing that differs between writing the document whole and streaming it.
/// The conversion itself is the same for both (`Converter.convert`).
protocol PageOutput: AnyObject, Sendable {
    /// Whether it sends the output itself as it is made, rather than handing it back whole. Only
    /// an output that does not stream takes pages laid out while the book is still read: a book
    /// may turn out to need another layout, and what was sent can't be taken back.
    var streams: Bool { get }
    /// The pages given so far are not the book's: it is laid out again, from the start.
    func restart()
    /// The book is read and about to be laid out: what comes before its pages.
    func begin(_ book: Book, layout: LayoutDescription, target: TargetDescription, provenance: Provenance?)
    /// The pages to come are of a book with `metadata`, which says where its designed pages fall
    /// on spreads (`SpreadPlacement`). Before any page is given, or once the book is read; false
    /// when pages given already were placed for other metadata: they must be laid out again.
    func arrange(for metadata: Metadata) -> Bool
    /// The next chapter's pages, from a layout worker, in reading order, one call at a time.
    func add(_ pages: [Page])
    /// Whether the next chapter's first page opens a spread whose pages end together, for the
    /// layout (`PageStream.nextChapterOpensSpread`); nil when spreads are not aligned.
    func nextChapterOpensSpread() -> Bool?
    /// Every page of the book, covers included, once it is laid out.
    func finish(_ book: Book) -> [Page]
    /// The document written: its bytes in pieces, or for a stream, nothing more to hold.
    func write(_ document: PageDocument) throws -> [Data]
    /// Why nothing more was written, for a stream whose writing failed.
    var failure: ConversionError? { get }
}

/// The document written once, whole: compact JSON (its pages' JSON written as each chapter is
/// laid out), indented JSON, or JSON Lines under `--strict`, where a layout's warning must stop
/// the output before any of it is written.
final class WholeDocument: PageOutput, @unchecked Sendable {
    private let options: ConversionOptions
    /// Compact JSON is written page by page as the pages are made.
    private let writesJSON: Bool
    /// Replaced only on the converting thread, while no layout is running.
    private var collector: PageCollector
    /// Where the collector puts designed pages on spreads (`arrange`).
    private var spreads: SpreadPlacement?
    var streams: Bool { false }
    var failure: ConversionError? { nil }

    /// Whether the document given back holds its pages whole (`Converter.convert`'s `keepingPages`).
    private let keepsPages: Bool

    init(options: ConversionOptions, keepsPages: Bool) {
        self.options = options
        self.keepsPages = keepsPages
        writesJSON = options.outputFormat == .json && !options.pretty
        collector = PageCollector(writesJSON: writesJSON, keepsLines: options.keepsLines, keepsWrittenPages: keepsPages)
    }

    func restart() {
        collector = PageCollector(writesJSON: writesJSON, spreads: spreads, keepsLines: options.keepsLines,
                                  keepsWrittenPages: keepsPages)
    }

    func arrange(for metadata: Metadata) -> Bool {
        let asked = SpreadPlacement(for: metadata, target: options.target)
        guard asked != spreads else { return true }
        spreads = asked
        restart()
        return false
    }

    func begin(_ book: Book, layout: LayoutDescription, target: TargetDescription, provenance: Provenance?) {}

    func add(_ pages: [Page]) {
        collector.add(pages)
    }

    func nextChapterOpensSpread() -> Bool? {
        collector.nextChapterOpensSpread()
    }

    func finish(_ book: Book) -> [Page] {
        collector.finish(book)
    }

    func write(_ document: PageDocument) throws -> [Data] {
        // Pages kept as summaries are written only by their JSON made as they came.
        if writesJSON, !keepsPages, collector.encodedPages == nil { throw PagesNotWritten() }
        return switch options.outputFormat {
        case .json where options.pretty: [try document.jsonData(pretty: true)]
        case .json: try document.compactJSONPieces(encodedPages: collector.encodedPages, fallingBack: keepsPages)
        case .ndjson: [try document.jsonLines()]
        }
    }
}

/// The pages' JSON was not made as they came, and only their summaries are left.
struct PagesNotWritten: Error, CustomStringConvertible {
    var description: String { "the pages were not written as they were laid out" }
}

/// JSON Lines sent a line at a time as they are made: the header as soon as the book is read,
/// each chapter's pages as soon as they and the ones before them are laid out, the end line
/// last. The layout calls in from its worker threads, one call at a time and in order; the lock
/// makes that visible to the compiler and covers the calls made from the converting thread.
/// After the first failure nothing more is written. The pages are kept for the document the
/// conversion returns, whole or as their summaries (`Page.summary`): the rest was sent, and
/// holding it too would keep the whole book's pages in memory.
final class LineStream: PageOutput, @unchecked Sendable {
    private let lock = NSLock()
    private let sink: @Sendable (Data) throws -> Void
    /// Whose spreads designed pages are placed on (`arrange`).
    private let target: any PageTarget
    private var stream: PageStream
    private var pages: [Page] = []
    private(set) var failure: ConversionError?
    var streams: Bool { true }

    private let keepsPages: Bool

    init(sink: @escaping @Sendable (Data) throws -> Void, target: any PageTarget, keepsLines: Bool, keepsPages: Bool) {
        self.sink = sink
        self.target = target
        self.keepsPages = keepsPages
        stream = PageStream(keepsLines: keepsLines)
    }

    func begin(_ book: Book, layout: LayoutDescription, target: TargetDescription, provenance: Provenance?) {
        write {
            try JSONLines.header(metadata: PageListBuilder.metadata(of: book), layout: layout, target: target,
                                 provenance: provenance)
        }
        emit { $0.front(of: book) }
    }

    func restart() {}

    /// A stream is given no page before its book is read: it takes the book's placement as it is.
    func arrange(for metadata: Metadata) -> Bool {
        lock.withLock { stream.spreads = SpreadPlacement(for: metadata, target: target) }
        return true
    }

    func add(_ pages: [Page]) {
        emit { $0.content(pages) }
    }

    func nextChapterOpensSpread() -> Bool? {
        lock.withLock { stream.nextChapterOpensSpread() }
    }

    func finish(_ book: Book) -> [Page] {
        emit { $0.back() }
        return lock.withLock { pages }
    }

    func write(_ document: PageDocument) throws -> [Data] {
        write {
            try JSONLines.end(chapters: document.chapters, toc: document.toc, pageList: document.pageList,
                              target: document.target, standIns: document.layout.standIns ?? [], links: document.links)
        }
        return []
    }

    /// Writes the pages `make` takes from the stream, a line each.
    private func emit(_ make: (inout PageStream) -> [Page]) {
        lock.lock()
        defer { lock.unlock() }
        // Past the memory bound nothing more is made: the conversion is refused.
        guard !MemoryWatch.isOver else { return }
        let first = stream.count
        let made = make(&stream)
        pages += keepsPages ? made : made.map(\.summary)
        for (offset, page) in made.enumerated() {
            writeLocked { try JSONLines.page(page, index: first + offset) }
        }
    }

    private func write(_ line: () throws -> Data) {
        lock.lock()
        defer { lock.unlock() }
        writeLocked(line)
    }

    private func writeLocked(_ line: () throws -> Data) {
        guard failure == nil else { return }
        let data: Data
        do {
            data = try line()
        } catch {
            failure = .internalError("a page could not be encoded as JSON: \(error)")
            return
        }
        do throws(ConversionError) {
            try Converter.send(data, to: sink)
        } catch {
            failure = error
        }
    }
}
