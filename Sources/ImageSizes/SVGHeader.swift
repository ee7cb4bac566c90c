import BookModel
import Markup

/// SVG: the root `svg` element's `width` and `height` in absolute units, else the size its
/// `viewBox` gives (user units are CSS pixels), with one side from the `viewBox`'s proportions
/// when only the other is given. Percentages and font-relative units give no size. The file is
/// parsed by libxml2 through `Markup` (no network, no entity expansion); nothing is rendered.
enum SVGHeader {
    /// The text before the root element that may precede `<svg`: an XML declaration, a doctype,
    /// comments. Past this many bytes, a file that has not shown `<svg` is taken for something else.
    static let sniffLength = 4096

    static func matches(_ bytes: ByteReader) -> Bool {
        guard let head = bytes.slice(0, min(bytes.count, sniffLength)) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("<svg")
    }

    static func size(_ bytes: [UInt8]) throws(ImageHeaderError) -> PixelSize? {
        let document = Markup.parse(bytes, as: .xml)
        guard let root = document.rootElement, document[root].name == "svg" else {
            throw .corrupt(.svg, "its root element is not svg")
        }
        let element = document[root]
        let width = element.attribute("width").flatMap(length)
        let height = element.attribute("height").flatMap(length)
        let viewBox = element.attribute("viewBox").flatMap(self.viewBox)
        switch (width, height, viewBox) {
        case (let width?, let height?, _):
            return pixels(width, height)
        case (let width?, nil, let box?):
            return pixels(width, width * box.height / box.width)
        case (nil, let height?, let box?):
            return pixels(height * box.width / box.height, height)
        case (nil, nil, let box?):
            return pixels(box.width, box.height)
        default:
            return nil
        }
    }

    private static func pixels(_ width: Double, _ height: Double) -> PixelSize? {
        guard width.isFinite, height.isFinite, width >= 0.5, height >= 0.5,
              width <= Double(ImageHeader.maximumSide), height <= Double(ImageHeader.maximumSide) else { return nil }
        return PixelSize(width: Int(width.rounded()), height: Int(height.rounded()))
    }

    /// CSS pixels in an absolute unit (CSS Values 4: 1in = 96px = 72pt = 2.54cm = 6pc).
    private static let pixelsPerUnit: [String: Double] = [
        "": 1, "px": 1, "pt": 96.0 / 72, "pc": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6,
    ]

    /// `200`, `200px`, `1.5in` → CSS pixels; nil for a percentage, `em`, or anything else.
    static func length(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        let unitStart = trimmed.firstIndex { $0.isLetter || $0 == "%" } ?? trimmed.endIndex
        guard let value = Double(trimmed[..<unitStart]), value > 0,
              let scale = pixelsPerUnit[trimmed[unitStart...].lowercased()] else { return nil }
        return value * scale
    }

    /// `min-x min-y width height`, separated by spaces or commas; nil unless both sides are positive.
    static func viewBox(_ text: String) -> (width: Double, height: Double)? {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .map { Double($0) }
        guard numbers.count == 4, let width = numbers[2], let height = numbers[3], width > 0, height > 0,
              width.isFinite, height.isFinite else { return nil }
        return (width, height)
    }
}

extension String {
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
