import BookModel
import EPUBReader
import FileNames
import Foundation
import Layout
import MarkdownReader
import PageFormat
import PageJSON
import PageWriter
import ProcessMemory
import Targets
import XHTMLReader

/// The result of converting one book.
public struct Conversion: Sendable {
    public var document: PageDocument
    /// The document as written (JSON, or JSON Lines), in the pieces it was made in: their bytes,
    /// one after another, are the output. Compact JSON keeps its page list in the buffers the
    /// pages were written in as they were laid out, and a writer sends them on as they are.
    public var jsonPieces: [Data]
    /// The document as written, in one piece.
    public var json: Data { jsonPieces.joinedData() }
    /// What the readers recovered from, in the order met.
    public var warnings: [Warning]
    /// The file of each face the pages name (`layout.faces` and `layout.standIns`), by
    /// PostScript name: for a writer that embeds them, the HTML preview. No output carries it.
    public var fontFiles: [String: String] = [:]
    /// The pages' outlines, when only they were kept (`Converter.convert`'s `keepingPages`).
    var keptOutlines: [PageOutline]?

    /// One outline for each page of the document's page list, even when its pages were not
    /// kept (`Converter.convert`'s `keepingPages`).
    public var outlines: [PageOutline] { keptOutlines ?? document.pages.map(PageOutline.init) }
    /// The content pages of the page list.
    public var contentPageCount: Int { outlines.count { $0.kind == .content } }
}

/// One book in, one page list out: picks the reader, lays the book out, builds the page list.
public enum Converter {
    public static func convert(path: String, options: ConversionOptions) throws(ConversionError) -> Conversion {
        try convert(.paths([path]), options: options)
    }

