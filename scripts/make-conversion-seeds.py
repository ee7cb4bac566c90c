#!/usr/bin/env python3
"""Write the seeds of the conversion fuzzer (Fuzz/ConversionFuzzer): one file per seed, a byte
that chooses the reader, the output and the page (ConversionFuzzer.swift), then the document.

Usage: python3 scripts/make-conversion-seeds.py OUTPUT_DIRECTORY [BOOK_OR_DIRECTORY ...]

Each argument after the first is an EPUB (its XHTML chapters become seeds, with the stylesheets
they link put inline as <style>, since a lone chapter reads none from a path), a directory (its
.xhtml, .html, .md and .epub files, not descended into), or a lone .xhtml, .html or .md file.
Documents over MAX_SEED bytes are left out (libFuzzer cuts inputs at -max_len anyway), and at
most PER_BOOK chapters of one EPUB are taken, its smallest first after the first, so a large
book does not make the seeds' first pass take the whole run. The pathological documents
written here follow: deep nesting, long words, combining marks, bidi controls, tables,
footnotes, boxes. Python 3 standard library only.
"""

import glob
import os
import posixpath
import re
import sys
import zipfile

MAX_SEED = 48 << 10
PER_BOOK = 6

# The first byte (ConversionFuzzer.swift): bit 0 Markdown, bit 1 JSON Lines, bits 2–3 the page,
# bit 4 ragged, bit 5 pretty or double-sided, bits 6–7 the target. Each document gets two, so
# both writers and two pages start from it; the fuzzer mutates the byte like any other.
XHTML, MARKDOWN, JSON_LINES = 0, 1, 2


def controls(reader, index):
    page = (index % 4) << 2
    return [reader | page, reader | JSON_LINES | ((index + 1) % 4) << 2 | 16 | (index % 4) << 6]


class Seeds:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0
        os.makedirs(directory, exist_ok=True)

    def add(self, name, reader, document):
        if isinstance(document, str):
            document = document.encode("utf-8")
        if len(document) > MAX_SEED:
            return
        safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name)[-80:]
        for control in controls(reader, self.count):
            with open(os.path.join(self.directory, f"{self.count:04d}-{control:02x}-{safe}"), "wb") as seed:
                seed.write(bytes([control]) + document)
        self.count += 1


LINK = re.compile(rb"<link\b[^>]*>", re.IGNORECASE)
HREF = re.compile(rb"""href\s*=\s*["']([^"']+)["']""", re.IGNORECASE)


def inline_stylesheets(archive, name, document):
    """The chapter with each stylesheet it links (one in the archive) put in as <style>."""
    def replace(match):
        tag = match.group(0)
        href = HREF.search(tag)
        if not href or b"stylesheet" not in tag.lower():
            return tag
        path = posixpath.normpath(posixpath.join(posixpath.dirname(name), href.group(1).decode("utf-8", "replace")))
        try:
            with archive.open(path) as entry:
                css = entry.read(MAX_SEED)
        except Exception:
            return tag
        return b"<style>" + css.replace(b"<", b"\\3C ") + b"</style>"
    return LINK.sub(replace, document)


def add_epub(seeds, path):
    try:
        archive = zipfile.ZipFile(path)
        chapters = [info for info in archive.infolist()
                    if info.filename.lower().endswith((".xhtml", ".html", ".htm"))
                    and info.file_size <= 4 * MAX_SEED]
    except Exception:
        return  # a damaged case has no chapters to take
    # The first in the archive (often a title page or the first chapter), then the smallest.
    chosen = chapters[:1] + sorted(chapters[1:], key=lambda info: info.file_size)[:PER_BOOK - 1]
    for info in chosen:
        try:
            # Read bounded: a hostile archive's sizes may lie.
            with archive.open(info) as entry:
                document = entry.read(4 * MAX_SEED + 1)
            if len(document) > 4 * MAX_SEED:
                continue
            document = inline_stylesheets(archive, info.filename, document)
        except Exception:
            continue
        seeds.add(os.path.basename(path) + "-" + info.filename, XHTML, document)


def add_path(seeds, path):
    if os.path.isdir(path):
        for entry in sorted(os.listdir(path)):
            child = os.path.join(path, entry)
            if os.path.isfile(child):
                add_path(seeds, child)
        return
    lower = path.lower()
    if lower.endswith(".epub"):
        add_epub(seeds, path)
    elif lower.endswith((".xhtml", ".html", ".htm")):
        with open(path, "rb") as file:
            seeds.add(os.path.basename(path), XHTML, file.read())
    elif lower.endswith(".md"):
        with open(path, "rb") as file:
            seeds.add(os.path.basename(path), MARKDOWN, file.read())


def xhtml(body, head="", lang="en"):
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" '
            f'lang="{lang}" xml:lang="{lang}"><head><title>Seed</title>{head}</head><body>\n{body}\n</body></html>\n')


