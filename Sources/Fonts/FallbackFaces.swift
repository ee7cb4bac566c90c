/// Faces that stand in for characters a face has no glyph for (Arabic in Liberation Serif, Han in
/// any Latin font), found through fontconfig the first time each is needed and kept for the
/// rest of the layout. One per `TextMeasurer`, so not thread-safe; each measurer finds the same
/// faces, since fontconfig answers the same question the same way.
final class FallbackFaces {
    /// Faces found so far, in the order found, and where each came from (`index:path`).
    private var faces: [FontFace] = []
    private var files: [String: Int] = [:]
    /// For each (character, bold, italic) asked about: its face's index in `faces`, or -1 when
    /// no installed font has it.
    private var answers: [UInt64: Int] = [:]
    /// The families measured in place of a face's, and the characters no font had.
    private(set) var usedFamilies: Set<String> = []
    private(set) var missing: Set<Unicode.Scalar> = []

    /// A face like `face` (its family for fontconfig to start from, its weight and slant) that
    /// has `scalar`, or nil when no installed font has it.
    func face(for scalar: Unicode.Scalar, like face: FontFace) -> FontFace? {
        let key = UInt64(scalar.value) << 2 | (face.isBold ? 2 : 0) | (face.isItalic ? 1 : 0)
        if let known = answers[key] { return known >= 0 ? faces[known] : nil }
        // A face found for a character before most often has its neighbours too.
        var found = faces.firstIndex { $0.isBold == face.isBold && $0.isItalic == face.isItalic && $0.hasGlyph(for: scalar) }
        if found == nil, let located = FontLocator.locate(covering: scalar, near: face.family, bold: face.isBold,
                                                          italic: face.isItalic) {
            let file = "\(located.index):\(located.path)"
            found = files[file]
            if found == nil, let loaded = try? FontFace(path: located.path, index: located.index) {
                faces.append(loaded)
                files[file] = faces.count - 1
                found = faces.count - 1
            }
            if let index = found, !faces[index].hasGlyph(for: scalar) { found = nil }
        }
        answers[key] = found ?? -1
        guard let found else {
            missing.insert(scalar)
            return nil
        }
        usedFamilies.insert(faces[found].family)
        return faces[found]
    }
}
