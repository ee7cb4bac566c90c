import Fonts
import Testing

/// The cache behind word widths and hyphenation answers: a value per (space, bytes), computed
/// once, whatever else the table holds or however it grew meanwhile.
@Suite struct ByteKeyedCacheTests {
    private func value(_ cache: ByteKeyedCache, _ key: String, space: Int = 0, compute: () -> Int) -> Int {
        var key = key
        return key.withUTF8 { cache.value(of: $0, space: space, compute: compute) }
    }

    @Test func aValueIsComputedOnceAndRemembered() {
        let cache = ByteKeyedCache()
        var computed = 0
        for _ in 0..<3 {
            #expect(value(cache, "whale") { computed += 1; return 42 } == 42)
        }
        #expect(computed == 1)
        #expect(cache.count == 1)
    }

    @Test func spacesAndLengthsKeepKeysApart() {
        let cache = ByteKeyedCache()
        #expect(value(cache, "sea", space: 0) { 1 } == 1)
        #expect(value(cache, "sea", space: 1) { 2 } == 2)
        #expect(value(cache, "sea\u{0}") { 3 } == 3)
        // Keys longer than a slot holds live in the arena, and differ in their last byte.
        let long = String(repeating: "leviathan", count: 4)
        #expect(value(cache, long + "a") { 4 } == 4)
        #expect(value(cache, long + "b") { 5 } == 5)
        #expect(value(cache, "sea", space: 0) { 0 } == 1)
        #expect(value(cache, long + "a") { 0 } == 4)
    }

    /// Warming only reads: what is held, and what is found, stay as they were.
    @Test func warmingChangesNothing() {
        let cache = ByteKeyedCache()
        #expect(value(cache, "whale") { 42 } == 42)
        var slots: [Int] = []
        for key in ["whale", "ahab", String(repeating: "leviathan", count: 4), ""] {
            var key = key
            key.withUTF8 { if let slot = cache.slot(of: $0, space: 0) { slots.append(slot) } }
        }
        #expect(slots.count == 4)
        cache.warm(slots: slots)
        #expect(cache.count == 1)
        var computed = false
        #expect(value(cache, "whale") { computed = true; return 0 } == 42)
        #expect(!computed)
        #expect(value(cache, "ahab") { 7 } == 7)
        #expect(cache.count == 2)
    }

    @Test func computingMayFillTheCacheItself() {
        let cache = ByteKeyedCache()
        // Each outer key's computation adds a hundred inner keys, growing the table many times
        // over while the outer key waits for its slot.
        for outer in 0..<100 {
            let answer = value(cache, "outer \(outer)") {
                for inner in 0..<100 { _ = value(cache, "inner \(outer) \(inner)", space: 1) { inner } }
                return outer
            }
            #expect(answer == outer)
        }
        for outer in 0..<100 {
            #expect(value(cache, "outer \(outer)") { -1 } == outer)
            #expect(value(cache, "inner \(outer) 7", space: 1) { -1 } == 7)
        }
        #expect(cache.count == 100 * 101)
    }
}
