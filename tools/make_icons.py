"""Draw the app icons (a safe dial on the night-blue of the page) as PNG files, stdlib only.

Run once after changing the design: python3 tools/make_icons.py; the PNGs are committed.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

BG = (0x17, 0x1B, 0x24)
GOLD = (0xE7, 0xB4, 0x3A)
PANEL = (0x3A, 0x44, 0x60)


def _shade(x: float, y: float) -> tuple[int, int, int]:
    """Colour at a point of the unit square, centre (0.5, 0.5)."""
    dx, dy = x - 0.5, y - 0.5
    r = math.hypot(dx, dy)
    if 0.30 <= r <= 0.36:
        return GOLD
    if r < 0.30:
        angle = math.atan2(dy, dx)
        ticks = abs(math.sin(angle * 6)) < 0.12 and 0.22 <= r <= 0.28
        if ticks or r <= 0.06:
            return GOLD
        if 0.06 < r < 0.20 and abs(dx) < 0.025 and dy < 0:
            return GOLD  # the dial's pointer
        return PANEL
    return BG


def png(size: int, samples: int = 3) -> bytes:
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    c = _shade(
                        (px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size
                    )
                    for i in range(3):
                        acc[i] += c[i]
            row += bytes(v // (samples * samples) for v in acc)
        rows.append(bytes(row))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent.parent / "assets/icons")
    out.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
