import BookModel
import FileNames
import Foundation
import Layout
import PageFormat
import PageWriter
import ProcessMemory

extension Converter {
    /// Converts, handing the output to `sink` as it is made. JSON Lines go a line at a time: the
    /// header as soon as the book is read, each chapter's pages as soon as they and the ones
    /// before them are laid out, the end line last. JSON goes at the end, in the pieces it was
    /// written in: its keys are sorted, so none of it is final before every page is. Either way
    /// the bytes are the ones `convert(_:options:)` makes. The returned conversion holds JSON's
    /// pieces, but not the lines of JSON Lines: those were sent, and holding them too would cost
    /// a streamed book more memory than a whole one (its `jsonPieces` are empty).
    public static func convert(_ input: BookInput, options: ConversionOptions, layouter: Layouter? = nil,
                               streamingTo sink: @escaping @Sendable (Data) throws -> Void) throws(ConversionError) -> Conversion {
        // Under --strict a warning from the layout must stop the output, so nothing is streamed.
        guard options.outputFormat == .ndjson, !options.strict else {
            let conversion = try convert(input, options: options, layouter: layouter)
            for piece in conversion.jsonPieces { try send(piece, to: sink) }
            return conversion
        }
        let memory = MemoryWatch.trips
        let read = try readBook(input, asked: options.inputFormat, limits: options.limits)
        try check(read, of: input.name, options: options)
        let layouter = try Self.layouter(layouter, for: options)
        let book = read.book
        let writer = LineWriter(sink: sink, stream: PageStream())
        let layout = layoutDescription(layouter, options)
        let name = options.target.header
        let provenance = Fingerprint.provenance(of: input, options: options)
        writer.write {
            try JSONLines.header(metadata: PageListBuilder.metadata(of: book), layout: layout, target: name,
                                 provenance: provenance)
        }
        writer.emit { $0.front(of: book) }
        // The laid-out pages are let go as they are written: the document keeps the written ones.
        let paged = layouter.layout(book, keepingPages: false) { _, pages in writer.emit { $0.content(pages) } }
        writer.emit { $0.back() }
        try checkMemory(since: memory, of: input.name, limits: options.limits)
        var document = PageListBuilder.document(for: book, paged: paged, layout: layout,
                                                target: options.target, pages: writer.pages)
        document.provenance = provenance
        writer.write {
            try JSONLines.end(chapters: document.chapters, toc: document.toc, pageList: document.pageList,
                              target: document.target, standIns: document.layout.standIns ?? [])
        }
        if let failure = writer.failure { throw failure }
        try checkMemory(since: memory, of: input.name, limits: options.limits)
        let assetWarnings = try writeAssets(of: document, from: input, options: options)
        return Conversion(document: document, jsonPieces: [],
                          warnings: read.warnings + layouter.warnings.map { Warning($0) } + paged.warnings + assetWarnings)
    }

    private static func send(_ data: Data, to sink: (Data) throws -> Void) throws(ConversionError) {
        do {
            try sink(data)
        } catch let error as ConversionError {
            throw error
        } catch {
            throw .outputFailed(file: "standard output", reason: SystemError.reason(for: error))
        }
    }
}

/// The lines on their way out. The layout calls in from its worker threads, one call at a time
/// and in order (`Layouter.layout(_:onChapter:)`); the lock makes that visible to the compiler
/// and covers the calls made from this thread. After the first failure nothing more is written.
private final class LineWriter: @unchecked Sendable {
    private let lock = NSLock()
    private let sink: @Sendable (Data) throws -> Void
    private var stream: PageStream
    /// Every page written, for the document the conversion returns.
    private(set) var pages: [Page] = []
    private(set) var failure: ConversionError?

    init(sink: @escaping @Sendable (Data) throws -> Void, stream: PageStream) {
        self.sink = sink
        self.stream = stream
    }

    /// Writes the pages `make` takes from the stream, a line each.
    func emit(_ make: (inout PageStream) -> [Page]) {
        lock.lock()
        defer { lock.unlock() }
        // Past the memory bound nothing more is made: the conversion is refused.
        guard !MemoryWatch.isOver else { return }
        let first = stream.count
        let made = make(&stream)
        pages += made
        for (offset, page) in made.enumerated() {
            writeLocked { try JSONLines.page(page, index: first + offset) }
        }
    }

    func write(_ line: () throws -> Data) {
        lock.lock()
        defer { lock.unlock() }
        writeLocked(line)
    }

    private func writeLocked(_ line: () throws -> Data) {
        guard failure == nil else { return }
        do {
            try sink(try line())
        } catch let error as ConversionError {
            failure = error
        } catch let error as EncodingError {
            failure = .internalError("a page could not be encoded as JSON: \(error)")
        } catch {
            failure = .outputFailed(file: "standard output", reason: SystemError.reason(for: error))
        }
    }
}
