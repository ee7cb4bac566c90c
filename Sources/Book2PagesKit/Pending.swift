import Foundation

/// A value worked out on a thread of its own from the moment it is asked for, and waited for
/// only where it is used: set-up work that does not depend on what the converting thread does
/// next runs beside it, on the core it would otherwise leave idle.
final class Pending<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once, by the working thread, before it leaves `done`; read only after `done`.
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        let job = Job(work)
        Thread.detachNewThread { [self] in
            result = job.run()
            done.leave()
        }
    }

    /// The work, let go of (with all it captured) once done and before its value is handed on:
    /// the thread ends only after, and a process exiting in between would count what the work
    /// still held as leaked.
    private final class Job: @unchecked Sendable {
        private var work: (@Sendable () -> Value)?

        init(_ work: @escaping @Sendable () -> Value) { self.work = work }

        func run() -> Value {
            let value = work.map { $0() }
            work = nil
            return value!
        }
    }

    /// The value, once it is worked out.
    var value: Value {
        done.wait()
        return result!
    }

    /// Returns once the value is worked out: its thread has let go of everything it used.
    func wait() {
        done.wait()
    }
}
