import Book2PagesKit
@testable import CommandLineInterface
import Foundation
import Layout
import PageFormat
import Testing

/// `--metadata KEY=VALUE`: what the output's metadata says instead of the book's.
struct MetadataOptionTests {
    func overrides(_ arguments: [String]) throws -> MetadataOverrides {
        try Invocation(try ArgumentParser.parse(["book.epub"] + arguments)).options.layout.metadata
    }

    @Test func eachKeyIsReadAndAValueKeepsItsCommas() throws {
        let read = try overrides(["--metadata", "title=War and Peace, Part One", "--metadata", "author=Anna",
                                  "--metadata=author=Bea", "--metadata", "lang=pt-BR", "--metadata", "direction=RTL",
                                  "--metadata", "identifier=urn:isbn:1", "--metadata", "date=1869"])
        #expect(read.title == "War and Peace, Part One" && read.authors == ["Anna", "Bea"])
        #expect(read.language == "pt-BR" && read.direction == .rightToLeft)
        #expect(read.identifier == "urn:isbn:1" && read.date == "1869")
        #expect(try overrides(["--metadata", "title=A", "--metadata", "title=B"]).title == "B")
    }

    @Test(arguments: ["title", "colour=red", "title=", "direction=up", "lang=en_US", "=x"])
    func aMalformedSettingIsAUsageErrorNamingIt(setting: String) {
        #expect {
            try overrides(["--metadata", setting])
        } throws: { error in
            let error = error as? ConversionError
            return error?.exitCode == ExitCode.usage && error?.description.hasPrefix("--metadata \(setting):") == true
        }
    }

    @Test func theOutputSaysWhatWasGivenAndKeepsTheOtherCreators() throws {
        let result = try Run.program(try #require(TestPaths.binary),
                                     [TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"), "-q",
                                      "--metadata", "title=The Keeper", "--metadata", "author=Anna",
                                      "--metadata", "direction=rtl", "--metadata", "lang=fr"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try PageDocument(jsonData: result.stdout)
        #expect(document.metadata.title == "The Keeper" && document.metadata.authors == ["Anna"])
        #expect(document.metadata.direction == .rightToLeft && document.metadata.language == "fr")
        // The illustrator the book credits stays.
        #expect(document.metadata.creators.contains { $0.role == "ill" })
        let plain = try Run.program(try #require(TestPaths.binary),
                                    [TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"), "-q"])
        #expect(try PageDocument(jsonData: plain.stdout).provenance?.options != document.provenance?.options)
    }
}
