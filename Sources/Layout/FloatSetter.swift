import BookModel
import PageFormat

/// A float as the flattener hands it to the layout: its side, the width the book gives it,
/// where in its host's text it was met (`FloatBox.anchor`), and what it holds.
struct FlatFloat: Equatable, Sendable {
    enum Width: Equatable, Sendable {
        case points(Double)
        /// A share of the content box's width.
        case fraction(Double)
    }

    var side: FloatBox.Side
    var width: Width?
    var anchor: Int
    var paragraphs: [StyledParagraph]
}

/// A float placed beside its host's lines: the host's line its top is level with, how many of
/// the host's lines from there are beside it (no page may end between them), and what it shows,
/// each `y` from the top of that line.
struct SetFloat: Equatable, Sendable {
    var line: Int
    var lineCount: Int
    var lines: [SetLine]
    var images: [PageImage]
    /// Met before its host's text (a drop cap, a picture ahead of a paragraph): its lines come
    /// before that line's in the page's text; a float met inside the text, after.
    var leadsLine = false

    /// The same float with everything it shows `dx` right and `dy` down.
    func moved(dx: Double = 0, dy: Double = 0) -> SetFloat {
        var float = self
        for l in float.lines.indices {
            float.lines[l].x += dx
            float.lines[l].y += dy
        }
        for i in float.images.indices {
            float.images[i].x += dx
            float.images[i].y += dy
        }
        return float
    }
}

/// Sets a paragraph with floats beside it (CSS `float`), as a browser does within one
/// paragraph: each float is set in a box of its own width at the content box's side, its top
/// level with the line its anchor falls in, and the host's lines beside it are shorter by its
/// width and a gutter — the line breaker takes each line's width. A float that reaches below
/// its host makes the host taller by an empty line, so nothing after it is beside it: the
/// paragraph after a float always starts clear of it.
///
/// Set in the flow instead, where it stands, in lines of its own across the measure (a picture
/// on an empty line as tall as it is): a float of text wider than `widestShare` of the measure
/// (too little would be left beside it), or one taller than `tallestShare` of the page (it could
/// not stay on one page with the lines beside it). A float that holds a picture is no wider than
/// `widestShare`, the picture scaled down to it.
struct FloatSetter {
    let setter: ParagraphSetter
    let contentSize: Dimensions

    /// Space between a float and the text beside it, in ems of body text. CSS gives a float no
    /// margin of its own; text touching a line number or a picture reads as if glued to it.
    static let gutterEms = 0.5
    static let widestShare = 0.5
    static let tallestShare = 0.75
    /// Beside floats a line keeps at least this share of the measure, and these ems, for its
    /// text; a float that would leave less is set in the flow.
    static let narrowestShare = 0.25
    static let narrowestEms = 4.0

    struct Result {
        var lines: [SetLine]
        var floats: [SetFloat]
        /// How many of the paragraph's floats were set in the flow.
        var inFlow: Int
    }

    /// What a float shows, set in its box: lines and pictures from its top, and its height.
    private struct Content {
        var width: Double
        var lines: [SetLine] = []
        var images: [PageImage] = []
        var height = 0.0
    }

