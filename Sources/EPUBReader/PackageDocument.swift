import BookModel
import Markup
import XHTMLReader
import ZipArchive

/// What the reader takes from the package document (the `.opf`): metadata, manifest, spine,
/// guide. Lenient as real books need: names in any namespace (or none), EPUB 2 and 3 forms.
struct PackageDocument {
    struct Item {
        /// The archive path the href resolves to.
        let path: String
        let mediaType: String
        let properties: Set<String>

        var isImage: Bool { mediaType.hasPrefix("image/") }
    }

    struct SpineItem {
        let item: Item
        let isLinear: Bool
        /// The CFI steps from the package element to its `itemref`: `/6/4[chap01ref]`.
        let cfi: String
        /// The `itemref`'s own `rendition:layout-pre-paginated` (true) or `-reflowable` (false),
        /// which overrides the package's; nil when it says neither.
        var isPrePaginated: Bool? = nil
        /// `page-spread-left|right` (either prefixed with `rendition:`), `rendition:page-spread-center`.
        var side: SpreadSide? = nil
    }

    let path: String
    var title: String?
    /// In document order; `Metadata` puts the authors first.
    var creators: [Metadata.Creator] = []
    var language: String?
    var identifier: String?
    /// Every `dc:identifier`, in order: Adobe's font obfuscation is keyed by the one that is a UUID.
    var identifiers: [String] = []
    /// The publication date: EPUB 3's `dc:date`, or EPUB 2's with no event or `publication`.
    var date: String?
    var direction: TextDirection = .leftToRight
    var manifest: [Item] = []
    /// Read while the package is: the spine, the cover and the NCX are found by id, and then
    /// the reader lets the table go (`EPUBReader.read`).
    var itemsByID: [String: Item] = [:]
    var spine: [SpineItem] = []
    /// The `toc` attribute of the spine: the id of the NCX.
    var spineTOC: String?
    /// EPUB 2's `<meta name="cover" content="…">`.
    var coverMeta: String?
    /// `<meta name="primary-writing-mode" content="…">` (Kindle's, also written as a property),
    /// lowercased: `horizontal-lr`, `vertical-rl`, …
    var primaryWritingMode: String?
    /// `rendition:layout` is `pre-paginated` (EPUB 3.3 §8.2.1): every spine item is a page the
    /// designer drew, but those whose `itemref` says otherwise.
    var isPrePaginated = false
    /// The package gives `rendition:layout` at all (Apple's display options count only without).
    var saysLayout = false
    /// `rendition:orientation` and `rendition:spread`, when the package gives them.
    var orientation: Rendition.Orientation?
    var spread: Rendition.Spread?
    /// The guide's `reference type="cover"`.
    var guideCover: ArchiveReference?
    /// How many `itemref`s the spine lists, resolvable or not.
    var spineReferenceCount = 0

    init(document: MarkupDocument, path: String, warnings: inout [Warning]) {
        self.path = path
        guard let root = document.rootElement else { return }
        let sections = document.childElements(of: root)
        if let metadata = sections.first(where: { document[$0].name == "metadata" }) {
            readMetadata(document, metadata, uniqueIdentifier: document[root].attribute("unique-identifier"))
        }
        if let manifest = sections.first(where: { document[$0].name == "manifest" }) {
            readManifest(document, manifest, warnings: &warnings)
        }
        if let position = sections.firstIndex(where: { document[$0].name == "spine" }) {
            let spine = sections[position]
            let step = SourceMap.elementStep(index: position, id: document[spine].attribute("id"))
            readSpine(document, spine, cfi: step, warnings: &warnings)
        }
        if let guide = sections.first(where: { document[$0].name == "guide" }) {
            readGuide(document, guide)
        }
    }

    // MARK: - Sections

    private mutating func readMetadata(_ document: MarkupDocument, _ metadata: Int, uniqueIdentifier: String?) {
        var roleRefinements: [String: String] = [:]
        var identifiers: [(id: String?, value: String)] = []
        var creatorElements: [Int] = []
        for index in document.descendants(of: metadata) {
            let node = document[index]
            guard node.kind == .element else { continue }
            let name = node.name.lowercased()
            if name == "meta" {
                if let refines = node.attribute("refines"), node.attribute("property") == "role" {
                    let id = refines.hasPrefix("#") ? String(refines.dropFirst()) : refines
                    let role = TextCleanup.singleLine(document.textContent(of: index)).lowercased()
                    if roleRefinements[id] == nil, !role.isEmpty { roleRefinements[id] = role }
                }
                if node.attribute("name") == "cover", let content = node.attribute("content") {
                    coverMeta = coverMeta ?? TextCleanup.trimmed(content)
                }
                switch node.attribute("property") {
                case "rendition:layout":
                    saysLayout = true
                    isPrePaginated = TextCleanup.trimmed(document.textContent(of: index)) == "pre-paginated"
                case "rendition:orientation":
                    orientation = Rendition.Orientation(rawValue: TextCleanup.trimmed(document.textContent(of: index)))
                case "rendition:spread":
                    // `portrait` is deprecated in EPUB 3.3 and is to be read as `both`.
                    let value = TextCleanup.trimmed(document.textContent(of: index))
                    spread = value == "portrait" ? .both : Rendition.Spread(rawValue: value)
                default: break
                }
                if node.attribute("name") == "primary-writing-mode" || node.attribute("property") == "primary-writing-mode" {
                    let mode = node.attribute("content") ?? document.textContent(of: index)
                    primaryWritingMode = primaryWritingMode ?? TextCleanup.trimmed(mode).lowercased()
                }
                continue
            }
            guard isDublinCore(node) else { continue }
            let text = TextCleanup.singleLine(document.textContent(of: index))
            guard !text.isEmpty else { continue }
            switch name {
            case "title": title = title ?? text
            case "language": language = language ?? text
            case "date":
                let event = (node.attribute("event", namespace: Namespace.opf) ?? node.attribute("event"))?.lowercased()
                if date == nil, event == nil || event == "publication" { date = text }
            case "identifier": identifiers.append((node.attribute("id"), text))
            case "creator": creatorElements.append(index)
            default: break
            }
        }
        for index in creatorElements {
            let node = document[index]
            let name = TextCleanup.singleLine(document.textContent(of: index))
            let epub2Role = node.attribute("role", namespace: Namespace.opf) ?? node.attribute("role")
            let epub3Role = node.attribute("id").flatMap { roleRefinements[$0] }
            let role = (epub2Role ?? epub3Role).map { TextCleanup.trimmed($0).lowercased() }
            creators.append(Metadata.Creator(name: name, role: role?.isEmpty == true ? nil : role))
        }
        identifier = identifiers.first { $0.id != nil && $0.id == uniqueIdentifier }?.value ?? identifiers.first?.value
        self.identifiers = identifiers.map(\.value)
    }

