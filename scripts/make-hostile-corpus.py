#!/usr/bin/env python3
"""Write the hostile test corpus: books made to hurt a converter, one file per case.

Usage: python3 scripts/make-hostile-corpus.py OUTPUT_DIRECTORY
       python3 scripts/make-hostile-corpus.py --memory OUTPUT_DIRECTORY

Python 3 standard library only. The archives are assembled byte by byte here (not with
zipfile), because the cases need what zipfile refuses to write: sizes that lie, names with NUL
bytes, data whose CRC is wrong. Everything is fixed (timestamps, the random generator's seed,
the order of entries), so two runs write the same bytes for a given zlib.

Each case's name says what it is; the expected outcome of each (exit code, the words its error
or warnings must hold) is asserted in Tests/Book2PagesTests/HostileCorpusTests.swift, which
runs this script into a temporary directory. Adding a case here without an expectation there
fails that test. The classes (BRIEF section 6): zip bombs, traversal, XML external entities,
entity expansion, deep nesting, text that costs more than its length, truncated and
bit-flipped archives, random bytes, bad encodings, missing parts, empty books, junk given as
Markdown.

With --memory it writes the cases whose cost is memory instead (about 230 MB of files, within
every default read limit): shapes that cost far more than their text. Each must convert, or be
refused for the memory limit, with its peak memory under that limit (1 GiB), as
Tests/Book2PagesTests/MemoryBoundTests.swift checks with the release build.
"""

import os
import random
import struct
import sys
import zlib

FIXED_TIME, FIXED_DATE = 0, (2020 - 1980) << 9 | 1 << 5 | 1  # 2020-01-01 00:00:00
FILE_MODE = 0o100644
LINK_MODE = 0o120777
MIB = 1 << 20
PASSWD = "/etc/passwd"


# ---------------------------------------------------------------------------------------------
# Zip archives, written by hand

class Entry:
    """One archive entry. `data` is what is stored (compressed for method 8); `size` and `crc`
    describe the inflated content and may be set to lie."""

    def __init__(self, name, content=b"", method=8, mode=FILE_MODE):
        self.name = name if isinstance(name, bytes) else name.encode("utf-8")
        self.method = method
        self.mode = mode
        self.size = len(content)
        self.crc = zlib.crc32(content)
        self.data = deflate(content) if method == 8 else content


def deflate(content):
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(content) + compressor.flush()


def zip_bytes(entries):
    """A zip archive holding `entries` in order (no ZIP64: fewer than 65 536 entries)."""
    body, directory = bytearray(), bytearray()
    for entry in entries:
        offset = len(body)
        flags = 0x800  # names are UTF-8
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, entry.method, FIXED_TIME, FIXED_DATE,
                            entry.crc, len(entry.data), entry.size, len(entry.name), 0)
        body += entry.name + entry.data
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 3 << 8 | 20, 20, flags, entry.method,
                                 FIXED_TIME, FIXED_DATE, entry.crc, len(entry.data), entry.size,
                                 len(entry.name), 0, 0, 0, 0, entry.mode << 16, offset)
        directory += entry.name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(directory), len(body), 0)
    return bytes(body + directory + end)


# ---------------------------------------------------------------------------------------------
# EPUB parts

CONTAINER = b"""<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
"""


def container(full_path):
    return CONTAINER.replace(b"OEBPS/content.opf", full_path.encode("utf-8"))


def package(items, spine=None, title="Hostile Book", doctype=""):
    """A package document. `items` are (id, href) or (id, href, media type); the spine lists
    `spine` (ids) or, by default, every item."""
    manifest = []
    for item in items:
        identifier, href = item[0], item[1]
        media_type = item[2] if len(item) > 2 else "application/xhtml+xml"
        manifest.append(f'    <item id="{identifier}" href="{href}" media-type="{media_type}"/>')
    refs = spine if spine is not None else [item[0] for item in items]
    itemrefs = "\n".join(f'    <itemref idref="{ref}"/>' for ref in refs)
    return f"""<?xml version="1.0" encoding="UTF-8"?>{doctype}
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:00000000-0000-4000-8000-000000000000</dc:identifier>
    <dc:title>{title}</dc:title>
    <dc:creator>Nobody</dc:creator>
    <dc:language>en</dc:language>
  </metadata>
  <manifest>
{chr(10).join(manifest)}
  </manifest>
  <spine>
{itemrefs}
  </spine>
</package>
""".encode("utf-8")


