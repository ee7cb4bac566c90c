#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// A lock for the caches the layout's workers share (`SharedWidths`, the hyphenators'): held
/// for a lookup or an insertion, a few hundred nanoseconds, and taken by two workers tens of
/// thousands of times each in a book's first chapters, when most words are new. A plain mutex
/// put the worker that found it held to sleep, and woke it with a system call, again and again
/// in a book; this one (glibc's adaptive mutex) first spins a little, as long as such a
/// holder takes to let go.
public final class ShortLock: @unchecked Sendable {
    #if canImport(Glibc)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
    #else
    private let lock = NSLock()

    public init() {}

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }
    #endif
}
