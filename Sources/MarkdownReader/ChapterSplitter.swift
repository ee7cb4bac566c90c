import BookModel
import ProcessMemory

/// Cuts a file's blocks into chapters: each level-1 heading starts one, and so does the file
/// itself. A footnote belongs to the chapter that first refers to it (one referred to nowhere,
/// to the file's last), as one of its `notes`, numbered as its references show it: the layout
/// sets it at the foot of the page that calls it.
enum ChapterSplitter {
    /// Headings down to this level are table-of-contents entries (as pandoc's default).
    static let tocDepth = 3

    struct Result {
        var chapters: [Chapter]
        /// Entries for the chapters' headings; `chapterIndex` counts from the file's first chapter.
        var toc: [TOCEntry]
    }

    static func split(_ file: MappedFile, source: String) -> Result {
        var starts = file.blocks.indices.filter { index in
            if case .heading(1, _) = file.blocks[index].kind { return true }
            return false
        }
        if starts.first != 0 { starts.insert(0, at: 0) }
        var result = Result(chapters: [], toc: [])
        guard !file.blocks.isEmpty else { return result }
        // Past the memory bound the rest is left: the conversion is refused (`MemoryWatch`).
        for (n, start) in starts.enumerated() where !MemoryWatch.isOver {
            let end = n + 1 < starts.count ? starts[n + 1] : file.blocks.count
            let blocks = Array(file.blocks[start..<end])
            let isLast = n == starts.count - 1
            let notes = file.notes.indices.filter { index in
                guard let reference = file.firstReference[index + 1] else { return isLast }
                return (start..<end).contains(reference)
            }.map { index in
                Note(id: FootnoteAnchor.name(index + 1), marker: String(index + 1), blocks: file.notes[index])
            }
            for block in blocks {
                if case .heading(let level, let runs) = block.kind, level <= tocDepth {
                    result.toc.append(TOCEntry(title: runs.plainText.trimmingWhitespace, level: level,
                                               chapterIndex: result.chapters.count, anchor: block.anchors.first))
                }
            }
            result.chapters.append(Chapter(source: source, title: title(of: blocks), blocks: blocks, notes: notes))
        }
        return result
    }

    /// The text of the chapter's first heading.
    private static func title(of blocks: [Block]) -> String? {
        for block in blocks {
            if case .heading(_, let runs) = block.kind {
                let text = runs.plainText.trimmingWhitespace
                if !text.isEmpty { return text }
            }
        }
        return nil
    }
}
