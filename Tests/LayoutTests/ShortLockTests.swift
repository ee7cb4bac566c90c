import Dispatch
import Testing
@testable import Fonts

/// The lock the layout's workers share their caches under lets one thread at a time in, however
/// often they take it.
@Suite struct ShortLockTests {
    @Test func oneThreadAtATime() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100_000 { counter.increment() }
        }
        #expect(counter.value == 400_000)
        // And nobody was ever inside with another.
        #expect(counter.overlaps == 0)
    }
}

/// A count kept with no atomics: only the lock keeps the increments from being lost.
private final class Counter: @unchecked Sendable {
    private let lock = ShortLock()
    private var inside = 0
    private(set) var value = 0
    private(set) var overlaps = 0

    func increment() {
        lock.withLock {
            inside += 1
            if inside > 1 { overlaps += 1 }
            value += 1
            inside -= 1
        }
    }
}
