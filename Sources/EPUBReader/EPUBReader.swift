import BookModel
import Markup
import XHTMLReader
import ZipArchive

/// Reads an EPUB 2 or 3 book into the document model, recovering from what real books get
/// wrong (BRIEF §5): no container.xml → the first `.opf`; a spine item that is missing or won't
/// parse → skipped with a warning; HTML entities without a DTD read right.
///
/// Decisions: `linear="no"` spine items come after the linear ones, marked `isLinear = false`;
/// a spine item listed twice is read once; an image spine item is a chapter holding that image;
/// an empty document is kept as an empty chapter (a table of contents may point at it); a page
/// holding only the cover image is left out (the page list opens on the cover); a book
/// whose every content document is missing still reads, with no chapters and a warning each.
public enum EPUBReader {
    public static func read(contentsOf path: String, limits: EPUBReadLimits = EPUBReadLimits()) throws(ReadError) -> ReadResult {
        let archive = try BookArchive(path: path, limits: limits)
        var warnings: [Warning] = []
        checkMimetype(archive, warnings: &warnings)
        let package = try readPackage(archive, warnings: &warnings)
        if package.spine.isEmpty {
            let reason = package.spineReferenceCount == 0 ? "the spine lists no items"
                : "no spine item is in the manifest"
            throw .invalid(file: path, reason: "\(reason) (\(package.path))")
        }
        let encrypted = EncryptionInfo.encryptedPaths(in: archive)
        let cover = CoverFinder.cover(of: package, archive: archive, warnings: &warnings)

        var chapters: [Chapter] = []
        var chapterIndexByPath: [String: Int] = [:]
        let ordered = package.spine.filter(\.isLinear) + package.spine.filter { !$0.isLinear }
        var encryptedCount = 0
        for spineItem in ordered {
            let item = spineItem.item
            if chapterIndexByPath[item.path] != nil {
                warnings.append(Warning(entry: package.path, "spine item \(item.path) is listed twice; read once"))
                continue
            }
            if encrypted.contains(item.path) {
                encryptedCount += 1
                warnings.append(Warning(entry: item.path, "is encrypted (DRM); skipped"))
                continue
            }
            guard let blocks = try readChapterBlocks(item, archive: archive, warnings: &warnings) else { continue }
            if let cover, isCoverPage(blocks.blocks, cover: cover) { continue }
            chapterIndexByPath[item.path] = chapters.count
            chapters.append(Chapter(source: item.path, title: blocks.heading, blocks: blocks.blocks,
                                    isLinear: spineItem.isLinear))
        }
        if chapters.isEmpty, encryptedCount > 0 {
            throw .invalid(file: path, reason: "its content is encrypted (DRM) and can't be read")
        }

        let contents = readTableOfContents(package, archive: archive, chapterIndexByPath: chapterIndexByPath,
                                           warnings: &warnings)
        let linkedEntries = Dictionary(grouping: contents.filter(\.hasOwnLink).map(\.entry), by: \.chapterIndex)
        for index in chapters.indices {
            chapters[index].title = chapterTitle(chapters[index], entries: linkedEntries[index] ?? [])
        }
        let toc = contents.map(\.entry)
        let mediaTypes = Dictionary(package.manifest.map { ($0.path, $0.mediaType) }, uniquingKeysWith: { first, _ in first })
        for index in chapters.indices {
            chapters[index].blocks = ManifestMediaTypes.apply(mediaTypes, to: chapters[index].blocks)
        }

        let metadata = Metadata(title: package.title ?? fallbackTitle(path: path, chapters: chapters),
                                creators: package.creators, language: package.language,
                                identifier: package.identifier, direction: package.direction)
        if package.title == nil { warnings.append(Warning(entry: package.path, "no dc:title; the title is a guess")) }
        return ReadResult(book: Book(metadata: metadata, chapters: chapters, toc: toc, cover: cover), warnings: warnings)
    }

    // MARK: - Package

    private static func checkMimetype(_ archive: BookArchive, warnings: inout [Warning]) {
        let mimetype = (try? archive.read("mimetype")).map { TextCleanup.trimmed(String(decoding: $0, as: UTF8.self)) }
        if mimetype != "application/epub+zip" {
            warnings.append(Warning(entry: "mimetype", mimetype == nil ? "missing; read as EPUB anyway"
                                    : "is not application/epub+zip; read as EPUB anyway"))
        }
    }

    private static func readPackage(_ archive: BookArchive, warnings: inout [Warning]) throws(ReadError) -> PackageDocument {
        let packagePath = try ContainerReader.packagePath(in: archive, warnings: &warnings)
        let bytes: [UInt8]
        do {
            bytes = try archive.read(packagePath)
        } catch {
            if case .limitExceeded = error { throw .limitExceeded(file: archive.path, reason: error.message) }
            throw .unreadable(file: archive.path, reason: "package document \(error.message)")
        }
        let document = Markup.parse(bytes, as: .xml)
        guard let root = document.rootElement, document[root].name == "package" else {
            let detail = document.problems.first.map { ": \($0)" } ?? ""
            throw .invalid(file: archive.path, reason: "the package document \(packagePath) could not be parsed\(detail)")
        }
        if !document.parsedCleanly {
            warnings.append(Warning(entry: packagePath, line: document.problems.first?.line,
                                    "malformed package document recovered: \(document.problems.first?.message ?? "")"))
        }
        return PackageDocument(document: document, path: packagePath, warnings: &warnings)
    }

