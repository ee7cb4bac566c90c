import Foundation
import HTMLPreview
import PageFormat
import PageJSON
import Testing

/// A table page (`TablePageSample`) through every writer: the JSON writers give `JSONEncoder`'s
/// bytes and read back, the schema takes it, and in the preview, drawn by headless Chromium,
/// every cell's lines lie inside the cell and the rules are where the boxes say.
@Suite(.serialized) struct TablePageTests {
    @Test func theTablePageIsWrittenAsJSONEncoderWritesItAndReadsBack() throws {
        let document = try TablePageSample().document
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = try document.jsonData()
        #expect(json == (try encoder.encode(document)) + Data("\n".utf8))
        #expect(try PageDocument(jsonData: json) == document)
        #expect(try PageDocument(jsonLines: document.jsonLines()) == document)

        let object = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        let page = (object["pages"] as! [[String: Any]])[TablePageSample.tablePage]
        let cells = page["cells"] as! [[String: Any]]
        #expect(cells.count == 8 && (page["boxes"] as! [Any]).count == 16)
        #expect(cells.filter { $0["header"] as? Bool == true }.count == 3 && cells.allSatisfy { $0["rowSpan"] == nil })
        #expect(cells.compactMap { $0["columnSpan"] as? Int } == [2])
        let lines = page["lines"] as! [[String: Any]]
        #expect(lines[0]["cell"] == nil && lines[0]["role"] == nil)
        #expect(lines.dropFirst().allSatisfy { $0["role"] as? String == "table" && $0["cell"] is [String: Any] })
        // Every other page as it was: no boxes or cells written.
        for (index, other) in (object["pages"] as! [[String: Any]]).enumerated() where index != TablePageSample.tablePage {
            #expect(other["boxes"] == nil && other["cells"] == nil)
        }
    }

    @Test(.needsJSONSchema) func theTablePageIsValid() throws {
        let document = try TablePageSample().document
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("table.pages.json"), lines = directory.appendingPathComponent("table.pages.ndjson")
        try document.jsonData().write(to: json)
        try document.jsonLines().write(to: lines)
        let result = try SchemaValidationTests.validate([json.path, lines.path])
        #expect(result.status == 0, "\(String(decoding: result.stdout, as: UTF8.self))")
    }

    @Test(.needsChromium) func everyCellsLinesAreDrawnInsideItAndTheRulesWhereTheBoxesSay() throws {
        let browser = try #require(BrowserPreviewTests.browser)
        let sample = try TablePageSample()
        let shown = try #require(sample.document.pages[TablePageSample.tablePage].content)
        let file = BrowserPreviewTests.output.appendingPathComponent("table-page.html")
        try sample.html().write(to: file)
        let check = try BrowserCheck.run(preview: file, browser: browser)
        for font in check.fonts { #expect(font.status == "loaded", "\(font.family)") }
        #expect(check.cells == shown.cells.count)
        #expect(check.cellLines == shown.lines.filter { $0.cell != nil }.count)
        #expect(check.linesOutsideCellCount == 0, "\(check.linesOutsideCells.map(\.text))")
        #expect(check.overflowCount == 0)
        #expect(check.boxes.count == shown.boxes.count)
        for (drawn, box) in zip(check.boxes, shown.boxes) {
            #expect(drawn.page == TablePageSample.tablePage && drawn.kind == box.kind.rawValue)
            // Chromium places boxes in 64ths of a pixel.
            #expect(abs(drawn.x - box.x) < 0.05 && abs(drawn.y - box.y) < 0.05, "\(drawn) \(box)")
            #expect(abs(drawn.width - box.width) < 0.05 && abs(drawn.height - box.height) < 0.05, "\(drawn) \(box)")
            #expect(drawn.color == "rgb(\(box.color.red), \(box.color.green), \(box.color.blue))")
        }
        // The page, for review: the second screen of the closed book's spreads.
        let png = BrowserPreviewTests.output.appendingPathComponent("table-page.png").path
        try browser.screenshot(of: file, fragment: "screen=1&still", window: SpreadImages.window(for: sample.document), to: png)
        #expect(((try FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0) > 5_000)
    }

    /// The check can fail: a line moved across into the next cell, one moved below its cell, and
    /// one naming a cell the page does not have are each reported.
    @Test(.needsChromium) func aLineOutsideItsCellIsReported() throws {
        let browser = try #require(BrowserPreviewTests.browser)
        var sample = try TablePageSample()
        let index = TablePageSample.tablePage
        let shown = try #require(sample.document.pages[index].content)
        let columnWidth = sample.document.layout.contentBox.width / 3, lineHeight = sample.document.layout.font.lineHeight
        func move(_ text: String, _ change: (inout PageLine) -> Void) throws {
            let n = try #require(shown.lines.firstIndex { $0.text == text })
            change(&sample.document.pages[index].shown!.lines[n])
        }
        try move("1770") { $0.x -= columnWidth / 2 }
        try move("Maker") { $0.y += lineHeight }
        try move("Sextant") { $0.cell?.column = 5 }
        let file = BrowserPreviewTests.output.appendingPathComponent("table-page-moved.html")
        try sample.html().write(to: file)
        let check = try BrowserCheck.run(preview: file, browser: browser)
        #expect(check.linesOutsideCellCount == 3)
        #expect(check.linesOutsideCells.map(\.text) == ["Maker", "Sextant", "1770"])
        #expect(check.linesOutsideCells.map(\.hasCell) == [true, false, true])
        #expect(check.linesOutsideCells.allSatisfy { $0.page == index })
    }
}
