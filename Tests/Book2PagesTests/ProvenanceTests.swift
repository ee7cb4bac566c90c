@testable import Book2PagesKit
import BookModel
import Foundation
import Layout
import PageFormat
import Testing
import Targets

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

    /// The fonts of this machine the layout measures with are recorded by name and digest,
    /// and the installed fonts (where stand-ins come from) by one digest of their list.
    @Test func theLayoutsFontFilesAreRecorded() throws {
        let directory = try Run.temporaryDirectory()
        let book = directory.appendingPathComponent("book.md")
        try Data("# One\n\nText.\n".utf8).write(to: book)
        let provenance = try #require(Fingerprint.provenance(of: .paths([book.path]), options: ConversionOptions()))
        let fonts = try #require(provenance.fonts)
        #expect(Set(fonts.map(\.file)).isSuperset(of: ["LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf",
                                                        "LiberationMono-Regular.ttf", "LiberationSans-Regular.ttf"]))
        #expect(fonts.allSatisfy { $0.sha256.hasPrefix("sha256:") && $0.sha256.count == 71 && !$0.file.contains("/") })
        #expect(provenance.installedFonts?.hasPrefix("sha256:") == true)
        var other = ConversionOptions()
        other.layout.codeFont = "DejaVu Sans Mono"
        let withOther = try #require(Fingerprint.provenance(of: .paths([book.path]), options: other))
        #expect(withOther.fonts?.contains { $0.file == "DejaVuSansMono.ttf" } == true)
        // The whole document records them, and reads them back.
        let document = try Converter.convert(path: book.path, options: ConversionOptions()).document
        #expect(document.provenance == provenance)
    }

    /// Each option in the options' types changes the digest, and a new one fails this test until
    /// `Fingerprint.description(of:)` writes it (or says why it shapes nothing).
    @Test func everyShapingOptionChangesTheOptionsDigest() {
        #expect(Set(Mirror(reflecting: ConversionOptions()).children.compactMap(\.label))
                == ["layout", "target", "inputFormat", "pretty", "outputFormat", "assetsDirectory", "assetsSubfolder",
                    "keepsLines", "stylesheets", "outputPath", "replacesOtherBooks", "limits", "strict"])
        #expect(Set(Mirror(reflecting: LayoutOptions()).children.compactMap(\.label))
                == ["geometry", "font", "fontSize", "lineHeight", "codeFont", "alignment", "usesBookFonts", "bodyFontChosen", "writingMode",
                    "mathFont", "language", "metadata", "glyphScaling"])
        let base = ConversionOptions()
        let changes: [(String, (inout ConversionOptions) -> Void)] = [
            ("page size", { $0.target = try! BookLayoutTarget(TargetRequest(pageSize: Dimensions(width: 300, height: 400))) }),
            ("margins", { $0.layout.geometry.margins.left += 1 }),
            ("font", { $0.layout.font = "DejaVu Serif" }),
            ("font size", { $0.layout.fontSize += 1 }),
            ("line height", { $0.layout.lineHeight += 0.1 }),
            ("code font", { $0.layout.codeFont = "DejaVu Sans Mono" }),
            ("alignment", { $0.layout.alignment = .left }),
            ("glyph scaling", { $0.layout.glyphScaling = 0 }),
            ("book fonts", { $0.layout.usesBookFonts = false }),
            ("font chosen", { $0.layout.bodyFontChosen = true }),
            ("writing mode", { $0.layout.writingMode = .vertical }),
            ("math font", { $0.layout.mathFont = "Latin Modern Math" }),
            ("language", { $0.layout.language = .fallback("de") }),
            ("language over all", { $0.layout.language = .override("en") }),
            ("metadata title", { $0.layout.metadata.title = "Another" }),
            ("metadata authors", { $0.layout.metadata.authors = ["Anna"] }),
            ("metadata language", { $0.layout.metadata.language = "fr" }),
            ("metadata direction", { $0.layout.metadata.direction = .rightToLeft }),
            ("metadata identifier", { $0.layout.metadata.identifier = "urn:x" }),
            ("metadata date", { $0.layout.metadata.date = "1869" }),
            ("bounds", { $0.target = try! BookLayoutTarget(TargetRequest(bounds: Dimensions(width: 1024, height: 769))) }),
            ("reader", { $0.inputFormat = .markdown }),
            ("pretty", { $0.pretty = true }),
            ("target", { $0.target = try! ReaderTarget(TargetRequest(bounds: Dimensions(width: 492, height: 718))) }),
            ("double-sided", { $0.target = try! PageCurlTarget(TargetRequest(pageSize: Dimensions(width: 492, height: 718), doubleSided: true)) }),
            ("format", { $0.outputFormat = .ndjson }),
            ("lines", { $0.keepsLines = false }),
            ("assets", { $0.assetsDirectory = "assets" }),
            ("assets subfolder", { $0.assetsSubfolder = "sub" }),
            ("css", { $0.stylesheets = [UserStylesheet(name: "a.css", text: "p { text-indent: 0 }")] }),
        ]
        for (name, change) in changes {
            var options = base
            change(&options)
            #expect(Fingerprint.digest(of: options) != Fingerprint.digest(of: base), "\(name)")
        }
        var unshaping = base
        unshaping.strict = true
        unshaping.limits.maximumTextSize /= 2
        #expect(Fingerprint.digest(of: unshaping) == Fingerprint.digest(of: base))
    }

    /// A `--css` stylesheet counts by its content, in order: the same rules from another file
    /// are the same pages; other rules, or the same sheets the other way round, are not.
    @Test func aStylesheetCountsByItsContentNotItsPath() {
        func digest(_ sheets: [(String, String)]) -> String {
            var options = ConversionOptions()
            options.stylesheets = sheets.map { UserStylesheet(name: $0.0, text: $0.1) }
            return Fingerprint.digest(of: options)
        }
        let center = "p { text-align: center }", flat = "p { text-indent: 0 }"
        #expect(digest([("a.css", center)]) == digest([("elsewhere/b.css", center)]))
        #expect(digest([("a.css", center)]) != digest([("a.css", flat)]))
        #expect(digest([("a.css", center), ("b.css", flat)]) != digest([("b.css", flat), ("a.css", center)]))
        #expect(Fingerprint.description(of: ConversionOptions()).contains("css") == false)
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
