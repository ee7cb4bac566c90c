import Foundation
import Testing

/// The README's recipes for running book2pages under an existing job engine — GNU parallel and
/// `xargs -P` — give the same files as one batch run: conversion is a pure function of input
/// and options.
struct PipelineRecipeTests {
    func books() throws -> (directory: URL, files: [String]) {
        let directory = try Run.temporaryDirectory()
        var files: [String] = []
        for (name, source) in [("lighthouse.epub", "Samples/the-lighthouse-keeper.epub"),
                               ("winter.md", "Samples/the-clockmakers-garden/03-winter.md"),
                               ("fete.md", "Samples/the-clockmakers-garden/04-the-fete.md"),
                               ("fog.xhtml", "Samples/chapter.xhtml")] {
            let path = directory.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: TestPaths.repositoryFile(source), toPath: path)
            files.append(path)
        }
        return (directory, files)
    }

    func contents(of folder: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
    }

    /// The files of one batch run over the books, to compare each recipe's with.
    func oneBatch(_ files: [String], in directory: URL, binary: String) throws -> [String: Data] {
        let single = directory.appendingPathComponent("single")
        let batch = try Run.program(binary, files + ["-o", single.path + "/", "-q"])
        #expect(batch.status == 0, "\(batch.stderr)")
        let expected = try contents(of: single)
        #expect(expected.count == 4)
        return expected
    }

    /// The README's GNU parallel recipe: the paths on standard input, cut into jobs of a few
    /// books each, every job a batch of its own from `--files-from -`. Two of the books have the
    /// same name in different folders, and each keeps its own output.
    @Test(.needsParallel) func gnuParallelMatchesOneBatch() throws {
        let (directory, files) = try books()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(TestPaths.binary)
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("library/\(folder)"),
                                                    withIntermediateDirectories: true)
        }
        var listed: [String] = []
        for (file, place) in zip(files, ["library/a/book.epub", "library/b/book.md", "library/fete.md", "library/fog.xhtml"]) {
            try FileManager.default.moveItem(atPath: file, toPath: directory.appendingPathComponent(place).path)
            listed.append(place)
        }
        let list = Data((listed.joined(separator: "\n") + "\n").utf8)
        let single = directory.appendingPathComponent("single")
        let batch = try Run.program(binary, ["--files-from", "-", "-o", single.path + "/", "-q"], input: list, directory: directory)
        #expect(batch.status == 0, "\(batch.stderr)")
        let shard = directory.appendingPathComponent("parallel")
        let shell = "parallel --will-cite --pipe -N 2 -j 2 '\(binary)' --files-from - -o '\(shard.path)/' -q"
        let parallel = try Run.program("/bin/sh", ["-c", shell], input: list, directory: directory)
        #expect(parallel.status == 0, "\(parallel.stderr)")
        let names = ["library/a/book.json", "library/b/book.json", "library/fete.json", "library/fog.json"]
        for name in names {
            let one = try Data(contentsOf: single.appendingPathComponent(name))
            #expect(try Data(contentsOf: shard.appendingPathComponent(name)) == one, "\(name)")
        }
    }

    /// The README's recipe over ssh, for real: an sshd of the test's own on 127.0.0.1 (its own
    /// port, host key and authorized key, stopped at the end) stands for two workers, two
    /// `--sshlogin`s to it; each book is sent (`--transferfile`), converted there, its output
    /// brought back (`--return`) and the copies removed (`--cleanup`). The outputs are one local
    /// batch's, byte for byte, two books named `book` in different folders included.
    @Test(.needsSSHD) func gnuParallelOverSSHMatchesOneBatch() throws {
        let (directory, files) = try books()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(TestPaths.binary)
        let work = directory.appendingPathComponent("work")
        var listed: [String] = []
        for (file, place) in zip(files, ["library/a/book.epub", "library/b/book.md", "library/fete.md", "library/fog.xhtml"]) {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(place).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: file, toPath: work.appendingPathComponent(place).path)
            listed.append(place)
        }
        let server = try SSHServer(in: directory.appendingPathComponent("ssh"))
        defer { server.stop() }
        let ssh = server.command
        let user = ProcessInfo.processInfo.userName
        // A login through sshd starts with none of this environment: under the sanitizers, the
        // leak checker's settings the suite runs with go along (parallel's --env), as the README's
        // recipe needs nothing of it.
        let sanitizers = ["LSAN_OPTIONS", "ASAN_OPTIONS"].filter { ProcessInfo.processInfo.environment[$0] != nil }
            .map { "--env \($0) " }.joined()
        let shell = "parallel --will-cite \(sanitizers)-S '1/\(ssh) 127.0.0.1' -S '1/\(ssh) \(user)@127.0.0.1' "
            + "--workdir '\(directory.path)/remote' --transferfile {} --return out/{.}.json --cleanup "
            + "'echo {} | \(binary) --files-from - -o out/ -q' ::: " + listed.joined(separator: " ")
        let parallel = try Run.program("/bin/sh", ["-c", shell], directory: work)
        #expect(parallel.status == 0, "\(parallel.stderr)")
        // Beside `out`, as the workers' outputs are beside their books: each records the way to its book.
        let single = work.appendingPathComponent("single")
        let batch = try Run.program(binary, ["--files-from", "-", "-o", single.path + "/", "-q"],
                                    input: Data(listed.joined(separator: "\n").utf8), directory: work)
        #expect(batch.status == 0, "\(batch.stderr)")
        for name in ["library/a/book.json", "library/b/book.json", "library/fete.json", "library/fog.json"] {
            let one = try Data(contentsOf: single.appendingPathComponent(name))
            #expect(try Data(contentsOf: work.appendingPathComponent("out/\(name)")) == one, "\(name)")
        }
        // The copies sent to the workers are gone.
        let left = FileManager.default.subpaths(atPath: directory.appendingPathComponent("remote").path) ?? []
        #expect(!left.contains { $0.hasSuffix(".epub") || $0.hasSuffix(".md") })
    }

    @Test func xargsMatchesOneBatch() throws {
        let (directory, files) = try books()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(TestPaths.binary)
        let expected = try oneBatch(files, in: directory, binary: binary)
        // xargs -P: two workers, two books each.
        let xargs = directory.appendingPathComponent("xargs")
        let list = directory.appendingPathComponent("books.txt")
        try Data(files.joined(separator: "\n").utf8).write(to: list)
        let shell = "xargs -P 2 -n 2 '\(binary)' -q -j 1 -o '\(xargs.path)/' < '\(list.path)'"
        let run = try #require(try Run.tool("sh", ["-c", shell]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try contents(of: xargs) == expected)
    }
}

