#!/usr/bin/env python3
"""Resolves the EPUB CFIs of a book2pages page list in the book itself, independently of
book2pages: the package document and the XHTML are parsed with Python's own XML parser, the
CFI steps are followed as the EPUB CFI specification describes, and the text found there is
compared with the text of the page. A formula's text on the page is the layout's own writing of
it, not the document's: both sides leave formulas out. This checker applies no CSS: a CFI may pass over text that
the page and the page beside it do not show (text the book's CSS hides, `display: none`)
between the page's first or last letters and the place it names, never over the text they show.

    scripts/check-cfi.py BOOK.epub PAGES.json

Prints one JSON object: how many CFIs were checked, how many named a character (the rest name
an element), how many of those matched the page's text, and the first few that did not.
Exit status 0 when every CFI resolved, 1 when one did not, 2 on bad arguments.
"""

import html.entities
import json
import posixpath
import re
import sys
import urllib.parse
import zipfile
from xml.dom import Node, minidom

SAMPLE = 12  # letters and digits compared at each end of a page
STEP = re.compile(r"/(\d+)(?:\[((?:\^.|[^\]])*)\])?(?::(\d+))?")


def alnum(text):
    # Letters in either case: the layout sets text-transform and small capitals in capitals.
    return "".join(c for c in text if c.isalnum()).lower()


def without_digits(text):
    return "".join(c for c in text if not c.isdigit())


def parse_xml(data):
    """Parses XHTML that may use HTML's named entities, which XML does not know."""
    text = data.decode("utf-8", errors="replace")

    def entity(match):
        name = match.group(1)
        if name in ("amp", "lt", "gt", "quot", "apos"):
            return match.group(0)
        char = html.entities.html5.get(name + ";")
        return char if char else match.group(0)

    text = re.sub(r"&([A-Za-z][A-Za-z0-9]*);", entity, text)
    text = re.sub(r"<!DOCTYPE[^>\[]*(\[[^\]]*\])?>", "", text, count=1)
    return minidom.parseString(text.encode("utf-8"))


def element_children(node):
    return [c for c in node.childNodes if c.nodeType == Node.ELEMENT_NODE]


def is_text(node):
    return node.nodeType in (Node.TEXT_NODE, Node.CDATA_SECTION_NODE)


def steps_of(path):
    steps = []
    position = 0
    while position < len(path):
        match = STEP.match(path, position)
        if not match:
            raise ValueError(f"bad CFI path {path!r}")
        steps.append((int(match.group(1)), match.group(2), match.group(3)))
        position = match.end()
    return steps


