import Foundation
@testable import HTMLPreview

/// What the browser check (`CheckScript`, which every preview carries, shown at `#check`) found,
/// read back from the page's DOM in headless Chromium: the page count, each line whose text
/// the browser draws wider than the width the layout gave it, each table cell's line drawn
/// outside its cell, each other line drawn across a box's rule or past its background, and
/// where the boxes were drawn.
struct BrowserCheck: Decodable, Sendable {
    var pages: Int
    var screens: Int
    var lines: Int
    var justifiedLines: Int
    /// Lines more than half a point wider in the browser than in the layout (the first 50 are
    /// in `overflows`).
    var overflowCount: Int
    var overflows: [Overflow]
    /// The largest amount by which a line's browser width passes the layout's (negative when
    /// every line is narrower).
    var maxOverflow: Double
    /// The largest amount by which a ragged line is narrower in the browser than in the layout.
    var maxRaggedShortfall: Double
    /// Ragged lines more than half a point narrower in the browser than in the layout (the first 50).
    var raggedShortfalls: [Overflow]
    /// Justified lines the page script could not stretch to their width within half a point.
    var unfilledJustifiedLines: Int
    var maxJustifiedError: Double
    /// Lines whose bidi pieces the browser drew in another order than the layout's visual order,
    /// or one of them not starting at its direction's edge (right for a right-to-left piece).
    var misorderedBidiLines: Int
    /// The table cells on the pages, and the lines of their text.
    var cells: Int
    var cellLines: Int
    /// Cell lines whose text the browser draws (more than half a point) outside their cell's
    /// box, or that name a cell their page does not have (the first 50 are listed).
    var linesOutsideCellCount: Int
    var linesOutsideCells: [OutsideLine]
    /// Lines outside tables whose text the browser draws across a rule, or level with a
    /// background but reaching past its sides (the first 50 are listed).
    var linesAcrossBoxesCount: Int
    var linesAcrossBoxes: [AcrossBox]
    /// Every box (rule, background) where the browser drew it, from its page's corner (the first 1000).
    var boxes: [DrawnBox]
    var fonts: [Font]
    var milliseconds: Double
    /// Ruby readings drawn, and those whose box leaves their line's box or crosses another
    /// line's text as the browser draws it (the first 50 are listed).
    var rubies: Int
    var rubiesAcrossCount: Int
    var rubiesAcross: [RubyAcross]

    struct RubyAcross: Decodable, Sendable {
        var page: Int
        var text: String
        var outsideLine: Bool
        var crossesLine: Bool
    }

    struct Overflow: Decodable, Sendable {
        var page: Int
        var text: String
        var width: Double
        var browserWidth: Double
    }

    struct OutsideLine: Decodable, Sendable {
        var page: Int
        var text: String
        var table: Int
        var row: Int
        var column: Int
        /// Whether the page has the cell the line names.
        var hasCell: Bool
    }

    struct AcrossBox: Decodable, Sendable {
        var page: Int
        var text: String
        var crossesRule: Bool
        var outsideBackground: Bool
    }

    struct DrawnBox: Decodable, Sendable {
        var page: Int
        var kind: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        /// As CSS computes it: `rgb(51, 51, 51)`.
        var color: String
    }

    struct Font: Decodable, Sendable {
        var family: String
        var weight: String
        var style: String
        var status: String
    }

    /// Runs the check on the preview at `file` in `browser`.
    static func run(preview file: URL, browser: HeadlessBrowser) throws -> BrowserCheck {
        let dom = try browser.dumpDOM(of: file, fragment: "check")
        return try decode(dom: dom)
    }

    /// The result written into the page's DOM (ASCII JSON inside `<pre id="b2p-check">`).
    static func decode(dom: String) throws -> BrowserCheck {
        guard let start = dom.range(of: "<pre id=\"b2p-check\">"),
              let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw HeadlessBrowser.Failure.failed("the browser check wrote no result (did the page's script run?)")
        }
        return try JSONDecoder().decode(BrowserCheck.self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
    }
}

extension HeadlessBrowser {
    /// The page's DOM once its scripts have run: virtual time runs `budget` milliseconds ahead
    /// (fonts load, promises settle) before the DOM is written out.
    func dumpDOM(of file: URL, fragment: String, window: (width: Int, height: Int) = (1280, 900),
                 budget: Int = 30_000, timeout: TimeInterval = 600) throws(Failure) -> String {
        let output = try run(["--dump-dom", "--virtual-time-budget=\(budget)",
                              "--window-size=\(window.width),\(window.height)", url(file, fragment)], timeout: timeout)
        return String(decoding: output, as: UTF8.self)
    }

    /// The text a page's script wrote into `<pre id="ID">` of a dumped `dom`, its markup's
    /// escapes undone; nil when there is none (the script did not run).
    static func preText(id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "<pre id=\"\(id)\">"),
              let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else { return nil }
        return String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
