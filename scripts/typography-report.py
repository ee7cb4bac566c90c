#!/usr/bin/env python3
"""How well a book2pages output is typeset, measured independently of the tool (issue 28, "Pages a
typographer would sign"): the lines are shaped again with uharfbuzz (PyPI) in the face files the
output names (found as scripts/output_faces.py says: fontconfig by family and style, the book's
own faces from the `--assets` folder), and everything else is read from the JSON alone — none of
the tool's code or its own widths is used, except a line's `width`, which is what is judged.

Usage: typography-report.py PAGES.json [--assets DIR] [--json]
Needs Python 3 with uharfbuzz (`pip install uharfbuzz`) and fontconfig's `fc-match`. --assets is
the folder `book2pages --assets DIR` wrote the book's fonts to (needed when its runs use them).
Prints one line a figure (--json: all of them, with examples, as one object).

Lines measured: those of flowed `content` pages (designed pages, vertical lines and lines with
ruby are left out). "Body lines" are lines without a `role` (not notes, table cells, rules) and
with text. A run is shaped as one string (adjacent runs in the same face, size, features and
spacing merged, as a renderer draws them: kerning across spaces included), with the run's
`features`, `letterSpacing` (after each cluster; `liga`/`clig` off) and `wordSpacing` (each
space) added; a formula's stretch of text is not shaped: the formula's own `width` stands in.

1. Inter-word spaces of justified body lines. Natural width N = the runs shaped as above; the
   stretchable spaces are U+0020 and U+00A0 outside formulas, each of natural width s (the
   space glyph's advance in its run's face and size, plus its run's spacing); the line's
   `width` W is reached by adding the same e = (W − N) / spaces to each. A space's ratio is
   (s + e) / s; a line's is (mean s + e) / mean s (the same where all its spaces are alike).
   A line with `expansion` x is drawn scaled by x as a whole: its natural width is x·N, each
   space x·s + e with e = (W − x·N) / spaces, and its ratio (x·s + e) / s.
   Reported: the median over lines and over spaces (each space weighted alike), the 90th
   percentile, the share of lines past 2× and past 3× (the latter leaving out lines with one
   space), the worst line, the share of lines shrunk (e < −0.01 pt) and expanded, the justified lines with
   no space to stretch (a word alone), and justified lines of list items (a marker — bullet,
   number, letter — and a next line hanging under the item's text), whose space after the
   marker stretches with the others.
2. Hyphenated: the share of body lines with `hyphenated: true`.
3. Ragged lines (not `justified`): |`width` − N| with N as above (the whole run shaped at once),
   its largest value and the share over 0.1 pt; and the same with each word and each space
   shaped apart (no kerning across a space) to show how much kerning across spaces accounts for.
   Body lines first, then lines of every role. (The word-by-word figure is not the tool's
   measure either: what it leaves comes from other cuts — inside words at hyphenation points,
   between runs — that this script does not model.)
4. Spreads: the facing pages of `target.spreads` (booklayout, pagecurl double-sided), else pages
   paired as BookLayout pairs them (odd index left, even right; mirrored in a right-to-left book).
   Counted: spreads of two flowed content pages with body text, neither the last page of its
   chapter. They end differently when the bottoms (y + `height`, else the layout's line
   height) of their lowest body lines (tables included) differ by more than 0.5 pt; how many
   line heights apart is given, and the same count with notes and pictures (the lowest line
   of any role, or picture) for comparison.
5. Chapters opening on a left-hand page (by the same sides), of the chapters that have a page.
6. Widows and orphans. The output does not mark paragraphs; they are inferred. The body flow
   of each chapter (its pages in order; body lines, a table standing as one block; a line that
   does not come below the one before it left out as a float) is cut into blocks at empty lines
   (the gap between blocks), headings, code lines, tables and centred or flush-right lines. A
   text line goes on the paragraph of the text line before it (B) unless:
   - B is `hyphenated`: never a paragraph's end;
   - the line starts with a list marker and hangs left of B: the next item;
   - across a page break, the two pages' `location`s: they count the chapter's text with
     nothing between paragraphs, so exactly one character between them is the space the line
     broke at (same paragraph); none, with B not justified, a paragraph's end;
   - B is `justified`: never a paragraph's last line (same paragraph);
   - in a justified book, B ragged: a paragraph's end if the line is indented from B (a first
     line), or more than two ems left of it, or both are indented alike and B began its
     paragraph (two one-line paragraphs); otherwise the same paragraph if B is a word alone or
     the line's first word would not have fitted after B in the measure (a line the layout left
     ragged inside a paragraph), else a paragraph's end;
   - in a ragged book: a paragraph's end at an indented line or a gap of more than 2 pt.
   In a justified book only prose counts: paragraphs with a justified line (verse, centred and
   ragged blocks, whose lines may each end a source line, are left out). As a check, each page
   without tables, lists, code, centred lines or floats is counted again: its lines' characters
   (less inserted hyphens) plus one for each space a line broke at inside a paragraph, a
   heading or a listing should make its `location` length; the share of pages where they agree
   is printed. A widow is a paragraph of two or more lines whose last line alone is at the top
   of a page, an orphan one whose first line alone is at the foot. A heading is a ragged line
   whose runs (spaces aside) are all bold (and it has two letters or digits or more), or all at
   least 1.15 × the body size, and not a code line; a code line is one all in the monospace face
   with a `height` of its own (a listing's line, not inline code alone on a line of a
   paragraph), or a `continuation`. Headings at a page foot: a heading that is the last body
   line of a page that is not its chapter's last.
7. Runts: the share of paragraphs of two or more lines whose last line is a single word; and
   words alone on a line inside a paragraph (not its last line), with whether the next word
   would have fitted on that line and how many text lines are under it on its page.

Caches: each (face, features, text) is shaped once; word-by-word widths are cached per word.
A War-and-Peace-size output (2,700 pages, 65,000 lines) takes about 3 s.
"""
import argparse
import bisect
import json
import os
import re
import statistics
import sys
import time

