import BookModel
import FileNames
import Foundation
import ZipArchive

/// The folder a Markdown book lives in. Every file the book reads — chapters, images, the
/// cover — must be inside it, after following symbolic links, so a book can never make the tool
/// read or name a file elsewhere on the machine; and every read is counted against the book's
/// limits (`ReadBudget`).
struct BookFolder {
    /// The folder's real path, without a trailing slash.
    let root: String
    /// What the book's files may still read (`--limit entry-size` and `book-size`).
    let budget: ReadBudget
    /// The file that is the whole book, when one file was named: its refusals name the book
    /// alone, not the file twice.
    var soleFile: String?

    init(realPath root: String, budget: ReadBudget) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.budget = budget
    }

    /// The folder at `path`, which must exist.
    init(directory path: String, budget: ReadBudget) {
        self.init(realPath: Self.realPath(path), budget: budget)
    }

    /// Where a path really leads once symbolic links, `.` and `..` are worked out.
    static func realPath(_ path: String) -> String { RealPath.of(path) }

    /// `chapters/one.md` for a real path inside the folder; nil for one outside it.
    func relativePath(ofRealPath path: String) -> String? { RealPath.relative(path, inside: root) }

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
        guard FileSystem.exists(path) else { return .missing }
        guard let relative = relativePath(ofRealPath: Self.realPath(path)) else { return .outside }
        guard let kind = FileSystem.kind(of: absolutePath(relative)), kind != .directory else { return .missing }
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
            guard FileSystem.exists(absolutePath(relative)) else {
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

    /// The bytes of a file of the book, within the book's budget.
    func read(_ relative: String) throws(ReadError) -> [UInt8] {
        try budget.read(absolutePath(relative), label: relative == soleFile ? nil : relative)
    }
}