def page(body, declaration='<?xml version="1.0" encoding="UTF-8"?>', doctype="", head=""):
    return f"""{declaration}{doctype}
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Page</title>{head}</head>
<body>{body}</body></html>
"""


def epub(entries, mimetype=b"application/epub+zip"):
    """An EPUB: a stored `mimetype` first (unless None), then `entries` as (name, bytes or str)
    pairs or ready `Entry` values."""
    made = [Entry("mimetype", mimetype, method=0)] if mimetype is not None else []
    for entry in entries:
        if isinstance(entry, Entry):
            made.append(entry)
        else:
            name, content = entry
            made.append(Entry(name, content.encode("utf-8") if isinstance(content, str) else content))
    return zip_bytes(made)


def good_book(method=8):
    """A small well-formed book of three chapters; `method=0` stores every entry uncompressed."""
    chapters = [(f"c{number}", f"chapter-{number}.xhtml") for number in (1, 2, 3)]
    entries = [Entry("META-INF/container.xml", CONTAINER, method=method),
               Entry("OEBPS/content.opf", package(chapters), method=method)]
    for number in (1, 2, 3):
        text = page(f"<h1>Chapter {number}</h1><p>The text of chapter {number}, which is here.</p>")
        entries.append(Entry(f"OEBPS/chapter-{number}.xhtml", text.encode("utf-8"), method=method))
    return epub(entries)


def one_chapter_book(content, media_type="application/xhtml+xml", href="chapter.xhtml", method=8):
    """A book of one chapter; `method=0` stores it, for content that deflates so well (deep
    nesting) that the ratio check would refuse it before anything else is tried."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    return epub([("META-INF/container.xml", CONTAINER),
                 ("OEBPS/content.opf", package([("c", href, media_type)])),
                 Entry(f"OEBPS/{href}", data, method=method)])


# ---------------------------------------------------------------------------------------------
# Zip bombs

def bomb_entry(name, mebibytes, declared_size=None):
    """An entry of `mebibytes` MiB of zeros, deflated as one 1 MiB block repeated: a full flush
    ends each block on a byte boundary with an empty history, so the block's bytes can simply be
    repeated, and a gigabyte costs a few kilobytes to write."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = compressor.compress(bytes(MIB)) + compressor.flush(zlib.Z_FULL_FLUSH)
    final = zlib.compressobj(9, zlib.DEFLATED, -15).flush()
    entry = Entry(name, b"")
    entry.data = block * mebibytes + final
    entry.crc = zeros_crc(mebibytes)
    entry.size = mebibytes * MIB if declared_size is None else declared_size
    return entry


def zeros_crc(mebibytes, known={}):
    if mebibytes not in known:
        crc, zeros = 0, bytes(MIB)
        for _ in range(mebibytes):
            crc = zlib.crc32(zeros, crc)
        known[mebibytes] = crc
    return known[mebibytes]


def bomb_book(entry):
    return epub([("META-INF/container.xml", CONTAINER),
                 ("OEBPS/content.opf", package([("intro", "intro.xhtml"), ("bomb", "bomb.xhtml")])),
                 ("OEBPS/intro.xhtml", page("<p>Before the bomb.</p>")), entry])


def many_entries_bomb():
    """Three hundred spine items of 1 MiB each: under the ratio check (only entries over 1 MiB),
    each one small, together past the bound on a whole book."""
    count = 300
    filler = b" " * (MIB - 200)
    items = [(f"p{index}", f"p{index}.xhtml") for index in range(count)]
    entries = [("META-INF/container.xml", CONTAINER), ("OEBPS/content.opf", package(items))]
    for index in range(count):
        entries.append((f"OEBPS/p{index}.xhtml", page(f"<p>Part {index}.</p>").encode().replace(b"</body>", filler + b"</body>")))
    return epub(entries)


