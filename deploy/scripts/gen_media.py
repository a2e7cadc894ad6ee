#!/usr/bin/env python3
"""Generate the demo catalogue images (SVG thumbnails) from the catalogue seed.

Reads services/catalog/seed/catalog.json and writes one 800x600 SVG per
product (the file named by the product's "image" field) plus default.svg
(the placeholder thumbnail) into services/catalog/seed/media/.

The pictures carry no words in any language: the shop shows them beside the
item's name in the page's language. A motif tells the kind of item (stones,
leaves, water, a bed, a gift, a bottle, a jar), pictograms in the lower band
its duration (hour dials), nights (moons) or guests (figures), and colours,
a faint pattern and the light's position tell items of one kind apart.

The output is deterministic: colours and layout variations are derived from
a CRC32 of the product code, so rerunning the script produces byte-identical
files. Python 3 standard library only.

The shop's products (type "product": a bathrobe, honey, tea, a balm, oils,
wine) are drawn by hand, each as itself on a background made here: the
script neither writes nor compares them, and checks only that each exists
and carries no words.

Usage:
    python3 deploy/scripts/gen_media.py            # (re)write the images
    python3 deploy/scripts/gen_media.py --check    # exit 1 if any image is stale
"""

import argparse
import json
import math
import sys
import zlib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CATALOG = REPO_ROOT / "services" / "catalog" / "seed" / "catalog.json"
DEFAULT_OUT = REPO_ROOT / "services" / "catalog" / "seed" / "media"

WIDTH, HEIGHT = 800, 600

# (light, dark, accent, ink): calm spa tones
PALETTES = [
    ("#E8F0EA", "#B9D3C2", "#6E9C83", "#27453A"),  # sage
    ("#EEF3F6", "#B7CFDC", "#5E8CA6", "#213D4F"),  # mist blue
    ("#F6EFE6", "#E2CDB3", "#B08B62", "#4A3725"),  # sand
    ("#F3ECF3", "#D5C3DB", "#8E6E9E", "#3E2D48"),  # lavender
    ("#EDF2EE", "#C9DCCF", "#7FA08B", "#2E4A3B"),  # eucalyptus
    ("#F7EEEA", "#E6C9BE", "#B9806C", "#4D2F26"),  # clay
    ("#EAF3F1", "#B5D8D2", "#4F9990", "#1F433F"),  # lake teal
    ("#F4F1E8", "#DCD5B8", "#9A8F5C", "#3F3A22"),  # birch
]

# gradient directions (x1, y1, x2, y2)
DIRECTIONS = [(0, 0, 0, 1), (0, 0, 1, 1), (1, 0, 0, 1), (0, 0, 1, 0)]

# ------------------------------------------------------------------ motifs
# Each motif returns SVG markup centred roughly on (400, 250).


def m_stones(a, ink):
    return (
        f'<g fill="{ink}"><ellipse cx="400" cy="335" rx="120" ry="34" opacity=".85"/>'
        f'<ellipse cx="400" cy="277" rx="92" ry="29" fill="{a}"/>'
        f'<ellipse cx="400" cy="226" rx="66" ry="24" opacity=".7"/>'
        f'<ellipse cx="400" cy="185" rx="40" ry="18" fill="{a}" opacity=".9"/></g>'
    )


LEAF = "M0 0C40-62 128-62 170 0C128 62 40 62 0 0Z"


def _leaf(x, y, rot, fill, op):
    return (
        f'<g transform="translate({x} {y}) rotate({rot})">'
        f'<path d="{LEAF}" fill="{fill}" opacity="{op}"/>'
        f'<path d="M8 0H160" stroke="#fff" stroke-width="3" opacity=".6"/></g>'
    )


def m_leaves(a, ink):
    return (
        _leaf(400, 320, -125, a, ".9")
        + _leaf(400, 320, -55, ink, ".75")
        + _leaf(400, 320, -90, a, ".6")
    )


def _waves(a, ink, y0):
    out = []
    for i, (col, op) in enumerate(((a, ".9"), (ink, ".7"), (a, ".5"))):
        y = y0 + i * 38
        out.append(
            f'<path d="M210 {y}q47.5-34 95 0t95 0t95 0t95 0" fill="none" '
            f'stroke="{col}" stroke-width="12" stroke-linecap="round" opacity="{op}"/>'
        )
    return "".join(out)