def follow_elements(root, steps):
    """Follows even steps from root; returns the node reached and the steps left (an odd one)."""
    node = root
    for index, (number, _assertion, _offset) in enumerate(steps):
        if number % 2 == 1:
            return node, steps[index:]
        children = element_children(node)
        if number // 2 - 1 >= len(children):
            raise ValueError(f"step /{number} past the last child of <{node.tagName}>")
        node = children[number // 2 - 1]
    return node, []


def is_ruby_annotation(element):
    """A ruby's reading (`rt`, `rtc`) or its parentheses (`rp`): set beside the base, never in a
    page's text."""
    if element.localName not in ("rt", "rtc", "rp"):
        return False
    parent = element.parentNode
    while parent is not None and parent.nodeType == Node.ELEMENT_NODE:
        if parent.localName == "ruby":
            return True
        parent = parent.parentNode
    return False


def text_chunk(parent, number):
    """The text nodes of the odd step `number`: between element children (number-1)/2 and after."""
    before = (number - 1) // 2  # element children that come before the chunk
    seen = 0
    chunk = []
    for child in parent.childNodes:
        if child.nodeType == Node.ELEMENT_NODE:
            seen += 1
            if seen > before:
                break
        elif is_text(child) and seen == before:
            chunk.append(child)
    return chunk


def is_math(element):
    """A MathML formula: the page shows it as its own linear text (TeX or Unicode), not as the
    document's token text, so both sides leave formulas out."""
    return element.localName == "math"


def all_text_after(root, node, offset):
    """Document text from (node, UTF-16 offset) on, and the text before it; a formula's text
    left out (a place inside one is at the formula)."""
    texts = []

    def walk(current, in_math):
        for child in current.childNodes:
            if is_text(child):
                texts.append((child, in_math))
            elif child.nodeType == Node.ELEMENT_NODE and not is_ruby_annotation(child):
                walk(child, in_math or is_math(child))

    walk(root, False)
    before, after = [], []
    passed = False
    for text, in_math in texts:
        if text is node:
            passed = True
            if in_math:
                continue
            units = text.data.encode("utf-16-le")
            before.append(units[: offset * 2].decode("utf-16-le", errors="replace"))
            after.append(units[offset * 2:].decode("utf-16-le", errors="replace"))
        elif in_math:
            continue
        elif passed:
            after.append(text.data)
        else:
            before.append(text.data)
    return "".join(before), "".join(after)


def text_around_element(root, element):
    before, after = [], []
    passed = False

    def walk(current):
        nonlocal passed
        if current is element:
            passed = True
        for child in current.childNodes:
            if is_text(child):
                (after if passed else before).append(child.data)
            elif child.nodeType == Node.ELEMENT_NODE and (child is element or not is_ruby_annotation(child)) \
                    and (child is element or not is_math(child)):
                walk(child)

    walk(root)
    return "".join(before), "".join(after)


class Book:
    def __init__(self, path):
        # OCF names are UTF-8 whether or not an entry sets the zip's UTF-8 flag (kusamakura's
        # Japanese names do not); Python would read them as code page 437.
        self.archive = zipfile.ZipFile(path, metadata_encoding="utf-8")
        container = parse_xml(self.archive.read("META-INF/container.xml"))
        rootfile = container.getElementsByTagNameNS("*", "rootfile")[0]
        self.package_path = rootfile.getAttribute("full-path")
        self.package = parse_xml(self.archive.read(self.package_path)).documentElement
        self.manifest = {}
        for item in self.package.getElementsByTagNameNS("*", "item"):
            href = urllib.parse.unquote(item.getAttribute("href"))
            self.manifest[item.getAttribute("id")] = posixpath.normpath(
                posixpath.join(posixpath.dirname(self.package_path), href))
        self.documents = {}

    def document(self, spine_path):
        node, rest = follow_elements(self.package, steps_of(spine_path))
        if rest or node.localName != "itemref":
            raise ValueError(f"{spine_path} does not lead to an itemref")
        path = self.manifest[node.getAttribute("idref")]
        if path not in self.documents:
            self.documents[path] = parse_xml(self.archive.read(path)).documentElement
        return self.documents[path]

    def resolve(self, cfi):
        """(text before, text after) the place the CFI names, and whether it names a character."""
        match = re.fullmatch(r"epubcfi\((.*)!(.*)\)", cfi)
        if not match:
            raise ValueError(f"not a CFI: {cfi!r}")
        root = self.document(match.group(1))
        steps = steps_of(match.group(2))
        node, rest = follow_elements(root, steps)
        if not rest:
            return (*text_around_element(root, node), False)
        if len(rest) != 1 or rest[0][2] is None:
            raise ValueError(f"{cfi}: a text step must be the last and carry an offset")
        number, _, offset = rest[0]
        offset = int(offset)
        for text in text_chunk(node, number):
            units = len(text.data.encode("utf-16-le")) // 2
            if offset <= units:
                return (*all_text_after(root, text, offset), True)
            offset -= units
        raise ValueError(f"{cfi}: offset past the end of its text")


def check_assertions(book, cfi):
    """Every `[id]` in the path must be the id of the element its step reaches."""
    match = re.fullmatch(r"epubcfi\((.*)!(.*)\)", cfi)
    node = book.document(match.group(1))
    for number, assertion, _ in steps_of(match.group(2)):
        if number % 2 == 1:
            break
        node = element_children(node)[number // 2 - 1]
        if assertion is not None:
            expected = re.sub(r"\^(.)", r"\1", assertion)
            if node.getAttribute("id") != expected:
                return False
    return True


# The marker the layout writes at the start of a list item's first line ("c. ", "iv. ", "• "):
# shown on the page, not in the document's text. Letters only one at a time or as Roman
# numerals: a line of text may start with "sec. ".
# How far past hidden text a page's end (or before it, its start) is looked for, in letters.
HIDDEN_WINDOW = 2000


def over_hidden_text(document_letters, page_letters, shown, at_end):
    """Whether the page's letters are where the CFI says but for one run of letters the page and
    the page beside it do not show (`shown`), next to the CFI or among the letters compared: at
    the page's end `document_letters` is the text before the CFI, at its start the text after."""
    if at_end:
        document_letters, page_letters = document_letters[::-1], page_letters[::-1]
    same = 0
    while same < min(len(document_letters), len(page_letters)) and document_letters[same] == page_letters[same]:
        same += 1
    rest = page_letters[same:]
    window = document_letters[same:same + HIDDEN_WINDOW]
    gap = window.find(rest) if rest else -1
    if gap <= 0:
        return False
    skipped = window[:gap][::-1] if at_end else window[:gap]
    return skipped not in shown


def without_formulas(line):
    """A line's text without its formulas' stretches (UTF-16 ranges)."""
    units = line["text"].encode("utf-16-le")
    for formula in sorted(line.get("formulas", []), key=lambda f: -f["start"]):
        units = units[: formula["start"] * 2] + units[(formula["start"] + formula["length"]) * 2:]
    return units.decode("utf-16-le", errors="replace")


LIST_MARKER = re.compile(r"^(?:[0-9]{1,7}|[A-Za-z\u03b1-\u03c9]|[ivxlcdm]{2,12}|[IVXLCDM]{2,12})\.[ \u2002]|^[\u2022\u25e6\u25aa][ \u2002]")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    book = Book(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as file:
        pages = json.load(file)["pages"]
    report = {"checked": 0, "characters": 0, "matched": 0, "unresolved": 0, "mismatches": []}
    # What each page shows, to tell text the book hides from the text beside a page's ends;
    # its formulas' text is the layout's own writing, left out as the document's is.
    page_letters = [alnum("\n".join(without_formulas(line) for line in page["lines"])) if page.get("lines")
                    else alnum(page.get("text", "")) for page in pages]
    for index, page in enumerate(pages):
        location = page.get("location") or {}
        # The footnotes at a page's foot (lines with a role) are not in the flow its CFIs point
        # into; a table's lines are, except its header rows shown again on a page it goes on to.
        lines = page.get("lines")
        texts = [without_formulas(line) for line in lines
                 if line.get("role", "table") == "table" and not line.get("cell", {}).get("repeated")] \
            if lines else page.get("text", "").split("\n")
        page_text = alnum("\n".join(texts))
        unmarked_text = alnum("\n".join(LIST_MARKER.sub("", text) for text in texts))
        for key in ("startCFI", "endCFI"):
            cfi = location.get(key)
            if cfi is None:
                continue
            report["checked"] += 1
            try:
                before, after, names_character = book.resolve(cfi)
                if not check_assertions(book, cfi):
                    raise ValueError(f"{cfi}: an id assertion names another element")
            except (ValueError, KeyError, IndexError) as error:
                report["unresolved"] += 1
                report["mismatches"].append({"page": index, "cfi": cfi, "error": str(error)})
                continue
            if not names_character:
                continue
            report["characters"] += 1
            # A page may hold less than the sample; list markers show on the page but are not
            # in the document's text, so the page is also compared with them left out, and with
            # digits left out (a number the layout wrote).
            size = min(SAMPLE, len(page_text))
            if key == "startCFI":
                found = alnum(after)[:size]
                views = [page_text[: size * 3], unmarked_text[: size * 3]]
            else:
                found = alnum(before)[len(alnum(before)) - size:]
                views = [page_text[-size * 3:], unmarked_text[-size * 3:]]
            shown = views[0]
            ok = found != "" and any(found in view or without_digits(found) in without_digits(view) for view in views)
            # A page of formulas alone has no letters of the document's to compare.
            ok = ok or size == 0
            if not ok and found != "":
                at_end = key == "endCFI"
                beside = page_letters[index + 1] if at_end and index + 1 < len(pages) else \
                    page_letters[index - 1] if not at_end and index > 0 else ""
                ok = over_hidden_text(alnum(before if at_end else after), page_text[-size:] if at_end else page_text[:size],
                                      page_letters[index] + "\n" + beside, at_end)
            if ok:
                report["matched"] += 1
            elif len(report["mismatches"]) < 10:
                report["mismatches"].append({"page": index, "cfi": cfi, "found": found, "page_text": shown})
    print(json.dumps(report, ensure_ascii=False))
    return 1 if report["unresolved"] else 0


if __name__ == "__main__":
    sys.exit(main())
