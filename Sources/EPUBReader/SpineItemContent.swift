import BookModel
import Markup
import XHTMLReader
import ZipArchive

/// What one spine item holds: its blocks, its footnotes and its first heading.
struct SpineItemContent {
    let blocks: [Block]
    var notes: [Note] = []
    let firstHeading: String?
    /// Its CSS sets some of it in a vertical writing mode.
    var writesVertically = false
    /// The media it holds that a page cannot play.
    var unshownMedia = UnshownMedia()
    /// For a fixed-layout item, the page its designer drew (and `blocks` are empty).
    var design: PageDesign?
    /// A fixed-layout item that declares no viewport, parsed without one to take: nothing is
    /// read of it yet, it is to be parsed again with the book's first viewport.
    var lacksViewport = false

    /// What reading an item's bytes gives: content already (an image), bytes to parse, or
    /// nothing (with a warning).
    enum Loaded {
        case content(SpineItemContent)
        case document([UInt8])
        case skipped
    }

    /// The archive's part of reading an item (one item at a time): its bytes, checked to be
    /// text; nil content (with a warning) when it can't be read, so one bad item costs only
    /// itself. Only a bound being passed stops the whole book.
    static func load(_ item: PackageDocument.Item, archive: BookArchive, designed: Bool = false,
                     warnings: inout [Warning]) throws(ReadError) -> Loaded {
        guard archive.entry(for: item.path) != nil else {
            warnings.append(Warning(entry: item.path, "is in the spine but not in the archive; skipped"))
            return .skipped
        }
        if item.isImage {
            let image = Image(source: ImageReference(path: item.path, mediaType: item.mediaType), alt: "")
            if designed {
                // A picture as a designed page fills it; the page's size is the picture's, once measured.
                var content = SpineItemContent(blocks: [], firstHeading: nil)
                content.design = PageDesign(width: 0, height: 0, items: [.image(image, frame: DesignFrame(x: 0, y: 0, width: 0, height: 0))])
                return .content(content)
            }
            return .content(SpineItemContent(blocks: [Block(.image(image))], firstHeading: nil))
        }
        guard isDocument(item) else {
            warnings.append(Warning(entry: item.path, "is in the spine but is \(item.mediaType), not a document; skipped"))
            return .skipped
        }
        let bytes: [UInt8]
        do {
            bytes = try archive.read(item.path)
        } catch {
            try archive.checkLimits()
            warnings.append(Warning(entry: item.path, "could not be read (\(error.reason)); skipped"))
            return .skipped
        }
        guard XHTMLReader.looksLikeText(bytes) else {
            warnings.append(Warning(entry: item.path, "is not a text document (binary data); skipped"))
            return .skipped
        }
        return .document(bytes)
    }

    /// The rest, which documents may do side by side: parsing and reading the blocks.
    /// `designed`: a fixed-layout item, whose viewport is `viewport` when it declares none; with
    /// no `viewport` either, the content only says it `lacksViewport` (or, when `lastResort`,
    /// the item is read as a reflowable chapter, with a warning).
    static func parse(_ bytes: [UInt8], of item: PackageDocument.Item, stylesheets: @escaping XHTMLReader.StylesheetLoader,
                      user: UserStylesheets = .none, fonts: BookFonts = .none, designed: Bool = false, viewport: (width: Double, height: Double)? = nil, lastResort: Bool = false,
                      warnings: inout [Warning]) -> SpineItemContent? {
        let document = Markup.parse(bytes)
        guard document.rootElement != nil else {
            warnings.append(Warning(entry: item.path, "could not be parsed; skipped"))
            return nil
        }
        if designed {
            if let designed = XHTMLReader.readDesign(document: document, source: item.path, stylesheets: stylesheets, user: user,
                                                     fonts: fonts, fallbackViewport: viewport) {
                warnings += designed.warnings
                if !designed.declaresViewport {
                    warnings.append(Warning(entry: item.path, "a fixed-layout page declares no viewport; it takes the "
                                            + "book's first, \(Int(designed.design.width))×\(Int(designed.design.height)) px"))
                }
                var content = SpineItemContent(blocks: [], firstHeading: designed.headTitle)
                content.design = designed.design
                return content
            }
            if !lastResort {
                var content = SpineItemContent(blocks: [], firstHeading: nil)
                content.lacksViewport = true
                return content
            }
            warnings.append(Warning(entry: item.path, "a fixed-layout page declares no viewport, nor does any page "
                                    + "of the book; its text is read as a reflowable chapter's"))
        }
        let content = XHTMLReader.read(document: document, source: item.path, stylesheets: stylesheets, user: user,
                                       fonts: fonts)
        warnings += content.warnings
        return SpineItemContent(blocks: content.blocks, notes: content.notes, firstHeading: content.firstHeading,
                                writesVertically: content.writesVertically, unshownMedia: content.unshownMedia)
    }

    /// Manifests often declare XHTML as plain XML or HTML (or OEB 1's type), or leave the type
    /// out; only then is a document's extension trusted. A type the manifest does give that is
    /// none of these (an NCX, a stylesheet, `application/octet-stream`) is what the file is,
    /// whatever its name.
    private static func isDocument(_ item: PackageDocument.Item) -> Bool {
        // Parameters (`; charset=utf-8`) say nothing of what the file is.
        let type = TextCleanup.trimmed(String(item.mediaType.prefix { $0 != ";" }))
        if ["application/xhtml+xml", "text/html", "application/xml", "text/xml", "application/x-dtbook+xml",
            "text/x-oeb1-document"].contains(type) { return true }
        guard type.isEmpty else { return false }
        let lowered = item.path.lowercased()
        return [".xhtml", ".html", ".htm", ".xml"].contains { lowered.hasSuffix($0) }
    }
}
