import Dispatch
import Foundation

/// Frees a large value on another thread. A book's model and its pages are millions of small
/// allocations: freeing them would hold the converting thread after the document is made
/// (docs/PERFORMANCE.md), time the JSON can be written in. A process waits for what is
/// still being freed before it exits (`waitForPending`), so nothing is left half-freed for the
/// leak checker to find.
///
/// A process that exits once its one book is written need not free it at all: after
/// `keepUntilExit()` what is dropped is held to the end, and the system takes the memory back
/// at exit in one piece, where freeing it allocation by allocation kept a core busy and the
/// exit waited for the last of it. Held values stay reachable, so the leak checker sees
/// no leak, but for what a `Data` holds: it cannot follow those references, so a caller lets
/// its `Data` go before dropping the rest.
public enum BackgroundRelease {
    private static let pending = DispatchGroup()
    private static let kept = KeptValues()

    /// From now on, keeps what is dropped until the process exits. Only for a process that ends
    /// after a conversion or two: a batch, or tests converting book after book in one process,
    /// must free as they go.
    public static func keepUntilExit() {
        kept.start()
    }

    /// Takes `value`, the last reference to what it holds, and lets it go off this thread (or
    /// keeps it, after `keepUntilExit()`).
    public static func drop<Value>(_ value: consuming Value) {
        let box = Box(value)
        if kept.keep(box) { return }
        let retained = Unmanaged.passRetained(box)
        DispatchQueue.global(qos: .utility).async(group: pending) { retained.release() }
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

    /// The values held to the process's end, once asked for.
    private final class KeptValues: @unchecked Sendable {
        private let lock = NSLock()
        private var keeping = false
        private var values: [AnyObject] = []

        func start() {
            lock.withLock { keeping = true }
        }

        /// Whether `value` is held here.
        func keep(_ value: AnyObject) -> Bool {
            lock.withLock {
                if keeping { values.append(value) }
                return keeping
            }
        }
    }
}
