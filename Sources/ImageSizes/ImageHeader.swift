import BookModel

/// The formats books use for pictures, told apart by their first bytes (not by the name or the
/// manifest's media type, which real books get wrong).
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png, jpeg, gif, webp, svg
}

/// What an image's bytes say about it: its format and, when the header gives one, its natural
/// size. Only headers are read (no pixels are decoded), each walk bounded by the bytes there are.
public struct ImageHeader: Sendable, Equatable {
    public var format: ImageFormat
    /// Nil for an SVG that gives no absolute size and no `viewBox`.
    public var pixelSize: PixelSize?

    public init(format: ImageFormat, pixelSize: PixelSize?) {
        self.format = format
        self.pixelSize = pixelSize
    }

    /// The largest side accepted: PNG's own limit (2³¹ − 1). A header claiming more, or a side
    /// of 0, is corrupt.
    public static let maximumSide = Int(Int32.max)

    /// Reads the header of `bytes`.
    public static func read(_ bytes: [UInt8]) throws(ImageHeaderError) -> ImageHeader {
        let reader = ByteReader(bytes)
        let format: ImageFormat
        let size: PixelSize?
        if PNGHeader.matches(reader) {
            format = .png
            size = try PNGHeader.size(reader)
        } else if JPEGHeader.matches(reader) {
            format = .jpeg
            size = try JPEGHeader.size(reader)
        } else if GIFHeader.matches(reader) {
            format = .gif
            size = try GIFHeader.size(reader)
        } else if WebPHeader.matches(reader) {
            format = .webp
            size = try WebPHeader.size(reader)
        } else if SVGHeader.matches(reader) {
            format = .svg
            size = try SVGHeader.size(bytes)
        } else {
            throw .unknownFormat
        }
        if let size, !(1...maximumSide).contains(size.width) || !(1...maximumSide).contains(size.height) {
            throw .corrupt(format, "its header gives a size of \(size)")
        }
        return ImageHeader(format: format, pixelSize: size)
    }
}

/// Why an image's size could not be read.
public enum ImageHeaderError: Error, Equatable, CustomStringConvertible {
    /// Not one of the formats in `ImageFormat`.
    case unknownFormat
    /// The bytes end before the size.
    case truncated(ImageFormat)
    /// The header is not what the format says it must be.
    case corrupt(ImageFormat, String)

    public var description: String {
        switch self {
        case .unknownFormat: "is not a PNG, JPEG, GIF, WebP or SVG image"
        case .truncated(let format): "is a \(format.displayName) that ends before its size"
        case .corrupt(let format, let reason): "is a corrupt \(format.displayName): \(reason)"
        }
    }
}

extension ImageFormat {
    var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .svg: "SVG"
        }
    }
}
