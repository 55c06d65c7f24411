#!/usr/bin/python3
"""Prints the percentage of pixels two screenshots share (0 when their sizes differ), and fails
when it is under MINIMUM.

Usage: scripts/lib/same_pixels.py A.png B.png [MINIMUM]   (Debian's python3-pil)
"""
import sys

from PIL import Image, ImageChops

first, second = (Image.open(path).convert("RGB") for path in sys.argv[1:3])
minimum = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
if first.size != second.size:
    print(f"0 (sizes {first.size} and {second.size})")
    sys.exit(1)
differ = sum(1 for pixel in ImageChops.difference(first, second).getdata() if pixel != (0, 0, 0))
same = 100 * (1 - differ / (first.size[0] * first.size[1]))
print(f"{same:.3f}")
sys.exit(0 if same >= minimum else 1)
