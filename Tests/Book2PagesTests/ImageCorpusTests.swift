import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// Real books with pictures convert clean: every image read, placed whole inside the content box,
/// and a page of pictures alone an `image` page in its chapter.
struct ImageCorpusTests {
    static let books = ["childrens-literature.epub", "cole-voyage-of-life.epub", "trees.epub", "moby-dick.epub",
                        "regime-anticancer-arabic.epub", "internallinks.epub", "epub30-spec.epub"]

    @Test(.needsSharedCorpus, arguments: books)
    func imagesAreReadAndPlacedInsideTheContentBox(name: String) throws {
        let corpus = try #require(TestPaths.corpus)
        let conversion = try Converter.convert(path: corpus.appendingPathComponent(name).path, options: ConversionOptions())
        let imageWarnings = conversion.warnings.filter { $0.description.contains("image") || $0.description.contains("SVG") }
        #expect(imageWarnings.isEmpty, "\(imageWarnings)")
        let layout = conversion.document.layout
        for page in conversion.document.pages {
            // A designed page (cole-voyage-of-life's paintings) is scaled onto the whole page.
            let box = page.shown?.design == nil ? layout.contentBox
                : Box(x: 0, y: 0, width: layout.pageSize.width, height: layout.pageSize.height)
            for image in page.shown?.images ?? [] {
                // Within the rounding of the output's hundredths.
                #expect(image.x >= box.x - 0.01 && image.y >= box.y - 0.01, "\(name): \(image)")
                #expect(image.x + image.width <= box.x + box.width + 0.01, "\(name): \(image)")
                #expect(image.y + image.height <= box.y + box.height + 0.01, "\(name): \(image)")
                #expect(image.width > 0 && image.height > 0)
            }
            #expect(page.shown?.text.contains("[Image") != true, "\(name): an image shown as its alt text")
            if page.kind.type == "image" {
                #expect(page.shown?.images.isEmpty == false && page.shown?.chapter != nil && page.shown?.folio != nil)
            }
        }
    }

    @Test(.needsSharedCorpus) func theVoyageOfLifeShowsAllNinePictures() throws {
        let corpus = try #require(TestPaths.corpus)
        let conversion = try Converter.convert(path: corpus.appendingPathComponent("cole-voyage-of-life.epub").path,
                                               options: ConversionOptions())
        let paths = conversion.document.pages.flatMap { $0.shown?.images ?? [] }.map(\.path)
        #expect(paths.count == 9 && Set(paths).count == 9)
        #expect(paths.allSatisfy { $0.hasPrefix("EPUB/images/") })
    }
}
