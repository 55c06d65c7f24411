#!/usr/bin/python3
"""Prints the percentage of pixels two screenshots share (0 when their sizes differ).

Usage: scripts/lib/same_pixels.py A.png B.png   (Debian's python3-pil)
"""
import sys

from PIL import Image, ImageChops

first, second = (Image.open(path).convert("RGB") for path in sys.argv[1:3])
if first.size != second.size:
    print(f"0 (sizes {first.size} and {second.size})")
    sys.exit(0)
differ = sum(1 for pixel in ImageChops.difference(first, second).getdata() if pixel != (0, 0, 0))
print(f"{100 * (1 - differ / (first.size[0] * first.size[1])):.3f}")
