import Foundation

/// The document as JSON Lines (`--format ndjson`), for pipelines that stream: a `header` line
/// (format, version, metadata, layout, target name), then one `page` line per page in order, each
/// the page's fields plus its `index`, then an `end` line with what needs every page first
/// (chapters, table of contents, the printed page list, the target's grouping, the stand-in faces
/// the runs named). Each line has the `line` key saying which it is. The writer is `PageJSON`'s.
extension PageDocument {
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
                  links: end.links ?? [], version: header.version)
    }
}


extension PageDocument {
    /// The first line of JSON Lines, for an app that reads them one at a time.
    public struct HeaderLine: Codable, Sendable, Equatable {
        /// Always `header`.
        public var line = "header"
        public var format: String
        public var version: Int
        public var provenance: Provenance?
        public var metadata: BookMetadata
        public var layout: LayoutDescription
        /// Only the name (and whether double-sided): its grouping needs every page.
        public var target: TargetDescription?

        public init(format: String, version: Int, provenance: Provenance?, metadata: BookMetadata, layout: LayoutDescription,
                    target: TargetDescription?) {
            self.format = format
            self.version = version
            self.provenance = provenance
            self.metadata = metadata
            self.layout = layout
            self.target = target
        }
    }

    /// The last line of JSON Lines: what needs every page first.
    public struct EndLine: Codable, Sendable, Equatable {
        /// Always `end`.
        public var line = "end"
        public var chapters: [ChapterItem]
        public var toc: [TOCItem]
        public var pageList: [PageListItem]?
        public var target: TargetDescription?
        /// `layout.standIns`: known only once every page is laid out.
        public var standIns: [FaceDescription]?
        /// The document's `links`: where they land is known once every page is laid out.
        public var links: [PageLink]?

        public init(chapters: [ChapterItem], toc: [TOCItem], pageList: [PageListItem], target: TargetDescription?,
                    standIns: [FaceDescription], links: [PageLink] = []) {
            self.chapters = chapters
            self.toc = toc
            self.pageList = pageList.isEmpty ? nil : pageList
            self.target = target
            self.standIns = standIns.isEmpty ? nil : standIns
            self.links = links.isEmpty ? nil : links
        }
    }
}
