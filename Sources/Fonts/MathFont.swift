import CHarfBuzz

/// A face with an OpenType MATH table (TeX Gyre Termes Math, Latin Modern Math, STIX Two Math),
/// read through HarfBuzz's MATH API: the constants a formula is laid out by, each glyph's italics
/// correction, accent attachment and cut-in kerning, and the larger variants and assemblies of
/// the glyphs that stretch (brackets, radicals, large operators). Every length is in ems of the
/// face: a layout multiplies it by the size it sets the formula at.
public final class MathFont: @unchecked Sendable {
    public let face: FontFace
    private let unitsPerEm: Double

    /// Nil when `face` has no MATH table.
    public init?(face: FontFace) {
        guard let hbFace = hb_font_get_face(face.font), hb_ot_math_has_data(hbFace) != 0 else { return nil }
        self.face = face
        unitsPerEm = Double(face.unitsPerEm)
    }

    /// The math face formulas are set in unless asked otherwise: Times-like, beside the body's
    /// Liberation Serif (Debian's `fonts-texgyre-math`).
    public static let defaultFamily = "TeX Gyre Termes Math"

    /// The installed math face of `font`, a family name or a font file's path.
    public static func load(_ font: String) throws -> MathFont {
        let face: FontFace
        if FontSet.isFontFile(font) {
            face = try FontFace(path: font)
        } else {
            let located = try FontLocator.locate(family: font, bold: false, italic: false)
            guard located.families.contains(where: { FontLocator.sameFamily(font, $0) }) else {
                throw FontError.familyNotInstalled(font)
            }
            face = try FontFace(path: located.path, index: located.index)
        }
        guard let math = MathFont(face: face) else { throw FontError.noMathTable(FontSet.isFontFile(font) ? face.fileName : font) }
        return math
    }

    private func ems(_ units: Int32) -> Double { Double(units) / unitsPerEm }

    /// A constant of the table: a length in ems, or for the two scale-downs (`scriptPercentScaleDown`,
    /// `scriptScriptPercentScaleDown`) and `radicalDegreeBottomRaisePercent`, a fraction.
    public func constant(_ constant: MathConstant) -> Double {
        let value = hb_ot_math_get_constant(face.font, hb_ot_math_constant_t(rawValue: constant.rawValue))
        return constant.isPercent ? Double(value) / 100 : ems(value)
    }

    /// The glyph the face's character map gives `scalar`, if any.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(face.font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// `text` shaped left to right in the face, with the features a formula's text takes (`ssty`
    /// for script sizes: 1 for scripts, 2 for scripts of scripts), as glyphs with their advances
    /// and offsets in ems.
    public func shaped(_ text: String, scriptLevel: Int = 0) -> [MathGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        let features = scriptLevel > 0
            ? [hb_feature_t(tag: FontFace.tag("ssty"), value: UInt32(min(scriptLevel, 2)), start: 0, end: UInt32.max)] : []
        features.withUnsafeBufferPointer { hb_shape(face.font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count),
              let infos = hb_buffer_get_glyph_infos(buffer, nil) else { return [] }
        return (0..<Int(count)).map { i in
            MathGlyph(id: infos[i].codepoint, advance: ems(positions[i].x_advance),
                      x: ems(positions[i].x_offset), y: ems(positions[i].y_offset))
        }
    }

    /// The horizontal advance of `glyph`, in ems.
    public func advance(of glyph: UInt32) -> Double {
        ems(hb_font_get_glyph_h_advance(face.font, glyph))
    }

    /// The ink of `glyph`: how far it reaches above and below the baseline (`ascent` up, `descent`
    /// down, both positive when it is on both sides), and left and right of its origin, in ems.
    public func bounds(of glyph: UInt32) -> GlyphBounds {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(face.font, glyph, &extents) != 0 else { return GlyphBounds() }
        return GlyphBounds(ascent: ems(extents.y_bearing), descent: ems(extents.height) * -1 - ems(extents.y_bearing),
                           left: ems(extents.x_bearing), right: ems(extents.x_bearing) + ems(extents.width))
    }

    /// How far a script after `glyph` moves right of it (an italic letter's overhang), in ems.
    public func italicsCorrection(of glyph: UInt32) -> Double {
        ems(hb_ot_math_get_glyph_italics_correction(face.font, glyph))
    }

    /// Where an accent over `glyph` is centred, from its origin, in ems (half its advance when
    /// the table lists none).
    public func topAccentAttachment(of glyph: UInt32) -> Double {
        ems(hb_ot_math_get_glyph_top_accent_attachment(face.font, glyph))
    }

    /// The cut-in kerning at `corner` of `glyph` at `height` above the baseline (ems), in ems.
    public func kerning(of glyph: UInt32, at corner: MathCorner, height: Double) -> Double {
        ems(hb_ot_math_get_glyph_kerning(face.font, glyph, hb_ot_math_kern_t(rawValue: corner.rawValue),
                                         hb_position_t((height * unitsPerEm).rounded())))
    }

    /// The glyph's larger forms, smallest first (itself first), each with its size along the
    /// direction: its advance across, or its height and depth together up.
    public func variants(of glyph: UInt32, vertical: Bool) -> [(glyph: UInt32, size: Double)] {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 0
        let total = hb_ot_math_get_glyph_variants(face.font, glyph, direction, 0, &count, nil)
        guard total > 0 else { return [] }
        var variants = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: Int(total))
        count = total
        _ = variants.withUnsafeMutableBufferPointer {
            hb_ot_math_get_glyph_variants(face.font, glyph, direction, 0, &count, $0.baseAddress)
        }
        return variants.prefix(Int(count)).map { ($0.glyph, ems($0.advance)) }
    }

