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
    /// Whether it sends the output itself as it is made, rather than handing it back whole.
    var streams: Bool { get }
    /// Whether it takes pages laid out while the book is still read. A book may turn out to
    /// need another layout, and what was sent can't be taken back: an output that sends pages
    /// as they come takes none before the book is read, unless it can hold them until then.
    var takesPagesEarly: Bool { get }
    /// The pages given so far are not the book's: it is laid out again, from the start.
    func restart()
    /// The book is read and about to be laid out: what comes before its pages. `provenance` is
    /// still being worked out beside the layout: waited for only once the output needs it.
    func begin(_ book: Book, layout: LayoutDescription, target: TargetDescription, provenance: Pending<Provenance?>)
    /// The pages to come are of a book with `metadata`, which says where its designed pages fall
    /// on spreads (`SpreadPlacement`). Before any page is given, or once the book is read; false
    /// when pages given already were placed for other metadata: they must be laid out again.
    func arrange(for metadata: Metadata) -> Bool
    /// The next chapter's pages, from a layout worker, in reading order, one call at a time.
    func add(_ pages: [Page])
    /// Whether the next chapter's first page opens a spread whose pages end together, for the
    /// layout (`PageStream.nextChapterOpensSpread`); nil when spreads are not aligned.
    func nextChapterOpensSpread() -> Bool?
    /// Every page of the book, covers included, once it is laid out: whole, or their outlines
    /// where they were written as they came and need not be kept (`Converter.convert`'s
    /// `keepingPages`).
    func finish(_ book: Book) -> KeptPages
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
    var takesPagesEarly: Bool { true }
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

    func begin(_ book: Book, layout: LayoutDescription, target: TargetDescription, provenance: Pending<Provenance?>) {}

    func add(_ pages: [Page]) {
        collector.add(pages)
    }

    func nextChapterOpensSpread() -> Bool? {
        collector.nextChapterOpensSpread()
    }

    func finish(_ book: Book) -> KeptPages {
        collector.finishKept(book)
    }

    func write(_ document: PageDocument) throws -> [Data] {
        // Pages kept as outlines are written only by their JSON made as they came.
        if writesJSON, !keepsPages, collector.encodedPages == nil { throw PagesNotWritten() }
        return switch options.outputFormat {
        case .json where options.pretty: [try document.jsonData(pretty: true)]
        case .json: try document.compactJSONPieces(encodedPages: collector.encodedPages, fallingBack: keepsPages)
        case .ndjson: [try document.jsonLines()]
        }
    }
}

/// The pages' JSON was not made as they came, and only their outlines are left.
struct PagesNotWritten: Error, CustomStringConvertible {
    var description: String { "the pages were not written as they were laid out" }
}

/// JSON Lines sent a line at a time as they are made: the header as soon as the book is read,
/// each chapter's pages as soon as they and the ones before them are laid out, the end line
/// last. The layout calls in from its worker threads, one call at a time and in order; the lock
/// makes that visible to the compiler and covers the calls made from the converting thread.
/// After the first failure nothing more is written. The pages are kept for the document the
/// conversion returns, whole or as their outlines (`PageOutline`): the rest was sent, and
/// holding it too would keep the whole book's pages in memory.
///
/// With a spool (`LineSpool`: an output file to hold lines beside), it takes pages laid out
/// while the book is read, as the whole document does, so that a chapter's model is freed once
/// it is laid out and the reader never holds the book whole. Those pages' lines come before the
/// header, which needs the book read: they wait in the spool, and everything is sent, in order,
/// once the book is laid out (`finish`). Pages given are then taken back by emptying it.
final class LineStream: PageOutput, @unchecked Sendable {
    private let lock = NSLock()
    private let sink: @Sendable (Data) throws -> Void
    /// Whose spreads designed pages are placed on (`arrange`).
    private let target: any PageTarget
    private var stream: PageStream
    /// Kept, whole or as outlines, for the document: the pages before the content, the
    /// content's (blanks for spreads among them), the pages after.
    private var front: KeptList
    private var content: KeptList
    private var back: KeptList
    private(set) var failure: ConversionError?
    private let keepsPages: Bool
    /// Where the lines wait until the book is read; nil: they go out as they are made.
    private let spool: LineSpool?
    /// With a spool: the front pages' lines, made once the book is read and sent before the
    /// spool's, after the header, which is made only then (its provenance is worked out beside
    /// the layout); and the book, whose front pages are counted again on a restart.
    private var opening: [Data] = []
    private var header: (() -> Data?)?
    private var book: Book?
    var streams: Bool { true }
    var takesPagesEarly: Bool { spool != nil }

    init(sink: @escaping @Sendable (Data) throws -> Void, target: any PageTarget, keepsLines: Bool, keepsPages: Bool,
         spool: LineSpool? = nil) {
        self.sink = sink
        self.target = target
        self.keepsPages = keepsPages
        self.spool = spool
        stream = PageStream(keepsLines: keepsLines)
        front = KeptList(whole: keepsPages)
        content = front
        back = front
    }

    func begin(_ book: Book, layout: LayoutDescription, target: TargetDescription, provenance: Pending<Provenance?>) {
        let metadata = PageListBuilder.metadata(of: book)
        // Called with the lock held.
        let header = { [unowned self] () -> Data? in
            do {
                return try JSONLines.header(metadata: metadata, layout: layout, target: target, provenance: provenance.value)
            } catch {
                failure = failure ?? .internalError("the header could not be encoded as JSON: \(error)")
                return nil
            }
        }
        lock.withLock {
            if spool != nil {
                self.header = header
                self.book = book
            } else if let line = header() {
                sendLocked(line)
            }
            let made = stream.front(of: book)
            front.append(made)
            let lines = encode(made, from: 0)
            if spool != nil {
                opening = lines
            } else {
                lines.forEach(sendLocked)
            }
        }
    }

