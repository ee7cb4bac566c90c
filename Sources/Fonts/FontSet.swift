import CFreeType
import FileNames

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

    /// The files of the regular, italic, bold and bold italic faces `init(font:)` takes for
    /// `family`, found as it finds them but none loaded: what an output's provenance records of
    /// a family the layout may use. A style the family lacks is its regular face's file. (A file
    /// fontconfig lists is one FreeType opened when fontconfig scanned it, so it is the file
    /// `init` would load.)
    public static func faceFiles(ofFamily family: String) throws -> [String] {
        let regular = try locateInstalled(family: family)
        // The family as the regular face names itself, which `init` compares the styles with.
        let name = try familyName(of: regular)
        return [regular.path] + [(false, true), (true, false), (true, true)].map { bold, italic in
            guard let located = try? FontLocator.locate(family: name, bold: bold, italic: italic),
                  located.families.contains(where: { FontLocator.sameFamily($0, name) }) else { return regular.path }
            return located.path
        }
    }

    /// The family name FreeType reads in a face (`FontFace.family`), without loading the face
    /// for shaping.
    private static func familyName(of located: LocatedFont) throws -> String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError.libraryUnavailable("FreeType") }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let error = FileName.withCString(located.path) { FT_New_Face(library, $0, FT_Long(located.index), &face) }
        guard error == 0, let face else { throw FontError.notAFont(located.path) }
        defer { FT_Done_Face(face) }
        return face.pointee.family_name.map { String(cString: $0) } ?? ""
    }

    /// Whether a `--font` value names a file rather than a family.
    public static func isFontFile(_ font: String) -> Bool {
        if font.contains("/") { return true }
        let lower = font.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }

    /// The regular face of `family` if it is installed, or of the Liberation family with its
    /// metrics (`Times` → Liberation Serif). fontconfig answers any other name with some font
    /// too; taking that would set a book in DejaVu Sans because of a typing mistake. Nor is its
    /// answer for a metric alias taken: other packages alias the same names to fonts of other
    /// metrics (`fonts-texgyre` answers `Times` with TeX Gyre Termes), and the pages must
    /// measure as the iOS font of that name draws.
    private static func locateInstalled(family: String) throws -> LocatedFont {
        let located = try FontLocator.locate(family: family, bold: false, italic: false)
        if located.families.contains(where: { FontLocator.sameFamily(family, $0) }) { return located }
        if let liberation = MetricCompatibleFamilies.liberationFamily(standingInFor: family) {
            let standIn = try FontLocator.locate(family: liberation, bold: false, italic: false)
            if standIn.families.contains(where: { FontLocator.sameFamily(liberation, $0) }) { return standIn }
        }
        throw FontError.familyNotInstalled(family)
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
