import CFreeType

/// The faces a book is set in: the body family's regular, italic, bold and bold italic, and a
/// monospace face for code.
public struct FontSet: Sendable {
    /// What was asked for: a family name as given, or a font file's name without its directory
    /// (reports carry no paths of this machine).
    public let requested: String
    public let regular: FontFace
    public let italic: FontFace
    public let bold: FontFace
    public let boldItalic: FontFace
    public let monospace: FontFace
    /// What had to be made do with: a style the family does not have.
    public let warnings: [String]

    public static let defaultMonospaceFamily = "Liberation Mono"

    /// `font` is a family name looked up through fontconfig, or the path of a font file (it
    /// contains a `/` or ends in a font file extension); a file's bold and italic faces are
    /// looked up by the family name inside it. A family must be installed, or be one that
    /// fontconfig answers with a Liberation font by design (`Times New Roman`, `Arial`); the same
    /// goes for `monospaceFamily`.
    public init(font: String, monospaceFamily: String = FontSet.defaultMonospaceFamily) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError.libraryUnavailable("FreeType")
        }
        defer { FT_Done_FreeType(library) }
        var loader = FaceLoader(library: library)

        let regular: FontFace
        if FontSet.isFontFile(font) {
            regular = try loader.load(path: font, index: 0)
            requested = FontFace.fileName(ofPath: font)
        } else {
            regular = try loader.load(FontSet.locateInstalled(family: font))
            requested = font
        }
        self.regular = regular

        var warnings: [String] = []
        func styled(bold: Bool, italic: Bool, name: String) -> FontFace {
            let family = regular.family
            if let located = try? FontLocator.locate(family: family, bold: bold, italic: italic),
               located.families.contains(where: { FontLocator.sameFamily($0, family) }),
               let face = try? loader.load(located), face !== regular {
                return face
            }
            warnings.append("font family '\(family)' has no \(name) face: using its regular face")
            return regular
        }
        italic = styled(bold: false, italic: true, name: "italic")
        bold = styled(bold: true, italic: false, name: "bold")
        boldItalic = styled(bold: true, italic: true, name: "bold italic")

        monospace = try loader.load(FontSet.locateInstalled(family: monospaceFamily))
        self.warnings = warnings
    }

    /// Whether a `--font` value names a file rather than a family.
    public static func isFontFile(_ font: String) -> Bool {
        if font.contains("/") { return true }
        let lower = font.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }

    /// The regular face of `family` if it is installed, or of the Liberation family fontconfig
    /// answers it with by design. fontconfig answers any other name with some font too; taking
    /// that would set a book in DejaVu Sans because of a typing mistake. A family the Liberation
    /// fonts stand in for (`Times`) that fontconfig answers with another of its metric aliases
    /// (TeX Gyre Termes, where `fonts-texgyre` is installed) is set in the Liberation family
    /// still, so the pages are the same whatever else the machine has.
    private static func locateInstalled(family: String) throws -> LocatedFont {
        let located = try FontLocator.locate(family: family, bold: false, italic: false)
        if located.families.contains(where: { FontLocator.sameFamily($0, family) }) { return located }
        guard let liberation = MetricCompatibleFamilies.liberationFamily(standingInFor: family) else {
            throw FontError.familyNotInstalled(family)
        }
        if located.families.contains(where: { FontLocator.sameFamily($0, liberation) }) { return located }
        let standIn = try FontLocator.locate(family: liberation, bold: false, italic: false)
        guard standIn.families.contains(where: { FontLocator.sameFamily($0, liberation) }) else {
            throw FontError.familyNotInstalled(family)
        }
        return standIn
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
