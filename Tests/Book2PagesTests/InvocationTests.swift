import Book2PagesKit
@testable import CommandLineInterface
import Layout
import Testing
import PageFormat

struct InvocationTests {
    func invocation(_ arguments: [String]) throws -> Invocation {
        try Invocation(try ArgumentParser.parse(arguments))
    }

    @Test func defaultsAreBookLayoutsIPadPage() throws {
        let invocation = try invocation(["book.epub"])
        #expect(invocation.action == .convert(inputs: ["book.epub"], output: nil))
        #expect(invocation.options.layout.geometry.pageSize == Dimensions(width: 492, height: 718))
        #expect(invocation.options.bounds == Dimensions(width: 1024, height: 768))
        #expect(invocation.options.layout.font == "Liberation Serif")
        #expect(invocation.options.layout.fontSize == 17)
        #expect(!invocation.options.pretty && !invocation.quiet)
    }

    @Test func boundsGiveThePageByTheCollectionViewRule() throws {
        let options = try invocation(["--bounds", "768x1024", "b.epub"]).options
        #expect(options.layout.geometry.pageSize == Dimensions(width: 364, height: 974))
        #expect(options.bounds == Dimensions(width: 768, height: 1024))
    }

    @Test func alignmentIsJustifiedUnlessAskedOtherwise() throws {
        #expect(try invocation(["b.epub"]).options.layout.alignment == .justify)
        #expect(try invocation(["--align", "left", "b.epub"]).options.layout.alignment == .left)
        #expect(try invocation(["--align", "JUSTIFY", "b.epub"]).options.layout.alignment == .justify)
        #expect(throws: ConversionError.usage("--align centre: unknown alignment (known: justify, left)")) {
            try invocation(["--align", "centre", "b.epub"])
        }
    }

    @Test func pageSizeOverridesBounds() throws {
        let options = try invocation(["--bounds", "768x1024", "--page-size", "350x500", "b.epub"]).options
        #expect(options.layout.geometry.pageSize == Dimensions(width: 350, height: 500))
        #expect(options.bounds == nil)
    }

    @Test(arguments: [
        ("20", Margins(top: 20, right: 20, bottom: 20, left: 20)),
        ("10,30", Margins(top: 10, right: 30, bottom: 10, left: 30)),
        ("1,2,3,4", Margins(top: 1, right: 2, bottom: 3, left: 4)),
    ])
    func margins(text: String, expected: Margins) throws {
        #expect(try invocation(["--margins", text, "b.epub"]).options.layout.geometry.margins == expected)
    }

    @Test func typeOptions() throws {
        let options = try invocation(["--font", "Liberation Sans", "--font-size", "12.5", "--line-height", "1.2",
                                      "--from", "XHTML", "--pretty", "b"]).options
        #expect(options.layout.font == "Liberation Sans")
        #expect(options.layout.fontSize == 12.5)
        #expect(options.layout.lineHeight == 1.2)
        #expect(options.inputFormat == .xhtml)
        #expect(options.pretty)
    }

    @Test func helpAndVersionNeedNoBook() throws {
        #expect(try invocation(["--help"]).action == .help)
        #expect(try invocation(["-h", "x", "y"]).action == .help)
        #expect(try invocation(["--version"]).action == .version)
    }

    @Test(arguments: [
        [],
        ["-", "b.md"],
        ["--from", "epub", "-"],
        ["--bounds", "1024", "b"],
        ["--bounds", "40x768", "b"],
        ["--page-size", "0x500", "b"],
        ["--page-size", "axb", "b"],
        ["--margins", "1,2,3", "b"],
        ["--margins", "-4", "b"],
        ["--margins", "300", "b"],
        ["--font-size", "0", "b"],
        ["--font-size", "big", "b"],
        ["--line-height", "9", "b"],
        ["--from", "pdf", "b"],
        ["--font", "", "b"],
        ["-o", "", "b"],
    ])
    func badValuesAreUsageErrors(arguments: [String]) {
        #expect {
            try invocation(arguments)
        } throws: { error in
            guard let error = error as? ConversionError, case .usage(let message) = error else { return false }
            return error.exitCode == 64 && !message.isEmpty && !message.contains("\n")
        }
    }
}
