/// The preview's stylesheet: the viewer (stage, slots, the turning leaf, the bar, the table of
/// contents) and how pages and lines are drawn. Page and font sizes come after it, from the
/// document (`HTMLPreview.pageStyle`).
enum ViewerStyle {
    static let css = """
    html, body { margin: 0; height: 100%; }
    body { background: #45413b; color: #f4efe6; font: 14px/1.3 sans-serif; overflow: hidden; }
    #viewer { position: fixed; inset: 0; display: flex; flex-direction: column; align-items: center; }
    #frame { flex: 1; width: 100%; display: flex; align-items: center; justify-content: center; overflow: hidden; }
    #stage { position: relative; flex: none; perspective: 2600px; cursor: pointer; touch-action: pan-y; }
    .slot, #leaf { position: absolute; top: 25px; }
    #leaf { display: none; z-index: 2; transform-style: preserve-3d; }
    #leaf.turning { transition: transform 0.7s ease-in-out; }
    #leaf .face { position: absolute; inset: 0; backface-visibility: hidden; -webkit-backface-visibility: hidden; }
    #leaf .back { transform: rotateY(180deg); }
    #bar { flex: none; height: 44px; display: flex; gap: 14px; align-items: center; }
    #bar button { font: inherit; color: inherit; background: #5d584f; border: 0; border-radius: 4px; padding: 4px 12px; }
    #counter { min-width: 180px; text-align: center; font-variant-numeric: tabular-nums; }
    #toc { position: fixed; top: 0; bottom: 44px; right: 0; width: 320px; overflow: auto; background: #2f2c28; margin: 0;
           padding: 12px 16px; list-style: none; box-shadow: -4px 0 16px #0008; z-index: 5; }
    #toc li { padding: 3px 0; cursor: pointer; }
    #toc li:hover { text-decoration: underline; }
    #store, #toc[hidden] { display: none; }
    #measure { position: absolute; left: -200000px; top: 0; visibility: hidden; }
    .page { position: absolute; left: 0; top: 0; overflow: hidden; background: #fdfbf6; color: #161411; }
    .slot .page, #leaf .page { box-shadow: 0 2px 10px #0006; }
    .page.invisible { visibility: hidden; }
    .l { position: absolute; white-space: pre; font-kerning: normal; font-synthesis: none; text-rendering: geometricPrecision;
         text-spacing-trim: space-all; }
    .l.v { writing-mode: vertical-rl; text-orientation: upright; }
    .l .t { font-variant-ligatures: normal; word-spacing: var(--j, 0px); }
    .l a { color: inherit; text-decoration: underline 1px #a89c84; text-underline-offset: 2px; }
    .l.c::before { content: "\\21AA"; position: absolute; right: 100%; padding-right: 0.3em; color: #8a8378; }
    .l.c.r::before { right: auto; left: 100%; padding-right: 0; padding-left: 0.3em; content: "\\21A9"; }
    .l.r { text-align: right; }
    /* Each bidi piece a paragraph of its own: nested overrides would put a left-to-right piece
       a level above its right-to-left neighbours and swap them, and in an isolate the spaces
       at a piece's end would follow the line's direction (UAX #9, L1), not the piece's. */
    .ltr, .rtl { display: inline-block; unicode-bidi: bidi-override; }
    .ltr { direction: ltr; }
    .rtl { direction: rtl; }
    .rule::after { content: ""; position: absolute; left: 0; right: 0; top: 50%; border-top: 0.5px solid currentColor; }
    .box, .cell { position: absolute; pointer-events: none; }
    .fm { position: absolute; overflow: visible; }
    .fs { display: inline-block; }
    .img { position: absolute; object-fit: fill; }
    .img.missing { background: #e8e2d6; color: #6c655a; font: 12px sans-serif; display: flex; align-items: center;
                   justify-content: center; text-align: center; }
    .cover { background: #24344d; color: #f4ecd8; }
    .cover-image { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
    .cover-text { position: absolute; left: 10%; right: 10%; top: 30%; text-align: center; font-family: "b2p-face-0", serif; }
    /* A cover picture shows the title itself: the text stays for screen readers only. */
    .cover-image + .cover-text { clip-path: inset(50%); }
    .cover-text h1 { font-size: 32px; margin: 0 0 16px; font-weight: 700; }
    .cover-text p { font-size: 20px; margin: 0; font-style: italic; }
    body.check { overflow: auto; }
    body.check #viewer { display: none; }
    #check-column .page { position: relative; margin: 8px; }
    """
}
