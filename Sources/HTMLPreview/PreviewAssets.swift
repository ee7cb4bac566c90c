import Foundation

/// The bytes a preview embeds, so that the one HTML file needs nothing else: the font files the
/// layout measured with, and the book's images.
public struct PreviewAssets: Sendable {
    /// The file of each face in `layout.faces` and `layout.standIns`, by PostScript name. A face
    /// without one is drawn in the installed font of that name, if any (the browser check then
    /// reports it as not loaded).
    public var fonts: [String: Data]
    /// The pictures the pages and the cover show, by their path in the book.
    public var images: [String: Data]
    /// The outlines of the glyphs the pages' formulas draw, by their face's PostScript name: a
    /// glyph of a formula is drawn by id (a stretched bracket has no character), which only a
    /// path can do in a page.
    public var glyphs: [String: GlyphOutlines]

    public init(fonts: [String: Data], images: [String: Data] = [:], glyphs: [String: GlyphOutlines] = [:]) {
        self.fonts = fonts
        self.images = images
        self.glyphs = glyphs
    }
}

/// Glyphs of one face as SVG path data by glyph id, in the face's units (`unitsPerEm` to the
/// em), y going up.
public struct GlyphOutlines: Sendable {
    public var unitsPerEm: Int
    public var paths: [Int: String]

    public init(unitsPerEm: Int, paths: [Int: String]) {
        self.unitsPerEm = unitsPerEm
        self.paths = paths
    }
}