def m_waves(a, ink):
    return (
        f'<path d="M400 150c34 42 48 68 48 92a48 48 0 0 1-96 0c0-24 14-50 48-92Z" '
        f'fill="{a}"/>' + _waves(a, ink, 300)
    )


def m_sun_waves(a, ink):
    return (
        f'<circle cx="400" cy="215" r="72" fill="{a}" opacity=".85"/>'
        f'<circle cx="400" cy="215" r="98" fill="none" stroke="{ink}" '
        f'stroke-width="4" stroke-dasharray="6 14" opacity=".5"/>' + _waves(a, ink, 290)
    )


def m_package(a, ink):
    return (
        f'<g fill="{ink}"><ellipse cx="360" cy="335" rx="110" ry="32" opacity=".85"/>'
        f'<ellipse cx="360" cy="280" rx="82" ry="27" fill="{a}"/>'
        f'<ellipse cx="360" cy="233" rx="56" ry="22" opacity=".7"/></g>'
        + _leaf(470, 340, -70, a, ".85")
        + _leaf(470, 340, -35, ink, ".6")
    )


def m_bed(a, ink):
    return (
        f'<g><rect x="240" y="170" width="26" height="200" rx="8" fill="{ink}"/>'
        f'<rect x="534" y="250" width="26" height="120" rx="8" fill="{ink}"/>'
        f'<rect x="250" y="280" width="300" height="56" rx="10" fill="{ink}" opacity=".8"/>'
        f'<rect x="280" y="232" width="90" height="46" rx="20" fill="#fff" opacity=".9"/>'
        f'<rect x="362" y="250" width="182" height="40" rx="12" fill="{a}"/>'
        f'<rect x="380" y="262" width="150" height="6" rx="3" fill="#fff" opacity=".5"/></g>'
    )


def m_gift(a, ink):
    return (
        f'<g><rect x="290" y="220" width="220" height="150" rx="10" fill="{a}"/>'
        f'<rect x="276" y="190" width="248" height="44" rx="10" fill="{a}" opacity=".8"/>'
        f'<rect x="386" y="190" width="28" height="180" fill="{ink}"/>'
        f'<rect x="276" y="250" width="248" height="22" fill="{ink}" opacity=".85"/>'
        f'<ellipse cx="368" cy="170" rx="38" ry="20" transform="rotate(-25 368 170)" '
        f'fill="none" stroke="{ink}" stroke-width="12"/>'
        f'<ellipse cx="432" cy="170" rx="38" ry="20" transform="rotate(25 432 170)" '
        f'fill="none" stroke="{ink}" stroke-width="12"/></g>'
    )


def m_bottle(a, ink):
    return (
        f'<g><path d="M382 140h36v70c0 18 34 30 34 64v100c0 10-8 16-18 16h-68c-10 0-18-6-18-16'
        f'V274c0-34 34-46 34-64Z" fill="{ink}"/>'
        f'<rect x="378" y="128" width="44" height="22" rx="5" fill="{a}"/>'
        f'<rect x="356" y="280" width="88" height="60" rx="6" fill="{a}" opacity=".9"/>'
        f'<path d="M510 250h60l-6 46a24 24 0 0 1-48 0Z" fill="{a}" opacity=".75"/>'
        f'<rect x="538" y="320" width="4" height="40" fill="{a}" opacity=".75"/>'
        f'<rect x="516" y="358" width="48" height="6" rx="3" fill="{a}" opacity=".75"/></g>'
    )


def m_jar(a, ink):
    return (
        f'<g><rect x="320" y="190" width="160" height="30" rx="8" fill="{ink}"/>'
        f'<rect x="306" y="220" width="188" height="160" rx="30" fill="{a}"/>'
        f'<rect x="336" y="262" width="128" height="70" rx="8" fill="#fff" opacity=".75"/>'
        f'<path d="M400 280l18 10v20l-18 10-18-10v-20Z" fill="{ink}" opacity=".8"/></g>'
    )


def m_default(a, ink):
    return (
        f'<circle cx="400" cy="260" r="120" fill="{a}" opacity=".25"/>'
        + _leaf(400, 330, -90, a, ".9")
        + _leaf(400, 330, -130, ink, ".55")
        + _leaf(400, 330, -50, ink, ".55")
    )


