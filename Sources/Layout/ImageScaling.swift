import PageFormat
import BookModel

/// How large an image is drawn. One image pixel is one point: points here are iOS points, which
/// WebKit on iOS (and so every EPUB reader built on it) equates with CSS pixels, and an image's
/// natural size in CSS pixels is its size in pixels. Image resolution tags (PNG `pHYs`, JPEG
/// density) are ignored, as browsers ignore them.
///
/// An image larger than the content box is scaled down to fit it, keeping its proportions;
/// a smaller one keeps its natural size (never scaled up). It is centred across the box.
enum ImageScaling {
    static func size(of pixels: PixelSize, toFit box: Dimensions) -> Dimensions {
        let width = Double(pixels.width), height = Double(pixels.height)
        let scale = min(1, box.width / width, box.height / height)
        // The products can land a rounding error past the box; the box is the bound.
        return Dimensions(width: min(width * scale, box.width), height: min(height * scale, box.height))
    }

    /// The image's box in the content box, its top at 0 (the paginator sets it).
    static func placed(_ image: Image, pixels: PixelSize, in box: Dimensions) -> PageImage {
        let size = size(of: pixels, toFit: box)
        return PageImage(path: image.source.path, alt: image.alt, x: (box.width - size.width) / 2, y: 0,
                            width: size.width, height: size.height)
    }
}
