// How the document's lists beside its pages write themselves for `CompactJSONEncoder`: the
// chapters, the table of contents, the printed page list and the target's grouping, members in
// key order, optional ones left out when nil, as their synthesized `Encodable` conformances write
// them. Through the generic `Encoder` each item cost thousands of instructions (an encoder, a
// dynamic cast per member, its members sorted), a book has hundreds to thousands of them, and
// they are written once the layout is done, on one core. A new member must be added here too;
// `CompactJSONTests` fails until it is.
import Foundation
import PageFormat

extension ChapterItem: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.object { first in
            output.key("linear", first: &first); output.write(linear)
            if let page { output.key("page", first: &first); output.write(Int64(page)) }
            output.key("pageCount", first: &first); output.write(Int64(pageCount))
            output.key("source", first: &first); output.write(source)
            if let title { output.key("title", first: &first); output.write(title) }
        }
    }
}

extension TOCItem: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.object { first in
            if let folio { output.key("folio", first: &first); output.write(Int64(folio)) }
            output.key("level", first: &first); output.write(Int64(level))
            output.key("page", first: &first); output.write(Int64(page))
            output.key("title", first: &first); output.write(title)
        }
    }
}

extension PageListItem: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.object { first in
            if let folio { output.key("folio", first: &first); output.write(Int64(folio)) }
            output.key("label", first: &first); output.write(label)
            output.key("page", first: &first); output.write(Int64(page))
        }
    }
}

extension TargetDescription: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            if let blankPages { output.key("blankPages", first: &first); try output.writeArray(blankPages) }
            if case .chapters(let chapters) = grouping { output.key("chapters", first: &first); try output.writeArray(chapters) }
            if let doubleSided { output.key("doubleSided", first: &first); output.write(doubleSided) }
            if case .leaves(let leaves) = grouping { output.key("leaves", first: &first); try output.writeArray(leaves) }
            output.key("name", first: &first); output.write(name.rawValue)
            if case .screens(let screens) = grouping { output.key("screens", first: &first); try output.writeArray(screens) }
            if case .spreads(let spreads) = grouping { output.key("spreads", first: &first); try output.writeArray(spreads) }
        }
    }
}

extension TargetDescription.Spread: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.object { first in
            if let left { output.key("left", first: &first); output.write(Int64(left)) }
            if let right { output.key("right", first: &first); output.write(Int64(right)) }
        }
    }
}

extension TargetDescription.Leaf: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.object { first in
            output.key("back", first: &first); output.write(Int64(back))
            output.key("front", first: &first); output.write(Int64(front))
        }
    }
}

extension TargetDescription.ChapterPages: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try output.object { first in
            output.key("chapter", first: &first); output.write(Int64(chapter))
            output.key("pages", first: &first); try output.writeArray(pages)
        }
    }
}

/// Page indices in a list (`screens`, a chapter's `pages`).
extension Int: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.write(Int64(self))
    }
}

extension PageLink: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        output.object { first in
            output.key("chapter", first: &first); output.write(Int64(chapter))
            output.key("page", first: &first); output.write(Int64(page))
            output.key("target", first: &first); output.write(target)
        }
    }
}
