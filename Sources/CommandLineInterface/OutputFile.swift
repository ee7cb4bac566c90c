import Book2PagesKit
import Foundation

/// Writes a whole file or nothing: the data goes to a temporary file beside the target, which is
/// renamed over it only once complete, so a reader never sees half a book.
enum OutputFile {
    static func write(_ data: Data, to path: String) throws(ConversionError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw .outputFailed(file: path, reason: reason)
        }
    }
}
