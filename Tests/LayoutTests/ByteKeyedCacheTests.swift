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

    /// Keys of every length up to past an arena key's, each differing from the next only in its
    /// last byte, or in its length (a trailing zero byte), are told apart.
    @Test func keysOfEveryLengthAreToldApart() {
        let cache = ByteKeyedCache()
        var expected: [[UInt8]: Int] = [:]
        for length in 0...40 {
            for last in [UInt8(0), 1, 0x61, 0xFF] where length > 0 || last == 0 {
                var key = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
                if length > 0 { key[length - 1] = last }
                expected[key] = expected[key] ?? expected.count + 1
                let wanted = expected[key]!
                #expect(key.withUnsafeBufferPointer { cache.value(of: $0, space: 0) { wanted } } == wanted, "\(key)")
            }
        }
        #expect(cache.count == expected.count)
        for (key, wanted) in expected {
            #expect(key.withUnsafeBufferPointer { cache.value(of: $0, space: 0) { -1 } } == wanted, "\(key)")
        }
    }

    /// Warming only reads: what is held, and what is found, stay as they were.
    @Test func warmingChangesNothing() {
        let cache = ByteKeyedCache()
        #expect(value(cache, "whale") { 42 } == 42)
        for key in ["whale", "ahab", String(repeating: "leviathan", count: 4), ""] {
            var key = key
            key.withUTF8 { cache.note($0, space: 0) }
        }
        cache.warmNoted()
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

    /// Past its bound the table is emptied and fills again: it never holds more keys than the
    /// bound, and every value is what its key computes, whether remembered or computed again.
    @Test func pastItsBoundTheCacheIsEmptiedAndValuesStayRight() {
        let cache = ByteKeyedCache(maximumCapacity: 64)
        var emptyings = 0
        cache.emptied = { emptyings += 1 }
        var most = 0
        for round in 0..<3 {
            for key in 0..<200 {
                let long = round == 1 ? String(repeating: "leviathan", count: 3) : ""
                #expect(value(cache, "\(long)whale \(key)") { key * 7 } == key * 7)
                most = max(most, cache.count)
            }
        }
        #expect(emptyings > 0)
        #expect(most == 64 * 9 / 16)
        // Keys held are found, not computed again.
        var computed = false
        #expect(value(cache, "whale 199") { computed = true; return -1 } == 199 * 7)
        #expect(!computed)
    }

    /// A `compute` that fills the table past its bound (here, with more keys than it may hold)
    /// finds its own values still there: the table is emptied only between computations, and
    /// then so are numbers kept beside it, as the hyphenators keep their points.
    @Test func aComputationFillingTheCachePastItsBoundIsNotEmptiedUnder() {
        let cache = ByteKeyedCache(maximumCapacity: 64)
        var beside: [[Int]] = [[]]
        var computing = 0
        var emptiedWhileComputing = false
        cache.emptied = {
            emptiedWhileComputing = emptiedWhileComputing || computing > 0
            beside.removeSubrange(1...)
        }
        func remember(_ points: [Int]) -> Int {
            beside.append(points)
            return beside.count - 1
        }
        func points(_ outer: Int) -> [Int] {
            beside[value(cache, "outer \(outer)") {
                computing += 1
                defer { computing -= 1 }
                var points: [Int] = []
                for inner in 0..<50 {
                    points += beside[value(cache, "inner \(outer) \(inner)", space: 1) { remember([outer, inner]) }]
                }
                return remember(points)
            }]
        }
        for round in 0..<2 {
            for outer in 0..<10 {
                let expected = (0..<50).flatMap { [outer, $0] }
                #expect(points(outer) == expected, "round \(round), key \(outer)")
                #expect(beside.count == cache.count + 1)
            }
        }
        #expect(!emptiedWhileComputing)
        // The next key computed finds the overfull table emptied.
        #expect(value(cache, "whale") { 42 } == 42)
        #expect(cache.count == 1)
        #expect(beside.count == 1)
    }
}
