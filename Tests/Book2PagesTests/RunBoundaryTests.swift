import Foundation
import Testing

/// What a run may read and write: a folder a batch searches is the boundary of the books it
/// finds, as a Markdown book's folder is of its chapters; outputs land where they were asked.
struct RunBoundaryTests {
    func run(_ arguments: [String]) throws -> ProcessResult {
        try Run.program(try #require(TestPaths.binary, "build book2pages first"), arguments)
    }

    /// A secret outside the folder, linked into it as a book and under a linked folder.
    @Test func aBatchReadsNoBookThatLinksOutOfTheFolderItSearches() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let books = directory.appendingPathComponent("books")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("# Secret\n\nroot:x:0:0 the secret text.\n".utf8).write(to: elsewhere.appendingPathComponent("secret.md"))
        try Data("# Kept\n\nA book of the folder.\n".utf8).write(to: books.appendingPathComponent("kept.md"))
        try FileManager.default.createSymbolicLink(atPath: books.appendingPathComponent("b.md").path,
                                                   withDestinationPath: elsewhere.appendingPathComponent("secret.md").path)
        try FileManager.default.createSymbolicLink(atPath: books.appendingPathComponent("linked").path,
                                                   withDestinationPath: elsewhere.path)
        // A link that stays inside the folder is a book like any other.
        try FileManager.default.createSymbolicLink(atPath: books.appendingPathComponent("again.md").path,
                                                   withDestinationPath: "kept.md")
        let out = directory.appendingPathComponent("out")
        let report = directory.appendingPathComponent("report.jsonl").path
        let result = try run([books.path, "-o", out.path + "/", "--report", report])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("b.md: links outside the folder searched"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("kept.json").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("again.json").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("b.json").path))
        for file in FileManager.default.subpaths(atPath: out.path) ?? [] {
            let data = FileManager.default.contents(atPath: out.appendingPathComponent(file).path) ?? Data()
            #expect(!String(decoding: data, as: UTF8.self).contains("root:x:0:0"), "\(file) holds the secret")
        }
        let statuses = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map {
            let line = try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            return "\((line["input"] as! NSString).lastPathComponent) \(line["status"] as! String)"
        }
        #expect(statuses.contains("b.md failed") && statuses.contains("kept.md converted"), "\(statuses)")
        // Named on the command line, the same link is the user's own choice and is read.
        let named = try run([books.appendingPathComponent("b.md").path, "-o", directory.appendingPathComponent("named.json").path])
        #expect(named.status == 0, "\(named.stderr)")
    }

    /// A batch's outputs and images land under the folders named, never through a link planted
    /// below them: `out/sub -> elsewhere` and `assets/sub -> elsewhere` are refused, the book
    /// fails alone, and nothing appears in `elsewhere`.
    @Test func aBatchWritesThroughNoLinkBelowTheFoldersNamed() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let books = directory.appendingPathComponent("books")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        for folder in [books.appendingPathComponent("sub"), elsewhere] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"),
                                         toPath: books.appendingPathComponent("sub/lighthouse.epub").path)
        try FileManager.default.copyItem(atPath: TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"),
                                         toPath: books.appendingPathComponent("top.epub").path)
        for (name, planted) in [("out", "sub"), ("assets", "sub"), ("assets", "top")] {
            let folder = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(planted).path,
                                                        withDestinationPath: elsewhere.path)
        }
        let out = directory.appendingPathComponent("out").path + "/"
        let assets = directory.appendingPathComponent("assets").path
        let result = try run([books.path, "-o", out, "--assets", assets, "-q"])
        // Every book refused for the same reason: the batch exits with its code.
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("is a symbolic link; not followed"), "\(result.stderr)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: elsewhere.path)).isEmpty, "something was written through a link")
        // Where no link was planted, the batch writes as usual.
        let clean = directory.appendingPathComponent("clean")
        let again = try run([books.path, "-o", clean.path + "/", "--assets", clean.appendingPathComponent("images").path, "-q"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: clean.appendingPathComponent("sub/lighthouse.json").path))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: clean.appendingPathComponent("images/sub/lighthouse").path)).isEmpty)
    }
}
