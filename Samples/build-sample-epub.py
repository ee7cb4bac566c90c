#!/usr/bin/env python3
"""Rebuild the sample books Samples/the-lighthouse-keeper.epub and the-tide-clock.epub from
their source folders.

Python 3 standard library only. Two steps:
  1. draw the two PNG pictures (cover and illustration) into the source folder;
  2. zip the folder into an EPUB: `mimetype` first and stored, everything else deflated,
     in sorted order, with a fixed timestamp and fixed permissions.

Nothing depends on the clock, the locale or the file system's order, so every run gives the
same bytes (for a given zlib: a Python built on zlib-ng compresses differently).

Usage:
  python3 Samples/build-sample-epub.py [--output BOOK.epub] [--numeric-entities COPY.epub]

--numeric-entities also writes a copy in which the HTML named entities (&nbsp; &mdash; ...)
are spelled as numeric references. The real book keeps them undeclared on purpose, because
real books do and the reader must cope; EPUBCheck rightly rejects them, so the copy is what
to validate when checking everything else.
"""

import argparse
import os
import re
import struct
import sys
import tempfile
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "the-lighthouse-keeper")
DEFAULT_OUTPUT = os.path.join(HERE, "the-lighthouse-keeper.epub")
# The fixed-layout sample: pages drawn at 600 by 800 CSS pixels, and one reflowable afterword.
FIXED_SOURCE = os.path.join(HERE, "the-tide-clock")
FIXED_OUTPUT = os.path.join(HERE, "the-tide-clock.epub")
IMAGES = os.path.join(SOURCE, "OEBPS", "images")

# The earliest time a ZIP header can hold; any fixed value would do.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
FILE_MODE = 0o100644  # a regular file, rw-r--r--
UNIX = 3  # "made by" system in the ZIP header; the default depends on the building machine


# ---------------------------------------------------------------------------------------------
# Drawing

