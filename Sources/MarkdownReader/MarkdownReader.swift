import BookModel
import Foundation
import ImageSizes
import MarkdownParser
import XHTMLReader

/// Reads books written in Markdown — CommonMark with GitHub's tables, strikethrough, autolinks,
/// task lists and footnotes — into the document model: one file, several files, a folder of
/// them, or an mdBook `SUMMARY.md`.
///
/// Each file starts a chapter, and so does each level-1 heading. The book's title, authors,
/// language, date, cover and direction come from the YAML front matter of the first file that
/// gives each; without one the title is the book's first level-1 heading, else the file's (or
/// folder's) name. Images resolve against the file that names them and are left out, with a
/// warning, when they lie outside the book's folder, are missing, or are on the web.
public enum MarkdownReader {
    /// Reads the book named on the command line (see `BookPlan.make` for what a list of paths
    /// can be). Each file it reads must hold at most `limits.maximumEntrySize` bytes, and all of
    /// them together, images included, at most `limits.maximumBookSize`.
    /// `receiver`: takes the chapters as each file is read, for a layout that starts before the
    /// book is whole (chapters that show images wait for the images' sizes, measured last).
    /// `stylesheets`: the user's, which style the blocks (`UserStylesheets.style`).
    public static func readBook(paths: [String], limits: ReadLimits = ReadLimits(), stylesheets: [UserStylesheet] = [],
                                receiver: (any ChapterReceiver)? = nil) throws(ReadError) -> ReadResult {
        let plan = try BookPlan.make(paths: paths, limits: limits)
        var assembler = BookAssembler(folder: plan.folder, fallbackTitle: plan.fallbackTitle, warnings: plan.warnings,
                                      user: UserStylesheets(stylesheets))
        assembler.receiver = receiver
        assembler.hidesRustLines = plan.isMdBook
        assembler.includes = plan.includes
        for file in plan.files {
            let bytes = try plan.folder.read(file.path)
            try assembler.add(bytes, source: file.path, displayName: display(file.path, plan: plan, paths: paths),
                              headingShift: file.headingShift)
        }
        return try assembler.finish(errorName: paths.joined(separator: ", "))
    }

    /// Reads Markdown given as bytes (from standard input): `name` stands for the file in
    /// messages, and images are looked for in `folder`, within the same limits.
    public static func readBook(bytes: [UInt8], name: String, folder: String, limits: ReadLimits = ReadLimits(),
                                stylesheets: [UserStylesheet] = []) throws(ReadError) -> ReadResult {
        let budget = ReadBudget(limits: limits, bookName: name)
        try budget.take(bytes, label: nil)
        var assembler = BookAssembler(folder: BookFolder(directory: folder, budget: budget), fallbackTitle: "Untitled",
                                      warnings: [], user: UserStylesheets(stylesheets))
        try assembler.add(bytes, source: name, displayName: name, headingShift: 0)
        return try assembler.finish(errorName: name)
    }

    /// The files of the book named on the command line, for what is read after the conversion
    /// (its images, for `--assets`): never a file outside its folder, and within `limits`.
    public static func files(ofBook paths: [String], limits: ReadLimits = ReadLimits()) throws(ReadError) -> BookFiles {
        try BookPlan.make(paths: paths, limits: limits).folder.files
    }

    /// The files of a book read from standard input: those in `folder`.
    public static func files(inFolder folder: String, limits: ReadLimits = ReadLimits()) -> BookFiles {
        BookFolder(directory: folder, budget: ReadBudget(limits: limits, bookName: folder)).files
    }

    /// Files are named in errors as the user named them when there was one file; otherwise by
    /// their path in the book's folder.
    private static func display(_ path: String, plan: BookPlan, paths: [String]) -> String {
        paths.count == 1 && plan.files.count == 1 ? paths[0] : path
    }
}

/// Builds the book one file at a time.
private struct BookAssembler {
    let folder: BookFolder
    let fallbackTitle: String
    var warnings: [Warning]
    /// Takes each chapter that is final once its file is read: the layout may start on it.
    var receiver: (any ChapterReceiver)?
    /// An mdBook's: its Rust code blocks leave out the lines rustdoc hides.
    var hidesRustLines = false
    /// Where `{{#include}}` reads from.
    lazy var includes = IncludeFolder(folder: folder, chapterFolder: "")
    /// The user's stylesheets (`--css`).
    let user: UserStylesheets
    private var began = false
    private var matter = FrontMatter()
    private var chapters: [Chapter] = []
    private var toc: [TOCEntry] = []

    init(folder: BookFolder, fallbackTitle: String, warnings: [Warning], user: UserStylesheets) {
        self.folder = folder
        self.fallbackTitle = fallbackTitle
        self.warnings = warnings + user.warnings
        self.user = user
    }