    /// Reads the book, lays it out and writes it: the one way from a book to its output. With
    /// `sink`, JSON Lines go to it a line at a time as they are made (the header as soon as the
    /// book is read, each chapter's pages as soon as they and the ones before them are laid
    /// out, the end line last), and the conversion's `jsonPieces` are empty: those lines were
    /// sent. Into a file (`options.outputPath`), the layout begins while the book is read, as
    /// it does for any other output, so that no more than a few chapters' model is held; the
    /// lines made before the header can be written wait beside the file (`LineSpool`) and are
    /// sent once the book is laid out. Any other output is written whole, at the end (JSON's keys are sorted, so none of
    /// it is final before every page is), and sent to `sink` in the pieces it was written in.
    /// Either way the bytes are the same.
    ///
    /// `layouter`: one made for `options.layout` already, to share between books (fonts are
    /// loaded once); nil makes one.
    ///
    /// `keepingPages` false: where its pages were written as they were made (compact JSON, JSON
    /// Lines), the document given back holds none, and the conversion only their outlines
    /// (`Conversion.outlines`: each page's kind, chapter, pictures and design), so a book's pages
    /// are never all in memory at once; for a writer that needs only the output's bytes, the
    /// page count and the warnings.
    public static func convert(_ input: BookInput, options: ConversionOptions, layouter: Layouter? = nil,
                               keepingPages: Bool = true,
                               streamingTo sink: (@Sendable (Data) throws -> Void)? = nil) throws(ConversionError) -> Conversion {
        // Under --strict a warning from the layout must stop the output, so nothing is streamed.
        let output: any PageOutput = if let sink, options.outputFormat == .ndjson, !options.strict {
            // Into a file, the lines made before the book is read wait beside it; onto standard
            // output, none is made before (`PageOutput.takesPagesEarly`).
            LineStream(sink: sink, target: options.target, keepsLines: options.keepsLines, keepsPages: keepingPages,
                       spool: options.outputPath.flatMap(LineSpool.init(for:)))
        } else {
            WholeDocument(options: options, keepsPages: keepingPages)
        }
        let memory = MemoryWatch.trips
        // The layouter is made while the book is opened, and the layout starts while it is read
        // when the output can wait for the book; when the layouter can't be made, the book is
        // read before its error is thrown.
        let early = !output.takesPagesEarly ? nil : EarlyLayout(layouter: layouter, options: options.layout, output: output)
        // Fingerprinted beside the reading and the layout, on a thread of its own: the input is
        // read again and hashed, and so are the font files the layout may use, milliseconds of
        // work, much of a short book's. The pages don't depend on it; only the output's header
        // and end wait for it. It takes the layouter's faces last, waiting for the thread that
        // makes the layouter; with no such thread, it starts once this one has made it.
        let knownLayouter = layouter
        let provenance: Pending<Provenance?>? = if early != nil || layouter != nil {
            Fingerprint.pendingProvenance(of: input, options: options) { (early?.layouter ?? knownLayouter)?.ownFaceFiles }
        } else {
            nil
        }
        // Waited for however the conversion ends: a book that fails may be followed by the
        // process's exit, whose clean-up (OpenSSL's, at exit) crashes a thread still hashing.
        defer { provenance?.wait() }
        var read: ReadResult
        do throws(ConversionError) {
            read = try readChecked(input, options: options, receiver: early)
        } catch {
            early?.cancel()
            throw error
        }
        // The book's hyphenation dictionary loads while the layouter is still being made: a
        // layout that did not begin while the book was read would otherwise load it itself.
        if let early {
            early.startLoadingHyphenation(for: read.book.metadata)
        } else if let layouter {
            layouter.startLoadingHyphenation(for: read.book.metadata)
        } else {
            Layouter.startLoadingHyphenation(for: read.book.metadata, options: options.layout)
        }
        let layouter = try Self.layouter(early?.layouter ?? layouter, for: options)
        let fingerprint = provenance ?? Fingerprint.pendingProvenance(of: input, options: options) { layouter.ownFaceFiles }
        defer { fingerprint.wait() }
        let layout = layoutDescription(layouter, options, metadata: read.book.metadata)
        output.begin(read.book, layout: layout, target: options.target.header, provenance: fingerprint)
        let paged: PagedBook
        // Arranged once the early layout's workers are done: a book whose spreads turn out other
        // than its package said is laid out again.
        let laidOutEarly = early?.finish(read.book)
        if let done = laidOutEarly, output.arrange(for: read.book.metadata) {
            paged = done
        } else {
            _ = output.arrange(for: read.book.metadata)
            output.restart()
            // The chapters handed to the early layout went with it: the book is read again, whole.
            if read.book.chapters.contains(where: { $0.handedOverContent != nil }) {
                read = try readChecked(input, options: options, receiver: nil)
            }
            paged = layouter.layout(read.book, keepingPages: false, onChapter: { _, pages in output.add(pages) },
                                    spreadSide: { output.nextChapterOpensSpread() })
        }
        let kept = output.finish(read.book)
        try checkMemory(since: memory, of: input.name, limits: options.limits)
        let warnings = read.warnings + layouter.warnings.map { Warning($0) } + paged.warnings
        if options.strict, !warnings.isEmpty { throw .warningsUnderStrict(file: input.name, warnings: warnings) }
        var document = PageListBuilder.document(for: read.book, paged: paged, layout: layout, target: options.target,
                                                kept: kept)
        let keptOutlines: [PageOutline]? = if case .outlined(let outlines) = kept { outlines } else { nil }
        document.provenance = fingerprint.value
        let fontFiles = layouter.faceFiles(for: read.book.metadata).merging(paged.standInFiles) { first, _ in first }
        // The book and its layout are in the document now: freed while the JSON is written.
        BackgroundRelease.drop((consume read, consume paged))
        let pieces: [Data]
        do {
            pieces = try output.write(document)
        } catch {
            throw .internalError("the pages of \(input.name) could not be encoded as JSON: \(error)")
        }
        if let failure = output.failure { throw failure }
        try checkMemory(since: memory, of: input.name, limits: options.limits)
        let assetWarnings = try writeAssets(of: document, outlines: keptOutlines ?? document.pages.map(PageOutline.init),
                                            from: input, options: options)
        if options.strict, !assetWarnings.isEmpty { throw .warningsUnderStrict(file: input.name, warnings: assetWarnings) }
        if let sink, !output.streams {
            for piece in pieces { try send(piece, to: sink) }
        }
        return Conversion(document: document, jsonPieces: pieces, warnings: warnings + assetWarnings, fontFiles: fontFiles,
                          keptOutlines: keptOutlines)
    }

    /// The book read and checked (`check`), with the options' metadata applied.
    private static func readChecked(_ input: BookInput, options: ConversionOptions,
                                    receiver: (any ChapterReceiver)?) throws(ConversionError) -> ReadResult {
        var read = try readBook(input, asked: options.inputFormat, limits: options.limits,
                                stylesheets: options.stylesheets, receiver: receiver)
        try check(read, of: input.name, options: options)
        read.book.metadata = options.layout.applied(to: read.book.metadata)
        return read
    }

