import BookModel
import Foundation
import Testing
import XHTMLReader

/// `dir` on elements (and CSS `direction`) gives blocks the direction the layout sets them in;
/// blocks without one are left to their language and the book.
struct DirectionTests {
    private func directions(_ blocks: [Block]) -> [ParagraphDirection?] {
        blocks.flatMap { block -> [ParagraphDirection?] in
            if case .quote(let inner) = block.kind { return [block.direction] + directions(inner) }
            if case .division(let inner) = block.kind { return [block.direction] + directions(inner) }
            return [block.direction]
        }
    }

    @Test func blocksTakeTheNearestDir() {
        let content = readBody("""
            <p>plain</p><p dir="rtl">שלום</p>\
            <div dir="RTL"><p>עוד</p><blockquote><p dir="ltr">English</p></blockquote><h2>כותרת</h2></div>\
            <p dir="auto">auto</p><p dir="sideways">unknown</p>
            """)
        #expect(directions(content.blocks) == [nil, .rightToLeft, .rightToLeft, .rightToLeft, .leftToRight, .rightToLeft,
                                               .auto, nil])
    }

    @Test func theRootsDirCountsForEveryBlock() {
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml" dir="rtl" lang="ar"><head><title>t</title></head>\
            <body><p>نص</p><ul><li>بند</li></ul><hr/></body></html>
            """)
        #expect(content.direction == .rightToLeft)
        #expect(content.blocks.map(\.direction) == [.rightToLeft, .rightToLeft, .rightToLeft])
    }

    @Test func cssDirectionWinsOverTheAttribute() {
        let content = readBody("""
            <style>.he { direction: rtl } .en { direction: ltr }</style>\
            <p class="he">שלום</p><p class="en" dir="rtl">hello</p><div class="he"><p dir="ltr">inner</p></div>
            """)
        #expect(content.blocks.map(\.direction) == [.rightToLeft, .leftToRight, .leftToRight])
    }

    @Test func anInlineDirDoesNotChangeItsParagraph() {
        let content = readBody(#"<p>The word <bdo dir="rtl">שלום</bdo> and <span dir="rtl">עולם</span>.</p>"#)
        #expect(content.blocks.map(\.direction) == [nil])
    }

    @Test func aLoneDocumentsDirIsItsPageProgression() throws {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent("rtl.xhtml").path
        try Array(EPUBFixture.page("<p>שלום</p>").replacingOccurrences(of: "<body>", with: #"<body dir="rtl">"#).utf8)
            .withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
        #expect(try XHTMLReader.readBook(contentsOf: path).book.metadata.direction == .rightToLeft)
    }
}
