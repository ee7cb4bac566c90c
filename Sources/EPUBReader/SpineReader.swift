import BookModel
import Dispatch
import Foundation
import ImageSizes
import Markup
import ProcessMemory
import XHTMLReader

/// Turns the spine into chapters, with a warning for each item it leaves out.
///
/// Decisions: `linear="no"` items come after the linear ones, marked `isLinear = false`; an item
/// listed twice is read once; an encrypted (DRM) item is skipped, and a book with nothing else
/// is an error rather than an empty book; the package document, `mimetype` and `META-INF` files
/// are skipped whatever their media type; an image item is a chapter holding that image; an
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
    /// Takes each chapter as it is read, but those showing images (`ChapterReceiver`); the book
    /// keeps only what it needs of those (`Chapter.handedOver()`).
    var receiver: (any ChapterReceiver)? = nil
    /// The book's stylesheets, read once each, and the faces they declare.
    var stylesheets: BookStylesheets
    var fonts = BookFonts.none

    /// The chapters in reading order. Each has a different `source`, the spine item's path.
    /// `verticalItem`: the first item whose CSS writes vertically, if one does.
    ///
    /// Items are read from the archive one at a time, in batches, and each batch's documents are
    /// parsed side by side; then the batch is taken in order, so the chapters, the warnings and
    /// the bounds (the text limit stops the book at the same item) are what reading one at a
    /// time gives.
    /// `unshownMedia`: what the chapters hold that a page cannot play, added up.
    func chapters(warnings: inout [Warning], verticalItem: inout String?,
                  unshownMedia: inout UnshownMedia) throws(ReadError) -> [Chapter] {
        var chapters: [Chapter] = []
        chapters.reserveCapacity(package.spine.count)
        var readPaths: Set<String> = []
        var encryptedCount = 0
        defer { warnings += stylesheets.warnings }
        var textSize = 0
        var batch: [Slot] = []
        var batchBytes = 0
        // The first batches are small, so that the layout has its first chapters soon.
        var batchLimit = Self.firstBatchItems
        // The first viewport a fixed-layout page declares, in reading order: what a page that
        // declares none takes (as Readium does). Known once such a page is read, or looked for
        // ahead when a page before it needs it.
        var viewport: (width: Double, height: Double)?

        func finishBatch() throws(ReadError) {
            let contents = Self.parse(batch, stylesheets: stylesheets, fonts: fonts, package: package, viewport: viewport)
            defer {
                batch = []
                batchBytes = 0
                batchLimit = min(batchLimit * 2, Self.batchItems)
            }
            for (slot, parsed) in zip(batch, contents) {
                warnings += slot.warnings + parsed.warnings
                guard var content = parsed.content else { continue }
                if content.lacksViewport, case .document(let bytes) = slot.loaded {
                    viewport = viewport ?? firstViewport
                    var parseWarnings: [Warning] = []
                    guard let again = SpineItemContent.parse(bytes, of: slot.spineItem.item,
                                                             stylesheets: stylesheets.loader(forItem: slot.position),
                                                             user: stylesheets.user, fonts: fonts, designed: true, viewport: viewport, lastResort: true,
                                                             warnings: &parseWarnings) else { continue }
                    // The first parse stopped before it had anything to warn of.
                    warnings += parseWarnings
                    content = again
                }
                if viewport == nil, let design = content.design, design.width > 0 { viewport = (design.width, design.height) }
                let item = slot.spineItem.item
                if content.writesVertically, verticalItem == nil { verticalItem = item.path }
                unshownMedia.add(content.unshownMedia)
                if content.design == nil, let cover, isCoverPage(content.blocks, cover: cover) { continue }
                // Checked as the chapters come, so a book made of text alone stops early too.
                textSize += content.blocks.textSize + content.notes.reduce(0) { $0 + $1.blocks.textSize }
                    + (content.design?.textSize ?? 0)
                if textSize > archive.limits.maximumTextSize {
                    throw .limitExceeded(file: archive.path,
                                         reason: "\(item.path): takes the book's text past \(archive.limits.describe(.text))")
                }
                readPaths.insert(item.path)
                var chapter = Chapter(source: item.path, title: content.firstHeading, blocks: content.blocks,
                                      isLinear: slot.spineItem.isLinear, spineCFI: slot.spineItem.cfi, notes: content.notes)
                chapter.design = content.design
                chapter.design?.side = slot.spineItem.side
                // A designed page waits for its pictures' sizes, as a chapter showing images does.
                if let receiver, chapter.design == nil, !BookImageSizes.showsImages(chapter.blocks) {
                    receiver.receive(chapter, at: chapters.count)
                    chapter = chapter.handedOver()
                }
                chapters.append(chapter)
            }
        }

        // Past the memory bound the rest is left: the conversion is refused (`MemoryWatch`).
        for (position, spineItem) in readingOrder.enumerated() where !MemoryWatch.isOver {
            let item = spineItem.item
            // An item twice in one batch: whether the second is read depends on the first.
            if batch.contains(where: { $0.spineItem.item.path == item.path }) { try finishBatch() }
            var slot = Slot(spineItem: spineItem, position: position)
            if readPaths.contains(item.path) {
                slot.warnings.append(Warning(entry: package.path, "spine item \(item.path) is listed twice; read once"))
            } else if let what = ownFile(item.path) {
                slot.warnings.append(Warning(entry: item.path, "is in the spine but is \(what), not a content document; skipped"))
            } else if encryptedPaths.contains(item.path) {
                encryptedCount += 1
                slot.warnings.append(Warning(entry: item.path, "is encrypted (DRM); skipped"))
            } else {
                do {
                    slot.loaded = try SpineItemContent.load(item, archive: archive,
                                                            designed: package.isPrePaginated(spineItem),
                                                            warnings: &slot.warnings)
                } catch {
                    // The items before it end first, as they would one at a time.
                    try finishBatch()
                    throw error
                }
            }
            if case .document(let bytes) = slot.loaded { batchBytes += bytes.count }
            batch.append(slot)
            if batch.count >= batchLimit || batchBytes >= Self.batchBytes { try finishBatch() }
        }
        try finishBatch()
        if chapters.isEmpty, encryptedCount > 0 {
            throw .invalid(file: archive.path, reason: "its content is encrypted (DRM) and can't be read")
        }
        return chapters
    }

    /// What the item is when it is one of the EPUB's own files rather than content: the package
    /// document, `mimetype`, or a file of `META-INF`, whatever media type the manifest gives it
    /// (read as a chapter, each shows its markup or `application/epub+zip` as text). Compared
    /// as entries, so a path differing only in case is the same file.
    private func ownFile(_ path: String) -> String? {
        let entry = archive.entry(for: path) ?? path
        if entry == archive.entry(for: package.path) ?? package.path { return "the package document" }
        if entry == "mimetype" { return "the mimetype file" }
        if entry.hasPrefix("META-INF/") { return "a file of META-INF" }
        return nil
    }

    /// The viewport of the first fixed-layout page that declares one, in reading order, read
    /// ahead of the spine: for a page that declares none before any page that does.
    private var firstViewport: (width: Double, height: Double)? {
        for spineItem in readingOrder where package.isPrePaginated(spineItem) && !spineItem.item.isImage {
            guard let bytes = try? archive.read(spineItem.item.path) else { continue }
            if let viewport = XHTMLReader.declaredViewport(of: Markup.parse(bytes)) { return viewport }
        }
        return nil
    }

    /// A batch ends after this many items or this many bytes of documents: enough to share out,
    /// few enough that a book over the text limit is stopped soon after it. The first ends after
    /// two (a chapter for each of two layout workers), and each then holds twice the last.
    static let batchItems = 32
    static let firstBatchItems = 2
    static let batchBytes = 8 << 20

    /// One spine item of a batch: what the archive gave, and the warnings so far.
    struct Slot {
        let spineItem: PackageDocument.SpineItem
        let position: Int
        var warnings: [Warning] = []
        var loaded: SpineItemContent.Loaded = .skipped
    }

    /// The batch's contents in order, its documents parsed side by side, each with the warnings
    /// its parsing gave.
    private static func parse(_ batch: [Slot], stylesheets: BookStylesheets, fonts: BookFonts, package: PackageDocument,
                              viewport: (width: Double, height: Double)?) -> [(content: SpineItemContent?, warnings: [Warning])] {
        let results = ParsedSlots(count: batch.count)
        let documents = batch.indices.filter { if case .document = batch[$0].loaded { true } else { false } }
        let work: @Sendable (Int) -> Void = { index in
            guard case .document(let bytes) = batch[index].loaded else { return }
            var warnings: [Warning] = []
            let content = SpineItemContent.parse(bytes, of: batch[index].spineItem.item,
                                                 stylesheets: stylesheets.loader(forItem: batch[index].position),
                                                 user: stylesheets.user,
                                                 fonts: fonts, designed: package.isPrePaginated(batch[index].spineItem),
                                                 viewport: viewport, warnings: &warnings)
            results.set(index, content: content, warnings: warnings)
        }
        if documents.count > 1 {
            DispatchQueue.concurrentPerform(iterations: documents.count) { work(documents[$0]) }
        } else {
            documents.forEach(work)
        }
        return batch.indices.map { index in
            switch batch[index].loaded {
            case .content(let content): (content, [])
            case .skipped: (nil, [])
            case .document: (results.content[index], results.warnings[index])
            }
        }
    }
    /// Linear items first, each group in spine order: items marked `linear="no"` (notes, answer
    /// keys) are reached by links, not by reading on, so they go after the text. Read from the
    /// spine as it goes: a copy, held while the book is read, is megabytes for a long spine.
    private var readingOrder: some Sequence<PackageDocument.SpineItem> {
        [true, false].lazy.flatMap { [spine = package.spine] linear in spine.lazy.filter { $0.isLinear == linear } }
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

/// Where the workers of one batch leave their results, each index written by one of them.
private final class ParsedSlots: @unchecked Sendable {
    private(set) var content: [SpineItemContent?]
    private(set) var warnings: [[Warning]]
    private let lock = NSLock()

    init(count: Int) {
        content = Array(repeating: nil, count: count)
        warnings = Array(repeating: [], count: count)
    }

    func set(_ index: Int, content value: SpineItemContent?, warnings found: [Warning]) {
        lock.lock()
        content[index] = value
        warnings[index] = found
        lock.unlock()
    }
}
