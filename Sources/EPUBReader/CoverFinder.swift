import BookModel
import XHTMLReader
import ZipArchive

/// Finds the cover image by the three routes books use, in this order: the EPUB 3 manifest
/// item with the `cover-image` property; EPUB 2's `<meta name="cover" content="ID">`; the
/// guide's `reference type="cover"`. A route that names a page rather than an image gives the
/// first image on that page. An image that is not in the archive is no cover.
enum CoverFinder {
    static func cover(of package: PackageDocument, archive: BookArchive, warnings: inout [Warning]) -> ImageReference? {
        if let item = package.manifest.first(where: { $0.properties.contains("cover-image") }),
           let cover = image(from: item.path, package: package, archive: archive, warnings: &warnings) {
            return cover
        }
        if let content = package.coverMeta {
            // The content should be a manifest id; some books put the image's href there instead.
            let item = package.itemsByID[content]
                ?? ArchivePath.resolve(content, relativeTo: package.path).flatMap { target in
                    package.manifest.first { $0.path == target.path }
                }
            if let item, let cover = image(from: item.path, package: package, archive: archive, warnings: &warnings) {
                return cover
            }
        }
        if let target = package.guideCover,
           let cover = image(from: target.path, package: package, archive: archive, warnings: &warnings) {
            return cover
        }
        return nil
    }

    /// The image at `path`, or the first image on the page at `path`.
    private static func image(from path: String, package: PackageDocument, archive: BookArchive,
                              warnings: inout [Warning]) -> ImageReference? {
        let mediaType = CoverFinder.mediaType(of: path, in: package)
        if mediaType?.hasPrefix("image/") == true {
            return existing(ImageReference(path: path, mediaType: mediaType), archive: archive, warnings: &warnings)
        }
        guard let document = archive.document(at: path, as: .automatic, warnings: &warnings) else { return nil }
        let page = XHTMLReader.read(document: document, source: path)
        guard let found = firstImage(in: page.blocks) else { return nil }
        let reference = ImageReference(path: found.path, mediaType: CoverFinder.mediaType(of: found.path, in: package) ?? found.mediaType)
        return existing(reference, archive: archive, warnings: &warnings)
    }

    /// The manifest's media type for the file, else the one its extension suggests.
    private static func mediaType(of path: String, in package: PackageDocument) -> String? {
        if let item = package.manifest.first(where: { $0.path == path }), !item.mediaType.isEmpty { return item.mediaType }
        return ImageMediaType.guess(forPath: path)
    }

    private static func existing(_ reference: ImageReference, archive: BookArchive, warnings: inout [Warning]) -> ImageReference? {
        guard archive.entry(for: reference.path) != nil else {
            warnings.append(Warning(entry: reference.path, "is named as the cover but is not in the archive"))
            return nil
        }
        return reference
    }

    // Recursion is bounded by the XHTML reader's nesting limit.
    private static func firstImage(in blocks: [Block]) -> ImageReference? {
        for block in blocks {
            switch block.kind {
            case .image(let image): return image.source
            case .quote(let inner), .division(let inner): if let found = firstImage(in: inner) { return found }
            case .float(let box): if let found = firstImage(in: box.blocks) { return found }
            case .list(let list):
                for item in list.items { if let found = firstImage(in: item) { return found } }
            default: continue
            }
        }
        return nil
    }
}
