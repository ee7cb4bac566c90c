/// Parts of a path, worked out on its characters. Foundation's `deletingLastPathComponent` traps
/// on a path of one character (`x`, `x/`) in the toolchain this is built with, and a book or an
/// output may well be named `1.epub` or `-o a`: every folder-of-a-path goes through here instead.
public enum PathName {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` says it: `a` for
    /// `a/b` (and `a/b/`), `/` for `/x` and `/`, empty for a name with no folder.
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
