import CHarfBuzz

/// Measures text with HarfBuzz, remembering each (face, string)'s advance: layout measures word
/// by word, and a book repeats its words, so most measurements are a lookup, many times
/// cheaper than shaping.
///
/// Not thread-safe (it owns one HarfBuzz buffer and a mutable cache): make one per layout.
public final class TextMeasurer {
    private let cache = ByteKeyedCache()
    private let fallback = FallbackFaces()
    private let buffer: OpaquePointer?
    private let language: hb_language_t?
    /// The faces measured so far: a face's position here is its number in the cache.
    private var faces: [FontFace] = []
    /// Searched on every measurement; unchecked for the same reason as `ByteKeyedCache`'s storage.
    @exclusivity(unchecked) private var faceIDs: [ObjectIdentifier] = []

    /// Advances shaped by the other measurers of the same layout, if it has several.
    private let shared: SharedWidths?

    /// `language` is a BCP 47 tag for shaping (`en`, `tr`); nil shapes without one. Given
    /// explicitly so results never depend on the process's locale. `shared`: where measurers
    /// of the same layout (and the same language) find what the others have shaped.
    public init(language: String? = nil, shared: SharedWidths? = nil) {
        buffer = hb_buffer_create()
        self.language = FontFace.language(language)
        self.shared = shared
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The advance of `text` in `face` at `size` points.
    public func width(of text: String, in face: FontFace, size: Double) -> Double {
        face.width(ofUnits: units(of: text, in: face), size: size)
    }

    /// The advance of UTF-8 `bytes` in `face` at `size` points. `rightToLeft` shapes them in
    /// that direction (a run of a bidi paragraph); nil lets HarfBuzz guess from the script.
    public func width(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, in face: FontFace, size: Double,
                      rightToLeft: Bool? = nil) -> Double {
        face.width(ofUnits: units(ofUTF8: bytes, in: face, rightToLeft: rightToLeft), size: size)
    }

    /// The advance of UTF-8 `bytes` in `face` at `size` points, shaped and not remembered: for
    /// text that will not come again, which would only fill the cache.
    public func uncachedWidth(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, in face: FontFace, size: Double,
                              rightToLeft: Bool? = nil) -> Double {
        face.width(ofUnits: shapedUnits(bytes, in: face, rightToLeft: rightToLeft), size: size)
    }

    /// A face as this measurer numbers it, for measuring many texts in it: each measurement then
    /// neither looks for the face among the measurer's nor takes the face itself. The faces are
    /// shared by the workers of a layout, and passing one counted a reference to it, a write to
    /// memory both workers' cores wrote to, twice per word.
    public struct NumberedFace {
        fileprivate let number: Int
        fileprivate let unitsPerEm: Int
    }

    public func numbered(_ face: FontFace) -> NumberedFace {
        NumberedFace(number: number(of: face), unitsPerEm: face.unitsPerEm)
    }

    /// What `width(ofUTF8:in:size:)` gives, for a face numbered by this measurer.
    public func width(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, in face: NumberedFace, size: Double) -> Double {
        Double(units(ofUTF8: bytes, number: face.number, rightToLeft: nil)) * size / Double(face.unitsPerEm)
    }

    /// What `noteForWarming(_:in:)` does, for a face numbered by this measurer.
    public func noteForWarming(_ bytes: UnsafeBufferPointer<UInt8>, in face: NumberedFace) {
        cache.note(bytes, space: face.number * 2)
    }

    /// The advance of `text` in `face`, in the face's font units.
    public func units(of text: String, in face: FontFace) -> Int {
        var text = text
        return text.withUTF8 { units(ofUTF8: $0, in: face) }
    }

    /// The advance of UTF-8 `bytes` in `face`, in the face's font units.
    public func units(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, in face: FontFace, rightToLeft: Bool? = nil) -> Int {
        units(ofUTF8: bytes, number: number(of: face), rightToLeft: rightToLeft)
    }

    /// The same for the face numbered `number`.
    @inline(__always)
    private func units(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, number: Int, rightToLeft: Bool?) -> Int {
        // Text shaped right to left is remembered apart. A guessed direction shares the left to
        // right entries: only text of a left-to-right script is measured without a direction.
        cache.value(of: bytes, space: number * 2 + (rightToLeft == true ? 1 : 0)) {
            sharedOrShapedUnits(bytes, in: faces[number], rightToLeft: rightToLeft)
        }
    }

    /// Notes that `bytes` in `face` will be measured soon; `warmNoted()` then readies the cache
    /// for all that was noted at once (`ByteKeyedCache.warmNoted`): a paragraph's words are
    /// noted, warmed, then measured.
    public func noteForWarming(_ bytes: UnsafeBufferPointer<UInt8>, in face: FontFace, rightToLeft: Bool? = nil) {
        cache.note(bytes, space: number(of: face) * 2 + (rightToLeft == true ? 1 : 0))
    }

    public func warmNoted() { cache.warmNoted() }

    /// The face's number in the cache, given on its first measurement.
    @inline(__always)
    private func number(of face: FontFace) -> Int {
        let id = ObjectIdentifier(face)
        var number = 0
        while number < faceIDs.count, faceIDs[number] != id { number += 1 }
        if number == faceIDs.count {
            faces.append(face)
            faceIDs.append(id)
        }
        return number
    }

    /// What another measurer of the layout shaped, else shaped here (and then shared).
    private func sharedOrShapedUnits(_ bytes: UnsafeBufferPointer<UInt8>, in face: FontFace, rightToLeft: Bool?) -> Int {
        guard let shared else { return shapedUnits(bytes, in: face, rightToLeft: rightToLeft) }
        return shared.units(of: bytes, in: face, rightToLeft: rightToLeft) {
            shapedUnits(bytes, in: face, rightToLeft: rightToLeft)
        }
    }

    /// The families that stood in for characters the faces measured have no glyphs for, and
    /// the characters no installed font has (measured as the missing-glyph box).
    public var fallbackFamilies: Set<String> { fallback.usedFamilies }
    public var charactersWithoutGlyphs: Set<Unicode.Scalar> { fallback.missing }

    /// The stretches of UTF-8 `bytes` (as offsets into them) that `face` has no glyphs for,
    /// each with the face that stands in for it: what `width(ofUTF8:in:size:)` measured in
    /// another face. Empty, and found without shaping, when the face has every character.
    public func standIns(inUTF8 bytes: UnsafeBufferPointer<UInt8>, face: FontFace) -> [(range: Range<Int>, face: FontFace)] {
        if face.hasPrintableASCII, !bytes.contains(where: { $0 >= 0x80 || $0 < 0x20 }) { return [] }
        if Self.hasEveryCharacter(bytes, in: face) { return [] }
        // A character outside the character map may still shape whole (HarfBuzz decomposes é
        // into e and its accent): then measuring used the face alone, and so must drawing.
        if face.shape(bytes, buffer: buffer, language: language, rightToLeft: nil).complete { return [] }
        return faceRuns(bytes, in: face).filter { $0.face !== face }
    }

    /// The advance of `bytes` in `face`'s units. Characters the face has no glyph for are shaped
    /// in a face that has them, a run at a time, as a text system falls back (a renderer's own
    /// fallback may choose another font: those widths are the nearest this machine can say).
    private func shapedUnits(_ bytes: UnsafeBufferPointer<UInt8>, in face: FontFace, rightToLeft: Bool?) -> Int {
        let whole = face.shape(bytes, buffer: buffer, language: language, rightToLeft: rightToLeft)
        if whole.complete { return whole.units }
        var total = 0.0
        for run in faceRuns(bytes, in: face) {
            let units = run.face.shapedUnits(UnsafeBufferPointer(rebasing: bytes[run.range]), buffer: buffer,
                                             language: language, rightToLeft: rightToLeft)
            total += Double(units) * Double(face.unitsPerEm) / Double(run.face.unitsPerEm)
        }
        return Int(total.rounded())
    }

    /// `bytes` cut into runs of one face each: `face` where it has the characters, else the
    /// face fontconfig finds for them (or `face`, when none has them).
    private func faceRuns(_ bytes: UnsafeBufferPointer<UInt8>, in face: FontFace) -> [(range: Range<Int>, face: FontFace)] {
        var runs: [(range: Range<Int>, face: FontFace)] = []
        var runStart = 0
        var runFace = face
        var offset = 0
        func closeRun(at end: Int) {
            let end = min(end, bytes.count)
            guard end > runStart else { return }
            runs.append((runStart..<end, runFace))
            runStart = end
        }
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            let chosen: FontFace
            if offset > runStart, runFace !== face, Self.attaches(scalar), runFace.hasGlyph(for: scalar) {
                chosen = runFace
            } else if face.hasGlyph(for: scalar) {
                chosen = face
            } else {
                chosen = fallback.face(for: scalar, like: face) ?? face
            }
            if chosen !== runFace {
                closeRun(at: offset)
                runFace = chosen
            }
            offset += UTF8.width(scalar)
        }
        closeRun(at: offset)
        return runs
    }

    /// Whether `face` has a glyph for every character of valid UTF-8 `bytes`: asked of every line
    /// with a character past ASCII (curly quotes, dashes), so decoded in place, with no `String`.
    private static func hasEveryCharacter(_ bytes: UnsafeBufferPointer<UInt8>, in face: FontFace) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        // Asked of every line with a curly quote or a dash: its plain ASCII is known already.
        let asciiKnown = face.hasPrintableASCII
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if asciiKnown, (0x20...0x7E).contains(scalar.value) { continue }
                if !face.hasGlyph(for: scalar) { return false }
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Marks and joiners stay in the face of the character they belong to.
    private static func attaches(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: true
        default: scalar.properties.isVariationSelector
        }
    }

    /// How many distinct (face, string) pairs have been shaped.
    public var cachedCount: Int { cache.count }
}
