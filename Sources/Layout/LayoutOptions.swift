import BookModel
import Fonts
import PageFormat

/// Everything the layout needs to know besides the book.
public struct LayoutOptions: Sendable, Equatable {
    public var geometry: PageGeometry
    /// A fontconfig family name (`Liberation Serif`, `Times New Roman`) or a font file path.
    public var font: String
    /// The body text size in points.
    public var fontSize: Double
    /// Distance between baselines as a multiple of the font size.
    public var lineHeight: Double
    /// The fontconfig family for code and preformatted text.
    public var codeFont: String
    /// How body paragraphs fill their lines.
    public var alignment: LineAlignment
    /// Whether the faces the book brings set the text its CSS asks them for (`--book-fonts`);
    /// off, every run is set in the layout's own faces.
    public var usesBookFonts = true
    /// `--font` was given: the body's text is set in it even where the book's CSS sets the
    /// body in a face of its own; other elements keep theirs.
    public var bodyFontChosen = false
    /// Whether lines are set horizontally or in vertical columns (`--writing-mode`).
    public var writingMode = WritingModeChoice.auto
    /// The face formulas are set in (`--math-font`): a family or a font file with an OpenType
    /// MATH table; nil, `defaultMathFont`, when installed.
    public var mathFont: String?
    /// The language the text is set in (`--lang`): where the book names none, or for all of it.
    public var language: LanguageSetting?
    /// What the book's metadata says instead (`--metadata`): the layout reads the language and
    /// the direction, the output all of it.
    public var metadata = MetadataOverrides()
    /// How much wider a justified line's text may be drawn than its natural width, as a share of
    /// it (`--glyph-scaling`, in percent): 0.02, InDesign's common 102 % and pdfTeX's default
    /// font expansion, too little to see in a letter, enough to spare a narrow measure most of
    /// its loose lines. 0: text is never scaled.
    public var glyphScaling = 0.02

    public init(geometry: PageGeometry = LayoutOptions.defaultGeometry, font: String = LayoutOptions.defaultFont,
                fontSize: Double = 17, lineHeight: Double = 1.4, codeFont: String = LayoutOptions.defaultCodeFont,
                alignment: LineAlignment = .justify) {
        self.geometry = geometry
        self.font = font
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.codeFont = codeFont
        self.alignment = alignment
    }

    /// The body text's distance between baselines, in points.
    var bodyLineHeight: Double { fontSize * lineHeight }

    /// Footnotes at a page's foot are set at this share of the body's size and line height.
    public static let noteScale = 0.8
    /// The rule above them is this share of the content box's width.
    static let noteRuleShare = 1.0 / 3

    /// Liberation Serif has the metrics of Times New Roman, which every iOS device has.
    public static let defaultFont = "Liberation Serif"
    /// Liberation Mono has the metrics of Courier New.
    public static let defaultCodeFont = "Liberation Mono"
    /// Formulas are set in TeX Gyre Termes Math, a Times face beside the body's Liberation Serif.
    public static let defaultMathFont = MathFont.defaultFamily
    /// What the book's `sans-serif` is set in: Liberation Sans has the metrics of Arial.
    public static let defaultSansSerifFont = "Liberation Sans"

    /// The page of the default target (BookLayout's, for a 1024×768 view), with 40-point
    /// margins. A conversion lays out at its target's page size; the layout knows no target.
    public static let defaultGeometry = PageGeometry(
        pageSize: Dimensions(width: 492, height: 718),
        margins: Margins(top: 40, right: 40, bottom: 40, left: 40))
}

/// How body paragraphs fill their lines. Headings, table rows, code and the last line of every
/// paragraph are never stretched.
public enum LineAlignment: String, Sendable, Equatable, CaseIterable {
    /// Spaces stretch so that every line but a paragraph's last fills the measure.
    case justify
    /// Ragged: lines keep their natural spacing and start at the paragraph's start edge (the
    /// right one in a right-to-left book).
    case left
}

