/// The package documents and pages of the EPUB fixtures, written out here so each test shows
/// what it reads.
enum FixtureBooks {
    static let epub3Package = """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="pub-id">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="other">urn:isbn:000</dc:identifier>
            <dc:identifier id="pub-id">urn:uuid:1234</dc:identifier>
            <dc:title>  First&nbsp;Title &amp; More </dc:title>
            <dc:title>Second Title</dc:title>
            <dc:creator id="ed">Edna Editor</dc:creator>
            <meta refines="#ed" property="role" scheme="marc:relators">edt</meta>
            <dc:creator id="au">Ann Author</dc:creator>
            <meta refines="#au" property="role" scheme="marc:relators">aut</meta>
            <dc:creator>Nora Norole</dc:creator>
            <dc:language>en-GB</dc:language><dc:date>2020-01-31</dc:date>
          </metadata>
          <manifest>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="ch1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>
            <item id="ch2" href="text/ch2.xhtml" media-type="application/xhtml+xml"/>
            <item id="notes" href="text/notes.xhtml" media-type="application/xhtml+xml"/>
            <item id="plate" href="images/plate.jpg" media-type="image/jpeg"/>
            <item id="gone" href="text/gone.xhtml" media-type="application/xhtml+xml"/>
            <item id="cover" href="images/cover.png" media-type="image/png" properties="cover-image"/>
          </manifest>
          <spine page-progression-direction="rtl">
            <itemref idref="notes" linear="no"/>
            <itemref idref="ch1"/>
            <itemref idref="gone"/>
            <itemref idref="plate" linear="yes"/>
            <itemref idref="ch2"/>
            <itemref idref="nowhere"/>
          </spine>
        </package>
        """

    static let epub3Nav = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>Contents</title></head>
        <body>
          <nav epub:type="landmarks"><ol><li><a href="text/ch2.xhtml">Landmark, not TOC</a></li></ol></nav>
          <nav epub:type="toc"><h1>Contents</h1>
            <ol>
              <li><a href="text/ch1.xhtml">Chapter <em>One</em></a>
                <ol>
                  <li><a href="text/ch1.xhtml#s1">Section 1.1</a>
                    <ol><li><a href="text/ch1.xhtml#s1a">Part 1.1.a</a></li></ol></li>
                </ol>
              </li>
              <li><span>Unlinked group</span>
                <ol><li><a href="text/ch2.xhtml">Chapter Two</a></li></ol></li>
              <li><a href="text/outside.xhtml">Not in the spine</a></li>
              <li><a href="text/notes.xhtml#n1">Notes</a></li>
            </ol>
          </nav>
        </body>
        </html>
        """

    static let epub3Entries: [(String, String)] = [
        ("META-INF/container.xml", EPUBFixture.container),
        ("OEBPS/content.opf", epub3Package),
        ("OEBPS/nav.xhtml", epub3Nav),
        ("OEBPS/text/ch1.xhtml", EPUBFixture.page("""
            <h1>Heading One</h1><p>It was a dark&nbsp;&amp; stormy night&mdash;really.</p>
            <h2 id="s1">Section</h2><p id="s1a">More <img src="../images/plate.jpg" alt="Plate"/></p>
            """)),
        ("OEBPS/text/ch2.xhtml", EPUBFixture.page("<h1>Two</h1><p>Second chapter.</p>")),
        ("OEBPS/text/notes.xhtml", EPUBFixture.page(#"<h1>Notes</h1><p id="n1">A note.</p>"#)),
    ]

    static let epub3Binary: [(String, [UInt8])] = [
        ("OEBPS/images/plate.jpg", [0xFF, 0xD8, 0xFF, 0xE0]),
        ("OEBPS/images/cover.png", [0x89, 0x50, 0x4E, 0x47]),
    ]

    static let epub2Package = """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="BookId">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
            <dc:title>Old Book</dc:title>
            <dc:creator opf:role="trl" opf:file-as="Tran, Terry">Terry Tran</dc:creator>
            <dc:creator opf:role="aut">Mary Main</dc:creator>
            <dc:creator opf:role="ill">Ian Illus</dc:creator>
            <dc:creator opf:role="aut">Second Writer</dc:creator>
            <dc:language>fr</dc:language>
            <dc:date opf:event="modification">2011-02-03</dc:date>
            <dc:date opf:event="publication">1899</dc:date>
            <dc:identifier id="BookId" opf:scheme="ISBN">978-0-00-000000-0</dc:identifier>
            <meta name="cover" content="cover-img"/>
          </metadata>
          <manifest>
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
            <item id="c1" href="chap1.html" media-type="application/xhtml+xml"/>
            <item id="c2" href="chap2.html" media-type="application/xhtml+xml"/>
            <item id="cover-img" href="art/front.jpg" media-type="image/jpeg"/>
          </manifest>
          <spine toc="ncx">
            <itemref idref="c1"/>
            <itemref idref="c2"/>
          </spine>
        </package>
        """

    static let epub2NCX = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
        <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
          <head><meta name="dtb:uid" content="x"/></head>
          <docTitle><text>Old Book</text></docTitle>
          <navMap>
            <navPoint id="p1" playOrder="1"><navLabel><text>Part &mdash; One</text></navLabel><content src="chap1.html"/>
              <navPoint id="p2" playOrder="2"><navLabel><text>Scene 1</text></navLabel><content src="chap1.html#scene1"/>
                <navPoint id="p3" playOrder="3"><navLabel><text>Deep</text></navLabel><content src="chap1.html#deep"/></navPoint>
              </navPoint>
            </navPoint>
            <navPoint id="p4" playOrder="4"><navLabel><text>Part Two</text></navLabel><content src="chap2.html"/></navPoint>
            <navPoint id="p5" playOrder="5"><navLabel><text>Elsewhere</text></navLabel><content src="missing.html"/></navPoint>
          </navMap>
        </ncx>
        """

    static let epub2Entries: [(String, String)] = [
        ("META-INF/container.xml", EPUBFixture.container),
        ("OEBPS/content.opf", epub2Package),
        ("OEBPS/toc.ncx", epub2NCX),
        ("OEBPS/chap1.html", EPUBFixture.page(#"<h2>Un</h2><p id="scene1">Bonjour</p><p id="deep">Encore</p>"#)),
        ("OEBPS/chap2.html", EPUBFixture.page("<p>Deux</p>")),
    ]

    static let epub2Binary: [(String, [UInt8])] = [("OEBPS/art/front.jpg", [0xFF, 0xD8])]

    /// A minimal package around a spine of (id, href, media type, linear) and extra metadata.
    static func package(spine: [(String, String, String, Bool)], metadata: String = "<dc:title>T</dc:title>",
                        manifestExtra: String = "", guide: String = "", version: String = "2.0") -> String {
        let items = spine.map { #"<item id="\#($0.0)" href="\#($0.1)" media-type="\#($0.2)"/>"# }.joined(separator: "\n")
        let refs = spine.map { #"<itemref idref="\#($0.0)"\#($0.3 ? "" : #" linear="no""#)/>"# }.joined(separator: "\n")
        return """
            <?xml version="1.0"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="\(version)">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">\(metadata)</metadata>
              <manifest>\(items)\(manifestExtra)</manifest>
              <spine>\(refs)</spine>
              \(guide)
            </package>
            """
    }
}
