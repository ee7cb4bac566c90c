#!/usr/bin/env python3
"""Draw the two pictures of the Markdown sample book into Samples/the-clockmakers-garden/images/.

Python 3 standard library only; the same bytes on every run (for a given zlib).
  cover.png    a clock face on a garden-green ground, 600x900
  sundial.png  a sundial seen from above with its afternoon shadow, 480x320
"""
import math
import os
import struct
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "the-clockmakers-garden", "images")


def png(width, height, pixel):
    """A PNG of RGB pixels, pixel(x, y) -> (r, g, b)."""
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def cover(x, y):
    cx, cy, r = 300, 380, 200
    d = math.hypot(x - cx, y - cy)
    if d < r - 12:
        # Twelve hour marks and two hands, ten past ten.
        angle = (math.degrees(math.atan2(y - cy, x - cx)) + 90) % 360
        if d > r - 40 and (angle % 30 < 2 or angle % 30 > 28):
            return (60, 50, 40)
        for hand_angle, length in ((300, 110), (60, 160)):
            a = math.radians(hand_angle - 90)
            hx, hy = math.cos(a), math.sin(a)
            along = (x - cx) * hx + (y - cy) * hy
            across = abs(-(x - cx) * hy + (y - cy) * hx)
            if 0 <= along <= length and across < 5:
                return (60, 50, 40)
        return (245, 238, 220)
    if d < r:
        return (150, 110, 60)
    # Rows of beans below the clock.
    if y > 640 and (x // 40 + y // 60) % 2 == 0:
        return (90, 140, 70)
    return (70, 110, 60)


def sundial(x, y):
    cx, cy, r = 240, 160, 130
    d = math.hypot(x - cx, y - cy)
    if d < r:
        a = math.radians(35)
        along = (x - cx) * math.cos(a) + (y - cy) * math.sin(a)
        across = abs(-(x - cx) * math.sin(a) + (y - cy) * math.cos(a))
        if 0 <= along <= r - 10 and across < 4 + along * 0.04:
            return (80, 80, 90)
        return (200, 195, 180)
    return (120, 160, 100)


def main():
    os.makedirs(HERE, exist_ok=True)
    for name, size, draw in (("cover.png", (600, 900), cover), ("sundial.png", (480, 320), sundial)):
        with open(os.path.join(HERE, name), "wb") as out:
            out.write(png(size[0], size[1], draw))


main()
