/// The fonts a book brings: its stylesheets' `@font-face` rules whose files are in the book,
/// with the files' bytes (an obfuscated font already restored). The layout loads and measures
/// them; the output names each by its path in the book.
public struct BookFonts: Sendable, Equatable {
    public var faces: [Face]
    /// Whether the book's stylesheets set some text in `sans-serif`, so the layout loads it.
    public var usesSansSerif = false
    /// The families the faces make, each once, in the order first declared: what a run's
    /// `FontChoice.family` counts (from 1).
    public private(set) var families: [String]

    public static let none = BookFonts(faces: [])

    public init(faces: [Face], usesSansSerif: Bool = false) {
        self.faces = faces
        self.usesSansSerif = usesSansSerif
        families = []
        for face in faces where familyIndex(of: face.family) == nil { families.append(face.family) }
    }

    /// The index in `families` of a family name, which CSS compares without regard to ASCII case.
    public func familyIndex(of name: String) -> Int? {
        families.firstIndex { Self.sameFamily($0, name) }
    }

    /// The faces of family number `index` (of `families`), in the order declared.
    public func faces(ofFamily index: Int) -> [Face] {
        faces.filter { Self.sameFamily($0.family, families[index]) }
    }

    static func sameFamily(_ a: String, _ b: String) -> Bool {
        a.count == b.count && a.lowercased() == b.lowercased()
    }

    /// One `@font-face` of the book, with its file.
    public struct Face: Sendable, Equatable {
        public var family: String
        /// The weights it serves (one, or a variable font's range).
        public var weights: ClosedRange<Int>
        public var style: Style
        /// The characters it serves; empty for all.
        public var unicodeRanges: [ClosedRange<UInt32>]
        /// Its file's path in the book (`OEBPS/fonts/a.otf`).
        public var path: String
        public var bytes: [UInt8]

        public enum Style: Sendable, Equatable {
            case normal, italic, oblique
        }

        public init(family: String, weights: ClosedRange<Int> = 400...400, style: Style = .normal,
                    unicodeRanges: [ClosedRange<UInt32>] = [], path: String, bytes: [UInt8]) {
            self.family = family
            self.weights = weights
            self.style = style
            self.unicodeRanges = unicodeRanges
            self.path = path
            self.bytes = bytes
        }
    }
}

/// Which family a run's `font-family` list asks for, as far as the book can answer it: the
/// first family of the list the book brings faces for, and the generic family the list falls
/// back to after it (for characters those faces lack, or when the book brings none of them).
/// Families that are neither the book's nor generic are passed over: only the book's faces
/// and the layout's own make the pages, so that they measure as a device draws them.
public struct FontChoice: Sendable, Hashable {
    /// The book's family (1 + its index in `BookFonts.families`); 0 for none.
    public var family: UInt8
    public var generic: GenericFamily
    /// The list is the one `body` (or `html`) sets, which a chosen body font (`--font`) replaces.
    public var isBodyFamily: Bool

    /// What the list falls back to: the body's fonts (`serif`, and any list without a generic
    /// family the layout has), or the layout's sans-serif or monospace faces.
    public enum GenericFamily: UInt8, Sendable, Hashable {
        case body, sansSerif, monospace
    }

    /// Asks for nothing of its own: the body's fonts.
    public static let body = FontChoice(family: 0, generic: .body, isBodyFamily: false)

    public init(family: UInt8, generic: GenericFamily, isBodyFamily: Bool) {
        self.family = family
        self.generic = generic
        self.isBodyFamily = isBodyFamily
    }

    /// The index in `BookFonts.families` of the book's family it asks for, if any.
    public var bookFamily: Int? { family == 0 ? nil : Int(family) - 1 }
}
