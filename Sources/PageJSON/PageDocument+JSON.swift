import Foundation
import PageFormat

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

    /// The compact JSON of `jsonData(encodedPages:)`, in the pieces it was written in: a long
    /// page list stays in the buffers its pages were written in as they were made, and a writer
    /// sends them on as they are, where joining them copied the whole output once more.
    ///
    /// `fallingBack` false: what the compact encoder can't write fails, rather than being written
    /// by `JSONEncoder` from `pages` (which are left out when their JSON was made as they came
    /// and only their outlines kept: `Converter.convert`'s `keepingPages`).
    public func compactJSONPieces(encodedPages: EncodedPages? = nil, fallingBack: Bool = true) throws -> [Data] {
        if !fallingBack { return try CompactJSONEncoder().pieces(self, pages: encodedPages) }
        if let pieces = try? CompactJSONEncoder().pieces(self, pages: encodedPages) { return pieces }
        return [try jsonData(encodedPages: encodedPages)]
    }
}

extension [Data] {
    /// The pieces' bytes in one `Data`: a single piece as it is, several copied once.
    public func joinedData() -> Data {
        guard count != 1 else { return self[0] }
        var data = Data(capacity: reduce(0) { $0 + $1.count })
        for piece in self { data.append(piece) }
        return data
    }
}
