import CFreeType
import CHarfBuzz
import FileNames
import Glibc

/// One face of a font file, ready to shape: names and vertical metrics read with FreeType, and a
/// HarfBuzz font over the same file for advances.
///
/// Immutable once made. HarfBuzz reads the file through its own blob rather than through the
/// FreeType face (which is closed after loading): a FreeType face may not be used from two threads,
/// an immutable `hb_font_t` may, so a `FontFace` can be shared.
public final class FontFace: @unchecked Sendable {
    /// The family name inside the file, such as `Liberation Serif`.
    public let family: String
    /// The style name inside the file, such as `Bold Italic`.
    public let style: String
    public let postScriptName: String
    /// The file's name without its directory, so reports carry no paths of this machine.
    public let fileName: String
    /// Where the file is, for a writer in this process that embeds the face (the HTML preview);
    /// never written into an output. Empty for a face loaded from memory (a book's own).
    public let path: String
    public let unitsPerEm: Int
    /// Distance from the baseline up to the top of the tallest glyphs, as a fraction of the em.
    public let ascender: Double
    /// Distance from the baseline down to the bottom of the lowest glyphs, as a (positive)
    /// fraction of the em.
    public let descender: Double
    /// The face's style as FreeType reads it: what a stand-in face for missing characters matches.
    public let isBold: Bool
    public let isItalic: Bool
    /// Whether the face has every printable ASCII character: then text of those alone never
    /// needs a stand-in, which is most lines of most books.
    public let hasPrintableASCII: Bool
    /// The face has vertical metrics (`vhea`, `vmtx`): its glyphs' upright advances are its own.
    /// Without them every engine makes its own up (HarfBuzz the ascent and descent, Chromium
    /// those rounded to pixels), so text set upright is measured in a face that has them
    /// (`TextMeasurer`).
    public let hasVerticalMetrics: Bool
    /// Set upright without vertical metrics of its own: its characters stand in another face.
    var lacksUprightMetrics: Bool { isUpright && !hasVerticalMetrics }

    /// Scaled to `unitsPerEm`, so advances come out in font units with no rounding; a size in
    /// points is applied by `width(ofUnits:size:)`. Shared with the face's variants.
    let font: OpaquePointer
    /// The OpenType features it shapes with besides HarfBuzz's defaults: none for a face loaded
    /// from its file, some for one of its variants (`variant(with:)`).
    public let features: [ShapingFeature]
    /// `features` as HarfBuzz takes them.
    private let shapingFeatures: [hb_feature_t]
    /// The tags of the features the face's GSUB and GPOS tables name, for any script.
    private let featureTags: Set<hb_tag_t>
    /// The variants made of it so far; nil in a variant.
    private let variants: FaceVariants?
    /// The face a variant was made of; nil in a face loaded from its file. Weak: the face keeps
    /// its variants (`variants`), and a strong reference back would keep both alive forever.
    private weak var base: FontFace?
    /// Text is set top to bottom in it, each glyph upright (vertical writing): shaped in
    /// HarfBuzz's top-to-bottom direction, which takes the `vert` forms (`「` turned, `ー`
    /// upright), and measured by its vertical advances (the font's `vmtx`).
    public let isUpright: Bool

