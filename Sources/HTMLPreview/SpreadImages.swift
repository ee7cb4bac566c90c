import Foundation
import PageFormat

/// One PNG a screen of a preview (a spread, or a page for the single-page targets), taken by
/// headless Chromium at one CSS pixel a point, the bar with the page counter included.
public enum SpreadImages {
    /// The window a screen of `document`'s preview fills exactly: the stage (a spread, or a page,
    /// with BookLayout's 20-point sides and 25-point top and bottom) and the bar below it.
    public static func window(for document: PageDocument) -> (width: Int, height: Int) {
        let plan = ScreenPlan(document)
        let pages = plan.mode == "spread" ? 2.0 : 1.0
        return (Int((pages * plan.pageWidth + 40).rounded(.up)), Int((plan.pageHeight + 50 + 44).rounded(.up)))
    }

    /// How many screens the preview turns through.
    public static func screenCount(of document: PageDocument) -> Int { ScreenPlan(document).screens.count }

    /// The file name of screen `index` (from 0): `spread-0001.png`.
    public static func fileName(ofScreen index: Int) -> String {
        let number = String(index + 1)
        return "spread-" + String(repeating: "0", count: max(0, 4 - number.count)) + number + ".png"
    }

    /// Writes a PNG of each screen of the preview at `preview` (the HTML file written for
    /// `document`) into `directory`, `jobs` browsers at a time; returns the files in order.
    public static func write(_ document: PageDocument, preview: URL, into directory: String, browser: HeadlessBrowser,
                             screens: Range<Int>? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount)
        throws(HeadlessBrowser.Failure) -> [String] {
        let window = window(for: document)
        let all = 0..<screenCount(of: document)
        let chosen = screens.map { $0.clamped(to: all) } ?? all
        let files = chosen.map { (directory as NSString).appendingPathComponent(fileName(ofScreen: $0)) }
        let failures = Failures()
        let limit = DispatchSemaphore(value: max(1, jobs))
        DispatchQueue.concurrentPerform(iterations: files.count) { offset in
            limit.wait()
            defer { limit.signal() }
            guard !failures.any else { return }
            do throws(HeadlessBrowser.Failure) {
                try browser.screenshot(of: preview, fragment: "screen=\(chosen.lowerBound + offset)&still",
                                       window: window, to: files[offset])
            } catch {
                failures.add(error)
            }
        }
        if let failure = failures.first { throw failure }
        return files
    }
}

/// The first failure among the browsers run side by side.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [HeadlessBrowser.Failure] = []

    func add(_ failure: HeadlessBrowser.Failure) { lock.withLock { failures.append(failure) } }
    var any: Bool { lock.withLock { !failures.isEmpty } }
    var first: HeadlessBrowser.Failure? { lock.withLock { failures.first } }
}
