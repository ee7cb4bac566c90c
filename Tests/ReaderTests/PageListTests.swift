import BookModel
import EPUBReader
import Testing

/// A printed edition's page numbers: the navigation document's `page-list`, else the NCX's
/// `pageList`, matched to chapters as the table of contents is.
struct PageListTests {
    static let navWithPageList = FixtureBooks.epub3Nav.replacingOccurrences(of: "</body>", with: """
          <nav epub:type="page-list" hidden="hidden"><h2>Pages</h2><ol>
            <li><a href="text/ch1.xhtml#p1">1</a></li>
            <li><a href="text/ch1.xhtml#s1">2</a></li>
            <li><a href="text/outside.xhtml#p3">3</a></li>
            <li><a href="text/ch2.xhtml">iv</a></li>
          </ol></nav>
        </body>
        """)

    @Test func theNavigationDocumentsPageList() throws {
        let entries = FixtureBooks.epub3Entries.map { $0.0 == "OEBPS/nav.xhtml" ? ($0.0, Self.navWithPageList) : $0 }
        let book = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: FixtureBooks.epub3Binary)).book
        #expect(book.pageList.map(\.label) == ["1", "2", "iv"])
        #expect(book.pageList[0].anchor == "p1" && book.pageList[1].anchor == "s1" && book.pageList[2].anchor == nil)
        #expect(book.pageList[2].chapterIndex == book.chapters.firstIndex { $0.source == "OEBPS/text/ch2.xhtml" })
        // The page list is not the table of contents.
        #expect(!book.toc.contains { $0.title == "iv" })
    }

    @Test func theNCXsPageList() throws {
        let ncx = FixtureBooks.epub2NCX.replacingOccurrences(of: "</ncx>", with: """
              <pageList><navLabel><text>Pages</text></navLabel>
                <pageTarget id="pg7" type="normal" value="7"><navLabel><text>7</text></navLabel><content src="chap1.html#deep"/></pageTarget>
                <pageTarget id="pg8" type="normal" value="8"><navLabel><text>8</text></navLabel><content src="chap2.html"/></pageTarget>
              </pageList>
            </ncx>
            """)
        let entries = FixtureBooks.epub2Entries.map { $0.0 == "OEBPS/toc.ncx" ? ($0.0, ncx) : $0 }
        let book = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: FixtureBooks.epub2Binary)).book
        #expect(book.pageList == [PageListEntry(label: "7", chapterIndex: 0, anchor: "deep"),
                                  PageListEntry(label: "8", chapterIndex: 1)])
    }

    @Test func aBookWithoutOneHasNone() throws {
        let book = try EPUBReader.read(contentsOf: try EPUBFixture.write(FixtureBooks.epub3Entries,
                                                                         binary: FixtureBooks.epub3Binary)).book
        #expect(book.pageList.isEmpty)
    }
}
