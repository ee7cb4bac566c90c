import Book2PagesKit
@testable import CommandLineInterface
import Foundation
import Layout
import PageFormat
import Testing

/// `--lang TAG[!]` on the command line, and in the output.
struct LanguageOptionTests {
    func language(_ arguments: [String]) throws -> LanguageSetting? {
        try Invocation(try ArgumentParser.parse(["book.md"] + arguments)).options.layout.language
    }

    @Test func aTagSetsTheLanguageWhereTheBookNamesNoneAndABangOverAll() throws {
        #expect(try language([]) == nil)
        #expect(try language(["--lang", "de"]) == .fallback("de"))
        #expect(try language(["--lang", "pt-BR"]) == .fallback("pt-BR"))
        #expect(try language(["--lang=zh-Hant-TW!"]) == .override("zh-Hant-TW"))
    }

    @Test(arguments: ["en_US", "e", "", "!", "en-", "englishes", "de!!", "1a"])
    func aMalformedTagIsAUsageErrorNamingTheOption(tag: String) {
        #expect {
            try language(["--lang", tag])
        } throws: { error in
            let error = error as? ConversionError
            return error?.exitCode == ExitCode.usage && error?.description.hasPrefix("--lang") == true
        }
    }

    @Test func theOutputNamesTheLanguageAndRecordsTheOption() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("book.md")
        try Data("# Kapitel\n\nDie Gesellschaft sprach von außerordentlichen Unannehmlichkeiten.\n".utf8).write(to: book)
        func convert(_ arguments: [String]) throws -> PageDocument {
            let result = try Run.program(try #require(TestPaths.binary), [book.path, "-q"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return try PageDocument(jsonData: result.stdout)
        }
        let plain = try convert([])
        let german = try convert(["--lang", "de"])
        #expect(plain.metadata.language == nil && german.metadata.language == "de")
        #expect(plain.provenance?.options != german.provenance?.options)
        #expect(try convert(["--lang", "de!"]).provenance?.options != german.provenance?.options)
    }
}
