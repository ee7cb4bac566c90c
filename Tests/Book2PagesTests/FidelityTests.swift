import Foundation
import PageFormat
import Testing

/// How much of a book's text survives pagination, in order, against pandoc's plain text of the
/// same input (`../shared/tools/fidelity.py`).
struct FidelityTests {
    struct Score { var recall: Double; var precision: Double }

    /// Converts `inputs` with book2pages and `referenceInputs` with `pandoc -f format -t plain`,
    /// and scores the one against the other (the tests that call it need pandoc and the tools).
    static func fidelity(of inputs: [String], pandocFormat format: String,
                         referenceInputs: [String]? = nil, withReadings: Bool = false) throws -> Score {
        try fidelity(of: inputs, withReadings: withReadings) { reference in
            try Run.tool("pandoc", ["-f", format, "-t", "plain", "--wrap=none"] + (referenceInputs ?? inputs) + ["-o", reference])
        }
    }

    /// Converts `inputs` with book2pages and scores the pages against the text that
    /// `makeReference` writes to the path it is given. `withReadings`: each ruby reading is
    /// counted once, just after its base, as pandoc's plain text has it.
    static func fidelity(of inputs: [String], withReadings: Bool = false,
                         reference makeReference: (String) throws -> ProcessResult?) throws -> Score {
        let tools = try #require(TestPaths.sharedTools)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reference = directory.appendingPathComponent("reference.txt").path
        let made = try #require(try makeReference(reference))
        #expect(made.status == 0, "\(made.stderr)")
        let pages = directory.appendingPathComponent("pages.json").path
        let convert = try Run.program(try #require(TestPaths.binary), inputs + ["-o", pages])
        #expect(convert.status == 0, "\(convert.stderr)")
        if withReadings { try insertReadings(into: pages) }
        let measured = try #require(try Run.tool("python3", [tools.appendingPathComponent("fidelity.py").path, pages, reference]))
        let line = String(decoding: measured.stdout, as: UTF8.self)
        let match = try #require(line.firstMatch(of: /recall=([0-9.]+) precision=([0-9.]+)/), "\(line)")
        print("\(inputs.map { ($0 as NSString).lastPathComponent }.joined(separator: " ")): \(line)", terminator: "")
        return Score(recall: Double(match.output.1)!, precision: Double(match.output.2)!)
    }

    /// Rewrites the pages at `path` as the fidelity tool reads them, each content page's text
    /// with its lines' ruby readings after their bases.
    static func insertReadings(into path: String) throws {
        let document = try PageDocument(jsonData: Data(contentsOf: URL(fileURLWithPath: path)))
        let pages = document.pages.compactMap { page -> [String: String]? in
            guard case .content(let shown) = page.kind else { return nil }
            let lines = shown.lines.map { line in
                var units = Array(line.text.utf16)
                for ruby in line.ruby.sorted(by: { $0.start > $1.start }) where ruby.start + ruby.length <= units.count {
                    units.insert(contentsOf: ruby.text.utf16, at: ruby.start + ruby.length)
                }
                return String(decoding: units, as: UTF16.self)
            }
            return ["type": "content", "text": lines.joined(separator: "\n")]
        }
        try JSONSerialization.data(withJSONObject: ["pages": pages]).write(to: URL(fileURLWithPath: path))
    }

    /// Kusamakura, its ruby readings counted once (its pages' text keeps the bases alone).
    @Test(.needsSharedCorpus, .needsSharedTools, .needsPandoc) func japaneseWithRubyKeepsItsText() throws {
        let corpus = try #require(TestPaths.corpus)
        let score = try Self.fidelity(of: [corpus.appendingPathComponent("kusamakura-preview.epub").path], pandocFormat: "epub",
                                      withReadings: true)
        #expect(score.recall >= 0.99)
        #expect(score.precision >= 0.99)
    }

    @Test(.needsSharedCorpus, .needsSharedTools, .needsPandoc) func mobyDickKeepsItsText() throws {
        let corpus = try #require(TestPaths.corpus)
        let score = try Self.fidelity(of: [corpus.appendingPathComponent("moby-dick.epub").path], pandocFormat: "epub")
        #expect(score.recall >= 0.99)
        #expect(score.precision >= 0.99)
    }

    /// The sample Markdown book, read as a folder, against pandoc's GitHub Markdown reader of its
    /// files in the same order. What differs by design: pandoc's plain text drops raw HTML and
    /// gathers the footnotes at the very end; ours keeps the HTML's text and sets each note at the
    /// foot of the page that calls it.
    @Test(.needsSharedTools, .needsPandoc) func theMarkdownSampleKeepsItsText() throws {
        let folder = TestPaths.repositoryFile("Samples/the-clockmakers-garden")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
        #expect(files.count == 4)
        let score = try Self.fidelity(of: [folder], pandocFormat: "gfm", referenceInputs: files.map { folder + "/" + $0 })
        #expect(score.recall >= 0.98)
        #expect(score.precision >= 0.98)
    }

    /// A long Markdown document: Moby-Dick as pandoc writes it in GitHub Markdown (headings,
    /// links, raw HTML spans), some 1.2 MB.
    @Test(.needsSharedCorpus, .needsSharedTools, .needsPandoc) func aLongMarkdownDocumentKeepsItsText() throws {
        let corpus = try #require(TestPaths.corpus)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let markdown = directory.appendingPathComponent("moby-dick.md").path
        let made = try #require(try Run.tool("pandoc", ["-f", "epub", "-t", "gfm", "--wrap=none",
                                                         corpus.appendingPathComponent("moby-dick.epub").path, "-o", markdown]))
        #expect(made.status == 0, "\(made.stderr)")
        let score = try Self.fidelity(of: [markdown], pandocFormat: "gfm")
        #expect(score.recall >= 0.98)
        #expect(score.precision >= 0.98)
    }

    /// The corpus books with tables, every cell counted: against pandoc's HTML reader over their
    /// spine documents in reading order (`scripts/pandoc-reference.py`, which says how and why
    /// that text differs from `pandoc -f epub`'s: pandoc drops the cells beyond a table's
    /// `col`s, shows what `hidden` hides, prints pictures' alt text and moves captions below).
    @Test(.needsSharedCorpus, .needsSharedTools, .needsPandoc,
          arguments: ["georgia-cfi", "epub30-spec", "jlreq-in-english"])
    func booksWithTablesKeepTheirText(book: String) throws {
        let corpus = try #require(TestPaths.corpus)
        let epub = corpus.appendingPathComponent("\(book).epub").path
        let script = TestPaths.repositoryFile("scripts/pandoc-reference.py")
        let score = try Self.fidelity(of: [epub]) { reference in try Run.tool("python3", [script, epub, reference]) }
        #expect(score.recall >= 0.99)
        #expect(score.precision >= 0.99)
    }
}
