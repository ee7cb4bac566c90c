/// Why a font could not be had. Each description is one line, naming the font asked for.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// fontconfig has no font of this family installed, and it is not one of the families the
    /// Liberation fonts stand in for.
    case familyNotInstalled(String)
    /// The font file does not exist or cannot be read.
    case unreadableFile(String)
    /// The path names a FIFO, a device or a directory, which is never read.
    case notRegularFile(String)
    /// The file exists but is not a font FreeType can open.
    case notAFont(String)
    /// FreeType opens the file, but it is not an OpenType/TrueType font HarfBuzz can shape with.
    case notShapeable(String)
    /// FreeType or fontconfig itself could not be started.
    case libraryUnavailable(String)
    /// The font has no OpenType MATH table, which formulas are set by.
    case noMathTable(String)

    public var description: String {
        switch self {
        case .familyNotInstalled(let family):
            return "font family '\(family)' is not installed (fc-list : family shows the installed ones)"
        case .unreadableFile(let path):
            return "font file '\(path)' cannot be opened"
        case .notRegularFile(let path):
            return "font file '\(path)' is not a regular file"
        case .notAFont(let path):
            return "font file '\(path)' is not a font"
        case .notShapeable(let path):
            return "font file '\(path)' is not an OpenType or TrueType font"
        case .libraryUnavailable(let library):
            return "\(library) could not be initialised"
        case .noMathTable(let font):
            return "font '\(font)' has no OpenType MATH table (a math font: TeX Gyre Termes Math, Latin Modern Math, STIX Two Math)"
        }
    }
}
