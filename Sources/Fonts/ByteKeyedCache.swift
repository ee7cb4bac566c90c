/// Numbers remembered by (space, UTF-8 bytes), looked up without making a `String`: layout asks
/// for every word of a book — its advance in a face (`TextMeasurer`, a space per face), where
/// it may take a hyphen (`WordHyphenator`, a space per dictionary) — and with a
/// `Dictionary<String, …>` building and hashing the keys cost more than the work they save.
///
/// Open addressing with linear probing over memory it owns (no copy-on-write or exclusivity
/// checks in the hot path). Keys of up to 16 bytes (nearly every word) are held in the slot
/// itself, so a lookup touches one cache line; longer ones live in an arena. Results never
/// depend on the table's order, so they are the same on every run. One owner, one thread.
///
/// Bounded, so that a book's peak memory does not grow with its vocabulary: once the table
/// holds `maximumCapacity * 9 / 16` keys (or its arena as many bytes as the table), the next
/// key to be computed finds it emptied instead of grown, and the table fills again from there.
/// Every value is a pure function of its key, so what is emptied is only computed again, and
/// output never changes. The default, 2^17 slots (4 MiB) and 73,728 keys, holds every cache of
/// a War and Peace-size book whole (the largest ends near 67,000 keys), so such a book loses
/// no hits and is as fast; a book ten times longer, whose caches grew to 16 MiB, keeps 4 to 8
/// and pays for it in words measured again (a few per cent of its time). Emptying all at
/// once, rather than evicting key by key, keeps the lookup as it was: no order to track, no
/// tombstones, nothing written on a hit.
public final class ByteKeyedCache {
    private struct Slot {
        /// 0 marks an empty slot; a stored hash always has its low bit set.
        var hash: UInt64
        /// The key's first 16 bytes, zero-padded; for longer keys `key0` is the arena offset.
        var key0: UInt64
        var key1: UInt64
        var value: Int32
        var length: UInt16
        var space: UInt16
    }

    /// Longer keys are computed every time (they are rare: a key this long is a whole line).
    static let longestKey = 4096
    fileprivate static let inlineLength = 16
    private static let empty = Slot(hash: 0, key0: 0, key1: 0, value: 0, length: 0, space: 0)

    // One owner, one thread: the runtime's exclusivity checks on these
    // would cost as much as the lookup itself.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var arena: [UInt8] = []
    @exclusivity(unchecked) public private(set) var count = 0
    /// The slots of the keys to be looked up soon (`note`), and what warming them read, kept so
    /// that the reads are not optimized away.
    @exclusivity(unchecked) private var noted: [Int] = []
    @exclusivity(unchecked) private var warmed: UInt64 = 0
    /// How many `compute`s of this cache are running: the table is emptied only when none is,
    /// since one that is running may hold a value it read from it.
    @exclusivity(unchecked) private var computing = 0

    /// See the type's comment.
    public static let defaultMaximumCapacity = 1 << 17
    /// The most slots the table grows to (a power of two).
    public let maximumCapacity: Int
    /// The keys, and the bytes of arena, past which the table is emptied. The keys stop short of
    /// the 60 % load that grows the table, leaving room for those a `compute` adds while the
    /// table cannot be emptied (a few per word: a hyphenated word's parts).
    private let maximumCount: Int
    private let maximumArena: Int

    /// Called each time the table is emptied, before the key that found it full is computed:
    /// never while a `compute` of this cache runs, so an owner whose values number things it
    /// keeps beside the cache (hyphenation points) can drop those too.
    public var emptied: (() -> Void)?

