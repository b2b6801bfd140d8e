"""Draw the web app's icons (a cream card with a black spade on the felt's dark green) as PNG
files in ``static/icons/``: the home-screen icons of the manifest (192 and 512 px, plain and
maskable), the Apple touch icon (180 px) and a 32 px favicon.

Pure Python (zlib and struct): no image library needed. Each pixel is the share of 4x4
sample points inside each shape, so the edges are smooth. Rerun after changing the drawing::

    .venv/bin/python -m paston.web.make_icons
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

Colour = tuple[int, int, int, int]
Point = tuple[float, float]
Inside = Callable[[float, float], bool]

GREEN: Colour = (0x12, 0x29, 0x1D, 255)  # the page header's colour (theme_color)
CARD: Colour = (0xFB, 0xF6, 0xE6, 255)
EDGE: Colour = (0xB8, 0x86, 0x0B, 255)  # the gold accent round the card
SPADE: Colour = (0x1A, 0x1A, 0x1A, 255)
CLEAR: Colour = (0, 0, 0, 0)

#: (file name, size in px, maskable): a maskable icon fills its square (the launcher cuts its
#: own shape, keeping a centred circle of 80 %); a plain one has rounded corners.
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-192.png", 192, True),
    ("icon-maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
    ("favicon-32.png", 32, False),
)
SAMPLES = 4


def rounded_rect(cx: float, cy: float, hw: float, hh: float, r: float) -> Inside:
    def inside(x: float, y: float) -> bool:
        dx = max(abs(x - cx) - (hw - r), 0.0)
        dy = max(abs(y - cy) - (hh - r), 0.0)
        return dx * dx + dy * dy <= r * r

    return inside


def triangle(a: Point, b: Point, c: Point) -> Inside:
    def side(p: Point, q: Point, x: float, y: float) -> float:
        return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])

    def inside(x: float, y: float) -> bool:
        s1, s2, s3 = side(a, b, x, y), side(b, c, x, y), side(c, a, x, y)
        return (s1 >= 0 and s2 >= 0 and s3 >= 0) or (s1 <= 0 and s2 <= 0 and s3 <= 0)

    return inside


def spade(cx: float, cy: float, u: float) -> Inside:
    """A spade of about 4u by 4u around (cx, cy): two lobes, the point above, the stem."""
    r = 1.0 * u
    lobes = ((cx - 0.95 * u, cy + 0.35 * u), (cx + 0.95 * u, cy + 0.35 * u))
    # The sides run from the point to where they touch the lobes.
    top = (cx, cy - 2.05 * u)
    tangents = []
    for lx, ly in lobes:
        d = math.hypot(lx - top[0], ly - top[1])
        base = math.atan2(ly - top[1], lx - top[0])
        off = math.asin(r / d)
        ang = base + (off if lx < cx else -off)
        t = math.sqrt(d * d - r * r)
        tangents.append((top[0] + t * math.cos(ang), top[1] + t * math.sin(ang)))
    point = triangle(top, tangents[0], tangents[1])
    middle = triangle(tangents[0], tangents[1], (cx, cy + 0.9 * u))
    stem = triangle(
        (cx, cy + 0.2 * u), (cx - 0.75 * u, cy + 2.0 * u), (cx + 0.75 * u, cy + 2.0 * u)
    )

    def inside(x: float, y: float) -> bool:
        if any((x - lx) ** 2 + (y - ly) ** 2 <= r * r for lx, ly in lobes):
            return True
        return point(x, y) or middle(x, y) or stem(x, y)

    return inside


def draw(size: int, maskable: bool) -> bytes:
    """The icon's RGBA pixels, row by row."""
    s = float(size)
    shapes: list[tuple[Inside, Colour]] = []
    if maskable:
        shapes.append((lambda x, y: True, GREEN))
    else:
        shapes.append((rounded_rect(s / 2, s / 2, s / 2, s / 2, s * 0.18), GREEN))
    # A maskable icon's card keeps inside the safe circle (radius 0.4 of the size); a plain
    # icon's card is a third larger.
    k = 1.0 if maskable else 1.33
    hw, hh = s * 0.215 * k, s * 0.29 * k
    shapes.append((rounded_rect(s / 2, s / 2, hw, hh, s * 0.045 * k), EDGE))
    border = max(1.0, s * 0.012 * k)
    shapes.append((rounded_rect(s / 2, s / 2, hw - border, hh - border, s * 0.04 * k), CARD))
    shapes.append((spade(s / 2, s / 2 - s * 0.005, s * 0.06 * k), SPADE))
    out = bytearray()
    step = 1.0 / SAMPLES
    offsets = [(i + 0.5) * step for i in range(SAMPLES)]
    for py in range(size):
        out.append(0)  # PNG filter: none
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for oy in offsets:
                for ox in offsets:
                    x, y = px + ox, py + oy
                    colour = CLEAR
                    for inside, c in shapes:
                        if inside(x, y):
                            colour = c
                    a = colour[3] / 255
                    acc[0] += colour[0] * a
                    acc[1] += colour[1] * a
                    acc[2] += colour[2] * a
                    acc[3] += a
            n = SAMPLES * SAMPLES
            alpha = acc[3] / n
            if alpha > 0:
                out += bytes(round(acc[k] / acc[3]) for k in range(3))
            else:
                out += b"\0\0\0"
            out.append(round(alpha * 255))
    return bytes(out)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rgba_rows, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    folder = Path(__file__).resolve().parent / "static" / "icons"
    folder.mkdir(exist_ok=True)
    for name, size, maskable in ICONS:
        (folder / name).write_bytes(png(size, draw(size, maskable)))
        print(f"wrote {folder / name}")


if __name__ == "__main__":
    main()
