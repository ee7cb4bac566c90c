import Foundation
import PageFormat
import PageJSON
import Testing

/// A designed page's `design`, the book's `metadata.rendition` and the target's `blankPages`, as
/// an app decodes them: what docs/FORMAT.md ("Designed pages") shows, and back to the same bytes.
struct DesignedPageFormatTests {
    static let json = #"""
    {"format":"book2pages","version":1,
     "metadata":{"title":"T","authors":[],"creators":[],"direction":"ltr",
                 "rendition":{"layout":"pre-paginated","orientation":"portrait","spread":"both"}},
     "layout":{"pageSize":{"width":492,"height":718},"margins":{"top":40,"right":40,"bottom":40,"left":40},
               "contentBox":{"x":40,"y":40,"width":412,"height":638},
               "font":{"requested":"Liberation Serif","family":"Liberation Serif","file":"LiberationSerif-Regular.ttf",
                       "postScriptName":"LiberationSerif","iOSFontName":"TimesNewRomanPSMT","size":17,"lineHeight":23.8}},
     "target":{"name":"booklayout","spreads":[{"left":1,"right":2},{"left":3,"right":4},{"left":5,"right":6},{"left":7}],
               "blankPages":[5]},
     "pages":[{"type":"invisible"},{"type":"invisible"},{"type":"cover","title":"T"},{"type":"blank"},
              {"type":"content","text":"One","folio":1,"chapter":0,"indexInChapter":0,
               "lines":[{"text":"One","x":185.17,"y":113.42,"width":30,"height":23.62}],
               "design":{"spineItem":"OEBPS/p1.xhtml","viewport":{"width":1200,"height":1600},"scale":0.41,"x":0,"y":31,
                         "side":"right"}},
              {"type":"blank"},
              {"type":"image","images":[],"folio":2,"chapter":1,"indexInChapter":0,
               "design":{"spineItem":"OEBPS/p2.xhtml","viewport":{"width":1200,"height":1600},"scale":0.41,"x":0,"y":31,
                         "side":"across"}},
              {"type":"blank"}]}
    """#

    @Test func designedPagesDecodeAndRoundTrip() throws {
        let document = try PageDocument(jsonData: Data(Self.json.utf8))
        #expect(document.metadata.rendition == BookRendition(layout: .prePaginated, orientation: .portrait, spread: .both))
        #expect(document.target?.blankPages == [5])
        let design = try #require(document.pages[4].shown?.design)
        #expect(design == DesignedPage(spineItem: "OEBPS/p1.xhtml", viewport: Dimensions(width: 1200, height: 1600),
                                       scale: 0.41, x: 0, y: 31, side: .right))
        // A side this version does not know is kept, to be taken as no side.
        #expect(document.pages[6].shown?.design?.side == .other("across"))
        #expect(document.pages[6].shown?.images == [])
        #expect(try PageDocument(jsonData: document.jsonData()) == document)
        #expect(try PageDocument(jsonLines: document.jsonLines()) == document)
    }

    @Test func flowedPagesAndBooksSayNothingOfDesign() throws {
        let document = try PageDocument(jsonData: Data(PageFormatDecodingTests.minimal.utf8))
        #expect(document.metadata.rendition == nil && document.target?.blankPages == nil)
        #expect(document.pages.allSatisfy { $0.shown?.design == nil })
        let json = String(decoding: try document.jsonData(), as: UTF8.self)
        #expect(!json.contains("design") && !json.contains("rendition") && !json.contains("blankPages"))
    }
}