/// How a book's lines run (`--writing-mode`).
public enum WritingModeChoice: String, Sendable, Equatable, CaseIterable {
    /// As the book asks: vertically when its CSS's `writing-mode`, its package's
    /// `primary-writing-mode`, or a right-to-left page progression in Chinese, Japanese or
    /// Korean says so (`Metadata.writesVertically`), else horizontally.
    case auto
    case horizontal
    /// In columns set top to bottom, placed from the right (CSS `vertical-rl`).
    case vertical

    /// Whether a book of `metadata` is set in columns.
    public func setsVertically(_ metadata: Metadata) -> Bool {
        self == .vertical || (self == .auto && metadata.writesVertically)
    }

    /// `metadata` as the output gives it: a book set in columns turns its pages from right to
    /// left, whatever its package says (a lone document, or `--writing-mode vertical`).
    func pageProgression(of metadata: Metadata) -> Metadata {
        guard setsVertically(metadata) else { return metadata }
        var turned = metadata
        turned.direction = .rightToLeft
        return turned
    }
}

/// The page and its margins, in points (the unit of iOS layout).
public struct PageGeometry: Sendable, Equatable {
    public var pageSize: Dimensions
    public var margins: Margins
    public init(pageSize: Dimensions, margins: Margins) {
        self.pageSize = pageSize
        self.margins = margins
    }
    /// The page minus its margins: where lines go.
    public var contentSize: Dimensions {
        Dimensions(width: pageSize.width - margins.left - margins.right,
                   height: pageSize.height - margins.top - margins.bottom)
    }
}

/// The language a book's text is set in when the user names one (`--lang`): what its
/// paragraphs are hyphenated and broken in, and what the output's metadata says.
public enum LanguageSetting: Sendable, Equatable {
    /// The book's where it names one (its package, a chapter's or a paragraph's markup); this
    /// where it names none, instead of a guess from its text.
    case fallback(String)
    /// This, whatever the book's markup says: for a book that names a wrong language.
    case override(String)

    public var tag: String {
        switch self {
        case .fallback(let tag), .override(let tag): tag
        }
    }
}

extension LayoutOptions {
    /// `metadata` as the layout and the output take it: with what `--metadata` says instead,
    /// the language `--lang` sets, and turned right to left when the book is set in columns.
    public func applied(to metadata: Metadata) -> Metadata {
        var metadata = writingMode.pageProgression(of: self.metadata.applied(to: metadata))
        switch language {
        case .fallback(let tag) where metadata.language?.isEmpty ?? true: metadata.language = tag
        case .override(let tag): metadata.language = tag
        case .fallback, nil: break
        }
        return metadata
    }

    /// Whether the languages the book's markup names are set aside (`--lang TAG!`).
    var overridesMarkupLanguages: Bool {
        if case .override = language { return true }
        return false
    }
}

/// What the output's metadata says instead of the book's (`--metadata KEY=VALUE`); nil: the
/// book's.
public struct MetadataOverrides: Sendable, Equatable {
    public enum Key: String, CaseIterable, Sendable {
        case title, author, lang, direction, identifier, date
    }

    public var title: String?
    /// In order; the book's other creators (illustrators, translators) stay after them.
    public var authors: [String]?
    public var language: String?
    public var direction: TextDirection?
    public var identifier: String?
    public var date: String?

    public init() {}

    /// Each given, as `KEY=VALUE` by the command's names, in a fixed order: for the fingerprint.
    public var settings: [String] {
        var settings: [String] = []
        if let title { settings.append("title=\(title)") }
        for author in authors ?? [] { settings.append("author=\(author)") }
        if let language { settings.append("lang=\(language)") }
        if let direction { settings.append("direction=" + (direction == .rightToLeft ? "rtl" : "ltr")) }
        if let identifier { settings.append("identifier=\(identifier)") }
        if let date { settings.append("date=\(date)") }
        return settings
    }

    func applied(to metadata: Metadata) -> Metadata {
        var metadata = metadata
        if let title { metadata.title = title }
        if let authors {
            metadata.creators = authors.map { Metadata.Creator(name: $0) } + metadata.creators.filter { !$0.isAuthor }
        }
        if let language { metadata.language = language }
        if let direction { metadata.direction = direction }
        if let identifier { metadata.identifier = identifier }
        if let date { metadata.date = date }
        return metadata
    }
}