    // MARK: - Chapters

    /// The blocks of one spine item and its first heading; nil (with a warning) when it can't
    /// be read. Only a bound being passed stops the whole book.
    private static func readChapterBlocks(_ item: PackageDocument.Item, archive: BookArchive,
                                          warnings: inout [Warning]) throws(ReadError) -> (blocks: [Block], heading: String?)? {
        guard archive.entry(for: item.path) != nil else {
            warnings.append(Warning(entry: item.path, "is in the spine but not in the archive; skipped"))
            return nil
        }
        if item.isImage {
            let image = Image(source: ImageReference(path: item.path, mediaType: item.mediaType), alt: "")
            return ([Block(.image(image))], nil)
        }
        guard isDocument(item) else {
            warnings.append(Warning(entry: item.path, "is in the spine but is \(item.mediaType), not a document; skipped"))
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try archive.read(item.path)
        } catch {
            if case .limitExceeded = error { throw .limitExceeded(file: archive.path, reason: error.message) }
            warnings.append(Warning(entry: item.path, "could not be read (\(error.message)); skipped"))
            return nil
        }
        guard XHTMLReader.looksLikeText(bytes) else {
            warnings.append(Warning(entry: item.path, "is not a text document (binary data); skipped"))
            return nil
        }
        let document = Markup.parse(bytes)
        guard document.rootElement != nil else {
            warnings.append(Warning(entry: item.path, "could not be parsed; skipped"))
            return nil
        }
        let content = XHTMLReader.read(document: document, source: item.path)
        warnings += content.warnings
        return (content.blocks, content.firstHeading)
    }

    /// A spine item that shows nothing but the cover image is left out: the page list already
    /// opens on the cover, and the same picture twice would only push the text one page on.
    private static func isCoverPage(_ blocks: [Block], cover: ImageReference) -> Bool {
        !blocks.isEmpty && blocks.allSatisfy { block in
            if case .image(let image) = block.kind { return image.source.path == cover.path }
            return false
        }
    }

    private static func isDocument(_ item: PackageDocument.Item) -> Bool {
        if ["application/xhtml+xml", "text/html", "application/xml", "text/xml", "application/x-dtbook+xml"]
            .contains(item.mediaType) { return true }
        let lowered = item.path.lowercased()
        return [".xhtml", ".html", ".htm", ".xml"].contains { lowered.hasSuffix($0) }
    }

    // MARK: - Table of contents

    /// The title of the table-of-contents entry that points at the chapter's start (no anchor,
    /// or an anchor on its first block); else the chapter's first heading; else the first entry
    /// pointing anywhere into it. `entries` are the chapter's entries with links of their own.
    private static func chapterTitle(_ chapter: Chapter, entries: [TOCEntry]) -> String? {
        let startAnchors = Set(chapter.blocks.first?.anchors ?? [])
        if let start = entries.first(where: { $0.anchor.map(startAnchors.contains) ?? true }) { return start.title }
        return chapter.title ?? entries.first?.title
    }

    /// The EPUB 3 navigation document's entries, else the NCX's; entries whose target is not a
    /// chapter are dropped.
    private static func readTableOfContents(_ package: PackageDocument, archive: BookArchive,
                                            chapterIndexByPath: [String: Int],
                                            warnings: inout [Warning]) -> [(entry: TOCEntry, hasOwnLink: Bool)] {
        var raw: [RawTOCEntry] = []
        if let nav = package.manifest.first(where: { $0.properties.contains("nav") }),
           let document = parse(nav.path, as: .automatic, archive: archive, warnings: &warnings) {
            raw = TableOfContentsReader.navigationEntries(document, path: nav.path)
        }
        if raw.isEmpty, let ncx = ncxItem(of: package),
           let document = parse(ncx.path, as: .xml, archive: archive, warnings: &warnings) {
            raw = TableOfContentsReader.ncxEntries(document, path: ncx.path)
        }
        return raw.compactMap { entry in
            guard let chapter = chapterIndexByPath[entry.target.path] else { return nil }
            return (TOCEntry(title: entry.title, level: entry.level, chapterIndex: chapter, anchor: entry.target.fragment),
                    entry.hasOwnLink)
        }
    }

    private static func ncxItem(of package: PackageDocument) -> PackageDocument.Item? {
        if let id = package.spineTOC, let item = package.itemsByID[id] { return item }
        return package.manifest.first { $0.mediaType == "application/x-dtbncx+xml" }
            ?? package.manifest.first { $0.path.lowercased().hasSuffix(".ncx") }
    }

    static func parse(_ path: String, as syntax: Markup.SyntaxChoice, archive: BookArchive,
                      warnings: inout [Warning]) -> MarkupDocument? {
        guard archive.entry(for: path) != nil else {
            warnings.append(Warning(entry: path, "is in the manifest but not in the archive"))
            return nil
        }
        guard let bytes = try? archive.read(path) else {
            warnings.append(Warning(entry: path, "could not be read"))
            return nil
        }
        let document = Markup.parse(bytes, as: syntax)
        return document.rootElement == nil ? nil : document
    }

    private static func fallbackTitle(path: String, chapters: [Chapter]) -> String {
        if let heading = chapters.lazy.compactMap(\.title).first { return heading }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lowercased().hasSuffix(".epub") ? String(name.dropLast(5)) : name
    }
}
