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
        guard initialized else { throw FontError.libraryUnavailable("fontconfig") }
        guard let pattern = pattern(family: family, bold: bold, italic: italic) else {
            throw FontError.libraryUnavailable("fontconfig")
        }
        defer { FcPatternDestroy(pattern) }
        guard let located = bestMatch(for: pattern) else { throw FontError.familyNotInstalled(family) }
        return located
    }

    /// Every installed face in the order fontconfig ranks them for `family` in the given weight
    /// and slant: the first of them that has a character is the face fontconfig's own matching
    /// would pick for that character, since it ranks coverage above everything the two differ in.
    /// Nil when fontconfig cannot answer.
    static func fallbackOrder(near family: String, bold: Bool, italic: Bool) -> FallbackOrder? {
        guard initialized, let pattern = pattern(family: family, bold: bold, italic: italic) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
        return FallbackOrder(sorted)
    }

    /// Whether fontconfig is set up, which the first to ask does, once a process. `FcInit` run
    /// on two threads at once would have each read the configuration and the font caches (some
    /// milliseconds) and throw one away: the layouter's fonts and the provenance's are looked
    /// up on two threads at the start of a conversion, and the second waits for the first here.
    static let initialized = FcInit() != 0

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

    /// fontconfig's best match for `pattern` (substitutions applied).
    private static func bestMatch(for pattern: OpaquePointer) -> LocatedFont? {
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(match) }
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

    fileprivate static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}

/// The installed faces in fontconfig's order for one family, weight and slant
/// (`FontLocator.fallbackOrder`), asked which comes first with a character. The answer depends
/// on the character and the fonts installed alone, never on what was asked before, so every
/// measurer of a book, on any thread, picks the same face for the same character.
final class FallbackOrder {
    private let fonts: UnsafeMutablePointer<FcFontSet>

    fileprivate init(_ fonts: UnsafeMutablePointer<FcFontSet>) { self.fonts = fonts }
    deinit { FcFontSetDestroy(fonts) }

    /// The first face that has `scalar`, skipping bitmap-only ones and those `accept`
    /// turns down (a face whose character map disagrees with fontconfig's coverage).
    func firstFont(covering scalar: Unicode.Scalar, where accept: (LocatedFont) -> Bool) -> LocatedFont? {
        for n in 0..<Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[n] else { continue }
            var characters: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &characters) == FcResultMatch, let characters,
                  FcCharSetHasChar(characters, scalar.value) != 0 else { continue }
            var scalable: FcBool = 0
            if FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == 0 { continue }
            guard let path = FontLocator.string(font, FC_FILE, 0) else { continue }
            var index: Int32 = 0
            if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            var families: [String] = []
            while let name = FontLocator.string(font, FC_FAMILY, Int32(families.count)) { families.append(name) }
            let located = LocatedFont(path: path, index: Int(index), families: families)
            if accept(located) { return located }
        }
        return nil
    }
}
