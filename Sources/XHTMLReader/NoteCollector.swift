import BookModel
import Markup
import ZipArchive

/// The footnotes of one document while it is read (see `NoteMarkup` for which): each is read
/// into blocks of its own, set aside from the flow, and the runs of the links that call it are
/// marked with its id.
struct NoteCollector {
    /// The document, normalized: links into it may call its footnotes.
    private let source: String?
    /// Ids of footnote elements that some link of the document points at.
    private let called: Set<String>
    private var taken: Set<String> = []
    private var notes: [Note] = []
    /// The flow's blocks, set aside while a note is read.
    private var flow: BlockAssembler?
    private var openNote: String?
    /// The text of each note's first reference (`1`, `[2]`, `*`), gathered until its link ends.
    private var referenceTexts: [String: String] = [:]
    private var finishedReferences: Set<String> = []

    init(document: MarkupDocument, body: Int, source: String) {
        self.source = ArchivePath.normalized(source)
        var footnotes: Set<String> = []
        var linked: Set<String> = []
        for index in document.descendants(of: body) where document[index].kind == .element {
            let node = document[index]
            if NoteMarkup.isFootnote(node), let id = NoteMarkup.id(of: node) { footnotes.insert(id) }
            if let href = node.attribute("href"), let fragment = Self.ownFragment(href, source: self.source, base: source) {
                linked.insert(fragment)
            }
        }
        called = footnotes.intersection(linked)
    }

    var isReadingNote: Bool { openNote != nil }

    /// The id under which `node` is taken out of the flow, or nil when it stays: it is no
    /// footnote, no link calls it, a note with its id was already taken, or it sits inside a
    /// note (a note within a note is read as part of it).
    func noteID(of node: MarkupNode) -> String? {
        guard openNote == nil, NoteMarkup.isFootnote(node), let id = NoteMarkup.id(of: node),
              called.contains(id), !taken.contains(id) else { return nil }
        return id
    }

    /// The note a link calls, when `href` points at a footnote of this document.
    func callee(ofLink href: String) -> String? {
        guard openNote == nil, let fragment = Self.ownFragment(href, source: source, base: source ?? ""),
              called.contains(fragment) else { return nil }
        return fragment
    }

    /// The note's element starts: what is read until `endNote` goes into its own blocks.
    mutating func beginNote(_ id: String, blocks: inout BlockAssembler) {
        taken.insert(id)
        openNote = id
        flow = blocks
        blocks = BlockAssembler()
    }

    /// The note's element ends: its blocks are kept and the flow's blocks come back.
    mutating func endNote(blocks: inout BlockAssembler) {
        guard let id = openNote, let flow else { return }
        notes.append(Note(id: id, blocks: blocks.finish()))
        blocks = flow
        self.flow = nil
        openNote = nil
    }

    /// Text read inside a link that calls note `id`.
    mutating func addReferenceText(_ text: String, for id: String) {
        guard !finishedReferences.contains(id) else { return }
        referenceTexts[id, default: ""] += text
    }

    /// A link that calls note `id` ends: its text is the note's marker.
    mutating func endReference(to id: String) {
        finishedReferences.insert(id)
    }

    /// The notes in document order, each with the marker its reference showed when its own text
    /// does not begin with it.
    func finished() -> [Note] {
        notes.map { note in
            var note = note
            let reference = TextCleanup.singleLine(referenceTexts[note.id] ?? "")
            var anchors: [String] = []
            let text = TableText.runs(of: note.blocks, anchors: &anchors).plainText
            note.marker = Self.beginsWith(text, reference) || reference.isEmpty ? nil : reference
            return note
        }
    }

    /// Whether the note's text already shows its mark: `* Text` for `*`, `[1] Text` or `1. Text`
    /// for `1` (but not `10 Text`).
    private static func beginsWith(_ text: String, _ reference: String) -> Bool {
        let trimmed = text.drop(while: \.isWhitespace)
        if trimmed.hasPrefix(reference) { return true }
        let core = reference.filter { $0.isLetter || $0.isNumber }
        guard !core.isEmpty else { return false }
        let start = trimmed.drop { !($0.isLetter || $0.isNumber) }
        guard start.hasPrefix(core) else { return false }
        let after = start.dropFirst(core.count).first
        return !(after?.isLetter == true || after?.isNumber == true)
    }

    /// The fragment of `href` when it points into the document itself.
    private static func ownFragment(_ href: String, source: String?, base: String) -> String? {
        guard let source, let target = ArchivePath.resolve(TextCleanup.trimmed(href), relativeTo: base),
              target.path == source else { return nil }
        return target.fragment
    }
}
