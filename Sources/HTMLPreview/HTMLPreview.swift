import Foundation
import PageFormat

/// Writes one self-contained HTML file that shows a paginated book as the seeds' systems do:
/// BookLayout's closed book and two-page spreads turning with a 3D flip, or one page a screen
/// for the single-page targets. Every line is drawn where the layout put it, in the font files
/// it was measured with (embedded), so the preview shows the layout itself, not a reflow.
/// One CSS pixel is one point (an iOS point is a CSS pixel).
public enum HTMLPreview {
    public static func html(for document: PageDocument, assets: PreviewAssets) -> String {
        let plan = ScreenPlan(document)
        var markup = PageMarkup(layout: document.layout, imageURLs: PageMarkup.imageURLs(assets.images))
        markup.destination = { document.destination(of: $0) }
        var pages = ""
        for (index, page) in document.pages.enumerated() { pages += markup.html(page, index: index) }
        let title = HTMLText.escaped(document.metadata.title)
        let language = HTMLText.escaped(document.metadata.language ?? "")
        return """
        <!DOCTYPE html>
        <html lang="\(language)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="book2pages preview">
        <title>\(title)</title>
        <style>
        \(FontFaceRules.css(layout: document.layout, assets: assets))
        </style>
        <style>
        \(ViewerStyle.css)
        \(pageStyle(document.layout))
        </style>
        </head>
        <body>
        \(GlyphDefinitions.svg(faces: document.layout.standIns ?? [], glyphs: assets.glyphs))
        <div id="viewer">
        <div id="frame"><div id="stage"><div id="left" class="slot"></div><div id="right" class="slot"></div><div id="leaf"><div class="face front"></div><div class="face back"></div></div></div></div>
        <nav id="bar"><button id="prev" aria-label="Turn to the left">◀</button><span id="counter"></span><button id="next" aria-label="Turn to the right">▶</button><button id="toc-button">Contents</button></nav>
        <ol id="toc" hidden></ol>
        </div>
        <div id="measure"></div>
        <div id="check-column"></div>
        <div id="store">
        \(pages)</div>
        <script type="application/json" id="b2p-plan">\(planJSON(plan))</script>
        <script>
        \(ViewerScript.js)
        </script>
        <script>
        \(CheckScript.js)
        </script>
        </body>
        </html>

        """
    }

    /// Every page's size, and the body face and size lines are drawn in unless a run says otherwise.
    static func pageStyle(_ layout: LayoutDescription) -> String {
        let size = layout.pageSize
        return ".page { width: \(HTMLText.px(size.width)); height: \(HTMLText.px(size.height)); }\n"
            + ".l .t { font-size: \(HTMLText.px(layout.font.size)); }\n"
            + ".l.n .t { font-size: \(HTMLText.px(layout.notes?.size ?? layout.font.size)); }"
    }

    /// The plan as JSON inside a `<script>` element: `JSONEncoder` writes `/` as `\/`, so no
    /// `</script>` can end it early.
    static func planJSON(_ plan: ScreenPlan) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(plan)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