    func set(_ paragraph: StyledParagraph) -> Result {
        let lineHeight = paragraph.lineHeight
        var boxes: [(float: FlatFloat, content: Content)] = []
        // Floats set in the flow: their lines, and the pictures standing on some of them.
        var before = Flow(), after = Flow()
        var inFlow = 0
        for float in paragraph.floats {
            if let content = content(of: float) {
                boxes.append((float, content))
                continue
            }
            inFlow += 1
            // Set apart from the host by a line, as a block of its own would be.
            let gap = SetLine(text: "", x: 0, y: 0, width: 0, height: lineHeight)
            if float.anchor == 0 {
                for part in float.paragraphs { before.add(part, setter: setter, contentSize: contentSize) }
                before.lines.append(gap)
            } else {
                after.lines.append(gap)
                for part in float.paragraphs { after.add(part, setter: setter, contentSize: contentSize) }
            }
        }
        guard !boxes.isEmpty else {
            let host = setter.lines(for: paragraph)
            return Result(lines: before.lines + host + after.lines,
                          floats: before.floats + after.floats(after: before.lines.count + host.count), inFlow: inFlow)
        }
        // Where each float starts: the line its anchor falls in as the paragraph sets without it.
        let plain = boxes.count > 1 || boxes.contains { $0.float.anchor > 0 } ? setter.lines(for: paragraph) : []
        let anchorLines = Self.lines(of: boxes.map(\.float.anchor), in: paragraph, lines: plain)
        let rightToLeft = paragraph.text.withUnsafeBufferPointer {
            ParagraphBidi(text: $0, direction: paragraph.direction, fromText: paragraph.directionFromText)
        }.direction == .rightToLeft
        let gutter = Self.gutterEms * setter.bodySize
        let width = contentSize.width
        let (indent, firstX, _) = setter.starts(of: paragraph)
        // The least room a line beside floats keeps for its text.
        let narrowest = max(width * Self.narrowestShare, Self.narrowestEms * setter.bodySize)
        let tallest = contentSize.height * Self.tallestShare
        var insets = LineInsets()
        var free: [FloatBox.Side: Int] = [:]
        var placed: [(line: Int, height: Double, float: SetFloat)] = []
        for ((float, content), anchorLine) in zip(boxes, anchorLines) {
            let line = max(anchorLine, free[float.side] ?? 0)
            let count = max(1, Int(min((content.height / lineHeight - 1e-9).rounded(.up), 1e6)))
            // Insets are the paragraph's start and end sides; floats, its left and right.
            let onStart = (float.side == .left) != rightToLeft
            let room = content.width + gutter
            // A first line that starts left of the others (a list marker, a hanging indent) keeps
            // clear of a float at the start side too.
            let hang = max(0, indent - firstX)
            let leavesRoom = (line..<(line + count)).allSatisfy { n in
                width - indent - insets.start(n) - insets.end(n) - room - (onStart && n == 0 ? hang : 0) >= narrowest
            }
            // Below the paragraph's lines, floats stack on an empty line that must fit a page;
            // and no stretch the floats keep from a page break may be taller than one.
            let below = plain.isEmpty ? 0 : Double(line + count - plain.count) * lineHeight
            let kept = placed.filter { $0.line < line + count && line < $0.line + $0.float.lineCount }
            let keptStart = kept.map(\.line).min().map { min($0, line) } ?? line
            let keptEnd = max(kept.map { $0.line + $0.float.lineCount }.max() ?? 0, line + count)
            guard leavesRoom, below <= tallest, Double(keptEnd - keptStart) * lineHeight <= tallest + lineHeight else {
                inFlow += 1
                after.lines.append(SetLine(text: "", x: 0, y: 0, width: 0, height: lineHeight))
                for part in float.paragraphs { after.add(part, setter: setter, contentSize: contentSize) }
                continue
            }
            free[float.side] = line + count
            if insets.starts.count < line + count {
                insets.starts += Array(repeating: 0, count: line + count - insets.starts.count)
                insets.ends += Array(repeating: 0, count: line + count - insets.ends.count)
            }
            for n in line..<(line + count) {
                if onStart { insets.starts[n] += room + (n == 0 ? hang : 0) } else { insets.ends[n] += room }
            }
            // A float sits inside its host's indent, at the side it floats to.
            let x = switch (float.side, rightToLeft) {
            case (.left, false): indent
            case (.left, true): 0.0
            case (.right, false): width - content.width
            case (.right, true): width - indent - content.width
            }
            var set = SetFloat(line: line, lineCount: count, lines: content.lines, images: content.images).moved(dx: x)
            set.leadsLine = float.anchor == 0
            placed.append((line, content.height, set))
        }
        var lines = setter.lines(for: paragraph, beside: insets)
        // A float reaching below the host's last line: an empty line makes the room. A float
        // whose line the host does not have (one below another on its side) starts on that
        // empty line, as far down it as the lines it would have been level with.
        let hostLines = lines.count
        let bottom = placed.map { Double($0.line) * lineHeight + $0.height }.max() ?? 0
        let spacer = bottom - Double(hostLines) * lineHeight
        if spacer > 1e-9 { lines.append(SetLine(text: "", x: 0, y: 0, width: 0, height: spacer)) }
        let floats = placed.map { entry -> SetFloat in
            let attached = min(entry.float.line, hostLines)
            var float = entry.float.moved(dy: Double(entry.float.line - attached) * lineHeight)
            float.line = attached + before.lines.count
            float.lineCount = min(float.lineCount, lines.count - attached)
            return float
        }
        return Result(lines: before.lines + lines + after.lines,
                      floats: before.floats + floats.sorted { $0.line < $1.line } + after.floats(after: before.lines.count + lines.count),
                      inFlow: inFlow)
    }

