import Book2PagesKit
import Fonts
import Foundation
import HTMLPreview
import PageFormat
import Testing

/// The hand-made book of formulas (`Samples/formulas.xhtml`, every element the layout sets)
/// converted, and each of its formulas laid out by Chromium — whose MathML Core layout reads
/// the same MATH table — in the same face at the same size: each formula on the pages is as
/// wide and as tall as Chromium sets it, within 10 %.
struct FormulaBrowserTests {
    static let browser = HeadlessBrowser.find()
    static let font = try? MathFont.load(MathFont.defaultFamily)
    static let sample = "Samples/formulas.xhtml"

    /// Gives Chromium each formula in MathML Core's terms, as a polyfill would: the legacy
    /// `mfenced` as the row with fences MathML 3 defines it to be, `menclose` box as a row with
    /// a CSS border (the font's overbar thickness) and padding (its overbar gap), and an accent
    /// by its operator (`<mo>^</mo>`, as WebKit and Gecko read MathML 3) marked on its `mover`.
    /// Then measures each `math`, and how much wider Chromium makes each vertical stretchy
    /// operator than the glyph it draws: it gives them the width of their widest variant (its
    /// crbug 1124301; MathML Core says the drawn glyph's), found by setting each fence
    /// stretchy and not, alone; and how much lower it draws a fence than its partner (it puts the `]` that is the base of `<msub>` a math axis lower than the `[` of
    /// `[A]_{ij}`, though both stretch to the same row and so share a baseline).
    static let measuringScript = """
        const NS = "http://www.w3.org/1998/Math/MathML";
        const element = (name, text, attributes) => {
          const e = document.createElementNS(NS, name);
          if (text !== undefined) e.textContent = text;
          Object.entries(attributes || {}).forEach(([k, v]) => e.setAttribute(k, v));
          return e;
        };
        document.querySelectorAll("mfenced").forEach(fenced => {
          const open = fenced.getAttribute("open") ?? "(", close = fenced.getAttribute("close") ?? ")";
          const separators = Array.from((fenced.getAttribute("separators") ?? ",").replace(/\\s/g, ""));
          const inner = element("mrow");
          Array.from(fenced.children).forEach((child, k) => {
            if (k > 0 && separators.length) inner.append(element("mo", separators[Math.min(k - 1, separators.length - 1)], {form: "infix"}));
            inner.append(child);
          });
          const row = element("mrow");
          if (open) row.append(element("mo", open, {form: "prefix"}));
          row.append(inner);
          if (close) row.append(element("mo", close, {form: "postfix"}));
          fenced.replaceWith(row);
        });
        document.querySelectorAll("menclose[notation=box]").forEach(enclose => {
          const row = element("mrow", undefined, {style: `border: ${RULE}em solid; padding: ${GAP}em`});
          row.append(...enclose.childNodes);
          enclose.replaceWith(row);
        });
        const accents = "^~¯ˇˆ˜˙¨´`\\u0302\\u0303\\u0304\\u0307\\u0308";
        document.querySelectorAll("mover:not([accent])").forEach(over => {
          const script = over.children[1];
          if (script && script.localName === "mo" && (script.getAttribute("accent") === "true" || accents.includes(script.textContent)))
            over.setAttribute("accent", "true");
        });
        const fences = "()[]{}|‖⌈⌉⌊⌋⟨⟩";
        const calibration = document.getElementById("calibration");
        const excess = {};
        Array.from(fences).forEach(fence => {
          const stretchy = element("math"), fixed = element("math");
          stretchy.append(element("mo", fence));
          fixed.append(element("mo", fence, {stretchy: "false"}));
          calibration.append(stretchy, fixed);
          excess[fence] = stretchy.getBoundingClientRect().width - fixed.getBoundingClientRect().width;
        });
        const out = [];
        document.querySelectorAll("div.formula > math").forEach(m => {
          const r = m.getBoundingClientRect();
          let extra = 0;
          m.querySelectorAll("mo").forEach(mo => {
            if (mo.getAttribute("stretchy") !== "false" && excess[mo.textContent]) extra += excess[mo.textContent];
          });
          const top = {};
          m.querySelectorAll("mo").forEach(mo => {
            const t = mo.getBoundingClientRect().top;
            top[mo.textContent] = Math.min(top[mo.textContent] ?? t, t);
          });
          const partners = {"(": ")", "[": "]", "{": "}", "⌈": "⌉", "⌊": "⌋", "⟨": "⟩"};
          const drop = Math.max(0, ...Object.entries(partners)
            .filter(([open, close]) => top[open] !== undefined && top[close] !== undefined)
            .map(([open, close]) => Math.abs(top[close] - top[open])));
          out.push([r.width, r.height, extra, drop]);
        });
        calibration.remove();
        document.getElementById("out").textContent = JSON.stringify(out);
        """