def too_many_entries():
    items = [("c", "chapter.xhtml")]
    entries = [("META-INF/container.xml", CONTAINER), ("OEBPS/content.opf", package(items)),
               ("OEBPS/chapter.xhtml", page("<p>One real chapter among many entries.</p>"))]
    entries += [Entry(f"x/{index}", b"", method=0) for index in range(12_000)]
    return epub(entries)


# ---------------------------------------------------------------------------------------------
# Paths that try to leave the book

HOSTILE_HREFS = [
    "../../../../../../etc/passwd", "/etc/passwd", "file:///etc/passwd", "%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "..%2f..%2f..%2fetc%2fpasswd", "C:/Windows/win.ini", "C:%5cWindows%5cwin.ini", "..\\..\\..\\etc\\passwd",
    "chapter.xhtml%00.png", "//server/share/book.xhtml",
]


def traversal_in_hrefs():
    items = [("ok", "ok.xhtml")] + [(f"h{index}", href) for index, href in enumerate(HOSTILE_HREFS)]
    links = "".join(f'<p><a href="{href}">link {index}</a> <img src="{href}" alt="image {index}"/></p>'
                    for index, href in enumerate(HOSTILE_HREFS))
    return epub([("META-INF/container.xml", CONTAINER),
                 ("OEBPS/content.opf", package([(i, h.replace("&", "&amp;")) for i, h in items])),
                 ("OEBPS/ok.xhtml", page("<p>The only chapter inside the book.</p>" + links))])


def traversal_in_entry_names():
    """Entries whose names climb out, are absolute, use a drive letter or backslashes, or hide
    a NUL byte; the package and the spine name them as they are written."""
    names = [b"../../evil.xhtml", b"/etc/evil.xhtml", b"C:\\evil.xhtml", b"OEBPS\\..\\..\\evil.xhtml",
             b"OEBPS/nul.xhtml\x00.png", b"OEBPS/%2e%2e/pct.xhtml"]
    items = [("ok", "ok.xhtml"), ("e0", "../../evil.xhtml"), ("e1", "/etc/evil.xhtml"),
             ("e2", "C:\\evil.xhtml"), ("e3", "..\\..\\evil.xhtml"), ("e4", "nul.xhtml"), ("e5", "%2e%2e/pct.xhtml")]
    entries = [("META-INF/container.xml", CONTAINER), ("OEBPS/content.opf", package(items)),
               ("OEBPS/ok.xhtml", page("<p>The chapter that belongs.</p>"))]
    entries += [Entry(name, page("<p>Outside text " + str(index) + ".</p>").encode()) for index, name in enumerate(names)]
    return epub(entries)


def container_escapes():
    """container.xml names a package outside the book; the only package is inside it."""
    return epub([("META-INF/container.xml", container("../../../etc/passwd")),
                 ("OEBPS/content.opf", package([("c", "chapter.xhtml")])),
                 ("OEBPS/chapter.xhtml", page("<p>Found through the fallback.</p>"))])


def symlink_entry():
    """A chapter stored as a symbolic link to /etc/passwd (as `zip -y` stores one: the target's
    name as content, the link's mode in the external attributes): never read, so missing."""
    return epub([("META-INF/container.xml", CONTAINER),
                 ("OEBPS/content.opf", package([("ok", "ok.xhtml"), ("link", "link.xhtml")])),
                 ("OEBPS/ok.xhtml", page("<p>A real chapter.</p>")),
                 Entry("OEBPS/link.xhtml", PASSWD.encode(), method=0, mode=LINK_MODE)])


def symlink_package():
    """The package document stored as a symbolic link climbing out of the book: not read, and
    not found by the search for a package document either, so the book has none."""
    return epub([("META-INF/container.xml", CONTAINER),
                 Entry("OEBPS/content.opf", b"../../../../etc/passwd", method=0, mode=LINK_MODE),
                 ("OEBPS/chapter.xhtml", page("<p>Never reached.</p>"))])


