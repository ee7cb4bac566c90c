import BookModel
import FileNames
import Foundation

/// Which Markdown files make the book, in order, and the folder they all live in.
struct BookPlan {
    struct File: Equatable {
        /// Relative to the folder.
        let path: String
        /// How many levels the file's headings move down: a chapter nested under another in
        /// `SUMMARY.md` has its `#` headings read as `##`.
        let headingShift: Int
    }

    let folder: BookFolder
    let files: [File]
    /// The title when neither front matter nor a level-1 heading gives one.
    let fallbackTitle: String
    let warnings: [Warning]
    /// Read through a `SUMMARY.md`: an mdBook, whose Rust code blocks hide their `# ` lines.
    var isMdBook = false
    /// Where `{{#include}}` may read: the book's folder, or for an mdBook whose chapters are in
    /// `src/` beside its `book.toml`, the project's folder above it (as the Rust book's
    /// chapters include `../listings/…`).
    var includes: IncludeFolder { includeFolder ?? IncludeFolder(folder: folder, chapterFolder: "") }
    private var includeFolder: IncludeFolder?

    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn"]

    static func isMarkdownName(_ name: String) -> Bool {
        markdownExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// The plan for what was named on the command line: one file; several files, in the order
    /// given; a directory (its `SUMMARY.md`, or `src/SUMMARY.md` as in an mdBook project, else its
    /// Markdown files in natural name order); or a `SUMMARY.md`. What its files read is bounded
    /// by `limits`, and refusals name the book as `paths` joined.
    static func make(paths: [String], limits: ReadLimits) throws(ReadError) -> BookPlan {
        guard let first = paths.first else { throw .unreadable(file: "", reason: "no input") }
        for path in paths { try checkExists(path) }
        let budget = ReadBudget(limits: limits, bookName: paths.joined(separator: ", "))
        if paths.count == 1, isDirectory(first) { return try directory(first, budget: budget) }
        if let directory = paths.first(where: isDirectory) {
            throw .unreadable(file: directory, reason: "is a directory; give it alone to read its Markdown files as one book")
        }
        if paths.count == 1, (first as NSString).lastPathComponent.lowercased() == "summary.md" {
            return try summary(first, label: nil, budget: budget)
        }
        let realPaths = paths.map(BookFolder.realPath)
        var folder = BookFolder(realPath: commonDirectory(of: realPaths), budget: budget)
        let files = realPaths.map { File(path: folder.relativePath(ofRealPath: $0) ?? ($0 as NSString).lastPathComponent, headingShift: 0) }
        if paths.count == 1 { folder.soleFile = files[0].path }
        let stem = ((first as NSString).lastPathComponent as NSString).deletingPathExtension
        return BookPlan(folder: folder, files: files, fallbackTitle: FileName.readable(stem.isEmpty ? first : stem), warnings: [])
    }

    private static func directory(_ path: String, budget: ReadBudget) throws(ReadError) -> BookPlan {
        for summary in ["SUMMARY.md", "src/SUMMARY.md"] {
            let candidate = (path as NSString).appendingPathComponent(summary)
            if FileSystem.exists(candidate), !isDirectory(candidate) {
                return try self.summary(candidate, label: summary, budget: budget)
            }
        }
        let folder = BookFolder(directory: path, budget: budget)
        var warnings: [Warning] = []
        let names = NaturalOrder.sorted((FileSystem.contents(ofDirectory: folder.root) ?? [])
            .filter { !$0.hasPrefix(".") && isMarkdownName($0) })
            .filter { name in
                switch folder.resolve(name, from: "") {
                case .file(name): return true
                case .outside: warnings.append(Warning(entry: name, "links outside the book's folder; skipped"))
                default: break
                }
                return false
            }
        guard !names.isEmpty else {
            throw .invalid(file: path, reason: "no Markdown files (.md) and no SUMMARY.md in the directory")
        }
        return BookPlan(folder: folder, files: names.map { File(path: $0, headingShift: 0) },
                        fallbackTitle: displayName(ofDirectory: folder.root), warnings: warnings)
    }

    /// `label`: how refusals name the summary after the book (nil when it was named itself).
    private static func summary(_ path: String, label: String?, budget: ReadBudget) throws(ReadError) -> BookPlan {
        let folder = BookFolder(directory: PathName.folder(of: BookFolder.realPath(path)), budget: budget)
        let name = (path as NSString).lastPathComponent
        let bytes = try budget.read(path, label: label)
        guard let text = MarkdownText.decode(bytes, source: name) else {
            throw .invalid(file: path, reason: "binary data, not Markdown text")
        }
        var warnings = text.warnings
        var files: [File] = []
        var seen: Set<String> = []
        for entry in SummaryReader.entries(in: text.text) {
            let problem: String
            switch folder.resolve(entry.href, from: name) {
            case .file(let chapter) where isMarkdownName(chapter):
                if seen.insert(chapter).inserted {
                    files.append(File(path: chapter, headingShift: entry.depth - 1))
                    continue
                }
                problem = "is listed twice; read once"
            case .file: problem = "is not a Markdown file; skipped"
            case .remote: problem = "is not a file of the book; skipped"
            case .outside: problem = "is outside the book's folder; skipped"
            case .missing: problem = "does not exist; skipped"
            }
            warnings.append(Warning(entry: name, line: entry.line, "the chapter \(entry.href) \(problem)"))
        }
        guard !files.isEmpty else { throw .invalid(file: path, reason: "lists no chapter files") }
        var plan = BookPlan(folder: folder, files: files, fallbackTitle: displayName(ofDirectory: folder.root),
                            warnings: warnings, isMdBook: true)
        let project = PathName.folder(of: folder.root)
        if (folder.root as NSString).lastPathComponent == "src", !project.isEmpty,
           FileSystem.kind(of: (project as NSString).appendingPathComponent("book.toml")) == .regular {
            plan.includeFolder = IncludeFolder(folder: BookFolder(realPath: project, budget: budget), chapterFolder: "src")
        }
        return plan
    }

    /// An mdBook keeps its chapters in `src/`: the book is named after the folder above it.
    private static func displayName(ofDirectory root: String) -> String {
        let name = (root as NSString).lastPathComponent
        if name == "src" {
            let parent = (PathName.folder(of: root) as NSString).lastPathComponent
            if !parent.isEmpty, parent != "/" { return FileName.readable(parent) }
        }
        return name.isEmpty || name == "/" ? "Untitled" : FileName.readable(name)
    }

    private static func commonDirectory(of paths: [String]) -> String {
        var common = PathName.folder(of: paths[0]).split(separator: "/", omittingEmptySubsequences: true)
        for path in paths.dropFirst() {
            let parts = PathName.folder(of: path).split(separator: "/", omittingEmptySubsequences: true)
            let shared = zip(common, parts).prefix { $0 == $1 }.count
            common = Array(common.prefix(shared))
        }
        return "/" + common.joined(separator: "/")
    }

    private static func checkExists(_ path: String) throws(ReadError) {
        guard FileSystem.exists(path) else { throw .unreadable(file: path, reason: "no such file") }
    }

    private static func isDirectory(_ path: String) -> Bool {
        FileSystem.isDirectory(path)
    }
}