    /// Floats set in the flow, as lines of their own across the measure; a picture among them
    /// stands on an empty line as tall as it is.
    private struct Flow {
        var lines: [SetLine] = []
        var floats: [SetFloat] = []

        mutating func add(_ paragraph: StyledParagraph, setter: ParagraphSetter, contentSize: Dimensions) {
            guard let image = paragraph.image, let pixels = image.source.pixelSize else {
                lines += setter.lines(for: paragraph).map { line in
                    var line = line
                    line.source = nil
                    return line
                }
                return
            }
            let placed = ImageScaling.placed(image, pixels: pixels, in: contentSize)
            floats.append(SetFloat(line: lines.count, lineCount: 1, lines: [], images: [placed]))
            lines.append(SetLine(text: "", x: 0, y: 0, width: 0, height: placed.height))
        }

        /// Its floats, for its lines placed after `offset` others.
        func floats(after offset: Int) -> [SetFloat] {
            floats.map { float in
                var float = float
                float.line += offset
                return float
            }
        }
    }

    /// For each of `anchors` (counted as `FloatBox.anchor` counts, leaving out white space), the
    /// line of `lines` that shows the character before it: a float met at a line's end is beside
    /// that line, not the next. 0 when there are no lines. One pass over the text for all.
    private static func lines(of anchors: [Int], in paragraph: StyledParagraph, lines: [SetLine]) -> [Int] {
        guard !lines.isEmpty, anchors.contains(where: { $0 > 0 }) else { return anchors.map { _ in 0 } }
        let order = anchors.indices.sorted { anchors[$0] < anchors[$1] }
        var offsets = Array(repeating: 0, count: anchors.count)
        var next = 0
        var seen = 0
        var scalars = 0
        for scalar in String(decoding: paragraph.text, as: UTF8.self).unicodeScalars {
            while next < order.count, anchors[order[next]] <= seen {
                offsets[order[next]] = max(scalars - 1, 0)
                next += 1
            }
            if next == order.count { break }
            if !scalar.properties.isWhitespace { seen += 1 }
            scalars += 1
        }
        while next < order.count {
            offsets[order[next]] = max(scalars - 1, 0)
            next += 1
        }
        // The lines' starts in the chapter's text, in order: the last at or before each offset.
        let starts = lines.map { $0.source?.lowerBound ?? .max }
        return zip(anchors, offsets).map { anchor, offset in
            guard anchor > 0 else { return 0 }
            let target = paragraph.sourceStart + offset
            return max(starts.indices.partitionPoint { starts[$0] <= target } - 1, 0)
        }
    }

    /// The float set in its box, or nil when it is to be set in the flow.
    private func content(of float: FlatFloat) -> Content? {
        let widest = contentSize.width * Self.widestShare
        let holdsPicture = float.paragraphs.contains { $0.image?.source.pixelSize != nil }
        var width: Double
        switch float.width {
        case .points(let points)?: width = points
        case .fraction(let fraction)?: width = fraction * contentSize.width
        case nil:
            // As wide as its widest paragraph or picture, on one line (CSS's shrink-to-fit).
            width = float.paragraphs.map { paragraph in
                if let pixels = paragraph.image?.source.pixelSize {
                    return ImageScaling.size(of: pixels, toFit: contentSize).width
                }
                return setter.contentWidths(of: paragraph).maximum
            }.max() ?? 0
        }
        width = min(width, contentSize.width)
        if width > widest + 1e-9 {
            guard holdsPicture else { return nil }
            width = widest
        }
        guard width > 0 else { return nil }
        let boxSetter = setter.setting(width: width)
        var content = Content(width: width)
        let tallest = contentSize.height * Self.tallestShare
        for paragraph in float.paragraphs {
            if let image = paragraph.image, let pixels = image.source.pixelSize {
                var placed = ImageScaling.placed(image, pixels: pixels, in: Dimensions(width: width, height: tallest))
                placed.y = content.height
                content.images.append(placed)
                content.height += placed.height
                continue
            }
            for var line in boxSetter.lines(for: paragraph) where !(line.text.isEmpty && line.runs.isEmpty) {
                line.y = content.height
                line.source = nil
                content.lines.append(line)
                content.height += line.height
            }
        }
        guard content.height > 0, content.height <= tallest + 1e-9 else { return nil }
        return content
    }
}