import uharfbuzz as hb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from output_faces import MissingAssets, OutputFaces  # noqa: E402

SPACES = (" ", "\u00a0")
SILENT = set("\u00ad\u200b\u200c\u200d\u2060\ufeff")  # characters that take no letter-spacing
PIECE = re.compile("[ \u00a0]|[^ \u00a0]+")
MARKER = re.compile(r"^(?:[•◦▪▫‣∙·–—*-]|\d{1,3}[.)]|[a-zA-Z][.)]|[ivxlcIVXLC]+[.)]|\[[ x]\])[ \u00a0\u2002]")


class Shaper:
    """Widths of text in a run's face, in points, with a cache in font units."""

    def __init__(self, faces):
        self.faces = faces
        self.cache = {}
        self.shaped = 0

    def units(self, run, text):
        """(advance in font units, clusters that take letter-spacing, units per em)."""
        spaced = bool(run.get("letterSpacing"))
        key = (OutputFaces.key(run), tuple(run.get("features") or ()), spaced, text)
        hit = self.cache.get(key)
        if hit is None:
            font, upem = self.faces.font(run)
            buffer = hb.Buffer()
            buffer.add_str(text)
            buffer.guess_segment_properties()
            features = {tag: True for tag in run.get("features") or ()}
            if spaced:
                features.update(liga=False, clig=False)
            hb.shape(font, buffer, features)
            advance = sum(p.x_advance for p in buffer.glyph_positions)
            clusters = len({info.cluster for info in buffer.glyph_infos}) if spaced else 0
            if spaced:
                clusters -= sum(1 for ch in text if ch in SILENT)
            hit = (advance, clusters, upem)
            self.cache[key] = hit
            self.shaped += 1
        return hit

    def width(self, run, text, wordwise=False):
        if not text:
            return 0.0
        if wordwise:
            return sum(self.width(run, piece) for piece in PIECE.findall(text))
        advance, clusters, upem = self.units(run, text)
        width = advance * run["size"] / upem
        if run.get("letterSpacing"):
            width += run["letterSpacing"] * clusters
        if run.get("wordSpacing"):
            width += run["wordSpacing"] * sum(text.count(s) for s in SPACES)
        return width

    def space(self, run, char):
        """A stretchable space's natural width in the run: its glyph plus the run's spacing."""
        advance, _, upem = self.units(run, char)
        return advance * run["size"] / upem + (run.get("letterSpacing") or 0) + (run.get("wordSpacing") or 0)


