/// How the pages were made, so a renderer can draw them the same way.
public struct LayoutDescription: Codable, Sendable, Equatable {
    /// The collection view bounds the page size was derived from (`--bounds`); absent when the
    /// page size was given directly.
    public var bounds: Dimensions?
    public var pageSize: Dimensions
    public var margins: Margins
    /// Where the lines go: the page less its margins, from the page's top-left corner.
    public var contentBox: Box
    public var font: FontDescription
    /// The faces the lines' `runs` name by index: regular, italic, bold, bold italic, monospace,
    /// then the sans-serif faces when the book's CSS asks for them, then the faces the book
    /// brings. Absent in documents from before runs were written.
    public var faces: [FaceDescription]?
    /// The faces that set characters the book's faces have no glyphs for (Arabic or Han in a
    /// Latin font), role `standIn`, each once: a run's `standIn` names one by its PostScript
    /// name. Absent when none was needed. In JSON Lines they come in the end line, since they
    /// are known only when every page is.
    public var standIns: [FaceDescription]?
    /// How the footnotes at the pages' feet (lines of role `note`) are set; absent in documents
    /// from before footnotes were.
    public var notes: NoteFontDescription?

    public init(bounds: Dimensions?, pageSize: Dimensions, margins: Margins, contentBox: Box, font: FontDescription,
                faces: [FaceDescription]? = nil, standIns: [FaceDescription]? = nil, notes: NoteFontDescription? = nil) {
        self.bounds = bounds
        self.pageSize = pageSize
        self.margins = margins
        self.contentBox = contentBox
        self.font = font
        self.faces = faces
        self.standIns = standIns
        self.notes = notes
    }
}

/// One face the layout measured with, and the font an iOS renderer should draw it with.
public struct FaceDescription: Codable, Sendable, Equatable {
    /// `regular`, `italic`, `bold`, `boldItalic` or `monospace` (the layout's five faces);
    /// `sansSerif` (the layout's sans-serif faces, for text the book sets in `sans-serif`);
    /// `book` (a face the book brings); `standIn`.
    public var role: String
    public var family: String
    /// The font file measured with (its name only).
    public var file: String
    public var postScriptName: String
    /// Metric-compatible with the face measured (`UIFont(name:size:)`); for a face the book
    /// brings, its own PostScript name, which the app has once it registers the file.
    public var iOSFontName: String
    /// For a face the book brings: its file's path in the book (as an image's `path` is), for
    /// an app to register (`CTFontManagerRegisterFontsForURL`); `--assets` writes it there, an
    /// obfuscated font restored. Nil for a face of this machine's.
    public var path: String?
    /// The face stands in for a bold or italic face its family lacks: a renderer emboldens or
    /// slants it (as a browser synthesizes them), which changes no advance.
    public var synthesizesBold: Bool
    public var synthesizesItalic: Bool

    public init(role: String, family: String, file: String, postScriptName: String, iOSFontName: String,
                path: String? = nil, synthesizesBold: Bool = false, synthesizesItalic: Bool = false) {
        self.role = role
        self.family = family
        self.file = file
        self.postScriptName = postScriptName
        self.iOSFontName = iOSFontName
        self.path = path
        self.synthesizesBold = synthesizesBold
        self.synthesizesItalic = synthesizesItalic
    }

    private enum CodingKeys: String, CodingKey {
        case role, family, file, postScriptName, iOSFontName, path, synthesizesBold, synthesizesItalic
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        role = try container.decode(String.self, forKey: .role)
        family = try container.decode(String.self, forKey: .family)
        file = try container.decode(String.self, forKey: .file)
        postScriptName = try container.decode(String.self, forKey: .postScriptName)
        iOSFontName = try container.decode(String.self, forKey: .iOSFontName)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        synthesizesBold = try container.decodeIfPresent(Bool.self, forKey: .synthesizesBold) ?? false
        synthesizesItalic = try container.decodeIfPresent(Bool.self, forKey: .synthesizesItalic) ?? false
    }

    /// The flags only when true, as everywhere in the format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(family, forKey: .family)
        try container.encode(file, forKey: .file)
        try container.encode(postScriptName, forKey: .postScriptName)
        try container.encode(iOSFontName, forKey: .iOSFontName)
        try container.encodeIfPresent(path, forKey: .path)
        if synthesizesBold { try container.encode(true, forKey: .synthesizesBold) }
        if synthesizesItalic { try container.encode(true, forKey: .synthesizesItalic) }
    }
}

/// The body font at the footnotes' smaller size.
public struct NoteFontDescription: Codable, Sendable, Equatable {
    /// Points.
    public var size: Double
    /// Distance between baselines, in points: the height of each line of a note, and of the rule's box.
    public var lineHeight: Double

    public init(size: Double, lineHeight: Double) {
        self.size = size
        self.lineHeight = lineHeight
    }
}

/// Points.
public struct Dimensions: Codable, Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

public struct Margins: Codable, Sendable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

public struct Box: Codable, Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

public struct FontDescription: Codable, Sendable, Equatable {
    /// The family asked for.
    public var requested: String
    /// The family found and measured with.
    public var family: String
    /// The font file measured with (its name only).
    public var file: String
    public var postScriptName: String
    /// The font an iOS renderer should draw with, metric-compatible with the one measured.
    public var iOSFontName: String
    /// Points.
    public var size: Double
    /// Distance between baselines, in points.
    public var lineHeight: Double

    public init(requested: String, family: String, file: String, postScriptName: String,
                iOSFontName: String, size: Double, lineHeight: Double) {
        self.requested = requested
        self.family = family
        self.file = file
        self.postScriptName = postScriptName
        self.iOSFontName = iOSFontName
        self.size = size
        self.lineHeight = lineHeight
    }
}
