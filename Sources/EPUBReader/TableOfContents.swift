import BookModel
import Markup

/// The book's table of contents, matched to its chapters: the EPUB 3 navigation document's
/// entries, else the NCX's (EPUB 3 books often carry both, and the NCX only for old readers).
/// An entry whose target is not a chapter is dropped, since there is no page to point it at.
/// The printed edition's page list comes from the same places (the navigation document's
/// `page-list`, else the NCX's `pageList`).
struct TableOfContents {
    /// In document order.
    let entries: [TOCEntry]
    let pageList: [PageListEntry]
    /// Per chapter index, the entries that point into that chapter by a link of their own, in
    /// document order; an unlinked heading that borrowed a link from below is not among them.
    let linkedEntriesByChapter: [Int: [TOCEntry]]

    /// The entries as the book lists them, not yet matched to chapters, and what reading them
    /// found wrong. They are read before the chapters: the navigation document of a book of
    /// tens of thousands of chapters is tens of megabytes as a tree, and read after them it came
    /// on top of everything the layout holds by then.
    struct Listed {
        fileprivate let toc: [RawTOCEntry]
        fileprivate let pages: [RawTOCEntry]
        let warnings: [Warning]

        init(package: PackageDocument, archive: BookArchive) {
            var warnings: [Warning] = []
            (toc, pages) = TableOfContents.rawEntries(package, archive: archive, warnings: &warnings)
            self.warnings = warnings
        }
    }

    init(_ listed: Listed, chapters: [Chapter]) {
        // Each chapter has its own source (the spine reader reads a path once).
        let chapterIndexBySource = Dictionary(chapters.enumerated().map { ($1.source, $0) },
                                              uniquingKeysWith: { first, _ in first })
        pageList = listed.pages.compactMap { raw in
            chapterIndexBySource[raw.target.path].map {
                PageListEntry(label: raw.title, chapterIndex: $0, anchor: raw.target.fragment)
            }
        }
        // Made in one pass, at their size: a long book's contents are tens of thousands of entries.
        var entries: [TOCEntry] = []
        entries.reserveCapacity(listed.toc.count)
        var linkedEntriesByChapter: [Int: [TOCEntry]] = [:]
        for raw in listed.toc {
            guard let chapterIndex = chapterIndexBySource[raw.target.path] else { continue }
            let entry = TOCEntry(title: raw.title, level: raw.level, chapterIndex: chapterIndex, anchor: raw.target.fragment)
            entries.append(entry)
            if raw.hasOwnLink { linkedEntriesByChapter[chapterIndex, default: []].append(entry) }
        }
        self.entries = entries
        self.linkedEntriesByChapter = linkedEntriesByChapter
    }

    private static func rawEntries(_ package: PackageDocument, archive: BookArchive,
                                   warnings: inout [Warning]) -> (toc: [RawTOCEntry], pages: [RawTOCEntry]) {
        var toc: [RawTOCEntry] = [], pages: [RawTOCEntry] = []
        if let nav = package.manifest.first(where: { $0.properties.contains("nav") }),
           let document = archive.document(at: nav.path, as: .automatic, warnings: &warnings) {
            toc = TableOfContentsReader.navigationEntries(document, path: nav.path)
            pages = TableOfContentsReader.navigationPageList(document, path: nav.path)
        }
        if toc.isEmpty || pages.isEmpty, let ncx = ncxItem(of: package),
           let document = archive.document(at: ncx.path, as: .xml, warnings: &warnings) {
            if toc.isEmpty { toc = TableOfContentsReader.ncxEntries(document, path: ncx.path) }
            if pages.isEmpty { pages = TableOfContentsReader.ncxPageList(document, path: ncx.path) }
        }
        return (toc, pages)
    }

    /// The spine's `toc` attribute names the NCX; books that leave it out are found by media
    /// type, then by extension.
    private static func ncxItem(of package: PackageDocument) -> PackageDocument.Item? {
        if let id = package.spineTOC, let item = package.itemsByID[id] { return item }
        return package.manifest.first { $0.mediaType == "application/x-dtbncx+xml" }
            ?? package.manifest.first { $0.path.lowercased().hasSuffix(".ncx") }
    }
}
