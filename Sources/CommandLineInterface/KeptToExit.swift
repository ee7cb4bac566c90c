import Foundation

/// What the command holds until its process exits instead of freeing: the system takes a
/// process's memory back in one piece at exit, where freeing a book's pages allocation by
/// allocation kept a core busy and the exit waited for the last of it. Held, not leaked: the leak
/// checker still reaches them. Only for a process that ends after one conversion; a batch frees
/// each book as it goes.
enum KeptToExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var values: [Any] = []

    static func keep(_ value: Any) {
        lock.withLock { values.append(value) }
    }
}
