import BookModel

/// Turns the spine into chapters, with a warning for each item it leaves out.
///
/// Decisions: `linear="no"` items come after the linear ones, marked `isLinear = false`; an item
/// listed twice is read once; an encrypted (DRM) item is skipped, and a book with nothing else
/// is an error rather than an empty book; an image item is a chapter holding that image; an
/// empty document is kept as an empty chapter (a table of contents may point at it); a page
/// holding only the cover image is left out; a book whose every content document is missing
/// still reads, with no chapters and a warning each (the converter then refuses a book with
/// nothing to show); the text read so far is held to the text limit.
struct SpineReader {
    let package: PackageDocument
    let archive: BookArchive
    /// What `META-INF/encryption.xml` says is encrypted.
    let encryptedPaths: Set<String>
    let cover: ImageReference?

    /// The chapters in reading order. Each has a different `source`, the spine item's path.
    /// `verticalItem`: the first item whose CSS writes vertically, if one does.
    func chapters(warnings: inout [Warning], verticalItem: inout String?) throws(ReadError) -> [Chapter] {
        var chapters: [Chapter] = []
        var readPaths: Set<String> = []
        var encryptedCount = 0
        let stylesheets = BookStylesheets(archive: archive)
        defer { warnings += stylesheets.warnings }
        var textSize = 0
        for spineItem in readingOrder {
            let item = spineItem.item
            if readPaths.contains(item.path) {
                warnings.append(Warning(entry: package.path, "spine item \(item.path) is listed twice; read once"))
                continue
            }
            if encryptedPaths.contains(item.path) {
                encryptedCount += 1
                warnings.append(Warning(entry: item.path, "is encrypted (DRM); skipped"))
                continue
            }
            guard let content = try SpineItemContent.read(item, archive: archive, stylesheets: stylesheets,
                                                          warnings: &warnings) else { continue }
            if content.writesVertically, verticalItem == nil { verticalItem = item.path }
            if let cover, isCoverPage(content.blocks, cover: cover) { continue }
            // Checked as the chapters come, so a book made of text alone stops early too.
            textSize += content.blocks.textSize + content.notes.reduce(0) { $0 + $1.blocks.textSize }
            if textSize > archive.limits.maximumTextSize {
                throw .limitExceeded(file: archive.path,
                                     reason: "\(item.path): takes the book's text past \(archive.limits.describe(.text))")
            }
            readPaths.insert(item.path)
            chapters.append(Chapter(source: item.path, title: content.firstHeading, blocks: content.blocks,
                                    isLinear: spineItem.isLinear, spineCFI: spineItem.cfi, notes: content.notes))
        }
        if chapters.isEmpty, encryptedCount > 0 {
            throw .invalid(file: archive.path, reason: "its content is encrypted (DRM) and can't be read")
        }
        return chapters
    }

    /// Linear items first, each group in spine order: items marked `linear="no"` (notes, answer
    /// keys) are reached by links, not by reading on, so they go after the text.
    private var readingOrder: [PackageDocument.SpineItem] {
        package.spine.filter(\.isLinear) + package.spine.filter { !$0.isLinear }
    }

    /// A spine item that shows nothing but the cover image is left out: the page list already
    /// opens on the cover, and the same picture twice would only push the text one page on.
    private func isCoverPage(_ blocks: [Block], cover: ImageReference) -> Bool {
        !blocks.isEmpty && blocks.allSatisfy { block in
            if case .image(let image) = block.kind { return image.source.path == cover.path }
            return false
        }
    }
}
