import BookModel
import EPUBReader
import Foundation
import ImageSizes
import Testing

/// The EPUB reader gives every image its natural size from the archive; an image it can't read
/// or recognize keeps none (and says why), an SVG without a size gets the fallback.
struct ImageSizeReadingTests {
    private func read(_ body: String, images: [(String, [UInt8])]) throws -> ReadResult {
        let package = FixtureBooks.package(spine: [("a", "a.xhtml", "application/xhtml+xml", true)],
                                           metadata: "<dc:title>T</dc:title>", manifestExtra: "", guide: "")
        let entries = [("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", package),
                       ("OEBPS/a.xhtml", EPUBFixture.page(body))]
        return try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: images))
    }

    /// Every image's size by path, those in lists, quotations and tables included.
    private func sizes(_ result: ReadResult) -> [String: PixelSize?] {
        var sizes: [String: PixelSize?] = [:]
        var blocks = result.book.chapters.flatMap(\.blocks)
        while let block = blocks.popLast() {
            switch block.kind {
            case .image(let image): sizes[image.source.path] = image.source.pixelSize
            case .list(let list): blocks += list.items.flatMap { $0 }
            case .quote(let inner), .division(let inner): blocks += inner
            case .table(let table):
                blocks += (table.caption?.blocks ?? []) + table.rows.flatMap { $0.cells.flatMap(\.blocks) }
            default: break
            }
        }
        return sizes
    }

    @Test func everyFormatIsMeasuredFromTheArchive() throws {
        let result = try read("""
            <p><img src="i/a.png" alt="a"/></p><p><img src="i/b.jpg" alt="b"/></p><p><img src="i/c.gif" alt="c"/></p>
            <p><img src="i/d.webp" alt="d"/></p><p><img src="i/e.svg" alt="e"/></p><p><img src="i/a.png" alt="again"/></p>
            """, images: [("OEBPS/i/a.png", TestImages.png(width: 800, height: 480)),
                          ("OEBPS/i/b.jpg", TestImages.jpeg(width: 600, height: 400, orientation: 6)),
                          ("OEBPS/i/c.gif", TestImages.gif(width: 32, height: 16)),
                          ("OEBPS/i/d.webp", TestImages.webpLossless(width: 100, height: 50)),
                          ("OEBPS/i/e.svg", TestImages.svg(#"width="120" height="90""#))])
        #expect(sizes(result) == [
            "OEBPS/i/a.png": PixelSize(width: 800, height: 480), "OEBPS/i/b.jpg": PixelSize(width: 400, height: 600),
            "OEBPS/i/c.gif": PixelSize(width: 32, height: 16), "OEBPS/i/d.webp": PixelSize(width: 100, height: 50),
            "OEBPS/i/e.svg": PixelSize(width: 120, height: 90),
        ])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// A picture in a table's cell or caption is measured as any other, so the table draws it.
    @Test func imagesInTablesAreMeasuredToo() throws {
        let result = try read("""
            <table><caption><img src="i/cap.png" alt="cap"/></caption>
            <tr><td><img src="i/cell.png" alt="cell"/></td><td><table><tr><td><img src="i/inner.png" alt="inner"/></td></tr></table></td></tr></table>
            """, images: [("OEBPS/i/cap.png", TestImages.png(width: 10, height: 5)),
                          ("OEBPS/i/cell.png", TestImages.png(width: 20, height: 8)),
                          ("OEBPS/i/inner.png", TestImages.png(width: 7, height: 3))])
        #expect(sizes(result) == ["OEBPS/i/cap.png": PixelSize(width: 10, height: 5),
                                  "OEBPS/i/cell.png": PixelSize(width: 20, height: 8),
                                  "OEBPS/i/inner.png": PixelSize(width: 7, height: 3)])
        #expect(BookImageSizes.showsImages(result.book.chapters[0].blocks))
    }

    @Test func unreadableImagesKeepNoSizeAndSayWhy() throws {
        let result = try read(#"<p><img src="gone.png" alt="gone"/></p><p><img src="junk.png" alt="junk"/></p><ul><li><img src="cut.png"/></li></ul>"#,
                              images: [("OEBPS/junk.png", Array("not a picture at all".utf8)),
                                       ("OEBPS/cut.png", Array(TestImages.png(width: 9, height: 9).prefix(18)))])
        let found = sizes(result)
        #expect(found.keys.sorted() == ["OEBPS/cut.png", "OEBPS/gone.png", "OEBPS/junk.png"])
        #expect(found.values.allSatisfy { $0 == nil })
        let messages = result.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("OEBPS/gone.png: the image could not be read (no entry OEBPS/gone.png)") })
        #expect(messages.contains { $0.hasPrefix("OEBPS/junk.png: the image is not a PNG, JPEG, GIF, WebP or SVG image") })
        #expect(messages.contains { $0.hasPrefix("OEBPS/cut.png: the image is a PNG that ends before its size") })
        #expect(messages.allSatisfy { $0.hasSuffix("its alt text is shown instead") })
    }

    @Test func anSVGWithoutASizeIsLaidOutAtTheFallbackWithAWarning() throws {
        let result = try read(#"<p><img src="plain.svg" alt="plain"/></p>"#,
                              images: [("OEBPS/plain.svg", TestImages.svg(#"width="50%""#))])
        #expect(sizes(result) == ["OEBPS/plain.svg": BookImageSizes.fallbackSize])
        #expect(result.warnings.map(\.description) == ["OEBPS/plain.svg: the SVG gives no size of its own; laid out at 300x150 px"])
    }

    @Test func theFilesOfTheBookAreItsEntriesAndNothingElse() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container)],
                                         binary: [("OEBPS/i/a.png", TestImages.png(width: 2, height: 3))])
        let files = try EPUBReader.files(of: path)
        #expect(try files.read("OEBPS/i/a.png") == TestImages.png(width: 2, height: 3))
        #expect(throws: BookFileError.self) { try files.read("../outside.png") }
        #expect(throws: BookFileError.self) { try files.read("OEBPS/i/none.png") }
    }
}
