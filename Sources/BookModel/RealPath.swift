import FileNames
import Foundation

/// Where a path on this machine really leads, and whether that is inside a folder: the one
/// test every boundary a run keeps (a Markdown book's folder, a folder a batch searches) is
/// made with, so each follows symbolic links the same way.
public enum RealPath {
    /// The path once symbolic links, `.` and `..` are worked out. `realpath` for a path that
    /// exists, so a name that is not UTF-8 comes back as it is (`FileName`); for one that does
    /// not, what can be worked out of it.
    public static func of(_ path: String) -> String {
        FileSystem.realPath(path) ?? URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `sub/file` for a real path inside the real folder `root`; nil for one outside it or the
    /// folder itself.
    public static func relative(_ path: String, inside root: String) -> String? {
        let root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let prefix = root == "/" ? "/" : root + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// The way from the real folder `folder` to the real path `path`, climbing with `..` where
    /// they part (`../books/moby-dick.epub`); `.` for the folder itself.
    public static func route(from folder: String, to path: String) -> String {
        let from = folder.split(separator: "/"), to = path.split(separator: "/")
        var shared = 0
        while shared < from.count, shared < to.count, from[shared] == to[shared] { shared += 1 }
        let route = Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)
        return route.isEmpty ? "." : route.joined(separator: "/")
    }
}
