import Book2PagesKit
import Foundation

/// Writes a whole file or nothing: the data goes to a temporary file beside the target, which is
/// renamed over it only once complete, so a reader never sees half a book.
enum OutputFile {
    static func write(_ data: Data, to path: String) throws(ConversionError) {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .outputFailed(file: path, reason: "is a directory")
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .outputFailed(file: path, reason: "no such directory: \(folder)")
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .outputFailed(file: path, reason: reason(for: error))
        }
    }

    /// The operating system's own words (`Permission denied`, `No space left on device`) rather
    /// than Foundation's generic "the operation could not be completed".
    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedFailureReason ?? nsError.localizedDescription
    }
}
