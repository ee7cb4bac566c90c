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
        let plain = boxes.contains { $0.float.anchor > 0 } ? setter.lines(for: paragraph) : []
        let rightToLeft = paragraph.text.withUnsafeBufferPointer {
            ParagraphBidi(text: $0, direction: paragraph.direction, fromText: paragraph.directionFromText)
        }.direction == .rightToLeft
        let gutter = Self.gutterEms * setter.bodySize
        let width = contentSize.width
        let indent = min(paragraph.indent, width / 2)
        var insets = LineInsets()
        var free: [FloatBox.Side: Int] = [:]
        var placed: [(line: Int, height: Double, float: SetFloat)] = []
        for (float, content) in boxes {
            let line = max(Self.line(of: float.anchor, in: paragraph, lines: plain), free[float.side] ?? 0)
            let count = max(1, Int(min((content.height / lineHeight - 1e-9).rounded(.up), 1e6)))
            free[float.side] = line + count
            // Insets are the paragraph's start and end sides; floats, its left and right.
            let onStart = (float.side == .left) != rightToLeft
            let room = content.width + gutter
            if insets.starts.count < line + count {
                insets.starts += Array(repeating: 0, count: line + count - insets.starts.count)
                insets.ends += Array(repeating: 0, count: line + count - insets.ends.count)
            }
            for n in line..<(line + count) {
                if onStart { insets.starts[n] += room } else { insets.ends[n] += room }
            }
            // A float sits inside its host's indent, at the side it floats to.
            let x = switch (float.side, rightToLeft) {
            case (.left, false): indent
            case (.left, true): 0.0
            case (.right, false): width - content.width
            case (.right, true): width - indent - content.width
            }
            var set = SetFloat(line: line, lineCount: count, lines: content.lines, images: content.images)
            for l in set.lines.indices { set.lines[l].x += x }
            for i in set.images.indices { set.images[i].x += x }
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
            var float = entry.float
            let attached = min(float.line, hostLines)
            let drop = Double(float.line - attached) * lineHeight
            if drop > 0 {
                for l in float.lines.indices { float.lines[l].y += drop }
                for i in float.images.indices { float.images[i].y += drop }
            }
            float.line = attached + before.lines.count
            float.lineCount = min(float.lineCount, lines.count - attached)
            return float
        }
        return Result(lines: before.lines + lines + after.lines,
                      floats: before.floats + floats + after.floats(after: before.lines.count + lines.count), inFlow: inFlow)
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

    /// The line of `lines` that shows the character at `anchor` (counted as `FloatBox.anchor`
    /// counts, leaving out white space); 0 when there are no lines.
    private static func line(of anchor: Int, in paragraph: StyledParagraph, lines: [SetLine]) -> Int {
        guard anchor > 0, !lines.isEmpty else { return 0 }
        var seen = 0
        var scalars = 0
        for scalar in String(decoding: paragraph.text, as: UTF8.self).unicodeScalars {
            if seen == anchor { break }
            if !scalar.properties.isWhitespace { seen += 1 }
            scalars += 1
        }
        // The last character before the anchor says the line: a float met at a line's end is
        // beside that line, not the next.
        let offset = paragraph.sourceStart + max(scalars - 1, 0)
        return lines.lastIndex { ($0.source?.lowerBound ?? .max) <= offset } ?? 0
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
