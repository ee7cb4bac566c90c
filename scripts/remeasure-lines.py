#!/usr/bin/env python3
"""An independent re-measure of a book2pages output with uharfbuzz (PyPI), not the tool's own
shaper: every line's runs shaped again, run by run, in the face files the output names, and the
line's natural width compared with its `width` and the content box. The layout's own faces and
stand-ins are found through fontconfig (fc-match) by family and style; a face the book brings
is read from the folder `--assets` wrote it to (restored when obfuscated): scripts/output_faces.py.

Usage: remeasure-lines.py PAGES.json ASSETS_DIR
Prints the lines checked and those wider than said or than the content box; exits 1 if any.
Spacing, features and bidi pieces are not applied: use it on books without them.
"""
import json
import os
import sys

import uharfbuzz as hb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from output_faces import OutputFaces  # noqa: E402

TOLERANCE = 0.05


def main():
    document = json.load(open(sys.argv[1]))
    assets = sys.argv[2]
    layout = document["layout"]
    font = OutputFaces(layout, assets).font

    box = layout["contentBox"]
    checked = 0
    wide = []
    for number, page in enumerate(document["pages"]):
        if page.get("design"):
            continue
        for line in page.get("lines") or []:
            if not line["text"]:
                continue
            units = line["text"].encode("utf-16-le")
            runs = line.get("runs") or [{"face": 0, "start": 0, "length": len(units) // 2, "size": layout["font"]["size"]}]
            natural = 0.0
            for run in runs:
                text = units[2 * run["start"]:2 * (run["start"] + run["length"])].decode("utf-16-le")
                shaper, upem = font(run)
                buffer = hb.Buffer()
                buffer.add_str(text)
                buffer.guess_segment_properties()
                hb.shape(shaper, buffer, {})
                natural += sum(p.x_advance for p in buffer.glyph_positions) * run["size"] / upem
            checked += 1
            if natural > line["width"] + TOLERANCE or line["x"] + natural > box["x"] + box["width"] + TOLERANCE:
                wide.append((number, round(natural - line["width"], 3), line["text"][:60]))
    print(f"{sys.argv[1]}: {checked} lines shaped again, {len(wide)} wider than said")
    for entry in wide[:10]:
        print("  page %d: %+.3f pt: %s" % entry)
    sys.exit(1 if wide else 0)


if __name__ == "__main__":
    main()
