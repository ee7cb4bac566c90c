import Foundation
import PageFormat
import Testing
import PageJSON

/// How the model treats documents from other versions and producers (docs/FORMAT.md,
/// "Compatibility").
struct CompatibilityTests {
    func decode(_ edit: (inout [String: Any]) -> Void) throws -> PageDocument {
        var object = try JSONSerialization.jsonObject(with: Data(PageFormatDecodingTests.minimal.utf8)) as! [String: Any]
        edit(&object)
        return try PageDocument(jsonData: JSONSerialization.data(withJSONObject: object))
    }

    @Test func unknownPageTypesDecodeAndSayTheyAreUnknown() throws {
        let document = try decode { object in
            var pages = object["pages"] as! [[String: Any]]
            // `image` pages are known since the images came; a type this version has never heard of:
            pages.insert(["type": "gatefold", "title": "Plate", "image": "OEBPS/plate.png"], at: 5)
            object["pages"] = pages
        }
        #expect(document.pages[5] == Page(.unknown(type: "gatefold"), title: "Plate"))
        #expect(document.pages[4].content != nil)
    }

    @Test func unknownFieldsAreIgnoredEverywhere() throws {
        let document = try decode { object in
            object["stableLocations"] = ["x": 1]
            var metadata = object["metadata"] as! [String: Any]
            metadata["publisher"] = "Somebody"
            object["metadata"] = metadata
            var pages = object["pages"] as! [[String: Any]]
            pages[4]["annotations"] = [["text": "a", "x": 0]]
            object["pages"] = pages
            object["target"] = ["name": "hologram-deck", "rooms": [1, 2]]
        }
        #expect(document.pages[4].shown?.text == "a\nb")
        #expect(document.target?.name == TargetName(rawValue: "hologram-deck"))
    }

    @Test func missingOptionalFieldsAreNilAndMissingListsEmpty() throws {
        let document = try decode { object in
            object.removeValue(forKey: "chapters")
            object.removeValue(forKey: "toc")
            object.removeValue(forKey: "target")
            var pages = object["pages"] as! [[String: Any]]
            pages[4].removeValue(forKey: "lines")
            pages[2].removeValue(forKey: "title")
            object["pages"] = pages
        }
        #expect(document.chapters.isEmpty && document.toc.isEmpty && document.target == nil)
        #expect(document.pages[4].content?.lines == [] && document.pages[4].content?.location == nil)
        #expect(document.pages[2].title == nil)
    }

    /// A page without a field its type needs (the schema's `required`) is not a page of this
    /// format: it fails to decode, naming the field, rather than reading as a page numbered 0.
    @Test func aPageWithoutAFieldItsTypeNeedsIsRefused() throws {
        for (type, field) in [("content", "text"), ("content", "folio"), ("content", "chapter"),
                              ("content", "indexInChapter"), ("image", "images"), ("image", "folio")] {
            #expect(throws: DecodingError.self, "\(type) without \(field)") {
                try decode { object in
                    var pages = object["pages"] as! [[String: Any]]
                    pages[4]["type"] = type
                    pages[4]["images"] = [["path": "a.png", "x": 0, "y": 0, "width": 1, "height": 1]]
                    pages[4].removeValue(forKey: field)
                    object["pages"] = pages
                }
            }
        }
        #expect(throws: DecodingError.self) {
            try decode { object in
                var pages = object["pages"] as! [[String: Any]]
                pages[4] = ["type": "colored"]
                object["pages"] = pages
            }
        }
    }

    @Test func aNewerVersionIsRefusedWithAClearError() {
        #expect(throws: PageFormatError.newerVersion(found: 2, supported: 1)) {
            try decode { $0["version"] = 2 }
        }
        #expect(PageFormatError.newerVersion(found: 2, supported: 1).description.contains("update"))
    }

    @Test func anotherFormatIsRefused() {
        #expect(throws: PageFormatError.notThisFormat("epub-pages")) {
            try decode { $0["format"] = "epub-pages" }
        }
    }

    @Test func coloredAndDecorativePagesRoundTrip() throws {
        let document = try decode { object in
            var pages = object["pages"] as! [[String: Any]]
            pages.insert(["type": "colored", "title": "Blue Page", "color": "#3366cc"], at: 5)
            pages.insert(["type": "decorative", "decoration": ["iconNames": ["star", "moon"], "iconSize": 32, "spacing": 12]], at: 6)
            object["pages"] = pages
        }
        #expect(document.pages[5] == Page(.colored(PageColor(red: 0x33, green: 0x66, blue: 0xcc)), title: "Blue Page"))
        #expect(document.pages[6].kind == .decorative(Decoration(iconNames: ["star", "moon"], iconSize: 32, spacing: 12)))
        let again = try PageDocument(jsonData: document.jsonData())
        #expect(again == document)
        #expect(String(decoding: try document.jsonData(), as: UTF8.self).contains(##""color":"#3366CC""##))
    }

    @Test func colorsAreHexWithAnOptionalAlpha() {
        #expect(PageColor(hex: "#FF000080") == PageColor(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(PageColor(red: 1, green: 2, blue: 3).hex == "#010203")
        #expect(PageColor(red: 1, green: 2, blue: 3, alpha: 4).hex == "#01020304")
        for bad in ["red", "#FFF", "#GGGGGG", "FF0000", "#FF00000"] { #expect(PageColor(hex: bad) == nil) }
    }

    @Test func aBadColorFailsDecodingRatherThanGuessing() {
        #expect(throws: DecodingError.self) {
            try decode { object in
                var pages = object["pages"] as! [[String: Any]]
                pages[5] = ["type": "colored", "color": "blue"]
                object["pages"] = pages
            }
        }
    }
}

/// A bookmark kept as (chapter source, offset) finds its page in any layout of the book.
struct BookmarkTests {
    func document(_ locations: [(chapter: Int, start: Int, end: Int)]) -> PageDocument {
        var document = try! PageDocument(jsonData: Data(PageFormatDecodingTests.minimal.utf8))
        document.chapters = [ChapterItem(title: nil, source: "a.xhtml", linear: true, page: 4, pageCount: 2),
                             ChapterItem(title: nil, source: "b.xhtml", linear: true, page: 6, pageCount: 1)]
        document.pages = [Page(.invisible), Page(.invisible), Page(.cover(image: nil)), Page(.blank)]
            + locations.map { Page(.content(ChapterPage(text: "x", folio: 1, chapter: $0.chapter, indexInChapter: 0,
                                                         location: PageLocation(start: $0.start, end: $0.end)))) }
            + [Page(.blank)]
        return document
    }

    @Test func theLastPageStartingAtOrBeforeTheOffset() {
        let document = document([(0, 0, 100), (0, 101, 180), (1, 0, 50)])
        #expect(document.pageIndex(source: "a.xhtml", offset: 0) == 4)
        #expect(document.pageIndex(source: "a.xhtml", offset: 100) == 4)
        #expect(document.pageIndex(source: "a.xhtml", offset: 150) == 5)
        #expect(document.pageIndex(source: "a.xhtml", offset: 9_999) == 5)
        #expect(document.pageIndex(source: "b.xhtml", offset: 10) == 6)
        #expect(document.pageIndex(source: "c.xhtml", offset: 10) == nil)
    }
}
