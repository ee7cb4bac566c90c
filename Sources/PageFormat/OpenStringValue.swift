/// A value from a set that newer versions of the format may grow (page types, target names):
/// a string in JSON and a wrapper in Swift rather than a closed enum, so an app decoding a newer
/// tool's output meets an unknown value as a value it can skip, not as a decoding failure.
public protocol OpenStringValue: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible
    where RawValue == String {
    init(rawValue: String)
}

extension OpenStringValue {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
