import BookModel
import EPUBReader
import FileNames
import Foundation
import Layout
import MarkdownReader
import PageFormat
import PageWriter
import ProcessMemory
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
}

/// One book in, one page list out: picks the reader, lays the book out, builds the page list.
public enum Converter {
    public static func convert(path: String, options: ConversionOptions) throws(ConversionError) -> Conversion {
        try convert(.paths([path]), options: options)
    }

    /// `layouter`: one made for `options.layout` already, to share between books (fonts are
    /// loaded once); nil makes one.
    public static func convert(_ input: BookInput, options: ConversionOptions,
                               layouter: Layouter? = nil) throws(ConversionError) -> Conversion {
        // The layouter is made while the book is opened, and the layout starts while it is read;
        // when the layouter can't be made, the book is read before its error is thrown.
        // Compact JSON is written page by page as the pages are made.
        let writesJSON = options.outputFormat == .json && !options.pretty
        let memory = MemoryWatch.trips
        let early = EarlyLayout(layouter: layouter, options: options.layout, writesJSON: writesJSON)
        let read: ReadResult
        do throws(ConversionError) {
            read = try readBook(input, asked: options.inputFormat, limits: options.limits, receiver: early)
            try check(read, of: input.name, options: options)
        } catch {
            early.cancel()
            throw error
        }
        let layouter = try Self.layouter(early.layouter ?? layouter, for: options)
        // Fingerprinted while the layout's workers finish (the input is read again and hashed):
        // this thread would only wait for them, and after them it is all that is left to do.
        let provenance = Fingerprint.provenance(of: input, options: options)
        let paged: PagedBook
        let pages: [Page]
        let collector: PageCollector
        if let done = early.finish(read.book) {
            (paged, pages, collector) = (done.paged, done.pages, done.collector)
        } else {
            collector = PageCollector(writesJSON: writesJSON)
            paged = layouter.layout(read.book) { _, pages in collector.add(pages) }
            pages = collector.finish(read.book)
        }
        try checkMemory(since: memory, of: input.name, limits: options.limits)
        let warnings = read.warnings + layouter.warnings.map { Warning($0) } + paged.warnings
        if options.strict, !warnings.isEmpty { throw .warningsUnderStrict(file: input.name, warnings: warnings) }
        var document = PageListBuilder.document(for: read.book, paged: paged, layout: layoutDescription(layouter, options),
                                                target: options.target, pages: pages)
        document.provenance = provenance
        let fontFiles = layouter.faceFiles.merging(paged.standInFiles) { first, _ in first }
        // The book and its laid-out pages are in the document now: freed while the JSON is written.
        BackgroundRelease.drop((consume read, consume paged))
        let pieces: [Data]
        do {
            pieces = switch options.outputFormat {
            case .json where options.pretty: [try document.jsonData(pretty: true)]
            case .json: try document.compactJSONPieces(encodedPages: collector.encodedPages)
            case .ndjson: [try document.jsonLines()]
            }
        } catch {
            throw .internalError("the pages of \(input.name) could not be encoded as JSON: \(error)")
        }
        try checkMemory(since: memory, of: input.name, limits: options.limits)
        let assetWarnings = try writeAssets(of: document, from: input, options: options)
        if options.strict, !assetWarnings.isEmpty { throw .warningsUnderStrict(file: input.name, warnings: assetWarnings) }
        return Conversion(document: document, jsonPieces: pieces, warnings: warnings + assetWarnings, fontFiles: fontFiles)
    }

    /// How the pages are made, as the output says it: the layout's, with the view bounds the
    /// page size came from.
    static func layoutDescription(_ layouter: Layouter, _ options: ConversionOptions) -> LayoutDescription {
        var description = layouter.description
        description.bounds = options.bounds.map { Dimensions(width: PointPrecision.rounded($0.width),
                                                             height: PointPrecision.rounded($0.height)) }
        return description
    }

    /// With `--assets`, writes the images the document names; what could not be read.
    static func writeAssets(of document: PageDocument, from input: BookInput,
                            options: ConversionOptions) throws(ConversionError) -> [Warning] {
        guard let directory = options.assetsDirectory else { return [] }
        let files = try files(of: input, asked: options.inputFormat, limits: options.limits)
        return try AssetWriter.write(AssetWriter.paths(in: document), from: files, to: directory,
                                     subfolder: options.assetsSubfolder ?? "")
    }

    /// The files of the book, for its images: its archive, or its folder. A lone XHTML file
    /// shows no image with a size, so it has none to give.
    static func files(of input: BookInput, asked: InputFormat?, limits: ReadLimits) throws(ConversionError) -> BookFiles {
        do {
            switch input {
            case .paths(let paths):
                switch try inputFormat(of: paths, asked: asked) {
                case .epub: return try EPUBReader.files(of: paths[0], limits: limits)
                case .markdown: return try MarkdownReader.files(ofBook: paths, limits: limits)
                case .xhtml: return BookFiles { _ in throw BookFileError("a lone XHTML file has no images read") }
                }
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
                         receiver: (any ChapterReceiver)? = nil) throws(ConversionError) -> ReadResult {
        let memory = MemoryWatch.trips
        do throws(ConversionError) {
            let read = try readAnyFormat(input, asked: asked, limits: limits, receiver: receiver)
            try checkMemory(since: memory, of: input.name, limits: limits)
            return read
        } catch {
            try checkMemory(since: memory, of: input.name, limits: limits)
            throw error
        }
    }

    /// The reader for `input`, and its errors as the facade's.
    private static func readAnyFormat(_ input: BookInput, asked: InputFormat?, limits: ReadLimits,
                                      receiver: (any ChapterReceiver)?) throws(ConversionError) -> ReadResult {
        do {
            switch input {
            case .paths(let paths):
                switch try inputFormat(of: paths, asked: asked) {
                case .epub: return try EPUBReader.read(contentsOf: paths[0], limits: limits, receiver: receiver)
                case .xhtml: return try XHTMLReader.readBook(contentsOf: paths[0], limits: limits)
                case .markdown: return try MarkdownReader.readBook(paths: paths, limits: limits, receiver: receiver)
                }
            case .standardInput(let bytes, let folder):
                let name = BookInput.standardInputName
                switch asked ?? InputFormat.detect(firstBytes: Array(bytes.prefix(512))) {
                case .epub:
                    throw ConversionError.usage("an EPUB can't be read from standard input: name its file")
                case .xhtml: return try XHTMLReader.readBook(bytes: bytes, name: name, limits: limits)
                case .markdown, nil: return try MarkdownReader.readBook(bytes: bytes, name: name, folder: folder, limits: limits)
                }
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
