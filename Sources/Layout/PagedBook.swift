import BookModel
import Fonts

/// A book laid out into pages: what the layout hands the writers.
public struct PagedBook: Sendable, Equatable {
    /// The content pages, in reading order (no cover or blank pages: the writer adds those).
    /// Empty when the layout handed them on as it went and kept none (`Layouter.start(…,
    /// keepingPages: false)`); `chapterPageCounts` still counts them.
    public var pages: [LaidOutPage]
    /// How many pages each chapter has, by the chapters' places in the book: the pages of chapter
    /// k follow those of the chapters before it.
    public var chapterPageCounts: [Int]
    /// For each entry of the book's table of contents, the index of the content page where it
    /// lands (in `pages`, when they are kept): the page holding its anchor, else its chapter's
    /// first page, else (the chapter is empty) the next page there is, else (nothing follows, or
    /// the book has no such chapter) the last page. Nil only when there are no pages at all, so
    /// that no entry points at a page not there.
    public var tocPageIndices: [Int?]
    /// For each entry of the book's printed page list, the index of the content page where it
    /// lands, by the same rule.
    public var pageListPageIndices: [Int?]
    /// The geometry and fonts the pages were made with.
    public var geometry: PageGeometry
    public var fonts: FontReport
    /// What the layout had to do without, such as a language with no hyphenation dictionary.
    public var warnings: [Warning]
    /// The faces that set characters the book's fonts have no glyphs for (Arabic or Han in a
    /// Latin font), each once, by PostScript name: what the lines' runs name as `standIn`.
    public var standIns: [FaceReport]
    /// Their families, sorted.
    public var fallbackFamilies: [String] { Set(standIns.map(\.family)).sorted() }

    /// `chapterPageCounts`: nil counts `pages` by their chapters.
    public init(pages: [LaidOutPage], chapterPageCounts: [Int]? = nil, tocPageIndices: [Int?],
                pageListPageIndices: [Int?] = [], geometry: PageGeometry, fonts: FontReport, warnings: [Warning] = [],
                standIns: [FaceReport] = []) {
        self.pages = pages
        self.chapterPageCounts = chapterPageCounts ?? pages.reduce(into: []) { counts, page in
            while counts.count <= page.chapterIndex { counts.append(0) }
            counts[page.chapterIndex] += 1
        }
        self.tocPageIndices = tocPageIndices
        self.pageListPageIndices = pageListPageIndices
        self.geometry = geometry
        self.fonts = fonts
        self.warnings = warnings
        self.standIns = standIns
    }
}

public struct LaidOutPage: Sendable, Equatable {
    /// Index into the book's chapters.
    public var chapterIndex: Int
    /// Top to bottom; an empty line stands for the space between two blocks (images among them).
    public var lines: [LaidOutLine]
    /// The pictures on the page, top to bottom. They show no text of their own.
    public var images: [LaidOutImage]
    /// Where in the chapter's XHTML document the page's text starts, and where it ends (just
    /// past its last character); nil for pages without text and chapters not read from XHTML.
    public var startPosition: DocumentPosition?
    public var endPosition: DocumentPosition?

    public init(chapterIndex: Int, lines: [LaidOutLine], images: [LaidOutImage] = [],
                startPosition: DocumentPosition? = nil, endPosition: DocumentPosition? = nil) {
        self.chapterIndex = chapterIndex
        self.lines = lines
        self.images = images
        self.startPosition = startPosition
        self.endPosition = endPosition
    }

    /// The page's plain text: its lines joined by newlines, exactly what the page shows. The
    /// bytes are copied straight into the string's storage: `joined(separator:)`, or appending
    /// line by line, cost some 900 instructions a line in `String`'s own bookkeeping.
    public var text: String {
        let count = lines.reduce(max(lines.count - 1, 0)) { $0 + $1.text.utf8.count }
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var at = 0
            for (n, line) in lines.enumerated() {
                if n > 0 {
                    buffer[at] = UInt8(ascii: "\n")
                    at += 1
                }
                var text = line.text
                text.withUTF8 { utf8 in
                    guard let source = utf8.baseAddress else { return }
                    (buffer.baseAddress! + at).initialize(from: source, count: utf8.count)
                    at += utf8.count
                }
            }
            return at
        }
    }

    /// The part of its chapter's text the page shows (see `LaidOutLine.source`); nil for a page
    /// without text.
    public var source: Range<Int>? {
        guard let first = lines.first(where: { $0.source != nil })?.source,
              let last = lines.last(where: { $0.source != nil })?.source else { return nil }
        return first.lowerBound..<last.upperBound
    }

    /// True for a page of pictures and no text.
    public var showsOnlyImages: Bool { !images.isEmpty && lines.allSatisfy(\.text.isEmpty) }
}

/// A piece of a line's text in one direction, in UTF-16 units of the line's text.
public struct BidiPiece: Sendable, Equatable {
    public var start: Int
    public var length: Int
    /// Drawn right to left: the piece's glyphs, shaped right to left, from its right end.
    public var rightToLeft: Bool

    public init(start: Int, length: Int, rightToLeft: Bool) {
        self.start = start
        self.length = length
        self.rightToLeft = rightToLeft
    }

    public var end: Int { start + length }
}

