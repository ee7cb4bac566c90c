import BookModel
import Foundation
import Layout
import PageFormat
import PageWriter
import Testing
import PageJSON

struct JSONEncodingTests {
    static func document() -> PageDocument {
        PageListBuilder.document(for: PageListStructureTests.book,
                                 paged: PageListStructureTests.paged(contentPages: 3, tocPages: [1]),
                                 layout: PageListStructureTests.layout(bounds: Dimensions(width: 1024, height: 768)), target: TestPages.target)
    }

    @Test func sameDocumentSameBytes() throws {
        #expect(try Self.document().jsonData() == Self.document().jsonData())
        #expect(try Self.document().jsonData(pretty: true) == Self.document().jsonData(pretty: true))
    }

    @Test func roundTripsThroughTheModel() throws {
        let document = Self.document()
        #expect(try PageDocument(jsonData: document.jsonData()) == document)
        #expect(try PageDocument(jsonData: document.jsonData(pretty: true)) == document)
    }

    @Test func fixedContractFields() throws {
        let json = try JSONSerialization.jsonObject(with: Self.document().jsonData()) as! [String: Any]
        #expect(json["format"] as? String == "book2pages")
        #expect(json["version"] as? Int == 1)
        let pages = json["pages"] as! [[String: Any]]
        #expect(pages.map { $0["type"] as! String }.prefix(4) == ["invisible", "invisible", "cover", "blank"])
        // Absent optionals are left out, not written as null.
        #expect(pages[0].keys.sorted() == ["type"])
        #expect(pages[4]["text"] as? String == "page 1 line one\nline two")
    }

    @Test func slashesAndUnicodeAreWrittenPlainly() throws {
        var book = PageListStructureTests.book
        book.metadata.title = "Über/Straße — “quoted”"
        let document = PageListBuilder.document(for: book, paged: PageListStructureTests.paged(contentPages: 1),
                                                layout: TestPages.layout, target: TestPages.target)
        let text = String(decoding: try document.jsonData(), as: UTF8.self)
        #expect(text.contains("Über/Straße — “quoted”"))
        #expect(text.hasSuffix("}\n"))
    }
}
