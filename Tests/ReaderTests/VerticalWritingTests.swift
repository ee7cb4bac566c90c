import BookModel
import EPUBReader
import Testing

/// A book written vertically is marked so in its metadata (`writesVertically`), which the
/// layout follows; it is no longer a cause for a warning.
struct VerticalWritingTests {
    private func read(css: String? = nil, metadata: String = "<dc:title>T</dc:title><dc:language>ja</dc:language>",
                      rightToLeft: Bool = false, pages: Int = 1) throws -> ReadResult {
        let link = css == nil ? "" : #"<link rel="stylesheet" href="style.css"/>"#
        let spine = (0..<pages).map { ("p\($0)", "p\($0).xhtml", "application/xhtml+xml", true) }
        var package = FixtureBooks.package(spine: spine, metadata: metadata, version: "3.0")
        if rightToLeft { package = package.replacingOccurrences(of: "<spine>", with: #"<spine page-progression-direction="rtl">"#) }
        var entries = [("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", package)]
        for page in 0..<pages {
            entries.append(("OEBPS/p\(page).xhtml",
                            EPUBFixture.page("<p>吾輩は猫である。</p>").replacingOccurrences(of: "</head>", with: link + "</head>")))
        }
        if let css { entries.append(("OEBPS/style.css", css)) }
        return try EPUBReader.read(contentsOf: EPUBFixture.write(entries))
    }

    private func verticalWarnings(_ result: ReadResult) -> [String] {
        result.warnings.map(\.description).filter { $0.contains("vertical writing") }
    }

    @Test func theBooksCSSSaysVertical() throws {
        for property in ["writing-mode", "-epub-writing-mode", "-webkit-writing-mode"] {
            let result = try read(css: "html { \(property): vertical-rl }", pages: 2)
            #expect(verticalWarnings(result).isEmpty)
            #expect(result.book.metadata.writesVertically)
        }
    }

    @Test func horizontalCSSSaysNothing() throws {
        let result = try read(css: "html { writing-mode: horizontal-tb } p { -epub-writing-mode: lr-tb }")
        #expect(verticalWarnings(result).isEmpty)
        #expect(!result.book.metadata.writesVertically)
    }

    @Test func thePackagesPrimaryWritingModeSaysVertical() throws {
        let result = try read(metadata: #"<dc:title>T</dc:title><meta name="primary-writing-mode" content="vertical-rl"/>"#)
        #expect(verticalWarnings(result).isEmpty)
        #expect(result.book.metadata.writesVertically)
    }

    @Test func aRightToLeftProgressionInJapaneseMeansVertical() throws {
        let result = try read(rightToLeft: true)
        #expect(verticalWarnings(result).isEmpty)
        #expect(result.book.metadata.writesVertically)
        #expect(result.book.metadata.direction == .rightToLeft)
    }

    @Test func aRightToLeftProgressionInArabicDoesNot() throws {
        let result = try read(metadata: "<dc:title>T</dc:title><dc:language>ar</dc:language>", rightToLeft: true)
        #expect(verticalWarnings(result).isEmpty)
        #expect(!result.book.metadata.writesVertically)
    }

    @Test(.needsSharedCorpus) func kusamakuraIsVertical() throws {
        let path = try #require(TestFiles.corpusBook("kusamakura-preview.epub"))
        // Its first document's CSS says so (`writing-mode: vertical-rl`), and its package too
        // (Japanese, right to left).
        let result = try EPUBReader.read(contentsOf: path)
        #expect(verticalWarnings(result).isEmpty)
        #expect(result.book.metadata.writesVertically)
    }
}
