import Foundation

extension PageDocument {
    /// The document as JSON. Keys are sorted so the same document always gives the same bytes.
    /// Compact JSON is written by `CompactJSONEncoder` (the bytes `JSONEncoder` gives, several
    /// times faster: docs/PERFORMANCE.md); indented JSON, for people, by `JSONEncoder`.
    /// `encodedPages`: the compact JSON of `pages`, written as they were made.
    public func jsonData(pretty: Bool = false, encodedPages: EncodedPages? = nil) throws -> Data {
        if !pretty, let data = try? CompactJSONEncoder().data(self, pages: encodedPages) { return data }
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
