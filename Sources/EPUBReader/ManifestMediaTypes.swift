import BookModel
import ImageSizes

/// Gives image blocks the media type the manifest declares for their file, which is more to be
/// trusted than the guess from a file extension.
enum ManifestMediaTypes {
    static func apply(_ manifest: [PackageDocument.Item], to chapters: inout [Chapter]) {
        // A manifest that lists a file twice is taken at its first listing.
        let mediaTypes = Dictionary(manifest.map { ($0.path, $0.mediaType) }, uniquingKeysWith: { first, _ in first })
        // A chapter without images is left as it is, not copied.
        for index in chapters.indices where BookImageSizes.showsImages(chapters[index].blocks) {
            chapters[index].blocks = apply(mediaTypes, to: chapters[index].blocks)
        }
    }

    // Recursion is bounded by the XHTML reader's nesting limit.
    private static func apply(_ mediaTypes: [String: String], to blocks: [Block]) -> [Block] {
        blocks.map { block in
            var block = block
            switch block.kind {
            case .image(var image):
                if let type = mediaTypes[image.source.path], !type.isEmpty {
                    image.source.mediaType = type
                    block.kind = .image(image)
                }
            case .quote(let inner):
                block.kind = .quote(apply(mediaTypes, to: inner))
            case .division(let inner):
                block.kind = .division(apply(mediaTypes, to: inner))
            case .float(var box):
                box.blocks = apply(mediaTypes, to: box.blocks)
                block.kind = .float(box)
            case .list(var list):
                list.items = list.items.map { apply(mediaTypes, to: $0) }
                block.kind = .list(list)
            default:
                break
            }
            return block
        }
    }
}
