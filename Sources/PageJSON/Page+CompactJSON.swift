// How pages and their lines write themselves for `CompactJSONEncoder`: members in key order,
// optional ones left out when nil, as their synthesized `Encodable` conformances write them.
// A new member must be added here too; `CompactJSONTests` fails until it is.
import Foundation
import PageFormat

extension Page: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try writeJSON(to: output, lineIndex: nil)
    }

    /// `lineIndex`: the page's index in a JSON Lines page line, whose `index` and `line` members
    /// go among the page's own in key order (`JSONLines.page`).
    func writeJSON(to output: JSONOutput, lineIndex: Int?) throws {
        // Each kind's data, by the key it is written under: a new kind fails to compile here.
        var shown: ChapterPage?, isContent = false, cover: String?, color: PageColor?, decoration: Decoration?
        switch kind {
        case .content(let page): shown = page; isContent = true
        case .image(let page): shown = page
        case .cover(let image): cover = image
        case .colored(let value): color = value
        case .decorative(let value): decoration = value
        case .invisible, .blank, .unknown: break
        }
        try output.object { first in
            if let shown, !shown.boxes.isEmpty { output.key("boxes", first: &first); try output.writeArray(shown.boxes) }
            if let shown, !shown.cells.isEmpty { output.key("cells", first: &first); try output.writeArray(shown.cells) }
            if let shown { output.key("chapter", first: &first); output.write(Int64(shown.chapter)) }
            if let color { output.key("color", first: &first); try output.write(color) }
            if let decoration { output.key("decoration", first: &first); try output.write(decoration) }
            if let design = shown?.design { output.key("design", first: &first); try design.writeJSON(to: output) }
            if let shown { output.key("folio", first: &first); output.write(Int64(shown.folio)) }
            if let cover { output.key("image", first: &first); output.write(cover) }
            if let shown, !isContent || !shown.images.isEmpty {
                output.key("images", first: &first); try output.writeArray(shown.images)
            }
            if let lineIndex { output.key("index", first: &first); output.write(Int64(lineIndex)) }
            if let shown { output.key("indexInChapter", first: &first); output.write(Int64(shown.indexInChapter)) }
            if lineIndex != nil { output.key("line", first: &first); output.write("page") }
            if let shown, isContent && !shown.linesLeftOut || !shown.lines.isEmpty {
                output.key("lines", first: &first); try output.writeArray(shown.lines)
            }
            if let location = shown?.location { output.key("location", first: &first); try location.writeJSON(to: output) }
            if let subtitle { output.key("subtitle", first: &first); output.write(subtitle) }
            if let shown, isContent || !shown.text.isEmpty { output.key("text", first: &first); output.write(shown.text) }
            if let title { output.key("title", first: &first); output.write(title) }
            output.key("type", first: &first); output.write(kind.type)
        }
    }
}

extension DesignedPage: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            output.key("scale", first: &first); try output.write(scale)
            if let side { output.key("side", first: &first); output.write(side.rawValue) }
            output.key("spineItem", first: &first); output.write(spineItem)
            output.key("viewport", first: &first)
            try output.object { first in
                output.key("height", first: &first); try output.write(viewport.height)
                output.key("width", first: &first); try output.write(viewport.width)
            }
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension PageLine: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            if !bidi.isEmpty { output.key("bidi", first: &first); try output.writeArray(bidi) }
            if let cell { output.key("cell", first: &first); cell.writeJSON(to: output) }
            if continuation { output.key("continuation", first: &first); output.write(true) }
            if direction != .leftToRight { output.key("direction", first: &first); output.write(direction.rawValue) }
            if expansion != 1 { output.key("expansion", first: &first); try output.write(expansion) }
            if !formulas.isEmpty { output.key("formulas", first: &first); try output.writeArray(formulas) }
            if let height { output.key("height", first: &first); try output.write(height) }
            if hyphenated { output.key("hyphenated", first: &first); output.write(true) }
            if justified { output.key("justified", first: &first); output.write(true) }
            if role != .body { output.key("role", first: &first); output.write(role.rawValue) }
            if !ruby.isEmpty { output.key("ruby", first: &first); try output.writeArray(ruby) }
            if let runs { output.key("runs", first: &first); try output.writeArray(runs) }
            output.key("text", first: &first); output.write(text)
            if vertical { output.key("vertical", first: &first); output.write(true) }
            output.key("width", first: &first); try output.write(width)
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension PageLine.BidiPiece: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.object { first in
            output.key("length", first: &first); output.write(Int64(length))
            if rightToLeft { output.key("rtl", first: &first); output.write(true) }
            output.key("start", first: &first); output.write(Int64(start))
        }
    }
}

