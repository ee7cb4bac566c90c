import Foundation
@testable import HTMLPreview
import PageFormat
import Testing

/// The HTML preview's markup: lines where the layout put them, runs in their faces, bidi pieces
/// in visual order, the book's text never read as markup, the screens of each target, and a
/// file that needs nothing from outside it.
struct HTMLPreviewTests {
    /// Decoded for each use, not held in a static: LeakSanitizer, at the process's exit, cannot
    /// follow the pointers of a page kind's payload (the enum keeps its case in their spare bits)
    /// and would report a held document's pictures as leaked.
    static var sample: PageDocument {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/the-lighthouse-keeper.pages.json")
        return try! PageDocument(jsonData: Data(contentsOf: url))
    }

    @Test func aJustifiedLineIsABoxAtItsPositionWithItsWidth() {
        let line = PageLine(text: "The boat that carried", x: 40, y: 155.43, width: 412, justified: true)
        let html = LineMarkup.html(line, layout: Self.sample.layout)
        #expect(html.contains("left:40px;top:155.43px;width:412px;height:23.8px;line-height:23.8px"))
        #expect(html.contains("data-w=\"412.0\"") && html.contains("data-j"))
        #expect(html.contains("<span class=\"f0\">The boat that carried</span>"))
    }

    @Test func eachRunIsDrawnInItsFaceAndSize() {
        let runs = [PageRun(start: 0, length: 4, face: 0, size: 17), PageRun(start: 4, length: 7, face: 1, size: 17),
                    PageRun(start: 11, length: 1, face: 0, size: 10.2, shift: .superscript)]
        let line = PageLine(text: "was Désirée1", x: 40, y: 0, width: 100, runs: runs)
        let html = LineMarkup.html(line, layout: Self.sample.layout)
        #expect(html.contains("<span class=\"f0\">was </span><span class=\"f1\">Désirée</span>"))
        #expect(html.contains("<span class=\"f0\" style=\"font-size:10.2px;position:relative;top:-4.08px;\">1</span>"))
    }

    @Test func linkedRunsAreLinksToTheirPageOrOutOfTheBook() {
        let runs = [PageRun(start: 0, length: 4, face: 0, size: 17), PageRun(start: 4, length: 4, face: 0, size: 17, link: "ch2.xhtml#n1"),
                    PageRun(start: 8, length: 4, face: 0, size: 17, link: "https://example.org/?a=1&b=2")]
        let line = PageLine(text: "see note web", x: 40, y: 0, width: 100, runs: runs)
        var document = Self.sample
        document.links = [PageLink(target: "ch2.xhtml#n1", page: 9, chapter: 1)]
        let html = LineMarkup.html(line, layout: Self.sample.layout, destination: { document.destination(of: $0) })
        #expect(html.contains("<span class=\"f0\">see </span><a href=\"#page=9\" data-page=\"9\"><span class=\"f0\">note</span></a>"))
        #expect(html.contains("<a href=\"https://example.org/?a=1&amp;b=2\" target=\"_blank\" rel=\"noopener\"><span class=\"f0\"> web</span></a>"))
    }

    @Test func aRunsLinesAndColoursAreDrawn() {
        let runs = [PageRun(start: 0, length: 2, face: 0, size: 17, underline: true, strikethrough: true,
                            color: PageColor(red: 0xcc, green: 0, blue: 0), background: PageColor(red: 255, green: 255, blue: 0))]
        let html = LineMarkup.html(PageLine(text: "ab", x: 0, y: 0, width: 20, runs: runs), layout: Self.sample.layout)
        #expect(html.contains("<span class=\"f0\" style=\"text-decoration-line:underline line-through;color:#CC0000;background:#FFFF00;\">ab</span>"))
    }

