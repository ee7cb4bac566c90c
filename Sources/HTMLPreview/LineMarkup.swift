import Foundation
import PageFormat

/// One laid-out line as HTML: a box at the line's `x`, `y` and `width`, holding its text on one
/// line that never wraps (`white-space: pre`), each style run in its face (or the stand-in face
/// it names) and size, and, for a
/// line with `bidi`, its pieces in the visual order the layout gives, each an inline block drawn
/// in its own direction with bidi overridden: the browser reorders nothing itself. A justified line's
/// spaces are stretched by the page script, which measures the text and sets `word-spacing`.
enum LineMarkup {
    /// `destination`: where a linked run leads; its text is then a link, to a page of the
    /// preview or out of the book.
    static func html(_ line: PageLine, layout: LayoutDescription,
                     destination: (PageRun) -> LinkDestination? = { _ in nil }) -> String {
        let isNote = line.role == .note || line.role == .noteSeparator
        let defaultHeight = isNote ? layout.notes?.lineHeight ?? layout.font.lineHeight : layout.font.lineHeight
        let height = line.height ?? defaultHeight
        // A vertical line's box is `height` wide across the page and `width` long down it.
        let box = line.vertical
            ? "left:\(HTMLText.px(line.x));top:\(HTMLText.px(line.y));width:\(HTMLText.px(height));"
                + "height:\(HTMLText.px(line.width));line-height:\(HTMLText.px(height))"
            : "left:\(HTMLText.px(line.x));top:\(HTMLText.px(line.y));width:\(HTMLText.px(line.width));"
                + "height:\(HTMLText.px(height));line-height:\(HTMLText.px(height))"
        if line.role == .noteSeparator {
            return "<div class=\"l rule\" style=\"\(box)\"></div>"
        }
        guard !line.text.isEmpty else { return "" }
        var size = isNote ? layout.notes?.size ?? layout.font.size : layout.font.size
        // A line of a table set smaller than the body takes its own size, so that the browser's
        // line box (its strut) is of that size too and the text sits inside the line's box.
        var own = ""
        if line.cell != nil, let largest = line.runs?.map(\.size).max(), largest < size {
            size = largest
            own = "font-size:\(HTMLText.px(size));"
        }
        // An expanded line is drawn scaled as a whole from its start edge; the page script
        // stretches its spaces in the unscaled text (`data-s`).
        if line.expansion != 1 {
            own += "display:inline-block;transform:scaleX(\(line.expansion));transform-origin:\(line.isRightToLeft ? "right" : "left");"
        }
        // A right-to-left line is set from its right edge, as its renderer would: where the
        // browser's text is a hair narrower than the layout's, the line stays flush right.
        // A code line's continuation is marked in its indent (`.c`): ↪, or ↩ right to left.
        let classes = "l" + (line.role == .note ? " n" : "") + (line.isRightToLeft ? " r" : "") + (line.continuation ? " c" : "")
            + (line.vertical ? " v" : "")
        var attributes = "class=\"\(classes)\" style=\"\(box)\" data-w=\"\(line.width)\""
        if line.vertical { attributes += " data-v=\"\"" }
        if line.justified { attributes += " data-j=\"\"" }
        if line.expansion != 1 { attributes += " data-s=\"\(line.expansion)\"" }
        if line.hyphenated { attributes += " data-h=\"\"" }
        if let cell = line.cell { attributes += " " + cellAttributes(cell) }
        let units = Array(line.text.utf16)
        let runs = line.runs ?? [PageRun(start: 0, length: units.count, face: 0, size: size)]
        var content = ""
        if !line.bidi.isEmpty {
            for piece in line.bidi {
                let low = max(0, min(piece.start, units.count)), high = max(low, min(piece.start + piece.length, units.count))
                content += "<span class=\"\(piece.rightToLeft ? "rtl" : "ltr")\">"
                    + spans(units, low..<high, runs: runs, size: size, standIns: layout.standIns, formulas: line.formulas,
                            destination: destination) + "</span>"
            }
        } else {
            content = spans(units, 0..<units.count, runs: runs, size: size, standIns: layout.standIns, formulas: line.formulas,
                            destination: destination)
        }
        return "<div \(attributes)><span class=\"t\"\(own.isEmpty ? "" : " style=\"\(own)\"")>\(content)</span></div>"
            + line.ruby.map { ruby(of: $0, layout: layout, vertical: line.vertical) }.joined()
            + line.formulas.map { formula($0, layout: layout, units: units, runs: runs) }.joined()
    }

    /// A formula as an SVG in its box, its glyphs drawn by id from the document's outlines
    /// (`GlyphDefinitions`) and its rules as rectangles, in page coordinates, in the colour of
    /// its run; its words for a reader's voice.
    static func formula(_ formula: PageFormula, layout: LayoutDescription, units: [UInt16], runs: [PageRun]) -> String {
        let face = layout.standIns?.firstIndex { $0.postScriptName == formula.face } ?? -1
        let low = max(0, min(formula.start, units.count)), high = max(low, min(formula.start + formula.length, units.count))
        let label = formula.alt ?? String(decoding: units[low..<high], as: UTF16.self)
        let color = runs.first { $0.start <= formula.start && formula.start < $0.start + $0.length }?.color
        var svg = "<svg class=\"fm\" role=\"img\" aria-label=\"\(HTMLText.escaped(label))\" style=\"left:\(HTMLText.px(formula.x));"
            + "top:\(HTMLText.px(formula.y));width:\(HTMLText.px(formula.width));height:\(HTMLText.px(formula.height))\" "
            + "viewBox=\"\(formula.x) \(formula.y) \(formula.width) \(formula.height)\" data-start=\"\(formula.start)\">"
            + "<g fill=\"\(color?.hex ?? "currentColor")\">"
        for glyph in formula.glyphs {
            svg += "<use href=\"#\(GlyphDefinitions.id(face: face, glyph: glyph.id))\" transform=\"translate(\(glyph.x) \(glyph.y)) "
                + "scale(\(glyph.size) \(-glyph.size))\"/>"
        }
        for rule in formula.rules {
            guard rule.angle != 0 else {
                svg += "<rect x=\"\(rule.x)\" y=\"\(rule.y)\" width=\"\(rule.width)\" height=\"\(rule.height)\"/>"
                continue
            }
            // A turned rule as its four corners, turned about its centre (counterclockwise on
            // the page, whose y goes down).
            let (cx, cy) = (rule.x + rule.width / 2, rule.y + rule.height / 2)
            let radians = rule.angle * .pi / 180, (cosine, sine) = (cos(radians), sin(radians))
            let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy -> String in
                let (dx, dy) = (sx * rule.width / 2, sy * rule.height / 2)
                return "\(HTMLText.number(cx + dx * cosine + dy * sine)),\(HTMLText.number(cy - dx * sine + dy * cosine))"
            }
            svg += "<polygon points=\"\(corners.joined(separator: " "))\"/>"
        }
        return svg + "</g></svg>"
    }

    /// A ruby reading in its box, in its face (or stand-in) and size, spread by its letter
    /// spacing: where the layout placed it (`ruby` names it for the browser check).
    static func ruby(of ruby: PageRuby, layout: LayoutDescription, vertical: Bool) -> String {
        let standIn = ruby.standIn.flatMap { name in layout.standIns?.firstIndex { $0.postScriptName == name } }
        let face = standIn.map { "s\($0)" } ?? "f\(ruby.face)"
        let (across, along) = vertical ? (ruby.size, ruby.width) : (ruby.width, ruby.size)
        var style = "left:\(HTMLText.px(ruby.x));top:\(HTMLText.px(ruby.y));width:\(HTMLText.px(across));"
            + "height:\(HTMLText.px(along));line-height:\(HTMLText.px(ruby.size));font-size:\(HTMLText.px(ruby.size))"
        if ruby.letterSpacing != 0 {
            style += ";letter-spacing:\(HTMLText.px(ruby.letterSpacing));text-indent:\(HTMLText.px(ruby.letterSpacing / 2))"
        }
        return "<div class=\"l ruby\(vertical ? " v" : "")\" style=\"\(style)\"><span class=\"\(face)\">"
            + "\(HTMLText.escaped(ruby.text))</span></div>"
    }

    /// What names a table cell, on the cell's box and on each line of its text, for the browser
    /// check to pair them.
    static func cellAttributes(_ place: CellPlace) -> String {
        "data-table=\"\(place.table)\" data-row=\"\(place.row)\" data-column=\"\(place.column)\""
            + (place.repeated ? " data-repeated=\"\"" : "")
    }

    /// A run's spacing and features as CSS, so the browser draws what was measured: its word
    /// spacing added to the stretch a justified line's spaces get (`--j`, set by the page
    /// script on the line's text), and letter-spaced text without ligatures, as it was shaped.
    static func shaping(of run: PageRun) -> String {
        var style = ""
        if run.letterSpacing != 0 { style += "letter-spacing:\(HTMLText.px(run.letterSpacing));" }
        if run.wordSpacing != 0 { style += "word-spacing:calc(\(HTMLText.px(run.wordSpacing)) + var(--j, 0px));" }
        var settings = run.features.map(\.rawValue).filter(isFeatureTag).map { "'\($0)' 1" }
        if run.letterSpacing != 0 { settings += ["'liga' 0", "'clig' 0"] }
        if !settings.isEmpty { style += "font-feature-settings:\(settings.joined(separator: ","));" }
        return style
    }

    /// Four printable ASCII characters other than quotes and markup: an OpenType tag, safe in
    /// a style attribute.
    private static func isFeatureTag(_ tag: String) -> Bool {
        tag.utf8.count == 4 && tag.utf8.allSatisfy { (0x20...0x7E).contains($0) && !"'\"<>&\\;".utf8.contains($0) }
    }

    /// The text of `range` cut at the runs' edges, each part in its run's face and size (text no
    /// run covers, in the first face at the line's size).
    /// A formula's run (one of `formulas`) is not drawn: a box as wide as the formula takes its
    /// place, and the formula is drawn over it (`formula`).
    static func spans(_ units: [UInt16], _ range: Range<Int>, runs: [PageRun], size: Double,
                      standIns: [FaceDescription]? = nil, formulas: [PageFormula] = [],
                      destination: (PageRun) -> LinkDestination? = { _ in nil }) -> String {
        var out = ""
        var position = range.lowerBound
        func emit(_ part: Range<Int>, face: String, runSize: Double, shift: BaselineShift, link: LinkDestination? = nil,
                  painted run: PageRun? = nil) {
            guard !part.isEmpty else { return }
            var style = runSize == size ? "" : "font-size:\(HTMLText.px(runSize));"
            if let run {
                let lines = (run.underline ? ["underline"] : []) + (run.strikethrough ? ["line-through"] : [])
                if !lines.isEmpty { style += "text-decoration-line:\(lines.joined(separator: " "));" }
                if let color = run.color { style += "color:\(color.hex);" }
                if let background = run.background { style += "background:\(background.hex);" }
                style += shaping(of: run)
            }
            switch run?.orientation {
            case .sideways?: style += "text-orientation:sideways;"
            // One em down the column; the room added after it (`letterSpacing`) as a margin, since
            // the text inside is not spaced.
            case .combined?:
                style += "text-combine-upright:all;letter-spacing:0;"
                if let spacing = run?.letterSpacing, spacing != 0 { style += "margin-bottom:\(HTMLText.px(spacing));" }
            case .upright?, .other?, nil: break
            }
            switch shift {
            case .superscript: style += "position:relative;top:\(HTMLText.px(-runSize * 0.4));"
            case .subscript: style += "position:relative;top:\(HTMLText.px(runSize * 0.2));"
            case .none, .other: break
            }
            let text = HTMLText.escaped(String(decoding: units[part], as: UTF16.self))
            let span = "<span class=\"\(face)\"\(style.isEmpty ? "" : " style=\"\(style)\"")>\(text)</span>"
            switch link {
            case .page(let page, _)?: out += "<a href=\"#page=\(page)\" data-page=\"\(page)\">\(span)</a>"
            case .external(let url)?: out += "<a href=\"\(HTMLText.escaped(url))\" target=\"_blank\" rel=\"noopener\">\(span)</a>"
            case nil: out += span
            }
        }
        for run in runs.sorted(by: { $0.start < $1.start }) {
            let low = max(run.start, position), high = min(run.start + run.length, range.upperBound)
            guard low < high else { continue }
            emit(position..<low, face: "f0", runSize: size, shift: .none)
            if let formula = formulas.first(where: { $0.start == low && $0.start + $0.length == high }) {
                out += "<span class=\"fs\" style=\"width:\(HTMLText.px(formula.width))\"></span>"
                position = high
                continue
            }
            let standIn = run.standIn.flatMap { name in standIns?.firstIndex { $0.postScriptName == name } }
            emit(low..<high, face: standIn.map { "s\($0)" } ?? "f\(run.face)", runSize: run.size, shift: run.shift,
                 link: destination(run), painted: run)
            position = high
        }
        emit(position..<range.upperBound, face: "f0", runSize: size, shift: .none)
        return out
    }
}
