import BookModel
import FileNames
import Foundation
import PageFormat
import ZipArchive

/// Writes a book's images out beside its pages (`--assets DIR`), so a renderer can load them:
/// each at `DIR/` + its path in the book, the `path` the output gives it.
///
/// Nothing is written outside `DIR`: the paths are book paths (`ArchivePath.normalized`: no
/// `..`, no leading `/`), every folder on the way is made here or must be a real folder (a
/// symbolic link is refused, so a link planted in `DIR` can't lead a write elsewhere), and each
/// file is written to a temporary name and renamed, which replaces a link rather than writing
/// through it.
enum AssetWriter {
    /// The images the pages show, and the cover, each once, in path order.
    static func paths(in document: PageDocument) -> [String] {
        var paths = Set(document.pages.flatMap { $0.images ?? [] }.map(\.path))
        for page in document.pages where page.type == .cover {
            if let cover = page.image { paths.insert(cover) }
        }
        return paths.sorted()
    }

    /// Writes `paths` from `files` under `directory` (made if missing). An image that can't be
    /// read is left out with a warning; a file that can't be written fails the conversion.
    static func write(_ paths: [String], from files: BookFiles, to directory: String) throws(ConversionError) -> [Warning] {
        var warnings: [Warning] = []
        try makeFolder(directory, named: directory)
        for path in paths {
            guard let normalized = ArchivePath.normalized(path), !normalized.isEmpty else {
                warnings.append(Warning(entry: path, "is not a path inside the book; not written to \(directory)"))
                continue
            }
            let bytes: [UInt8]
            do {
                bytes = try files.read(normalized)
            } catch {
                warnings.append(Warning(entry: normalized, "could not be read (\(error)); not written to \(directory)"))
                continue
            }
            let target = (directory as NSString).appendingPathComponent(normalized)
            var folder = directory
            for component in normalized.split(separator: "/").dropLast() {
                folder = (folder as NSString).appendingPathComponent(String(component))
                try makeFolder(folder, named: target)
            }
            do throws(SystemError) {
                try FileSystem.replace(target, with: bytes)
            } catch {
                throw .outputFailed(file: target, reason: error.description)
            }
        }
        return warnings
    }

    /// Makes the folder at `path`, or checks that what is there is a folder and not a link.
    private static func makeFolder(_ path: String, named name: String) throws(ConversionError) {
        switch FileSystem.linkKind(of: path) {
        case .directory: return
        case .symbolicLink: throw .outputFailed(file: name, reason: "\(path) is a symbolic link, not a folder made for the images")
        case .regular, .other: throw .outputFailed(file: name, reason: "\(path) is a file, not a folder made for the images")
        case nil: break
        }
        do throws(SystemError) {
            try FileSystem.createDirectory(path, intermediate: path == name)
        } catch {
            throw .outputFailed(file: name, reason: error.description)
        }
    }
}
