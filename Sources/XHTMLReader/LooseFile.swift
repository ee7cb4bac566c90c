import BookModel
import FileNames
import Foundation

/// A file read by its path, outside any archive: a book, a Markdown chapter, an image beside it.
/// Opened without waiting and kept only if it is a regular file (symbolic links followed): a
/// FIFO, a terminal or a device never ends, or never answers, and `open` itself would wait for
/// a FIFO's writer. Standard input is not read here; it comes as bytes, within a limit.
public enum LooseFile {
    /// The open file at `path`, positioned at its start. Failures name the file as `name`.
    public static func open(_ path: String, named name: String) throws(ReadError) -> FileHandle {
        let descriptor = FileName.withCString(path) { Glibc.open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .unreadable(file: name, reason: "no such file")
            case EACCES, EPERM: throw .unreadable(file: name, reason: "permission denied")
            // A socket can't be opened at all (ENXIO, "No such device or address").
            case ENXIO where FileSystem.kind(of: path) == .other: throw .unreadable(file: name, reason: "is not a regular file")
            default: throw .unreadable(file: name, reason: String(cString: strerror(errno)))
            }
        }
        // fstat of what was opened, not stat of the name: the file can't change between them.
        var status = stat()
        let kind = fstat(descriptor, &status) == 0 ? status.st_mode & S_IFMT : 0
        guard kind == S_IFREG else {
            close(descriptor)
            throw .unreadable(file: name, reason: kind == S_IFDIR ? "is a directory" : "is not a regular file")
        }
        // O_NONBLOCK does nothing to a regular file's reads; it only kept the open from waiting.
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
