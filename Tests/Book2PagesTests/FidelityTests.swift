import Foundation
import Testing

/// How much of a book's text survives pagination, in order, against pandoc's plain text
/// (`../shared/tools/fidelity.py`).
struct FidelityTests {
    struct Score { var recall: Double; var precision: Double }

    static func fidelity(of book: String) throws -> Score? {
        guard let corpus = TestPaths.corpus else { return nil }
        let tools = corpus.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("tools")
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reference = directory.appendingPathComponent("reference.txt").path
        guard let pandoc = try Run.tool("pandoc", ["-f", "epub", "-t", "plain", "--wrap=none", book, "-o", reference]) else {
            print("fidelity: left out, pandoc is not installed")
            return nil
        }
        #expect(pandoc.status == 0, "\(pandoc.stderr)")
        let pages = directory.appendingPathComponent("pages.json").path
        let convert = try Run.program(try #require(TestPaths.binary), [book, "-o", pages])
        #expect(convert.status == 0, "\(convert.stderr)")
        let measured = try #require(try Run.tool("python3", [tools.appendingPathComponent("fidelity.py").path, pages, reference]))
        let line = String(decoding: measured.stdout, as: UTF8.self)
        let match = try #require(line.firstMatch(of: /recall=([0-9.]+) precision=([0-9.]+)/), "\(line)")
        print(line, terminator: "")
        return Score(recall: Double(match.output.1)!, precision: Double(match.output.2)!)
    }

    @Test func mobyDickKeepsItsText() throws {
        guard let corpus = TestPaths.corpus else { return TestPaths.noteCorpusMissing("mobyDickKeepsItsText") }
        guard let score = try Self.fidelity(of: corpus.appendingPathComponent("moby-dick.epub").path) else { return }
        #expect(score.recall >= 0.99)
        #expect(score.precision >= 0.99)
    }
}
