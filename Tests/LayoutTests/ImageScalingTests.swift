import BookModel
import Layout
import Testing

/// How large an image is drawn: one pixel to a point, scaled down (never up) to fit the content
/// box with its proportions kept, and centred across it.
@Suite struct ImageScalingTests {
    let layouter: Layouter
    /// 260 × 200 points.
    let content: Size

    init() throws {
        let options = TestBooks.options()
        layouter = try Layouter(options: options)
        content = options.geometry.contentSize
    }

    static func image(_ width: Int, _ height: Int, path: String = "images/picture.png", alt: String = "A picture") -> Block {
        Block(.image(Image(source: ImageReference(path: path, pixelSize: PixelSize(width: width, height: height)), alt: alt)))
    }

    private func box(_ width: Int, _ height: Int) throws -> LaidOutImage {
        try #require(layouter.layout(TestBooks.book([[Self.image(width, height)]])).pages.first?.images.first)
    }

    @Test func aSmallImageKeepsItsNaturalSizeOnePixelToAPoint() throws {
        let image = try box(100, 50)
        #expect(image.width == 100 && image.height == 50)
        #expect(image.x == (content.width - 100) / 2)
        #expect(image.path == "images/picture.png" && image.alt == "A picture")
    }

    @Test func aWideImageIsScaledToTheWidth() throws {
        let image = try box(520, 100)
        #expect(image.width == content.width)
        #expect(abs(image.height - 50) < 1e-9)
        #expect(image.x == 0)
    }

    @Test func aTallImageIsScaledToTheHeight() throws {
        let image = try box(100, 400)
        #expect(image.height == content.height)
        #expect(abs(image.width - 50) < 1e-9)
    }

    @Test(arguments: [(1, 1), (259, 199), (260, 200), (261, 200), (4000, 3000), (3000, 4000), (1, 100_000), (100_000, 1)])
    func everyBoxFitsTheContentBoxWithItsProportions(width: Int, height: Int) throws {
        let image = try box(width, height)
        #expect(image.x >= 0 && image.y >= 0)
        #expect(image.x + image.width <= content.width + 1e-9)
        #expect(image.y + image.height <= content.height + 1e-9)
        #expect(image.width <= Double(width) && image.height <= Double(height))
        #expect(abs(image.width / image.height - Double(width) / Double(height)) / (Double(width) / Double(height)) < 1e-9)
    }
}
