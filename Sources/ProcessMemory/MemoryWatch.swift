import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The process's resident memory, watched against a bound (`ReadLimits.maximumMemory`). The cost
/// of a book grows with more than its text — its paragraphs, its runs of style, its lines and
/// pages — so no bound on the input alone bounds the memory for every shape of book. A thread
/// samples the resident size every few milliseconds instead; past the bound, the readers, the
/// layout and the writers stop adding (`isOver`, one relaxed load where they loop), and the
/// conversion that saw a sample past the bound (`trips` changed) is refused.
///
/// Only the process that owns its memory starts the watch: the command does (`watch(bytes:)`); an
/// app converting among its own work decides for itself. Where `/proc/self/statm` is missing the
/// watch never trips.
public enum MemoryWatch {
    /// A sample this far under the bound already counts as past it: the room left covers what
    /// is allocated between two samples.
    public static let headroomShare = 8
    static let interval: useconds_t = 2_000

    private static let bound = Atomic<Int>(0)
    private static let over = Atomic<Bool>(false)
    private static let tripCount = Atomic<Int>(0)
    private static let sampler = Mutex<Thread?>(nil)

    /// Starts sampling (once per process) against `bytes`, or moves the bound to `bytes`.
    public static func watch(bytes: Int) {
        bound.store(max(bytes - bytes / headroomShare, 1), ordering: .relaxed)
        sampler.withLock { thread in
            guard thread == nil, residentBytes() != nil else { return }
            let started = Thread {
                while true {
                    sample()
                    usleep(interval)
                }
            }
            started.name = "memory watch"
            started.start()
            thread = started
        }
    }

    /// True while the last sample was past the bound: work that would hold more stops.
    @inline(__always) public static var isOver: Bool { over.load(ordering: .relaxed) }

    /// How many samples have found the memory past the bound. A conversion notes it when it
    /// starts; if it has changed when it ends, some of its work may have been left undone.
    public static var trips: Int { tripCount.load(ordering: .acquiring) }

    /// One sample: past the bound, a trip counted and `isOver` set; under it, `isOver` cleared.
    private static func sample() {
        let limit = bound.load(ordering: .relaxed)
        guard limit > 0, let resident = residentBytes() else { return }
        if resident > limit {
            // Counted before it shows: whoever sees `isOver` finds `trips` changed already.
            tripCount.add(1, ordering: .releasing)
            over.store(true, ordering: .releasing)
        } else {
            over.store(false, ordering: .relaxed)
        }
    }

    /// Hands freed memory back to the system, then samples: after a refused book, whose memory
    /// the allocator would otherwise keep and count against the next.
    public static func release() {
        #if canImport(Glibc)
        // The release build allocates with mimalloc (`mi_collect`), a sanitized build with the
        // sanitizer's allocator (`__sanitizer_purge_allocator`), the others with glibc
        // (`malloc_trim`, which its module map leaves out): whichever the process has.
        if let collect = dlsym(nil, "mi_collect") {
            unsafeBitCast(collect, to: (@convention(c) (Bool) -> Void).self)(true)
        } else if let purge = dlsym(nil, "__sanitizer_purge_allocator") {
            unsafeBitCast(purge, to: (@convention(c) () -> Void).self)()
        } else if let trim = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        #endif
        sample()
    }

    #if canImport(Glibc)
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    #endif

    #if canImport(Glibc)
    /// `/proc/self/statm`, opened once and read from its start each time: the file is made anew
    /// for each read, and at 500 samples a second, opening and closing it was most of a sample.
    private static let statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    #endif

    /// The resident set size, from the second field of `/proc/self/statm` (in pages).
    static func residentBytes() -> Int? {
        #if canImport(Glibc)
        let descriptor = statm
        guard descriptor >= 0 else { return nil }
        var buffer = (Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0))
        let count = withUnsafeMutableBytes(of: &buffer) { pread(descriptor, $0.baseAddress, $0.count - 1, 0) }
        guard count > 0 else { return nil }
        return withUnsafeBytes(of: &buffer) { bytes -> Int? in
            let fields = bytes.prefix(count).split(separator: UInt8(ascii: " "))
            guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
            return pages * pageSize
        }
        #else
        return nil
        #endif
    }
}
