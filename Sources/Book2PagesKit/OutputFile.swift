import FileNames
import Foundation
import Gzip
import Synchronization

/// Writes a whole file or nothing: the data goes to a temporary file beside the target, which is
/// renamed over it only once complete, so a reader never sees half a book. Written piece by
/// piece when the output streams (JSON Lines), in one piece otherwise.
///
/// The file is not forced to disk before it is put in place: waiting for the disk was a good part
/// of a book's conversion, and every book of a batch waited so. An output is made again from its
/// book, and after a power loss one that does not read back whole is made again by
/// `--incremental` (it keeps only an output that reads as whole, `RecordedOutput`).
///
/// A target that is not a regular file (symbolic links followed: `/dev/null`, a FIFO, a
/// terminal, `/dev/stdout` on a pipe), or a regular file named through an open descriptor
/// (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`), is written straight into instead: a rename
/// would put a regular file in place of the device, FIFO or link (as root, `/dev/null` itself),
/// and the bytes would never reach what the name stands for. Such an output is not whole or
/// nothing; it gets what was written before a failure.
///
/// Compressed, the bytes are gzip (`GzipCompressor`), made as they are appended and ended at
/// `commit`: the temporary file is put in place only once the gzip trailer is written, so a
/// `.gz` output is as whole or as absent as any other.
public final class OutputFile: @unchecked Sendable {
    /// Throws when the output found at the path given must not be replaced (`OtherBookCheck`).
    public typealias ReplacementCheck = @Sendable (String) throws(ConversionError) -> Void

    public let path: String
    private let replacementCheck: ReplacementCheck?
    /// nil when the target is written straight into.
    private let temporaryPath: String?
    private let handle: FileHandle
    private let lock = NSLock()
    /// nil when the bytes are written as they are given.
    private let compressor: GzipCompressor?

    /// Whether a run's pages written to `path` are compressed: a name ending in `.gz`
    /// (`book.json.gz`), as `gzip` names its files; whether a regular file or not, since the name
    /// asks for gzip. The format inside is `--format`'s, whatever the name before `.gz` says.
    public static func namesGzip(_ path: String) -> Bool {
        path.hasSuffix(".gz")
    }

    /// Opens the temporary file (or the target itself, when it is written in place), after
    /// checking that `path` can be written at all. `followingLinks` false: a name this run made
    /// up (a batch's output) is never written through a link found there; the link is replaced.
    ///
    /// `replacementCheck`: asked of the file already at `path` before any work, and again as the
    /// new one is put in place, in case another process wrote one meanwhile.
    ///
    /// `gzip`: the bytes appended are compressed as they come, the file a gzip file once committed.
    public init(path: String, followingLinks: Bool = true, gzip: Bool = false,
                replacementCheck: ReplacementCheck? = nil) throws(ConversionError) {
        self.path = path
        self.replacementCheck = replacementCheck
        do {
            compressor = gzip ? try GzipCompressor() : nil
        } catch {
            throw .outputFailed(file: path, reason: "gzip: \(error)")
        }
        var status = stat()
        let exists = FileName.withCString(path) { followingLinks ? stat($0, &status) : lstat($0, &status) } == 0
        if exists, status.st_mode & S_IFMT == S_IFDIR {
            throw .outputFailed(file: path, reason: "is a directory")
        }
        if exists, followingLinks ? status.st_mode & S_IFMT != S_IFREG || Self.namesDescriptor(path)
                                  : status.st_mode & S_IFMT != S_IFREG && status.st_mode & S_IFMT != S_IFLNK {
            // No O_CREAT or O_TRUNC: the target is there and is not ours to replace. A regular
            // file behind a descriptor is appended to, as the shell's `>>` would; one opened
            // with `>` is empty, so that is the same bytes.
            let flags = O_WRONLY | O_CLOEXEC | (status.st_mode & S_IFMT == S_IFREG ? O_APPEND : 0)
            let descriptor = Self.retryingInterrupts { FileName.withCString(path) { open($0, flags) } }
            guard descriptor >= 0 else {
                // A socket can't be opened (ENXIO, "No such device or address").
                let reason = errno == ENXIO && status.st_mode & S_IFMT == S_IFSOCK ? "is a socket, not a file that can be written"
                    : SystemError(code: errno).description
                throw .outputFailed(file: path, reason: reason)
            }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            temporaryPath = nil
            return
        }
        // By string, not through `URL`, which would lose a name that is not UTF-8 (`FileName`).
        let folder = PathName.folder(of: path)
        guard FileSystem.isDirectory(folder.isEmpty ? "." : folder) else {
            throw .outputFailed(file: path, reason: "no such directory: \(folder)")
        }
        if exists, let replacementCheck { try replacementCheck(path) }
        Self.removeLeftovers(in: folder.isEmpty ? "." : folder)
        let temporaryPath = (folder as NSString)
            .appendingPathComponent(".\((path as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).part")
        let descriptor = FileName.withCString(temporaryPath) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw .outputFailed(file: path, reason: String(cString: strerror(errno))) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.temporaryPath = temporaryPath
        Self.unfinished.withLock { _ = $0.insert(temporaryPath) }
    }

