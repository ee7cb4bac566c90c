import Book2PagesKit
import Foundation
import Layout
import PageFormat
import Testing
import Targets
import PageJSON

/// Every target's output for every book — the samples and the shared corpus — and the golden
/// files are valid against schema/book2pages.schema.json (checked by Python's jsonschema),
/// decode with the PageFormat model, read back to the same bytes; the samples come out the same
/// twice (the corpus books, many times over: `OutputDeterminismTests`).
struct SchemaValidationTests {
    /// Each target, and JSON Lines once.
    static let variants: [(name: String, options: ConversionOptions)] = {
        var variants: [(String, ConversionOptions)] = []
        for target in PageTargets.all {
            variants.append((target.name.rawValue, ConversionOptions(target: try! target.init(TargetRequest()))))
        }
        variants.append(("pagecurl-double", ConversionOptions(target: try! PageCurlTarget(TargetRequest(doubleSided: true)))))
        variants.append(("booklayout-ndjson", ConversionOptions(outputFormat: .ndjson)))
        return variants
    }()

    static var books: [String] {
        ["Samples/the-lighthouse-keeper.epub", "Samples/chapter.xhtml", "Samples/the-clockmakers-garden",
         "Samples/typography.xhtml"]
            .map(TestPaths.repositoryFile)
    }

    /// Runs the validator over `files` (the tests that call it need Python's jsonschema).
    static func validate(_ files: [String]) throws -> ProcessResult {
        try #require(try Run.tool("python3", [TestPaths.repositoryFile("scripts/validate-pages.py")] + files))
    }

    /// Without the schema's validator: each sample's outputs decode, read back to the same bytes
    /// and repeat.
    @Test func everyTargetOfEveryBookDecodesAndRepeats() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for book in Self.books { _ = try Self.check(book, repeating: true, writingInto: directory) }
    }

    @Test(.needsJSONSchema) func everyTargetOfEveryBookIsValid() async throws {
        try await Self.checkEveryTarget(of: Self.books, repeating: false)
    }

    @Test(.needsJSONSchema, .needsSharedCorpus) func everyTargetOfEveryCorpusBookIsValidAndDecodes() async throws {
        try await Self.checkEveryTarget(of: TestPaths.corpusBooks.map(\.path), repeating: false)
    }

    static func checkEveryTarget(of books: [String], repeating: Bool) async throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Books in parallel (each conversion is independent), the variants of a book in turn.
        let written = try await withThrowingTaskGroup(of: [String].self) { group in
            for book in books {
                group.addTask { try Self.check(book, repeating: repeating, writingInto: directory) }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let result = try Self.validate(written)
        #expect(result.status == 0, "\(String(decoding: result.stdout, as: UTF8.self))")
        if !TestPaths.sanitizerPass { #expect(written.count == books.count * Self.variants.count) }
    }

    /// Converts `book` in every variant (twice each when `repeating`, to check they agree);
    /// checks decoding and round trip; writes each output into `directory` and returns the files.
    static func check(_ book: String, repeating: Bool, writingInto directory: URL) throws -> [String] {
        var written: [String] = []
        // Under the sanitizer, a corpus book is converted for one target: its reader and the
        // layout run the same for every target.
        for (name, options) in (TestPaths.sanitizerPass && !repeating ? Array(variants.prefix(1)) : variants) {
            let first = try Converter.convert(path: book, options: options)
            if repeating {
                let second = try Converter.convert(path: book, options: options)
                #expect(first.json == second.json, "\(book) as \(name) differs between two runs")
            }
            let decoded = options.outputFormat == .ndjson
                ? try PageDocument(jsonLines: first.json) : try PageDocument(jsonData: first.json)
            #expect(decoded == first.document, "\(book) as \(name) does not decode to what was written")
            let again = options.outputFormat == .ndjson ? try decoded.jsonLines() : try decoded.jsonData()
            #expect(again == first.json, "\(book) as \(name) does not round-trip")
            #expect(decoded.target?.name == options.target.name)
            let file = directory.appendingPathComponent("\((book as NSString).lastPathComponent)-\(name)"
                                                        + (options.outputFormat == .ndjson ? ".ndjson" : ".json"))
            try first.json.write(to: file)
            written.append(file.path)
        }
        return written
    }

    @Test(.needsJSONSchema) func theGoldenFilesAreValid() throws {
        let goldens = GoldenSampleTests.cases.map { TestPaths.repositoryFile($0.1) }
        let result = try Self.validate(goldens)
        #expect(result.status == 0, "\(String(decoding: result.stdout, as: UTF8.self))")
    }

    /// A book of designed pages: its `design`, `metadata.rendition` and `target.blankPages` are
    /// valid, as JSON and as JSON Lines.
    @Test(.needsJSONSchema) func aDesignedBookIsValid() throws {
        let document = try DesignedSampleBook.document().document
        #expect(document.target?.blankPages == [5] && document.metadata.rendition?.layout == .mixed)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("designed.json"), lines = directory.appendingPathComponent("designed.ndjson")
        try document.jsonData().write(to: json)
        try document.jsonLines().write(to: lines)
        let result = try Self.validate([json.path, lines.path])
        #expect(result.status == 0, "\(String(decoding: result.stdout, as: UTF8.self))")
    }

    /// The validator really checks: a page without its folio, an unknown field and a wrong
    /// first page are each reported.
    @Test(.needsJSONSchema) func aBrokenDocumentIsReported() throws {
        let conversion = try Converter.convert(path: TestPaths.repositoryFile("Samples/chapter.xhtml"), options: ConversionOptions())
        var object = try JSONSerialization.jsonObject(with: conversion.json) as! [String: Any]
        var pages = object["pages"] as! [[String: Any]]
        pages[0]["type"] = "blank"
        pages[4].removeValue(forKey: "folio")
        pages[4]["colour"] = "red"
        object["pages"] = pages
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let result = try Self.validate([file.path])
        let report = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 1)
        #expect(report.contains("pages/0/type") && report.contains("'folio' is a required property") && report.contains("colour"))
    }
}
