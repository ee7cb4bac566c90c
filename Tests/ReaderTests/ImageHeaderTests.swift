import BookModel
import ImageSizes
import Testing

/// Natural sizes read from hand-made headers of every format, and what truncated, corrupt or
/// hostile bytes give: an error, never a crash or a read past the end.
@Suite struct ImageHeaderTests {
    private func size(_ bytes: [UInt8]) throws -> PixelSize? {
        try ImageHeader.read(bytes).pixelSize
    }

    @Test func png() throws {
        let header = try ImageHeader.read(TestImages.png(width: 800, height: 480))
        #expect(header == ImageHeader(format: .png, pixelSize: PixelSize(width: 800, height: 480)))
    }

    @Test func gif() throws {
        #expect(try ImageHeader.read(TestImages.gif(width: 320, height: 200)).format == .gif)
        #expect(try size(TestImages.gif(width: 320, height: 200)) == PixelSize(width: 320, height: 200))
    }

    @Test func jpegSizeComesFromTheFrameHeaderPastOtherSegments() throws {
        #expect(try size(TestImages.jpeg(width: 1024, height: 683)) == PixelSize(width: 1024, height: 683))
    }

    @Test(arguments: [1, 2, 3, 4])
    func jpegOrientationsThatDoNotTurnKeepTheSides(orientation: Int) throws {
        #expect(try size(TestImages.jpeg(width: 600, height: 400, orientation: orientation)) == PixelSize(width: 600, height: 400))
    }

