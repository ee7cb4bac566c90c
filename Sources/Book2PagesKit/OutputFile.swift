import Foundation
import Synchronization

/// Writes a whole file or nothing: the data goes to a temporary file beside the target, which is
/// renamed over it only once complete, so a reader never sees half a book. Written piece by
/// piece when the output streams (JSON Lines), in one piece otherwise.
///
/// The file is not forced to disk before it is put in place: waiting for the disk took 12 to 20
/// ms of a 500 ms book, and every book of a batch waited so. An output is made again from its
/// book, and after a power loss one that does not read back whole is made again by
/// `--incremental` (it keeps only an output that reads as whole, `RecordedOutput`).
public final class OutputFile: @unchecked Sendable {
    public let path: String
    private let temporaryPath: String
    private let handle: FileHandle
    private let lock = NSLock()

    /// Opens the temporary file, after checking that `path` can be written at all.
    public init(path: String) throws(ConversionError) {
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .outputFailed(file: path, reason: "is a directory")
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .outputFailed(file: path, reason: "no such directory: \(folder)")
        }
        temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).part").path
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .outputFailed(file: path, reason: String(cString: strerror(errno))) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        Self.unfinished.withLock { _ = $0.insert(temporaryPath) }
    }

    /// The temporary files of outputs not yet complete, removed if the run is interrupted.
    private static let unfinished = Mutex<Set<String>>([])

    /// Removes every output not yet complete: for a run stopped by a signal, so it leaves no
    /// half-written file.
    public static func discardUnfinished() {
        for path in unfinished.withLock({ $0 }) { unlink(path) }
    }

    public func append(_ data: Data) throws(ConversionError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw .outputFailed(file: path, reason: Self.reason(for: error))
        }
    }

    /// Puts the finished file in place.
    public func commit() throws(ConversionError) {
        do {
            try handle.close()
        } catch {
            discard()
            throw .outputFailed(file: path, reason: Self.reason(for: error))
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .outputFailed(file: path, reason: reason)
        }
        Self.unfinished.withLock { _ = $0.remove(temporaryPath) }
    }

    /// Leaves no trace of an output that failed.
    public func discard() {
        try? handle.close()
        unlink(temporaryPath)
        Self.unfinished.withLock { _ = $0.remove(temporaryPath) }
    }

    public static func write(_ data: Data, to path: String) throws(ConversionError) {
        let file = try OutputFile(path: path)
        do {
            try file.append(data)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
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
