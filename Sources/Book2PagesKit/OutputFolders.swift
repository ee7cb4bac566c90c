import FileNames
import Foundation

/// The one rule for where a run writes: into the folder the user named (`-o DIR/`, `--assets
/// DIR`), following whatever links they wrote in its path, and below it only through folders
/// this run finds or makes as real folders. A symbolic link below that folder (planted there, or
/// left by someone else) is refused rather than followed, so no output can land outside the
/// place asked for. Files themselves are written to a temporary name and renamed into place,
/// which replaces a link at the final name instead of writing through it (`OutputFile`).
enum OutputFolders {
    /// `root/relative`, each folder below `root` made if missing; `root` is made too, with its
    /// parents, when missing. `name` is the output the folders are for, which failures name.
    static func make(_ relative: String, under root: String, for name: String) throws(ConversionError) -> String {
        try makeRoot(root, for: name)
        var folder = root
        for component in relative.split(separator: "/") where component != "." && !component.isEmpty {
            guard component != ".." else {
                throw .outputFailed(file: name, reason: "\(relative) climbs out of \(root)")
            }
            folder = (folder as NSString).appendingPathComponent(String(component))
            try makeReal(folder, for: name)
        }
        return folder
    }

    private static func makeRoot(_ root: String, for name: String) throws(ConversionError) {
        do throws(SystemError) {
            try FileSystem.createDirectory(root)
        } catch {
            throw .outputFailed(file: name, reason: "its folder \(root) can't be made: \(error)")
        }
    }

    /// A folder at `path` that is not a link: there already, or made now.
    private static func makeReal(_ path: String, for name: String) throws(ConversionError) {
        for _ in 0..<2 {
            switch FileSystem.linkKind(of: path) {
            case .directory: return
            case .symbolicLink: throw .outputFailed(file: name, reason: "\(path) is a symbolic link; not followed")
            case .regular, .other:
                throw .outputFailed(file: name, reason: "its folder \(path) can't be made: \(SystemError(code: ENOTDIR))")
            case nil: break
            }
            if FileName.withCString(path, { mkdir($0, 0o755) }) == 0 { return }
            // Made by another job of the batch at the same moment: look again.
            guard errno == EEXIST else {
                throw .outputFailed(file: name, reason: "its folder \(path) can't be made: \(SystemError(code: errno))")
            }
        }
        throw .outputFailed(file: name, reason: "\(path) keeps changing")
    }
}
