import PageFormat
import Targets

/// Pages as the layout hands them to the writers, made by hand: `PageFormat` pages with
/// folio 0, lines in page coordinates.
enum TestPages {
    /// A content page showing `lines`.
    static func content(chapter: Int, index: Int, lines: [PageLine], images: [PageImage] = []) -> Page {
        Page(.content(ChapterPage(text: lines.map(\.text).joined(separator: "\n"), folio: 0, chapter: chapter,
                                  indexInChapter: index, lines: lines, images: images)))
    }

    /// BookLayout's spreads, for the default bounds.
    static let target: any PageTarget = try! BookLayoutTarget(TargetRequest())

    /// What a layout at the default geometry, in Liberation Serif at 17 points, says of itself.
    static let layout = LayoutDescription(
        bounds: nil, pageSize: Dimensions(width: 492, height: 718), margins: Margins(top: 40, right: 40, bottom: 40, left: 40),
        contentBox: Box(x: 40, y: 40, width: 412, height: 638),
        font: FontDescription(requested: "Liberation Serif", family: "Liberation Serif", file: "LiberationSerif-Regular.ttf",
                              postScriptName: "LiberationSerif", iOSFontName: "TimesNewRomanPSMT", size: 17, lineHeight: 23.8))
}
