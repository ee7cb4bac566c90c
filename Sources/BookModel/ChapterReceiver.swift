/// Takes a book's chapters while its reader reads on, so that laying them out can start before
/// the whole book is read.
///
/// A reader calls `begin` once, with the metadata as known before any chapter, then `receive`
/// for chapters as they are read. A chapter passed on is final but for its title (a table of
/// contents read later may rename it), and it is the receiver's: the finished book holds in its
/// place only what the rest of a conversion needs of it (`Chapter.handedOver()`), so a book's
/// content is in memory only until it is laid out. A reader may keep a chapter back (one whose
/// images are measured only at the end); the receiver takes what it was not given from the
/// finished book. Called on the reader's thread.
public protocol ChapterReceiver: AnyObject, Sendable {
    func begin(_ metadata: Metadata)
    func receive(_ chapter: Chapter, at index: Int)
}

/// What a finished book keeps of a chapter its reader handed to a `ChapterReceiver`: what is
/// known of the content that went, for the checks made on the whole book and for its title.
public struct HandedOverContent: Sendable, Equatable {
    /// The UTF-8 size of its text, its notes' included (`Chapter.textSize`).
    public var textSize: Int
    /// Whether it shows anything (`Book.showsSomething`).
    public var showsSomething: Bool
    /// The ids of its first block (`Chapter.startAnchors`).
    public var startAnchors: Set<String>
}

extension Chapter {
    /// The chapter as its book keeps it once a receiver took it: its place (source, title,
    /// linearity, spine step) and what is known of its content, without the content.
    public func handedOver() -> Chapter {
        var kept = Chapter(source: source, title: title, blocks: [], isLinear: isLinear, spineCFI: spineCFI,
                           design: design)
        kept.handedOverContent = HandedOverContent(
            textSize: textSize,
            showsSomething: blocks.showsSomething || notes.contains { $0.blocks.showsSomething },
            startAnchors: startAnchors)
        return kept
    }

    /// The ids that name the chapter's start: its first block's, and, when that block is a
    /// table, the ids inside its cells, which start where the table does in the layout of today.
    public var startAnchors: Set<String> {
        if let handedOverContent { return handedOverContent.startAnchors }
        guard let first = blocks.first else { return [] }
        var anchors = Set(first.anchors)
        if case .table = first.kind {
            var inside: [String] = []
            _ = TableText.runs(of: [first], anchors: &inside)
            anchors.formUnion(inside)
        }
        return anchors
    }
}
