import BookModel
import PageFormat

/// A book's chapter layouts folded, in reading order and as each is done, into what the paged
/// book is made from (`Layouter.paged`): each chapter's page count and anchors, and what the
/// book's warnings and stand-in faces gather from all of them. A layout holds far more than
/// that, and a book of tens of thousands of chapters kept every one to its end.
struct LaidOutChapters {
    /// The chapters' pages one after another, when they are kept (`ParallelChapters.start`'s
    /// `keepingPages`); none when they went to a writer as they were made.
    private(set) var pages: [Page] = []
    /// How many pages each chapter has, kept or not.
    private(set) var pageCounts: [Int] = []
    /// Each chapter's anchors, sorted by name, one chapter's after another's: chapter `c`'s are
    /// `anchors[anchorStarts[c]..<anchorStarts[c + 1]]`, each with its page in the chapter.
    private var anchors: [(name: String, page: Int32)] = []
    private var anchorStarts: [Int32] = [0]
    /// The stand-in faces the chapters' runs name, by PostScript name, the first met kept.
    private var standInsByName: [String: MeasuredFace] = [:]
    private(set) var linkTargets: Set<String> = []
    private(set) var languagesWithoutHyphenation: Set<String> = []
    private(set) var metTextWithoutLanguage = false
    /// How many chapters read as each language, for a book that names none.
    private(set) var guessedLanguages: [String: Int] = [:]
    private(set) var charactersWithoutGlyphs: Set<Unicode.Scalar> = []
    /// The chapters' warnings, in reading order.
    private(set) var warnings: [Warning] = []

    /// How many chapters are folded in.
    var count: Int { pageCounts.count }

    /// Folds in the next chapter's layout; its pages only when `keepingPages`.
    mutating func append(_ layout: ChapterLayout, keepingPages: Bool) {
        if keepingPages { pages += layout.pages }
        pageCounts.append(layout.pageCount)
        anchors += layout.anchorPages.map { (name: $0.key, page: Int32(clamping: $0.value)) }.sorted { $0.name < $1.name }
        anchorStarts.append(Int32(clamping: anchors.count))
        for face in layout.standIns where standInsByName[face.postScriptName] == nil {
            standInsByName[face.postScriptName] = face
        }
        linkTargets.formUnion(layout.linkTargets)
        languagesWithoutHyphenation.formUnion(layout.languagesWithoutHyphenation)
        metTextWithoutLanguage = metTextWithoutLanguage || layout.metTextWithoutLanguage
        if let language = layout.guessedLanguage { guessedLanguages[language, default: 0] += 1 }
        charactersWithoutGlyphs.formUnion(layout.charactersWithoutGlyphs)
        warnings += layout.warnings
    }

    /// The page (counted from the chapter's first) where `anchor` of chapter `chapter` lands;
    /// nil when the chapter has no such anchor.
    func page(ofAnchor anchor: String, inChapter chapter: Int) -> Int? {
        guard chapter >= 0, chapter < count else { return nil }
        let end = Int(anchorStarts[chapter + 1])
        let found = (Int(anchorStarts[chapter])..<end).partitionPoint { anchors[$0].name < anchor }
        return found < end && anchors[found].name == anchor ? Int(anchors[found].page) : nil
    }

    /// The stand-in faces, each once, in the order of their PostScript names.
    var standIns: [MeasuredFace] { StandInRuns.merged(standInsByName.values) }
}
