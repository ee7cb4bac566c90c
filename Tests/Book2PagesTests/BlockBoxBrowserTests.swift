import Book2PagesKit
import Foundation
import HTMLPreview
import PageFormat
import Testing

/// Boxes around blocks as headless Chromium draws the preview of `Samples/boxes.xhtml`: every
/// box where the page says, no line's text drawn across a rule, and none level with a
/// background reaching past its sides; and the check reports lines moved out of their box.
@Suite(.serialized) struct BlockBoxBrowserTests {
    static func sample() throws -> (document: PageDocument, fonts: [String: Data]) {
        let conversion = try Converter.convert(path: TestPaths.repositoryFile("Samples/boxes.xhtml"), options: ConversionOptions())
        return (conversion.document, conversion.fontFiles.compactMapValues { try? Data(contentsOf: URL(fileURLWithPath: $0)) })
    }

    static func html(_ document: PageDocument, fonts: [String: Data]) -> Data {
        Data(HTMLPreview.html(for: document, assets: PreviewAssets(fonts: fonts)).utf8)
    }

    @Test(.needsChromium) func theBoxesEncloseTheirLinesAsTheBrowserDrawsThem() throws {
        let browser = try #require(BrowserPreviewTests.browser)
        let (document, fonts) = try Self.sample()
        let file = BrowserPreviewTests.output.appendingPathComponent("boxes.html")
        try Self.html(document, fonts: fonts).write(to: file)
        let check = try BrowserCheck.run(preview: file, browser: browser)
        for font in check.fonts { #expect(font.status == "loaded", "\(font.family)") }
        #expect(check.overflowCount == 0)
        #expect(check.linesAcrossBoxesCount == 0, "\(check.linesAcrossBoxes)")
        // Every box drawn where the page says it is (Chromium places boxes in 64ths of a pixel).
        let boxes = document.pages.enumerated().flatMap { index, page in (page.shown?.boxes ?? []).map { (index, $0) } }
        #expect(boxes.count > 20 && check.boxes.count == boxes.count)
        for (drawn, (page, box)) in zip(check.boxes, boxes) {
            #expect(drawn.page == page && drawn.kind == box.kind.rawValue)
            #expect(abs(drawn.x - box.x) < 0.05 && abs(drawn.y - box.y) < 0.05, "\(drawn) \(box)")
            #expect(abs(drawn.width - box.width) < 0.05 && abs(drawn.height - box.height) < 0.05, "\(drawn) \(box)")
            #expect(drawn.color == "rgb(\(box.color.red), \(box.color.green), \(box.color.blue))")
        }
        // The spread of the aside and the shaded note, for review.
        let png = BrowserPreviewTests.output.appendingPathComponent("boxes-spread-0002.png").path
        try browser.screenshot(of: file, fragment: "screen=1&still", window: SpreadImages.window(for: document), to: png)
        #expect(((try FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0) > 10_000)
        print("BlockBoxBrowserTests: \(check.boxes.count) boxes drawn where the pages say, no line across them; spread at \(png)")
    }

    /// The check can fail: a line of the aside moved onto its left rule, and a line of the shaded
    /// note moved past the left of its background, are each reported.
    @Test(.needsChromium) func aLineMovedOutOfItsBoxIsReported() throws {
        let browser = try #require(BrowserPreviewTests.browser)
        var (document, fonts) = try Self.sample()
        func move(_ prefix: String, by dx: Double) throws -> Int {
            let page = try #require(document.pages.firstIndex { $0.shown?.lines.contains { $0.text.hasPrefix(prefix) } == true })
            let line = try #require(document.pages[page].shown?.lines.firstIndex { $0.text.hasPrefix(prefix) })
            document.pages[page].shown!.lines[line].x += dx
            return page
        }
        let asidePage = try move("Its roof still leaks", by: -18)
        let notePage = try move("In winter the first sailing", by: -30)
        let file = BrowserPreviewTests.output.appendingPathComponent("boxes-moved.html")
        try Self.html(document, fonts: fonts).write(to: file)
        let check = try BrowserCheck.run(preview: file, browser: browser)
        #expect(check.linesAcrossBoxesCount == 2, "\(check.linesAcrossBoxes)")
        let aside = check.linesAcrossBoxes.first { $0.text.hasPrefix("Its roof") }
        let note = check.linesAcrossBoxes.first { $0.text.hasPrefix("In winter") }
        #expect(aside?.page == asidePage && aside?.crossesRule == true && aside?.outsideBackground == false)
        #expect(note?.page == notePage && note?.outsideBackground == true)
    }
}
