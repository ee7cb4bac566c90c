/// Faces that stand in for characters a face has no glyph for (Arabic in Liberation Serif, Han in
/// any Latin font), found through fontconfig the first time each is needed and kept for the
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
    /// For each (character, bold, italic) asked about, per family: its face, or nil when no
    /// installed font has it.
    private var answers: [String: [UInt64: FontFace?]] = [:]
    /// The families measured in place of a face's, and the characters no font had.
    private(set) var usedFamilies: Set<String> = []
    private(set) var missing: Set<Unicode.Scalar> = []

    /// A face like `face` (its family for fontconfig to start from, its weight and slant) that
    /// has `scalar`, or nil when no installed font has it.
    func face(for scalar: Unicode.Scalar, like face: FontFace) -> FontFace? {
        let key = UInt64(scalar.value) << 2 | (face.isBold ? 2 : 0) | (face.isItalic ? 1 : 0)
        if let known = answers[face.family]?[key] { return known }
        let found = order(near: face)?.firstFont(covering: scalar) { located in
            self.load(located)?.hasGlyph(for: scalar) == true
        }.flatMap(load)
        answers[face.family, default: [:]][key] = .some(found)
        guard let found else {
            missing.insert(scalar)
            return nil
        }
        usedFamilies.insert(found.family)
        return found
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