# ---------------------------------------------------------------------------------------------
# XML: external entities, expansion, nesting

XXE_FILE = f'\n<!DOCTYPE html [<!ENTITY xxe SYSTEM "file://{PASSWD}"><!ENTITY % pe SYSTEM "file://{PASSWD}"> %pe;]>'
XXE_HTTP = '\n<!DOCTYPE html [<!ENTITY xxe SYSTEM "http://127.0.0.1:9/xxe"><!ENTITY % pe SYSTEM "http://127.0.0.1:9/pe"> %pe;]>'
LAUGHS = ("\n<!DOCTYPE html [<!ENTITY lol0 \"lol\">"
          + "".join(f'<!ENTITY lol{n} "{("&lol" + str(n - 1) + ";") * 10}">' for n in range(1, 10)) + "]>")
QUADRATIC = f'\n<!DOCTYPE html [<!ENTITY big "{"x" * 50_000}">]>'


def xxe_book(doctype):
    text = page("<p>Before &xxe; after.</p>", doctype=doctype)
    return epub([("META-INF/container.xml", CONTAINER),
                 ("OEBPS/content.opf", package([("c", "chapter.xhtml")], title="Title &xxe;",
                                               doctype=doctype.replace("html", "package", 1))),
                 ("OEBPS/chapter.xhtml", text)])


def laughs_book():
    return one_chapter_book(page("<p>Laughs: &lol9;</p><p title='&lol9;'>End.</p>", doctype=LAUGHS))


def quadratic_book():
    return one_chapter_book(page("<p>" + "&big;" * 20_000 + "</p><p>End.</p>", doctype=QUADRATIC))


DEPTH = 100_000


ATTRIBUTES = 200_000


def many_attributes(quote='"'):
    """One paragraph with 200 000 attributes: libxml2 checks each against all the earlier ones."""
    names = " ".join(f"a{i}={quote}v{quote}" for i in range(ATTRIBUTES))
    return f"<p {names}>Text after many attributes.</p><p>The next paragraph.</p>"


def deep(open_tag, close_tag, inner="deep text"):
    return "<p>Before the nesting.</p>" + open_tag * DEPTH + inner + close_tag * DEPTH + "<p>After the nesting.</p>"


# ---------------------------------------------------------------------------------------------
# Encodings

LATIN1_TEXT = "Caf\u00e9 cr\u00e8me, na\u00efve fa\u00e7ade."


def utf16_page(big_endian):
    text = page(f"<p>{LATIN1_TEXT} \u8349\u6795</p>", declaration='<?xml version="1.0" encoding="UTF-16"?>')
    return (b"\xfe\xff" + text.encode("utf-16-be")) if big_endian else (b"\xff\xfe" + text.encode("utf-16-le"))


def latin1_page():
    return page(f"<p>{LATIN1_TEXT}</p>", declaration='<?xml version="1.0" encoding="ISO-8859-1"?>').encode("latin-1")


def windows1252_html():
    """HTML (no XML declaration) that says its encoding only in `<meta charset>`."""
    return ('<!DOCTYPE html>\n<html><head><meta charset="windows-1252"><title>Quotes</title></head>\n'
            '<body><p>\u201cCurly quotes\u201d \u2014 and an \u00e9.</p></body></html>\n').encode("cp1252")


def invalid_utf8_bytes():
    text = page("<p>Start BAD1 middle BAD2 end.</p><p>Second paragraph kept.</p>").encode()
    return text.replace(b"BAD1", b"\xff\xfe").replace(b"BAD2", b"\xc3(")


def utf8_bom_page():
    return b"\xef\xbb\xbf" + page(f"<p>{LATIN1_TEXT}</p>").encode()


def unknown_encoding_page():
    return page(f"<p>{LATIN1_TEXT}</p>", declaration='<?xml version="1.0" encoding="x-klingon"?>').encode()


