import BookModel
@testable import Layout
import PageFormat
import Testing

/// A finished page as every writer reads it: lines and images moved from the content box to the
/// page's corner, at the output's precision; flags, heights and runs only when they say
/// something; the page's text, its place in its chapter, and where in the chapter's text it lies.
struct PageAssemblerTests {
    static let geometry = PageGeometry(pageSize: Dimensions(width: 300, height: 400),
                                       margins: Margins(top: 30, right: 20, bottom: 30, left: 25))
    static let assembler = PageAssembler(geometry: geometry, bodySize: 17, lineHeight: 23.8)

    static func pages(_ contents: [PageContent]) -> [Page] {
        assembler.pages(contents, chapterIndex: 2, sourceIndex: ChapterSourceIndex(paragraphs: []), spineCFI: nil)
    }

    @Test func linesAreInPageCoordinatesRoundedToHundredths() throws {
        let lines = [
            SetLine(text: "A justified line that ends in a hyph-", x: 0, y: 0, width: 255, height: 23.8,
                    hyphenated: true, justified: true, source: 0..<36),
            SetLine(text: "enated word.", x: 0, y: 23.8, width: 80.123456, height: 23.8, source: 36..<48),
            SetLine(text: "", x: 0, y: 47.6, width: 0, height: 23.8),
        ]
        let page = try #require(Self.pages([PageContent(lines: lines)]).first)
        let written = try #require(page.shown?.lines)
        #expect(written.map(\.x) == [25, 25, 25])
        #expect(written.map(\.y) == [30, 53.8, 77.6])
        #expect(written.map(\.width) == [255, 80.12, 0])
        #expect(written.map(\.hyphenated) == [true, false, false] && written.map(\.justified) == [true, false, false])
        // The body line height goes unsaid.
        #expect(written.allSatisfy { $0.height == nil })
        #expect(page.shown?.text == "A justified line that ends in a hyph-\nenated word.\n")
        #expect(page.content?.folio == 0 && page.shown?.chapter == 2 && page.shown?.indexInChapter == 0)
        #expect(page.shown?.location == PageLocation(start: 0, end: 48))
    }

    @Test func aHeightOtherThanTheBodysIsWrittenRounded() throws {
        let line = SetLine(text: "Heading", x: 0, y: 0, width: 50, height: 33.333333)
        #expect(Self.pages([PageContent(lines: [line])]).first?.shown?.lines.first?.height == 33.33)
    }

