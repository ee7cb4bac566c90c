import Foundation

/// Headless Chromium, run as a command: to read a page's DOM after its scripts ran
/// (`--dump-dom`) and to take a screenshot of it. Each run has a profile directory of its own,
/// so runs can go side by side, and a time limit, so a stuck browser can't hang the tool.
public struct HeadlessBrowser: Sendable {
    public let executable: String

    /// Why the browser could not do what was asked; each description is one line.
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case failed(String)

        public var description: String {
            switch self {
            case .notInstalled:
                "Chromium is not installed (Debian: apt-get install chromium; or set BOOK2PAGES_CHROMIUM to a Chrome binary)"
            case .failed(let message): message
            }
        }
    }

    public init(executable: String) {
        self.executable = executable
    }

    /// `BOOK2PAGES_CHROMIUM` when set, else the first of `chromium`, `chromium-browser`,
    /// `google-chrome` on `PATH`; nil when there is none.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> HeadlessBrowser? {
        if let given = environment["BOOK2PAGES_CHROMIUM"], !given.isEmpty {
            return FileManager.default.isExecutableFile(atPath: given) ? HeadlessBrowser(executable: given) : nil
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories {
                let path = (directory as NSString).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: path) { return HeadlessBrowser(executable: path) }
            }
        }
        return nil
    }

    /// A PNG of the page's viewport at `window` CSS pixels, one device pixel each.
    public func screenshot(of file: URL, fragment: String, window: (width: Int, height: Int), to png: String,
                           budget: Int = 5_000, timeout: TimeInterval = 120) throws(Failure) {
        _ = try run(["--screenshot=\(png)", "--window-size=\(window.width),\(window.height)",
                     "--force-device-scale-factor=1", "--virtual-time-budget=\(budget)", url(file, fragment)],
                    timeout: timeout)
        guard FileManager.default.fileExists(atPath: png) else {
            throw .failed("\(executable) wrote no screenshot to \(png)")
        }
    }

    func url(_ file: URL, _ fragment: String) -> String {
        file.absoluteURL.absoluteString + (fragment.isEmpty ? "" : "#" + fragment)
    }

    /// A profile directory of its own for one run (removed after it), so runs can go side by side.
    static func makeProfile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("book2pages-chromium-\(UUID().uuidString)")
    }

    /// What every run is given: headless, no first-run dialogues, fonts unhinted (advances as
    /// HarfBuzz gives them), its own profile.
    static func commonArguments(profile: URL) -> [String] {
        var common = ["--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--no-default-browser-check",
                      "--disable-extensions", "--mute-audio", "--font-render-hinting=none",
                      "--user-data-dir=\(profile.path)"]
        // Chromium's sandbox refuses to start as root (containers, CI).
        if geteuid() == 0 { common.append("--no-sandbox") }
        return common
    }

    /// Runs the browser headless with `arguments` and returns what it wrote on standard output.
    func run(_ arguments: [String], timeout: TimeInterval) throws(Failure) -> Data {
        let profile = Self.makeProfile()
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Self.commonArguments(profile: profile) + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .failed("\(executable) could not be started: \(error.localizedDescription)")
        }
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, keep) in [(output, true), (errors, false)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                if keep { collected.set(data) } else { collected.setErrors(data) }
                group.leave()
            }
        }
        let deadline = DispatchTime.now() + timeout
        if group.wait(timeout: deadline) == .timedOut {
            process.terminate()
            group.wait()
            process.waitUntilExit()
            throw .failed("\(executable) did not finish within \(Int(timeout)) s")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let last = String(decoding: collected.errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            throw .failed("\(executable) exited with status \(process.terminationStatus): \(last)")
        }
        return collected.data
    }
}

/// What the reading threads hand back.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    private var storedErrors = Data()

    func set(_ data: Data) { lock.withLock { stored = data } }
    func setErrors(_ data: Data) { lock.withLock { storedErrors = data } }
    var data: Data { lock.withLock { stored } }
    var errors: Data { lock.withLock { storedErrors } }
}
