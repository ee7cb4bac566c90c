import Book2PagesKit
import Foundation

/// The batch's progress on standard error when that is a terminal: books done of the total, pages
/// made, books a second and the time left, redrawn in place. Lines printed meanwhile (warnings,
/// failures) go above it.
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private let write: @Sendable (String) -> Void
    private let started = DispatchTime.now()
    private let lock = NSLock()
    private var done = 0
    private var pages = 0

    init(total: Int, enabled: Bool, write: @escaping @Sendable (String) -> Void) {
        self.total = total
        self.enabled = enabled
        self.write = write
    }

    /// Prints `line` (a warning, a failure) without tearing the bar.
    func print(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        write(enabled ? "\r\u{1B}[K" + line + "\n" + bar() : line + "\n")
    }

    func finished(_ result: BatchResult) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        pages += result.pages
        if enabled { write("\r\u{1B}[K" + bar()) }
    }

    /// Clears the bar for good.
    func end() {
        lock.lock()
        defer { lock.unlock() }
        if enabled { write("\r\u{1B}[K") }
    }

    private func bar() -> String {
        let width = 24
        let filled = total == 0 ? width : width * done / total
        let seconds = max(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9, 0.001)
        let rate = Double(done) / seconds
        let left = rate > 0 ? Int((Double(total - done) / rate).rounded()) : 0
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(done)/\(total) books · \(pages) pages · " + String(format: "%.1f", rate) + " books/s · "
            + String(format: "%d:%02d", left / 60, left % 60) + " left"
    }
}