    @Test func runsAreWrittenOnlyWhenALineIsNotAllRegularAtTheBodySize() throws {
        let plain = SetLine(text: "plain", x: 0, y: 0, width: 30, height: 23.8,
                            runs: [LineRun(start: 0, length: 5, face: FaceRole.regular.rawValue, size: 17)])
        let styled = SetLine(text: "x2 code", x: 0, y: 23.8, width: 40, height: 23.8,
                             runs: [LineRun(start: 0, length: 1, face: FaceRole.italic.rawValue, size: 17),
                                    LineRun(start: 1, length: 1, face: FaceRole.bold.rawValue, size: 11.333333, shift: .superscript),
                                    LineRun(start: 2, length: 5, face: FaceRole.monospace.rawValue, size: 15.3)])
        // Regular at the body size, but spaced, or set with a feature: its runs say so.
        let spaced = SetLine(text: "wide 1871", x: 0, y: 47.6, width: 60, height: 23.8,
                             runs: [LineRun(start: 0, length: 5, face: FaceRole.regular.rawValue, size: 17,
                                            shaping: RunShaping(letterSpacing: 1.7, wordSpacing: 0.333, features: [], size: 17)),
                                    LineRun(start: 5, length: 4, face: FaceRole.regular.rawValue, size: 17,
                                            shaping: RunShaping(letterSpacing: 0, wordSpacing: 0,
                                                                features: [.oldstyleNumerals, .smallCaps], size: 17))])
        let lines = try #require(Self.pages([PageContent(lines: [plain, styled, spaced])]).first?.shown?.lines)
        #expect(lines[0].runs == nil)
        #expect(lines[1].runs == [PageRun(start: 0, length: 1, face: 1, size: 17),
                                  PageRun(start: 1, length: 1, face: 2, size: 11.33, shift: .superscript),
                                  PageRun(start: 2, length: 5, face: 4, size: 15.3)])
        #expect(lines[2].runs == [PageRun(start: 0, length: 5, face: 0, size: 17, letterSpacing: 1.7, wordSpacing: 0.33),
                                  PageRun(start: 5, length: 4, face: 0, size: 17, features: [.smallCaps, .oldstyleNumerals])])
    }

    @Test func directionPiecesAndRolesAreCarried() throws {
        let pieces = [PageLine.BidiPiece(start: 5, length: 5, rightToLeft: true), PageLine.BidiPiece(start: 0, length: 5, rightToLeft: false)]
        let lines = [
            SetLine(text: "hello שלום", x: 120, y: 0, width: 135, height: 23.8, direction: .rightToLeft, bidi: pieces),
            SetLine(text: "", x: 0, y: 23.8, width: 86.67, height: 19.04, role: .noteSeparator),
            SetLine(text: "A note.", x: 0, y: 42.84, width: 40, height: 19.04, role: .note),
        ]
        let written = try #require(Self.pages([PageContent(lines: lines)]).first?.shown?.lines)
        #expect(written[0].isRightToLeft && written[0].bidi == pieces && written[0].x == 145)
        #expect(written[1].role == .noteSeparator && written[2].role == .note && written[0].role == .body)
        #expect(!written[1].isRightToLeft && written[1].bidi.isEmpty)
    }

    @Test func imagesAreInPageCoordinatesAndAPageOfImagesAloneIsAnImagePage() throws {
        let text = PageContent(lines: [SetLine(text: "Text.", x: 0, y: 0, width: 30, height: 20, source: 0..<5)],
                               images: [PageImage(path: "OEBPS/a.png", alt: "", x: 12.5, y: 40, width: 230.004, height: 100)])
        let plate = PageContent(lines: [SetLine(text: "", x: 0, y: 0, width: 255, height: 340)],
                                images: [PageImage(path: "OEBPS/b.jpg", alt: "A plate", x: 0, y: 0, width: 255, height: 340)])
        let pages = Self.pages([text, plate])
        #expect(pages[0].content != nil && pages[0].shown?.text == "Text.")
        #expect(pages[0].shown?.images == [PageImage(path: "OEBPS/a.png", x: 37.5, y: 70, width: 230, height: 100)])
        #expect(pages[1].kind.type == "image" && pages[1].shown?.text == "" && pages[1].shown?.lines == [] && pages[1].shown?.location == nil)
        #expect(pages[1].shown?.images == [PageImage(path: "OEBPS/b.jpg", alt: "A plate", x: 25, y: 30, width: 255, height: 340)])
        #expect(pages.map(\.shown?.indexInChapter) == [0, 1] && pages.map(\.shown?.chapter) == [2, 2])
    }

    /// What a table layout will hand over: its boxes, cells and cell lines in the content box at
    /// full precision; the page has them at its own corner, rounded as lines are.
    @Test func tableBoxesCellsAndCellLinesAreInPageCoordinatesRounded() throws {
        let place = CellPlace(table: 1, row: 0, column: 2, repeated: true)
        let rule = PageColor(red: 0, green: 0, blue: 0)
        let content = PageContent(
            lines: [SetLine(text: "Year", x: 176.666666, y: 4.123456, width: 30.004, height: 23.8, role: .table, cell: place)],
            boxes: [PageBox(kind: .background, x: 0, y: 0, width: 255.001, height: 31.8, color: rule),
                    PageBox(kind: .rule, x: 170.666666, y: -0.5, width: 1, height: 32.333333, color: rule)],
            cells: [PageCell(table: 1, row: 0, column: 2, columnSpan: 2, x: 170.666666, y: 0, width: 84.333333, height: 31.8,
                             header: true, repeated: true)])
        let shown = try #require(Self.pages([content]).first?.content)
        #expect(shown.boxes == [PageBox(kind: .background, x: 25, y: 30, width: 255, height: 31.8, color: rule),
                                PageBox(kind: .rule, x: 195.67, y: 29.5, width: 1, height: 32.33, color: rule)])
        #expect(shown.cells == [PageCell(table: 1, row: 0, column: 2, columnSpan: 2, x: 195.67, y: 30, width: 84.33, height: 31.8,
                                         header: true, repeated: true)])
        let line = try #require(shown.lines.first)
        #expect(line.x == 201.67 && line.y == 34.12 && line.width == 30)
        #expect(line.role == .table && line.cell == place)
        #expect(shown.lines(in: shown.cells[0]) == [line])
    }

    @Test func theLayoutDescribesItselfRounded() throws {
        let options = LayoutOptions(geometry: PageGeometry(pageSize: Dimensions(width: 492.004, height: 718),
                                                           margins: Margins(top: 40, right: 40, bottom: 40, left: 40)),
                                    fontSize: 17, lineHeight: 1.4)
        let layouter = try Layouter(options: options)
        let description = layouter.description
        #expect(description.pageSize == Dimensions(width: 492, height: 718))
        #expect(description.contentBox == Box(x: 40, y: 40, width: 412, height: 638))
        #expect(description.font.lineHeight == 23.8 && description.font.size == 17)
        #expect(description.notes == NoteFontDescription(size: 13.6, lineHeight: 19.04))
        #expect(description.bounds == nil && description.standIns == nil)
        #expect(description.faces?.map(\.role) == ["regular", "italic", "bold", "boldItalic", "monospace"])
        #expect(layouter.faceFiles[description.font.postScriptName]?.hasSuffix(description.font.file) == true)
    }
}
