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

    /// The item's content; nil (with a warning) when it can't be read, so one bad item costs
    /// only itself. Only a bound being passed stops the whole book.
    static func read(_ item: PackageDocument.Item, archive: BookArchive, stylesheets: BookStylesheets,
                     warnings: inout [Warning]) throws(ReadError) -> SpineItemContent? {
        guard archive.entry(for: item.path) != nil else {
            warnings.append(Warning(entry: item.path, "is in the spine but not in the archive; skipped"))
            return nil
        }
        if item.isImage {
            let image = Image(source: ImageReference(path: item.path, mediaType: item.mediaType), alt: "")
            return SpineItemContent(blocks: [Block(.image(image))], firstHeading: nil)
        }
        guard isDocument(item) else {
            warnings.append(Warning(entry: item.path, "is in the spine but is \(item.mediaType), not a document; skipped"))
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try archive.read(item.path)
        } catch {
            try archive.checkLimits()
            warnings.append(Warning(entry: item.path, "could not be read (\(error.reason)); skipped"))
            return nil
        }
        guard XHTMLReader.looksLikeText(bytes) else {
            warnings.append(Warning(entry: item.path, "is not a text document (binary data); skipped"))
            return nil
        }
        let document = Markup.parse(bytes)
        guard document.rootElement != nil else {
            warnings.append(Warning(entry: item.path, "could not be parsed; skipped"))
            return nil
        }
        let content = XHTMLReader.read(document: document, source: item.path, stylesheets: stylesheets.stylesheet(at:))
        warnings += content.warnings
        return SpineItemContent(blocks: content.blocks, notes: content.notes, firstHeading: content.firstHeading,
                                writesVertically: content.writesVertically)
    }

    /// Manifests often declare XHTML as plain XML or HTML, or leave the type out; a document's
    /// extension is trusted as well.
    private static func isDocument(_ item: PackageDocument.Item) -> Bool {
        if ["application/xhtml+xml", "text/html", "application/xml", "text/xml", "application/x-dtbook+xml"]
            .contains(item.mediaType) { return true }
        let lowered = item.path.lowercased()
        return [".xhtml", ".html", ".htm", ".xml"].contains { lowered.hasSuffix($0) }
    }
}
