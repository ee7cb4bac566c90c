import BookModel
import FileNames
import Foundation
import PageFormat
import Targets
import ZipArchive

/// Writes a book's images and fonts out beside its pages (`--assets DIR`), so a renderer can load them:
/// each at `DIR/` + its path in the book, the `path` the output gives it.
///
/// Nothing is written outside `DIR`: the paths are book paths (`ArchivePath.normalized`: no
/// `..`, no leading `/`), every folder below `DIR` is made here or must be a real folder
/// (`OutputFolders`: a symbolic link planted there can't lead a write elsewhere), and each file
/// is written to a temporary name and renamed, which replaces a link rather than writing
/// through it.
enum AssetWriter {
    /// The images the pages show, the cover and the fonts the faces name (which an app
    /// registers to draw the runs that name them), each once, in path order.
    /// `outlines`: the document's pages' (`Conversion.outlines`), which may not be in it.
    static func paths(in document: PageDocument, outlines: [PageOutline]) -> [String] {
        imagePaths(in: outlines).union(fontPaths(in: document).values).sorted()
    }

    /// The images the pages show and the cover, each once.
    static func imagePaths(in outlines: [PageOutline]) -> Set<String> {
        var paths = Set(outlines.flatMap(\.images))
        for page in outlines {
            if let cover = page.coverImage { paths.insert(cover) }
        }
        return paths
    }

    /// `imagePaths(in:)` of a document that holds its pages.
    static func imagePaths(in document: PageDocument) -> Set<String> {
        imagePaths(in: document.pages.map(PageOutline.init))
    }

    /// The files in the book of the faces the layout names that the book brings, by PostScript name.
    static func fontPaths(in document: PageDocument) -> [String: String] {
        Dictionary((document.layout.faces ?? []).compactMap { face in face.path.map { (face.postScriptName, $0) } },
                   uniquingKeysWith: { first, _ in first })
    }

    /// Writes `paths` from `files` under `directory/subfolder` (made if missing). An image that
    /// can't be read is left out with a warning; a file that can't be written fails the conversion.
    static func write(_ paths: [String], from files: BookFiles, to directory: String,
                      subfolder: String = "") throws(ConversionError) -> [Warning] {
        var warnings: [Warning] = []
        let root = (directory as NSString).appendingPathComponent(subfolder)
        _ = try OutputFolders.make(subfolder, under: directory, for: root)
        for path in paths {
            guard let normalized = ArchivePath.normalized(path), !normalized.isEmpty else {
                warnings.append(Warning(entry: path, "is not a path inside the book; not written to \(root)"))
                continue
            }
            let bytes: [UInt8]
            do {
                bytes = try files.read(normalized)
            } catch {
                warnings.append(Warning(entry: normalized, "could not be read (\(error)); not written to \(root)"))
                continue
            }
            let target = (root as NSString).appendingPathComponent(normalized)
            _ = try OutputFolders.make(PathName.folder(of: (subfolder as NSString).appendingPathComponent(normalized)),
                                       under: directory, for: target)
            do throws(SystemError) {
                try FileSystem.replace(target, with: bytes)
            } catch {
                throw .outputFailed(file: target, reason: error.description)
            }
        }
        return warnings
    }
}