    mutating func add(_ bytes: [UInt8], source: String, displayName: String, headingShift: Int) throws(ReadError) {
        guard let decoded = MarkdownText.decode(bytes, source: source) else {
            throw .invalid(file: displayName, reason: "binary data, not Markdown text")
        }
        warnings += decoded.warnings
        var text = decoded.text
        var bodyLine = 1
        if let split = FrontMatter.split(text) {
            var fileMatter = try FrontMatter.read(split.yaml, file: displayName, source: source, warnings: &warnings)
            fileMatter.cover = fileMatter.cover.flatMap { cover(named: $0, in: source) }
            matter.complete(with: fileMatter)
            bodyLine += text.utf8.count(where: { $0 == 0x0A }) - split.body.utf8.count(where: { $0 == 0x0A })
            text = split.body
        }
        var includes = IncludeDirectives(includes)
        text = try includes.expand(text, source: source, firstLine: bodyLine)
        warnings += includes.warnings
        // The parser's tree is made whole before anything can stop it: its worst case must fit
        // in half the memory limit.
        let limits = folder.budget.limits
        if MarkdownParser.worstCaseNodes(in: text) > limits.maximumMemory / 2 / MarkdownParser.nodeBytes {
            throw .limitExceeded(file: displayName, reason: "parsing it could need more memory than \(limits.describe(.memory)) allows")
        }
        var mapper = DocumentMapper(document: MarkdownParser.parse(text), source: source, folder: folder,
                                    headingShift: headingShift)
        mapper.hidesRustLines = hidesRustLines
        var mapped = mapper.map()
        mapped.blocks = user.style(mapped.blocks)
        mapped.notes = mapped.notes.map(user.style)
        warnings += mapped.warnings
        let split = ChapterSplitter.split(mapped, source: source)
        if split.chapters.isEmpty { warnings.append(Warning(entry: source, "the file has no text")) }
        var read = split.chapters
        if let receiver {
            // The front matter read so far stands for the book's: a later file's that changes
            // how the book is set has the layout done again (the book read again: what was
            // handed over is not kept).
            if !began { receiver.begin(metadata(title: fallbackTitle)) }
            began = true
            for n in read.indices where !BookImageSizes.showsImages(read[n].blocks) {
                receiver.receive(read[n], at: chapters.count + n)
                read[n] = read[n].handedOver()
            }
        }
        toc += split.toc.map { entry in
            var entry = entry
            entry.chapterIndex += chapters.count
            return entry
        }
        chapters += read
    }

    private mutating func cover(named href: String, in source: String) -> String? {
        let problem: String
        switch folder.resolve(href, from: source) {
        case .file(let path): return path
        case .remote: problem = "is on the web, not in the book (never fetched)"
        case .outside: problem = "is outside the book's folder"
        case .missing: problem = "does not exist"
        }
        warnings.append(Warning(entry: source, "the cover \(href) \(problem); the book has no cover image"))
        return nil
    }

    func finish(errorName: String) throws(ReadError) -> ReadResult {
        guard !chapters.isEmpty else { throw .invalid(file: errorName, reason: "no text to make pages of") }
        let firstTitle = toc.first { $0.level == 1 }.map(\.title)
        let metadata = metadata(title: matter.title ?? firstTitle ?? fallbackTitle)
        let cover = matter.cover.map { ImageReference(path: $0, mediaType: ImageMediaType.guess(forPath: $0)) }
        var book = Book(metadata: metadata, chapters: chapters, toc: normalized(toc), cover: cover)
        let imageWarnings = BookImageSizes.measure(&book, files: folder.files)
        // Images count against the limits too; their reads only warn, so a bound passed there is
        // thrown here.
        try folder.budget.checkLimits()
        return ReadResult(book: book, warnings: warnings + imageWarnings)
    }

    /// The book's metadata from the front matter read so far.
    private func metadata(title: String) -> Metadata {
        Metadata(title: title, authors: matter.authors, language: matter.language, date: matter.date,
                 direction: matter.direction ?? .leftToRight)
    }

    /// Levels counted from the shallowest heading, so a book whose files start at `##` still has
    /// level-1 entries.
    private func normalized(_ toc: [TOCEntry]) -> [TOCEntry] {
        guard let top = toc.map(\.level).min(), top > 1 else { return toc }
        return toc.map { entry in
            var entry = entry
            entry.level -= top - 1
            return entry
        }
    }
}

extension MarkdownReader: BookReader {
    public static func readBook(bytes: [UInt8], name: String, folder: String, limits: ReadLimits,
                                stylesheets: [UserStylesheet]) throws(ReadError) -> ReadResult? {
        try readBook(bytes: bytes, name: name, folder: folder, limits: limits, stylesheets: stylesheets) as ReadResult
    }
}
