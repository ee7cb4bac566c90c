import Book2PagesKit
import Foundation
import HTMLPreview
import PageFormat
import Testing

/// The HTML preview in a real browser (headless Chromium): every line of the corpus books drawn
/// by the browser in the embedded fonts is no wider than the width the layout gave it (more
/// than half a point is a failure), every page is there, and a spread is saved as a PNG for
/// review. Reported skipped, with the reason, when Chromium or the corpus is missing.
@Suite(.serialized) struct BrowserPreviewTests {
    static let browser = HeadlessBrowser.find()
    /// Screenshots for review: in the temporary directory, never in the repository.
    static let output: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("book2pages-browser-tests")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The lines the browser check measures: those with text (the footnote rule has none).
    static func measuredLines(_ document: PageDocument) -> Int {
        document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty && $0.role != .noteSeparator }.count
    }

    @Test(.needsChromium, .needsSharedCorpus, arguments: ["moby-dick.epub", "wasteland.epub", "regime-anticancer-arabic.epub"])
    func corpusBookDrawsEveryLineWithinItsWidth(_ name: String) throws {
        let corpus = try #require(TestPaths.corpus)
        let browser = try #require(Self.browser)
        let started = Date()
        let preview = try Preview.html(of: .paths([corpus.appendingPathComponent(name).path]), options: ConversionOptions())
        let document = try PageDocument(jsonData: preview.conversion.json)
        let file = Self.output.appendingPathComponent((name as NSString).deletingPathExtension + ".html")
        try preview.html.write(to: file)

        let check = try BrowserCheck.run(preview: file, browser: browser)
        #expect(check.fonts.count >= 5)
        for font in check.fonts { #expect(font.status == "loaded", "\(font.family) \(font.weight) \(font.style)") }
        #expect(check.pages == document.pages.count)
        #expect(check.screens == document.target?.spreads?.count)
        #expect(check.lines == Self.measuredLines(document))
        #expect(check.overflowCount == 0, "\(check.overflows.prefix(5).map { "page \($0.page): \($0.text) \($0.browserWidth) > \($0.width)" })")
        #expect(check.unfilledJustifiedLines == 0, "justified lines off by up to \(check.maxJustifiedError)")
        #expect(check.misorderedBidiLines == 0)
        #expect(check.linesAcrossBoxesCount == 0, "\(check.linesAcrossBoxes.prefix(5))")

        // A spread of text, for review.
        let png = Self.output.appendingPathComponent((name as NSString).deletingPathExtension + "-spread-0004.png").path
        try browser.screenshot(of: file, fragment: "screen=3&still", window: SpreadImages.window(for: document), to: png)
        let size = (try FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
        #expect(size > 10_000)
        print("BrowserPreviewTests: \(name): \(check.pages) pages, \(check.lines) lines measured "
              + "(\(check.justifiedLines) justified), \(check.overflowCount) over by more than 0.5 pt "
              + "(widest +\(String(format: "%.3f", check.maxOverflow)) pt), justified to within "
              + "\(String(format: "%.3f", check.maxJustifiedError)) pt; \(String(format: "%.1f", Date().timeIntervalSince(started))) s; "
              + "spread at \(png)")
    }

    /// Vertical Japanese drawn by Chromium (`writing-mode: vertical-rl`): the hand-made chapter
    /// of `VerticalConversionTests` (ruby, tate-chū-yoko, upright and sideways Latin, a column
    /// pushed in) and, when the corpus is here, Kusamakura. Each reading inside its column's box
    /// and across no other column's text; each column, filled between its characters by letter
    /// spacing, as long as measured.
    @Test(.needsChromium) func japaneseLinesAndTheirRubyAreDrawnWhereMeasured() throws {
        let browser = try #require(Self.browser)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chapter = directory.appendingPathComponent("vertical.xhtml")
        let fitting = Int(638 / 17.0)
        let pushedIn = "<p>" + String(repeating: "永", count: fitting) + "。永。</p>"
        try Data(VerticalConversionTests.chapter.replacingOccurrences(of: "<h1>一</h1>", with: "<h1>一</h1>" + pushedIn).utf8)
            .write(to: chapter)
        var books = [chapter.path]
        if let corpus = TestPaths.corpus { books.append(corpus.appendingPathComponent("kusamakura-preview.epub").path) }
        for book in books {
            let name = ((book as NSString).lastPathComponent as NSString).deletingPathExtension
            let preview = try Preview.html(of: .paths([book]), options: ConversionOptions())
            let document = try PageDocument(jsonData: preview.conversion.json)
            let file = Self.output.appendingPathComponent(name + ".html")
            try preview.html.write(to: file)
            let check = try BrowserCheck.run(preview: file, browser: browser)
            let lines = document.pages.flatMap { $0.shown?.lines ?? [] }
            let readings = lines.reduce(0) { $0 + $1.ruby.count }
            let combined = lines.flatMap { $0.runs ?? [] }.filter { $0.orientation == .combined }.count
            let columns = lines.filter(\.vertical).count
            #expect(columns > 0, "\(name) is set in columns")
            #expect(check.lines == Self.measuredLines(document))
            #expect(readings >= (name == "vertical" ? 6 : 250) && combined >= 3, "\(name): \(readings) readings, \(combined) combined")
            #expect(check.rubies == readings)
            #expect(check.rubiesAcrossCount == 0, "\(check.rubiesAcross.prefix(5))")
            // Filled between its characters by letter spacing, and drawn so, no line is wider or
            // narrower than measured.
            #expect(check.overflowCount == 0, "\(check.overflows.prefix(5).map { "page \($0.page): \($0.text) \($0.browserWidth) > \($0.width)" })")
            #expect(check.maxRaggedShortfall <= 0.5, "\(check.raggedShortfalls.prefix(5).map { "page \($0.page): \($0.text) \($0.browserWidth) < \($0.width)" })")
            print("BrowserPreviewTests: \(name): \(check.lines) lines, \(check.rubies) readings, \(combined) runs combined upright; "
                  + "\(check.overflowCount) over by more than 0.5 pt (widest +\(String(format: "%.3f", check.maxOverflow)) pt), "
                  + "short by up to \(String(format: "%.3f", check.maxRaggedShortfall)) pt")
        }
    }

    /// Tables as the layout sets them, drawn by Chromium: every line of every cell inside its
    /// cell's box and no wider than the layout said, in the hand-made chapter of tables and, when
    /// the corpus is here, a book of specification tables.
    @Test(.needsChromium) func tableCellsAreDrawnInsideTheirBoxes() throws {
        let browser = try #require(Self.browser)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var books = [try TableSampleBook.write(in: directory).path]
        if let corpus = TestPaths.corpus { books.append(corpus.appendingPathComponent("epub30-spec.epub").path) }
        for book in books {
            let preview = try Preview.html(of: .paths([book]), options: ConversionOptions())
            let document = try PageDocument(jsonData: preview.conversion.json)
            let name = ((book as NSString).lastPathComponent as NSString).deletingPathExtension
            let file = Self.output.appendingPathComponent(name + "-tables.html")
            try preview.html.write(to: file)
            let check = try BrowserCheck.run(preview: file, browser: browser)
            let cellLines = document.pages.flatMap { $0.shown?.lines ?? [] }.filter { $0.cell != nil && !$0.text.isEmpty }
            #expect(check.cellLines == cellLines.count, "\(name): the check saw every cell's lines")
            #expect(check.linesOutsideCellCount == 0, "\(name): \(check.linesOutsideCells.prefix(5))")
            #expect(check.linesAcrossBoxesCount == 0, "\(name): \(check.linesAcrossBoxes.prefix(5))")
            #expect(check.overflowCount == 0, "\(name): \(check.overflows.prefix(5).map { "page \($0.page): \($0.text)" })")
            print("BrowserPreviewTests: \(name): \(check.cellLines) cell lines drawn inside their cells, \(check.cells) cells")
        }
    }

    /// Han and Arabic in a Latin book are set in the stand-in faces the runs name, embedded too.
    @Test(.needsChromium) func charactersTheBodyFontLacksAreDrawnInTheirStandIns() throws {
        let browser = try #require(Self.browser)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("mixed.md")
        let paragraph = "Sōseki's 草枕 (Kusamakura) opens on a mountain path: 山路を登りながら、こう考えた。 "
            + "An Arabic greeting, السلام عليكم, reads from the right, and مرحبا بالعالم too. "
        try Data(("# Mixed scripts\n\n" + String(repeating: paragraph, count: 6) + "\n").utf8).write(to: book)
        let preview = try Preview.html(of: .paths([book.path]), options: ConversionOptions())
        let document = preview.conversion.document
        #expect((document.layout.standIns ?? []).count >= 2)
        let file = Self.output.appendingPathComponent("mixed-scripts.html")
        try preview.html.write(to: file)
        let check = try BrowserCheck.run(preview: file, browser: browser)
        #expect(check.fonts.contains { $0.family.hasPrefix("b2p-standin-") })
        for font in check.fonts { #expect(font.status == "loaded", "\(font.family)") }
        #expect(check.lines == Self.measuredLines(document))
        #expect(check.misorderedBidiLines == 0)
        #expect(check.overflowCount == 0, "\(check.overflows.prefix(5).map { "\($0.text) \($0.browserWidth) > \($0.width)" })")
    }

    /// The single-page targets of the other seeds: one page a screen, as their systems group them.
    @Test(.needsChromium, arguments: [["--target", "swiftui-book"], ["--target", "pagecurl"], ["--target", "pagecurl", "--double-sided"],
                      ["--target", "reader"]])
    func everyTargetOfTheSampleIsShownWhole(_ options: [String]) throws {
        let browser = try #require(Self.browser)
        let binary = try #require(TestPaths.binary)
        let sample = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")
        let file = Self.output.appendingPathComponent("lighthouse-\(options.joined().replacingOccurrences(of: "-", with: "")).html")
        let json = try Run.program(binary, options + [sample])
        let made = try Run.program(binary, ["preview"] + options + [sample, "-o", file.path])
        #expect(json.status == 0 && made.status == 0, "\(made.stderr)")
        let document = try PageDocument(jsonData: json.stdout)
        let target = try #require(document.target)
        let screens = target.screenCount
        let check = try BrowserCheck.run(preview: file, browser: browser)
        #expect(check.pages == document.pages.count)
        #expect(check.screens == screens)
        #expect(check.lines == Self.measuredLines(document))
        #expect(check.overflowCount == 0)
    }

    /// Keys, clicks, swipes and the table of contents turn the pages, the right way for the
    /// book's direction; `drive` returns the counter and the pages on each side after each step.
    @Test(.needsChromium) func keysClicksSwipesAndTheContentsTurnThePages() throws {
        let browser = try #require(Self.browser)
        let sample = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")
        let preview = try Preview.html(of: .paths([sample]), options: ConversionOptions())
        let steps = try Self.drive(preview, name: "lighthouse", browser: browser)
        let count = try #require(preview.conversion.document.target?.spreads?.count)
        // On, back, back again (nothing before the closed book), a click on the right-hand page,
        // a swipe to the left, the contents' second entry.
        #expect(steps == [
            "cover · 1 / \(count)|1|2", "turning", "p. 1 · 2 / \(count)|3|4", "cover · 1 / \(count)|1|2",
            "cover · 1 / \(count)|1|2", "p. 1 · 2 / \(count)|3|4", "p. 2–3 · 3 / \(count)|5|6", "p. 1 · 2 / \(count)|3|4",
        ])
    }

    @Test(.needsChromium, .needsSharedCorpus) func aRightToLeftBookTurnsTheOtherWay() throws {
        let corpus = try #require(TestPaths.corpus)
        let browser = try #require(Self.browser)
        let book = corpus.appendingPathComponent("regime-anticancer-arabic.epub").path
        let preview = try Preview.html(of: .paths([book]), options: ConversionOptions())
        let steps = try Self.drive(preview, name: "arabic", browser: browser)
        let count = try #require(preview.conversion.document.target?.spreads?.count)
        // The cover is left of the spine; the right-hand key goes back (there is nothing before
        // the closed book), the left-hand key on, and a click on the right-hand page back again.
        #expect(steps.prefix(6) == ["cover · 1 / \(count)|2|1", "still", "cover · 1 / \(count)|2|1", "p. 1 · 2 / \(count)|4|3",
                                    "p. 2–3 · 3 / \(count)|6|5", "p. 1 · 2 / \(count)|4|3"])
    }

    /// Loads the preview with a script that presses keys, clicks and swipes, and reads the
    /// counter and the pages in the left and right slots after each.
    static func drive(_ preview: Preview.Result, name: String, browser: HeadlessBrowser) throws -> [String] {
        let driver = #"""
        <script>
        (async function () {
          const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
          const $ = (id) => document.getElementById(id);
          const side = (id) => ($(id).firstElementChild || { dataset: { i: "-" } }).dataset.i;
          const state = () => $("counter").textContent + "|" + side("left") + "|" + side("right");
          const key = (name) => document.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
          const box = () => $("stage").getBoundingClientRect();
          const log = [];
          await sleep(500);
          log.push(state());
          key("ArrowRight"); await sleep(50); log.push(getComputedStyle($("leaf")).display === "block" ? "turning" : "still");
          await sleep(1500); log.push(state());
          key("ArrowLeft"); await sleep(1500); log.push(state());
          key("ArrowLeft"); await sleep(1500); log.push(state());
          $("stage").dispatchEvent(new MouseEvent("click", { clientX: box().right - 20, clientY: box().top + 100, bubbles: true }));
          await sleep(1500); log.push(state());
          const y = box().top + 100;
          $("stage").dispatchEvent(new PointerEvent("pointerdown", { clientX: box().right - 50, clientY: y, bubbles: true }));
          $("stage").dispatchEvent(new PointerEvent("pointerup", { clientX: box().right - 250, clientY: y, bubbles: true }));
          await sleep(1500); log.push(state());
          $("toc-button").click();
          $("toc").querySelectorAll("li")[1].click();
          await sleep(1500); log.push(state());
          const out = document.createElement("pre");
          out.id = "b2p-drive";
          out.textContent = log.join("\n");
          document.body.appendChild(out);
        })();
        </script>
        </body>
        """#
        let html = String(decoding: preview.html, as: UTF8.self).replacingOccurrences(of: "</body>", with: driver)
        let file = output.appendingPathComponent("\(name)-driven.html")
        try Data(html.utf8).write(to: file)
        let dom = try browser.dumpDOM(of: file, fragment: "")
        guard let start = dom.range(of: "<pre id=\"b2p-drive\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("the driving script wrote nothing")
            return []
        }
        return dom[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }
}