    @Test(arguments: [5, 6, 7, 8])
    func jpegQuarterTurnsSwapTheSides(orientation: Int) throws {
        #expect(try size(TestImages.jpeg(width: 600, height: 400, orientation: orientation)) == PixelSize(width: 400, height: 600))
        #expect(try size(TestImages.jpeg(width: 600, height: 400, orientation: orientation, bigEndianExif: false))
                == PixelSize(width: 400, height: 600))
    }

    @Test func webpLossyLosslessAndExtended() throws {
        #expect(try size(TestImages.webpLossy(width: 550, height: 368)) == PixelSize(width: 550, height: 368))
        #expect(try size(TestImages.webpLossless(width: 386, height: 395)) == PixelSize(width: 386, height: 395))
        #expect(try size(TestImages.webpExtended(width: 16_000, height: 9_000)) == PixelSize(width: 16_000, height: 9_000))
        #expect(try ImageHeader.read(TestImages.webpLossy(width: 2, height: 2)).format == .webp)
    }

    @Test func svgWidthAndHeightInAbsoluteUnits() throws {
        #expect(try size(TestImages.svg(#"width="200" height="100""#)) == PixelSize(width: 200, height: 100))
        #expect(try size(TestImages.svg(#"width="300px" height="1.5in""#)) == PixelSize(width: 300, height: 144))
        #expect(try size(TestImages.svg(#"width="72pt" height="2.54cm""#)) == PixelSize(width: 96, height: 96))
    }

    @Test func svgViewBoxGivesTheSizeOrTheMissingSide() throws {
        #expect(try size(TestImages.svg(#"viewBox="0 0 400 300""#)) == PixelSize(width: 400, height: 300))
        #expect(try size(TestImages.svg(#"width="200" viewBox="0,0,400,300""#)) == PixelSize(width: 200, height: 150))
        #expect(try size(TestImages.svg(#"height="60" viewBox="0 0 400 300""#)) == PixelSize(width: 80, height: 60))
        // Percentages size the picture by its container: then the viewBox decides.
        #expect(try size(TestImages.svg(#"width="100%" height="100%" viewBox="0 0 640 480""#)) == PixelSize(width: 640, height: 480))
    }

    @Test func svgWithoutAnySizeHasNone() throws {
        let header = try ImageHeader.read(TestImages.svg(#"width="100%""#))
        #expect(header == ImageHeader(format: .svg, pixelSize: nil))
        #expect(try size(TestImages.svg(#"width="10em" height="5em" viewBox="0 0 0 10""#)) == nil)
    }

    @Test func everyFormatCutShortIsTruncatedNotACrash() {
        let images = [TestImages.png(width: 10, height: 10), TestImages.gif(width: 10, height: 10),
                      TestImages.jpeg(width: 10, height: 10, orientation: 6), TestImages.webpLossy(width: 10, height: 10),
                      TestImages.webpLossless(width: 10, height: 10), TestImages.webpExtended(width: 10, height: 10)]
        for image in images {
            let recognized = try? ImageHeader.read(image)
            #expect(recognized?.pixelSize == PixelSize(width: 10, height: 10))
            for length in 0..<image.count {
                let cut = Array(image.prefix(length))
                // Any prefix either fails or, once the size is in it, gives the right one.
                if let header = try? ImageHeader.read(cut) {
                    #expect(header.pixelSize == PixelSize(width: 10, height: 10), "\(length) bytes of \(image)")
                }
            }
        }
        #expect(throws: ImageHeaderError.truncated(.png)) { try ImageHeader.read(Array(TestImages.png(width: 1, height: 1).prefix(20))) }
        #expect(throws: ImageHeaderError.truncated(.jpeg)) { try ImageHeader.read(Array(TestImages.jpeg(width: 1, height: 1).prefix(25))) }
    }

    @Test func corruptHeadersAreErrors() {
        var noIHDR = TestImages.png(width: 5, height: 5)
        noIHDR[12] = UInt8(ascii: "X")
        #expect(throws: ImageHeaderError.corrupt(.png, "the first chunk is not IHDR")) { try ImageHeader.read(noIHDR) }
        #expect(throws: ImageHeaderError.unknownFormat) { try ImageHeader.read(Array("plain text".utf8)) }
        #expect(throws: ImageHeaderError.unknownFormat) { try ImageHeader.read([]) }
        // Sides of 0 and a JPEG whose data starts before any frame.
        #expect(throws: ImageHeaderError.self) { try ImageHeader.read(TestImages.png(width: 0, height: 5)) }
        #expect(throws: ImageHeaderError.self) { try ImageHeader.read(TestImages.gif(width: 5, height: 0)) }
        #expect(throws: ImageHeaderError.self) { try ImageHeader.read([0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9]) }
        #expect(throws: ImageHeaderError.self) { try ImageHeader.read(TestImages.svg("").map { $0 == UInt8(ascii: "s") ? UInt8(ascii: "t") : $0 }) }
    }

    @Test func hostileJPEGSegmentsEndTheWalk() {
        // A segment length of 0 would loop forever if it were not refused; one of 0xFFFF jumps
        // past the end; an Exif segment whose entry count runs past its end is ignored.
        #expect(throws: ImageHeaderError.self) { try ImageHeader.read([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xC0]) }
        #expect(throws: ImageHeaderError.truncated(.jpeg)) { try ImageHeader.read([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 1, 2, 3]) }
        var exif = TestImages.jpeg(width: 30, height: 20, orientation: 6)
        let count = exif.firstRange(of: [0, 2, 1, 0x0F])!.lowerBound
        exif[count] = 0xFF
        exif[count + 1] = 0xFF
        #expect((try? ImageHeader.read(exif))?.pixelSize != nil)
        // Nothing but fill bytes.
        #expect(throws: ImageHeaderError.truncated(.jpeg)) { try ImageHeader.read([0xFF, 0xD8] + Array(repeating: 0xFF, count: 10_000)) }
    }

    @Test func svgEntitiesAndExternalReferencesAreNotFollowed() throws {
        let billionLaughs = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY w SYSTEM "file:///etc/hostname">]>
            <svg xmlns="http://www.w3.org/2000/svg" width="&w;" height="&b;" viewBox="0 0 12 34"/>
            """
        #expect(try size(Array(billionLaughs.utf8)) == PixelSize(width: 12, height: 34))
    }
}