    /// The formulas of the sample's markup, in document order.
    static func formulaMarkup() throws -> [String] {
        let text = try String(contentsOfFile: TestPaths.repositoryFile(sample), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "<math[ >].*?</math>", options: [.dotMatchesLineSeparators])
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range, in: text)!])
        }
    }

    @Test(.needsChromium, .enabled(if: font != nil, "needs TeX Gyre Termes Math (fonts-texgyre-math)"))
    func formulasOnThePagesAreAsWideAndTallAsChromiumSetsThem() throws {
        let browser = try #require(Self.browser)
        let font = try #require(Self.font)
        let document = try Converter.convert(path: TestPaths.repositoryFile(Self.sample), options: ConversionOptions()).document
        let pieces = document.pages.flatMap { $0.shown?.lines ?? [] }.flatMap(\.formulas)
        // A formula broken after its operators is in pieces: on one line, the span from the
        // first's left to the last's right is the formula, as wide as Chromium sets it.
        var formulas: [PageFormula] = []
        var goesOn = false
        for piece in pieces {
            if goesOn, var whole = formulas.popLast() {
                #expect(abs(piece.baseline - whole.baseline) < 0.01, "the sample's broken formula is on one line")
                let top = min(whole.y, piece.y), bottom = max(whole.y + whole.height, piece.y + piece.height)
                whole.width = piece.x + piece.width - whole.x
                (whole.y, whole.height) = (top, bottom - top)
                formulas.append(whole)
            } else {
                formulas.append(piece)
            }
            goesOn = piece.continues
        }
        #expect(pieces.count > formulas.count, "the sum in a line is broken after its operators")
        let markup = try Self.formulaMarkup()
        // Every formula of the book is on its pages, in order.
        #expect(formulas.count == markup.count)
        let size = document.layout.font.size
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fontURL = URL(fileURLWithPath: font.face.path)
        let body = markup.map { "<div class=\"formula\">\($0)</div>" }.joined(separator: "\n")
        let script = Self.measuringScript
            .replacingOccurrences(of: "RULE", with: "\(font.constant(.overbarRuleThickness))")
            .replacingOccurrences(of: "GAP", with: "\(font.constant(.overbarVerticalGap))")
        let page = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><style>
            @font-face { font-family: "Math"; src: url("\(fontURL.absoluteString)"); }
            math { font-family: "Math"; font-size: \(size)px; width: fit-content; } div { margin: 20px; }
            </style></head><body>\(body)<div id="calibration"></div><pre id="out"></pre><script>
            document.fonts.ready.then(() => {
            \(script)
            });
            </script></body></html>
            """
        let file = directory.appendingPathComponent("formulas.html")
        try Data(page.utf8).write(to: file)
        let dom = try browser.dumpDOM(of: file, fragment: "")
        let text = try #require(HeadlessBrowser.preText(id: "out", in: dom), "the page's script wrote its measures")
        let measured = try JSONDecoder().decode([[Double]].self, from: Data(text.utf8))
        #expect(measured.count == markup.count)
        var report: [String] = []
        for (k, formula) in formulas.enumerated() where k < measured.count && k < markup.count {
            // As set before it was scaled to fit the page.
            let width = formula.width / formula.scale, height = formula.height / formula.scale
            let (chromeWidth, chromeHeight, fenceExcess, fenceDrop) = (measured[k][0], measured[k][1], measured[k][2], measured[k][3])
            report.append(String(format: "%2d w %.1f/%.1f (fences %.1f wider) h %.1f/%.1f (a fence %.1f lower) %@", k, width,
                                 chromeWidth, fenceExcess, height, chromeHeight, fenceDrop, String(markup[k].prefix(70))))
            func tolerance(_ chrome: Double) -> Double { 0.1 * chrome + 0.5 }
            func near(_ value: Double, _ chrome: Double) -> Bool { abs(value - chrome) <= tolerance(chrome) }
            // Chromium's stretchy fences are wider than the glyphs drawn, by up to `fenceExcess`
            // (all of it when each draws its narrowest form).
            let widthAgrees = near(width, chromeWidth)
                || (width <= chromeWidth + tolerance(chromeWidth) && width >= chromeWidth - fenceExcess - tolerance(chromeWidth))
            #expect(widthAgrees, "\(markup[k]): \(width) wide, Chromium \(chromeWidth), its fences \(fenceExcess) wider than drawn")
            #expect(near(height, chromeHeight) || (fenceDrop > 0 && near(height, chromeHeight - fenceDrop)),
                    "\(markup[k]): \(height) tall, Chromium \(chromeHeight), a fence \(fenceDrop) below its partner")
        }
        print("FormulaBrowserTests:\n" + report.joined(separator: "\n"))
    }
}
