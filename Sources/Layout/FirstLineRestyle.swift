import BookModel

/// A paragraph's first line in the style the book's `::first-line` gives it. Which text that
/// line holds depends on the style (small capitals and bold are wider), so the line is found as
/// a browser finds it: the whole paragraph is set in that style and its first line kept; the
/// lines after it are then set from where it ends, in the paragraph's own style.
struct FirstLineRestyle: Equatable {
    var style: FirstLineStyle
    /// The paragraph's own size: a first line set larger is made taller against it, and its
    /// spacing is a multiple of it.
    var blockSize: Double
    /// What the faces have: the first line's small capitals come from its face, or are made.
    var faceFeatures: FaceFeatures
}

extension ParagraphSetter {
    /// The lines of a paragraph with a `firstLine` style.
    func linesWithStyledFirstLine(_ paragraph: StyledParagraph, beside insets: LineInsets) -> [SetLine] {
        var secondLineStart: Int?
        var lines = setLines(paragraph.restyled(through: paragraph.text.count), beside: insets,
                             secondLineStart: &secondLineStart)
        guard lines.count > 1, let start = secondLineStart, start > 0, start < paragraph.text.count else { return lines }
        var rest = paragraph.remainder(from: start)
        // The text after the first line is no longer where its direction is found.
        rest.direction = lines[0].direction
        rest.directionFromText = false
        var ignored: Int?
        let after = setLines(rest, beside: insets.afterFirstLine, secondLineStart: &ignored)
        lines.removeSubrange(1...)
        return lines + after
    }
}

extension StyledParagraph {
    /// The paragraph with its text before UTF-8 offset `end` in its first line's style, and no
    /// `firstLine` left to apply. Case changes keep every character's bytes as many
    /// (`CaseMapping`), so offsets into the text stay where they were.
    func restyled(through end: Int) -> StyledParagraph {
        var result = self
        result.firstLine = nil
        guard let restyle = firstLine, end > 0, end <= text.count else { return result }
        let style = restyle.style
        if let letterCase = style.letterCase {
            var transformation = TextTransformation()
            let changed = Array(transformation.apply(letterCase, to: String(decoding: text[..<end], as: UTF8.self)).utf8)
            if changed.count == end { result.text.replaceSubrange(0..<end, with: changed) }
        }
        let scale = style.scale.map { min(max($0, BlockFlattener.fontScales.lowerBound), BlockFlattener.fontScales.upperBound) }
        var runs: [StyledRun] = []
        var start = 0
        for run in self.runs {
            defer { start = run.end }
            guard start < end else {
                runs.append(run)
                continue
            }
            var styled = run
            styled.end = min(run.end, end)
            // The layout's own faces change with the line's weight and style; a face of the
            // book's stays as its family chose it.
            if let role = FaceRole(rawValue: run.face) {
                styled.face = FaceRole(bold: style.bold ?? role.isBold, italic: style.italic ?? role.isItalic,
                                       code: role == .monospace).rawValue
            }
            if let scale { styled.size = Self.writtenSize(run.size * scale) }
            if let color = style.color { styled.paint.color = BlockFlattener.color(color) }
            if let background = style.background { styled.paint.background = BlockFlattener.color(background) }
            styled.paint.underline = styled.paint.underline || style.underline
            styled.paint.strikethrough = styled.paint.strikethrough || style.strikethrough
            var synthesized: SmallCapitals?
            if style.letterSpacing != nil || style.wordSpacing != nil || !style.features.isEmpty || scale != nil {
                // As the flattener shapes a run: features the face has, small capitals it lacks
                // synthesized (letters made capitals already stay as they are).
                let resolved = restyle.faceFeatures.resolve(run.shaping.features.union(style.features), in: styled.face)
                synthesized = resolved.synthesized
                styled.shaping = RunShaping(letterSpacing: style.letterSpacing.map { $0 * restyle.blockSize } ?? run.shaping.letterSpacing,
                                            wordSpacing: style.wordSpacing.map { $0 * restyle.blockSize } ?? run.shaping.wordSpacing,
                                            features: resolved.features, size: styled.size)
                if !styled.shaping.isPlain { result.isShaped = true }
            }
            if let synthesized {
                var pieceStart = start
                let part = String(decoding: result.text[start..<styled.end], as: UTF8.self)
                for piece in BlockFlattener.smallCapsPieces(of: part, synthesized) {
                    let bytes = Array(piece.text.utf8)
                    result.text.replaceSubrange(pieceStart..<pieceStart + bytes.count, with: bytes)
                    pieceStart += bytes.count
                    var small = styled
                    small.end = pieceStart
                    if piece.small { small.size = Self.writtenSize(styled.size * BlockFlattener.smallCapsScale) }
                    runs.append(small)
                }
            } else {
                runs.append(styled)
            }
            // The rest of a run the first line ends in keeps its own style.
            if run.end > end { runs.append(run) }
        }
        if result.text != text { result.caseSource = caseSource ?? text }
        result.runs = []
        for run in runs {
            if var last = result.runs.last {
                last.end = run.end
                if last == run {
                    result.runs[result.runs.count - 1] = run
                    continue
                }
            }
            result.runs.append(run)
        }
        if let scale, scale > 1 + 1e-9, result.lineHeightPerPoint == 0, restyle.blockSize > 0 {
            result.lineHeightPerPoint = lineHeight / restyle.blockSize
        }
        return result
    }

    /// The paragraph's text from UTF-8 offset `start` on, as a paragraph of its own in its own
    /// style: the lines after its first, with no marker or first-line indent, and its place in
    /// the chapter's text moved on to where that text is.
    func remainder(from start: Int) -> StyledParagraph {
        var rest = self
        rest.firstLine = nil
        rest.text = Array(text[start...])
        rest.runs = runs.compactMap { run in
            guard run.end > start else { return nil }
            var moved = run
            moved.end -= start
            return moved
        }
        rest.prefix = ""
        rest.firstLineIndent = 0
        let skipped = text.withUnsafeBufferPointer { UTF8Counting.scalars(in: UnsafeBufferPointer(rebasing: $0[..<start])) }
        rest.sourceStart += skipped
        rest.noteCalls = noteCalls.compactMap { call in
            call.offset >= skipped ? NoteCall(offset: call.offset - skipped, note: call.note) : nil
        }
        rest.anchors = []
        rest.floats = []
        return rest
    }
}
