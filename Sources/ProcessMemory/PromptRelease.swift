import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Memory freed while a book's large documents are read goes back to the system at once, rather
/// than after the allocator's delay.
///
/// mimalloc (the release build's allocator) keeps freed memory for a few milliseconds before it
/// hands it back, and in practice keeps most of it when the process allocates again before then.
/// The package document and the navigation document of a book of tens of thousands of chapters
/// are each tens of megabytes as trees, read, copied and freed one after the other before the
/// layout starts: with the delay, the 100x benchmark book's process held 124 MB when its layout
/// began, 75 MB without. Without a delay over the whole conversion, the 1x book took about 40 ms
/// more system time (6 % of its CPU); over the reading of those documents it costs nothing that
/// shows.
///
/// Another allocator (the system's, in debug and sanitizer builds, or a program using the
/// library) has no such option, and `during` then only runs its body.
public enum PromptRelease {
    /// How many `during` are running: the allocator's delay is set to nothing while one is, and
    /// put back when the last ends.
    private static let running = Mutex<(count: Int, saved: Int?)>((0, nil))

    /// `body`, with memory freed meanwhile (on any thread) handed back at once.
    public static func during<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        begin()
        defer { end() }
        return try body()
    }

    private static func begin() {
        guard let options = AllocatorOptions.shared else { return }
        running.withLock { state in
            if state.count == 0 {
                state.saved = options.get(AllocatorOptions.releaseDelay)
                options.set(AllocatorOptions.releaseDelay, 0)
            }
            state.count += 1
        }
    }

    private static func end() {
        guard let options = AllocatorOptions.shared else { return }
        running.withLock { state in
            state.count -= 1
            if state.count == 0, let saved = state.saved {
                options.set(AllocatorOptions.releaseDelay, saved)
                state.saved = nil
            }
        }
    }
}

/// mimalloc's `mi_option_get` and `mi_option_set`, when the process allocates with it: looked up
/// by name, since only the release build's program links it.
private struct AllocatorOptions: Sendable {
    /// The delay, in milliseconds, before freed memory is handed back: `mi_option_decommit_delay`
    /// in mimalloc 2.0 (`reset_delay` in 1.x, `purge_delay` in 2.1 and later), the same place in
    /// the options' list in every version, which mimalloc keeps for binary compatibility.
    static let releaseDelay: Int32 = 15

    let get: @convention(c) (Int32) -> Int
    let set: @convention(c) (Int32, Int) -> Void

    static let shared: AllocatorOptions? = {
        #if canImport(Glibc)
        guard let get = dlsym(nil, "mi_option_get"), let set = dlsym(nil, "mi_option_set") else { return nil }
        return AllocatorOptions(get: unsafeBitCast(get, to: (@convention(c) (Int32) -> Int).self),
                                set: unsafeBitCast(set, to: (@convention(c) (Int32, Int) -> Void).self))
        #else
        return nil
        #endif
    }()
}
