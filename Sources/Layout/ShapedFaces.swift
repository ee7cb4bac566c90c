import Fonts

/// The faces a paragraph with spaced or featured runs is measured in: the book's faces, then
/// each variant its runs need (`FontFace.variant(with:)`: the same font shaped with the run's
/// features, and with ligatures off where its letters are spaced). A variant is a face of its
/// own to the measurer, so its widths are kept and shared apart from the plain face's, and the
/// width cache needs no key of features; a plain run keeps its face, and shares its widths.
struct ShapedFaces {
    /// The segmenter's faces (by number, `BookFaces`) and the variants after them.
    private(set) var faces: [FontFace]
    /// The index in `faces` each of the paragraph's runs is measured in.
    private(set) var runFaces: [Int]

    init(_ paragraph: StyledParagraph, features: FaceFeatures, faces: [FontFace]) {
        self.faces = faces
        runFaces = []
        runFaces.reserveCapacity(paragraph.runs.count)
        // The variants met so far, by their face and features: a paragraph's runs repeat them
        // (small capitals synthesized alternate in size, not in face).
        var found: [FoundKey: Int] = [:]
        for run in paragraph.runs {
            let list = features.shapingFeatures(of: run.shaping, in: run.face)
            let upright = run.shaping.upright
            guard !list.isEmpty || upright else {
                runFaces.append(run.face)
                continue
            }
            let key = FoundKey(face: run.face, features: list, upright: upright)
            if let index = found[key] {
                runFaces.append(index)
                continue
            }
            let variant = faces[run.face].variant(with: list)
            self.faces.append(upright ? variant.upright() : variant)
            found[key] = self.faces.count - 1
            runFaces.append(self.faces.count - 1)
        }
    }

    private struct FoundKey: Hashable {
        var face: Int
        var features: [ShapingFeature]
        var upright: Bool
    }
}
