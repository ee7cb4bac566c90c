import Foundation

/// What the browser check (`CheckScript`) found: the page count, and each line whose text the
/// browser draws wider than the width the layout gave it.
public struct BrowserCheck: Decodable, Sendable {
    public var pages: Int
    public var screens: Int
    public var lines: Int
    public var justifiedLines: Int
    /// Lines more than half a point wider in the browser than in the layout (the first 50 are
    /// in `overflows`).
    public var overflowCount: Int
    public var overflows: [Overflow]
    /// The largest amount by which a line's browser width passes the layout's (negative when
    /// every line is narrower).
    public var maxOverflow: Double
    /// The largest amount by which a ragged line is narrower in the browser than in the layout.
    public var maxRaggedShortfall: Double
    /// Justified lines the page script could not stretch to their width within half a point.
    public var unfilledJustifiedLines: Int
    public var maxJustifiedError: Double
    /// Lines whose bidi pieces the browser drew in another order than the layout's visual order,
    /// or one of them not starting at its direction's edge (right for a right-to-left piece).
    public var misorderedBidiLines: Int
    public var fonts: [Font]
    public var milliseconds: Double

    public struct Overflow: Decodable, Sendable {
        public var page: Int
        public var text: String
        public var width: Double
        public var browserWidth: Double
    }

    public struct Font: Decodable, Sendable {
        public var family: String
        public var weight: String
        public var style: String
        public var status: String
    }

    /// Runs the check on the preview at `file` in `browser`.
    public static func run(preview file: URL, browser: HeadlessBrowser) throws -> BrowserCheck {
        let dom = try browser.dumpDOM(of: file, fragment: "check")
        return try decode(dom: dom)
    }

    /// The result written into the page's DOM (ASCII JSON inside `<pre id="b2p-check">`).
    public static func decode(dom: String) throws -> BrowserCheck {
        guard let start = dom.range(of: "<pre id=\"b2p-check\">"),
              let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw HeadlessBrowser.Failure.failed("the browser check wrote no result (did the page's script run?)")
        }
        return try JSONDecoder().decode(BrowserCheck.self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
    }
}
