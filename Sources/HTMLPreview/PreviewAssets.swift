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

    public init(fonts: [String: Data], images: [String: Data] = [:]) {
        self.fonts = fonts
        self.images = images
    }
}
