import BookModel

/// Finds where an offset of a chapter's text (what page locations count) lies in the chapter's
/// XHTML document, through the `SourceMap`s of its paragraphs' blocks: exactly, to the character,
/// for a paragraph whose text is its block's text as read, or differs only by stretches it
/// records (a formula's linear form); at its element for one the layout changed otherwise (a
/// table row joins cells, `pre` widens tabs, a rule shows made-up text).
struct ChapterSourceIndex: Sendable, Equatable {
    private struct Entry: Sendable, Equatable {
        var start: Int
        var end: Int
        var map: SourceMap?
        var isExact: Bool
        var replacements: [SourceReplacement]
    }

    /// The paragraphs with text, in order of their offsets.
    private var entries: [Entry] = []

    init(paragraphs: [StyledParagraph]) {
        add(paragraphs)
    }

    private mutating func add(_ paragraphs: [StyledParagraph]) {
        for paragraph in paragraphs {
            if let table = paragraph.table {
                // A table's cells hold its text, in reading order.
                for row in table.rows { for cell in row.cells { add(cell.paragraphs) } }
            }
            guard !paragraph.text.isEmpty else { continue }
            entries.append(Entry(start: paragraph.sourceStart, end: paragraph.sourceStart + paragraph.scalarCount,
                                 map: paragraph.source, isExact: paragraph.sourceIsExact,
                                 replacements: paragraph.sourceReplacements))
        }
    }

    /// The place of the character at `offset`, or with `endOf`, the place just past the character
    /// before `offset` (the end of a page, which may fall at the end of a paragraph). Nil when
    /// that paragraph has no source map (it was not read from XHTML).
    func position(at offset: Int, endOf: Bool = false) -> DocumentPosition? {
        let after = entries.indices.partitionPoint { endOf ? entries[$0].start < offset : entries[$0].start <= offset }
        guard after > 0, let map = entries[after - 1].map else { return nil }
        let entry = entries[after - 1]
        guard entry.isExact else { return DocumentPosition(path: map.element) }
        return map.position(at: Self.sourceOffset(min(offset, entry.end) - entry.start, through: entry.replacements))
    }

    /// A paragraph's offset as an offset of its block's text: past a stretch that stands for
    /// other text, moved by the difference; inside one, at its start.
    static func sourceOffset(_ offset: Int, through replacements: [SourceReplacement]) -> Int {
        var shift = 0
        for replacement in replacements {
            if offset >= replacement.offset + replacement.length {
                shift += replacement.sourceLength - replacement.length
            } else {
                return min(offset, replacement.offset) + shift
            }
        }
        return offset + shift
    }
}