    @Test func bidiPiecesComeInVisualOrderEachInItsDirection() {
        // "שלום world עולם" from FORMAT.md: drawn from the left, the last word first.
        let line = PageLine(text: "שלום world עולם", x: 256.6, y: 40, width: 195.4, direction: .rightToLeft,
                            bidi: [.init(start: 10, length: 5, rightToLeft: true), .init(start: 5, length: 5, rightToLeft: false),
                                   .init(start: 0, length: 5, rightToLeft: true)])
        let html = LineMarkup.html(line, layout: Self.sample.layout)
        #expect(html.hasPrefix("<div class=\"l r\""))
        #expect(html.contains("<span class=\"t\"><span class=\"rtl\"><span class=\"f0\"> עולם</span></span>"
                              + "<span class=\"ltr\"><span class=\"f0\">world</span></span>"
                              + "<span class=\"rtl\"><span class=\"f0\">שלום </span></span></span>"))
    }

    @Test func runsAndPiecesCutTheTextIndependently() {
        // An italic run across the edge of two pieces is cut in two, one part in each.
        let runs = [PageRun(start: 0, length: 3, face: 0, size: 17), PageRun(start: 3, length: 4, face: 1, size: 17)]
        let line = PageLine(text: "abcdefg", x: 0, y: 0, width: 50, runs: runs,
                            bidi: [.init(start: 5, length: 2, rightToLeft: true), .init(start: 0, length: 5, rightToLeft: false)])
        let html = LineMarkup.html(line, layout: Self.sample.layout)
        #expect(html.contains("<span class=\"rtl\"><span class=\"f1\">fg</span></span>"
                              + "<span class=\"ltr\"><span class=\"f0\">abc</span><span class=\"f1\">de</span></span>"))
    }

    /// A table page: its boxes filled, in their order, before the pictures; its cells empty boxes
    /// named as their lines name them; then the lines.
    @Test func aTablesBoxesComeFirstAndItsCellsAndLinesNameEachOther() {
        let place = CellPlace(table: 1, row: 2, column: 0, repeated: true)
        let shown = ChapterPage(text: "Year", folio: 1, chapter: 0, indexInChapter: 0,
                                lines: [PageLine(text: "Year", x: 46, y: 46, width: 30, role: .table, cell: place)],
                                images: [PageImage(path: "a.png", x: 40, y: 300, width: 10, height: 10)],
                                boxes: [PageBox(kind: .background, x: 40, y: 40, width: 100, height: 35.8,
                                                color: PageColor(red: 0xE8, green: 0xE2, blue: 0xD6)),
                                        PageBox(kind: .rule, x: 39.5, y: 40, width: 1, height: 35.8,
                                                color: PageColor(red: 0, green: 0, blue: 0, alpha: 0x80))],
                                cells: [PageCell(table: 1, row: 2, column: 0, x: 40, y: 40, width: 100, height: 35.8, repeated: true)])
        let html = PageMarkup(layout: Self.sample.layout, imageURLs: [:]).html(Page(.content(shown)), index: 4)
        let background = html.range(of: "<div class=\"box\" data-kind=\"background\" style=\"left:40px;top:40px;width:100px;height:35.8px;background:#E8E2D6\"></div>")
        let rule = html.range(of: "<div class=\"box\" data-kind=\"rule\" style=\"left:39.5px;top:40px;width:1px;height:35.8px;background:#00000080\"></div>")
        let image = html.range(of: "class=\"img missing\"")
        let cell = html.range(of: "<div class=\"cell\" data-table=\"1\" data-row=\"2\" data-column=\"0\" data-repeated=\"\" style=\"left:40px;top:40px;width:100px;height:35.8px\"></div>")
        let line = html.range(of: "data-table=\"1\" data-row=\"2\" data-column=\"0\" data-repeated=\"\"><span class=\"t\">")
        let order = [background, rule, image, cell, line].compactMap { $0?.lowerBound }
        #expect(order.count == 5 && order == order.sorted())
    }

    @Test func theBooksTextIsNeverMarkup() {
        let line = PageLine(text: "<script>alert(\"x\")</script> & more", x: 0, y: 0, width: 10)
        let html = LineMarkup.html(line, layout: Self.sample.layout)
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more"))
    }

    @Test func notesAndTheirRuleAreDrawnAtTheNotesSize() {
        let note = PageLine(text: "1 A note.", x: 40, y: 600, width: 50, height: 19.04, role: .note)
        let rule = PageLine(text: "", x: 40, y: 580, width: 137, height: 19.04, role: .noteSeparator)
        #expect(LineMarkup.html(note, layout: Self.sample.layout).hasPrefix("<div class=\"l n\""))
        #expect(LineMarkup.html(rule, layout: Self.sample.layout) == "<div class=\"l rule\" style=\"left:40px;top:580px;width:137px;height:19.04px;line-height:19.04px\"></div>")
        #expect(HTMLPreview.pageStyle(Self.sample.layout).contains(".l.n .t { font-size: 13.6px; }"))
    }

    @Test func facesAreEmbeddedWithTheWeightAndSlantOfTheirRoles() {
        let font = Data("\u{0}\u{1}\u{0}\u{0}fake".utf8)
        var layout = Self.sample.layout
        layout.standIns = [FaceDescription(role: "standIn", family: "DejaVu Sans", file: "DejaVuSans.ttf",
                                           postScriptName: "DejaVuSans", iOSFontName: "DejaVuSans")]
        let assets = PreviewAssets(fonts: ["LiberationSerif-Italic": font, "LiberationSerif-BoldItalic": font,
                                           "DejaVuSans": Data("OTTOx".utf8)])
        let css = FontFaceRules.css(layout: layout, assets: assets)
        #expect(css.contains("@font-face{font-family:\"b2p-face-1\";src:url(data:font/ttf;base64,\(font.base64EncodedString()));font-weight:400;font-style:italic"))
        #expect(css.contains("@font-face{font-family:\"b2p-face-2\";src:local(\"LiberationSerif-Bold\");font-weight:700;font-style:normal"))
        #expect(css.contains(".f3{font-family:\"b2p-face-3\";font-weight:700;font-style:italic}"))
        #expect(css.contains("@font-face{font-family:\"b2p-standin-0\";src:url(data:font/otf;base64,"))
        #expect(css.contains(".s0{font-family:\"b2p-standin-0\";font-weight:400;font-style:normal}"))
    }

    @Test func aRunSetInAStandInIsDrawnInIt() {
        var layout = Self.sample.layout
        layout.standIns = [FaceDescription(role: "standIn", family: "Droid Sans Fallback", file: "DroidSansFallbackFull.ttf",
                                           postScriptName: "DroidSansFallback", iOSFontName: "DroidSansFallback")]
        let runs = [PageRun(start: 0, length: 4, face: 0, size: 17), PageRun(start: 4, length: 2, face: 0, size: 17, standIn: "DroidSansFallback")]
        let html = LineMarkup.html(PageLine(text: "Tea 草枕", x: 40, y: 0, width: 80, runs: runs), layout: layout)
        #expect(html.contains("<span class=\"f0\">Tea </span><span class=\"s0\">草枕</span>"))
    }

    @Test func theFileNeedsNothingFromOutside() {
        let html = HTMLPreview.html(for: Self.sample, assets: PreviewAssets(fonts: ["LiberationSerif": Data([0, 1, 0, 0])], images: [
            "OEBPS/images/cover.png": Data([0x89, 0x50, 0x4E, 0x47]),
        ]))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for outside in ["http:", "https:", "src=\"/", "src=\"OEBPS", "url(/", "@import"] {
            #expect(!html.contains(outside), "\(outside)")
        }
        #expect(html.contains("<img class=\"cover-image\" src=\"data:image/png;base64,iVBORw==\""))
        #expect(html.components(separatedBy: "<section class=\"page ").count - 1 == Self.sample.pages.count)
    }

    @Test func eachTargetIsShownAsItsSystemGroupsThePages() {
        var document = Self.sample
        let spreads = ScreenPlan(document)
        #expect(spreads.mode == "spread" && spreads.screens.first == [1, 2] && !spreads.rtl)
        guard case .spreads(let written) = document.target?.grouping else {
            Issue.record("the sample has no spreads")
            return
        }
        #expect(spreads.screens.count == written.count)

        document.target = TargetDescription(name: .swiftUIBook, grouping: .leaves([.init(front: 2, back: 3), .init(front: 4, back: 5)]))
        #expect(ScreenPlan(document).mode == "single" && ScreenPlan(document).screens == [[2], [3], [4], [5]])
        document.target = TargetDescription(name: .pageCurl, doubleSided: false, grouping: .screens([2, 4, 5]))
        #expect(ScreenPlan(document).screens == [[2], [4], [5]])
        document.target = TargetDescription(name: .reader, grouping: .chapters([.init(chapter: 0, pages: [4, 5]), .init(chapter: 1, pages: [6])]))
        #expect(ScreenPlan(document).screens == [[2], [4], [5], [6]])

        // A right-to-left book without a target: BookLayout's pairs, mirrored.
        document.target = nil
        document.metadata.direction = .rightToLeft
        let mirrored = ScreenPlan(document)
        #expect(mirrored.rtl && mirrored.screens.first == [2, 1] && mirrored.screens.last == [nil, 29])
    }

    @Test func thePlanCannotEndItsScriptElement() {
        var document = Self.sample
        document.toc = [TOCItem(title: "</script><script>alert(1)</script>", level: 1, page: 4, folio: 1)]
        #expect(!HTMLPreview.planJSON(ScreenPlan(document)).contains("</script>"))
    }
}
