import Foundation
import PageFormat

extension PageDocument {
    public func jsonLines() throws -> Data {
        var data = try JSONLines.header(metadata: metadata, layout: layout, target: target, provenance: provenance,
                                        version: version)
        for (index, page) in pages.enumerated() { data.append(try JSONLines.page(page, index: index)) }
        data.append(try JSONLines.end(chapters: chapters, toc: toc, pageList: pageList, target: target,
                                      standIns: layout.standIns ?? [], links: links))
        return data
    }

}

/// The three kinds of line, each encoded on its own (with its newline), for a writer that sends
/// them as they are made.
public enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func line(_ value: some Encodable) throws -> Data {
        if let line = try? CompactJSONEncoder().line(value) { return line }
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The first line. Of the target only the name: its grouping needs every page.
    public static func header(metadata: BookMetadata, layout: LayoutDescription, target: TargetDescription?,
                              provenance: Provenance?, version: Int = PageDocument.currentVersion) throws -> Data {
        // The stand-in faces too go in the end line: they are known once every page is.
        var layout = layout
        layout.standIns = nil
        return try line(PageDocument.HeaderLine(format: PageDocument.formatName, version: version, provenance: provenance,
                                                metadata: metadata, layout: layout,
                                                target: target.map { TargetDescription(name: $0.name, doubleSided: $0.doubleSided) }))
    }

    /// A page's line: its fields, its index in `pages`, and `line: page`.
    public static func page(_ page: Page, index: Int) throws -> Data {
        try line(PageRecord(index: index, page: page))
    }

    /// The last line: what needs every page first.
    public static func end(chapters: [ChapterItem], toc: [TOCItem], pageList: [PageListItem],
                           target: TargetDescription?, standIns: [FaceDescription] = [], links: [PageLink] = []) throws -> Data {
        try endPieces(chapters: chapters, toc: toc, pageList: pageList, target: target, standIns: standIns,
                      links: links).joinedData()
    }

    /// The last line in pieces of about a megabyte: a long book's is tens of megabytes, its
    /// chapters, contents and spreads.
    public static func endPieces(chapters: [ChapterItem], toc: [TOCItem], pageList: [PageListItem],
                                 target: TargetDescription?, standIns: [FaceDescription] = [],
                                 links: [PageLink] = []) throws -> [Data] {
        var pieces: [Data] = []
        try sendEnd(chapters: chapters, toc: toc, pageList: pageList, target: target, standIns: standIns, links: links) {
            pieces.append($0)
        }
        return pieces
    }

    /// The last line, each piece of about a megabyte given to `send` as soon as it is written:
    /// a writer into a file holds no more of it than that.
    public static func sendEnd(chapters: [ChapterItem], toc: [TOCItem], pageList: [PageListItem],
                               target: TargetDescription?, standIns: [FaceDescription] = [],
                               links: [PageLink] = [], to send: (Data) -> Void) throws {
        let end = PageDocument.EndLine(chapters: chapters, toc: toc, pageList: pageList, target: target, standIns: standIns,
                                       links: links)
        let output = JSONOutput()
        var sent = false
        do {
            try withoutActuallyEscaping(send) { send in
                output.sendsPieces = { piece in
                    sent = true
                    send(piece)
                }
                defer { output.sendsPieces = nil }
                try output.write(end)
            }
        } catch {
            // What our writer does not do, the generic encoder does, as long as nothing is sent yet.
            guard !sent else { throw error }
            return send(try line(end))
        }
        output.finish(appending: UInt8(ascii: "\n")).forEach(send)
    }
}

/// A page's own fields with `line` and `index` beside them, flat, so a consumer reads it as a page.
/// It writes its own compact JSON (`Page.writeJSON(to:lineIndex:)`): through the generic encoder
/// every page's members were sorted, and its bytes moved, afterwards.
private struct PageRecord: Encodable, CompactJSONWritable {
    let index: Int
    let page: Page

    private enum Keys: String, CodingKey { case line, index }

    func encode(to encoder: any Encoder) throws {
        try page.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("page", forKey: .line)
        try container.encode(index, forKey: .index)
    }

    func writeJSON(to output: JSONOutput) throws {
        try page.writeJSON(to: output, lineIndex: index)
    }
}

/// The end line writes its own members, in key order as its synthesized `Encodable` conformance
/// with sorted keys would, and lets its long lists be cut into pieces (`JSONOutput.spills`).
extension PageDocument.EndLine: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        let spilled = output.spills
        output.spills = true
        defer { output.spills = spilled }
        try output.object { first in
            output.key("chapters", first: &first); try output.writeArray(chapters)
            output.key("line", first: &first); output.write(line)
            if let links { output.key("links", first: &first); try output.writeArray(links) }
            if let pageList { output.key("pageList", first: &first); try output.writeArray(pageList) }
            if let standIns {
                // Through the generic encoder, which may move what it wrote: nothing is cut there.
                output.spills = false
                output.key("standIns", first: &first); try output.write(standIns)
                output.spills = true
            }
            if let target { output.key("target", first: &first); try target.writeJSON(to: output) }
            output.key("toc", first: &first); try output.writeArray(toc)
        }
    }
}
