/// The browser check, run when the address's fragment holds `check`: every page is laid out in
/// one column once the embedded fonts have loaded, and each line's text is measured by the
/// browser itself (its inline box, before any word spacing) and compared with the width the
/// layout gave it (a justified line's less what its spaces may give back), and each line's bidi pieces are checked to stand in the visual order the
/// layout gives, each starting at its direction's edge. Then the justified lines are stretched
/// as the viewer stretches them and measured again; on a page with a table, each cell's lines
/// are checked to lie inside the cell's box as the browser draws them (the text's own
/// rectangle, within half a pixel); every other line's text is checked to cross no rule and,
/// where it stands level with a background, to lie across inside it (a box around blocks
/// encloses its lines); and the boxes are read back where the browser put them.
/// The result is written into the page as `<pre id="b2p-check">` holding JSON in ASCII (read
/// back with `chromium --dump-dom`; the tests' `BrowserCheck` decodes it).
enum CheckScript {
    static let js = #"""
    (function () {
      "use strict";
      if (!window.b2p || !/(^|[#&])check(&|=|$)/.test(location.hash)) return;
      const started = performance.now();
      document.body.classList.add("check");
      const column = document.getElementById("check-column");
      const nodes = window.b2p.pageNodes.filter((node) => node);
      nodes.forEach((node) => column.appendChild(node));
      const faces = Array.from(document.fonts);
      Promise.all(faces.map((face) => face.load().catch(() => null))).then(() => document.fonts.ready).then(() => {
        const lines = Array.from(column.querySelectorAll(".l[data-w]"));
        // A vertical line's advance runs down the page.
        const natural = lines.map((line) => {
          const box = line.querySelector(".t").getBoundingClientRect();
          return line.hasAttribute("data-v") ? box.height : box.width;
        });
        // A justified line's spaces may give back up to a third of their width (FORMAT.md,
        // "Justified lines"): each space as the browser draws it, measured alone.
        const shrinkable = (line) => {
          if (!line.hasAttribute("data-j") || line.hasAttribute("data-v")) return 0;
          const walker = document.createTreeWalker(line.querySelector(".t"), NodeFilter.SHOW_TEXT);
          const range = document.createRange();
          let sum = 0;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let k = 0; k < node.data.length; k++) {
              if (node.data[k] !== " " && node.data[k] !== "\u00a0") continue;
              range.setStart(node, k);
              range.setEnd(node, k + 1);
              sum += range.getBoundingClientRect().width;
            }
          }
          return sum / 3;
        };
        const overflows = [];
        let maxOverflow = 0, maxShortfall = 0;
        const shortfalls = [];
        lines.forEach((line, i) => {
          const width = parseFloat(line.dataset.w), difference = natural[i] - width - shrinkable(line);
          maxOverflow = Math.max(maxOverflow, difference);
          if (!line.hasAttribute("data-j")) maxShortfall = Math.max(maxShortfall, -difference);
          if (!line.hasAttribute("data-j") && difference < -0.5) {
            shortfalls.push({ page: +line.closest(".page").dataset.i, text: line.textContent, width: width, browserWidth: natural[i] });
          }
          if (difference > 0.5) {
            overflows.push({ page: +line.closest(".page").dataset.i, text: line.textContent,
                             width: width, browserWidth: natural[i] });
          }
        });
        // A line's bidi pieces stand left to right in the order the layout gives them, and each
        // starts (its first character in reading order) at its own direction's edge.
        let misordered = 0;
        lines.forEach((line) => {
          const pieces = Array.from(line.querySelector(".t").children).filter((piece) => /\b(ltr|rtl)\b/.test(piece.className));
          const boxes = pieces.map((piece) => piece.getBoundingClientRect());
          const outOfOrder = boxes.some((box, i) => i > 0 && box.left < boxes[i - 1].left - 0.5);
          const wrongWay = pieces.some((piece, i) => {
            const walker = document.createTreeWalker(piece, NodeFilter.SHOW_TEXT);
            const first = walker.nextNode();
            if (!first || first.data.length === 0) return false;
            const range = document.createRange();
            range.setStart(first, 0);
            range.setEnd(first, first.data.length > 1 && /[\ud800-\udbff]/.test(first.data[0]) ? 2 : 1);
            const glyph = range.getBoundingClientRect();
            return piece.className === "rtl" ? Math.abs(glyph.right - boxes[i].right) > 0.5
                                             : Math.abs(glyph.left - boxes[i].left) > 0.5;
          });
          if (outOfOrder || wrongWay) misordered += 1;
        });
        const justified = lines.filter((line) => line.hasAttribute("data-j"));
        window.b2p.justify(justified);
        let unfilled = 0, maxJustifiedError = 0;
        justified.forEach((line) => {
          const error = Math.abs(line.querySelector(".t").getBoundingClientRect().width - parseFloat(line.dataset.w));
          maxJustifiedError = Math.max(maxJustifiedError, error);
          if (error > 0.5) unfilled += 1;
        });
        // A table cell's lines, as drawn, inside the cell's box; cells are paired with their
        // lines page by page, as a cell continued on the next page names the same place.
        const place = (node) => [node.dataset.table, node.dataset.row, node.dataset.column,
                                 node.hasAttribute("data-repeated")].join(",");
        const outside = [], drawnBoxes = [], acrossBoxes = [];
        let cellCount = 0, cellLines = 0;
        nodes.forEach((node) => {
          const page = node.getBoundingClientRect(), index = +node.dataset.i;
          const cells = new Map();
          node.querySelectorAll(".cell").forEach((cell) => cells.set(place(cell), cell.getBoundingClientRect()));
          cellCount += cells.size;
          node.querySelectorAll(".l[data-table]").forEach((line) => {
            cellLines += 1;
            const text = line.querySelector(".t").getBoundingClientRect(), cell = cells.get(place(line));
            const inside = cell !== undefined && text.left >= cell.left - 0.5 && text.right <= cell.right + 0.5
              && text.top >= cell.top - 0.5 && text.bottom <= cell.bottom + 0.5;
            if (!inside) {
              outside.push({ page: index, text: line.textContent, table: +line.dataset.table, row: +line.dataset.row,
                             column: +line.dataset.column, hasCell: cell !== undefined });
            }
          });
          const rules = [], backgrounds = [];
          node.querySelectorAll(".box").forEach((box) => {
            const drawn = box.getBoundingClientRect();
            drawnBoxes.push({ page: index, kind: box.dataset.kind, x: drawn.left - page.left, y: drawn.top - page.top,
                              width: drawn.width, height: drawn.height, color: getComputedStyle(box).backgroundColor });
            (box.dataset.kind === "rule" ? rules : backgrounds).push(drawn);
          });
          // The page's other lines: no text across a rule, and none level with a background
          // that reaches past its sides.
          node.querySelectorAll(".l:not([data-table])").forEach((line) => {
            const t = line.querySelector(".t");
            if (!t || line.textContent === "") return;
            const text = t.getBoundingClientRect(), middle = (text.top + text.bottom) / 2;
            const crossesRule = rules.some((rule) => text.left < rule.right - 0.5 && rule.left < text.right - 0.5
              && text.top < rule.bottom - 0.5 && rule.top < text.bottom - 0.5);
            const outsideBackground = backgrounds.some((shade) => middle > shade.top && middle < shade.bottom
              && (text.left < shade.left - 0.5 || text.right > shade.right + 0.5));
            if (crossesRule || outsideBackground) {
              acrossBoxes.push({ page: index, text: line.textContent, crossesRule: crossesRule,
                                 outsideBackground: outsideBackground });
            }
          });
        });
        // Each ruby reading's box lies within its line's box, and crosses no other line's
        // text as the browser draws it (the line before, the line after).
        let rubies = 0;
        const rubiesAcross = [];
        nodes.forEach((node) => {
          const index = +node.dataset.i;
          const texts = Array.from(node.querySelectorAll(".l[data-w]")).map((line) => [line, line.querySelector(".t").getBoundingClientRect()]);
          node.querySelectorAll(".l.ruby").forEach((ruby) => {
            rubies += 1;
            let owner = ruby.previousElementSibling;
            while (owner && owner.classList.contains("ruby")) owner = owner.previousElementSibling;
            const box = ruby.getBoundingClientRect(), lineBox = owner ? owner.getBoundingClientRect() : null;
            const outside = !lineBox || box.top < lineBox.top - 0.5 || box.bottom > lineBox.bottom + 0.5
              || box.left < lineBox.left - 0.5 || box.right > lineBox.right + 0.5;
            const crosses = texts.some(([line, text]) => line !== owner && box.left < text.right - 0.5 && text.left < box.right - 0.5
              && box.top < text.bottom - 0.5 && text.top < box.bottom - 0.5);
            if (outside || crosses) rubiesAcross.push({ page: index, text: ruby.textContent, outsideLine: outside, crossesLine: crosses });
          });
        });
        const result = {
          rubies: rubies, rubiesAcrossCount: rubiesAcross.length, rubiesAcross: rubiesAcross.slice(0, 50),
          pages: nodes.length, screens: window.b2p.plan.screens.length, lines: lines.length,
          justifiedLines: justified.length, overflowCount: overflows.length, overflows: overflows.slice(0, 50),
          maxOverflow: maxOverflow, maxRaggedShortfall: maxShortfall, raggedShortfalls: shortfalls.slice(0, 50),
          unfilledJustifiedLines: unfilled, maxJustifiedError: maxJustifiedError, misorderedBidiLines: misordered,
          cells: cellCount, cellLines: cellLines, linesOutsideCellCount: outside.length,
          linesOutsideCells: outside.slice(0, 50), linesAcrossBoxesCount: acrossBoxes.length,
          linesAcrossBoxes: acrossBoxes.slice(0, 50), boxes: drawnBoxes.slice(0, 1000),
          fonts: faces.map((face) => ({ family: face.family, weight: String(face.weight), style: face.style, status: face.status })),
          milliseconds: Math.round(performance.now() - started)
        };
        const out = document.createElement("pre");
        out.id = "b2p-check";
        out.textContent = JSON.stringify(result).replace(/[^\x20-\x7e]|[<>&]/g,
          (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
        document.body.appendChild(out);
      });
    })();
    """#
}
