/// The document writes its own members, in key order as its `Encodable` conformance would
/// (`CompactJSONTests` holds them to `JSONEncoder`'s bytes), so that nothing sorts them
/// afterwards: sorting moved every byte of the page list, most of the document, twice. A new
/// member must be added here too.
import Foundation
import PageFormat

extension PageDocument: CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws {
        try writeJSON(to: output, encodedPages: nil)
    }

    /// `encodedPages`: the page list already written (`EncodedPages`), used when it holds as
    /// many pages as the document, or the document holds none: its pages were written as they
    /// were made, and only their outlines kept (`Converter.convert`'s `keepingPages`).
    func writeJSON(to output: JSONOutput, encodedPages: EncodedPages?) throws {
        try output.object { first in
            output.key("chapters", first: &first); try output.writeArray(chapters)
            output.key("format", first: &first); output.write(format)
            output.key("layout", first: &first); try output.write(layout)
            output.key("links", first: &first); try output.writeArray(links)
            output.key("metadata", first: &first); try output.write(metadata)
            output.key("pageList", first: &first); try output.writeArray(pageList)
            output.key("pages", first: &first)
            do {
                // No object is open around the list but this one, which moves nothing.
                output.acceptsChunks = true
                defer { output.acceptsChunks = false }
                if let encodedPages, encodedPages.count == pages.count || pages.isEmpty {
                    output.bytes.append(UInt8(ascii: "["))
                    for (n, piece) in encodedPages.pieces.enumerated() {
                        if n > 0 { output.bytes.append(UInt8(ascii: ",")) }
                        output.append(chunk: piece)
                    }
                    output.bytes.append(UInt8(ascii: "]"))
                } else {
                    try pages.writeJSON(to: output)
                }
            }
            if let provenance { output.key("provenance", first: &first); try output.write(provenance) }
            if let target { output.key("target", first: &first); try target.writeJSON(to: output) }
            output.key("toc", first: &first); try output.writeArray(toc)
            output.key("version", first: &first); output.write(Int64(version))
        }
    }
}
