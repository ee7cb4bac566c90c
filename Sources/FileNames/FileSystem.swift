#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file calls a run makes by path, on `FileName` paths: what Foundation's `FileManager` did
/// for them, without losing a name that is not UTF-8.
public enum FileSystem {
    public enum Kind: Sendable, Equatable {
        case regular, directory, other
    }

    /// What is at `path`, symbolic links followed; nil when nothing is.
    public static func kind(of path: String) -> Kind? {
        var status = stat()
        guard FileName.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    public static func exists(_ path: String) -> Bool { kind(of: path) != nil }

    public static func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }

    /// The names in the folder `path` (not `.` and `..`), in the order the system lists them;
    /// nil when it can't be listed.
    /// `hiddenOnly`: only the names that begin with `.`, picked from the bytes before any becomes
    /// a `String` (a folder such as `/tmp` may hold thousands of others).
    public static func contents(ofDirectory path: String, hiddenOnly: Bool = false) -> [String]? {
        guard let directory = FileName.withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        // The name is read where the entry holds it: an entry is only as long as its name, so
        // copying its `d_name` whole would read past the last one the system filled in.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        while let entry = readdir(directory) {
            let bytes = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            if hiddenOnly, bytes.pointee != CChar(UInt8(ascii: ".")) { continue }
            let name = FileName.string(cString: bytes)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Every path under the folder `path`, relative to it (`sub`, `sub/file`), as `FileManager`'s
    /// `subpaths(atPath:)` gives them: a symbolic link is listed but not gone into, so a link
    /// back up the tree can't make the walk endless. Walked with a list, not recursion, so
    /// nesting as deep as the system allows can't overflow the stack. Empty when `path` can't
    /// be listed.
    public static func subpaths(of path: String) -> [String] {
        var found: [String] = []
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? path : path + "/" + relative
            for name in contents(ofDirectory: folder) ?? [] {
                let sub = relative.isEmpty ? name : relative + "/" + name
                found.append(sub)
                var status = stat()
                if FileName.withCString(path + "/" + sub, { lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR {
                    pending.append(sub)
                }
            }
        }
        return found
    }

    /// `path` once symbolic links, `.` and `..` are worked out; nil when some part is missing.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = FileName.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FileName.string(cString: resolved)
    }

    /// What is at `path` itself, a symbolic link not followed; nil when nothing is.
    public static func linkKind(of path: String) -> LinkKind? {
        var status = stat()
        guard FileName.withCString(path, { lstat($0, &status) }) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    public enum LinkKind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    /// The bytes of the regular file at `path`, at most `limit` of them: past it, `EFBIG`. For
    /// the files an option names (a stylesheet, a defaults file), read by their bytes' name.
    public static func contents(ofFile path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemError(code: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw SystemError(code: errno) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit { throw SystemError(code: EFBIG) }
        }
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`: whole or
    /// nothing, and a link at `path` is replaced, never written through.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(SystemError) {
        let folder = PathName.folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = (folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/")
            + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).part"
        let descriptor = FileName.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw SystemError(code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let code = count < 0 ? errno : ENOSPC
                close(descriptor)
                FileName.withCString(temporary) { _ = unlink($0) }
                throw SystemError(code: code)
            }
            written += count
        }
        let closed = close(descriptor) == 0 ? 0 : errno
        let renamed = closed == 0 && FileName.withCString(temporary, { from in FileName.withCString(path) { rename(from, $0) } }) == 0
        if !renamed {
            let code = closed != 0 ? closed : errno
            FileName.withCString(temporary) { _ = unlink($0) }
            throw SystemError(code: code)
        }
    }

    /// Makes the folder `path` and any missing above it. Throws the `errno` of the first that
    /// can't be made (EEXIST when something other than a folder is in the way).
    /// `intermediate: false`: only `path` itself is made.
    public static func createDirectory(_ path: String, intermediate: Bool = true) throws(SystemError) {
        if isDirectory(path) { return }
        let parent = PathName.folder(of: path)
        if intermediate, !parent.isEmpty, parent != path, !exists(parent) { try createDirectory(parent) }
        if FileName.withCString(path, { mkdir($0, 0o755) }) != 0, !(errno == EEXIST && isDirectory(path)) {
            throw SystemError(code: errno == EEXIST ? ENOTDIR : errno)
        }
    }

}

/// An `errno`, described as `strerror` does (`Read-only file system`).
public struct SystemError: Error, Equatable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    public var description: String { String(cString: strerror(code)) }
}