def merged_runs(line, body_size):
    """The line's runs, adjacent runs drawn alike merged into one (start, end, run)."""
    text = line["text"]
    runs = line.get("runs") or [{"face": 0, "start": 0, "length": utf16_length(text), "size": body_size}]
    merged = []
    for run in runs:
        look = (run.get("standIn") or run["face"], run["size"], run.get("shift"), run.get("letterSpacing"),
                run.get("wordSpacing"), tuple(run.get("features") or ()))
        if merged and merged[-1][3] == look and merged[-1][1] == run["start"]:
            merged[-1][1] = run["start"] + run["length"]
        else:
            merged.append([run["start"], run["start"] + run["length"], run, look])
    return [(start, end, run) for start, end, run, _ in merged]


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def index_map(text):
    """A function from UTF-16 offsets of text to Python string indices."""
    if text.isascii() or all(ord(ch) < 0x10000 for ch in text):
        return lambda offset: offset
    ends = []
    total = 0
    for ch in text:
        total += 2 if ord(ch) >= 0x10000 else 1
        ends.append(total)
    return lambda offset: bisect.bisect_right(ends, offset)


def measure(line, body_size, shaper, wordwise=False, spaces=False):
    """(natural width, [natural width of each stretchable space]) of a line: its runs outside
    formulas shaped, each formula as wide as its `width`."""
    text = line["text"]
    at = index_map(text)
    formulas = sorted((f["start"], f["start"] + f["length"], f["width"]) for f in line.get("formulas") or [])
    natural = sum(f[2] for f in formulas)
    widths = []
    for start, end, run in merged_runs(line, body_size):
        cuts = [start]
        for f_start, f_end, _ in formulas:
            if f_end <= start or f_start >= end:
                continue
            cuts += [max(start, f_start), min(end, f_end)]
        cuts.append(end)
        for piece_start, piece_end in zip(cuts[0::2], cuts[1::2]):
            if piece_end <= piece_start:
                continue
            piece = text[at(piece_start):at(piece_end)]
            natural += shaper.width(run, piece, wordwise)
            if spaces:
                for char in SPACES:
                    n = piece.count(char)
                    if n:
                        widths += [shaper.space(run, char)] * n
    return natural, widths


def share(part, whole):
    return part / whole if whole else 0.0


def percent(part, whole):
    return f"{100 * share(part, whole):.1f} % ({part:,} of {whole:,})"


def quantile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Faces:
    """What the report needs to know of each face: bold, monospace."""

    def __init__(self, layout):
        self.layout = layout

    def entry(self, run):
        if run.get("standIn"):
            return next((f for f in self.layout.get("standIns") or []
                         if f["postScriptName"] == run["standIn"]), {})
        return self.layout["faces"][run["face"]]

    def bold(self, run):
        face = self.entry(run)
        return face.get("role") in ("bold", "boldItalic") or "Bold" in face.get("postScriptName", "") \
            or bool(face.get("synthesizesBold"))

    def monospace(self, run):
        face = self.entry(run)
        return face.get("role") == "monospace" or "Mono" in face.get("postScriptName", "")


def kind(line, faces, body_size, box):
    """table, empty, heading, code, aligned (centred or flush right) or text."""
    if line.get("table"):
        return "table"
    text = line["text"]
    if not text.strip():
        return "empty"
    runs = [r for r in line.get("runs") or []
            if line["text"].encode("utf-16-le")[2 * r["start"]:2 * (r["start"] + r["length"])].decode(
                "utf-16-le", "replace").strip()]
    if line.get("continuation") or ("height" in line and runs and all(faces.monospace(r) for r in runs)):
        return "code"           # a listing's line (its own height); not inline code alone on a line
    if not line.get("justified") and runs and (
            (all(faces.bold(r) for r in runs) and sum(ch.isalnum() for ch in text) >= 2)
            or all(r["size"] >= 1.15 * body_size for r in runs)):
        return "heading"
    if not line.get("justified") and line.get("direction") != "rtl" and line["x"] > box["x"] + 1 and (
            abs(line["x"] + line["width"] / 2 - (box["x"] + box["width"] / 2)) < 1
            or abs(line["x"] + line["width"] - (box["x"] + box["width"])) < 0.6):
        return "aligned"
    return "text"


