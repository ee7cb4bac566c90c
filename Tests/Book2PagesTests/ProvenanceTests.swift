@testable import Book2PagesKit
import Foundation
import Testing

/// The digests an output records: the same for the same input and options, different when a
/// byte of the input or an option changes.
struct ProvenanceTests {
    @Test func sameInputSameDigestsAndAChangedByteChangesThem() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("book.md")
        try Data("# One\n\nText.\n".utf8).write(to: book)
        let first = try #require(Fingerprint.provenance(of: .paths([book.path]), options: ConversionOptions()))
        #expect(first == Fingerprint.provenance(of: .paths([book.path]), options: ConversionOptions()))
        #expect(first.input.hasPrefix("sha256:") && first.input.count == 71 && first.tool.hasPrefix("book2pages "))
        try Data("# One\n\nText!\n".utf8).write(to: book)
        let edited = try #require(Fingerprint.provenance(of: .paths([book.path]), options: ConversionOptions()))
        #expect(edited.input != first.input && edited.options == first.options)
        var options = ConversionOptions()
        options.layout.fontSize = 18
        #expect(Fingerprint.provenance(of: .paths([book.path]), options: options)?.options != first.options)
    }

    @Test func aFolderCountsEveryFileAndItsName() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("# A\n".utf8).write(to: directory.appendingPathComponent("a.md"))
        let before = Fingerprint.digest(of: .paths([directory.path]))
        try Data([1, 2, 3]).write(to: directory.appendingPathComponent("cover.png"))
        let after = Fingerprint.digest(of: .paths([directory.path]))
        #expect(before != nil && after != nil && before != after)
        #expect(Fingerprint.digest(of: .standardInput(Array("x".utf8), folder: "/")) == Fingerprint.digest(of: .standardInput(Array("x".utf8), folder: "/tmp")))
    }
}