extension PageRun: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            if let background { output.key("background", first: &first); try output.write(background) }
            if let color { output.key("color", first: &first); try output.write(color) }
            output.key("face", first: &first); output.write(Int64(face))
            if !features.isEmpty { output.key("features", first: &first); try output.writeArray(features) }
            output.key("length", first: &first); output.write(Int64(length))
            if letterSpacing != 0 { output.key("letterSpacing", first: &first); try output.write(letterSpacing) }
            if let link { output.key("link", first: &first); output.write(link) }
            if orientation != .upright { output.key("orientation", first: &first); output.write(orientation.rawValue) }
            if shift != .none { output.key("shift", first: &first); output.write(shift.rawValue) }
            output.key("size", first: &first); try output.write(size)
            if let standIn { output.key("standIn", first: &first); output.write(standIn) }
            output.key("start", first: &first); output.write(Int64(start))
            if strikethrough { output.key("strikethrough", first: &first); output.write(true) }
            if underline { output.key("underline", first: &first); output.write(true) }
            if wordSpacing != 0 { output.key("wordSpacing", first: &first); try output.write(wordSpacing) }
        }
    }
}

extension PageRuby: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            output.key("face", first: &first); output.write(Int64(face))
            output.key("length", first: &first); output.write(Int64(length))
            if letterSpacing != 0 { output.key("letterSpacing", first: &first); try output.write(letterSpacing) }
            output.key("size", first: &first); try output.write(size)
            if let standIn { output.key("standIn", first: &first); output.write(standIn) }
            output.key("start", first: &first); output.write(Int64(start))
            output.key("text", first: &first); output.write(text)
            output.key("width", first: &first); try output.write(width)
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension PageFormula: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            if let alt { output.key("alt", first: &first); output.write(alt) }
            output.key("baseline", first: &first); try output.write(baseline)
            if continues { output.key("continues", first: &first); output.write(true) }
            if display { output.key("display", first: &first); output.write(true) }
            output.key("face", first: &first); output.write(face)
            output.key("glyphs", first: &first); try output.writeArray(glyphs)
            output.key("height", first: &first); try output.write(height)
            output.key("length", first: &first); output.write(Int64(length))
            if !rules.isEmpty { output.key("rules", first: &first); try output.writeArray(rules) }
            if scale != 1 { output.key("scale", first: &first); try output.write(scale) }
            output.key("start", first: &first); output.write(Int64(start))
            output.key("width", first: &first); try output.write(width)
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension PageFormula.Glyph: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            output.key("id", first: &first); output.write(Int64(id))
            output.key("size", first: &first); try output.write(size)
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension PageFormula.Rule: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            if angle != 0 { output.key("angle", first: &first); try output.write(angle) }
            output.key("height", first: &first); try output.write(height)
            output.key("width", first: &first); try output.write(width)
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension OpenTypeFeature: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.write(rawValue)
    }
}

extension PageLocation: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.object { first in
            output.key("end", first: &first); output.write(Int64(end))
            if let endCFI { output.key("endCFI", first: &first); output.write(endCFI) }
            output.key("start", first: &first); output.write(Int64(start))
            if let startCFI { output.key("startCFI", first: &first); output.write(startCFI) }
        }
    }
}

extension PageImage: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            if let alt { output.key("alt", first: &first); output.write(alt) }
            output.key("height", first: &first); try output.write(height)
            output.key("path", first: &first); output.write(path)
            output.key("width", first: &first); try output.write(width)
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension PageBox: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            output.key("color", first: &first); output.write(color.hex)
            output.key("height", first: &first); try output.write(height)
            output.key("kind", first: &first); output.write(kind.rawValue)
            if overPictures { output.key("overPictures", first: &first); output.write(true) }
            output.key("width", first: &first); try output.write(width)
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension PageCell: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            output.key("column", first: &first); output.write(Int64(column))
            if columnSpan != 1 { output.key("columnSpan", first: &first); output.write(Int64(columnSpan)) }
            if header { output.key("header", first: &first); output.write(true) }
            output.key("height", first: &first); try output.write(height)
            if repeated { output.key("repeated", first: &first); output.write(true) }
            output.key("row", first: &first); output.write(Int64(row))
            if rowSpan != 1 { output.key("rowSpan", first: &first); output.write(Int64(rowSpan)) }
            output.key("table", first: &first); output.write(Int64(table))
            output.key("width", first: &first); try output.write(width)
            output.key("x", first: &first); try output.write(x)
            output.key("y", first: &first); try output.write(y)
        }
    }
}

extension CellPlace: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) {
        output.object { first in
            output.key("column", first: &first); output.write(Int64(column))
            if repeated { output.key("repeated", first: &first); output.write(true) }
            output.key("row", first: &first); output.write(Int64(row))
            output.key("table", first: &first); output.write(Int64(table))
        }
    }
}

extension JSONOutput {
    /// `{…}`: `members` writes the members, each after `key(_:first:)`.
    func object(_ members: (inout Bool) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        try members(&first)
        bytes.append(UInt8(ascii: "}"))
    }

    func writeArray<Element: CompactJSONWritable>(_ elements: [Element]) throws {
        bytes.append(UInt8(ascii: "["))
        try writeElements(elements)
        bytes.append(UInt8(ascii: "]"))
    }

    /// An array's elements, comma-separated, without its brackets: for a list written in pieces.
    func writeElements<Elements: Collection>(_ elements: Elements) throws where Elements.Element: CompactJSONWritable {
        for (n, element) in elements.enumerated() {
            if n > 0 { bytes.append(UInt8(ascii: ",")) }
            try element.writeJSON(to: self)
            spillIfLong()
        }
    }
}
