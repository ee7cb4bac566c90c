import Foundation
import PageFormat

/// A page list's compact JSON, written piece by piece as its pages are made: the page collector
/// writes each chapter's pages while the other layout workers go on, so that writing the
/// document at the end is left with its other, small members. The bytes are the ones writing
/// the whole list at once gives. Not thread-safe: one writer appends at a time.
public struct EncodedPages: Sendable {
    /// The pages' JSON objects, comma-separated, one piece per `append`; empty pieces left out.
    private(set) var pieces: [Data] = []
    /// How many pages the pieces hold.
    public private(set) var count = 0

    public init() {}

    /// Writes `pages`, which come after those already written.
    public mutating func append(_ pages: [Page]) throws {
        guard !pages.isEmpty else { return }
        let output = JSONOutput()
        try output.writeElements(pages)
        pieces.append(output.bytes.takeData())
        count += pages.count
    }

    /// `other`'s pages after these.
    public mutating func append(contentsOf other: EncodedPages) {
        pieces += other.pieces
        count += other.count
    }
}