/// An sshd of a test's own, on 127.0.0.1 and a port of its own, that lets in the key it made
/// (`command` logs in with it, asking nothing).
final class SSHServer {
    let command: String
    private var pidFile = ""

    init(in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for key in ["host_key", "user_key"] {
            let made = try Run.program(try #require(Run.onPath("ssh-keygen")),
                                       ["-q", "-t", "ed25519", "-N", "", "-f", folder.appendingPathComponent(key).path])
            #expect(made.status == 0, "\(made.stderr)")
        }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("user_key.pub"),
                                         to: folder.appendingPathComponent("authorized_keys"))
        // sshd wants its privilege separation folder, which a machine that never ran it lacks.
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        let port = Int.random(in: 20_000...60_000)
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder.path)/host_key
            AuthorizedKeysFile \(folder.path)/authorized_keys
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            StrictModes no
            PidFile \(folder.path)/sshd.pid
            """
        try Data(config.utf8).write(to: folder.appendingPathComponent("sshd_config"))
        // Started as a daemon, which leaves the test no child of its own to wait for; stopped by the
        // pid it writes.
        pidFile = folder.appendingPathComponent("sshd.pid").path
        let started = try Run.program("/usr/sbin/sshd", ["-f", folder.appendingPathComponent("sshd_config").path])
        guard started.status == 0 else { throw SSHServerError(description: "sshd did not start: \(started.stderr)") }
        command = "ssh -p \(port) -i \(folder.path)/user_key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
            + "-o BatchMode=yes -o LogLevel=ERROR"
        // Up when a login answers; a few seconds at most.
        for _ in 0..<50 {
            if try Run.program("/bin/sh", ["-c", command + " 127.0.0.1 true"]).status == 0 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw SSHServerError(description: "sshd did not start on port \(port)")
    }

    func stop() {
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
              let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
        kill(pid, SIGTERM)
    }
}

struct SSHServerError: Error, CustomStringConvertible {
    let description: String
}