    /// Hands `data` to the sink; what it throws, as the conversion's error (a failed write to
    /// standard output, unless the sink says otherwise).
    static func send(_ data: Data, to sink: (Data) throws -> Void) throws(ConversionError) {
        do {
            try sink(data)
        } catch let error as ConversionError {
            throw error
        } catch {
            throw .outputFailed(file: "standard output", reason: SystemError.reason(for: error))
        }
    }

    /// How the pages are made, as the output says it: the layout's, with the view bounds the
    /// page size came from.
    static func layoutDescription(_ layouter: Layouter, _ options: ConversionOptions,
                                  metadata: Metadata) -> LayoutDescription {
        var description = layouter.description(for: metadata)
        description.bounds = options.bounds.map { Dimensions(width: PointPrecision.rounded($0.width),
                                                             height: PointPrecision.rounded($0.height)) }
        return description
    }

    /// With `--assets`, writes the images the document names, and each designed page's own
    /// document with the files it loads (`DesignedPageFiles`); what could not be read.
    /// `outlines`: the document's pages' (`Conversion.outlines`).
    static func writeAssets(of document: PageDocument, outlines: [PageOutline], from input: BookInput,
                            options: ConversionOptions) throws(ConversionError) -> [Warning] {
        guard let directory = options.assetsDirectory else { return [] }
        let files = try files(of: input, asked: options.inputFormat, limits: options.limits)
        var paths = Set(AssetWriter.paths(in: document, outlines: outlines))
        let designed = outlines.compactMap { $0.isShown ? $0.design?.spineItem : nil }
        if !designed.isEmpty { paths.formUnion(DesignedPageFiles.paths(of: designed, in: files)) }
        return try AssetWriter.write(paths.sorted(), from: files, to: directory, subfolder: options.assetsSubfolder ?? "")
    }

    /// The files of the book, for its images: its archive, or its folder (standard input's
    /// book: the folder it was said to be in).
    static func files(of input: BookInput, asked: InputFormat?, limits: ReadLimits) throws(ConversionError) -> BookFiles {
        do {
            switch input {
            case .paths(let paths):
                return try inputFormat(of: paths, asked: asked).reader.files(ofBook: paths, limits: limits)
            case .standardInput(_, let folder):
                return MarkdownReader.files(inFolder: folder, limits: limits)
            }
        } catch {
            throw .internalError("the files of \(input.name) could not be opened again: \(error)")
        }
    }

    /// The layouter given, or a new one for `options`.
    static func layouter(_ given: Layouter?, for options: ConversionOptions) throws(ConversionError) -> Layouter {
        if let given { return given }
        return try makeLayouter(options.layout)
    }

    /// What every reader's book must pass before it is laid out: something to show, text within
    /// the limit (the EPUB reader checks as it goes; this covers every reader), and, under
    /// `--strict`, no warning.
    static func check(_ read: ReadResult, of name: String, options: ConversionOptions) throws(ConversionError) {
        guard read.book.showsSomething else {
            // The first warning, when there is one, usually says why (every spine item missing).
            let why = read.warnings.first.map { " (\($0))" } ?? ""
            throw .invalid(file: name, reason: "no text and no images to show\(why)")
        }
        if read.book.textSize > options.limits.maximumTextSize {
            throw .limitExceeded(file: name, reason: "its text is past \(options.limits.describe(.text))")
        }
        if options.strict, !read.warnings.isEmpty { throw .warningsUnderStrict(file: name, warnings: read.warnings) }
    }

    /// Refuses the book when the process's memory went past its bound since `trips` was taken
    /// (`MemoryWatch`): the readers, the layout and the writers stopped adding then, so what was
    /// made is not the whole book.
    static func checkMemory(since trips: Int, of name: String, limits: ReadLimits) throws(ConversionError) {
        guard MemoryWatch.trips != trips else { return }
        throw .limitExceeded(file: name, reason: "needs more memory than \(limits.describe(.memory)) allows")
    }

