import CHarfBuzz

/// Measures text with HarfBuzz, remembering each (face, string)'s advance: layout measures word
/// by word, and a book repeats its words, so most measurements are a lookup, many times
/// cheaper than shaping.
///
/// Not thread-safe (it owns one HarfBuzz buffer and a mutable cache): make one per layout.
public final class TextMeasurer {
    private let cache = ByteKeyedCache()
    private let fallback: FallbackFaces
    private let buffer: OpaquePointer?
    private let language: hb_language_t?
    private let languageTag: String?
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
        languageTag = language
        buffer = hb_buffer_create()
        fallback = FallbackFaces(language: language)
        self.language = FontFace.language(language)
        self.shared = shared
    }

    deinit { hb_buffer_destroy(buffer) }

    /// A stretch of a text to measure: its UTF-8 offsets, the index of its face among the faces
    /// given with it, its size in points, the direction to shape it in (nil: HarfBuzz guesses
    /// from the script, which only a left-to-right script is left to), and the index of the
    /// total its advance is added to (a word of two faces is two pieces adding to one total).
    public struct Piece {
        public var range: Range<Int>
        public var face: Int
        public var size: Double
        public var rightToLeft: Bool?
        public var total: Int

        public init(range: Range<Int>, face: Int, size: Double, rightToLeft: Bool? = nil, total: Int) {
            self.range = range
            self.face = face
            self.size = size
            self.rightToLeft = rightToLeft
            self.total = total
        }
    }

    /// Adds the advance of each of `pieces` of the UTF-8 `text`, in points, to its total in
    /// `totals`, in the pieces' order; `faces` are the faces the pieces name by index. The
    /// pieces are looked up together: first each one's place in the cache is read
    /// (`ByteKeyedCache.warmNoted`), then each is measured, so the lookups find the cache's
    /// memory in the processor's cache instead of each waiting for it in turn. The caller's
    /// buffers, not arrays made here: a paragraph is measured in one call, and a book has tens of
    /// thousands of paragraphs. `remembering: false` shapes each piece without keeping it, for
    /// text that will not come again and would only fill the cache.
    public func addWidths(of pieces: UnsafeBufferPointer<Piece>, in text: UnsafeBufferPointer<UInt8>,
                          faces: [FontFace], to totals: UnsafeMutableBufferPointer<Double>,
                          remembering: Bool = true) {
        // Each face's number and size of em, looked up once, on the stack: the faces are shared
        // by a layout's workers, and taking one for each piece counted a reference to it, a
        // write to memory both workers' cores wrote to.
        withUnsafeTemporaryAllocation(of: (number: Int, unitsPerEm: Double).self, capacity: faces.count) { numbered in
            for (index, face) in faces.enumerated() {
                numbered[index] = (number(of: face), Double(face.unitsPerEm))
            }
            if remembering {
                for piece in pieces {
                    cache.note(UnsafeBufferPointer(rebasing: text[piece.range]),
                               space: Self.space(numbered[piece.face].number, piece.rightToLeft))
                }
                cache.warmNoted()
            }
            for piece in pieces {
                let bytes = UnsafeBufferPointer(rebasing: text[piece.range])
                let units = remembering
                    ? units(ofUTF8: bytes, number: numbered[piece.face].number, rightToLeft: piece.rightToLeft)
                    : shapedUnits(bytes, in: faces[piece.face], rightToLeft: piece.rightToLeft)
                // `FontFace.width(ofUnits:size:)`, without taking the face.
                totals[piece.total] += Double(units) * piece.size / numbered[piece.face].unitsPerEm
            }
        }
    }

    /// The advance of `text` in `face` at `size` points; `rightToLeft` and `remembering` as for
    /// `addWidths(of:in:faces:to:remembering:)`.
    public func width(of text: String, in face: FontFace, size: Double, rightToLeft: Bool? = nil,
                      remembering: Bool = true) -> Double {
        var text = text
        return text.withUTF8 { bytes in
            let units = remembering
                ? units(ofUTF8: bytes, number: number(of: face), rightToLeft: rightToLeft)
                : shapedUnits(bytes, in: face, rightToLeft: rightToLeft)
            return face.width(ofUnits: units, size: size)
        }
    }

    /// Where the cache keeps a face's widths: text shaped right to left apart from the rest. A
    /// guessed direction shares the left-to-right entries, since only text of a left-to-right
    /// script is measured without a direction.
    @inline(__always)
    private static func space(_ number: Int, _ rightToLeft: Bool?) -> Int {
        number * 2 + (rightToLeft == true ? 1 : 0)
    }

    /// The advance of UTF-8 `bytes` in the face numbered `number`, in its font units.
    @inline(__always)
    private func units(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, number: Int, rightToLeft: Bool?) -> Int {
        cache.value(of: bytes, space: Self.space(number, rightToLeft)) {
            sharedOrShapedUnits(bytes, in: faces[number], rightToLeft: rightToLeft)
        }
    }

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
    /// `language`: the text's, when it is not the measurer's (a Japanese passage of a book in
    /// English), which says whose Han characters it holds.
    public func standIns(inUTF8 bytes: UnsafeBufferPointer<UInt8>, face: FontFace,
                         language: String? = nil) -> [(range: Range<Int>, face: FontFace)] {
        if !face.lacksUprightMetrics {
            if face.hasPrintableASCII, !bytes.contains(where: { $0 >= 0x80 || $0 < 0x20 }) { return [] }
            if Self.hasEveryCharacter(bytes, in: face) { return [] }
        }
        // A character outside the character map may still shape whole (HarfBuzz decomposes é
        // into e and its accent): then measuring used the face alone, and so must drawing.
        if face.shape(bytes, buffer: buffer, language: self.language, rightToLeft: nil).complete { return [] }
        return faceRuns(bytes, in: face, language: language).filter { $0.face !== face }
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
    private func faceRuns(_ bytes: UnsafeBufferPointer<UInt8>, in face: FontFace,
                          language: String? = nil) -> [(range: Range<Int>, face: FontFace)] {
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
            } else if face.hasGlyph(for: scalar), !face.lacksUprightMetrics {
                chosen = face
            } else {
                // An upright face's stand-in is set upright too; one for a face without upright
                // metrics is the Chinese or Japanese face of the text's language, which has them.
                let standIn = face.lacksUprightMetrics
                    ? fallback.uprightFace(for: scalar, like: face, language: language ?? self.languageTag)
                        ?? fallback.face(for: scalar, like: face, language: language)
                    : fallback.face(for: scalar, like: face, language: language)
                chosen = face.isUpright ? standIn?.upright() ?? face : standIn ?? face
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
