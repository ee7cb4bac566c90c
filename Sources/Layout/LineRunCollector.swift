import PageFormat

/// Cuts a paragraph's style runs into the runs of each of its lines, in UTF-16 units of the
/// line's text. Lines come in order, so the search for a line's first run picks up where the
/// last line's ended: the whole paragraph costs one pass over its runs and bytes.
struct LineRunCollector {
    private let runs: [StyledRun]
    private let text: UnsafeBufferPointer<UInt8>
    private var first = 0

    init(paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) {
        runs = paragraph.runs
        self.text = text
    }

    /// The runs of the line showing `range` (UTF-8 offsets of the paragraph's text); an inserted
    /// hyphen is set like the character before it.
    mutating func runs(for range: Range<Int>, hyphenated: Bool) -> [LineRun] {
        guard !range.isEmpty else { return [] }
        while first < runs.count - 1, runs[first].end <= range.lowerBound { first += 1 }
        var result: [LineRun] = []
        var offset = 0
        var start = range.lowerBound
        var index = first
        while start < range.upperBound, index < runs.count {
            let end = min(runs[index].end, range.upperBound)
            if end > start {
                let length = Self.utf16Count(text, start..<end)
                Self.append(LineRun(start: offset, length: length, face: runs[index].face, size: runs[index].size,
                                    shift: runs[index].shift, link: runs[index].link, paint: runs[index].paint,
                                    shaping: runs[index].shaping), to: &result)
                offset += length
                start = end
            }
            index += 1
        }
        if hyphenated, !result.isEmpty { result[result.count - 1].length += 1 }
        return result
    }

    /// The runs after a list marker was put before the line's text: the marker is set in the
    /// regular face at the body size.
    static func prefixed(_ runs: [LineRun], by marker: String, size: Double) -> [LineRun] {
        let length = marker.utf16.count
        guard length > 0 else { return runs }
        var result = [LineRun(start: 0, length: length, face: FaceRole.regular.rawValue, size: size)]
        for var run in runs {
            run.start += length
            append(run, to: &result)
        }
        return result
    }

    /// Adds `run`, joined to the last when they are set alike.
    private static func append(_ run: LineRun, to runs: inout [LineRun]) {
        if let last = runs.last, last.face == run.face, last.size == run.size, last.shift == run.shift, last.link == run.link,
           last.paint == run.paint, last.shaping == run.shaping, !run.shaping.isWhole {
            runs[runs.count - 1].length += run.length
        } else {
            runs.append(run)
        }
    }

    /// UTF-16 units of valid UTF-8: one for each byte that starts a character, two for a
    /// character of four bytes.
    static func utf16Count(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range {
            let byte = text[index]
            if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
        }
        return count
    }
}
