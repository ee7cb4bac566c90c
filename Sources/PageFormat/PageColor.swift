/// A colour for a `colored` page, portable to any renderer: sRGB components 0–255 and an
/// alpha, written in JSON as `#RRGGBB` or `#RRGGBBAA` (the CSS notation). On iOS:
/// `UIColor(red: CGFloat(c.red) / 255, green: CGFloat(c.green) / 255, blue: CGFloat(c.blue) / 255,
/// alpha: CGFloat(c.alpha) / 255)`.
public struct PageColor: Codable, Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#RRGGBB` or `#RRGGBBAA`, either case; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9,
              let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let hasAlpha = hex.count == 9
        let rgba = hasAlpha ? value : value << 8 | 0xFF
        self.init(red: UInt8(rgba >> 24 & 0xFF), green: UInt8(rgba >> 16 & 0xFF),
                  blue: UInt8(rgba >> 8 & 0xFF), alpha: UInt8(rgba & 0xFF))
    }

    /// `#RRGGBB`, with `AA` only when the colour is not opaque.
    public var hex: String {
        func pair(_ byte: UInt8) -> String {
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + pair(red) + pair(green) + pair(blue) + (alpha == 255 ? "" : pair(alpha))
    }

    public var description: String { hex }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = PageColor(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not #RRGGBB or #RRGGBBAA")
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

/// What a `decorative` page shows, as seed 000's `.decorative(iconNames:iconSize:spacing:)`:
/// icons (SF Symbols names on Apple platforms) in a staggered grid.
public struct Decoration: Codable, Sendable, Equatable {
    public var iconNames: [String]
    /// Points.
    public var iconSize: Double
    /// Points between icons.
    public var spacing: Double

    public init(iconNames: [String], iconSize: Double, spacing: Double) {
        self.iconNames = iconNames
        self.iconSize = iconSize
        self.spacing = spacing
    }
}
