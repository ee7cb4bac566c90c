import CFontconfig

/// Where fontconfig says a face of a family lives.
struct LocatedFont: Equatable {
    var path: String
    /// The face's index inside a collection file (`.ttc`), 0 otherwise.
    var index: Int
    /// Every family name the found font answers to (fontconfig lists localized names too).
    var families: [String]
}

/// Finds fonts by family name through fontconfig.
enum FontLocator {
    /// The best face fontconfig has for the family in the given weight and slant. fontconfig
    /// substitutes freely (that is how "Times New Roman" finds Liberation Serif, and how a
    /// misspelt name finds DejaVu Sans), so the caller compares `families` with what it asked for.
    static func locate(family: String, bold: Bool, italic: Bool) throws -> LocatedFont {
        guard FcInit() != 0 else { throw FontError.libraryUnavailable("fontconfig") }
        guard let pattern = pattern(family: family, bold: bold, italic: italic) else {
            throw FontError.libraryUnavailable("fontconfig")
        }
        defer { FcPatternDestroy(pattern) }
        guard let located = bestMatch(for: pattern, covering: nil) else { throw FontError.familyNotInstalled(family) }
        return located
    }

    /// The face fontconfig prefers for `scalar` near `family` in the given weight and slant: its
    /// matching ranks coverage of the character above the family, so this is a font that has
    /// the character when one is installed. Nil when none has it.
    static func locate(covering scalar: Unicode.Scalar, near family: String, bold: Bool, italic: Bool) -> LocatedFont? {
        guard FcInit() != 0, let pattern = pattern(family: family, bold: bold, italic: italic) else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let characters = FcCharSetCreate() else { return nil }
        FcCharSetAddChar(characters, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, characters)
        FcCharSetDestroy(characters)
        return bestMatch(for: pattern, covering: scalar)
    }

    /// A pattern for a family in a weight and slant, of outline fonts only: layout needs fonts it
    /// can shape, and bitmap-only faces have no useful advances.
    private static func pattern(family: String, bold: Bool, italic: Bool) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                _ = FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        return pattern
    }

    /// fontconfig's best match for `pattern` (substitutions applied), when it has `scalar`.
    private static func bestMatch(for pattern: OpaquePointer, covering scalar: Unicode.Scalar?) -> LocatedFont? {
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(match) }
        if let scalar {
            var found: OpaquePointer?
            guard FcPatternGetCharSet(match, FC_CHARSET, 0, &found) == FcResultMatch, let found,
                  FcCharSetHasChar(found, scalar.value) != 0 else { return nil }
        }
        guard let path = string(match, FC_FILE, 0) else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var families: [String] = []
        while let name = string(match, FC_FAMILY, Int32(families.count)) { families.append(name) }
        return LocatedFont(path: path, index: Int(index), families: families)
    }

    /// Whether two family names are the same to fontconfig, which ignores case and spaces in them
    /// (`fc-list "liberationserif"` lists Liberation Serif).
    static func sameFamily(_ a: String, _ b: String) -> Bool {
        func key(_ name: String) -> String { String(name.lowercased().filter { $0 != " " }) }
        return key(a) == key(b)
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
