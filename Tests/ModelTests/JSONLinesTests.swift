import Foundation
import PageFormat
import Testing
import PageJSON

/// `--format ndjson`: a header, a line a page, an end line; reads back as the same document.
struct JSONLinesTests {
    func document() throws -> PageDocument {
        var document = try PageDocument(jsonData: Data(PageFormatDecodingTests.minimal.utf8))
        document.target = TargetDescription(name: .reader, grouping: .chapters([.init(chapter: 0, pages: [4])]))
        return document
    }

    @Test func oneLineEachForHeaderPagesAndEnd() throws {
        let document = try document()
        let lines = try document.jsonLines().split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == document.pages.count + 2)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0)) as! [String: Any] }
        #expect(objects.map { $0["line"] as? String } == ["header"] + Array(repeating: "page", count: document.pages.count) + ["end"])
        #expect(objects[5]["index"] as? Int == 4 && objects[5]["text"] as? String == "a\nb")
        // The grouping needs every page, so the header names the target and the end line groups.
        #expect((objects[0]["target"] as? [String: Any])?.keys.sorted() == ["name"])
        #expect((objects.last?["target"] as? [String: Any])?["chapters"] != nil)
    }

    @Test func readsBackAsTheSameDocument() throws {
        let document = try document()
        #expect(try PageDocument(jsonLines: document.jsonLines()) == document)
    }

    /// Stand-in faces are known only when every page is: they come in the end line, and read
    /// back into `layout`.
    @Test func standInFacesComeInTheEndLine() throws {
        var document = try document()
        document.layout.standIns = [FaceDescription(role: "standIn", family: "DejaVu Sans", file: "DejaVuSans.ttf",
                                                    postScriptName: "DejaVuSans", iOSFontName: "DejaVuSans")]
        let lines = try document.jsonLines().split(separator: UInt8(ascii: "\n"))
        let header = try JSONSerialization.jsonObject(with: Data(lines[0])) as! [String: Any]
        let end = try JSONSerialization.jsonObject(with: Data(lines[lines.count - 1])) as! [String: Any]
        #expect((header["layout"] as? [String: Any])?["standIns"] == nil)
        #expect((end["standIns"] as? [[String: Any]])?.first?["postScriptName"] as? String == "DejaVuSans")
        #expect(try PageDocument(jsonLines: document.jsonLines()) == document)
    }

    @Test func aNewerVersionIsRefused() throws {
        var text = String(decoding: try document().jsonLines(), as: UTF8.self)
        text = text.replacingOccurrences(of: #""version":1"#, with: #""version":7"#)
        #expect(throws: PageFormatError.newerVersion(found: 7, supported: 1)) { try PageDocument(jsonLines: Data(text.utf8)) }
    }
}
