import Book2PagesKit
import Foundation
import HTMLPreview
import PageFormat
import Testing
import ZipArchive

/// The independent check of designed pages: headless Chromium lays out each fixed-layout page's
/// own XHTML at its viewport (with the book's stylesheets and fonts, its scripts left out as
/// the conversion leaves them), and where each text box's text starts there — a box placed by
/// CSS, the body's flow, an SVG line — must be where the output puts it, after undoing the
/// page's scale and offset, within 2 % of the viewport across and down.
@Suite(.serialized) struct FixedLayoutBrowserTests {
    /// Where the browser draws the start of one box's text, in the viewport's pixels.
    private struct Start: Decodable {
        var text: String
        var x: Double
        var y: Double
        var height: Double
    }

    /// Put before `</body>`: the first text of every box (the nearest ancestor placed by
    /// `position: absolute|fixed`, else the body), and of every SVG line (a `text`, and each
    /// `tspan` that moves to another baseline), with the first box the browser draws it in.
    private static let script = """
        <script>//<![CDATA[
        (function () {
          var svg = 'http://www.w3.org/2000/svg', out = [], seen = new Map(), lastY = new Map();
          function box(node) {
            for (var e = node.parentNode; e && e.nodeType === 1; e = e.parentNode) {
              if (e.namespaceURI === svg) { if (e.localName === 'text') return e; continue; }
              var p = getComputedStyle(e).position;
              if (p === 'absolute' || p === 'fixed') return e;
            }
            return document.body;
          }
          var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node;
          while ((node = walker.nextNode())) {
            var text = node.data.replace(/\\s+/g, ' ').trim(), parent = node.parentNode;
            if (!text || parent.closest('script, style, title')) continue;
            var owner = box(node), starts = !seen.has(owner);
            if (owner.namespaceURI === svg) {
              var y = parent.getAttribute('y');
              if (seen.has(owner) && parent !== owner && y !== null && y !== lastY.get(owner)) starts = true;
              if (starts) lastY.set(owner, y);
            }
            seen.set(owner, true);
            if (!starts) continue;
            var range = document.createRange();
            range.selectNodeContents(node);
            var rects = range.getClientRects();
            var rect = rects.length ? rects[0] : parent.getBoundingClientRect();
            if (!rect.width && !rect.height) continue;
            out.push({ text: text.slice(0, 40), x: rect.left, y: rect.top, height: rect.height });
          }
          var pre = document.createElementNS('http://www.w3.org/1999/xhtml', 'pre');
          pre.id = 'fxl-out';
          pre.textContent = JSON.stringify({ width: innerWidth, height: innerHeight, starts: out });
          document.documentElement.appendChild(pre);
        })();
        //]]></script>
        """

    private struct Probe: Decodable {
        var width: Double
        var height: Double
        var starts: [Start]
    }

    /// What headless Chromium's window takes from the size asked for (a window's frame), found
    /// on the first page: the window is made that much larger for the viewport to be the page's.
    nonisolated(unsafe) private static var frame = (width: 0, height: 0)

