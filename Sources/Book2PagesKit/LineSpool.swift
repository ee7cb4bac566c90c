import FileNames
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// JSON Lines made before the lines that must come first in the output can be written: the pages
/// a layout begun while the book is read makes before the header, which needs the book whole.
/// Held in a file with no name (`O_TMPFILE`) in the output's own folder, so they take the
/// page cache's memory and not the process's, nothing is ever left behind, and nothing is
/// written anywhere but where the output was asked for. Not thread-safe: its owner locks.
final class LineSpool {
    private let descriptor: Int32
    /// The output the lines are for, to name in an error.
    let output: String
    private(set) var size = 0

    /// Nil where the folder's file system makes no unnamed files (or the folder can't be
    /// written): the output then does without a spool.
    init?(for output: String) {
        #if os(Linux)
        let folder = PathName.folder(of: output)
        // O_TMPFILE is __O_TMPFILE | O_DIRECTORY, a macro Swift does not import.
        let unnamedFile: Int32 = 0o20_000_000 | O_DIRECTORY
        let descriptor = FileName.withCString(folder.isEmpty ? "." : folder) {
            open($0, unnamedFile | O_RDWR | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.output = output
        #else
        return nil
        #endif
    }

    deinit { close(descriptor) }

    func append(_ data: Data) throws(ConversionError) {
        let written = data.withUnsafeBytes { raw -> Int in
            var done = 0
            while done < raw.count {
                let count = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(size + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return -1 }
                done += count
            }
            return done
        }
        guard written == data.count else { throw failure(errno) }
        size += written
    }

    /// Sends every line held, in order, a piece at a time, and empties the spool.
    func drain(into send: (Data) throws(ConversionError) -> Void) throws(ConversionError) {
        var offset = 0
        var buffer = Data(count: Self.piece)
        while offset < size {
            let wanted = min(Self.piece, size - offset)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, wanted, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure(count < 0 ? errno : EIO) }
            try send(buffer.prefix(count))
            offset += count
        }
        clear()
    }

    /// Forgets every line held (the pages are laid out again).
    func clear() {
        _ = ftruncate(descriptor, 0)
        size = 0
    }

    /// What is read or written at a time: large enough that the calls cost nothing beside the
    /// bytes, small enough to be nothing beside the pages.
    private static let piece = 1 << 20

    private func failure(_ code: Int32) -> ConversionError {
        .outputFailed(file: output, reason: "its pages could not be held beside it until the book was read: \(SystemError(code: code))")
    }
}
