import Foundation
import HTMLPreview
import PageFormat
import Testing

/// A designed page as headless Chromium draws the preview: every line within the width the
/// layout measured, the placed title centred where the design put it, the picture at its frame.
@Suite(.serialized) struct DesignedPageBrowserTests {
    @Test(.needsChromium) func aDesignedPageIsDrawnAsLaidOut() throws {
        let browser = try #require(BrowserPreviewTests.browser)
        let (document, fontFiles) = try DesignedSampleBook.document()
        let fonts = fontFiles.compactMapValues { try? Data(contentsOf: URL(fileURLWithPath: $0)) }
        let file = BrowserPreviewTests.output.appendingPathComponent("designed.html")
        let html = HTMLPreview.html(for: document, assets: PreviewAssets(fonts: fonts))
        try Data(html.utf8).write(to: file)
        let check = try BrowserCheck.run(preview: file, browser: browser)
        for font in check.fonts { #expect(font.status == "loaded", "\(font.family)") }
        #expect(check.pages == document.pages.count)
        #expect(check.lines == BrowserPreviewTests.measuredLines(document) && check.lines > 3)
        #expect(check.overflowCount == 0, "\(check.overflows)")
        #expect(check.unfilledJustifiedLines == 0)
        // The picture's box, scaled from the viewport: 0.41 points a pixel, the drawing 656 points
        // tall centred down the 718-point page.
        #expect(html.contains("left:41px;top:359px;width:410px;height:287px"))
        // The first designed page and its spread, for review.
        let png = BrowserPreviewTests.output.appendingPathComponent("designed-spread.png").path
        try browser.screenshot(of: file, fragment: "screen=1&still", window: SpreadImages.window(for: document), to: png)
        #expect(FileManager.default.fileExists(atPath: png))
    }
}