    /// The pages given are not the book's: forgotten, and their lines with them. Only pages
    /// laid out early, which only a stream with a spool takes, are ever given back.
    func restart() {
        lock.withLock {
            guard let spool else { return }
            spool.clear()
            content = KeptList(whole: keepsPages)
            stream = PageStream(spreads: stream.spreads, keepsLines: stream.keepsLines)
            if let book { _ = stream.front(of: book) }
        }
    }

    /// Without a spool no page comes before the book is read: the book's placement is taken as
    /// it is. With one, pages placed otherwise are laid out again.
    func arrange(for metadata: Metadata) -> Bool {
        let asked = SpreadPlacement(for: metadata, target: target)
        let changed = lock.withLock {
            let changed = asked != stream.spreads
            stream.spreads = asked
            return changed
        }
        guard spool != nil, changed else { return true }
        restart()
        return false
    }

    func add(_ pages: [Page]) {
        lock.lock()
        defer { lock.unlock() }
        // Past the memory bound nothing more is made: the conversion is refused.
        guard !MemoryWatch.isOver else { return }
        let first = stream.nextContentIndex
        let made = stream.content(pages)
        content.append(made)
        for line in encode(made, from: first) {
            if let spool {
                guard failure == nil else { return }
                do throws(ConversionError) {
                    try spool.append(line)
                } catch {
                    failure = error
                }
            } else {
                sendLocked(line)
            }
        }
    }

    func nextChapterOpensSpread() -> Bool? {
        lock.withLock { stream.nextChapterOpensSpread() }
    }

    func finish(_ book: Book) -> KeptPages {
        lock.withLock {
            if let spool {
                if let line = header?() { sendLocked(line) }
                header = nil
                opening.forEach(sendLocked)
                opening = []
                if failure == nil {
                    do throws(ConversionError) {
                        try spool.drain { piece throws(ConversionError) in try Converter.send(piece, to: sink) }
                    } catch {
                        failure = error
                    }
                }
            }
            let first = stream.count
            let made = stream.back()
            back.append(made)
            encode(made, from: first).forEach(sendLocked)
            return KeptList.joined(front, &content, back)
        }
    }

    func write(_ document: PageDocument) throws -> [Data] {
        lock.withLock {
            do {
                // Into a file the pieces go as they are written; a caller's sink takes a line at a time.
                var pieces: [Data] = []
                try JSONLines.sendEnd(chapters: document.chapters, toc: document.toc, pageList: document.pageList,
                                      target: document.target, standIns: document.layout.standIns ?? [],
                                      links: document.links) { piece in
                    if spool != nil { sendLocked(piece) } else { pieces.append(piece) }
                }
                if spool == nil { sendLocked(pieces.joinedData()) }
            } catch {
                failure = failure ?? .internalError("the end line could not be encoded as JSON: \(error)")
            }
        }
        return []
    }

    /// The pages' lines, the first at `index` in the page list; none after a failure.
    private func encode(_ pages: [Page], from index: Int) -> [Data] {
        guard failure == nil else { return [] }
        do {
            return try pages.enumerated().map { offset, page in try JSONLines.page(page, index: index + offset) }
        } catch {
            failure = .internalError("a page could not be encoded as JSON: \(error)")
            return []
        }
    }

    /// Called with the lock held.
    private func sendLocked(_ data: Data) {
        guard failure == nil else { return }
        do throws(ConversionError) {
            try Converter.send(data, to: sink)
        } catch {
            failure = error
        }
    }
}

/// Pages kept for the document as they come: whole, or their outlines.
struct KeptList {
    let whole: Bool
    private var pages: [Page] = []
    /// The outlines in blocks of `blockSize`: a book's list, hundreds of thousands long, never
    /// grows by copying itself into one twice its size, which held it three times over for a
    /// moment and up to twice over after.
    private var outlineBlocks: [[PageOutline]] = []
    static let blockSize = 16_384

    init(whole: Bool) {
        self.whole = whole
    }

    mutating func append(_ made: [Page]) {
        guard !whole else {
            pages += made
            return
        }
        for page in made {
            if outlineBlocks.last.map({ $0.count == Self.blockSize }) ?? true {
                var block: [PageOutline] = []
                block.reserveCapacity(Self.blockSize)
                outlineBlocks.append(block)
            }
            outlineBlocks[outlineBlocks.count - 1].append(PageOutline(page))
        }
    }

    private var outlineCount: Int { outlineBlocks.reduce(0) { $0 + $1.count } }

    /// The three lists one after another, kept as `front` is. Whole pages are made in
    /// `content`'s storage (`Array.joining`); outlines in a list of their exact size, each of
    /// `content`'s blocks freed once it is copied. `content` is left empty.
    static func joined(_ front: KeptList, _ content: inout KeptList, _ back: KeptList) -> KeptPages {
        guard !front.whole else { return .whole(.joining(front.pages, &content.pages, back.pages)) }
        var all: [PageOutline] = []
        all.reserveCapacity(front.outlineCount + content.outlineCount + back.outlineCount)
        for block in front.outlineBlocks { all += block }
        var blocks: [[PageOutline]] = []
        swap(&blocks, &content.outlineBlocks)
        for index in blocks.indices {
            all += blocks[index]
            blocks[index] = []
        }
        for block in back.outlineBlocks { all += block }
        return .outlined(all)
    }
}