def motif_for(product):
    kind = product["type"]
    taxons = product.get("taxons") or []
    first = taxons[0] if taxons else ""
    if kind == "treatment":
        if first == "water-and-sauna":
            return m_waves
        if first in ("face-care", "body-treatments"):
            return m_leaves
        return m_stones
    if kind == "package":
        return m_package
    if kind == "day_spa":
        return m_sun_waves
    if kind == "room":
        return m_bed
    if kind == "voucher":
        return m_gift
    if kind == "product":
        return m_jar if first == "accessories" else m_bottle
    return m_default


# ------------------------------------------------------------------ facts
# The lower band shows one fact of the item as pictograms, never as words:
# the page prints the item's name in its own language beside the picture.


def _dial(x, y, fraction, a, ink):
    """An hour dial filled to `fraction` (0 < fraction <= 1)."""
    r = 22
    ring = f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{ink}" stroke-width="3" opacity=".55"/>'
    if fraction >= 1:
        return ring + f'<circle cx="{x}" cy="{y}" r="{r - 5}" fill="{a}"/>'
    angle = 2 * math.pi * fraction
    ex = x + (r - 5) * math.sin(angle)
    ey = y - (r - 5) * math.cos(angle)
    large = 1 if fraction > 0.5 else 0
    return ring + (
        f'<path d="M{x} {y}V{y - r + 5}A{r - 5} {r - 5} 0 {large} 1 {ex:.1f} {ey:.1f}Z" fill="{a}"/>'
    )


def _moon(x, y, a, ink):
    return (
        f'<circle cx="{x}" cy="{y}" r="20" fill="{a}"/>'
        f'<circle cx="{x + 9}" cy="{y - 6}" r="17" fill="#fff" opacity=".9"/>'
    )


def _person(x, y, a, ink):
    return (
        f'<circle cx="{x}" cy="{y - 14}" r="10" fill="{ink}" opacity=".8"/>'
        f'<path d="M{x - 17} {y + 22}a17 19 0 0 1 34 0Z" fill="{a}"/>'
    )


def _row(glyphs, y=505, step=62):
    """The glyphs side by side, centred in the band, a quarter larger."""
    x0 = 400 - (len(glyphs) - 1) * step / 2
    inner = "".join(g(round(x0 + i * step), y) for i, g in enumerate(glyphs))
    return f'<g transform="translate(400 {y}) scale(1.25) translate(-400 -{y})">{inner}</g>'


def fact_for(product, a, ink):
    """Pictograms for the item's duration, nights or guests; '' if none."""
    kind = product["type"]
    if kind in ("treatment", "day_spa") and product.get("durationMinutes"):
        hours, rest = divmod(product["durationMinutes"], 60)
        parts = [1.0] * hours + ([rest / 60] if rest else [])
        return _row([lambda x, y, f=f: _dial(x, y, f, a, ink) for f in parts])
    if kind == "package" and product.get("numNights"):
        return _row([lambda x, y: _moon(x, y, a, ink)] * product["numNights"])
    if kind == "room":
        guests = (product.get("room") or {}).get("maxOccupancy") or 0
        return _row([lambda x, y: _person(x, y, a, ink)] * guests)
    return ""


# ------------------------------------------------------------------ patterns
# A faint tiled pattern over the background tells items of one kind apart.


def pat_dots(a, ink, turn):
    return f'<circle cx="14" cy="14" r="4" fill="{ink}"/>', 28, turn


def pat_stripes(a, ink, turn):
    return f'<rect width="28" height="8" fill="{ink}"/>', 28, turn


def pat_rings(a, ink, turn):
    return f'<circle cx="20" cy="20" r="11" fill="none" stroke="{ink}" stroke-width="3"/>', 40, turn


def pat_diamonds(a, ink, turn):
    return f'<path d="M18 6l12 12-12 12L6 18Z" fill="{ink}"/>', 36, turn


def pat_grid(a, ink, turn):
    return f'<path d="M0 .5H32M.5 0V32" stroke="{ink}" stroke-width="2"/>', 32, turn


# What would put words into a picture (or into what a screen reader says of it).
WORD_TAGS = ("<text", "<title", "<desc", "aria-label")

