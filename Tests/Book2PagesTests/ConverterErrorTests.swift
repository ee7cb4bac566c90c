@testable import Book2PagesKit
import BookModel
import Foundation
import Layout
import Testing
import ZipArchive
import PageFormat

/// Each kind of failure reaches the user with its own exit code.
struct ConverterErrorTests {
    @Test func layoutOptionsTheLayoutRefusesAreUsageErrors() {
        var options = LayoutOptions()
        options.geometry.margins = Margins(top: 400, right: 0, bottom: 400, left: 0)
        #expect {
            try Converter.makeLayouter(options)
        } throws: { error in
            (error as? ConversionError)?.exitCode == ExitCode.usage
        }
    }

    @Test func aFontThatIsNotInstalledIsExit69() {
        var options = LayoutOptions()
        options.font = "Nonexistent Family Xyz"
        #expect {
            try Converter.makeLayouter(options)
        } throws: { error in
            guard let error = error as? ConversionError else { return false }
            return error.exitCode == ExitCode.fontUnavailable && error.description.contains("Nonexistent Family Xyz")
        }
    }

    /// A spine that lists the package document and `mimetype` (typed as XHTML) reads the one real
    /// chapter, with a warning for each, so `--strict` refuses the book.
    @Test func theEPUBsOwnFilesInTheSpineFailUnderStrict() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("own-files.epub").path
        let writer = try TestEPUB.start(at: path)
        try writer.add("content.opf", bytes: Array("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Own</dc:title><dc:language>en</dc:language></metadata>
            <manifest><item id="opf" href="content.opf" media-type="application/xhtml+xml"/>
            <item id="mime" href="mimetype" media-type="application/xhtml+xml"/>
            <item id="ch" href="ch.xhtml" media-type="application/xhtml+xml"/></manifest>
            <spine><itemref idref="opf"/><itemref idref="mime"/><itemref idref="ch"/></spine></package>
            """.utf8))
        try writer.add("ch.xhtml", bytes: Array(#"<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Text.</p></body></html>"#.utf8))
        try writer.close()
        var options = ConversionOptions()
        let conversion = try Converter.convert(.paths([path]), options: options)
        #expect(conversion.document.chapters.map(\.source) == ["ch.xhtml"])
        #expect(conversion.warnings.map(\.entry) == ["content.opf", "mimetype"])
        options.strict = true
        #expect {
            try Converter.convert(.paths([path]), options: options)
        } throws: { error in
            guard case .warningsUnderStrict(_, let warnings) = error as? ConversionError else { return false }
            return warnings.count == 2 && (error as? ConversionError)?.exitCode == ExitCode.warningsUnderStrict
        }
    }

    @Test func everyErrorIsOneLineWithItsOwnCode() {
        let errors: [ConversionError] = [
            .usage("u"), .unreadable(file: "f", reason: "r"), .invalid(file: "f", reason: "r"),
            .fontUnavailable("x"), .outputFailed(file: "o", reason: "r"), .internalError("bug"),
            .limitExceeded(file: "f", reason: "r"), .warningsUnderStrict(file: "f", warnings: [Warning("w")]),
        ]
        #expect(Set(errors.map(\.exitCode)).count == errors.count)
        #expect(errors.allSatisfy { !$0.description.contains("\n") })
        #expect(ConversionError.invalid(file: "book.epub", reason: "no spine").description == "book.epub: no spine")
    }
}