def report(path, assets):
    started = time.time()
    document = json.load(open(path))
    layout = document["layout"]
    body_size = layout["font"]["size"]
    line_height = layout["font"]["lineHeight"]
    shaper = Shaper(OutputFaces(layout, assets))
    faces = Faces(layout)
    pages = document["pages"]
    rtl = document["metadata"].get("direction") == "rtl"
    out = {"file": path, "pages": len(pages), "chapters": len(document["chapters"]),
           "pageSize": layout["pageSize"], "fontSize": body_size, "language": document["metadata"].get("language")}

    def bottom(line):
        return line["y"] + line.get("height", line_height)

    # --- Lines: spaces, hyphens, widths -------------------------------------------------------
    line_ratios = []            # (ratio, spaces, page, text)
    space_ratios = []
    shrunk = 0
    expanded = 0
    no_space = []
    markers = 0
    body_lines = hyphenated = 0
    ragged = {"body": [], "all": []}   # (|whole − width|, |wordwise − width|, page, text, width, whole)
    skipped = {"designed pages": 0, "vertical lines": 0, "lines with ruby": 0}
    flows = {}                  # chapter -> [(page index, [body lines])]
    last_page = {}
    justified_any = False
    for number, page in enumerate(pages):
        if page.get("type") not in ("content", "image"):
            continue
        if "chapter" in page:
            last_page[page["chapter"]] = number
        if page.get("design"):
            skipped["designed pages"] += 1
            continue
        body = []
        page_lines = page.get("lines") or []
        for index, line in enumerate(page_lines):
            if line.get("vertical"):
                skipped["vertical lines"] += 1
                continue
            role = line.get("role")
            if role is None:
                body.append(line)
            elif role == "table" and not (body and body[-1].get("table")):
                body.append({"text": "", "table": True, "x": line["x"], "y": line["y"], "width": 0})
            if not line["text"]:
                continue
            if line.get("ruby"):
                skipped["lines with ruby"] += 1
                continue
            if role is None:
                body_lines += 1
                hyphenated += bool(line.get("hyphenated"))
            if line.get("justified"):
                if role is not None:
                    continue
                justified_any = True
                natural, widths = measure(line, body_size, shaper, spaces=True)
                if not widths:
                    no_space.append((number, line["text"]))
                    continue
                if MARKER.match(line["text"]):
                    # A list item's: the item's next line hangs under its text.
                    after = next((l for l in page_lines[index + 1:]
                                  if l.get("role") is None and l["text"]), None)
                    markers += after is None or after["x"] > line["x"] + 0.5
                # An expanded line is drawn scaled as a whole, its spaces with it, and then its
                # spaces fill the rest (FORMAT.md, "Justified lines").
                scale = line.get("expansion", 1)
                expanded += scale != 1
                extra = (line["width"] - scale * natural) / len(widths)
                mean = sum(widths) / len(widths)
                ratio = (scale * mean + extra) / mean
                line_ratios.append((ratio, len(widths), number, line["text"]))
                space_ratios += [(scale * s + extra) / s for s in widths]
                shrunk += extra < -0.01
            else:
                whole, _ = measure(line, body_size, shaper)
                apart, _ = measure(line, body_size, shaper, wordwise=True)
                entry = (abs(whole - line["width"]), abs(apart - line["width"]), number, line["text"],
                         line["width"], whole)
                ragged["all"].append(entry)
                if role is None:
                    ragged["body"].append(entry)
        if "chapter" in page and body:
            flows.setdefault(page["chapter"], []).append((number, body))

    ratios = [r[0] for r in line_ratios]
    out["justified"] = {
        "lines": len(line_ratios), "spaces": len(space_ratios),
        "medianPerLine": statistics.median(ratios) if ratios else None,
        "medianPerSpace": statistics.median(space_ratios) if space_ratios else None,
        "p90PerLine": quantile(ratios, 0.9) if ratios else None,
        "over2": sum(r > 2 for r in ratios),
        "over3ExceptOneSpace": sum(r[0] > 3 and r[1] > 1 for r in line_ratios),
        "linesWithMoreThanOneSpace": sum(r[1] > 1 for r in line_ratios),
        "shrunk": shrunk,
        "expanded": expanded,
        "noSpace": len(no_space),
        "listMarkerLines": markers,
        "over2Examples": [{"ratio": round(r[0], 2), "spaces": r[1], "page": r[2], "text": r[3]}
                          for r in sorted(line_ratios, reverse=True)[:40] if r[0] > 2],
    }
    worst = max(line_ratios, default=None)
    if worst:
        out["justified"]["worst"] = {"ratio": worst[0], "spaces": worst[1], "page": worst[2], "text": worst[3]}
    out["hyphenated"] = {"bodyLines": body_lines, "hyphenated": hyphenated}
    for which, entries in ragged.items():
        worst_whole = max(entries, default=None)
        worst_apart = max(entries, key=lambda e: e[1], default=None)
        out[f"ragged_{which}"] = {
            "lines": len(entries),
            "maxWhole": worst_whole[0] if worst_whole else 0,
            "over01Whole": sum(e[0] > 0.1 for e in entries),
            "maxWordwise": worst_apart[1] if worst_apart else 0,
            "over01Wordwise": sum(e[1] > 0.1 for e in entries),
            "worst": {"page": worst_whole[2], "text": worst_whole[3], "width": worst_whole[4],
                      "shapedWhole": round(worst_whole[5], 2)} if worst_whole else None,
        }

    # --- Sides and spreads -------------------------------------------------------------------
    target = document.get("target") or {}
    side = {}
    spreads = []
    if target.get("spreads"):
        source = "target.spreads"
        for spread in target["spreads"]:
            if "left" in spread:
                side[spread["left"]] = "left"
            if "right" in spread:
                side[spread["right"]] = "right"
            if "left" in spread and "right" in spread:
                spreads.append((spread["left"], spread["right"]))
    else:
        source = "BookLayout's pairing (the target has no spreads)"
        for number in range(len(pages)):
            right = (number % 2 == 0) != rtl
            side[number] = "right" if right else "left"
        for number in range(1, len(pages) - 1, 2):
            spreads.append((number + 1, number) if rtl else (number, number + 1))

    def flowed_body(number):
        page = pages[number]
        if page.get("type") != "content" or page.get("design") or "chapter" not in page:
            return None
        lines = [l for l in page.get("lines") or [] if l.get("role") in (None, "table") and l["text"].strip()
                 and not l.get("vertical")]
        return lines or None

    def lowest(number):
        page = pages[number]
        bottoms = [bottom(l) for l in page.get("lines") or []
                   if l["text"].strip() or l.get("role") == "noteSeparator"]
        bottoms += [i["y"] + i["height"] for i in page.get("images") or []]
        return max(bottoms)

    counted = differ = differ_all = with_extras = 0
    by_lines = {}
    examples = []
    for left, right in spreads:
        a, b = flowed_body(left), flowed_body(right)
        if not a or not b:
            continue
        if last_page.get(pages[left]["chapter"]) == left or last_page.get(pages[right]["chapter"]) == right:
            continue
        counted += 1
        gap = abs(max(map(bottom, a)) - max(map(bottom, b)))
        if gap > 0.5:
            differ += 1
            n = round(gap / line_height)
            key = str(n) if n else "<0.5"
            by_lines[key] = by_lines.get(key, 0) + 1
            if len(examples) < 5:
                examples.append((left, right, round(max(map(bottom, a)), 2), round(max(map(bottom, b)), 2)))
            if any(l.get("role") for p in (left, right) for l in pages[p].get("lines") or []) \
                    or pages[left].get("images") or pages[right].get("images"):
                with_extras += 1
        if abs(lowest(left) - lowest(right)) > 0.5:
            differ_all += 1
    out["spreads"] = {
        "pairing": source, "counted": counted, "differ": differ, "differWithNotesAndPictures": differ_all,
        "differHavingNotesTablesOrPictures": with_extras,
        "differenceInLines": dict(sorted(by_lines.items(), key=lambda kv: float(kv[0].strip("<")))),
        "examples": examples}

    opened = [c["page"] for c in document["chapters"] if "page" in c]
    on_left = [p for p in opened if side.get(p) == "left"]
    out["chapters_left"] = {"chapters": len(opened), "left": len(on_left)}

    # --- Paragraphs --------------------------------------------------------------------------
    box = layout["contentBox"]

    def fits(before, line):
        """Whether the first word of `line` (and a space) fits after `before` in the measure."""
        word = re.split("[ \u00a0]", line["text"].strip(), maxsplit=1)[0]
        runs = merged_runs(line, body_size)
        first = runs[0][2] if runs else {"face": 0, "size": body_size}
        last = merged_runs(before, body_size)[-1][2] if before.get("runs") else {"face": 0, "size": body_size}
        width = before["width"] + shaper.space(last, " ") + shaper.width(first, word)
        return before["x"] + width <= box["x"] + box["width"] + 0.01

    paragraphs = []             # [[(page, line)], …]
    floats = 0
    headings_at_foot = []
    checked_pages = agreeing = 0
    disagreeing = []
    for chapter, chapter_pages in flows.items():
        current = None
        previous = None         # (page, line, kind) of the previous flow line of the chapter
        for number, lines in chapter_pages:
            last_y = None
            kept = []
            for line in lines:
                if not line.get("table"):
                    if last_y is not None and line["y"] < last_y + 0.5:
                        floats += 1
                        continue
                    last_y = line["y"]
                kept.append(line)
            shown = []          # (line, kind, paragraph) of the page's lines with text
            for line in kept:
                what = kind(line, faces, body_size, box)
                if what != "text":
                    current = None
                elif current is not None and not ends_paragraph(previous, (number, line), pages, justified_any,
                                                                        line_height, body_size, fits, box,
                                                                        len(current) == 1):
                    current.append((number, line))
                else:
                    current = [(number, line)]
                    paragraphs.append(current)
                previous = (number, line, what)
                if line["text"].strip() or what == "table":
                    shown.append((line, what, current))
            # Check the paragraphs against the page's `location`: its length is the characters of
            # its lines (less inserted hyphens, list markers and floats, which it does not count)
            # plus one for each space a line broke at inside a paragraph (or a heading, or a
            # code listing: its line ends); nothing between blocks.
            location = pages[number].get("location")
            if location and len(kept) == len(lines) and not any(
                    what in ("table", "aligned", "code") or MARKER.match(l["text"]) for l, what, _ in shown):
                count = sum(len(l["text"]) - bool(l.get("hyphenated")) for l, _, _ in shown)
                for (a, what_a, para_a), (b, what_b, para_b) in zip(shown, shown[1:]):
                    joined = (para_a is not None and para_a is para_b) or (
                        what_a == what_b and what_a in ("heading", "code"))
                    if joined and not a.get("hyphenated") and not (
                            a["text"].rstrip()[-1:] in DASHES or b["text"][:1] in DASHES):
                        count += 1
                checked_pages += 1
                agreeing += count == location["end"] - location["start"]
                if count != location["end"] - location["start"] and len(disagreeing) < 10:
                    disagreeing.append((number, count - (location["end"] - location["start"])))
            text_lines = [l for l in kept if l["text"].strip() or l.get("table")]
            if text_lines and kind(text_lines[-1], faces, body_size, box) == "heading" \
                    and last_page.get(chapter) != number:
                headings_at_foot.append((number, text_lines[-1]["text"]))
    if justified_any:
        # In a justified book, prose: paragraphs set justified (one of their lines is), not
        # verse, centred or ragged blocks, whose lines may each end a line of the source.
        paragraphs = [p for p in paragraphs if any(l.get("justified") for _, l in p)]
    long = [p for p in paragraphs if len(p) >= 2]
    split = [p for p in long if p[0][0] != p[-1][0]]
    widows = [p for p in split if sum(1 for n, _ in p if n == p[-1][0]) == 1]
    orphans = [p for p in split if sum(1 for n, _ in p if n == p[0][0]) == 1]
    runts = [p for p in long if not any(s in p[-1][1]["text"].strip() for s in SPACES)]
    lone = []                   # a word alone on a line inside a paragraph, not its last
    below = {}                  # lines of text under it on its page
    could = 0                   # the next word would have fitted on it
    for p in long:
        for (n, l), (m, following) in zip(p, p[1:]):
            if any(s in l["text"].strip() for s in SPACES):
                continue
            lone.append((n, l["text"]))
            rest = [x for x in pages[n]["lines"]
                    if x.get("role") is None and x["text"].strip() and x["y"] > l["y"]]
            key = str(len(rest)) if len(rest) < 3 else "3+"
            below[key] = below.get(key, 0) + 1
            could += m == n and fits(l, following)
    inner = [x for p in long for x in p[:-1]]
    out["paragraphs"] = {
        "paragraphs": len(paragraphs), "ofTwoOrMoreLines": len(long), "splitAcrossPages": len(split),
        "widows": len(widows), "orphans": len(orphans), "floatsLeftOut": floats,
        "widowExamples": [(p[-1][0], p[-1][1]["text"]) for p in widows[:3]],
        "orphanExamples": [(p[0][0], p[0][1]["text"]) for p in orphans[:3]],
        "headingsAtFoot": len(headings_at_foot), "headingExamples": headings_at_foot[:5],
        "runts": len(runts),
        "runtExamples": [(p[-1][0], p[-2][1]["text"][-40:] + " / " + p[-1][1]["text"]) for p in runts[:3]],
        "innerLines": len(inner), "loneWordInside": len(lone),
        "locationCheckedPages": checked_pages, "locationAgreeing": agreeing,
        "locationDisagreeing": disagreeing,
        "loneWordExamples": lone[:3], "loneWordLinesBelow": dict(sorted(below.items())),
        "loneWordNextWouldFit": could,
    }
    out["skipped"] = skipped
    out["shapedStrings"] = shaper.shaped
    out["seconds"] = round(time.time() - started, 2)
    return out


DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015/"


def ends_paragraph(previous, following, pages, justified_book, line_height, em, fits, box, first):
    """Whether the text line `previous` (page, line, kind) ends its paragraph before the text line
    `following` (page, line); `first`: `previous` is its paragraph's first line."""
    page, before, _ = previous
    number, line = following
    if before.get("hyphenated"):
        return False
    if MARKER.match(line["text"]) and line["x"] < before["x"] - 0.5:
        return True             # the next item of a list whose items hang
    if page != number:
        # Across a page break, the pages' `location`s tell: they count the chapter's text with
        # nothing between paragraphs, so one character between the pages is the space the line
        # broke at, inside a paragraph.
        start = (pages[number].get("location") or {}).get("start")
        end = (pages[page].get("location") or {}).get("end")
        if start is not None and end is not None:
            # No character between: the line broke without a space, which inside a paragraph
            # is after a dash or a hyphen, on a stretched line.
            return start - end != 1 and not before.get("justified")
    if before.get("justified"):
        return False
    if justified_book:
        # A paragraph's last line is never stretched, but neither is a word alone on a line
        # inside a paragraph, nor a line the next word would not have fitted on (broken at a
        # slash, say), which the layout may leave ragged: those are followed by a line at their
        # left edge or, the first line of an indented paragraph, at most two ems to its left.
        if line["x"] > before["x"] + 0.5 or line["x"] < before["x"] - 2 * em - 0.5:
            return True         # indented: a paragraph's first line; or out of a quotation
        if abs(line["x"] - before["x"]) < 0.5 and before["x"] > box["x"] + 0.5 and first:
            return True         # two indented lines, the first a paragraph's first: two paragraphs
        alone = not any(s in before["text"].strip() for s in SPACES)
        return not (alone or not fits(before, line))
    if line["x"] > before["x"] + 0.5:
        return True
    return page == number and line["y"] > before["y"] + before.get("height", line_height) + 2


