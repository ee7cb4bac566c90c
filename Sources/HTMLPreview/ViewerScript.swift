/// The page script: turns the pages (keys, clicks, swipes, the bar, the table of contents) with a
/// 3D flip of a leaf about the spine, and stretches each justified line's spaces to the width the
/// layout gave it (`word-spacing`, from the text's width measured once its fonts have loaded,
/// through the custom property `--j`, so that a run's own word spacing keeps its part).
///
/// The address's fragment says where to open: `#screen=K`, `#page=N` (the screen showing page
/// N); `still` turns without animation (for screenshots). `window.b2p` lets the browser check
/// (`CheckScript`) reach the pages.
enum ViewerScript {
    static let js = #"""
    (function () {
      "use strict";
      const plan = JSON.parse(document.getElementById("b2p-plan").textContent);
      const $ = (id) => document.getElementById(id);
      const pageNodes = [];
      document.querySelectorAll("#store > .page").forEach((node) => { pageNodes[+node.dataset.i] = node; });
      const stage = $("stage"), left = $("left"), right = $("right"), leaf = $("leaf");
      const front = leaf.querySelector(".front"), back = leaf.querySelector(".back");
      const params = new Map(location.hash.slice(1).split("&").map((part) => part.split("=")));
      const still = params.has("still") || matchMedia("(prefers-reduced-motion: reduce)").matches;
      const spread = plan.mode === "spread";
      const pw = plan.pageWidth, ph = plan.pageHeight;
      const stageWidth = (spread ? 2 * pw : pw) + 40, stageHeight = ph + 50;
      const prepared = new Set();
      let current = 0, busy = false;

      // A justified line: its spaces share what the text lacks of the layout's width. Widths are
      // read for every line first, then written, so the page is laid out twice, not once a line.
      // The stretch is `--j`, which a run's own word spacing adds itself to (`LineMarkup`).
      function justify(lines) {
        const texts = lines.map((line) => line.querySelector(".t"));
        texts.forEach((text) => { text.style.setProperty("--j", "0px"); });
        const natural = texts.map((text) => text.getBoundingClientRect().width);
        lines.forEach((line, i) => {
          const spaces = (texts[i].textContent.match(/[ \u00a0]/g) || []).length;
          // An expanded line's text is scaled: its spaces are set before the scale.
          const extra = (parseFloat(line.dataset.w) - natural[i]) / parseFloat(line.dataset.s || "1");
          if (spaces > 0 && extra !== 0) texts[i].style.setProperty("--j", (extra / spaces) + "px");
        });
      }
      // Measured where nothing is turned or scaled, once.
      function prepare(node) {
        if (!node || prepared.has(node)) return;
        $("measure").appendChild(node);
        justify(Array.from(node.querySelectorAll(".l[data-j]")));
        prepared.add(node);
      }
      function put(slot, index) {
        slot.replaceChildren();
        const node = index == null ? null : pageNodes[index];
        if (node) { prepare(node); slot.appendChild(node); }
      }
      function layoutStage() {
        stage.style.width = stageWidth + "px";
        stage.style.height = stageHeight + "px";
        left.style.left = "20px";
        right.style.left = (spread ? 20 + pw : 20) + "px";
        left.style.display = spread ? "" : "none";
        const frame = $("frame");
        const scale = Math.min(frame.clientWidth / stageWidth, frame.clientHeight / stageHeight);
        stage.style.transform = scale > 0 && Math.abs(scale - 1) > 0.001 ? "scale(" + scale + ")" : "";
      }
      function show() {
        const screen = plan.screens[current];
        if (spread) { put(left, screen[0]); put(right, screen[1]); } else { put(right, screen[0]); }
        // In reading order: a right-to-left book's spread reads from its right-hand page.
        const shown = screen.filter((i) => i != null).sort((a, b) => a - b);
        const labels = shown.map((i) => plan.labels[i]).filter((l) => l !== "");
        const pages = labels.length === 0 ? "" : labels[0] === "cover" ? "cover · " : "p. " + labels.join("–") + " · ";
        $("counter").textContent = pages + (current + 1) + " / " + plan.screens.length;
        history.replaceState(null, "", "#screen=" + current + (params.has("still") ? "&still" : ""));
      }
      function placeLeaf(onLeft, origin) {
        leaf.style.left = (onLeft ? 20 : spread ? 20 + pw : 20) + "px";
        leaf.style.width = pw + "px";
        leaf.style.height = ph + "px";
        leaf.style.transformOrigin = origin + " center";
      }
      function turn(to) {
        if (busy || to < 0 || to >= plan.screens.length || to === current) return;
        const from = plan.screens[current], dest = plan.screens[to];
        if (still) { current = to; show(); return; }
        busy = true;
        const forward = to > current;
        // A leaf turning from the right-hand side over to the left, as in a left-to-right book.
        const leftward = forward !== plan.rtl;
        let start = 0, end;
        if (spread) {
          if (leftward) {
            put(left, from[0]); put(right, dest[1]); put(front, from[1]); put(back, dest[0]);
            placeLeaf(false, "left"); end = -180;
          } else {
            put(left, dest[0]); put(right, from[1]); put(front, from[0]); put(back, dest[1]);
            placeLeaf(true, "right"); end = 180;
          }
        } else {
          // One page a screen: the page turns away about its edge, or the page before turns back.
          const edge = plan.rtl ? "right" : "left", away = plan.rtl ? 180 : -180;
          back.replaceChildren();
          if (forward) { put(right, dest[0]); put(front, from[0]); end = away; }
          else { put(right, from[0]); put(front, dest[0]); start = away; end = 0; }
          placeLeaf(false, edge);
        }
        leaf.classList.remove("turning");
        leaf.style.transform = "rotateY(" + start + "deg)";
        leaf.style.display = "block";
        void leaf.offsetWidth;
        leaf.classList.add("turning");
        leaf.style.transform = "rotateY(" + end + "deg)";
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          leaf.style.display = "none";
          current = to; busy = false; show();
        };
        leaf.addEventListener("transitionend", finish, { once: true });
        setTimeout(finish, 1200);
      }
      const next = () => turn(current + 1), previous = () => turn(current - 1);
      // The side a reader reaches for: the right goes on in a left-to-right book, back in a right-to-left one.
      const towardRight = () => (plan.rtl ? previous() : next());
      const towardLeft = () => (plan.rtl ? next() : previous());
      function screenOf(page) {
        const found = plan.screens.findIndex((screen) => screen.includes(page));
        return found < 0 ? current : found;
      }

      document.addEventListener("keydown", (event) => {
        const keys = { ArrowRight: towardRight, ArrowLeft: towardLeft, PageDown: next, " ": next, PageUp: previous,
                       Home: () => turn(0), End: () => turn(plan.screens.length - 1) };
        if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
      });
      let downX = null, swiped = false;
      stage.addEventListener("pointerdown", (event) => { downX = event.clientX; swiped = false; });
      stage.addEventListener("pointerup", (event) => {
        if (downX == null) return;
        const dx = event.clientX - downX;
        downX = null;
        if (Math.abs(dx) > 40) { swiped = true; (dx < 0 ? towardRight : towardLeft)(); }
      });
      stage.addEventListener("click", (event) => {
        if (swiped) return;
        // A link into the book turns to its page; one out of it opens as links do.
        const link = event.target.closest ? event.target.closest("a") : null;
        if (link) {
          if (link.dataset.page != null) { event.preventDefault(); turn(screenOf(+link.dataset.page)); }
          return;
        }
        const box = stage.getBoundingClientRect();
        (event.clientX > box.left + box.width / 2 ? towardRight : towardLeft)();
      });
      $("prev").addEventListener("click", towardLeft);
      $("next").addEventListener("click", towardRight);
      $("toc-button").addEventListener("click", () => { $("toc").hidden = !$("toc").hidden; });
      plan.toc.forEach((entry) => {
        const item = document.createElement("li");
        item.textContent = entry.title + (plan.labels[entry.page] ? "  ·  " + plan.labels[entry.page] : "");
        item.style.paddingLeft = (entry.level - 1) * 16 + "px";
        item.addEventListener("click", () => { $("toc").hidden = true; turn(screenOf(entry.page)); });
        $("toc").appendChild(item);
      });
      window.addEventListener("resize", layoutStage);

      // For `--png`: show a screen as it is, resolved once it has been drawn.
      const showScreen = (index) => new Promise((done) => {
        current = index; show();
        requestAnimationFrame(() => requestAnimationFrame(done));
        setTimeout(done, 500);
      });
      window.b2p = { plan, pageNodes, justify, showScreen, ready: false };
      if (params.has("check")) return;
      if (params.has("screen")) current = Math.max(0, Math.min(plan.screens.length - 1, +params.get("screen") || 0));
      if (params.has("page")) current = screenOf(+params.get("page"));
      layoutStage();
      // Lines are measured to be justified: only once the embedded fonts are in.
      Promise.all(Array.from(document.fonts).map((face) => face.load().catch(() => null))).then(() => {
        show();
        window.b2p.ready = true;
      });
    })();
    """#
}
