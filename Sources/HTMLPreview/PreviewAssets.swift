import Foundation

/// The bytes a preview embeds, so that the one HTML file needs nothing else: the font files the
/// layout measured with, and the book's images.
public struct PreviewAssets: Sendable {
    /// One for each face of `layout.faces`, in its order: the face's font file, or nil when it
    /// could not be found (the browser then draws those runs in a font of its own choosing, and
    /// the browser check reports the face as not loaded).
    public var faces: [Data?]
    /// The faces that stood in for characters the book's faces lack (Arabic, Han), in the order
    /// the browser should try them.
    public var fallbacks: [FallbackFont]
    /// The pictures the pages and the cover show, by their path in the book.
    public var images: [String: Data]

    public init(faces: [Data?], fallbacks: [FallbackFont] = [], images: [String: Data] = [:]) {
        self.faces = faces
        self.fallbacks = fallbacks
        self.images = images
    }
}

/// One file of a stand-in family: fontconfig's face for that weight and slant.
public struct FallbackFont: Sendable, Equatable {
    public var family: String
    public var data: Data
    public var bold: Bool
    public var italic: Bool

    public init(family: String, data: Data, bold: Bool, italic: Bool) {
        self.family = family
        self.data = data
        self.bold = bold
        self.italic = italic
    }
}
