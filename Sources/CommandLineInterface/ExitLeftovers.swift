import Book2PagesKit
import Foundation

/// What a process that is about to exit leaves for the exit to take back instead of freeing: a
/// book's model and pages are millions of allocations, and freeing them would hold the exit
/// while the pages are already written. Freed all the same when LeakSanitizer watches the
/// process, as in the sanitizer runs: it can neither see them as reachable (the page kinds'
/// enum keeps its case in spare bits of its pointers) nor be told otherwise, and would report
/// them as leaked.
enum ExitLeftovers {
    /// Whether LeakSanitizer's runtime is in the process (AddressSanitizer brings it).
    static let leakCheckerIsRunning = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__lsan_do_leak_check") != nil

    /// Keeps `value` to the exit, or lets it go off this thread under the leak checker.
    static func leave<Value>(_ value: consuming Value) {
        if leakCheckerIsRunning {
            BackgroundRelease.drop(value)
        } else {
            _ = Unmanaged.passRetained(Kept(value))
        }
    }

    private final class Kept<Value> {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }
}