class Canvas:
    """An RGB picture in memory with the few drawing operations the two pictures need."""

    def __init__(self, width, height, color=(0, 0, 0)):
        self.width = width
        self.height = height
        self.pixels = bytearray(bytes(color) * (width * height))

    def blend(self, x, y, color, alpha=1.0):
        if not (0 <= x < self.width and 0 <= y < self.height) or alpha <= 0:
            return
        i = (y * self.width + x) * 3
        if alpha >= 1:
            self.pixels[i:i + 3] = bytes(color)
            return
        for k in range(3):
            old = self.pixels[i + k]
            self.pixels[i + k] = int(round(old + (color[k] - old) * alpha))

    def vertical_gradient(self, top, bottom, stops):
        """Fills rows top..bottom-1; stops are (fraction, color) pairs in increasing order."""
        span = max(1, bottom - top - 1)
        for y in range(max(0, top), min(self.height, bottom)):
            t = (y - top) / span
            color = interpolate_stops(stops, t)
            row = bytes(color) * self.width
            start = y * self.width * 3
            self.pixels[start:start + len(row)] = row

    def fill_rect(self, x0, y0, x1, y1, color, alpha=1.0):
        for y in range(max(0, y0), min(self.height, y1)):
            for x in range(max(0, x0), min(self.width, x1)):
                self.blend(x, y, color, alpha)

    def fill_polygon(self, points, color, alpha=1.0):
        """Even-odd scanline fill, sampling at pixel centres."""
        ys = [p[1] for p in points]
        for y in range(max(0, int(min(ys))), min(self.height, int(max(ys)) + 1)):
            cy = y + 0.5
            crossings = []
            for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
                if (ay <= cy < by) or (by <= cy < ay):
                    crossings.append(ax + (cy - ay) * (bx - ax) / (by - ay))
            crossings.sort()
            for left, right in zip(crossings[0::2], crossings[1::2]):
                for x in range(max(0, int(round(left))), min(self.width, int(round(right)))):
                    self.blend(x, y, color, alpha)

    def fill_disc(self, cx, cy, r, color, alpha=1.0):
        for y in range(int(cy - r), int(cy + r) + 1):
            for x in range(int(cx - r), int(cx + r) + 1):
                if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                    self.blend(x, y, color, alpha)

    def glow(self, cx, cy, r, color, strength):
        """A soft round light that fades to nothing at radius r."""
        for y in range(int(cy - r), int(cy + r) + 1):
            for x in range(int(cx - r), int(cx + r) + 1):
                d = ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) ** 0.5
                if d < r:
                    fade = 1 - d / r
                    # Quantised so the glow stays in broad rings that compress well.
                    self.blend(x, y, color, round(strength * fade * fade * 16) / 16)

    def stroke(self, x0, y0, x1, y1, color, width=2):
        steps = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for s in range(steps + 1):
            t = s / steps
            x = int(round(x0 + (x1 - x0) * t))
            y = int(round(y0 + (y1 - y0) * t))
            self.fill_rect(x, y, x + width, y + width, color)

    def text(self, message, x, y, scale, color):
        for ch in message:
            glyph = FONT.get(ch)
            if glyph:
                for row, bits in enumerate(glyph):
                    for col, bit in enumerate(bits):
                        if bit == "#":
                            self.fill_rect(x + col * scale, y + row * scale,
                                           x + (col + 1) * scale, y + (row + 1) * scale, color)
            x += 6 * scale

    def shadowed_text_centred(self, message, y, scale, color, shadow=(0, 0, 0)):
        width = (6 * len(message) - 1) * scale
        x = (self.width - width) // 2
        offset = max(2, scale // 2)
        self.text(message, x + offset, y + offset, scale, shadow)
        self.text(message, x, y, scale, color)


def interpolate_stops(stops, t):
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            f = 0 if t1 == t0 else (t - t0) / (t1 - t0)
            return tuple(int(round(a + (b - a) * f)) for a, b in zip(c0, c1))
    return stops[-1][1]


class Random:
    """A tiny linear congruential generator: the same 'random' stars on every machine."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


# A 5×7 capital alphabet, only the letters the cover uses.
FONT = {
    "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "D": ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
    "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
    "G": [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".###."],
    "H": ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "I": [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "K": ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
    "L": ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
    "M": ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
    "O": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "P": ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
    "R": ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
    "S": [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
    "T": ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
    "U": ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "W": ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"],
}

WHITE_PAINT = (241, 237, 228)
RED_PAINT = (184, 50, 47)
LAMP = (255, 233, 160)
IRON = (40, 40, 44)


def draw_lighthouse(c, cx, base_y, top_y, base_w, top_w, beam_alpha, night):
    """A banded tower with gallery, lantern and cap; returns the lamp's centre."""
    def half_width(y):
        t = (base_y - y) / (base_y - top_y)
        return (base_w + (top_w - base_w) * t) / 2

    lantern_h = (base_y - top_y) * 0.2
    lamp_y = top_y - lantern_h / 2 - 6
    if beam_alpha:
        reach = c.width
        c.fill_polygon([(cx, lamp_y - 4), (cx - reach, lamp_y - 70), (cx - reach, lamp_y + 40),
                        (cx, lamp_y + 4)], LAMP, beam_alpha)
        c.fill_polygon([(cx, lamp_y - 4), (cx + reach, lamp_y - 45), (cx + reach, lamp_y + 25),
                        (cx, lamp_y + 4)], LAMP, beam_alpha * 0.8)
    if night:
        c.glow(cx, lamp_y, 110, LAMP, 0.45)

    bands = 6
    for b in range(bands):
        y_low = base_y - (base_y - top_y) * b / bands
        y_high = base_y - (base_y - top_y) * (b + 1) / bands
        color = RED_PAINT if b % 2 == 1 else WHITE_PAINT
        if night:
            color = tuple(int(v * 0.62) for v in color)
        c.fill_polygon([(cx - half_width(y_low), y_low), (cx + half_width(y_low), y_low),
                        (cx + half_width(y_high), y_high), (cx - half_width(y_high), y_high)],
                       color)
    # A door and two small windows.
    c.fill_rect(int(cx - 6), int(base_y - 26), int(cx + 6), int(base_y), IRON)
    for f in (0.38, 0.7):
        wy = int(base_y - (base_y - top_y) * f)
        c.fill_rect(int(cx - 3), wy, int(cx + 3), wy + 9, IRON)

    gallery_w = top_w + 18
    c.fill_rect(int(cx - gallery_w / 2), int(top_y - 8), int(cx + gallery_w / 2), int(top_y), IRON)
    lantern_w = top_w * 0.8
    lt = int(top_y - 8 - lantern_h)
    c.fill_rect(int(cx - lantern_w / 2), lt, int(cx + lantern_w / 2), int(top_y - 8), LAMP)
    for k in range(1, 4):
        mx = int(cx - lantern_w / 2 + lantern_w * k / 4)
        c.fill_rect(mx - 1, lt, mx + 1, int(top_y - 8), IRON)
    cap_w = lantern_w + 8
    c.fill_polygon([(cx - cap_w / 2, lt), (cx + cap_w / 2, lt), (cx, lt - lantern_h * 0.7)],
                   (120, 34, 32) if not night else (80, 24, 24))
    c.fill_disc(cx, lt - lantern_h * 0.7, 4, IRON)
    return cx, lamp_y


def wave_strokes(c, rng, top, bottom, color, count, alpha):
    for _ in range(count):
        y = top + 4 + rng.below(max(1, bottom - top - 8))
        depth = (y - top) / (bottom - top)
        length = 8 + rng.below(20) + int(depth * 40)
        x = rng.below(c.width)
        c.fill_rect(x, y, x + length, y + 2, color, alpha)


def draw_cover():
    c = Canvas(600, 900)
    horizon = 590
    c.vertical_gradient(0, horizon, [(0.0, (9, 18, 46)), (0.55, (38, 44, 96)),
                                     (0.85, (110, 78, 130)), (1.0, (214, 128, 118))])
    rng = Random(1890)
    for _ in range(110):
        x, y = rng.below(600), rng.below(460)
        size = 1 + rng.below(2)
        c.fill_rect(x, y, x + size, y + size, (240, 236, 214), 0.5 + rng.below(5) / 10)
    c.glow(470, 215, 80, (250, 240, 200), 0.25)
    c.fill_disc(470, 215, 34, (247, 240, 212))
    c.fill_disc(484, 205, 30, (36, 42, 92))  # turns the moon into a crescent

    c.vertical_gradient(horizon, 900, [(0.0, (40, 62, 104)), (1.0, (8, 20, 40))])
    wave_strokes(c, rng, horizon, 900, (120, 150, 196), 160, 0.45)

    rock = [(110, 660), (150, 628), (205, 604), (262, 592), (340, 594), (400, 612),
            (452, 636), (500, 664)]
    c.fill_polygon(rock, (20, 22, 32))
    lamp = draw_lighthouse(c, 300, 600, 330, 84, 54, 0.16, night=True)
    # The light's reflection: broken strokes under the tower.
    for y in range(668, 900, 9):
        half = 6 + (y - 668) // 10
        x = lamp[0] - half + rng.below(half)
        c.fill_rect(x, y, x + half, y + 3, LAMP, 0.5)

    c.shadowed_text_centred("THE LIGHTHOUSE", 56, 6, (246, 231, 193))
    c.shadowed_text_centred("KEEPER", 122, 6, (246, 231, 193))
    c.shadowed_text_centred("ADA MARLOW", 830, 4, (232, 214, 172))
    return c


def draw_illustration():
    c = Canvas(800, 480)
    horizon = 320
    c.vertical_gradient(0, horizon, [(0.0, (126, 182, 222)), (1.0, (226, 240, 244))])
    c.glow(650, 84, 90, (255, 246, 206), 0.5)
    c.fill_disc(650, 84, 34, (255, 244, 196))
    for cx, cy, parts in ((150, 70, 4), (520, 150, 3)):
        for k in range(parts):
            c.fill_disc(cx + k * 30, cy - (12 if k % 2 else 0), 26, (250, 251, 250))

    c.vertical_gradient(horizon, 480, [(0.0, (70, 132, 168)), (1.0, (26, 74, 108))])
    wave_strokes(c, Random(1927), horizon, 480, (196, 224, 236), 120, 0.5)

    rock = [(70, 350), (120, 318), (190, 300), (280, 296), (360, 306), (420, 330), (450, 352)]
    c.fill_polygon(rock, (74, 70, 66))
    c.fill_polygon([(120, 318), (190, 300), (280, 296), (230, 312)], (104, 98, 90))
    # Two cottages with slate roofs, left of the tower.
    for x0 in (130, 178):
        c.fill_rect(x0, 282, x0 + 40, 304, (236, 230, 218))
        c.fill_polygon([(x0 - 4, 283), (x0 + 44, 283), (x0 + 20, 266)], (70, 78, 92))
        c.fill_rect(x0 + 16, 292, x0 + 24, 304, IRON)
    draw_lighthouse(c, 300, 300, 104, 68, 44, 0, night=False)
    # The landing stage and the supply boat.
    c.fill_rect(400, 326, 500, 332, (104, 76, 52))
    for px in (410, 450, 490):
        c.fill_rect(px, 332, px + 4, 350, (84, 60, 40))
    c.fill_polygon([(506, 334), (640, 334), (628, 358), (520, 358)], (30, 52, 90))
    c.fill_rect(512, 338, 634, 342, (240, 240, 236))
    c.fill_rect(566, 312, 610, 334, (242, 240, 232))
    c.fill_rect(572, 318, 584, 326, (90, 140, 180))
    c.fill_rect(590, 318, 602, 326, (90, 140, 180))
    c.fill_rect(586, 296, 589, 312, IRON)
    # Gulls.
    for gx, gy, s in ((420, 150, 14), (460, 120, 10), (370, 190, 8)):
        c.stroke(gx - s, gy - s // 2, gx, gy, (60, 64, 72))
        c.stroke(gx, gy, gx + s, gy - s // 2, (60, 64, 72))
    return c


# ---------------------------------------------------------------------------------------------
# PNG

def draw_sea():
    """The fixed-layout sample's page background: a pale sky over a darker sea, 600 by 800."""
    c = Canvas(600, 800)
    for y in range(c.height):
        t = y / c.height
        if y < 430:
            color = (int(200 - 60 * t), int(220 - 40 * t), int(240 - 20 * t))
        else:
            color = (int(40 + 30 * (1 - t)), int(90 + 40 * (1 - t)), int(130 + 30 * (1 - t)))
        c.pixels[y * c.width * 3:(y + 1) * c.width * 3] = bytes(color) * c.width
    return c


def png_bytes(canvas):
    stride = canvas.width * 3
    previous = bytes(stride)
    raw = bytearray()
    for y in range(canvas.height):
        row = bytes(canvas.pixels[y * stride:(y + 1) * stride])
        # Filters 0 (none), 1 (sub) and 2 (up); keep the row whose bytes are smallest.
        candidates = [
            (0, row),
            (1, bytes((a - b) & 0xFF for a, b in zip(row, bytes(3) + row[:-3]))),
            (2, bytes((a - b) & 0xFF for a, b in zip(row, previous))),
        ]
        kind, data = min(candidates, key=lambda c: sum(min(v, 256 - v) for v in c[1]))
        raw.append(kind)
        raw += data
        previous = row

    def chunk(tag, body):
        return (struct.pack(">I", len(body)) + tag + body
                + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", canvas.width, canvas.height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def write_if_changed(path, data):
    try:
        with open(path, "rb") as existing:
            if existing.read() == data:
                return
    except FileNotFoundError:
        pass
    with open(path, "wb") as out:
        out.write(data)


# ---------------------------------------------------------------------------------------------
# EPUB

NAMED_ENTITIES = {"nbsp": 160, "mdash": 8212, "ndash": 8211, "hellip": 8230, "eacute": 233,
                  "egrave": 232, "lsquo": 8216, "rsquo": 8217, "ldquo": 8220, "rdquo": 8221}
XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}


def numeric_entities(data):
    def replace(match):
        name = match.group(1)
        if name in XML_ENTITIES:
            return match.group(0)
        if name not in NAMED_ENTITIES:
            sys.exit(f"build-sample-epub: no number known for &{name};")
        return f"&#{NAMED_ENTITIES[name]};"
    return re.sub(r"&([A-Za-z][A-Za-z0-9]*);", replace, data.decode("utf-8")).encode("utf-8")


def source_files(source=SOURCE):
    """Every file of the book except `mimetype`, as (name in the archive, path), sorted."""
    found = []
    for folder, subfolders, files in os.walk(source):
        subfolders[:] = [d for d in subfolders if not d.startswith(".")]
        for name in files:
            if name.startswith("."):
                continue
            path = os.path.join(folder, name)
            entry = os.path.relpath(path, source).replace(os.sep, "/")
            if entry != "mimetype":
                found.append((entry, path))
    return sorted(found)


def entry_info(name, compression):
    info = zipfile.ZipInfo(name, FIXED_TIME)
    info.create_system = UNIX
    info.external_attr = FILE_MODE << 16
    info.compress_type = compression
    return info


def write_epub(output, transform=None, source=SOURCE):
    with open(os.path.join(source, "mimetype"), "rb") as f:
        mimetype = f.read()
    if mimetype != b"application/epub+zip":
        sys.exit("build-sample-epub: mimetype must hold exactly 'application/epub+zip'")

    # Written beside the target, then renamed: never a half-written book.
    folder = os.path.dirname(os.path.abspath(output))
    handle, temporary = tempfile.mkstemp(prefix=".build-", suffix=".epub", dir=folder)
    try:
        with os.fdopen(handle, "wb") as raw, zipfile.ZipFile(raw, "w") as book:
            book.writestr(entry_info("mimetype", zipfile.ZIP_STORED), mimetype)
            for entry, path in source_files(source):
                with open(path, "rb") as f:
                    data = f.read()
                if transform and entry.endswith((".xhtml", ".html")):
                    data = transform(data)
                book.writestr(entry_info(entry, zipfile.ZIP_DEFLATED), data,
                              compresslevel=9)
        os.chmod(temporary, 0o644)
        os.replace(temporary, output)
    except BaseException:
        os.unlink(temporary)
        raise


def main():
    parser = argparse.ArgumentParser(description="Rebuild the sample EPUBs from their sources.")
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help="where to write the book")
    parser.add_argument("--numeric-entities", metavar="COPY",
                        help="also write a copy with numeric character references, to validate")
    args = parser.parse_args()

    os.makedirs(IMAGES, exist_ok=True)
    write_if_changed(os.path.join(IMAGES, "cover.png"), png_bytes(draw_cover()))
    write_if_changed(os.path.join(IMAGES, "lighthouse.png"), png_bytes(draw_illustration()))

    write_epub(args.output)
    print(f"wrote {os.path.relpath(args.output)}")
    write_if_changed(os.path.join(FIXED_SOURCE, "OEBPS", "images", "sea.png"), png_bytes(draw_sea()))
    write_epub(FIXED_OUTPUT, source=FIXED_SOURCE)
    print(f"wrote {os.path.relpath(FIXED_OUTPUT)}")
    if args.numeric_entities:
        write_epub(args.numeric_entities, transform=numeric_entities)
        print(f"wrote {os.path.relpath(args.numeric_entities)}")


if __name__ == "__main__":
    main()
