import PageFormat

/// The outlines of every glyph the document's formulas draw, once each, as SVG paths in one
/// hidden drawing that the formulas `use` by id: a glyph's path is scaled to one point per em,
/// so that a formula draws it at its size with a scale alone.
enum GlyphDefinitions {
    /// `faces`: the layout's stand-in faces, whose place among them names a formula's face.
    static func svg(faces: [FaceDescription], glyphs: [String: GlyphOutlines]) -> String {
        var defs = ""
        for (index, face) in faces.enumerated() {
            guard let outlines = glyphs[face.postScriptName], outlines.unitsPerEm > 0 else { continue }
            let scale = 1 / Double(outlines.unitsPerEm)
            for (glyph, path) in outlines.paths.sorted(by: { $0.key < $1.key }) {
                defs += "<path id=\"\(id(face: index, glyph: glyph))\" transform=\"scale(\(scale))\" d=\"\(path)\"/>"
            }
        }
        guard !defs.isEmpty else { return "" }
        return "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>\(defs)</defs></svg>"
    }

    static func id(face: Int, glyph: Int) -> String { "g\(face)-\(glyph)" }
}