/// A picture placed on a page: never split, scaled to fit the content box (`ImageScaling`).
public struct LaidOutImage: Sendable, Equatable {
    /// The image's path inside the book (archive path, or path in the Markdown book's folder).
    public var path: String
    public var alt: String
    /// The box it is drawn in, in points from the content box's top-left corner.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(path: String, alt: String, x: Double, y: Double, width: Double, height: Double) {
        self.path = path
        self.alt = alt
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

public struct LaidOutLine: Sendable, Equatable {
    public var text: String
    /// Position of the line's box in the content box, in points, from its top-left corner.
    public var x: Double
    public var y: Double
    /// The measured advance of the text; for a justified line, the width it is stretched to.
    public var width: Double
    public var height: Double
    /// The layout broke a word here and added the hyphen that ends `text`.
    public var hyphenated: Bool
    /// The line's spaces stretch so that it fills `width`; otherwise it is set at its natural width.
    public var justified: Bool
    /// Which of its chapter's text the line shows, in Unicode scalars of the chapter's paragraphs
    /// one after another (list markers and inserted hyphens not counted); nil for an empty line.
    /// The same text gets the same offsets at any page size, so a place in the book survives a
    /// new layout. Nil for a footnote's lines, which are not in the chapter's flow.
    public var source: Range<Int>?
    /// The faces and sizes of its text, in order, covering all of it (a list marker and an
    /// inserted hyphen included); empty for an empty line.
    public var runs: [LineRun]
    /// Its paragraph's direction: a right-to-left line starts at the right, where `start`
    /// alignment, the first-line indent and the list marker are.
    public var direction: TextDirection
    /// The line's text in pieces of one direction, in visual order from the left (UTF-16 offsets
    /// of `text`); empty when it is all left to right in a left-to-right paragraph.
    public var bidi: [BidiPiece]
    /// What the line belongs to: the page's text, or the footnotes at its foot.
    public var role: Role

    public init(text: String, x: Double, y: Double, width: Double, height: Double,
                hyphenated: Bool = false, justified: Bool = false, source: Range<Int>? = nil, runs: [LineRun] = [],
                direction: TextDirection = .leftToRight, bidi: [BidiPiece] = [], role: Role = .body) {
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
    }

    /// What a line of a page belongs to.
    public enum Role: Sendable, Equatable {
        /// The page's text (an empty line: the space between two of its blocks).
        case body
        /// A footnote at the page's foot, set smaller (an empty line: the space between two of its
        /// paragraphs).
        case note
        /// The short rule that sets the footnotes apart from the text above them: an empty line,
        /// whose box is where the rule is drawn (its width the rule's length, at half its height).
        case noteSeparator
    }
}


/// Sizes in points (the unit of iOS layout).
public struct Size: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

public struct EdgeInsets: Sendable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

public struct PageGeometry: Sendable, Equatable {
    public var pageSize: Size
    public var margins: EdgeInsets
    public init(pageSize: Size, margins: EdgeInsets) {
        self.pageSize = pageSize
        self.margins = margins
    }
    /// The page minus its margins: where lines go.
    public var contentSize: Size {
        Size(width: pageSize.width - margins.left - margins.right,
             height: pageSize.height - margins.top - margins.bottom)
    }
}

/// The body font as found, so a renderer can draw with the same metrics.
public struct FontReport: Sendable, Equatable {
    /// What `--font` asked for: a family name as given, or a font file's name without its
    /// directory.
    public var requested: String
    /// The family fontconfig found.
    public var family: String
    /// The regular face's file.
    public var file: String
    public var postScriptName: String
    /// The PostScript name of the font an iOS renderer should draw with (for `UIFont(name:size:)`):
    /// a metric-compatible system font when one exists (Liberation Serif → Times New Roman's
    /// `TimesNewRomanPSMT`), else the font's own PostScript name.
    public var iOSFontName: String
    public var size: Double
    /// The distance between baselines, in points.
    public var lineHeight: Double
    /// The size and line height of the footnotes at the pages' feet.
    public var noteSize: Double { size * LayoutOptions.noteScale }
    public var noteLineHeight: Double { lineHeight * LayoutOptions.noteScale }

    /// Each face the lines' runs name, in `FaceRole` order (regular, italic, bold, bold italic,
    /// monospace): a style the family lacks is another face standing in.
    public var faces: [FaceReport]

    public init(requested: String, family: String, file: String, postScriptName: String,
                iOSFontName: String, size: Double, lineHeight: Double, faces: [FaceReport] = []) {
        self.requested = requested
        self.family = family
        self.file = file
        self.postScriptName = postScriptName
        self.iOSFontName = iOSFontName
        self.size = size
        self.lineHeight = lineHeight
        self.faces = faces
    }
}

/// One face the layout measured with.
public struct FaceReport: Sendable, Hashable {
    /// The role it has; for a stand-in face, the role of the face it stood in for.
    public var role: FaceRole
    public var family: String
    public var file: String
    public var postScriptName: String
    public var iOSFontName: String
    /// Where the file is on this machine, for a writer in this process that embeds the face (the
    /// HTML preview). No output carries it.
    public var path: String

    public init(role: FaceRole, family: String, file: String, postScriptName: String, iOSFontName: String,
                path: String = "") {
        self.role = role
        self.family = family
        self.file = file
        self.postScriptName = postScriptName
        self.iOSFontName = iOSFontName
        self.path = path
    }

    init(_ face: FontFace, role: FaceRole) {
        self.init(role: role, family: face.family, file: face.fileName, postScriptName: face.postScriptName,
                  iOSFontName: face.iOSFontName, path: face.path)
    }
}
