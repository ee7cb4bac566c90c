import Foundation

extension PageDocument {
    /// The document as JSON. Keys are sorted so the same document always gives the same bytes.
    public func jsonData(pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(PageDocument.self, from: jsonData)
    }
}