def pathological(seeds):
    word = "Donaudampfschifffahrtsgesellschaftskapitänswitwe"
    seeds.add("deep-divs", XHTML, xhtml("<div>" * 2000 + "deep" + "</div>" * 2000))
    seeds.add("deep-mixed", XHTML, xhtml(
        "<blockquote><ul><li><ol><li><div><p><em><strong>" * 120 + "nested text " * 20
        + "</strong></em></p></div></li></ol></li></ul></blockquote>" * 120))
    seeds.add("deep-spans", XHTML, xhtml("<p>" + "<span><em>" * 1500 + "x" + "</em></span>" * 1500 + "</p>"))
    seeds.add("deep-quotes", MARKDOWN, "> " * 500 + "quoted\n")
    seeds.add("deep-lists", MARKDOWN, "".join("  " * depth + "- item\n" for depth in range(300)))
    seeds.add("long-word", XHTML, xhtml("<p>" + "a" * 20000 + "</p><p>" + word * 40 + "</p>"))
    seeds.add("long-words", MARKDOWN, " ".join([word * 3, "x" * 3000, "https://example.org/" + "path/" * 400, word]) + "\n")
    seeds.add("long-code-line", MARKDOWN, "```\n" + "let x = " + "f(" * 500 + ")" * 500 + "\n```\n")
    seeds.add("combining-marks", XHTML, xhtml(
        "<p>a" + "\u0301\u0316\u0327" * 600 + " word e\u0308\u0304 n\u0303</p>"
        "<p>" + " ".join("\u0915\u094d\u0937" + "\u093f" * 3 for _ in range(200)) + "</p>"))
    seeds.add("combining-marks", MARKDOWN, "Z" + "\u0336\u0353" * 1500 + " zalgo\n\n" + "\u1100\u1161\u11a8" * 300 + "\n")
    seeds.add("bidi-controls", XHTML, xhtml(
        '<p dir="rtl">\u202bعربي \u202aEnglish 123\u202c نص \u2067שלום\u2069 \u2068x\u2069\u200f</p>'
        "<p>" + "\u2067a" * 500 + "\u2069" * 500 + "</p>"
        "<p>\u202e" * 100 + "overridden" + "\u202c</p>" * 100
        + '<p dir="auto">\u05d0\u05d1 abc \u0661\u0662\u0663 (x) [y] \u061c\u200e\u200f</p>', lang="ar"))
    seeds.add("bidi-controls", MARKDOWN,
              "# \u0639\u0646\u0648\u0627\u0646 Title\n\n" + "\u202e\u2066abc\u2069 \u05e2\u05d1\u05e8\u05d9\u05ea " * 200
              + "\n\n" + "\u2067" * 2000 + "isolates\n")
    row = "<tr>" + "".join(f"<td>cell {n} {word}</td>" for n in range(30)) + "</tr>"
    seeds.add("tables", XHTML, xhtml(
        "<table><thead><tr><th colspan=\"30\">Wide</th></tr></thead><tbody>" + row * 20 + "</tbody></table>"
        "<table><tr><td><table><tr><td><table><tr><td>nested</td></tr></table></td></tr></table></td>"
        "<td rowspan=\"99\">tall</td></tr></table>"
        "<table><caption>empty</caption></table><table><tr></tr><tr><td/></tr></table>"))
    seeds.add("tables", MARKDOWN,
              "| " + " | ".join(f"h{n}" for n in range(40)) + " |\n|" + "---|" * 40 + "\n"
              + ("| " + " | ".join(word for _ in range(40)) + " |\n") * 30
              + "\n| a |\n|:-:|\n| `code | pipe` |\n| ![x](none.png) |\n")
    notes = "".join(
        f'<aside epub:type="footnote" id="n{n}"><p>Note {n}: ' + "long note text " * (n * 5) + f'<a href="#n{(n + 1) % 40}" epub:type="noteref">{n + 1}</a></p></aside>'
        for n in range(40))
    calls = " ".join(f'word<a href="#n{n}" epub:type="noteref">{n}</a>' for n in range(40))
    seeds.add("footnotes", XHTML, xhtml(f"<h1>Notes</h1><p>{calls}</p><p>{calls}</p>{notes}"
                                        '<p>Dangling <a href="#missing" epub:type="noteref">*</a></p>'
                                        '<div role="doc-footnote" id="r"><p>role note <a href="#r">self</a></p></div>'))
    seeds.add("footnotes", MARKDOWN,
              " ".join(f"text[^{n}]" for n in range(60)) + "\n\n"
              + "".join(f"[^{n}]: " + "footnote body " * (n * 4) + f"[^{(n + 7) % 60}]\n\n    > quoted\n    - listed\n\n" for n in range(60))
              + "[^unused]: nobody calls this\n")
    seeds.add("breaks-and-images", XHTML, xhtml(
        '<h1 style="page-break-before: always">One</h1><h2>Two</h2><h3>Three</h3>'
        + '<p style="break-after: page; widows: 9; orphans: 9">para</p>' * 20
        + '<figure><img src="missing.png" width="5000" height="9000" alt="big"/><figcaption>caption</figcaption></figure>'
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="data"/><hr/><pre>\tpre\n\n\n   lines</pre>'
        '<p style="text-indent: -999em; margin-left: 300%; font-size: 900%; text-align: right">styled</p>'
        '<p style="writing-mode: vertical-rl">\u7e26\u66f8\u304d\u306e\u6587\u7ae0\u3002</p>'))
    float_css = ("<style>.l{float:left;width:30%}.r{float:right}.big{font-size:3em;line-height:0.1}"
                 "p::first-letter{float:left;font-size:4em}.w{white-space:pre-line}.x{white-space:pre-wrap}"
                 "span.s{font-size:250%}div.h{line-height:40px}</style>")
    seeds.add("floats-and-drawings", XHTML, xhtml(
        '<p><span class="r">9</span>' + "verse line " * 3 + '<span class="r">10</span></p>'
        + '<div class="l"><p>side</p><table><tr><td>t</td></tr></table></div>'
        + ("<p>" + '<span class="l big">W</span>' * 50 + "text " * 30 + "</p>")
        + '<p dir="rtl"><span class="l">א</span>שלום ' * 20 + "</p>"
        + '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink" width="9e9" height="-1">'
        '<title>t &amp; &lt;</title><rect/><text x:href="#a">svg text</text><svg><circle/></svg></svg>'
        + '<div class="w">a\n  b\r\nc</div><p class="x">  kept   \t spaces\n</p><p>x<span class="s">big</span></p>'
        + '<div class="h"><h1>heading</h1><div class="r" style="width:1e400%">far</div></div>', head=float_css))
    box_css = ("<style>div{border:1px solid;padding:0.5em 2em;margin:0 1em}h1{border-bottom:2px solid #900}"
               "blockquote{border-left:4px solid;background:#eee}pre{border:1px dashed;padding:9px}"
               ".huge{border:500em solid;padding:1000em}.none{border:3px none;padding:9em}"
               "aside{border:1px solid;background:#ffe}li{border-top:1px solid}</style>")
    seeds.add("boxes", XHTML, xhtml(
        '<div>' * 40 + '<h1>boxed</h1><p>' + "deep " * 50 + '</p>' + '</div>' * 40
        + '<div class="huge"><p>wide</p><table><tr><td>cell</td></tr></table><pre>code\n  more</pre></div>'
        + '<blockquote><p>' + "quoted " * 200 + '</p></blockquote><ul><li>one</li><li><p>two</p></li></ul>'
        + '<p dir="rtl" class="none">\u05e9\u05dc\u05d5\u05dd</p><div><span style="float:right">f</span>beside</div>'
        + '<p>call<a href="#b1" epub:type="noteref">1</a></p><aside epub:type="footnote" id="b1"><p>boxed note</p></aside>'
        + '<div style="border-top:1px solid;padding-top:40em"></div><div style="background:#eee"><img src="x.png" alt="x"/></div>',
        head=box_css))
    seeds.add("whitespace-and-specials", MARKDOWN,
              "# \u00ad\u200b\ufeff\u2028\u2029\n\n" + "soft\u00adhyphen\u00ad " * 300 + "\n\n"
              + "nb\u00a0sp\u202f\u2007 " * 200 + "\n\n" + "\U0001F468\u200d\U0001F469\u200d\U0001F467 \U0001F3F3\ufe0f\u200d\U0001F308 " * 200
              + "\n\n" + "\u6f22\u5b57\u304b\u306a\u30ab\u30ca" * 300 + "\n\n- [ ] task\n- [x] done\n\n***\n\n~~strike~~ <sup>sup</sup><sub>sub</sub>\n")
    seeds.add("front-matter-and-html", MARKDOWN,
              "---\ntitle: " + "T" * 500 + "\nlang: he\nauthor: [a, b]\n---\n\n"
              + "<div dir=\"rtl\"><p>\u05e9\u05dc\u05d5\u05dd</p></div>\n\n<table><tr><td>html table</td></tr></table>\n\n"
              + "# " * 1 + "H1\n" + "\n".join("#" * n + " heading" for n in range(1, 7)) + "\n" + "Setext\n===\n" * 50)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    seeds = Seeds(sys.argv[1])
    for path in sys.argv[2:]:
        add_path(seeds, path)
    pathological(seeds)
    print(f"{seeds.count} documents, {2 * seeds.count} seeds")


if __name__ == "__main__":
    main()
