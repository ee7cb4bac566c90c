import BookModel
import Fonts
import PageFormat

/// The faces one book's runs are set in, numbered as the output's `layout.faces`: the layout's
/// five (`FaceRole`), the sans-serif family's four when the book's CSS asks for `sans-serif`,
/// then the faces the book brings (`Metadata.fonts`), loaded from their bytes. A run's
/// `font-family` choice (`FontChoice`) is answered here, as CSS Fonts 3 §5 matches a face:
/// the book's family if it has faces, its best face for the weight and style asked (a bold or
/// italic it lacks synthesized on the nearest face, a face of its own in the list), for the
/// characters its `unicode-range` serves and its character map has; the list's generic family
/// for the rest.
struct BookFaces: Sendable {
    /// Every face by number. A synthesized bold or italic is a number of its own sharing its
    /// face's `FontFace`.
    let faces: [FontFace]
    /// What the output says of each, with where its file is on this machine (none for the book's).
    let measured: [MeasuredFace]
    /// A face of the book that could not be loaded, in the order declared.
    let warnings: [Warning]
    /// For each of the book's families (as `BookFonts.families`): its face for regular, italic,
    /// bold and bold italic text, by `FaceRole` raw value; empty for a family none loaded of.
    private let families: [[Pick]]
    /// The first of the sans-serif faces (regular, italic, bold, bold italic), when loaded.
    private let sansSerif: Int?
    /// `--font` was given: the book's family for its body yields to it.
    private let bodyFontChosen: Bool

    /// A face of a book's family, and the characters it serves (`unicode-range`; empty for all).
    struct Pick: Sendable {
        var number: Int
        var ranges: [ClosedRange<UInt32>]

        func serves(_ scalar: Unicode.Scalar) -> Bool {
            ranges.isEmpty || ranges.contains { $0.contains(scalar.value) }
        }
    }

    /// The layout's five faces alone.
    init(fonts: FontSet) {
        self.init(fonts: fonts, book: .none, useBookFonts: false, bodyFontChosen: false)
    }

    /// `book`'s faces after the layout's, unless `useBookFonts` is false; the sans-serif faces
    /// when the book asks for them and they are installed (`sansSerifFamily`).
    init(fonts: FontSet, book: BookFonts, useBookFonts: Bool, bodyFontChosen: Bool,
         sansSerifFamily: String = LayoutOptions.defaultSansSerifFont) {
        var faces = FaceRole.allCases.map { fonts.face($0) }
        var measured = FaceRole.allCases.map { MeasuredFace(fonts.face($0), role: $0.name) }
        var warnings: [Warning] = []
        self.bodyFontChosen = bodyFontChosen
        let book = useBookFonts ? book : .none
        if book.usesSansSerif, let sans = try? FontSet(font: sansSerifFamily) {
            sansSerif = faces.count
            for face in [sans.regular, sans.italic, sans.bold, sans.boldItalic] {
                faces.append(face)
                measured.append(MeasuredFace(face, role: "sansSerif"))
            }
        } else {
            sansSerif = nil
        }

        // Each file loaded once, however many rules name it.
        var loaded: [String: FontFace?] = [:]
        var families: [[Pick]] = []
        for family in book.families.indices {
            var members: [(face: BookFonts.Face, loaded: FontFace)] = []
            for face in book.faces(ofFamily: family) {
                if loaded[face.path] == nil {
                    do {
                        loaded[face.path] = .some(try FontFace(bytes: face.bytes, name: face.path))
                    } catch {
                        loaded[face.path] = .some(nil)
                        warnings.append(Warning(entry: face.path, "the font of family '\(face.family)' cannot be used "
                                                + "(\(Self.reason(error))); its text is set in the next family of its list"))
                    }
                }
                if let font = loaded[face.path] ?? nil { members.append((face, font)) }
            }
            guard !members.isEmpty else {
                families.append([])
                continue
            }
            // The four faces CSS matching picks, each numbered once (a synthesized style apart).
            var numbers: [String: Int] = [:]
            let picks = FaceRole.allCases.prefix(4).map { role -> Pick in
                let member = Self.match(members.map(\.face), bold: role.isBold, italic: role.isItalic)
                let (face, font) = members[member]
                let synthesizesBold = role.isBold && face.weights.upperBound < 600
                let synthesizesItalic = role.isItalic && face.style == .normal
                let key = "\(member) \(synthesizesBold) \(synthesizesItalic)"
                if let number = numbers[key] { return Pick(number: number, ranges: face.unicodeRanges) }
                numbers[key] = faces.count
                faces.append(font)
                measured.append(MeasuredFace(font, bookPath: face.path, synthesizesBold: synthesizesBold,
                                             synthesizesItalic: synthesizesItalic))
                return Pick(number: faces.count - 1, ranges: face.unicodeRanges)
            }
            families.append(picks)
        }
        self.faces = faces
        self.measured = measured
        self.warnings = warnings
        self.families = families
    }

    /// The face of the book's family `choice` asks for, for text of this weight and style;
    /// nil when the choice names none the book could load (or the book's fonts are not used).
    func bookFace(for choice: FontChoice, bold: Bool, italic: Bool) -> Pick? {
        guard let family = choice.bookFamily, family < families.count, !families[family].isEmpty,
              !(choice.isBodyFamily && bodyFontChosen) else { return nil }
        return families[family][FaceRole(bold: bold, italic: italic, code: false).rawValue]
    }

    /// The face of the layout's own for text `choice` does not set in one of the book's: its
    /// generic family's (sans-serif when loaded), or the body's (monospace for code).
    func layoutFace(for choice: FontChoice, bold: Bool, italic: Bool, code: Bool) -> Int {
        let role = FaceRole(bold: bold, italic: italic, code: code || choice.generic == .monospace)
        if choice.generic == .sansSerif, !code, let sansSerif, !(choice.isBodyFamily && bodyFontChosen) {
            return sansSerif + role.rawValue
        }
        return role.rawValue
    }

    /// CSS Fonts 3 §5.2 among a family's faces: the style first (italic, else oblique, else
    /// normal; normal, else oblique, else italic), then the weight (for 400: 400, 500, then
    /// lighter ones downwards, then heavier upwards; for 700: 700 and heavier upwards, then
    /// lighter downwards). The first declared wins a tie.
    static func match(_ faces: [BookFonts.Face], bold: Bool, italic: Bool) -> Int {
        let styles: [BookFonts.Face.Style] = italic ? [.italic, .oblique, .normal] : [.normal, .oblique, .italic]
        let style = styles.first { style in faces.contains { $0.style == style } } ?? .normal
        let candidates = faces.indices.filter { faces[$0].style == style }
        let wanted = bold ? 700 : 400
        func distance(_ weights: ClosedRange<Int>) -> (Int, Int) {
            if weights.contains(wanted) { return (0, 0) }
            if !bold, weights.contains(500) { return (1, 0) }
            let below = weights.upperBound < wanted
            // Which side is tried first, then how far.
            let firstSide = bold ? !below : below
            let gap = below ? wanted - weights.upperBound : weights.lowerBound - wanted
            return (firstSide ? 2 : 3, gap)
        }
        return candidates.min { distance(faces[$0].weights) < distance(faces[$1].weights) } ?? 0
    }

    private static func reason(_ error: any Error) -> String {
        switch error as? FontError {
        case .notAFont?: "not a font"
        case .notShapeable?: "not an OpenType or TrueType font"
        default: String(describing: error)
        }
    }
}
