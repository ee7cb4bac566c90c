import Dispatch

/// Frees a large value on another thread. A book's model and its pages are millions of small
/// allocations: freeing them held the converting thread for 20 to 40 ms after the document was
/// made (docs/PERFORMANCE.md), time the JSON can be written in. A process waits for what is
/// still being freed before it exits (`waitForPending`), so nothing is left half-freed for the
/// leak checker to find.
public enum BackgroundRelease {
    private static let pending = DispatchGroup()

    /// Takes `value`, the last reference to what it holds, and lets it go off this thread.
    public static func drop<Value>(_ value: consuming Value) {
        let box = Unmanaged.passRetained(Box(value))
        DispatchQueue.global(qos: .utility).async(group: pending) { box.release() }
    }

    /// Returns once everything dropped so far is freed.
    public static func waitForPending() {
        pending.wait()
    }

    /// Unchecked: after `drop` nothing but the releasing thread holds it.
    private final class Box<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }
}
