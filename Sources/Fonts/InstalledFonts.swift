import CFontconfig
import Glibc

/// The font files fontconfig lists, as one text: each file's path, size and modification time,
/// a line each, sorted. What changes it (a font package installed, removed or upgraded) may
/// change which face stands in for a script, so an output's provenance records its digest.
public enum InstalledFonts {
    public static func listing() -> String {
        guard FontLocator.initialized, let pattern = FcPatternCreate() else { return "" }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return "" }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FILE)
        guard let fonts = FcFontList(nil, pattern, objects) else { return "" }
        defer { FcFontSetDestroy(fonts) }
        var files = Set<String>()
        for n in 0..<Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[n] else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &value) == FcResultMatch, let value else { continue }
            files.insert(String(cString: value))
        }
        return files.sorted().map { path -> String in
            var status = stat()
            guard stat(path, &status) == 0 else { return path }
            return "\(path) \(status.st_size) \(status.st_mtim.tv_sec)"
        }.joined(separator: "\n")
    }
}
