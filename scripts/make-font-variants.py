#!/usr/bin/env python3
"""Makes variants of an EPUB whose fonts are obfuscated (The Waste Land with its OpenType faces,
as the shared corpus has it): the fonts restored as plain OpenType, wrapped as WOFF, and wrapped
as WOFF then obfuscated again. Each keeps the text, the CSS and the package of the original; only
the font files, their names and the `format()` hints change. With Python's standard library
alone (zlib), so the tests can make them on any machine.

Usage: make-font-variants.py BOOK.epub OUTDIR
Writes OUTDIR/NAME-otf.epub, NAME-woff.epub and NAME-woff-obf.epub (NAME: the book's name
without `-otf-obf`).
"""
import hashlib
import re
import struct
import sys
import zipfile
import zlib
from pathlib import Path

IDPF = "http://www.idpf.org/2008/embedding"


def unique_identifier(opf: str) -> str:
    """The text of the dc:identifier the package's unique-identifier names."""
    wanted = re.search(r'unique-identifier\s*=\s*"([^"]+)"', opf).group(1)
    for match in re.finditer(r"<dc:identifier([^>]*)>(.*?)</dc:identifier>", opf, re.S):
        if re.search(r'id\s*=\s*"%s"' % re.escape(wanted), match.group(1)):
            return match.group(2)
    raise SystemExit("no unique identifier")


def idpf_key(identifier: str) -> bytes:
    """EPUB's font obfuscation key: SHA-1 of the identifier without white space."""
    return hashlib.sha1("".join(c for c in identifier if c not in " \t\r\n").encode()).digest()


def xor_head(data: bytes, key: bytes, length: int = 1040) -> bytes:
    head = bytes(b ^ key[i % len(key)] for i, b in enumerate(data[:length]))
    return head + data[length:]


def woff(sfnt: bytes) -> bytes:
    """The OpenType file wrapped as WOFF 1.0: each table compressed with zlib when it shrinks."""
    flavor, count = struct.unpack(">IH", sfnt[:6])
    records = []
    for n in range(count):
        tag, checksum, offset, length = struct.unpack(">4sIII", sfnt[12 + 16 * n:28 + 16 * n])
        records.append((tag, checksum, sfnt[offset:offset + length]))
    header_size = 44 + 20 * count
    directory = b""
    body = b""
    offset = header_size
    for tag, checksum, table in sorted(records):
        packed = zlib.compress(table, 9)
        stored = packed if len(packed) < len(table) else table
        directory += struct.pack(">4sIIII", tag, offset, len(stored), len(table), checksum)
        padded = stored + b"\0" * ((4 - len(stored) % 4) % 4)
        body += padded
        offset += len(padded)
    total_sfnt = 12 + 16 * count + sum((len(t) + 3) & ~3 for _, _, t in records)
    header = struct.pack(">4sIIHHIHHIIIII", b"wOFF", flavor, header_size + len(body), count, 0, total_sfnt,
                         1, 0, 0, 0, 0, 0, 0)
    return header + directory + body


def main():
    book, outdir = Path(sys.argv[1]), Path(sys.argv[2])
    outdir.mkdir(parents=True, exist_ok=True)
    name = book.stem.replace("-otf-obf", "")
    variants = {
        f"{name}-otf.epub": (lambda n, b: (n.replace(".obf.otf", ".otf"), b), lambda c: c, False),
        f"{name}-woff.epub": (lambda n, b: (n.replace(".obf.otf", ".woff"), woff(b)),
                              lambda c: c.replace("format('opentype')", "format('woff')"), False),
        f"{name}-woff-obf.epub": (lambda n, b: (n.replace(".obf.otf", ".obf.woff"), woff(b)),
                                  lambda c: c.replace("format('opentype')", "format('woff')"), True),
    }
    for out_name, (fonts, css, obfuscate) in variants.items():
        write_variant(book, outdir / out_name, fonts, css, obfuscate)
        print(outdir / out_name)


def write_variant(book: Path, out: Path, fonts, css, obfuscate: bool):
    """Copies `book` to `out`: each obfuscated font restored and passed through `fonts` ((name, plain
    bytes) -> (name, bytes)), obfuscated again when asked; the package and stylesheets naming the
    fonts by their new names, the stylesheets passed through `css`."""
    with zipfile.ZipFile(book) as source:
        names = source.namelist()
        opf_name = next(n for n in names if n.endswith(".opf"))
        key = idpf_key(unique_identifier(source.read(opf_name).decode()))
        encrypted = set(re.findall(r'URI="([^"]+)"', source.read("META-INF/encryption.xml").decode())) \
            if "META-INF/encryption.xml" in names else set()
        renamed = {}
        fonts_out = {}
        for name in names:
            if name in encrypted:
                new_name, data = fonts(name, xor_head(source.read(name), key))
                renamed[name] = new_name
                fonts_out[new_name] = xor_head(data, key) if obfuscate else data
        with zipfile.ZipFile(out, "w") as target:
            target.writestr(zipfile.ZipInfo("mimetype"), source.read("mimetype"), compress_type=zipfile.ZIP_STORED)
            for name in names:
                if name in ("mimetype", "META-INF/encryption.xml"):
                    continue
                if name in renamed:
                    target.writestr(renamed[name], fonts_out[renamed[name]], compress_type=zipfile.ZIP_DEFLATED)
                    continue
                data = source.read(name)
                if name.endswith((".opf", ".css")):
                    text = data.decode()
                    for old, new in renamed.items():
                        text = text.replace(Path(old).name, Path(new).name)
                    if name.endswith(".css"):
                        text = css(text)
                    data = text.encode()
                target.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
            if obfuscate:
                entries = "".join(
                    f'<EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#"><EncryptionMethod Algorithm="{IDPF}"/>'
                    f'<CipherData><CipherReference URI="{new}"/></CipherData></EncryptedData>'
                    for new in renamed.values())
                target.writestr("META-INF/encryption.xml",
                                '<?xml version="1.0" encoding="UTF-8"?>\n'
                                f'<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container">{entries}</encryption>\n')


if __name__ == "__main__":
    main()
