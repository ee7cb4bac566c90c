import Foundation
import PageFormat
import Testing
import PageJSON

/// What an app meets when it decodes the JSON with the `PageFormat` module alone.
struct PageFormatDecodingTests {
    static let minimal = #"""
    {"format":"book2pages","version":1,
     "metadata":{"title":"T","authors":["A"],"creators":[{"name":"A","role":"aut"},{"name":"I"}],"direction":"ltr"},
     "layout":{"pageSize":{"width":492,"height":718},"margins":{"top":40,"right":40,"bottom":40,"left":40},
               "contentBox":{"x":40,"y":40,"width":412,"height":638},
               "font":{"requested":"Liberation Serif","family":"Liberation Serif","file":"LiberationSerif-Regular.ttf",
                       "postScriptName":"LiberationSerif","iOSFontName":"TimesNewRomanPSMT","size":17,"lineHeight":23.8}},
     "chapters":[{"title":"One","source":"a.xhtml","linear":true,"page":4,"pageCount":1}],
     "toc":[{"title":"One","level":1,"page":4,"folio":1}],
     "pages":[{"type":"invisible"},{"type":"invisible"},{"type":"cover","title":"T","subtitle":"A"},{"type":"blank"},
              {"type":"content","text":"a\nb","folio":1,"chapter":0,"indexInChapter":0},{"type":"blank"}]}
    """#

    @Test func decodesWhatTheToolWrites() throws {
        let document = try PageDocument(jsonData: Data(Self.minimal.utf8))
        #expect(document.format == "book2pages" && document.version == 1)
        #expect(document.pages.map(\.kind.type) == ["invisible", "invisible", "cover", "blank", "content", "blank"])
        #expect(document.pages[4].shown?.text == "a\nb" && document.pages[4].shown?.folio == 1)
        #expect(document.layout.bounds == nil)
        #expect(document.metadata.language == nil)
        #expect(document.toc == [TOCItem(title: "One", level: 1, page: 4, folio: 1)])
        #expect(document.metadata.creators == [Creator(name: "A", role: "aut"), Creator(name: "I", role: nil)])
        #expect(document.chapters == [ChapterItem(title: "One", source: "a.xhtml", linear: true, page: 4, pageCount: 1)])
    }

    @Test func unknownPageTypesAndFieldsDoNotFailDecoding() throws {
        let newer = Self.minimal
            .replacingOccurrences(of: #"{"type":"blank"}]}"#, with: #"{"type":"hologram","sparkle":3}]}"#)
            .replacingOccurrences(of: #""version":1,"#, with: #""version":1,"future":{"x":1},"#)
        let document = try PageDocument(jsonData: Data(newer.utf8))
        #expect(document.pages.last?.kind == .unknown(type: "hologram"))
    }

    @Test func encodingRoundTrips() throws {
        let document = try PageDocument(jsonData: Data(Self.minimal.utf8))
        #expect(try PageDocument(jsonData: document.jsonData()) == document)
        #expect(try document.jsonData() == PageDocument(jsonData: document.jsonData()).jsonData())
    }

    @Test func aDocumentMissingPagesIsRejected() {
        let broken = Self.minimal.replacingOccurrences(of: #""pages":"#, with: #""leaves":"#)
        #expect(throws: DecodingError.self) { try PageDocument(jsonData: Data(broken.utf8)) }
    }
}