    private func isDublinCore(_ node: MarkupNode) -> Bool {
        node.namespace == Namespace.dublinCore || node.prefix?.lowercased() == "dc"
    }

    private mutating func readManifest(_ document: MarkupDocument, _ manifest: Int, warnings: inout [Warning]) {
        // Sized at once: a book of tens of thousands of items would otherwise hold a list and a
        // table up to twice as large as it needs.
        let children = document.childElements(of: manifest)
        self.manifest.reserveCapacity(children.count)
        itemsByID.reserveCapacity(children.count)
        for index in children where document[index].name == "item" {
            let node = document[index]
            guard let id = node.attribute("id"), let href = node.attribute("href") else { continue }
            guard let reference = ArchivePath.resolve(TextCleanup.trimmed(href), relativeTo: path) else {
                warnings.append(Warning(entry: path, line: node.line, "manifest item \(id) points outside the book (\(href)); ignored"))
                continue
            }
            let properties = Set((node.attribute("properties") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))
            let item = Item(path: reference.path,
                            mediaType: Self.common(TextCleanup.trimmed(node.attribute("media-type") ?? "").lowercased()),
                            properties: properties)
            self.manifest.append(item)
            if itemsByID[id] == nil { itemsByID[id] = item }
        }
    }

    /// The media types nearly every item has, as constants: each item then shares one, where a
    /// book of tens of thousands of items would hold each its own copy.
    private static let commonMediaTypes = ["application/xhtml+xml", "image/jpeg", "image/png", "image/gif", "image/svg+xml",
                                           "text/css", "application/x-dtbncx+xml", "font/otf", "font/ttf", "font/woff",
                                           "application/vnd.ms-opentype", "application/x-font-ttf", "image/webp"]

    private static func common(_ mediaType: String) -> String {
        commonMediaTypes.first { $0 == mediaType } ?? mediaType
    }

    /// `cfi`: the CFI step to the spine element.
    private mutating func readSpine(_ document: MarkupDocument, _ spine: Int, cfi: String, warnings: inout [Warning]) {
        let node = document[spine]
        spineTOC = node.attribute("toc")
        if node.attribute("page-progression-direction")?.lowercased() == "rtl" { direction = .rightToLeft }
        let children = document.childElements(of: spine)
        self.spine.reserveCapacity(children.count)
        for (position, index) in children.enumerated() where document[index].name == "itemref" {
            spineReferenceCount += 1
            let itemref = document[index]
            guard let idref = itemref.attribute("idref") else { continue }
            guard let item = itemsByID[idref] else {
                warnings.append(Warning(entry: path, line: itemref.line, "spine item \(idref) is not in the manifest; skipped"))
                continue
            }
            let isLinear = itemref.attribute("linear")?.lowercased() != "no"
            let step = SourceMap.elementStep(index: position, id: itemref.attribute("id"))
            var spineItem = SpineItem(item: item, isLinear: isLinear, cfi: cfi + step)
            for property in (itemref.attribute("properties") ?? "").split(whereSeparator: \.isWhitespace) {
                switch property {
                case "rendition:layout-pre-paginated": spineItem.isPrePaginated = true
                case "rendition:layout-reflowable": spineItem.isPrePaginated = false
                case "page-spread-left", "rendition:page-spread-left": spineItem.side = .left
                case "page-spread-right", "rendition:page-spread-right": spineItem.side = .right
                case "rendition:page-spread-center", "rendition:align-x-center": spineItem.side = .center
                default: break
                }
            }
            self.spine.append(spineItem)
        }
    }

    /// Whether the spine item is a page its designer drew: its `itemref` says, else the package.
    func isPrePaginated(_ item: SpineItem) -> Bool {
        item.isPrePaginated ?? isPrePaginated
    }

    /// How the book asks its designed pages to be shown; nil when it has none.
    var rendition: Rendition? {
        guard spine.contains(where: isPrePaginated) else { return nil }
        return Rendition(orientation: orientation ?? .auto, spread: spread ?? .auto)
    }

    private mutating func readGuide(_ document: MarkupDocument, _ guide: Int) {
        for index in document.childElements(of: guide) where document[index].name == "reference" {
            let node = document[index]
            guard node.attribute("type")?.lowercased() == "cover", let href = node.attribute("href") else { continue }
            guideCover = ArchivePath.resolve(TextCleanup.trimmed(href), relativeTo: path)
            if guideCover != nil { return }
        }
    }
}