PATTERNS = [pat_dots, pat_stripes, pat_rings, pat_diamonds, pat_grid]
TURNS = [0, 30, 45, 60]


def render(style, motif, fact=""):
    """One picture; `style` = (palette, direction, pattern, turn, circle)."""
    palette, direction, pattern, turn, (cx, cy, r) = style
    light, dark, accent, ink = PALETTES[palette]
    x1, y1, x2, y2 = DIRECTIONS[direction]
    tile, size, angle = PATTERNS[pattern](accent, ink, TURNS[turn])
    band = ""
    if fact:
        band = f'<rect x="0" y="450" width="{WIDTH}" height="110" fill="#fff" opacity=".45"/>\n{fact}\n'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">\n'
        f'<defs><linearGradient id="bg" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}">'
        f'<stop offset="0" stop-color="{light}"/><stop offset="1" stop-color="{dark}"/>'
        f"</linearGradient>"
        f'<pattern id="p" width="{size}" height="{size}" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate({angle})">{tile}</pattern></defs>\n'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#bg)"/>\n'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#p)" opacity=".12"/>\n'
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="#fff" opacity=".3"/>\n'
        f"{motif(accent, ink)}\n"
        f"{band}"
        f"</svg>\n"
    )


def style_for(code, taken):
    """Colours, pattern and layout from a CRC32 of the code; two items with
    the same motif never share both palette and pattern."""
    crc = zlib.crc32(code.encode("utf-8"))
    combos = len(PALETTES) * len(PATTERNS)
    start = crc % combos
    for step in range(combos):
        combo = (start + step) % combos
        if combo not in taken:
            break
    taken.add(combo)
    palette, pattern = divmod(combo, len(PATTERNS))
    circle = (120 + (crc >> 12) % 560, 60 + (crc >> 20) % 160, 150 + (crc >> 4) % 90)
    return palette, (crc >> 8) % len(DIRECTIONS), pattern, (crc >> 16) % len(TURNS), circle


def hand_drawn(catalog_path):
    """The pictures of the shop's products, drawn by hand (see the module's doc)."""
    catalog = json.loads(Path(catalog_path).read_text(encoding="utf-8"))
    return sorted(p["image"] for p in catalog["products"] if p["type"] == "product")


def build(catalog_path):
    catalog = json.loads(Path(catalog_path).read_text(encoding="utf-8"))
    files = {"default.svg": render(style_for("default", set()), m_default)}
    taken = {}
    drawn = set(hand_drawn(catalog_path))
    for product in catalog["products"]:
        motif = motif_for(product)
        if product["image"] in drawn:
            # Still takes its style, so the generated pictures keep theirs.
            style_for(product["code"], taken.setdefault(motif.__name__, set()))
            continue
        style = style_for(product["code"], taken.setdefault(motif.__name__, set()))
        accent, ink = PALETTES[style[0]][2:]
        files[product["image"]] = render(style, motif, fact_for(product, accent, ink))
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", default=str(DEFAULT_CATALOG))
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--check", action="store_true", help="only verify, do not write")
    args = parser.parse_args()

    out = Path(args.out)
    files = build(args.catalog)
    drawn = {name: out / name for name in hand_drawn(args.catalog)}
    missing = [name for name, path in drawn.items() if not path.exists()]
    if missing:
        print("hand-drawn pictures missing: " + ", ".join(missing), file=sys.stderr)
        return 1
    worded = [name for name, svg in files.items() if any(tag in svg for tag in WORD_TAGS)]
    worded += [name for name, path in drawn.items() if any(tag in path.read_text(encoding="utf-8") for tag in WORD_TAGS)]
    if worded:
        print("pictures must carry no words: " + ", ".join(sorted(worded)), file=sys.stderr)
        return 1
    stale = []
    for name in sorted(files):
        data = files[name].encode("utf-8")
        target = out / name
        if target.exists() and target.read_bytes() == data:
            continue
        stale.append(name)
        if not args.check:
            out.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    if args.check:
        if stale:
            print("stale or missing: " + ", ".join(stale), file=sys.stderr)
            return 1
        print(f"{len(files)} images up to date, {len(drawn)} drawn by hand")
        return 0
    print(f"{len(files)} images, {len(stale)} written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
