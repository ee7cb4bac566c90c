import Foundation

/// The document as JSON Lines (`--format ndjson`), for pipelines that stream: a `header` line
/// (format, version, metadata, layout, target name), then one `page` line per page in order, each
/// the page's fields plus its `index`, then an `end` line with what needs every page first
/// (chapters, table of contents, the printed page list, the target's grouping, the stand-in faces
/// the runs named). Each line has the `line` key saying which it is.
extension PageDocument {
    public func jsonLines() throws -> Data {
        var header = layout
        header.standIns = nil
        var data = try JSONLines.header(metadata: metadata, layout: header, target: target, provenance: provenance,
                                        version: version)
        for (index, page) in pages.enumerated() { data.append(try JSONLines.page(page, index: index)) }
        data.append(try JSONLines.end(chapters: chapters, toc: toc, pageList: pageList, target: target,
                                      standIns: layout.standIns ?? []))
        return data
    }

    /// Reads what `jsonLines()` writes.
    public init(jsonLines data: Data) throws {
        let decoder = JSONDecoder()
        let lines = data.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }
        guard let first = lines.first, let last = lines.last, lines.count >= 2 else {
            throw PageFormatError.notThisFormat("JSON Lines without a header and an end line")
        }
        let header = try decoder.decode(HeaderLine.self, from: first)
        guard header.format == PageDocument.formatName else { throw PageFormatError.notThisFormat(header.format) }
        guard header.version <= PageDocument.currentVersion else {
            throw PageFormatError.newerVersion(found: header.version, supported: PageDocument.currentVersion)
        }
        let end = try decoder.decode(EndLine.self, from: last)
        let pages = try lines.dropFirst().dropLast().map { try decoder.decode(Page.self, from: $0) }
        var layout = header.layout
        layout.standIns = end.standIns
        self.init(metadata: header.metadata, layout: layout, target: end.target ?? header.target,
                  provenance: header.provenance,
                  chapters: end.chapters, toc: end.toc, pageList: end.pageList ?? [], pages: pages,
                  version: header.version)
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
        try line(HeaderLine(format: PageDocument.formatName, version: version, provenance: provenance, metadata: metadata,
                            layout: layout, target: target.map { TargetDescription(name: $0.name, doubleSided: $0.doubleSided) }))
    }

    /// A page's line: its fields, its index in `pages`, and `line: page`.
    public static func page(_ page: Page, index: Int) throws -> Data {
        try line(PageRecord(index: index, page: page))
    }

    /// The last line: what needs every page first.
    public static func end(chapters: [ChapterItem], toc: [TOCItem], pageList: [PageListItem],
                           target: TargetDescription?, standIns: [FaceDescription] = []) throws -> Data {
        try line(EndLine(chapters: chapters, toc: toc, pageList: pageList, target: target, standIns: standIns))
    }
}

private struct HeaderLine: Codable {
    var line = "header"
    var format: String
    var version: Int
    var provenance: Provenance?
    var metadata: BookMetadata
    var layout: LayoutDescription
    var target: TargetDescription?

    init(format: String, version: Int, provenance: Provenance?, metadata: BookMetadata, layout: LayoutDescription,
         target: TargetDescription?) {
        self.format = format
        self.version = version
        self.provenance = provenance
        self.metadata = metadata
        self.layout = layout
        self.target = target
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

private struct EndLine: Codable {
    var line = "end"
    var chapters: [ChapterItem]
    var toc: [TOCItem]
    var pageList: [PageListItem]?
    var target: TargetDescription?
    /// `layout.standIns`: known only once every page is laid out.
    var standIns: [FaceDescription]?

    init(chapters: [ChapterItem], toc: [TOCItem], pageList: [PageListItem], target: TargetDescription?,
         standIns: [FaceDescription]) {
        self.chapters = chapters
        self.toc = toc
        self.pageList = pageList.isEmpty ? nil : pageList
        self.target = target
        self.standIns = standIns.isEmpty ? nil : standIns
    }
}
