import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// the browser reads commands on its descriptor 3 and writes answers on 4, each a JSON message
/// ended by a NUL byte), for what would otherwise take a browser a picture: `--png` loads the
/// preview once and shows and captures each spread in turn. A watchdog kills the browser when
/// the whole session takes longer than its time limit, so a stuck browser ends in an error.
final class DevToolsPipe {
    private let executable: String
    private var process: pid_t = 0
    private let commands: FileHandle
    private let answers: FileHandle
    private var nextID = 1
    private var pending = Data()
    private let watchdog: DispatchWorkItem

    init(executable: String, arguments: [String], timeout: TimeInterval) throws(HeadlessBrowser.Failure) {
        self.executable = executable
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw .failed("no pipe for \(executable): \(String(cString: strerror(errno)))")
        }
        // Above 4, so that moving them onto 3 and 4 in the browser can't overwrite one another.
        for i in 0..<2 {
            toBrowser[i] = Self.aboveFour(toBrowser[i])
            fromBrowser[i] = Self.aboveFour(fromBrowser[i])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        for descriptor in toBrowser + fromBrowser { posix_spawn_file_actions_addclose(&actions, descriptor) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&process, executable, &actions, nil, argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        commands = FileHandle(fileDescriptor: toBrowser[1], closeOnDealloc: true)
        answers = FileHandle(fileDescriptor: fromBrowser[0], closeOnDealloc: true)
        guard status == 0 else {
            watchdog = DispatchWorkItem {}
            throw .failed("\(executable) could not be started: \(String(cString: strerror(status)))")
        }
        let process = process
        watchdog = DispatchWorkItem { kill(process, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    }

    private static func aboveFour(_ descriptor: Int32) -> Int32 {
        guard descriptor <= 4 else { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD, 5)
        close(descriptor)
        return moved
    }

    deinit {
        watchdog.cancel()
        if process > 0 {
            kill(process, SIGKILL)
            var status: Int32 = 0
            waitpid(process, &status, 0)
        }
    }

    /// Sends a command (to the page's session when given) and waits for its answer, skipping
    /// the events that come meanwhile.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws(HeadlessBrowser.Failure) -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        do {
            var data = try JSONSerialization.data(withJSONObject: message)
            data.append(0)
            try commands.write(contentsOf: data)
        } catch {
            throw .failed("\(executable) stopped taking commands (\(method)): \(error.localizedDescription)")
        }
        while true {
            let answer = try readMessage(waitingFor: method)
            guard answer["id"] as? Int == id else { continue }
            if let error = answer["error"] as? [String: Any] {
                throw .failed("\(executable): \(method) failed: \(error["message"] as? String ?? "\(error)")")
            }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage(waitingFor method: String) throws(HeadlessBrowser.Failure) -> [String: Any] {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let message = pending[pending.startIndex..<end]
                pending = Data(pending[pending.index(after: end)...])
                guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any] else {
                    throw .failed("\(executable) answered \(method) with something that is not JSON")
                }
                return object
            }
            let chunk = answers.availableData
            guard !chunk.isEmpty else {
                throw .failed("\(executable) closed the DevTools pipe while waiting for \(method) (stuck, or too slow)")
            }
            pending.append(chunk)
        }
    }
}
