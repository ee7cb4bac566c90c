import FileNames
import Foundation
import Testing

/// Names of one character: Foundation's `deletingLastPathComponent` traps on them, and the tool
/// must not (`PathName`).
struct PathNameTests {
    @Test func theFolderOfAPathIsFoundationsWithoutTheTrap() {
        for (path, folder) in [("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("/x", "/"), ("/", "/"), ("x", ""), ("x/", ""),
                               ("é", ""), ("", ""), ("/a/b/c.epub", "/a/b"), ("./x", ".")] {
            #expect(PathName.folder(of: path) == folder, "\(path)")
        }
        // The same answers as Foundation where it does not trap.
        for path in ["a/b", "a/b/", "/x", "/", "ab", "/a/b/c.epub", "./xy"] {
            #expect(PathName.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }

    @Test func anOutputOrABookNamedWithOneCharacterConverts() throws {
        let binary = try #require(TestPaths.binary, "build book2pages first")
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("# One\n\nA book named 1.\n".utf8).write(to: directory.appendingPathComponent("1.md"))
        let single = try Run.program(binary, ["1.md", "-o", "a", "-q"], directory: directory)
        #expect(single.status == 0, "\(single.stderr)")
        let batch = try Run.program(binary, ["1.md", "-o", "o/", "--assets", "x", "-q"], directory: directory)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("o/1.json").path))
    }
}
