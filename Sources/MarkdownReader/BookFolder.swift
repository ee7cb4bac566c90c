import BookModel
import Foundation
import XHTMLReader
import ZipArchive

/// The folder a Markdown book lives in. Every file the book reads — chapters, images, the
/// cover — must be inside it, after following symbolic links, so a book can never make the tool
/// read or name a file elsewhere on the machine.
struct BookFolder {
    /// The folder's real path, without a trailing slash.
    let root: String

    /// The largest Markdown file read, and the most a whole book may hold: a long novel is a
    /// few megabytes.
    static let maximumFileSize = 256 << 20
    static let maximumBookSize = 1 << 30

    init(realPath root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// The folder at `path`, which must exist.
    init(directory path: String) {
        self.init(realPath: Self.realPath(path))
    }

    /// Where a path really leads once symbolic links, `.` and `..` are worked out.
    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `chapters/one.md` for a real path inside the folder; nil for one outside it.
    func relativePath(ofRealPath path: String) -> String? {
        let prefix = root == "/" ? "/" : root + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    func absolutePath(_ relative: String) -> String {
        root == "/" ? "/" + relative : root + "/" + relative
    }

    enum Resolution: Equatable {
        /// A regular file inside the folder, by its path relative to the folder.
        case file(String)
        /// A URL with a scheme (`https:`): never fetched.
        case remote
        /// An absolute path, or one that climbs (or links) out of the folder.
        case outside
        case missing
    }

    /// What `href`, written in the file at `source` (relative to the folder), refers to.
    func resolve(_ href: String, from source: String) -> Resolution {
        if Self.startsWithDrive(href) { return .outside }
        if ArchivePath.isExternal(href) { return .remote }
        guard let reference = ArchivePath.resolve(href, relativeTo: source) else { return .outside }
        let path = absolutePath(reference.path)
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        guard let relative = relativePath(ofRealPath: Self.realPath(path)) else { return .outside }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolutePath(relative), isDirectory: &isDirectory),
              !isDirectory.boolValue else { return .missing }
        return .file(relative)
    }

    /// `C:` or `c:\`: a Windows drive, not a URL scheme.
    private static func startsWithDrive(_ href: String) -> Bool {
        let scalars = Array(href.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[1] == ":" && scalars[0].properties.isAlphabetic && scalars[0].isASCII
    }

    /// Its files by path in the folder: a path that leads outside it (through `..`, or a link)
    /// is refused, as `resolve` refuses such an href. Failures name the file as the book does.
    var files: BookFiles {
        BookFiles { path in
            guard let normalized = ArchivePath.normalized(path), !normalized.isEmpty,
                  let relative = relativePath(ofRealPath: Self.realPath(absolutePath(normalized))) else {
                throw BookFileError("is outside the book's folder")
            }
            guard FileManager.default.fileExists(atPath: absolutePath(relative)) else {
                throw BookFileError("does not exist")
            }
            do throws(ReadError) {
                return try read(relative)
            } catch {
                switch error {
                case .unreadable(_, let reason), .invalid(_, let reason), .limitExceeded(_, let reason):
                    throw BookFileError(reason)
                }
            }
        }
    }

    /// The bytes of a file of the book, refusing one larger than `maximumFileSize`.
    func read(_ relative: String) throws(ReadError) -> [UInt8] {
        try Self.readFile(absolutePath(relative), named: relative)
    }

    /// The bytes of the file at `path`, refusing one larger than `maximumFileSize`; errors name
    /// it as `name`.
    static func readFile(_ path: String, named name: String) throws(ReadError) -> [UInt8] {
        try XHTMLReader.readFile(path, named: name, limit: maximumFileSize)
    }
}