    /// Whether `path`, or a symbolic link on the way to its file, names an open descriptor
    /// (`/dev/fd/N`, `/proc/…/fd/N`; `/dev/stdout` is a link to `/proc/self/fd/1`). Opening
    /// such a path reaches the descriptor's file; a temporary file beside it and a rename would
    /// land in `/dev` or `/proc` instead.
    public static func namesDescriptor(_ path: String) -> Bool {
        var current = path
        // Links are followed as far as the kernel would (40), by hand: `realpath` goes through
        // `/proc/self/fd/1` to the file it is open on, and says nothing of the descriptor.
        for _ in 0..<40 {
            if current.hasPrefix("/dev/fd/") || current.hasPrefix("/proc/") { return true }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = FileName.withCString(current) { readlink($0, &buffer, Int(PATH_MAX)) }
            guard count > 0 else { return false }
            let target = FileName.string(buffer[..<count].map { UInt8(bitPattern: $0) })
            current = target.hasPrefix("/") ? target
                : PathName.folder(of: current) + "/" + target
        }
        return false
    }

    /// Opening a FIFO waits for its reader, and a signal may cut the wait short.
    private static func retryingInterrupts(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// Folders this process has swept of other runs' leftovers.
    private static let swept = Mutex<Set<String>>([])

    /// Removes the temporary files (`.NAME.PID.RANDOM.part`) that runs no longer alive left in
    /// `folder`: a run killed outright (`kill -9`, a power loss) could not remove its own. Once
    /// per folder a process writes into; a file of a process still running is left alone.
    static func removeLeftovers(in folder: String) {
        guard swept.withLock({ $0.insert(folder).inserted }) else { return }
        guard let names = FileSystem.contents(ofDirectory: folder, hiddenOnly: true) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".part") {
            let parts = name.dropLast(".part".count).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 4, UInt32(parts[parts.count - 1]) != nil,
                  let pid = Int32(parts[parts.count - 2]), pid > 0, pid != getpid() else { continue }
            // Alive, or someone else's to ask about (EPERM): not ours to remove.
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            FileName.withCString((folder as NSString).appendingPathComponent(name)) { _ = unlink($0) }
        }
    }

    /// The temporary files of outputs not yet complete, removed if the run is interrupted.
    private static let unfinished = Mutex<Set<String>>([])

    /// Removes every output not yet complete: for a run stopped by a signal, so it leaves no
    /// half-written file.
    public static func discardUnfinished() {
        for path in unfinished.withLock({ $0 }) { FileName.withCString(path) { _ = unlink($0) } }
    }

    /// Whether the output is a file put in place whole; false for a device or FIFO written into.
    public var isPutInPlace: Bool { temporaryPath != nil }

    public func append(_ data: Data) throws(ConversionError) {
        lock.lock()
        defer { lock.unlock() }
        guard let compressor else { return try write(data) }
        let bytes: Data
        do {
            bytes = try compressor.compress(data)
        } catch {
            throw .outputFailed(file: path, reason: "gzip: \(error)")
        }
        try write(bytes)
    }

    private func write(_ data: Data) throws(ConversionError) {
        guard !data.isEmpty else { return }
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw .outputFailed(file: path, reason: Self.reason(for: error))
        }
    }

    /// The last compressed bytes and the gzip trailer (CRC-32 and length).
    private func writeGzipEnd() throws(ConversionError) {
        lock.lock()
        defer { lock.unlock() }
        guard let compressor else { return }
        let bytes: Data
        do {
            bytes = try compressor.finish()
        } catch {
            throw .outputFailed(file: path, reason: "gzip: \(error)")
        }
        try write(bytes)
    }

    /// Puts the finished file in place (compressed, after the end of the gzip stream).
    public func commit() throws(ConversionError) {
        if compressor != nil {
            do throws(ConversionError) {
                try writeGzipEnd()
            } catch {
                discard()
                throw error
            }
        }
        do {
            try handle.close()
        } catch {
            discard()
            throw .outputFailed(file: path, reason: Self.reason(for: error))
        }
        guard let temporaryPath else { return }
        if let replacementCheck {
            // A link is made only where no file is: when one is there (another process's, made
            // since this one looked), it is checked before the rename replaces it.
            if FileName.withCString(temporaryPath, { from in FileName.withCString(path) { link(from, $0) } }) == 0 {
                FileName.withCString(temporaryPath) { _ = unlink($0) }
                Self.unfinished.withLock { _ = $0.remove(temporaryPath) }
                return
            }
            if errno == EEXIST {
                do throws(ConversionError) {
                    try replacementCheck(path)
                } catch {
                    discard()
                    throw error
                }
            }
        }
        guard FileName.withCString(temporaryPath, { from in FileName.withCString(path) { rename(from, $0) } }) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .outputFailed(file: path, reason: reason)
        }
        Self.unfinished.withLock { _ = $0.remove(temporaryPath) }
    }

    /// Leaves no trace of an output that failed (what went straight into a device or FIFO has
    /// gone).
    public func discard() {
        try? handle.close()
        guard let temporaryPath else { return }
        FileName.withCString(temporaryPath) { _ = unlink($0) }
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

    /// The operating system's own words (`Permission denied`, `No space left on device`).
    static func reason(for error: any Error) -> String { SystemError.reason(for: error) }
}