    /// The pieces `glyph` is built of when no variant is large enough, in order (bottom to top,
    /// or left to right), and the italics correction of the whole; nil when it has none.
    public func assembly(of glyph: UInt32, vertical: Bool) -> (parts: [MathGlyphPart], italicsCorrection: Double)? {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 0
        var correction: hb_position_t = 0
        let total = hb_ot_math_get_glyph_assembly(face.font, glyph, direction, 0, &count, nil, &correction)
        guard total > 0 else { return nil }
        var parts = [hb_ot_math_glyph_part_t](repeating: hb_ot_math_glyph_part_t(), count: Int(total))
        count = total
        _ = parts.withUnsafeMutableBufferPointer {
            hb_ot_math_get_glyph_assembly(face.font, glyph, direction, 0, &count, $0.baseAddress, &correction)
        }
        let list = parts.prefix(Int(count)).map { part in
            MathGlyphPart(glyph: part.glyph, startConnector: ems(part.start_connector_length),
                          endConnector: ems(part.end_connector_length), fullAdvance: ems(part.full_advance),
                          isExtender: part.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue != 0)
        }
        return (list, ems(correction))
    }

    /// The least overlap of two parts of an assembly, in ems.
    public func minimumConnectorOverlap(vertical: Bool) -> Double {
        ems(hb_ot_math_get_min_connector_overlap(face.font, vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR))
    }
}

/// A glyph of a shaped formula text: its id in the math face, its advance and its offset from
/// where the advances put it (up positive), in ems.
public struct MathGlyph: Equatable, Sendable {
    public var id: UInt32
    public var advance: Double
    public var x: Double
    public var y: Double
}

/// A glyph's ink, in ems from its origin: up and down from the baseline, left and right.
public struct GlyphBounds: Equatable, Sendable {
    public var ascent = 0.0
    public var descent = 0.0
    public var left = 0.0
    public var right = 0.0

    public init(ascent: Double = 0, descent: Double = 0, left: Double = 0, right: Double = 0) {
        self.ascent = ascent
        self.descent = descent
        self.left = left
        self.right = right
    }
}

/// One piece of a stretched glyph's assembly (`MathFont.assembly(of:vertical:)`).
public struct MathGlyphPart: Equatable, Sendable {
    public var glyph: UInt32
    /// How much of its start and end may overlap the part before and after.
    public var startConnector: Double
    public var endConnector: Double
    /// Its size along the direction of the stretch.
    public var fullAdvance: Double
    /// It may be repeated (or left out) to reach a size.
    public var isExtender: Bool
}

/// The corners of a glyph a script kerns into (`MathFont.kerning(of:at:height:)`).
public enum MathCorner: UInt32, Sendable {
    case topRight = 0, topLeft = 1, bottomRight = 2, bottomLeft = 3
}
