import Dispatch

/// Frees a large value on another thread. A book's model and its pages are millions of small
/// allocations: freeing them would hold the converting thread after the document is made
/// (docs/PERFORMANCE.md), time the JSON can be written in. A process waits for what is
/// still being freed before it exits (`waitForPending`), so nothing is left half-freed for the
/// leak checker to find.
package enum BackgroundRelease {
    private static let pending = DispatchGroup()

    /// Takes `value`, the last reference to what it holds, and lets it go off this thread.
    package static func drop<Value>(_ value: consuming Value) {
        let retained = Unmanaged.passRetained(Box(value))
        DispatchQueue.global(qos: .utility).async(group: pending) { retained.release() }
    }

    /// Returns once everything dropped so far is freed.
    package static func waitForPending() {
        pending.wait()
    }

    /// Unchecked: after `drop` nothing but the releasing thread holds it.
    private final class Box<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }
}
