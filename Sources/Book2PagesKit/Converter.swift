import BookModel
import EPUBReader
import Foundation
import Layout
import PageFormat
import PageWriter
import XHTMLReader

/// The result of converting one book.
public struct Conversion: Sendable {
    public var document: PageDocument
    /// The document as JSON, exactly as written.
    public var json: Data
    /// What the readers recovered from, in the order met.
    public var warnings: [Warning]
}

/// One book in, one page list out: picks the reader, lays the book out, builds the page list.
public enum Converter {
    public static func convert(path: String, options: ConversionOptions) throws(ConversionError) -> Conversion {
        let format = try inputFormat(of: path, asked: options.inputFormat)
        let read = try readBook(path: path, format: format)
        let layouter = try makeLayouter(options.layout)
        let paged = layouter.layout(read.book)
        let document = PageListBuilder.document(for: read.book, paged: paged, bounds: options.bounds)
        do {
            return Conversion(document: document, json: try document.jsonData(pretty: options.pretty),
                              warnings: read.warnings + layouter.warnings.map { Warning($0) })
        } catch {
            throw .internalError("the pages of \(path) could not be encoded as JSON: \(error)")
        }
    }

    static func makeLayouter(_ options: LayoutOptions) throws(ConversionError) -> Layouter {
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

    static func inputFormat(of path: String, asked: InputFormat?) throws(ConversionError) -> InputFormat {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .unreadable(file: path, reason: "is a directory, not a book") }
        if let asked { return asked }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(file: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        guard let format = InputFormat.detect(path: path, firstBytes: Array(head)) else {
            throw .invalid(file: path, reason: "not an EPUB or XHTML book (use --from to choose a reader)")
        }
        return format
    }

    static func readBook(path: String, format: InputFormat) throws(ConversionError) -> ReadResult {
        do {
            switch format {
            case .epub: return try EPUBReader.read(contentsOf: path)
            case .xhtml: return try XHTMLReader.readBook(contentsOf: path)
            }
        } catch {
            switch error {
            case .unreadable(let file, let reason): throw .unreadable(file: file, reason: reason)
            case .invalid(let file, let reason), .limitExceeded(let file, let reason):
                throw .invalid(file: file, reason: reason)
            }
        }
    }
}