    public static func makeLayouter(_ options: LayoutOptions) throws(ConversionError) -> Layouter {
        do {
            return try Layouter(options: options)
        } catch let error as LayoutError {
            switch error {
            case .font(let message): throw .fontUnavailable(message)
            case .invalidOptions(let message): throw .usage(message)
            case .lineBreakingUnavailable: throw .internalError(error.description)
            }
        } catch {
            throw .internalError(String(describing: error))
        }
    }

    /// `receiver`: takes the chapters as they are read, from the readers that hand them over early.
    /// A reader stopped by the memory bound may have found the book empty, or broken: the bound
    /// is what it is refused for, whatever the reader said.
    static func readBook(_ input: BookInput, asked: InputFormat?, limits: ReadLimits = ReadLimits(),
                         stylesheets: [UserStylesheet] = [],
                         receiver: (any ChapterReceiver)? = nil) throws(ConversionError) -> ReadResult {
        let memory = MemoryWatch.trips
        do throws(ConversionError) {
            let read = try readAnyFormat(input, asked: asked, limits: limits, stylesheets: stylesheets, receiver: receiver)
            try checkMemory(since: memory, of: input.name, limits: limits)
            return read
        } catch {
            try checkMemory(since: memory, of: input.name, limits: limits)
            throw error
        }
    }

    /// The reader for `input`, and its errors as the facade's.
    private static func readAnyFormat(_ input: BookInput, asked: InputFormat?, limits: ReadLimits,
                                      stylesheets: [UserStylesheet],
                                      receiver: (any ChapterReceiver)?) throws(ConversionError) -> ReadResult {
        do {
            switch input {
            case .paths(let paths):
                return try inputFormat(of: paths, asked: asked).reader.readBook(paths: paths, limits: limits, stylesheets: stylesheets,
                                                                                receiver: receiver)
            case .standardInput(let bytes, let folder):
                // Standard input without a name to go by is Markdown unless its bytes say otherwise.
                let format = asked ?? InputFormat.detect(firstBytes: Array(bytes.prefix(512))) ?? .markdown
                guard let read = try format.reader.readBook(bytes: bytes, name: BookInput.standardInputName, folder: folder,
                                                            limits: limits, stylesheets: stylesheets) else {
                    throw ConversionError.usage("an EPUB can't be read from standard input: name its file")
                }
                return read
            }
        } catch let error as ConversionError {
            throw error
        } catch let error as ReadError {
            switch error {
            case .unreadable(let file, let reason): throw .unreadable(file: file, reason: reason)
            case .invalid(let file, let reason): throw .invalid(file: file, reason: reason)
            case .limitExceeded(let file, let reason): throw .limitExceeded(file: file, reason: reason)
            }
        } catch {
            throw .internalError(String(describing: error))
        }
    }

    /// The reader for what was named: the one asked for, else the one the name or the first
    /// bytes say. Several paths, or a directory, can only be a Markdown book.
    static func inputFormat(of paths: [String], asked: InputFormat?) throws(ConversionError) -> InputFormat {
        guard let first = paths.first else { throw .usage("no book given") }
        if paths.count > 1 || isDirectory(first) {
            if let asked, asked != .markdown {
                throw .usage("--from \(asked.rawValue) reads one file; several files or a directory make a Markdown book")
            }
            for path in paths where !isDirectory(path) {
                let format = try inputFormat(ofFile: path, asked: nil)
                if format != .markdown {
                    throw .usage("\(path) is \(format == .epub ? "an EPUB" : "XHTML"): only Markdown files combine into one book; convert it on its own")
                }
            }
            return .markdown
        }
        return try inputFormat(ofFile: first, asked: asked)
    }

    private static func inputFormat(ofFile path: String, asked: InputFormat?) throws(ConversionError) -> InputFormat {
        // Opened even when the reader is asked for, so a FIFO or a device is refused here, at
        // once, before any reader waits on it.
        let handle: FileHandle
        do {
            handle = try LooseFile.open(path, named: path)
        } catch {
            guard case .unreadable(let file, let reason) = error else { throw .internalError("\(error)") }
            throw .unreadable(file: file, reason: reason)
        }
        defer { try? handle.close() }
        if let asked { return asked }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        guard let format = InputFormat.detect(path: path, firstBytes: Array(head)) else {
            throw .invalid(file: path, reason: "binary data, not an EPUB, XHTML or Markdown book (use --from to choose a reader)")
        }
        return format
    }

    private static func isDirectory(_ path: String) -> Bool {
        FileSystem.isDirectory(path)
    }
}
