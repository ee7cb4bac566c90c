import Book2PagesKit
import FileNames
import Foundation
import HTMLPreview

/// Where `book2pages preview` puts what it made: the HTML file (whole or not at all), standard
/// output, and the spreads' PNGs, drawn from the HTML file (a temporary one when none is kept).
enum PreviewCommand {
    static var browserInstalled: Bool { HeadlessBrowser.find() != nil }
    static var missingBrowser: String { HeadlessBrowser.Failure.notInstalled.description }

    static func write(_ preview: Preview.Result, output: String?, png: String?,
                      write: @Sendable (Data) throws -> Void) throws(ConversionError) {
        if let output {
            try OutputFile.write(preview.html, to: output)
        } else if png == nil {
            do {
                try write(preview.html)
            } catch {
                throw .outputFailed(file: "standard output", reason: SystemError.reason(for: error))
            }
        }
        guard let png else { return }
        // The browser opens the preview by URL, which can't name a file whose name is not
        // UTF-8 (`FileName`): it is then given a copy of its own, as when none was asked for.
        var file = output.flatMap { FileName.hasRawBytes($0) ? nil : URL(fileURLWithPath: $0) }
        var temporary: URL?
        if file == nil {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book2pages-preview-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try preview.html.write(to: folder.appendingPathComponent("book.html"))
            } catch {
                throw .outputFailed(file: folder.path, reason: SystemError.reason(for: error))
            }
            temporary = folder
            file = folder.appendingPathComponent("book.html")
        }
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        _ = try Preview.writeImages(of: preview.conversion.document, preview: file!, into: png)
    }
}
