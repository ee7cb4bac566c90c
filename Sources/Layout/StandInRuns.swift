import Fonts

/// Cuts a line's runs where a stand-in face set some of their characters (Arabic words in a
/// Latin book's font), so that each run names the face its characters were measured in and a
/// renderer draws them with it.
enum StandInRuns {
    /// The stand-in faces the runs of `pages`' lines name, and the math faces of their formulas,
    /// each once, in the order of their PostScript names.
    static func faces(on pages: [PageContent]) -> [MeasuredFace] {
        var found: [MeasuredFace] = []
        for page in pages {
            for line in page.lines {
                for run in line.runs {
                    if let face = run.standIn { found.append(face) }
                }
                for ruby in line.rubies {
                    if let face = ruby.standIn { found.append(face) }
                }
                for placed in line.formulas { found.append(placed.formula.face) }
            }
        }
        return found.isEmpty ? [] : merged(found)
    }

    /// `faces` each once, in the order of their PostScript names (the first of a name kept).
    static func merged(_ faces: some Sequence<MeasuredFace>) -> [MeasuredFace] {
        var found: [String: MeasuredFace] = [:]
        for face in faces where found[face.postScriptName] == nil { found[face.postScriptName] = face }
        return found.keys.sorted().compactMap { found[$0] }
    }

    /// `runs` of the line showing `text`, each cut where `measurer` put characters in another face.
    /// `language`: the paragraph's, which with the line's own letters says whose Han characters
    /// they are (`StandInFamilies.language(of:declared:)`).
    static func split(_ runs: [LineRun], of text: String, faces: [FontFace], measurer: TextMeasurer,
                      language: String? = nil) -> [LineRun] {
        var text = text
        return text.withUTF8 { bytes in
            if !bytes.contains(where: { $0 >= 0x80 || $0 < 0x20 }),
               runs.allSatisfy({ faces[$0.face].hasPrintableASCII && !($0.shaping.upright && !faces[$0.face].hasVerticalMetrics) }) {
                return runs
            }
            let language = StandInFamilies.language(of: String(decoding: bytes, as: UTF8.self), declared: language)
            var result: [LineRun] = []
            result.reserveCapacity(runs.count)
            var runStart = 0
            for run in runs {
                let runEnd = utf8Offset(in: bytes, from: runStart, afterUTF16Units: run.length)
                defer { runStart = runEnd }
                // An object's text is not drawn.
                guard run.shaping.objectWidth == nil else {
                    result.append(run)
                    continue
                }
                // Upright text stands in by the upright face's rules (`TextMeasurer.standIns`).
                let face = run.shaping.upright ? faces[run.face].upright() : faces[run.face]
                let spans = measurer.standIns(inUTF8: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]), face: face,
                                              language: language)
                guard !spans.isEmpty else {
                    result.append(run)
                    continue
                }
                var unit = run.start
                var done = runStart
                func piece(to end: Int, standIn: FontFace?) {
                    guard end > done else { return }
                    var cut = run
                    cut.start = unit
                    cut.length = LineRunCollector.utf16Count(bytes, done..<end)
                    cut.standIn = standIn.map { MeasuredFace($0, role: "standIn") }
                    result.append(cut)
                    unit += cut.length
                    done = end
                }
                for span in spans {
                    piece(to: runStart + span.range.lowerBound, standIn: nil)
                    piece(to: runStart + span.range.upperBound, standIn: span.face)
                }
                piece(to: runEnd, standIn: nil)
            }
            return result
        }
    }

    /// The UTF-8 offset `units` UTF-16 code units after `start`.
    private static func utf8Offset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, afterUTF16Units units: Int) -> Int {
        var offset = start
        var counted = 0
        while counted < units, offset < bytes.count {
            let byte = bytes[offset]
            let width = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            counted += width == 4 ? 2 : 1
            offset += width
        }
        return min(offset, bytes.count)
    }
}
