import Foundation
import PageFormat
import Testing

/// Footnote lines in the format: a `role` on the lines that are not the page's text, the notes'
/// size in `layout.notes`, both optional so older documents still read.
struct NoteLinesFormatTests {
    static let page = #"""
    {"type":"content","text":"Body\n\n1 Note","folio":1,"chapter":0,"indexInChapter":0,"lines":[
      {"text":"Body","x":40,"y":40,"width":30},
      {"text":"","x":40,"y":640,"width":137,"role":"noteSeparator"},
      {"text":"1 Note","x":40,"y":659,"width":40,"role":"note"}]}
    """#

    func document(page: String, notes: String? = #"{"size":13.6,"lineHeight":19.04}"#) throws -> PageDocument {
        var object = try JSONSerialization.jsonObject(with: Data(PageFormatDecodingTests.minimal.utf8)) as! [String: Any]
        var pages = object["pages"] as! [[String: Any]]
        pages[4] = try JSONSerialization.jsonObject(with: Data(page.utf8)) as! [String: Any]
        object["pages"] = pages
        if let notes {
            var layout = object["layout"] as! [String: Any]
            layout["notes"] = try JSONSerialization.jsonObject(with: Data(notes.utf8))
            object["layout"] = layout
        }
        return try PageDocument(jsonData: JSONSerialization.data(withJSONObject: object))
    }

    @Test func rolesAndTheNotesSizeDecode() throws {
        let decoded = try document(page: Self.page)
        #expect(decoded.pages[4].shown?.lines.map(\.role) == [.body, .noteSeparator, .note])
        #expect(decoded.layout.notes == NoteFontDescription(size: 13.6, lineHeight: 19.04))
    }

    @Test func aRoleThisVersionDoesNotKnowStillDecodes() throws {
        let page = Self.page.replacingOccurrences(of: #""role":"note""#, with: #""role":"marginNote""#)
        let decoded = try document(page: page)
        #expect(decoded.pages[4].shown?.lines.last?.role == .other("marginNote"))
    }

    @Test func documentsWithoutNotesStillRead() throws {
        let decoded = try document(page: #"{"type":"content","text":"a","folio":1,"chapter":0,"indexInChapter":0,"lines":[{"text":"a","x":0,"y":0,"width":5}]}"#,
                                   notes: nil)
        #expect(decoded.layout.notes == nil)
        #expect(decoded.pages[4].shown?.lines.first?.role == .body)
    }

    @Test func bodyLinesWriteNoRole() throws {
        let line = PageLine(text: "a", x: 0, y: 0, width: 5)
        let json = String(decoding: try JSONEncoder().encode(line), as: UTF8.self)
        #expect(!json.contains("role"))
        let note = String(decoding: try JSONEncoder().encode(PageLine(text: "n", x: 0, y: 0, width: 5, role: .note)), as: UTF8.self)
        #expect(note.contains(#""role":"note""#))
    }
}
