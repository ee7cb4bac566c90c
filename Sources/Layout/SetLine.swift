import BookModel
import Fonts
import PageFormat

/// A line as the paragraph setter makes it and the paginator moves it: in the content box, at
/// full precision, knowing which of the chapter's text it shows. When its page is finished it
/// becomes the page's `PageLine` (`PageAssembler`), the one line every writer reads.
struct SetLine: Sendable, Equatable {
    // The small fields sit together (as in `PageLine`): a line is copied often.

    var text: String
    /// Position of the line's box in the content box, in points, from its top-left corner.
    var x: Double
    var y: Double
    /// The measured advance of the text; for a justified line, the width it is stretched to.
    var width: Double
    var height: Double
    /// Which of its chapter's text the line shows, in Unicode scalars of the chapter's paragraphs
    /// one after another (list markers and inserted hyphens not counted): what the page's
    /// `location` is made of. Nil for an empty line and for a footnote's lines, which are not in
    /// the chapter's flow.
    var source: Range<Int>?
    /// The layout broke a word here and added the hyphen that ends `text`.
    var hyphenated: Bool
    /// The line's spaces stretch so that it fills `width`.
    var justified: Bool
    /// It goes on with the source line above it: a code line too long for the measure.
    var continuation = false
    /// A justified line drawn wider than its text, scaled horizontally as a whole by this much
    /// (`ParagraphSetter.expansion`); 1 for most lines.
    var expansion = 1.0
    /// Its paragraph's direction: a right-to-left line starts at the right.
    var direction: TextDirection
    /// For a line of a table cell's text, the cell: its page's content has the cell's box
    /// (`PageContent.cells`).
    var cell: CellPlace?
    /// The faces and sizes of its text, in order, covering all of it (a list marker and an
    /// inserted hyphen included); empty for an empty line.
    var runs: [LineRun]
    /// The line's text in pieces of one direction, in visual order from the left (UTF-16 offsets
    /// of `text`); empty when it is all left to right in a left-to-right paragraph.
    var bidi: [PageLine.BidiPiece]
    /// The page's text, a footnote, the rule above the footnotes, or a table cell's text (never
    /// `other`).
    var role: LineRole
    /// Its ruby readings, placed from its box (`LineSpacer`).
    var rubies: [SetRuby] = []
    /// Its formulas, placed from its box (`LineFormulas`).
    var formulas: [SetFormula] = []

    init(text: String, x: Double, y: Double, width: Double, height: Double,
         hyphenated: Bool = false, justified: Bool = false, source: Range<Int>? = nil, runs: [LineRun] = [],
         direction: TextDirection = .leftToRight, bidi: [PageLine.BidiPiece] = [], role: LineRole = .body,
         cell: CellPlace? = nil) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.hyphenated = hyphenated
        self.justified = justified
        self.source = source
        self.runs = runs
        self.direction = direction
        self.bidi = bidi
        self.role = role
        self.cell = cell
    }
}

/// A face a run was measured in, with the file it came from: a stand-in face's description as
/// the output gives it, and where it is on this machine.
struct MeasuredFace: Sendable, Equatable {
    var description: FaceDescription
    var path: String

    init(_ face: FontFace, role: String) {
        description = FaceDescription(role: role, family: face.family, file: face.fileName,
                                      postScriptName: face.postScriptName, iOSFontName: face.iOSFontName)
        path = face.path
    }

    /// A face the book brings, from its file at `bookPath` in the book: drawn with that file,
    /// under its own PostScript name.
    init(_ face: FontFace, bookPath: String, synthesizesBold: Bool, synthesizesItalic: Bool) {
        description = FaceDescription(role: "book", family: face.family, file: face.fileName,
                                      postScriptName: face.postScriptName, iOSFontName: face.postScriptName,
                                      path: bookPath, synthesizesBold: synthesizesBold,
                                      synthesizesItalic: synthesizesItalic)
        path = ""
    }

    var postScriptName: String { description.postScriptName }

    /// Where each of `faces` is on this machine, by PostScript name (the first of a name kept; a
    /// face with no file of its own left out): for a writer in this process that embeds them.
    static func files(of faces: some Sequence<MeasuredFace>) -> [String: String] {
        Dictionary(faces.filter { !$0.path.isEmpty }.map { ($0.postScriptName, $0.path) }, uniquingKeysWith: { first, _ in first })
    }
}
