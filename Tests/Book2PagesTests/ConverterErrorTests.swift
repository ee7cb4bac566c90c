@testable import Book2PagesKit
import BookModel
import Layout
import Testing

/// Each kind of failure reaches the user with its own exit code.
struct ConverterErrorTests {
    @Test func layoutOptionsTheLayoutRefusesAreUsageErrors() {
        var options = LayoutOptions()
        options.geometry.margins = EdgeInsets(top: 400, right: 0, bottom: 400, left: 0)
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
