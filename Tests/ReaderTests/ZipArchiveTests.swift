import Foundation
import Testing
import ZipArchive

/// Reading entries with bounds, reporting broken archives, and writing EPUB-shaped archives.
struct ZipArchiveTests {
    private func archive(_ entries: [(String, [UInt8], Bool)]) throws -> String {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent("test.zip").path
        let writer = try ZipArchiveWriter(path: path)
        for (name, bytes, compressed) in entries { try writer.add(name, bytes: bytes, compressed: compressed) }
        try writer.close()
        return path
    }

    @Test func writesAndReadsBackEntriesInOrder() throws {
        let path = try archive([("mimetype", Array("application/epub+zip".utf8), false),
                                ("OEBPS/a.xhtml", Array("<p>héllo</p>".utf8), true),
                                ("OEBPS/images/x.png", [0, 1, 2, 255], true)])
        let zip = try ZipArchive(path: path)
        #expect(zip.entryNames == ["mimetype", "OEBPS/a.xhtml", "OEBPS/images/x.png"])
        #expect(String(decoding: try zip.read("OEBPS/a.xhtml"), as: UTF8.self) == "<p>héllo</p>")
        #expect(try zip.read("OEBPS/images/x.png") == [0, 1, 2, 255])
    }

    @Test func mimetypeComesFirstAndStored() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container)])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[0..<4]) == [0x50, 0x4B, 0x03, 0x04])
        #expect(bytes[8] == 0 && bytes[9] == 0, "compression method must be 0 (stored)")
        #expect(String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        let extraLength = Int(bytes[28]) | Int(bytes[29]) << 8
        #expect(String(decoding: bytes[(38 + extraLength)..<(58 + extraLength)], as: UTF8.self) == "application/epub+zip")
    }

    @Test func missingEntryIsAnError() throws {
        let zip = try ZipArchive(path: try archive([("a", [1], true)]))
        #expect(throws: ZipArchiveError.missingEntry(archive: zip.path, entry: "b")) { try zip.read("b") }
    }

    @Test func notAZipIsUnreadable() throws {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent("junk.epub").path
        try Data("this is not a zip archive at all".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ZipArchiveError.self) { try ZipArchive(path: path) }
        guard case .unreadable(let archive, _) = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(archive == path)
        #expect(error?.description.hasPrefix(path) == true)
        #expect(throws: ZipArchiveError.self) { try ZipArchive(path: path + ".missing") }
    }

    /// libzip, given the path, would wait in `open` for the FIFO's writer. Opened on another
    /// thread, so that a wait is seen, and ended (a writer comes and goes) rather than left.
    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent("pipe.epub").path
        try #require(mkfifo(path, 0o600) == 0)
        nonisolated(unsafe) var error: ZipArchiveError?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do throws(ZipArchiveError) { _ = try ZipArchive(path: path) } catch let caught { error = caught }
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .timedOut {
            Issue.record("ZipArchive(path:) was still waiting on the FIFO")
            close(open(path, O_WRONLY | O_NONBLOCK))
            done.wait()
        }
        #expect(error == .notRegularFile(archive: path))
        #expect(error?.description == "\(path): is not a regular file")
    }

    @Test func truncatedArchiveIsUnreadable() throws {
        let path = try archive([("a.txt", Array(repeating: 65, count: 5000), true)])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(throws: ZipArchiveError.self) { try ZipArchive(path: path) }
    }

    @Test func crcErrorIsReportedOnRead() throws {
        let content = Array("The quick brown fox jumps over the lazy dog".utf8)
        let path = try archive([("story.txt", content, false)])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The entry is stored: flip one byte of its data in place.
        let start = try #require(bytes.firstRange(of: content)).lowerBound
        bytes[start + 4] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let zip = try ZipArchive(path: path)
        let error = #expect(throws: ZipArchiveError.self) { try zip.read("story.txt") }
        guard case .corruptEntry(_, let entry, let reason) = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(entry == "story.txt")
        #expect(reason.lowercased().contains("crc"))
    }

    @Test func readStopsPastTheSizeBound() throws {
        let path = try archive([("zeros", [UInt8](repeating: 0, count: 3 << 20), true)])
        let zip = try ZipArchive(path: path)
        let error = #expect(throws: ZipArchiveError.self) {
            try zip.read("zeros", limits: ZipReadLimits(maximumSize: 1 << 20, maximumRatio: 1_000_000))
        }
        guard case .limitExceeded(_, let entry, _) = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(entry == "zeros")
        #expect(try zip.read("zeros", limits: ZipReadLimits(maximumSize: 3 << 20, maximumRatio: 1_000_000)).count == 3 << 20)
    }

    @Test func ratioBoundAppliesOnlyPastTheThreshold() throws {
        // 3 MiB of zeros deflates about 1000:1: a bomb's shape. A small, very compressible entry
        // (like a tiny image) is allowed any ratio.
        let path = try archive([("bomb", [UInt8](repeating: 0, count: 3 << 20), true),
                                ("tiny", [UInt8](repeating: 0, count: 500_000), true)])
        let zip = try ZipArchive(path: path)
        #expect(throws: ZipArchiveError.self) { try zip.read("bomb") }
        #expect(try zip.read("tiny").count == 500_000)
    }
}
