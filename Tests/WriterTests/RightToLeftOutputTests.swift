import BookModel
import Foundation
import Layout
import PageFormat
@testable import PageWriter
import Testing
import Targets
import PageJSON

/// What a right-to-left book looks like in the output: its pages in reading order, its spreads
/// mirrored, and its lines marked with their direction and their pieces in visual order.
struct RightToLeftOutputTests {
    static func document(direction: TextDirection, target: any PageTarget.Type = BookLayoutTarget.self,
                         doubleSided: Bool = false) -> PageDocument {
        let lines = [
            PageLine(text: "שלום world עולם", x: 145, y: 30, width: 135, direction: .rightToLeft,
                     bidi: [PageLine.BidiPiece(start: 10, length: 5, rightToLeft: true),
                            PageLine.BidiPiece(start: 5, length: 5, rightToLeft: false),
                            PageLine.BidiPiece(start: 0, length: 5, rightToLeft: true)]),
            PageLine(text: "", x: 25, y: 53.8, width: 0),
            PageLine(text: "plain", x: 25, y: 77.6, width: 30),
        ]
        let pages = (0..<3).map { TestPages.content(chapter: 0, index: $0, lines: $0 == 0 ? lines : [lines[2]]) }
        let paged = PagedBook(pages: pages, tocPageIndices: [])
        let book = Book(metadata: Metadata(title: "T", direction: direction), chapters: [Chapter(source: "c.xhtml", blocks: [])])
        return PageListBuilder.document(for: book, paged: paged, layout: TestPages.layout,
                                        target: try! target.init(TargetRequest(doubleSided: doubleSided)))
    }

    @Test func spreadsOfARightToLeftBookPutTheFirstPageOfEachPairOnTheRight() throws {
        guard case .spreads(let ltr) = Self.document(direction: .leftToRight).target?.grouping,
              case .spreads(let rtl) = Self.document(direction: .rightToLeft).target?.grouping else {
            Issue.record("no spreads")
            return
        }
        #expect(ltr == [.init(left: 1, right: 2), .init(left: 3, right: 4), .init(left: 5, right: 6), .init(left: 7, right: nil)])
        #expect(rtl == [.init(left: 2, right: 1), .init(left: 4, right: 3), .init(left: 6, right: 5), .init(left: nil, right: 7)])
        let curl = Self.document(direction: .rightToLeft, target: PageCurlTarget.self, doubleSided: true)
        #expect(curl.target?.grouping == .spreads(rtl))
    }

    @Test func pagesStayInReadingOrder() {
        let ltr = Self.document(direction: .leftToRight)
        let rtl = Self.document(direction: .rightToLeft)
        #expect(rtl.pages.map(\.kind.type) == ltr.pages.map(\.kind.type))
        #expect(rtl.pages.map(\.shown?.folio) == ltr.pages.map(\.shown?.folio))
        #expect(rtl.metadata.direction == .rightToLeft && rtl.pages[2].kind.type == "cover")
    }

    @Test func sequencesWithoutSidesAreTheSameEitherWay() {
        for target: any PageTarget.Type in [SwiftUIBookTarget.self, PageCurlTarget.self, ReaderTarget.self] {
            #expect(Self.document(direction: .rightToLeft, target: target).target
                    == Self.document(direction: .leftToRight, target: target).target)
        }
    }

    @Test func linesCarryTheirDirectionAndPieces() throws {
        let data = try Self.document(direction: .rightToLeft).jsonData()
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#"{"bidi":[{"length":5,"rtl":true,"start":10},{"length":5,"start":5},{"length":5,"rtl":true,"start":0}],"direction":"rtl","text":"שלום world עולם""#))
        // Left-to-right lines and empty lines carry neither.
        #expect(json.contains(#"{"text":"plain","width":30,"x":25,"y":77.6}"#))
        let decoded = try PageDocument(jsonData: data)
        let line = try #require(decoded.pages[4].shown?.lines.first)
        #expect(line.isRightToLeft)
        #expect(line.visualPieces.map(\.text) == [" עולם", "world", "שלום "])
        #expect(line.visualPieces.map(\.rightToLeft) == [true, false, true])
        #expect(decoded.pages[4].shown?.lines.last?.visualPieces.map(\.text) == ["plain"])
    }
}
