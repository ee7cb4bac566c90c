import CFreeType

/// The faces a book is set in: the body family's regular, italic, bold and bold italic, and a
/// monospace face for code.
public struct FontSet: Sendable {
    /// What was asked for: a family name or a font file path, as given.
    public let requested: String
    public let regular: FontFace
    public let italic: FontFace
    public let bold: FontFace
    public let boldItalic: FontFace
    public let monospace: FontFace
    /// True when fontconfig answered the requested family with another one (as it answers
    /// "Times New Roman" with Liberation Serif), so the caller can say so.
    public let isSubstitute: Bool
    /// What had to be made do with: a substituted family, a missing style.
    public let warnings: [String]

    public static let defaultMonospaceFamily = "Liberation Mono"

    /// `font` is a family name looked up through fontconfig, or the path of a font file (it
    /// contains a `/` or ends in a font file extension); a file's bold and italic faces are
    /// looked up by the family name inside it.
    public init(font: String, monospaceFamily: String = FontSet.defaultMonospaceFamily) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError.libraryUnavailable("FreeType")
        }
        defer { FT_Done_FreeType(library) }
        var loader = FaceLoader(library: library)

        requested = font
        var warnings: [String] = []
        let regular: FontFace
        if FontSet.isFontFile(font) {
            regular = try loader.load(path: font, index: 0)
            isSubstitute = false
        } else {
            let located = try FontLocator.locate(family: font, bold: false, italic: false)
            regular = try loader.load(located)
            isSubstitute = !located.families.contains { $0.lowercased() == font.lowercased() }
            if isSubstitute {
                warnings.append("font family '\(font)' is not installed: using '\(regular.family)'")
            }
        }
        self.regular = regular

        func styled(bold: Bool, italic: Bool, name: String) -> FontFace {
            let family = regular.family
            if let located = try? FontLocator.locate(family: family, bold: bold, italic: italic),
               located.families.contains(where: { $0.lowercased() == family.lowercased() }),
               let face = try? loader.load(located), face !== regular {
                return face
            }
            warnings.append("font family '\(family)' has no \(name) face: using its regular face")
            return regular
        }
        italic = styled(bold: false, italic: true, name: "italic")
        bold = styled(bold: true, italic: false, name: "bold")
        boldItalic = styled(bold: true, italic: true, name: "bold italic")

        let mono = try FontLocator.locate(family: monospaceFamily, bold: false, italic: false)
        monospace = try loader.load(mono)
        if !mono.families.contains(where: { $0.lowercased() == monospaceFamily.lowercased() }) {
            warnings.append("font family '\(monospaceFamily)' is not installed: using '\(monospace.family)' for code")
        }
        self.warnings = warnings
    }

    public func face(bold: Bool, italic: Bool) -> FontFace {
        switch (bold, italic) {
        case (false, false): regular
        case (false, true): self.italic
        case (true, false): self.bold
        case (true, true): boldItalic
        }
    }

    /// Whether a `--font` value names a file rather than a family.
    public static func isFontFile(_ font: String) -> Bool {
        if font.contains("/") { return true }
        let lower = font.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }
}

/// Loads each (file, index) once, so a family whose styles fall back to one file shares a face.
private struct FaceLoader {
    let library: FT_Library
    var loaded: [String: FontFace] = [:]

    init(library: FT_Library) { self.library = library }

    mutating func load(_ located: LocatedFont) throws -> FontFace {
        try load(path: located.path, index: located.index)
    }

    mutating func load(path: String, index: Int) throws -> FontFace {
        let key = "\(index):\(path)"
        if let face = loaded[key] { return face }
        let face = try FontFace(path: path, index: index, library: library)
        loaded[key] = face
        return face
    }
}
