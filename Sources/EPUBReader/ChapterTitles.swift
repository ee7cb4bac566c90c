import BookModel

/// Gives each chapter its title. The table of contents is the author's own name for a chapter,
/// so it wins over the chapter's first heading, but only where its entry points at the
/// chapter's start: an entry for a section inside names the section, not the chapter.
enum ChapterTitles {
    static func apply(_ toc: TableOfContents, to chapters: inout [Chapter]) {
        for index in chapters.indices {
            chapters[index].title = title(of: chapters[index], entries: toc.linkedEntriesByChapter[index] ?? [])
        }
    }

    /// The title of the entry that points at the chapter's start (no anchor, or an anchor on its
    /// first block); else the chapter's first heading (its `title` as read); else the first
    /// entry pointing anywhere into it.
    private static func title(of chapter: Chapter, entries: [TOCEntry]) -> String? {
        let startAnchors = chapter.startAnchors
        if let start = entries.first(where: { $0.anchor.map(startAnchors.contains) ?? true }) { return start.title }
        return chapter.title ?? entries.first?.title
    }
}