    /// `maximumCapacity`: a power of two, at least 16.
    public init(maximumCapacity: Int = ByteKeyedCache.defaultMaximumCapacity) {
        precondition(maximumCapacity >= 16 && maximumCapacity & (maximumCapacity - 1) == 0)
        self.maximumCapacity = maximumCapacity
        maximumCount = maximumCapacity * 9 / 16
        maximumArena = maximumCapacity * MemoryLayout<Slot>.stride
        capacity = min(1 << 12, maximumCapacity)
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Self.empty, count: capacity)
    }

    deinit { slots.deallocate() }

    /// The value remembered for `bytes` in `space` (0...65535), or the result of `compute`
    /// (clamped to 32 bits), remembered. `compute` may ask the cache for other keys.
    @inline(__always)
    public func value(of bytes: UnsafeBufferPointer<UInt8>, space: Int, compute: () -> Int) -> Int {
        guard let key = Key(bytes, space: space) else { return compute() }
        var (index, found) = probe(key, bytes)
        if let found { return found }
        if computing == 0, count >= maximumCount || arena.count >= maximumArena {
            removeAll()
            index = probe(key, bytes).index
        }
        let countBefore = count
        computing += 1
        let value = Int32(clamping: compute())
        computing -= 1
        // Only added to, not emptied, while `compute` ran.
        if count != countBefore {
            // `compute` filled the table itself (and may have grown it): find the free slot again.
            index = probe(key, bytes).index
        }
        insert(key, bytes, value, at: index)
        return Int(value)
    }

    /// Notes that `bytes` in `space` will be looked up soon, for `warmNoted()`.
    @inline(__always)
    public func note(_ bytes: UnsafeBufferPointer<UInt8>, space: Int) {
        guard let key = Key(bytes, space: space) else { return }
        noted.append(Int(truncatingIfNeeded: key.hash >> 7) & (capacity - 1))
    }

    /// Reads the first slot of every key noted since the last call, and nothing else. A table of
    /// a book's words is megabytes, so each lookup waited on memory for its first slot; these
    /// reads, in a loop of a few instructions where none waits on the one before, overlap, and
    /// the lookups soon after find their slots in the processor's cache. (A slot noted before
    /// the table grew is read harmlessly in vain.)
    public func warmNoted() {
        var sum: UInt64 = 0
        let mask = capacity - 1
        for index in noted { sum &+= slots[index & mask].hash }
        warmed &+= sum
        noted.removeAll(keepingCapacity: true)
    }

    /// The value remembered for `bytes` in `space`, if any; nothing is computed or remembered.
    public func existingValue(of bytes: UnsafeBufferPointer<UInt8>, space: Int) -> Int? {
        guard let key = Key(bytes, space: space) else { return nil }
        return probe(key, bytes).value
    }

    /// A key's hash and, when it fits, its bytes as two numbers.
    private struct Key {
        var hash: UInt64
        var key0: UInt64 = 0
        var key1: UInt64 = 0
        var length: Int
        var space: Int
        var inline: Bool

        /// Nil for keys the table does not hold (too long, or a space out of range).
        @inline(__always)
        init?(_ bytes: UnsafeBufferPointer<UInt8>, space: Int) {
            guard bytes.count <= ByteKeyedCache.longestKey, space >= 0, space <= Int(UInt16.max),
                  let base = bytes.baseAddress else { return nil }
            length = bytes.count
            self.space = space
            inline = length <= ByteKeyedCache.inlineLength
            if inline {
                key0 = ByteKeyedCache.load(base, from: 0, to: min(length, 8))
                key1 = length > 8 ? ByteKeyedCache.load(base, from: 8, to: length) : 0
            }
            let seed = UInt64(truncatingIfNeeded: length << 16 | space)
            hash = (inline ? ByteKeyedCache.mix(ByteKeyedCache.mix(seed, key0), key1)
                           : ByteKeyedCache.hash(bytes, seed: seed)) | 1
        }
    }

    /// The key's slot and value when it is held; else the free slot where it would go.
    @inline(__always)
    private func probe(_ key: Key, _ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, value: Int?) {
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: key.hash >> 7) & mask
        while slots[index].hash != 0 {
            let slot = slots[index]
            if slot.hash == key.hash, Int(slot.length) == key.length, Int(slot.space) == key.space {
                if key.inline ? (slot.key0 == key.key0 && slot.key1 == key.key1) : arenaMatches(offset: Int(slot.key0), bytes) {
                    return (index, Int(slot.value))
                }
            }
            index = (index + 1) & mask
        }
        return (index, nil)
    }

    private func insert(_ key: Key, _ bytes: UnsafeBufferPointer<UInt8>, _ value: Int32, at index: Int) {
        var key0 = key.key0
        if !key.inline {
            key0 = UInt64(arena.count)
            arena.append(contentsOf: bytes)
        }
        slots[index] = Slot(hash: key.hash, key0: key0, key1: key.key1, value: value,
                            length: UInt16(key.length), space: UInt16(key.space))
        count += 1
        if count * 5 > capacity * 3 { grow() }
    }

    /// Empties the table, keeping its memory (but no more than `maximumCapacity` slots, which
    /// a `compute` adding keys to a full table may have taken it past), and tells the owner.
    @inline(never)
    private func removeAll() {
        if capacity > maximumCapacity {
            slots.deallocate()
            capacity = maximumCapacity
            slots = .allocate(capacity: capacity)
            slots.initialize(repeating: Self.empty, count: capacity)
        } else {
            slots.update(repeating: Self.empty, count: capacity)
        }
        count = 0
        arena.removeAll(keepingCapacity: true)
        emptied?()
    }

    private func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity *= 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Self.empty, count: capacity)
        let mask = capacity - 1
        for i in 0..<oldCapacity where old[i].hash != 0 {
            var index = Int(truncatingIfNeeded: old[i].hash >> 7) & mask
            while slots[index].hash != 0 { index = (index + 1) & mask }
            slots[index] = old[i]
        }
        old.deallocate()
    }

    private func arenaMatches(offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        arena.withUnsafeBufferPointer { arena in
            for i in 0..<bytes.count where arena[offset + i] != bytes[i] { return false }
            return true
        }
    }

    /// Bytes `start..<end` (at most eight) as a little-endian number, zero above them. Read as
    /// two loads of the widest size that fits, which overlap when the count is not a power of
    /// two (the bytes they share are the same in both): a byte at a time weighed on every
    /// lookup, and a word is most often three to seven bytes.
    @inline(__always)
    fileprivate static func load(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        let count = end - start
        let raw = UnsafeRawPointer(base + start)
        switch count {
        case 8: return raw.loadUnaligned(as: UInt64.self).littleEndian
        case 4..<8:
            let low = UInt64(raw.loadUnaligned(as: UInt32.self).littleEndian)
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self).littleEndian)
            return low | high << (8 * UInt64(count - 4))
        case 2..<4:
            let low = UInt64(raw.loadUnaligned(as: UInt16.self).littleEndian)
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self).littleEndian)
            return low | high << (8 * UInt64(count - 2))
        case 1: return UInt64(base[start])
        default: return 0
        }
    }

    @inline(__always)
    fileprivate static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        var h = (hash ^ value) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        return h
    }

    /// Eight bytes at a time.
    fileprivate static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash = mix(seed, 0)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash, load(bytes.baseAddress!, from: offset, to: offset + 8))
            offset += 8
        }
        return mix(hash, load(bytes.baseAddress!, from: offset, to: bytes.count))
    }
}
