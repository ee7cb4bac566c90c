import FileNames
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
    /// `document`) into `directory`; returns the files in order. One browser loads the preview
    /// once, over the DevTools pipe, and shows and captures each screen in turn (a browser a
    /// screen takes about two seconds each).
    public static func write(_ document: PageDocument, preview: URL, into directory: String, browser: HeadlessBrowser,
                             screens: Range<Int>? = nil) throws(HeadlessBrowser.Failure) -> [String] {
        let window = window(for: document)
        let all = 0..<screenCount(of: document)
        let chosen = screens.map { $0.clamped(to: all) } ?? all
        guard !chosen.isEmpty else { return [] }
        let profile = HeadlessBrowser.makeProfile()
        defer { try? FileManager.default.removeItem(at: profile) }
        let pipe = try DevToolsPipe(executable: browser.executable,
                                    arguments: HeadlessBrowser.commonArguments(profile: profile)
                                        + ["--remote-debugging-pipe", "--window-size=\(window.width),\(window.height)", "about:blank"],
                                    timeout: 120 + 10 * Double(chosen.count))
        guard let target = try pipe.send("Target.createTarget", ["url": "about:blank"])["targetId"] as? String,
              let page = try pipe.send("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String else {
            throw .failed("\(browser.executable) opened no page for the spreads")
        }
        try pipe.send("Emulation.setDeviceMetricsOverride",
                      ["width": window.width, "height": window.height, "deviceScaleFactor": 1, "mobile": false], session: page)
        try pipe.send("Page.navigate", ["url": preview.absoluteURL.absoluteString + "#screen=\(chosen.lowerBound)&still"],
                      session: page)
        // The viewer shows its first screen once the embedded fonts have loaded.
        var ready = false
        for _ in 0..<1200 where !ready {
            let answer = try pipe.send("Runtime.evaluate", ["expression": "!!(window.b2p && window.b2p.ready)",
                                                            "returnByValue": true], session: page)
            ready = (answer["result"] as? [String: Any])?["value"] as? Bool == true
            if !ready { usleep(50_000) }
        }
        guard ready else { throw .failed("the preview \(preview.lastPathComponent) never showed its pages in \(browser.executable)") }
        var files: [String] = []
        for screen in chosen {
            try pipe.send("Runtime.evaluate", ["expression": "window.b2p.showScreen(\(screen))", "awaitPromise": true],
                          session: page)
            let shot = try pipe.send("Page.captureScreenshot", ["format": "png"], session: page)
            guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
                throw .failed("\(browser.executable) gave no picture of spread \(screen + 1)")
            }
            let file = (directory as NSString).appendingPathComponent(fileName(ofScreen: screen))
            // By the name's bytes (`FileSystem`): the folder's name need not be UTF-8.
            do {
                try FileSystem.replace(file, with: [UInt8](data))
            } catch {
                throw .failed("\(file): \(error)")
            }
            files.append(file)
        }
        _ = try? pipe.send("Browser.close")
        return files
    }
}
