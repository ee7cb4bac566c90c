import BookModel
import Markup
import ZipArchive

/// What an element's attributes refer to, worked out against the document's place in the book:
/// the anchors it defines (what links land on), where its link goes, which image it shows.
struct ReferenceResolver {
    /// The document's archive path: relative `src` and `href` resolve against it, and warnings
    /// name it.
    let source: String

    /// The ids an element defines. An old-style `<a name>` is a target too, as browsers treat it.
    func anchors(of node: MarkupNode) -> [String] {
        var anchors: [String] = []
        if let id = node.attribute("id").map(TextCleanup.trimmed), !id.isEmpty {
            anchors.append(id)
        }
        if node.name.lowercased() == "a", let name = node.attribute("name").map(TextCleanup.trimmed),
           !name.isEmpty, name != node.attribute("id") {
            anchors.append(name)
        }
        return anchors
    }

    /// A link inside the book becomes its archive path and fragment (`OEBPS/ch2.xhtml#n3`); one
    /// outside (`https:`, `mailto:`) stays as written; a path that climbs out of the book is no
    /// link.
    func link(_ href: String) -> String? {
        let trimmed = TextCleanup.trimmed(href)
        if trimmed.isEmpty { return nil }
        if ArchivePath.isExternal(trimmed) { return trimmed }
        return ArchivePath.resolve(trimmed, relativeTo: source)?.description
    }

    /// The image an `img` (or an SVG `image`) shows. Nil, with a warning, when it names no
    /// source or one outside the book: such an image cannot be shown, but the text goes on.
    func image(_ node: MarkupNode, warnings: inout [Warning]) -> Image? {
        let attribute = node.attribute("src") ?? node.attribute("href", namespace: Namespace.xlink)
            ?? node.attribute("href")
        let href = attribute.map(TextCleanup.trimmed) ?? ""
        guard !href.isEmpty else {
            warnings.append(Warning(entry: source, line: node.line, "an image without a source is left out"))
            return nil
        }
        guard let reference = ArchivePath.resolve(href, relativeTo: source) else {
            warnings.append(Warning(entry: source, line: node.line,
                                    "the image \(TextCleanup.quoted(href)) is not inside the book; left out"))
            return nil
        }
        let alt = TextCleanup.singleLine(node.attribute("alt") ?? "")
        let mediaType = ImageMediaType.guess(forPath: reference.path)
        return Image(source: ImageReference(path: reference.path, mediaType: mediaType), alt: alt)
    }
}
