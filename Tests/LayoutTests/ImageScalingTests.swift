import BookModel
@testable import Layout
import PageFormat
import Testing

/// How large an image is drawn: one pixel to a point, scaled down (never up) to fit the content
/// box with its proportions kept, and centred across it.
@Suite struct ImageScalingTests {
    let layouter: Layouter
    /// 260 × 200 points.
    let content: Dimensions
    /// Where the content box starts on the page.
    let margins: Margins

    init() throws {
        let options = TestBooks.options()
        layouter = try Layouter(options: options)
        content = options.geometry.contentSize
        margins = options.geometry.margins
    }

    static func image(_ width: Int, _ height: Int, path: String = "images/picture.png", alt: String = "A picture") -> Block {
        Block(.image(Image(source: ImageReference(path: path, pixelSize: PixelSize(width: width, height: height)), alt: alt)))
    }

    /// The image's box as the page gives it: on the page, rounded to hundredths of a point.
    private func box(_ width: Int, _ height: Int) throws -> PageImage {
        try #require(layouter.layout(TestBooks.book([[Self.image(width, height)]])).pages.first?.shown?.images.first)
    }

    /// The box as the layout makes it, in the content box at full precision.
    private func exactBox(_ width: Int, _ height: Int) -> PageImage {
        let pixels = PixelSize(width: width, height: height)
        let image = Image(source: ImageReference(path: "images/picture.png", pixelSize: pixels), alt: "A picture")
        return ImageScaling.placed(image, pixels: pixels, in: content)
    }

    @Test func aSmallImageKeepsItsNaturalSizeOnePixelToAPoint() throws {
        let image = try box(100, 50)
        #expect(image.width == 100 && image.height == 50)
        #expect(abs(image.x - margins.left - (content.width - 100) / 2) < TestBooks.precision)
        #expect(abs(image.y - margins.top) < TestBooks.precision)
        #expect(image.path == "images/picture.png" && image.alt == "A picture")
    }

    @Test func aWideImageIsScaledToTheWidth() throws {
        let image = try box(520, 100)
        #expect(image.width == TestBooks.written(content.width))
        #expect(abs(image.height - 50) < TestBooks.precision)
        #expect(image.x == TestBooks.written(0, from: margins.left))
    }

    @Test func aTallImageIsScaledToTheHeight() throws {
        let image = try box(100, 400)
        #expect(image.height == TestBooks.written(content.height))
        #expect(abs(image.width - 50) < TestBooks.precision)
    }

    @Test(arguments: [(1, 1), (259, 199), (260, 200), (261, 200), (4000, 3000), (3000, 4000), (1, 100_000), (100_000, 1)])
    func everyBoxFitsTheContentBoxWithItsProportions(width: Int, height: Int) throws {
        // As the layout makes it: at full precision, so the proportions can be checked even of
        // a box a hundredth of a point thin.
        let exact = exactBox(width, height)
        #expect(exact.x >= 0 && exact.y >= 0)
        #expect(exact.x + exact.width <= content.width + 1e-9)
        #expect(exact.y + exact.height <= content.height + 1e-9)
        #expect(exact.width <= Double(width) && exact.height <= Double(height))
        #expect(abs(exact.width / exact.height - Double(width) / Double(height)) / (Double(width) / Double(height)) < 1e-9)
        // The page has that box, moved onto the page and rounded; rounded, it still fits.
        let image = try box(width, height)
        #expect(image == PageImage(path: exact.path, alt: exact.alt, x: TestBooks.written(exact.x, from: margins.left),
                                   y: TestBooks.written(exact.y, from: margins.top),
                                   width: TestBooks.written(exact.width), height: TestBooks.written(exact.height)))
        #expect(image.x >= margins.left && image.y >= margins.top)
        #expect(image.x + image.width <= margins.left + content.width + TestBooks.precision)
        #expect(image.y + image.height <= margins.top + content.height + TestBooks.precision)
    }
}
