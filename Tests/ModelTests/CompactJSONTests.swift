import Foundation
import PageFormat
import Testing

/// Compact JSON is written by the package's own encoder for speed: it must give exactly the
/// bytes Foundation's `JSONEncoder` gives, for every field a page can have and every character
/// and number a string or a position can hold.
struct CompactJSONTests {
    static let awkward = "a\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\"\\/ \u{7F} é 漢 😀 \u{2028} </script>"

    func foundationJSON(_ document: PageDocument) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document) + Data("\n".utf8)
    }

    func documentWithEveryField() throws -> PageDocument {
        var document = try PageDocument(jsonData: Data(PageFormatDecodingTests.minimal.utf8))
        document.metadata.title = Self.awkward
        let numbers: [Double] = [0, -0.0, 0.1, 1e-7, 123456.789, 1e21, 40, 157.81, -3.5, 2.0 / 3.0]
        let lines = numbers.enumerated().map { n, value in
            PageLine(text: Self.awkward, x: value, y: -value, width: value * 7, hyphenated: n % 2 == 0,
                     justified: n % 3 == 0, height: n % 2 == 1 ? value : nil,
                     runs: [PageRun(start: 0, length: n, face: 2, size: value, shift: n % 2 == 0 ? "superscript" : nil)],
                     rightToLeft: n % 4 == 0, bidi: n % 2 == 0 ? [.init(start: 0, length: 3, rightToLeft: true),
                                                                 .init(start: 3, length: Int.max, rightToLeft: false)] : [],
                     role: n % 5 == 0 ? .noteSeparator : nil)
        }
        document.pages += [
            Page(type: .content, title: Self.awkward, subtitle: "", text: Self.awkward, folio: Int.max, chapter: -1,
                 indexInChapter: 0, image: "OEBPS/images/a b.png", lines: lines,
                 location: PageLocation(start: 1, end: 2, startCFI: "epubcfi(/6/4!/4/2,/1:0,/1:3)", endCFI: nil),
                 images: [PageImage(path: "x/y.png", alt: Self.awkward, x: 1.25, y: 0, width: 1e5, height: 0.01),
                          PageImage(path: "z.png", x: 0, y: 0, width: 1, height: 1)]),
            Page(type: .colored, title: "t", color: PageColor(red: 1, green: 2, blue: 3, alpha: 4)),
            Page(type: .decorative, decoration: Decoration(iconNames: ["star", Self.awkward], iconSize: 12.5, spacing: 0)),
            Page(type: PageType(rawValue: "something-new")),
        ]
        return document
    }

    @Test func pagesWithEveryFieldGiveJSONEncodersBytes() throws {
        let document = try documentWithEveryField()
        #expect(try document.jsonData() == foundationJSON(document))
    }

    @Test func theMinimalDocumentGivesJSONEncodersBytes() throws {
        let document = try PageDocument(jsonData: Data(PageFormatDecodingTests.minimal.utf8))
        #expect(try document.jsonData() == foundationJSON(document))
    }

    @Test func itReadsBack() throws {
        let document = try documentWithEveryField()
        #expect(try PageDocument(jsonData: document.jsonData()) == document)
        #expect(try PageDocument(jsonLines: document.jsonLines()) == document)
    }
}
