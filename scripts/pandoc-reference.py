#!/usr/bin/env python3
"""pandoc-reference.py BOOK.epub REFERENCE.txt — an EPUB's text as pandoc reads it, in reading order.

The reference that `../shared/tools/fidelity.py` scores a book's pages against, for books whose
tables matter. It runs pandoc's HTML reader (`pandoc -f html -t plain`) over each spine document,
in the order a reader meets them, and joins the texts. It differs from `pandoc -f epub -t plain`
in five ways, each because that command's text is not the book's:
  - spine items marked linear="no" come after the others, as a reading system places them and as
    docs/FORMAT.md says book2pages does; `pandoc -f epub` keeps them in spine order;
  - elements with HTML's `hidden` attribute are removed, as a browser hides them (the EPUB 3
    navigation document hides the deeper levels of its contents that way);
  - `colgroup` and `col` are removed, since pandoc's reader keeps only as many columns as they
    declare and drops the cells beyond (a browser shows every cell);
  - a pandoc Lua filter keeps the items of lists without pandoc's markers: it numbers every
    ordered list and dashes every other, where a page marks items as the book's CSS says (a
    navigation list not at all);
  - the same filter drops pictures (pandoc prints their alt text as "[alt]", a page shows the
    picture) and puts a table's caption before its rows, where the markup has it (pandoc's plain
    writer moves it below).
Exit 0 when the reference was written; 1 with a message otherwise."""
import os, subprocess, sys, tempfile, zipfile
import xml.etree.ElementTree as ElementTree

LUA_FILTER = """
function Image(image) return {} end
local function unmarked(list)
  local blocks = pandoc.List({})
  for _, item in ipairs(list.content) do blocks:extend(item) end
  return blocks
end
function OrderedList(list) return unmarked(list) end
function BulletList(list) return unmarked(list) end
function Table(table)
  local caption = table.caption.long
  if #caption == 0 then return nil end
  local blocks = pandoc.List({})
  blocks:extend(caption)
  table.caption = {long = pandoc.List({}), short = nil}
  blocks:insert(table)
  return blocks
end
"""

CONTAINER = "{urn:oasis:names:tc:opendocument:xmlns:container}"
OPF = "{http://www.idpf.org/2007/opf}"
XHTML = "http://www.w3.org/1999/xhtml"
ElementTree.register_namespace("", XHTML)
ElementTree.register_namespace("epub", "http://www.idpf.org/2007/ops")

def shown_markup(data):
    """A spine document without its hidden elements and column declarations."""
    root = ElementTree.fromstring(data)
    for parent in list(root.iter()):
        kept = None  # the last child that stays: the text after a removed one joins its tail
        for child in list(parent):
            if child.get("hidden") is None and child.tag not in (f"{{{XHTML}}}col", f"{{{XHTML}}}colgroup"):
                kept = child
                continue
            if child.tail and kept is not None:
                kept.tail = (kept.tail or "") + child.tail
            elif child.tail:
                parent.text = (parent.text or "") + child.tail
            parent.remove(child)
    return ElementTree.tostring(root, encoding="unicode")

def spine_documents(archive):
    """The archive paths of the spine's documents: linear ones first, then linear="no"."""
    container = ElementTree.fromstring(archive.read("META-INF/container.xml"))
    package_path = container.find(f".//{CONTAINER}rootfile").get("full-path")
    package = ElementTree.fromstring(archive.read(package_path))
    folder = os.path.dirname(package_path)
    manifest = {item.get("id"): item for item in package.iter(f"{OPF}item")}
    linear, auxiliary = [], []
    for itemref in package.iter(f"{OPF}itemref"):
        item = manifest.get(itemref.get("idref"))
        if item is None or "html" not in (item.get("media-type") or ""):
            continue
        path = os.path.normpath(os.path.join(folder, item.get("href").split("#")[0])).replace(os.sep, "/")
        (auxiliary if itemref.get("linear") == "no" else linear).append(path)
    return linear + auxiliary

def main():
    if len(sys.argv) != 3:
        sys.exit("usage: pandoc-reference.py BOOK.epub REFERENCE.txt")
    book, reference = sys.argv[1], sys.argv[2]
    texts = []
    with zipfile.ZipFile(book) as archive, tempfile.TemporaryDirectory() as scratch:
        lua = os.path.join(scratch, "reference.lua")
        with open(lua, "w", encoding="utf-8") as f:
            f.write(LUA_FILTER)
        for index, path in enumerate(spine_documents(archive)):
            try:
                markup = shown_markup(archive.read(path))
            except ElementTree.ParseError as error:
                sys.exit(f"{book}: {path} is not well-formed XHTML: {error}")
            document = os.path.join(scratch, f"{index}.html")
            with open(document, "w", encoding="utf-8") as f:
                f.write(markup)
            run = subprocess.run(["pandoc", "-f", "html", "-t", "plain", "--wrap=none", "--columns=100000", "--lua-filter", lua, document],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"{book}: pandoc could not read {path}: {run.stderr.strip()}")
            texts.append(run.stdout)
    with open(reference, "w", encoding="utf-8") as f:
        f.write("\n".join(texts))

main()