def show(r):
    j = r["justified"]
    size = r["pageSize"]
    print(f"{r['file']}: {r['pages']:,} pages, {r['chapters']} chapters, page {size['width']:g}×{size['height']:g}, "
          f"body {r['fontSize']:g} pt, language {r['language'] or 'none'}")
    if j["lines"]:
        w = j["worst"]
        print(f"1a median inter-word space: {j['medianPerLine']:.3f}× natural per line (median of the lines' "
              f"ratios), {j['medianPerSpace']:.3f}× per space (each space counted); 90th percentile "
              f"{j['p90PerLine']:.2f}× [{j['lines']:,} justified body lines, {j['spaces']:,} spaces]")
        print(f"1b justified lines past 2×: {percent(j['over2'], j['lines'])}")
        print(f"1c past 3×, lines with one space left out: "
              f"{percent(j['over3ExceptOneSpace'], j['linesWithMoreThanOneSpace'])}")
        print(f"1d worst line: {w['ratio']:.2f}× ({w['spaces']} space{'s' if w['spaces'] != 1 else ''}) "
              f"on page {w['page']}: {w['text']!r}")
        print(f"1e lines whose spaces shrink (ratio < 1): {percent(j['shrunk'], j['lines'])}; "
              f"lines drawn wider (`expansion`): {percent(j['expanded'], j['lines'])}")
        print(f"1f justified lines with no space to stretch (a word alone): {j['noSpace']:,}; justified lines of "
              f"list items (the space after the marker stretches): {j['listMarkerLines']:,}")
    else:
        print("1  no justified body lines")
    h = r["hyphenated"]
    print(f"2  hyphenated body lines: {percent(h['hyphenated'], h['bodyLines'])}")
    for which, label in (("body", "3a ragged body lines"), ("all", "3b ragged lines of every role")):
        g = r[f"ragged_{which}"]
        worst = g["worst"]
        detail = (f"; worst page {worst['page']}: {worst['text'][:50]!r} width {worst['width']} vs "
                  f"{worst['shapedWhole']}" if worst else "")
        print(f"{label}: |width − whole line shaped| max {g['maxWhole']:.2f} pt, over 0.1 pt "
              f"{percent(g['over01Whole'], g['lines'])}; shaped word by word: max {g['maxWordwise']:.2f} pt, "
              f"over 0.1 pt {percent(g['over01Wordwise'], g['lines'])}{detail}")
    s = r["spreads"]
    print(f"4  spreads ending at different heights (last body line's bottom, > 0.5 pt): "
          f"{percent(s['differ'], s['counted'])} of non-final spreads [{s['pairing']}; how many line heights "
          f"apart: {s['differenceInLines']}; {s['differHavingNotesTablesOrPictures']} of them with notes, tables "
          f"or pictures; counting notes and pictures: {percent(s['differWithNotesAndPictures'], s['counted'])}]")
    c = r["chapters_left"]
    print(f"5  chapters opening on a left-hand page: {percent(c['left'], c['chapters'])}")
    p = r["paragraphs"]
    print(f"6a widows (a paragraph's last line alone at a page's top): {p['widows']:,}; orphans (its first line "
          f"alone at the foot): {p['orphans']:,} [{p['splitAcrossPages']:,} of {p['ofTwoOrMoreLines']:,} "
          f"paragraphs of 2+ lines split across pages; {p['paragraphs']:,} paragraphs; {p['floatsLeftOut']} float "
          f"lines left out]")
    example = p["headingExamples"][0] if p["headingExamples"] else None
    print(f"6b headings at a page foot: {p['headingsAtFoot']:,}"
          + (f" (e.g. page {example[0]}: {example[1][:50]!r})" if example else ""))
    print(f"6c the paragraphs against the pages' `location`s: they agree on "
          f"{percent(p['locationAgreeing'], p['locationCheckedPages'])} pages checked (pages without tables, "
          f"lists, code, centred lines or floats)")
    print(f"7a runts (paragraphs of 2+ lines ending in a one-word line): "
          f"{percent(p['runts'], p['ofTwoOrMoreLines'])}")
    example = p["loneWordExamples"][0] if p["loneWordExamples"] else None
    print(f"7b a word alone on a ragged line inside a paragraph: {p['loneWordInside']:,} of {p['innerLines']:,} "
          f"inner lines; the next word would have fitted on {p['loneWordNextWouldFit']:,}; text lines under it "
          f"on its page {p['loneWordLinesBelow']}"
          + (f" (e.g. page {example[0]}: {example[1][:40]!r})" if example else ""))
    skipped = ", ".join(f"{v} {k}" for k, v in r["skipped"].items() if v)
    print(f"   [{r['shapedStrings']:,} strings shaped; {r['seconds']} s{'; left out: ' + skipped if skipped else ''}]")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", help="a book2pages output (JSON)")
    parser.add_argument("--assets", help="the folder `book2pages --assets` wrote the book's fonts to")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    try:
        result = report(args.pages, args.assets)
    except MissingAssets as error:
        sys.exit(f"{args.pages}: {error}")
    if args.json:
        json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        show(result)


if __name__ == "__main__":
    main()
