import Foundation
import PageFormat
import Testing

/// `--assets DIR` writes the images the pages show, and the cover, at their book paths under DIR,
/// and never anything outside it.
struct AssetsOptionTests {
    func run(_ arguments: [String]) throws -> ProcessResult {
        let binary = try #require(TestPaths.binary, "build book2pages first (swift build)")
        return try Run.program(binary, arguments)
    }

    /// Every file under `directory`, relative to it, sorted.
    private func files(under directory: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }.sorted()
    }

    @Test func anEPUBsImagesAreWrittenAtThePathsTheOutputNames() throws {
        let directory = try Run.temporaryDirectory()
        let assets = directory.appendingPathComponent("assets")
        let result = try run([TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"), "--assets", assets.path])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try PageDocument(jsonData: result.stdout)
        guard case .cover(let cover?) = document.pages[2].kind else {
            Issue.record("the sample's cover page names no image")
            return
        }
        let named = Set(document.pages.flatMap { $0.shown?.images ?? [] }.map(\.path) + [cover])
        #expect(named == ["OEBPS/images/cover.png", "OEBPS/images/lighthouse.png"])
        #expect(files(under: assets) == named.sorted())
        // The bytes are the book's own.
        let drawn = try Data(contentsOf: URL(fileURLWithPath: TestPaths.repositoryFile("Samples/the-lighthouse-keeper/OEBPS/images/lighthouse.png")))
        #expect(try Data(contentsOf: assets.appendingPathComponent("OEBPS/images/lighthouse.png")) == drawn)
    }

    @Test func aMarkdownBooksImagesComeFromItsFolder() throws {
        let assets = try Run.temporaryDirectory().appendingPathComponent("out/assets")
        let result = try run([TestPaths.repositoryFile("Samples/the-clockmakers-garden"), "--assets", assets.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files(under: assets) == ["images/cover.png", "images/sundial.png"])
    }

    @Test func streamedJSONLinesWriteTheImagesToo() throws {
        let assets = try Run.temporaryDirectory().appendingPathComponent("assets")
        let result = try run([TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"), "--format", "ndjson",
                              "--assets", assets.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files(under: assets) == ["OEBPS/images/cover.png", "OEBPS/images/lighthouse.png"])
    }

    @Test func aLinkInTheAssetsDirectoryIsRefusedNotFollowed() throws {
        let directory = try Run.temporaryDirectory()
        let assets = directory.appendingPathComponent("assets")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: assets.appendingPathComponent("OEBPS"), withDestinationURL: elsewhere)
        let result = try run([TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"), "--assets", assets.path])
        #expect(result.status == 73)
        #expect(result.stderr.contains("is a symbolic link"), "\(result.stderr)")
        #expect(files(under: elsewhere).isEmpty)
    }

    @Test func anEmptyDirectoryNameIsAUsageError() throws {
        let result = try run([TestPaths.repositoryFile("Samples/chapter.xhtml"), "--assets", ""])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--assets needs a directory"))
    }
}
