/// Faces that stand in for characters a face has no glyph for (Arabic in Liberation Serif, Han in
/// any Latin font): the face the table of what iOS draws each script with names
/// (`StandInFamilies`), when it is installed and has the character, else the first in
/// fontconfig's ranking that has it; found the first time each is needed and kept for the
/// rest of the layout. One per `TextMeasurer`, so not thread-safe. The face chosen for a
/// character depends on the character, the face it stands in for and the installed fonts
/// alone (fontconfig's ranking, `FallbackOrder`), never on which characters came first: every
/// measurer of a book finds the same faces, and the widths they share agree with the faces
/// their lines name.
final class FallbackFaces {
    /// Faces loaded so far, by where each came from (`index:path`).
    private var loaded: [String: FontFace?] = [:]
    /// fontconfig's ranking for each (family, bold, italic) stood in for.
    private var orders: [String: FallbackOrder?] = [:]
    /// For each (character, bold, italic) asked about, per family and language: its face, or nil
    /// when no installed font has it.
    private var answers: [String: [UInt64: FontFace?]] = [:]
    /// The families measured in place of a face's, and the characters no font had.
    private(set) var usedFamilies: Set<String> = []
    private(set) var missing: Set<Unicode.Scalar> = []
    /// The text's language (BCP 47), which says whose Han characters they are.
    private let language: String?
    /// The table's faces found so far, by family, weight and slant (nil: not installed).
    private var preferred: [String: FontFace?] = [:]

    init(language: String? = nil) {
        self.language = language
    }

    /// A face like `face` (its family for fontconfig to start from, its weight and slant) that
    /// has `scalar`, or nil when no installed font has it; `language`: the text's, when it is not
    /// the measurer's.
    func face(for scalar: Unicode.Scalar, like face: FontFace, language: String? = nil) -> FontFace? {
        let language = language ?? self.language
        let key = UInt64(scalar.value) << 2 | (face.isBold ? 2 : 0) | (face.isItalic ? 1 : 0)
        let place = language.map { "\(face.family)|\($0)" } ?? face.family
        if let known = answers[place]?[key] { return known }
        let found = tableFace(for: scalar, like: face, language: language) ?? order(near: face)?.firstFont(covering: scalar) { located in
            self.load(located)?.hasGlyph(for: scalar) == true
        }.flatMap(load)
        answers[place, default: [:]][key] = .some(found)
        guard let found else {
            missing.insert(scalar)
            return nil
        }
        usedFamilies.insert(found.family)
        return found
    }

    /// The Chinese or Japanese face of `language` (Japanese when it is neither) in `face`'s
    /// weight and slant, when it has `scalar`: where a character set upright in a face without
    /// vertical metrics is measured, by that face's own.
    func uprightFace(for scalar: Unicode.Scalar, like face: FontFace, language: String?) -> FontFace? {
        guard let found = tableFace(for: "永", like: face, language: language), found.hasVerticalMetrics,
              found.hasGlyph(for: scalar) else { return nil }
        usedFamilies.insert(found.family)
        return found
    }

    /// The face the table names for `scalar`'s script, in `face`'s weight and slant, when it is
    /// installed and has the character.
    private func tableFace(for scalar: Unicode.Scalar, like face: FontFace, language: String?) -> FontFace? {
        guard let choice = StandInFamilies.choice(for: scalar, language: language, serif: Self.isSerif(face)) else { return nil }
        let key = "\(face.isBold ? 1 : 0)\(face.isItalic ? 1 : 0)\(choice.family)"
        if preferred[key] == nil {
            let located = try? FontLocator.locate(family: choice.family, bold: face.isBold, italic: face.isItalic)
            let installed = located.flatMap { $0.families.contains { FontLocator.sameFamily($0, choice.family) } ? $0 : nil }
            preferred[key] = .some(installed.flatMap(load))
        }
        guard let found = preferred[key] ?? nil, found.hasGlyph(for: scalar) else { return nil }
        return found
    }

    /// Whether a face is of a serif family, as far as its name tells (`Sans`, `Mono`, `Gothic`
    /// and the sans-serif faces iOS has by name are not): Han next to it is set in a Mincho.
    static func isSerif(_ face: FontFace) -> Bool {
        let family = face.family.lowercased()
        return !["sans", "mono", "gothic", "arial", "helvetica", "courier"].contains { family.contains($0) }
    }

    private func order(near face: FontFace) -> FallbackOrder? {
        let key = "\(face.isBold ? 1 : 0)\(face.isItalic ? 1 : 0)\(face.family)"
        if let known = orders[key] { return known }
        let order = FontLocator.fallbackOrder(near: face.family, bold: face.isBold, italic: face.isItalic)
        orders[key] = .some(order)
        return order
    }

    private func load(_ located: LocatedFont) -> FontFace? {
        let file = "\(located.index):\(located.path)"
        if let known = loaded[file] { return known }
        let face = try? FontFace(path: located.path, index: located.index)
        loaded[file] = .some(face)
        return face
    }
}
