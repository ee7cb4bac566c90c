/// How a code listing (`pre`, a fenced block) is broken into lines, as a printed programming
/// book sets one: each source line fills the measure as far as it goes (greedily, as an editor
/// wraps: no evening out of ragged lines), and breaks only at a space; what does not fit goes on
/// a continuation line, indented by `continuationIndentEms` past the source line's own
/// indentation and marked for the renderer
/// (`SetLine.continuation`, drawn as ↪ by the preview). A token wider than a continuation line
/// is cut, after its punctuation where it can be (`ParagraphSegmenter`). A listing of up to
/// `unsplitSourceLines` source lines stays on one page, a longer one keeps two on each side, and
/// a page never ends between a line and its continuation (`Paginator`).
enum CodeLines {
    /// How far continuation lines are indented, in ems of the code's size: room for the mark.
    static let continuationIndentEms = 2.0
    /// The longest listing, in source lines, that is never split between pages.
    static let unsplitSourceLines = 12

    /// Whether a cut inside a code token may come after `character`: punctuation and symbols
    /// that end a piece of a name (`.`, `:`, `/`, `,`, `=`, `-`, `)`), not those that open one.
    static func endsPiece(_ character: Character) -> Bool {
        guard character.isPunctuation || character.isSymbol else { return false }
        return !"([{<\"'`".contains(character)
    }

    /// The lines of `segments` (each source line ends with a forced break), and for each how far
    /// it starts right of the paragraph's lines (0 but for a continuation) and whether it
    /// continues the source line above. The paragraph's first line may be `openingWidth` wide,
    /// every other source line's first `width`; a continuation starts `continuationIndent`
    /// right of its source line's own indentation (its leading spaces, counted up to half the
    /// width), or less where its first segment needs the room. A segment wider than its line
    /// goes alone.
    static func lines(for segments: [Segment], openingWidth: Double, width: Double,
                      continuationIndent: Double) -> [(span: LineSpan, offset: Double, continues: Bool)] {
        var lines: [(span: LineSpan, offset: Double, continues: Bool)] = []
        var start = 0
        var used = 0.0
        var trailingSpace = 0.0
        var offset = 0.0
        var continues = false
        var lead = 0.0
        for (index, segment) in segments.enumerated() {
            if index == start, !continues {
                lead = segment.hasVisibleText ? 0 : min(segment.spaceWidth, width / 2)
            }
            let limit = continues ? width - offset : lines.isEmpty ? openingWidth : width
            if index > start, used + trailingSpace + segment.visibleWidth > limit + widthTolerance {
                lines.append((LineSpan(segments: start..<index, width: used), offset, continues))
                continues = true
                offset = max(continuationIndent, min(lead + continuationIndent, width - segment.visibleWidth))
                start = index
                used = segment.visibleWidth
            } else {
                used += (index > start ? trailingSpace : 0) + segment.visibleWidth
            }
            trailingSpace = segment.spaceWidth
            if segment.forcesBreak {
                lines.append((LineSpan(segments: start..<index + 1, width: used), offset, continues))
                continues = false
                offset = 0
                start = index + 1
                used = 0
                trailingSpace = 0
            }
        }
        if start < segments.count {
            lines.append((LineSpan(segments: start..<segments.count, width: used), offset, continues))
        }
        return lines
    }
}
