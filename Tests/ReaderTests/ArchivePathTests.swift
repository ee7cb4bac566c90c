import Testing
import ZipArchive

/// Hrefs resolve inside the archive, relative to the entry they appear in, and never escape it.
struct ArchivePathTests {
    @Test func resolvesRelativeToTheBaseEntrysDirectory() {
        #expect(ArchivePath.resolve("ch2.xhtml", relativeTo: "OEBPS/text/ch1.xhtml")
            == ArchiveReference(path: "OEBPS/text/ch2.xhtml"))
        #expect(ArchivePath.resolve("../images/a.png", relativeTo: "OEBPS/text/ch1.xhtml")
            == ArchiveReference(path: "OEBPS/images/a.png"))
        #expect(ArchivePath.resolve("./a/./b/../c.xhtml", relativeTo: "root.opf") == ArchiveReference(path: "a/c.xhtml"))
        #expect(ArchivePath.resolve("OEBPS/content.opf", relativeTo: "") == ArchiveReference(path: "OEBPS/content.opf"))
    }

    @Test func splitsOffTheFragmentAndQuery() {
        #expect(ArchivePath.resolve("ch2.xhtml#note-3", relativeTo: "OEBPS/ch1.xhtml")
            == ArchiveReference(path: "OEBPS/ch2.xhtml", fragment: "note-3"))
        #expect(ArchivePath.resolve("#n1", relativeTo: "OEBPS/ch1.xhtml") == ArchiveReference(path: "OEBPS/ch1.xhtml", fragment: "n1"))
        #expect(ArchivePath.resolve("ch2.xhtml?x=1#", relativeTo: "OEBPS/ch1.xhtml") == ArchiveReference(path: "OEBPS/ch2.xhtml"))
        #expect(ArchivePath.resolve("a.xhtml#frag", relativeTo: "b.xhtml")?.description == "a.xhtml#frag")
    }

    @Test func percentDecodes() {
        #expect(ArchivePath.resolve("chapter%201.xhtml#caf%C3%A9", relativeTo: "OEBPS/x.xhtml")
            == ArchiveReference(path: "OEBPS/chapter 1.xhtml", fragment: "café"))
        #expect(ArchivePath.resolve("%E8%A1%A8%E7%B4%99.xhtml", relativeTo: "") == ArchiveReference(path: "表紙.xhtml"))
        #expect(ArchivePath.resolve("100%.xhtml", relativeTo: "") == ArchiveReference(path: "100%.xhtml"))
    }

    @Test func refusesEscapesAndNonPaths() {
        #expect(ArchivePath.resolve("../../etc/passwd", relativeTo: "OEBPS/ch1.xhtml") == nil)
        #expect(ArchivePath.resolve("../x", relativeTo: "root.xhtml") == nil)
        #expect(ArchivePath.resolve("%2E%2E/%2E%2E/secret", relativeTo: "OEBPS/ch1.xhtml") == nil)
        #expect(ArchivePath.resolve("/etc/passwd", relativeTo: "OEBPS/ch1.xhtml") == nil)
        #expect(ArchivePath.resolve("//host/share", relativeTo: "OEBPS/ch1.xhtml") == nil)
        #expect(ArchivePath.resolve("..\\..\\x", relativeTo: "OEBPS/ch1.xhtml") == nil)
        #expect(ArchivePath.resolve("a%00b.xhtml", relativeTo: "OEBPS/ch1.xhtml") == nil)
        #expect(ArchivePath.resolve("a\u{0}b", relativeTo: "") == nil)
        #expect(ArchivePath.resolve("file:///etc/passwd", relativeTo: "") == nil)
        #expect(ArchivePath.resolve("https://example.com/a.png", relativeTo: "") == nil)
        #expect(ArchivePath.resolve("C:\\x.png", relativeTo: "") == nil)
        #expect(ArchivePath.resolve("%FF.xhtml", relativeTo: "") == nil)
        #expect(ArchivePath.resolve("", relativeTo: "") == nil)
    }

    @Test func tellsExternalLinksFromPaths() {
        #expect(ArchivePath.isExternal("http://example.com"))
        #expect(ArchivePath.isExternal("mailto:a@b.c"))
        #expect(!ArchivePath.isExternal("ch1.xhtml#a:b"))
        #expect(!ArchivePath.isExternal("dir/a:b.xhtml"))
    }

    @Test func normalizesPaths() {
        #expect(ArchivePath.normalized("a//b/./c/../d") == "a/b/d")
        #expect(ArchivePath.normalized("a/../../b") == nil)
        #expect(ArchivePath.normalized("/a//b/") == "a/b")
        #expect(ArchivePath.normalized("a/..") == "")
        #expect(ArchivePath.normalized("a\\b") == nil)
        #expect(ArchivePath.normalized("a/b\0") == nil)
        // Given back as they stand: no empty, `.` or `..` segment, though dots lead some.
        for path in ["OEBPS/text/ch1.xhtml", ".hidden/x", "a/.../b", "..a/b.", "x"] {
            #expect(ArchivePath.normalized(path) == path)
        }
        #expect(ArchivePath.normalized(".") == "")
        #expect(ArchivePath.normalized("") == "")
        #expect(ArchivePath.normalized("a/") == "a")
        #expect(ArchivePath.normalized("a/.") == "a")
        #expect(ArchivePath.normalized("./a") == "a")
        // Paths beyond ASCII take the same rules.
        #expect(ArchivePath.normalized("caf\u{E9}/./x/../\u{8A9E}.xhtml") == "caf\u{E9}/\u{8A9E}.xhtml")
        #expect(ArchivePath.normalized("\u{E9}/../../b") == nil)
    }
}
