import CFontconfig

/// Where the font files the layout measured with are, for writers that embed them (the HTML
/// preview): the output names each face by family and file name only, so that it carries no
/// paths of this machine, and this finds the file again through fontconfig.
public enum FontFiles {
    /// The installed file of `family` whose name is `fileName`, or nil when fontconfig lists none.
    /// `given` is a font file asked for by path (`--font FILE`), which fontconfig need not know.
    public static func path(family: String, fileName: String, given: String? = nil) -> String? {
        if let given, FontFace.fileName(ofPath: given) == fileName { return given }
        return installedPaths(family: family).first { FontFace.fileName(ofPath: $0) == fileName }
    }

    /// The files fontconfig gives `family` in each weight and slant (regular, bold, italic, bold
    /// italic), each once, with the style it was found for first: what a stand-in family was
    /// measured in, since the layout asks fontconfig for a stand-in in the weight and slant of
    /// the text. Empty when the family is not installed.
    public static func styledFiles(family: String) -> [(path: String, bold: Bool, italic: Bool)] {
        var files: [(path: String, bold: Bool, italic: Bool)] = []
        for (bold, italic) in [(false, false), (true, false), (false, true), (true, true)] {
            guard let located = try? FontLocator.locate(family: family, bold: bold, italic: italic),
                  located.families.contains(where: { FontLocator.sameFamily($0, family) }),
                  !files.contains(where: { $0.path == located.path }) else { continue }
            files.append((located.path, bold, italic))
        }
        return files
    }

    /// The files of every installed face of `family`, in fontconfig's order.
    public static func installedPaths(family: String) -> [String] {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                _ = FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FILE)
        guard let list = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var paths: [String] = []
        for i in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[i] else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(font, FC_FILE, 0, &value) == FcResultMatch, let value {
                paths.append(String(cString: value))
            }
        }
        // fontconfig's list order follows its cache; sorted, the choice is the same on every run.
        return paths.sorted()
    }
}
