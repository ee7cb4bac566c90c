import Foundation

/// Standard output and error through `write(2)`, checked. `FileHandle.standardError.write(_:)`
/// cannot throw, so it traps (SIGILL) when the descriptor is closed or its pipe has no reader;
/// and `FileHandle`'s throwing write reports any failure as Cocoa's "error 512", with no word
/// of what went wrong.
enum StandardStreams {
    /// A failed write, in the operating system's words (`Broken pipe`, `Bad file descriptor`).
    struct WriteError: Error, LocalizedError, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
        var errorDescription: String? { description }
    }

    /// Keeps descriptors 0, 1 and 2 taken. A command started with one of them closed
    /// (`>&-`) would otherwise hand that number to the next descriptor it opens (libdispatch's
    /// epoll, in practice; or the book, the temporary output), and what is meant for the stream
    /// would go there. /dev/null is
    /// opened the wrong way round for each (read-only for the outputs, write-only for the
    /// input), so using the stream still fails as it would have when closed: a closed standard
    /// output is still an output error, not pages thrown away.
    static func reserveClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Writes all of `data` to standard output, or throws why it could not.
    static func writeOutput(_ data: Data) throws(WriteError) {
        try write(data, to: STDOUT_FILENO)
    }

    /// Writes to standard error if it can. There is nowhere to tell of a failure here, and a
    /// message lost must not stop the work (nor the batch's report).
    static func writeError(_ text: String) {
        try? write(Data(text.utf8), to: STDERR_FILENO)
    }

    static func write(_ data: Data, to descriptor: Int32) throws(WriteError) {
        let failure: Int32? = data.withUnsafeBytes { buffer in
            guard var next = buffer.baseAddress else { return nil }
            var left = buffer.count
            while left > 0 {
                let written = Glibc.write(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    // A descriptor another program left non-blocking: wait until it takes more.
                    if errno == EAGAIN {
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
                    }
                    return errno
                }
                left -= written
                next += written
            }
            return nil
        }
        if let failure { throw WriteError(code: failure) }
    }
}