    /// Loads face `index` of the font file at `path`.
    public convenience init(path: String, index: Int = 0) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError.libraryUnavailable("FreeType")
        }
        defer { FT_Done_FreeType(library) }
        try self.init(path: path, index: index, library: library)
    }

    convenience init(path: String, index: Int, library: FT_Library) throws {
        // FreeType and HarfBuzz open the path themselves, and would wait for a FIFO's writer, then
        // read it (or a device) forever: only a regular file is handed to them.
        // The path as the system's bytes: a name that is not UTF-8 is kept in the string as
        // private-use scalars (`FileName`), which FreeType and HarfBuzz must not see.
        let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        if descriptor >= 0 {
            var status = stat()
            let regular = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
            close(descriptor)
            if !regular { throw FontError.notRegularFile(path) }
        }
        var ftFace: FT_Face?
        let error = FileName.withCString(path) { FT_New_Face(library, $0, FT_Long(index), &ftFace) }
        guard error == 0, let ftFace else {
            // FreeType's codes: 0x01 cannot open resource; anything else means the bytes are wrong.
            throw error == 0x01 ? FontError.unreadableFile(path) : FontError.notAFont(path)
        }
        defer { FT_Done_Face(ftFace) }
        guard let blob = FileName.withCString(path, { hb_blob_create_from_file_or_fail($0) }) else { throw FontError.unreadableFile(path) }
        defer { hb_blob_destroy(blob) }
        try self.init(ftFace: ftFace, blob: blob, index: index, name: path, path: path)
    }

    /// Loads face `index` of a font file held in memory (`bytes`: TrueType, OpenType, or either
    /// wrapped as WOFF or WOFF2), such as one a book embeds; `name` is what errors and the
    /// output call it (its path inside the book). It has no `path` of its own.
    public convenience init(bytes: [UInt8], name: String, index: Int = 0) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError.libraryUnavailable("FreeType")
        }
        defer { FT_Done_FreeType(library) }
        var ftFace: FT_Face?
        let error = bytes.withUnsafeBufferPointer {
            FT_New_Memory_Face(library, $0.baseAddress, FT_Long($0.count), FT_Long(index), &ftFace)
        }
        guard error == 0, let ftFace else { throw FontError.notAFont(name) }
        defer { FT_Done_Face(ftFace) }
        let wrapping = SfntTables.Wrapping(bytes)
        let shaped: [UInt8]
        switch wrapping {
        case .plain: shaped = bytes
        case .woff, .woff2:
            guard let rebuilt = SfntTables.rebuilt(from: ftFace) else { throw FontError.notShapeable(name) }
            shaped = rebuilt
        }
        // HarfBuzz keeps its own copy (`DUPLICATE`), freed with the blob's last reference.
        let blob = shaped.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_blob_create_or_fail($0.baseAddress, UInt32($0.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
        }
        guard let blob else { throw FontError.notShapeable(name) }
        defer { hb_blob_destroy(blob) }
        // A wrapped file becomes one plain font: its face is the first.
        try self.init(ftFace: ftFace, blob: blob, index: wrapping == .plain ? index : 0,
                      name: name, path: "")
    }

    /// The face FreeType opened, shaped through HarfBuzz from `blob`'s face `index`.
    private init(ftFace: FT_Face, blob: OpaquePointer, index: Int, name: String, path: String) throws {
        let record = ftFace.pointee
        guard record.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0, record.units_per_EM > 0 else {
            throw FontError.notShapeable(name)
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        defer { hb_face_destroy(hbFace) }
        guard hb_face_get_glyph_count(hbFace) > 0, let font = hb_font_create(hbFace) else {
            throw FontError.notShapeable(name)
        }
        let upem = Int32(hb_face_get_upem(hbFace))
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        self.font = font
        features = []
        shapingFeatures = []
        featureTags = Self.featureTags(of: hbFace)
        variants = FaceVariants()
        base = nil
        isUpright = false

        family = record.family_name.map { String(cString: $0) } ?? ""
        style = record.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(ftFace).map { String(cString: $0) } ?? family
        fileName = Self.fileName(ofPath: name)
        self.path = path
        unitsPerEm = Int(upem)
        ascender = Double(record.ascender) / Double(record.units_per_EM)
        descender = -Double(record.descender) / Double(record.units_per_EM)
        isBold = record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        isItalic = record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        hasPrintableASCII = (0x20...0x7E).allSatisfy { Self.hasGlyph(font, for: $0) }
        hasVerticalMetrics = record.face_flags & FT_Long(FT_FACE_FLAG_VERTICAL) != 0
    }

    /// A face of the same file shaped with `features` too: its own object, so that a measurer
    /// numbers it as a face of its own and keeps its widths apart. The same features give the
    /// same object every time, on any thread. A variant's own variants are made afresh each time
    /// (only a face loaded from its file keeps them), with `features` alone.
    public func variant(with features: [ShapingFeature]) -> FontFace {
        guard !features.isEmpty || isUpright else { return self }
        if let base { return base.variant(with: features, upright: isUpright) }
        return variant(with: features, upright: false)
    }

    /// The face set upright and top to bottom (`isUpright`), with the same features: one object
    /// for each face and features, on any thread.
    public func upright() -> FontFace {
        if isUpright { return self }
        return (base ?? self).variant(with: features, upright: true)
    }

    private func variant(with features: [ShapingFeature], upright: Bool) -> FontFace {
        guard !features.isEmpty || upright else { return self }
        guard let variants else { return FontFace(variantOf: self, features: features, upright: upright) }
        return variants.variant(with: features, upright: upright) {
            FontFace(variantOf: self, features: features, upright: upright)
        }
    }

    private init(variantOf base: FontFace, features: [ShapingFeature], upright: Bool) {
        font = hb_font_reference(base.font)
        self.base = base
        isUpright = upright
        self.features = features
        shapingFeatures = features.map { feature in
            // From the text's start to its end (`HB_FEATURE_GLOBAL_START`, `HB_FEATURE_GLOBAL_END`).
            hb_feature_t(tag: Self.tag(feature.tag), value: feature.value, start: 0, end: UInt32.max)
        }
        featureTags = base.featureTags
        variants = nil
        family = base.family
        style = base.style
        postScriptName = base.postScriptName
        fileName = base.fileName
        path = base.path
        unitsPerEm = base.unitsPerEm
        ascender = base.ascender
        descender = base.descender
        isBold = base.isBold
        isItalic = base.isItalic
        hasPrintableASCII = base.hasPrintableASCII
        hasVerticalMetrics = base.hasVerticalMetrics
    }

    /// Whether the face's GSUB or GPOS table has the OpenType feature `tag` (`smcp`, `onum`)
    /// for some script: asking for one it lacks changes nothing.
    public func hasFeature(_ tag: String) -> Bool {
        featureTags.contains(Self.tag(tag))
    }

    static func tag(_ text: String) -> hb_tag_t {
        hb_tag_from_string(text, Int32(text.utf8.count))
    }

    private static func featureTags(of face: OpaquePointer?) -> Set<hb_tag_t> {
        var tags = Set<hb_tag_t>()
        for table in ["GSUB", "GPOS"].map(tag) {
            var tagsRead: [hb_tag_t] = Array(repeating: 0, count: 64)
            var offset: UInt32 = 0
            while true {
                var count = UInt32(tagsRead.count)
                let total = hb_ot_layout_table_get_feature_tags(face, table, offset, &count, &tagsRead)
                tags.formUnion(tagsRead.prefix(Int(count)))
                offset += count
                if count == 0 || offset >= total { break }
            }
        }
        return tags
    }

    /// Whether the face has a glyph for `scalar` (its character map names one).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        Self.hasGlyph(font, for: scalar.value)
    }

    /// The most combining marks in a row that are shaped with their character: Unicode's
    /// stream-safe bound (UAX #15), past which real text never goes. Debian's HarfBuzz (6.0)
    /// takes time that grows with the square of one cluster's length, so a letter carrying
    /// 160,000 marks took 16 s; the marks past the bound stack on the ones before and are
    /// measured as taking no room, which marks do.
    static let shapedMarksInARow = 30

    /// The stretches of `bytes` to shape, leaving out each mark past `shapedMarksInARow` in a
    /// row; nil when nothing is left out. Text that short can't hold that many marks, so most
    /// words are never looked at.
    static func boundedMarks(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        guard bytes.count > 2 * shapedMarksInARow else { return nil }
        var kept: [Range<Int>] = []
        var start = 0
        var offset = 0
        var marks = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            let width = UTF8.width(scalar)
            if scalar.value >= 0x300, scalar.properties.canonicalCombiningClass != .notReordered {
                marks += 1
                if marks > shapedMarksInARow {
                    if offset > start { kept.append(start..<offset) }
                    start = offset + width
                }
            } else {
                marks = 0
            }
            offset += width
        }
        if kept.isEmpty && start == 0 { return nil }
        if bytes.count > start { kept.append(start..<bytes.count) }
        return kept
    }

    /// Whether `bytes` are all default-ignorable characters (bidi controls, joiners, soft
    /// hyphens), which HarfBuzz hides: they take no room. Such a stretch is not shaped, since
    /// Debian's HarfBuzz (6.0) takes time that grows with the square of its length when nothing
    /// visible is among it (30,000 isolates in a row took 4.6 s). Most text starts with a
    /// character that shows, and is answered by its first byte.
    static func isInvisible(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first >= 0xC2 else { return false }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if !scalar.properties.isDefaultIgnorableCodePoint { return false }
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static func hasGlyph(_ font: OpaquePointer, for value: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, value, &glyph) != 0
    }

    deinit { hb_font_destroy(font) }

    /// The iOS font with the same metrics when there is one (Liberation Serif → Times New Roman's
    /// `TimesNewRomanPSMT`; a stand-in for a script, the font iOS draws it with, `StandInFamilies`),
    /// else this face's PostScript name.
    public var iOSFontName: String {
        MetricCompatibleFamilies.iOSPostScriptName(forFamily: family, style: style)
            ?? StandInFamilies.iOSPostScriptName(forFamily: family, style: style) ?? postScriptName
    }

    /// A path's last component: what reports show of a font file.
    public static func fileName(ofPath path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
    }

    /// A width in font units at a size in points.
    public func width(ofUnits units: Int, size: Double) -> Double {
        Double(units) * size / Double(unitsPerEm)
    }

    /// The advance of `text` shaped by HarfBuzz, in points at `size`, for a BCP 47 `language`
    /// (nil: none). Uncached: layout measures through a `TextMeasurer`.
    public func advance(of text: String, size: Double, language: String? = nil, rightToLeft: Bool? = nil) -> Double {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var text = text
        let units = text.withUTF8 { shapedUnits($0, buffer: buffer, language: Self.language(language), rightToLeft: rightToLeft) }
        return width(ofUnits: units, size: size)
    }

    /// HarfBuzz's language for a BCP 47 tag; nil or empty give "und", since a buffer without a
    /// language would get the process's locale.
    static func language(_ tag: String?) -> hb_language_t? {
        let tag = tag.flatMap { $0.isEmpty ? nil : $0 } ?? "und"
        return hb_language_from_string(tag, Int32(tag.utf8.count))
    }

    /// Shapes UTF-8 `bytes` in `buffer` and sums the advances, in font units. `rightToLeft`
    /// sets the direction; nil leaves it to HarfBuzz's guess from the script, as does the script
    /// itself (Arabic letters join, and are measured joined, in either case).
    func shapedUnits(_ bytes: UnsafeBufferPointer<UInt8>, buffer: OpaquePointer?, language: hb_language_t?,
                     rightToLeft: Bool? = nil) -> Int {
        shape(bytes, buffer: buffer, language: language, rightToLeft: rightToLeft).units
    }

    /// The advances of UTF-8 `bytes` shaped in `buffer`, in font units, and whether every
    /// character had a glyph (none became the missing-glyph box).
    func shape(_ bytes: UnsafeBufferPointer<UInt8>, buffer: OpaquePointer?, language: hb_language_t?,
               rightToLeft: Bool?) -> (units: Int, complete: Bool) {
        if Self.isInvisible(bytes) { return (0, true) }
        hb_buffer_clear_contents(buffer)
        bytes.withMemoryRebound(to: CChar.self) { text in
            guard let kept = Self.boundedMarks(bytes) else {
                hb_buffer_add_utf8(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
                return
            }
            for range in kept {
                hb_buffer_add_utf8(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        if let language { hb_buffer_set_language(buffer, language) }
        if isUpright {
            hb_buffer_set_direction(buffer, HB_DIRECTION_TTB)
        } else if let rightToLeft {
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        }
        hb_buffer_guess_segment_properties(buffer)
        if shapingFeatures.isEmpty {
            hb_shape(font, buffer, nil, 0)
        } else {
            shapingFeatures.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        }
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count),
              let glyphs = hb_buffer_get_glyph_infos(buffer, nil) else { return (0, true) }
        var total = 0
        var complete = true
        for i in 0..<Int(count) {
            // Top to bottom, HarfBuzz's advances go down the page: negative y.
            total += isUpright ? -Int(positions[i].y_advance) : Int(positions[i].x_advance)
            // After shaping, `codepoint` holds the glyph: 0 is the missing-glyph box.
            if glyphs[i].codepoint == 0 { complete = false }
        }
        if lacksUprightMetrics { complete = false }
        // Right-to-left and left-to-right advances are both positive, and so are upright ones.
        return (total, complete)
    }
}
