import Foundation

/// Advances shaped by any of the measurers of one layout, so that the workers laying out one
/// book shape each word once between them rather than once each (shaping is most of measuring,
/// and the chapters of a book share their words). Each `TextMeasurer` still looks in its own
/// cache first, without a lock; only what it has not met comes here. Advances do not depend
/// on who shaped them, so results are the same however the work was shared. Thread-safe.
public final class SharedWidths: @unchecked Sendable {
    private let lock = ShortLock()
    /// Guarded by `lock`, as are the faces' numbers. Twice the default bound (8 MiB, 147,456
    /// keys): it holds the words of all the workers, so it fills first, and each word it
    /// forgets is shaped again, where a worker's cache that forgets a word finds it here.
    private let cache = ByteKeyedCache(maximumCapacity: 1 << 18)
    private var faceIDs: [ObjectIdentifier] = []
    /// Held so that no face's identifier is reused while its number stands.
    private var faces: [FontFace] = []

    public init() {}

    /// The advance of `bytes` in `face`'s units, as another measurer shaped it, else `shape()`'s,
    /// remembered for the others. Shaping happens outside the lock.
    func units(of bytes: UnsafeBufferPointer<UInt8>, in face: FontFace, rightToLeft: Bool?, shape: () -> Int) -> Int {
        let (space, known) = lock.withLock {
            let space = number(of: face) * 2 + (rightToLeft == true ? 1 : 0)
            return (space, cache.existingValue(of: bytes, space: space))
        }
        if let known { return known }
        let units = shape()
        // Two measurers may shape the same text at once: the first to come back stays.
        return lock.withLock { cache.value(of: bytes, space: space) { units } }
    }

    /// Called with the lock held.
    private func number(of face: FontFace) -> Int {
        let id = ObjectIdentifier(face)
        if let number = faceIDs.firstIndex(of: id) { return number }
        faceIDs.append(id)
        faces.append(face)
        return faceIDs.count - 1
    }
}
