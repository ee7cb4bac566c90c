import Foundation
@testable import PageFormat
import Testing
import PageJSON

/// A page list written piece by piece as its pages are made (`EncodedPages`) gives the bytes of
/// writing the document whole, however the pieces fall; pieces that hold another number of pages
/// than the document are not used.
struct EncodedPagesTests {
    private func document(pages: Int) throws -> PageDocument {
        var document = try CompactJSONTests().documentWithEveryField()
        let kinds = document.pages
        document.pages = (0..<pages).map { n in
            var page = kinds[n % kinds.count]
            page.shown?.folio = n
            return page
        }
        return document
    }

    @Test(arguments: [[3], [1, 0, 2], [0, 0, 3], [700, 0, 1, 299], [1000]])
    func piecesGiveTheWholeDocumentsBytes(sizes: [Int]) throws {
        let document = try document(pages: sizes.reduce(0, +))
        var encoded = EncodedPages()
        var start = 0
        for size in sizes {
            var piece = EncodedPages()
            try piece.append(Array(document.pages[start..<(start + size)]))
            // Chapters' pieces are joined onto the front's, as the page collector joins them.
            encoded.append(contentsOf: piece)
            start += size
        }
        #expect(encoded.count == document.pages.count)
        let whole = try document.jsonData()
        #expect(try document.jsonData(encodedPages: encoded) == whole)
        #expect(whole == (try CompactJSONTests().foundationJSON(document)))
    }

    @Test func piecesOfAnotherListAreNotUsed() throws {
        let document = try document(pages: 6)
        var encoded = EncodedPages()
        try encoded.append(Array(document.pages.prefix(5)))
        #expect(try document.jsonData(encodedPages: encoded) == document.jsonData())
    }
}
