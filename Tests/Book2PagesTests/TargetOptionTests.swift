import Book2PagesKit
@testable import CommandLineInterface
import Layout
import Testing
import PageFormat
import Targets

/// `--target`, `--double-sided`, `--chapter-start` and `--format`: each target's page size, and
/// what is refused.
struct TargetOptionTests {
    func invocation(_ arguments: [String]) throws -> Invocation {
        try Invocation(try ArgumentParser.parse(arguments + ["book.epub"]))
    }

    @Test func eachTargetSizesItsPages() throws {
        let book = try invocation(["--target", "booklayout", "--bounds", "1024x768"])
        #expect(book.options.layout.geometry.pageSize == Dimensions(width: 492, height: 718))
        let swiftUI = try invocation(["--target", "swiftui-book"])
        #expect(swiftUI.options.layout.geometry.pageSize == Dimensions(width: 350, height: 500) && swiftUI.options.bounds == nil)
        let swiftUISized = try invocation(["--target", "swiftui-book", "--page-size", "390x600"])
        #expect(swiftUISized.options.layout.geometry.pageSize == Dimensions(width: 390, height: 600))
        let curl = try invocation(["--target", "pagecurl", "--bounds", "768x1024"])
        #expect(curl.options.layout.geometry.pageSize == Dimensions(width: 768, height: 1024))
        let doubleCurl = try invocation(["--target", "pagecurl", "--double-sided", "--bounds", "1024x768"])
        #expect(doubleCurl.options.layout.geometry.pageSize == Dimensions(width: 512, height: 768) && doubleCurl.options.target.doubleSided)
        let reader = try invocation(["--target", "reader", "--bounds", "390x844"])
        #expect(reader.options.layout.geometry.pageSize == Dimensions(width: 390, height: 844))
        #expect(reader.options.target.name == .reader && reader.options.bounds == Dimensions(width: 390, height: 844))
    }

    @Test func chapterStartGoesToATargetOfSpreads() throws {
        #expect(try invocation([]).options.target.chapterStart == .any)
        #expect(try invocation(["--chapter-start", "right"]).options.target.chapterStart == .right)
        #expect(try invocation(["--target", "pagecurl", "--double-sided", "--chapter-start", "right"]).options.target.chapterStart == .right)
        #expect(try invocation(["--target", "reader", "--chapter-start", "any"]).options.target.chapterStart == .any)
    }

    @Test func alignSpreadsIsOnWhereTheTargetShowsSpreads() throws {
        #expect(try invocation([]).options.target.alignsSpreads)
        #expect(try !invocation(["--align-spreads", "off"]).options.target.alignsSpreads)
        #expect(try invocation(["--target", "pagecurl", "--double-sided", "--align-spreads", "on"]).options.target.alignsSpreads)
        #expect(try !invocation(["--target", "pagecurl"]).options.target.alignsSpreads)
        #expect(try !invocation(["--target", "reader", "--align-spreads", "on"]).options.target.alignsSpreads)
    }

    @Test func formatChoosesJSONOrJSONLines() throws {
        #expect(try invocation([]).options.outputFormat == .json)
        #expect(try invocation(["--format", "ndjson"]).options.outputFormat == .ndjson)
    }

    @Test(arguments: [
        ["--target", "kindle"],
        ["--double-sided"],
        ["--target", "reader", "--double-sided"],
        ["--target", "reader", "--chapter-start", "right"],
        ["--target", "pagecurl", "--chapter-start", "right"],
        ["--chapter-start", "left"],
        ["--align-spreads", "sometimes"],
        ["--target", "swiftui-book", "--bounds", "800x600"],
        ["--format", "xml"],
        ["--format", "ndjson", "--pretty"],
    ])
    func badCombinationsAreUsageErrors(arguments: [String]) {
        #expect {
            try invocation(arguments)
        } throws: { error in
            (error as? ConversionError)?.exitCode == ExitCode.usage
        }
    }
}

/// A target the tool does not have, defined here as a fifth one would be in `Sources/Targets`:
/// one type. The conversion takes it as it takes the four.
struct WatchTarget: PageTarget {
    static let name = TargetName(rawValue: "watch")
    static let summary = "a watch face, one square page a screen"
    let pageSize = Dimensions(width: 184, height: 184)
    var bounds: Dimensions? { nil }

    init(_ request: TargetRequest) throws(TargetError) {
        if request.doubleSided { throw TargetError("--double-sided is for --target pagecurl") }
    }

    func grouping(of pages: [PageOutline], rightToLeft: Bool) -> TargetDescription {
        TargetDescription(name: Self.name, grouping: .screens(pages.indices.filter { pages[$0].kind == .content }))
    }
}

struct NewTargetTests {
    /// The layout's default page, which it keeps without knowing any target, is the default
    /// target's.
    @Test func theLayoutsDefaultPageIsTheDefaultTargets() {
        #expect(LayoutOptions.defaultGeometry.pageSize == ConversionOptions.defaultTarget.pageSize)
        #expect(LayoutOptions().geometry == ConversionOptions().layout.geometry)
    }

    @Test func aTargetIsOneTypeThatTheConversionTakesWhole() throws {
        let options = ConversionOptions(target: try WatchTarget(TargetRequest()))
        #expect(options.layout.geometry.pageSize == Dimensions(width: 184, height: 184) && options.bounds == nil)
        let book = TestPaths.repositoryFile("Samples/chapter.xhtml")
        let document = try Converter.convert(path: book, options: options).document
        #expect(document.target?.name.rawValue == "watch" && document.layout.pageSize == Dimensions(width: 184, height: 184))
        let contentPages = document.pages.indices.filter { document.pages[$0].content != nil }
        #expect(contentPages.count > 3 && document.target?.grouping == .screens(contentPages))
        var streamed = options
        streamed.outputFormat = .ndjson
        let lines = try Converter.convert(.paths([book]), options: streamed) { _ in }.document
        #expect(lines.target == document.target)
    }
}
