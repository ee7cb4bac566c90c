import BookModel
import ImageSizes
import ProcessMemory
import XHTMLReader

/// Reads an EPUB 2 or 3 book into the document model, recovering from what real books get
/// wrong (BRIEF §5): no container.xml → the first `.opf`; a spine item that is missing or won't
/// parse → skipped with a warning; an entry stored as a symbolic link → not read, as if missing,
/// with a warning; HTML entities without a DTD read right. A book that passes
/// one of `limits` is refused whole (`ReadError.limitExceeded`).
///
/// Each step lives in its own type, where its decisions are written down: which package
/// document (`ContainerReader`), the spine's order and what it leaves out (`SpineReader`), the
/// cover (`CoverFinder`), the table of contents (`TableOfContents`), chapter titles
/// (`ChapterTitles`), the book's title when the package has none (`PackageMetadata`).
public enum EPUBReader {
    /// `receiver`: takes the chapters as they are read, for a layout that starts before the
    /// book is whole (chapters that show images wait for the images' sizes, measured last).
    /// `stylesheets`: the user's, after each document's own.
    public static func read(contentsOf path: String, limits: ReadLimits = ReadLimits(),
                            stylesheets user: [UserStylesheet] = [],
                            receiver: (any ChapterReceiver)? = nil) throws(ReadError) -> ReadResult {
        let archive = try BookArchive(path: path, limits: limits)
        var warnings = archive.symbolicLinkWarnings
        MimetypeCheck.check(archive, warnings: &warnings)
        try archive.checkLimits()
        // The package document and the navigation document are read whole as trees, which for
        // a book of many chapters are tens of megabytes, freed before the layout begins.
        var package = try PromptRelease.during { () throws(ReadError) in try PackageReader.read(from: archive, warnings: &warnings) }
        archive.obfuscation = FontObfuscation(archive: archive, package: package)
        let encryptedPaths = EncryptionInfo.encryptedPaths(in: archive)
        let cover = CoverFinder.cover(of: package, archive: archive, warnings: &warnings)
        try archive.checkLimits()

        let stylesheets = BookStylesheets(archive: archive, user: UserStylesheets(user))
        warnings += stylesheets.user.warnings
        let fonts = BookFontFiles.fonts(of: package, archive: archive, stylesheets: stylesheets, warnings: &warnings)
        try archive.checkLimits()
        let listed = PromptRelease.during { TableOfContents.Listed(package: package, archive: archive) }
        try archive.checkLimits()
        // Items are looked up by id only to find the spine, the cover and the NCX, all found.
        package.itemsByID = [:]
        var early = PackageMetadata.beforeChapters(of: package, bookPath: path)
        early.fonts = fonts
        receiver?.begin(early)
        let spine = SpineReader(package: package, archive: archive, encryptedPaths: encryptedPaths, cover: cover,
                                receiver: receiver, stylesheets: stylesheets, fonts: fonts)
        var verticalItem: String?
        var media = UnshownMedia()
        var chapters = try spine.chapters(warnings: &warnings, verticalItem: &verticalItem, unshownMedia: &media)
        warnings += media.warnings
        warnings += listed.warnings
        let toc = TableOfContents(listed, chapters: chapters)
        ChapterTitles.apply(toc, to: &chapters)
        ManifestMediaTypes.apply(package.manifest, to: &chapters)

        var metadata = PackageMetadata.metadata(of: package, bookPath: path, chapters: chapters, warnings: &warnings)
        metadata.fonts = fonts
        metadata.writesVertically = VerticalWriting.isVertical(package: package, verticalItem: verticalItem)
        var book = Book(metadata: metadata, chapters: chapters, toc: toc.entries, cover: cover, pageList: toc.pageList)
        warnings += BookImageSizes.measure(&book, files: archive.files)
        // Images count against the limits too: a bomb can hide in one.
        try archive.checkLimits()
        return ReadResult(book: book, warnings: warnings)
    }

    /// The book's files, for what is read after the conversion (its images, for `--assets`),
    /// its obfuscated fonts restored.
    public static func files(of path: String, limits: ReadLimits = ReadLimits()) throws(ReadError) -> BookFiles {
        let archive = try BookArchive(path: path, limits: limits)
        var ignored: [Warning] = []
        if let package = try? PackageReader.read(from: archive, warnings: &ignored) {
            archive.obfuscation = FontObfuscation(archive: archive, package: package)
        }
        return archive.files
    }
}

extension EPUBReader: BookReader {
    public static func readBook(paths: [String], limits: ReadLimits, stylesheets: [UserStylesheet],
                                receiver: (any ChapterReceiver)?) throws(ReadError) -> ReadResult {
        try read(contentsOf: paths[0], limits: limits, stylesheets: stylesheets, receiver: receiver)
    }

    /// An EPUB is an archive, read by seeking: never from a stream.
    public static func readBook(bytes: [UInt8], name: String, folder: String, limits: ReadLimits,
                                stylesheets: [UserStylesheet]) throws(ReadError) -> ReadResult? {
        nil
    }

    public static func files(ofBook paths: [String], limits: ReadLimits) throws(ReadError) -> BookFiles {
        try files(of: paths[0], limits: limits)
    }
}