    /// The boxes' starts in the browser on `file`, the page's own XHTML without its scripts, in
    /// a viewport of the page's size.
    private static func starts(in file: URL, viewport: Dimensions) throws -> [Start] {
        let size = (width: Int(viewport.width.rounded()), height: Int(viewport.height.rounded()))
        var probe = try Self.probe(file, window: (size.width + frame.width, size.height + frame.height))
        if Int(probe.width) != size.width || Int(probe.height) != size.height {
            frame = (frame.width + size.width - Int(probe.width), frame.height + size.height - Int(probe.height))
            probe = try Self.probe(file, window: (size.width + frame.width, size.height + frame.height))
            #expect(Int(probe.width) == size.width && Int(probe.height) == size.height,
                    "the browser's viewport is \(probe.width)×\(probe.height), not the page's \(size)")
        }
        return probe.starts
    }

    private static func probe(_ file: URL, window: (Int, Int)) throws -> Probe {
        let browser = try #require(HeadlessBrowser.find())
        var markup = try String(contentsOf: file, encoding: .utf8)
        markup = markup.replacingOccurrences(of: #"<script\b[^>]*/>|<script\b[^>]*>[\s\S]*?</script>"#, with: "",
                                             options: .regularExpression)
        let close = try #require(markup.range(of: "</body>", options: .backwards))
        markup.insert(contentsOf: script, at: close.lowerBound)
        let probed = file.deletingLastPathComponent().appendingPathComponent("fxl-probe-" + file.lastPathComponent)
        try markup.write(to: probed, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: probed) }
        let dom = try browser.dumpDOM(of: probed, fragment: "", window: window, budget: 3_000)
        guard let json = HeadlessBrowser.preText(id: "fxl-out", in: dom) else {
            throw HeadlessBrowser.Failure.failed("\(file.lastPathComponent): the browser ran no script")
        }
        return try JSONDecoder().decode(Probe.self, from: Data(json.utf8))
    }

    private static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Checks every designed page of the book at `path`; returns how many box starts agreed.
    private static func check(book path: String) throws -> Int {
        let document = try Converter.convert(path: path, options: ConversionOptions()).document
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book2pages-fxl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = try ZipArchive(path: path)
        for entry in archive.entryNames where !entry.hasSuffix("/") && !entry.contains("..") {
            let target = folder.appendingPathComponent(entry)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(archive.read(entry)).write(to: target)
        }
        var agreed = 0
        for page in document.pages {
            guard let shown = page.shown, let design = shown.design else { continue }
            let starts = try Self.starts(in: folder.appendingPathComponent(design.spineItem), viewport: design.viewport)
            let name = (path as NSString).lastPathComponent + " " + design.spineItem
            // Each box's start is found in the page's lines in order: a line showing its first words.
            var from = 0
            for start in starts {
                let key = String(words(start.text).prefix(12))
                guard let index = shown.lines[from...].firstIndex(where: { words($0.text).contains(key) }) else {
                    Issue.record("\(name): \"\(start.text)\" is on the page in the browser, not in the output")
                    continue
                }
                from = index
                let line = shown.lines[index]
                // Back into the viewport's pixels; centres compared down, as the two line boxes
                // differ in height (leading, the font's ascent) but not in where the text sits.
                let x = (line.x - design.x) / design.scale
                let middle = (line.y + document.layout.height(of: line) / 2 - design.y) / design.scale
                let browserMiddle = start.y + start.height / 2
                #expect(abs(middle - browserMiddle) <= 0.02 * design.viewport.height,
                        "\(name): \"\(start.text)\" is at y \(browserMiddle) in the browser, \(middle) in the output")
                // Across, only where the box's text starts the line the output gives it.
                if words(line.text).hasPrefix(key) {
                    #expect(abs(x - start.x) <= 0.02 * design.viewport.width,
                            "\(name): \"\(start.text)\" is at x \(start.x) in the browser, \(x) in the output")
                }
                agreed += 1
            }
        }
        return agreed
    }

    @Test(.needsChromium) func theSamplesBoxesAreWhereChromiumPutsThem() throws {
        let agreed = try Self.check(book: TestPaths.repositoryFile("Samples/the-tide-clock.epub"))
        // Title, caption, folio; the SVG page's heading, three lines and signature.
        #expect(agreed == 8)
    }

    @Test(.needsChromium, .needsSharedCorpus, arguments: ["cole-voyage-of-life-tol.epub", "sous-le-vent.epub"])
    func corpusBoxesAreWhereChromiumPutsThem(_ name: String) throws {
        let agreed = try Self.check(book: try #require(TestPaths.corpus).appendingPathComponent(name).path)
        print("FixedLayoutBrowserTests: \(name): \(agreed) boxes and lines where Chromium draws them")
        #expect(agreed > (name.hasPrefix("cole") ? 3 : 100))
    }
}
