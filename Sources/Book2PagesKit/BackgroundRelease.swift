import Dispatch

/// Frees a large value on another thread. A book's model and its pages are millions of small
/// allocations: freeing them held the converting thread for 20 to 70 ms after its work was done
/// (docs/PERFORMANCE.md), while a core had time to spare.
public enum BackgroundRelease {
    /// Takes `value`, the last reference to what it holds, and lets it go off this thread.
    public static func drop<Value>(_ value: consuming Value) {
        let box = Unmanaged.passRetained(Box(value))
        DispatchQueue.global(qos: .utility).async { box.release() }
    }

    /// Unchecked: after `drop` nothing but the releasing thread holds it.
    private final class Box<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }
}