def tiny_png():
    """A 1 x 1 grey PNG: an image with a size, as the reader measures it."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\x80")) + chunk(b"IEND", b"")


# ---------------------------------------------------------------------------------------------
# The cases

def random_bytes(rng, count):
    return bytes(rng.getrandbits(8) for _ in range(count))


def flip(data, offset):
    changed = bytearray(data)
    changed[offset] ^= 0xFF
    return bytes(changed)


def write_cases(directory):
    rng = random.Random(20260701)
    stored = good_book(method=0)
    deflated = good_book(method=8)
    chapter_2 = stored.index(b"The text of chapter 2")
    deflated_2 = deflated.index(b"OEBPS/chapter-2.xhtml") + len(b"OEBPS/chapter-2.xhtml") + 10
    central = deflated.rindex(b"PK\x01\x02")
    package_at = stored.index(b"<package")
    cases = {
        # Zip bombs.
        "bomb-entry.epub": bomb_book(bomb_entry("OEBPS/bomb.xhtml", 1024)),
        "bomb-entry-lying-size.epub": bomb_book(bomb_entry("OEBPS/bomb.xhtml", 1024, declared_size=4096)),
        "bomb-ratio.epub": bomb_book(bomb_entry("OEBPS/bomb.xhtml", 8)),
        "bomb-container.epub": epub([bomb_entry("META-INF/container.xml", 1024, declared_size=300),
                                     ("OEBPS/content.opf", package([("c", "c.xhtml")])),
                                     ("OEBPS/c.xhtml", page("<p>Text.</p>"))]),
        "bomb-many-entries.epub": many_entries_bomb(),
        "too-many-entries.epub": too_many_entries(),
        # Paths that try to leave the book.
        "traversal-hrefs.epub": traversal_in_hrefs(),
        "traversal-entry-names.epub": traversal_in_entry_names(),
        "traversal-container.epub": container_escapes(),
        "symlink-entry.epub": symlink_entry(),
        "symlink-package.epub": symlink_package(),
        "traversal.xhtml": page("<p>A lone chapter.</p>" + "".join(
            f'<p><img src="{href}" alt="i{index}"/><a href="{href}">l{index}</a></p>'
            for index, href in enumerate(HOSTILE_HREFS))).encode(),
        # XML external entities and entity expansion.
        "xxe-file.epub": xxe_book(XXE_FILE),
        "xxe-http.epub": xxe_book(XXE_HTTP),
        "xxe-file.xhtml": page("<p>Before &xxe; after.</p>", doctype=XXE_FILE).encode(),
        "billion-laughs.epub": laughs_book(),
        "billion-laughs.xhtml": page("<p>Laughs: &lol9;</p>", doctype=LAUGHS).encode(),
        "quadratic-blowup.epub": quadratic_book(),
        # Deep nesting.
        "deep-divs.epub": one_chapter_book(page(deep("<div>", "</div>")), method=0),
        "deep-spans.epub": one_chapter_book(page(deep("<span>", "</span>")), method=0),
        "deep-quotes.epub": one_chapter_book(page(deep("<blockquote>", "</blockquote>")), method=0),
        "deep-lists.epub": one_chapter_book(page(deep("<ul><li>", "</li></ul>")), method=0),
        "deep-divs.xhtml": page(deep("<div>", "</div>")).encode(),
        # One element with 200 000 attributes (2.4 MB): quadratic in libxml2 unless bounded.
        "attributes-200k.xhtml": page(many_attributes()).encode(),
        "attributes-200k.epub": one_chapter_book(page(many_attributes("'"))),
        "attributes-200k.html": ("<html><body>" + many_attributes("").replace("=v", "") + "</body></html>").encode(),
        "deep-unclosed.html": ("<html><body><p>Before the nesting.</p>" + "<div>" * DEPTH + "deep text").encode(),
        "deep-package.epub": epub([("META-INF/container.xml", CONTAINER),
                                   ("OEBPS/content.opf", package([("c", "c.xhtml")]).replace(
                                       b"</metadata>", b"<x>" * DEPTH + b"</x>" * DEPTH + b"</metadata>")),
                                   ("OEBPS/c.xhtml", page("<p>Text.</p>"))]),
        # Text whose cost could grow faster than its length: a letter under 320,000 combining
        # marks, 300,000 isolates or 400,000 embeddings opened in a row (UAX #9 stops counting
        # depth at 125; shaping them took seconds per ten thousand).
        "marks-320k.md": "# Marks\n\nA" + "\u0301" * 320000 + " and the text after.\n",
        "isolates-300k.md": "# Isolates\n\n" + "\u2067" * 300000 + "x and the text after.\n",
        "embeddings-400k.md": "# Embeddings\n\n" + "\u202b" * 400000 + "x and the text after.\n",
        "marks-40k.epub": one_chapter_book(page("<p>A" + "\u0301" * 40000 + " and the text after.</p>")),
        # Damaged archives.
        "truncated.epub": deflated[: len(deflated) * 6 // 10],
        "truncated-directory.epub": deflated[: central + 30],
        "crc-error-chapter.epub": flip(stored, chapter_2),
        "corrupt-deflate-chapter.epub": flip(deflated, deflated_2 + 5),
        "crc-error-package.epub": flip(stored, package_at + 3),
        "bad-directory-signature.epub": flip(deflated, central + 1),
        "random-bytes.epub": random_bytes(rng, 65536),
        "random-after-zip-magic.epub": b"PK\x03\x04" + random_bytes(rng, 65536),
        "random-bytes.xhtml": random_bytes(rng, 65536),
        "random-bytes.bin": random_bytes(rng, 4096),
        "empty-file.epub": b"",
        "empty-zip.epub": zip_bytes([]),
        # Encodings.
        "utf16le-bom.epub": one_chapter_book(utf16_page(big_endian=False)),
        "utf16be-bom.epub": one_chapter_book(utf16_page(big_endian=True)),
        "utf16le-bom.xhtml": utf16_page(big_endian=False),
        "latin1-declared.epub": one_chapter_book(latin1_page()),
        "meta-charset-1252.epub": one_chapter_book(windows1252_html(), media_type="text/html", href="chapter.html"),
        "invalid-utf8.epub": one_chapter_book(invalid_utf8_bytes()),
        "invalid-utf8.xhtml": invalid_utf8_bytes(),
        "utf8-bom.xhtml": utf8_bom_page(),
        "unknown-encoding.epub": one_chapter_book(unknown_encoding_page()),
        # Missing and wrong parts.
        "no-mimetype.epub": epub([("META-INF/container.xml", CONTAINER),
                                  ("OEBPS/content.opf", package([("c", "c.xhtml")])),
                                  ("OEBPS/c.xhtml", page("<p>No mimetype.</p>"))], mimetype=None),
        "wrong-mimetype.epub": epub([("META-INF/container.xml", CONTAINER),
                                     ("OEBPS/content.opf", package([("c", "c.xhtml")])),
                                     ("OEBPS/c.xhtml", page("<p>Wrong mimetype.</p>"))], mimetype=b"application/zip"),
        "no-container.epub": epub([("book/content.opf", package([("c", "c.xhtml")])),
                                   ("book/c.xhtml", page("<p>No container.</p>"))]),
        "no-package.epub": epub([("META-INF/container.xml", CONTAINER), ("OEBPS/c.xhtml", page("<p>Lost.</p>"))]),
        "package-not-xml.epub": epub([("META-INF/container.xml", CONTAINER), ("OEBPS/content.opf", random_bytes(rng, 2048))]),
        "empty-spine.epub": epub([("META-INF/container.xml", CONTAINER),
                                  ("OEBPS/content.opf", package([("c", "c.xhtml")], spine=[])),
                                  ("OEBPS/c.xhtml", page("<p>Unlisted.</p>"))]),
        "spine-missing-items.epub": epub([("META-INF/container.xml", CONTAINER),
                                          ("OEBPS/content.opf", package([("c", "c.xhtml"), ("gone", "gone.xhtml")],
                                                                        spine=["nowhere", "c", "gone"])),
                                          ("OEBPS/c.xhtml", page("<p>The one that is here.</p>"))]),
        "spine-all-missing.epub": epub([("META-INF/container.xml", CONTAINER),
                                        ("OEBPS/content.opf", package([("a", "a.xhtml"), ("b", "b.xhtml")]))]),
        "unparsable-items.epub": epub([("META-INF/container.xml", CONTAINER),
                                       ("OEBPS/content.opf", package([("junk", "junk.xhtml"), ("soup", "soup.xhtml"),
                                                                      ("ok", "ok.xhtml")])),
                                       ("OEBPS/junk.xhtml", random_bytes(rng, 4096)),
                                       ("OEBPS/soup.xhtml", "<html><body><p>Soup <b>bold <i>both</b> text<p>more</div></table>"),
                                       ("OEBPS/ok.xhtml", page("<p>Well formed.</p>"))]),
        "empty-book.epub": one_chapter_book(page("")),
        "whitespace-book.epub": one_chapter_book(page("<p>  </p><div>\n\t</div>")),
        "images-only.epub": epub([("META-INF/container.xml", CONTAINER),
                                  ("OEBPS/content.opf", package([("c", "plate.xhtml"), ("img", "plate.png", "image/png")],
                                                                spine=["c"])),
                                  ("OEBPS/plate.xhtml", page('<img src="plate.png" alt=""/>')),
                                  ("OEBPS/plate.png", tiny_png())]),
        "empty-file.xhtml": b"",
        # Junk given as Markdown.
        "random-bytes.md": random_bytes(rng, 65536),
        "empty.md": b"",
        "nul-bytes.md": b"# Title\n\nText\x00with\x00nul bytes.\n",
        "invalid-utf8.md": b"# Title\n\nStart \xff\xfe middle \xc3( end.\n\nSecond paragraph kept.\n",
        "utf16le-bom.md": b"\xff\xfe" + "# Title\n\nCaf\u00e9 text.\n".encode("utf-16-le"),
        "deep-quotes.md": (b"> " * DEPTH) + b"deep\n\nAfter.\n",
        "deep-lists.md": b"- " * DEPTH + b"item\n\nAfter.\n",
        "deep-emphasis.md": b"*" * DEPTH + b"text" + b"*" * DEPTH + b"\n\n" + b"[" * DEPTH + b"\n",
        "traversal.md": ("---\ntitle: Paths\ncover: ../../../../etc/passwd\n---\n\n# Paths\n\n" + "".join(
            f"![i{index}]({href}) [l{index}]({href})\n\n" for index, href in enumerate(HOSTILE_HREFS))
            + '<img src="/etc/passwd">\n\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>&xxe;\n').encode(),
        "zip-as-markdown.md": deflated,
    }
    os.makedirs(directory, exist_ok=True)
    for name, content in cases.items():
        with open(os.path.join(directory, name), "wb") as file:
            file.write(content.encode("utf-8") if isinstance(content, str) else content)
    return cases


def many_stylesheets(sheets, kilobytes, chapters):
    """A book whose every chapter links `sheets` distinct stylesheets of `kilobytes` each."""
    rng = random.Random(7)
    entries = [("META-INF/container.xml", CONTAINER)]
    items = [(f"c{n}", f"c{n}.xhtml") for n in range(chapters)]
    items += [(f"s{n}", f"s{n}.css", "text/css") for n in range(sheets)]
    links = "".join(f'<link rel="stylesheet" type="text/css" href="s{n}.css"/>' for n in range(sheets))
    entries.append(("OEBPS/content.opf", package(items, spine=[f"c{n}" for n in range(chapters)])))
    for n in range(chapters):
        entries.append((f"OEBPS/c{n}.xhtml", page(f"<p class='k{n}'>Chapter {n} under many sheets.</p>", head=links)))
    for n in range(sheets):
        rules, size = [], 0
        while size < kilobytes * 1024:
            rule = f".k{rng.getrandbits(40):x} p.q{rng.getrandbits(24):x} {{ margin-left: {rng.randrange(90)}px; color: #{rng.getrandbits(24):06x} }}\n"
            rules.append(rule)
            size += len(rule)
        entries.append((f"OEBPS/s{n}.css", "".join(rules)))
    return epub(entries)


def overlapping_entries(count):
    """A book whose `count` chapters are central-directory entries that all point at the same
    compressed bytes: each claims them, so the compressed sizes add up to far more than the
    archive, and a ratio check that trusts them never trips."""
    rng = random.Random(11)
    spans = "".join(f'<span class="c{rng.getrandbits(32):x}">{chr(97 + rng.randrange(26))}</span>' for _ in range(8000))
    chapter = Entry("OEBPS/c0.xhtml", page("<p>" + spans + "</p>").encode())
    parts = [Entry("mimetype", b"application/epub+zip", method=0), Entry("META-INF/container.xml", CONTAINER),
             Entry("OEBPS/content.opf", package([(f"c{n}", f"c{n}.xhtml") for n in range(count)])), chapter]
    body, offsets = bytearray(), []
    for entry in parts:
        offsets.append(len(body))
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0x800, entry.method, FIXED_TIME, FIXED_DATE,
                            entry.crc, len(entry.data), entry.size, len(entry.name), 0) + entry.name + entry.data
    listed = [(entry, entry.name, offset) for entry, offset in zip(parts[:3], offsets)]
    listed += [(chapter, f"OEBPS/c{n}.xhtml".encode(), offsets[3]) for n in range(count)]
    directory = bytearray()
    for entry, name, offset in listed:
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 3 << 8 | 20, 20, 0x800, entry.method,
                                 FIXED_TIME, FIXED_DATE, entry.crc, len(entry.data), entry.size,
                                 len(name), 0, 0, 0, 0, FILE_MODE << 16, offset) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(listed), len(listed), len(directory), len(body), 0)
    return bytes(body + directory + end)


def write_memory_cases(directory):
    words = " ".join(["word"] * 10_000_000)
    cases = {
        # A million of a small thing: each costs far more than its bytes.
        "headings-1m.md": "# a\n\n" * 1_000_000,
        "paragraphs-1m.md": "# Paragraphs\n\n" + "a\n\n" * 1_000_000,
        "page-breaks-300k.xhtml": page('<p style="page-break-before: always">a</p>' * 300_000),
        "line-breaks-1m.xhtml": page("<p>" + "ab<br/>" * 1_000_000 + "</p>"),
        "style-runs-500k.xhtml": page("<p>" + "<i>a</i><b>b</b> " * 500_000 + "</p>"),
        # One paragraph of 50 MB (inside the entry-size limit): as Markdown, whose parser makes
        # a node at every "w", and as XHTML.
        "paragraph-50m.md": "# One paragraph\n\n" + words + "\n",
        "paragraph-50m.xhtml": page("<p>" + words + "</p>"),
        # 60 MB of elements: the parser's own tree would be 7 GB.
        "elements-60m.xhtml": page("<p>" + "<b>a</b>" * 7_500_000 + "</p>"),
        # Stylesheets: a hundred distinct ones linked from every chapter, and one linked 3,000 times.
        "stylesheets-100.epub": many_stylesheets(100, 1024, 10),
        "stylesheet-linked-3000.epub": one_chapter_book(page(
            "<p>One sheet, linked again and again.</p>",
            head='<link rel="stylesheet" type="text/css" href="style.css"/>' * 3000)),
        # 400 chapters sharing one entry's compressed bytes: 100 MB inflated from 60 KB.
        "overlapping-entries.epub": overlapping_entries(400),
    }
    os.makedirs(directory, exist_ok=True)
    for name, content in cases.items():
        with open(os.path.join(directory, name), "wb") as file:
            file.write(content.encode("utf-8") if isinstance(content, str) else content)
    return cases


if __name__ == "__main__":
    arguments = sys.argv[1:]
    memory = arguments[:1] == ["--memory"]
    if memory:
        arguments = arguments[1:]
    if len(arguments) != 1:
        sys.exit(__doc__)
    written = (write_memory_cases if memory else write_cases)(arguments[0])
    print(f"{len(written)} cases written to {arguments[0]}")
