import BookModel
import Foundation
import Layout
import PageFormat
import PageWriter
import Testing

struct JSONEncodingTests {
    static func document() -> PageDocument {
        PageListBuilder.document(for: PageListStructureTests.book,
                                 paged: PageListStructureTests.paged(contentPages: 3, tocPages: [1]),
                                 bounds: Size(width: 1024, height: 768))
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
                                                bounds: nil)
        let text = String(decoding: try document.jsonData(), as: UTF8.self)
        #expect(text.contains("Über/Straße — “quoted”"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func unknownPageTypesDecode() throws {
        let json = #"{"format":"book2pages","version":1,"metadata":{"title":"t","authors":[],"direction":"ltr"},"layout":{"pageSize":{"width":1,"height":1},"margins":{"top":0,"right":0,"bottom":0,"left":0},"contentBox":{"x":0,"y":0,"width":1,"height":1},"font":{"requested":"f","family":"f","file":"f.ttf","postScriptName":"f","iOSFontName":"f","size":1,"lineHeight":1}},"toc":[],"pages":[{"type":"hologram"}]}"#
        let document = try PageDocument(jsonData: Data(json.utf8))
        #expect(document.pages[0].type.rawValue == "hologram")
    }
}
