#!/usr/bin/env python3
"""Generate the demo catalogue images (SVG thumbnails) from the catalogue seed.

Reads services/catalog/seed/catalog.json and writes one 800x600 SVG per
product (the file named by the product's "image" field) plus default.svg
(the placeholder thumbnail) into services/catalog/seed/media/.

The pictures carry no words in any language: the shop shows them beside the
item's name in the page's language. A motif shows what the item is, chosen
in motif_for() from its type, taxons, code and facts: hands on a guest's back
or an oil drop over a palm for a massage, a sauna bench in steam, a tub, a
bowl of scrub, a wrapped towel roll, leaves for face care; for a package
what its programme is about (a lake with pines and a bicycle, two glasses,
hearts, a snowflake and a mug, a lotus, tea and a candle, a mirror); for a
room its beds and furniture from its occupancy facts (a single, two singles,
a double, a bunk, an extra bed, a sofa bed) and what it looks out on; an
envelope with a card or a gift box for a voucher. Pictograms in the lower
band tell its duration (hour dials), nights (moons) or guests (figures),
and colours, a faint pattern and the light's position tell items of one
kind apart.

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


def _leaf(x, y, rot, fill, op, scale=1):
    size = f" scale({scale})" if scale != 1 else ""
    return (
        f'<g transform="translate({x} {y}){size} rotate({rot})">'
        f'<path d="{LEAF}" fill="{fill}" opacity="{op}"/>'
        f'<path d="M8 0H160" stroke="#fff" stroke-width="3" opacity=".6"/></g>'
    )


def m_leaves(a, ink):
    return (
        _leaf(400, 320, -125, a, ".9")
        + _leaf(400, 320, -55, ink, ".75")
        + _leaf(400, 320, -90, a, ".6")
    )


def _waves(a, ink, y0, width=12):
    out = []
    for i, (col, op) in enumerate(((a, ".9"), (ink, ".7"), (a, ".5"))):
        y = y0 + i * 38
        out.append(
            f'<path d="M210 {y}q47.5-34 95 0t95 0t95 0t95 0" fill="none" '
            f'stroke="{col}" stroke-width="{width}" stroke-linecap="round" opacity="{op}"/>'
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


# ---- treatments


def _hand(x, y, ink, flip=False):
    """A hand laid flat at (x, y) (its wrist), fingers to the right (or left
    if flipped), its forearm rising behind it."""
    s = -1.15 if flip else 1.15
    return (
        f'<g transform="translate({x} {y}) scale({s} 1.15)">'
        f'<path d="M-52-92L-4-6" stroke="{ink}" stroke-width="28" stroke-linecap="round"/>'
        f'<path d="M-6-14H40c12 0 22 6 26 14 2 6-2 12-10 12H-6c-8 0-14-6-14-13s6-13 14-13Z" fill="{ink}"/>'
        f'<rect x="2" y="-26" width="30" height="14" rx="7" transform="rotate(-14 2-12)" fill="{ink}"/>'
        f'<path d="M34-5h22M34 2h24" stroke="#fff" stroke-width="2.5" stroke-linecap="round" opacity=".55"/></g>'
    )


def _couch(a, ink, head=262, child=False):
    """A guest lying face down on a massage table, a towel over the legs."""
    r, top = (26, 298) if child else (22, 292)
    end = 500 if child else 566
    return (
        f'<rect x="214" y="338" width="372" height="18" rx="6" fill="{ink}"/>'
        f'<path d="M244 356v44M556 356v44" stroke="{ink}" stroke-width="14" opacity=".8"/>'
        f'<circle cx="{head}" cy="{338 - r - 2}" r="{r}" fill="{a}"/>'
        f'<rect x="{head + r}" y="{top}" width="{end - head - r}" height="{336 - top}" rx="{(336 - top) // 2}" fill="{a}"/>'
        f'<rect x="{end - 100}" y="{top - 6}" width="114" height="{344 - top}" rx="12" fill="#fff" opacity=".92"/>'
        f'<path d="M{end - 84} {top + 6}v{324 - top}" stroke="{a}" stroke-width="6" opacity=".5"/>'
    )


def _strokes(x, y):
    """Little arcs telling of movement."""
    return (
        f'<path d="M{x} {y}q14-14 28 0M{x + 40} {y - 10}q14-14 28 0" fill="none" stroke="#fff" '
        f'stroke-width="5" stroke-linecap="round" opacity=".85"/>'
    )


def m_massage(a, ink):
    return _couch(a, ink) + _hand(306, 278, ink) + _hand(468, 278, ink, flip=True) + _strokes(354, 214)


def m_neck_massage(a, ink):
    return (
        _couch(a, ink) + _hand(250, 264, ink) + _hand(392, 278, ink, flip=True)
        + _strokes(290, 200)
    )


def m_kids_massage(a, ink):
    bar = "".join(
        f'<rect x="{512 + c * 30}" y="{140 + r * 30}" width="24" height="24" rx="4" fill="{ink}" opacity=".85"/>'
        for r in range(2) for c in range(3)
    )
    return (
        _couch(a, ink, head=290, child=True) + _hand(350, 278, ink)
        + f'<g transform="rotate(12 560 170)">{bar}'
        f'<path d="M506 196h96v20h-96Z" fill="#fff" opacity=".85"/></g>'
    )


def _palm(ink):
    """An open hand held out palm up, fingers to the right, tips raised."""
    return (
        f'<path d="M188 420l70-52" stroke="{ink}" stroke-width="40" stroke-linecap="round"/>'
        f'<path d="M250 348h176c18 0 30-8 40-22 6-8 16-6 18 2 4 14-8 38-24 48-10 6-22 8-34 8H262c-18 0-26-36-12-36Z" fill="{ink}"/>'
        f'<path d="M290 350l20-24" stroke="{ink}" stroke-width="28" stroke-linecap="round"/>'
        f'<path d="M392 366h40M400 376h34" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".5"/>'
    )


DROP = "c26 34 40 56 40 76a40 40 0 0 1-80 0c0-20 14-42 40-76Z"


def m_oil_hand(a, ink):
    sprig = "".join(
        f'<ellipse cx="{570 + (i % 2) * 14 - 7}" cy="{184 + i * 20}" rx="8" ry="13" '
        f'transform="rotate({-25 if i % 2 else 25} {570 + (i % 2) * 14 - 7} {184 + i * 20})" fill="{a}" opacity=".9"/>'
        for i in range(5)
    )
    return (
        _palm(ink)
        + f'<g transform="rotate(-142 470 120)"><rect x="440" y="70" width="60" height="100" rx="14" fill="{ink}" opacity=".85"/>'
        f'<rect x="458" y="44" width="24" height="30" rx="6" fill="{a}"/>'
        f'<rect x="448" y="104" width="44" height="40" rx="6" fill="#fff" opacity=".7"/></g>'
        + f'<path d="M380 196{DROP}" fill="{a}"/>'
        + f'<path d="M362 278a22 22 0 0 0 18 22" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".7"/>'
        + f'<path d="M570 176v150" stroke="{ink}" stroke-width="4" opacity=".6"/>{sprig}'
    )


def _hexagon(x, y, r, fill, op):
    pts = " ".join(
        f"{x + r * math.cos(math.radians(60 * i)):.1f},{y + r * math.sin(math.radians(60 * i)):.1f}"
        for i in range(6)
    )
    return f'<polygon points="{pts}" fill="{fill}" opacity="{op}"/>'


def m_honey_hand(a, ink):
    comb = "".join(
        _hexagon(x, y, 28, col, op)
        for x, y, col, op in ((540, 150, a, ".9"), (582, 174, ink, ".7"), (540, 198, ink, ".5"), (582, 126, a, ".6"))
    )
    return (
        _palm(ink) + comb
        + f'<g transform="rotate(30 400 150)"><rect x="394" y="40" width="12" height="110" rx="6" fill="{ink}"/>'
        f'<rect x="372" y="140" width="56" height="70" rx="22" fill="{a}"/>'
        f'<path d="M372 162h56M372 186h56" stroke="{ink}" stroke-width="6" opacity=".5"/></g>'
        + f'<path d="M364 238c0 30 6 50 6 80" fill="none" stroke="{a}" stroke-width="10" stroke-linecap="round"/>'
        + f'<ellipse cx="372" cy="344" rx="46" ry="10" fill="{a}"/>'
    )


def m_sauna(a, ink):
    planks = "".join(
        f'<rect x="{x}" y="{y}" width="{w}" height="20" rx="6" fill="{a}"/>'
        f'<rect x="{x}" y="{y + 24}" width="{w}" height="20" rx="6" fill="{a}" opacity=".8"/>'
        for x, y, w in ((230, 236, 300), (190, 318, 380))
    )
    steam = "".join(
        f'<path d="M{x} 206c-18-22 18-34 0-56s18-34 0-56" fill="none" stroke="#fff" stroke-width="9" '
        f'stroke-linecap="round" opacity=".85"/>'
        for x in (300, 370, 440)
    )
    wall = "".join(f"M{x} 126V306" for x in range(228, 560, 44))
    return (
        f'<rect x="184" y="120" width="392" height="190" rx="10" fill="{a}" opacity=".3"/>'
        f'<path d="{wall}" stroke="#fff" stroke-width="4" opacity=".45"/>'
        f'<path d="M246 280v120M514 280v60M206 362v38M554 362v38" stroke="{ink}" stroke-width="14"/>'
        + planks + steam
        + f'<path d="M574 332h64l-8 68h-48Z" fill="{ink}"/>'
        f'<path d="M578 350h56M576 380h58" stroke="{a}" stroke-width="5" opacity=".8"/>'
        f'<path d="M604 340l52-78" stroke="{ink}" stroke-width="7" stroke-linecap="round"/>'
        f'<ellipse cx="606" cy="332" rx="32" ry="6" fill="{a}"/>'
    )


def _tub(a, ink, x, y, w, h):
    """A bathtub on feet, its rim at (x, y), w wide and h deep."""
    r = h // 2
    return (
        f'<path d="M{x + 14} {y}h{w - 28}v{h - r}c0 {r * 0.6:.0f}-{r * 0.5:.0f} {r}-{r} {r}H{x + 14 + r}'
        f'c-{r * 0.5:.0f} 0-{r}-{r * 0.4:.0f}-{r}-{r}Z" fill="{a}"/>'
        f'<rect x="{x}" y="{y - 10}" width="{w}" height="20" rx="10" fill="{ink}"/>'
        f'<path d="M{x + 40} {y + h - 4}l-10 26M{x + w - 40} {y + h - 4}l10 26" stroke="{ink}" '
        f'stroke-width="12" stroke-linecap="round"/>'
    )


def m_bath(a, ink):
    bubbles = "".join(
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="#fff" opacity=".85"/>'
        for cx, cy, r in ((330, 256, 22), (366, 244, 16), (420, 252, 24), (470, 246, 14), (500, 258, 18), (296, 262, 12))
    )
    return (
        f'<path d="M232 262V170a34 34 0 0 1 68 0" fill="none" stroke="{ink}" stroke-width="12" stroke-linecap="round"/>'
        f'<path d="M284 180h32" stroke="{ink}" stroke-width="12" stroke-linecap="round"/>'
        f'<path d="M300 196v10M300 222v10" stroke="{a}" stroke-width="6" stroke-linecap="round"/>'
        + bubbles + _tub(a, ink, 220, 272, 360, 96)
        + f'<path d="M250 300q25-14 50 0t50 0t50 0t50 0t50 0t50 0" fill="none" stroke="#fff" stroke-width="6" opacity=".55"/>'
        + f'<g transform="translate(532 238) scale(.35)"><path d="{LEAF}" transform="rotate(-150)" fill="{ink}" opacity=".8"/></g>'
    )


def m_scrub(a, ink):
    crystals = "".join(
        f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="2" transform="rotate({t} {x + s / 2} {y + s / 2})" '
        f'fill="{c}" opacity="{op}"/>'
        for x, y, s, t, c, op in (
            (230, 370, 16, 20, "#fff", ".9"), (560, 360, 14, 40, "#fff", ".9"), (590, 384, 12, 10, ink, ".6"),
            (200, 392, 12, 35, ink, ".6"), (606, 346, 10, 25, "#fff", ".8"),
        )
    )
    return (
        f'<path d="M400 244l120-120" stroke="{ink}" stroke-width="14" stroke-linecap="round"/>'
        f'<path d="M512 132l40-40a18 18 0 0 1 25 25l-40 40Z" fill="{ink}"/>'
        f'<path d="M300 268q40-44 100-30 50-30 100 30Z" fill="#fff" opacity=".92"/>'
        f'<circle cx="350" cy="256" r="6" fill="{a}"/><circle cx="430" cy="252" r="5" fill="{ink}" opacity=".6"/>'
        f'<circle cx="470" cy="262" r="5" fill="{a}"/>'
        f'<path d="M262 268h276c0 80-60 126-138 126s-138-46-138-126Z" fill="{a}"/>'
        f'<rect x="250" y="260" width="300" height="20" rx="10" fill="{ink}"/>'
        f'<path d="M300 314q100 30 200 0" fill="none" stroke="#fff" stroke-width="6" opacity=".4"/>'
        + crystals
        + _leaf(210, 300, -130, ink, ".7", scale=0.5)
    )


def m_wrap(a, ink):
    return (
        f'<rect x="210" y="226" width="330" height="140" rx="26" fill="{a}"/>'
        f'<path d="M270 226v140M330 226v140" stroke="#fff" stroke-width="8" opacity=".5"/>'
        f'<path d="M232 226h280c10 0 8 20 0 28-8 8-6 36-18 36s-10-26-22-26-10 44-24 44-12-46-26-46-10 28-24 28'
        f'-12-40-26-40-12 54-28 54-10-46-26-46-14 22-28 22-10-30-22-30-20 14-30 6c-10-8-8-30-6-30Z" fill="{ink}" opacity=".85"/>'
        f'<circle cx="540" cy="296" r="70" fill="{a}"/>'
        f'<path d="M540 296m-8 0a8 8 0 0 1 16 0a16 16 0 0 1-32 0a24 24 0 0 1 48 0a32 32 0 0 1-64 0'
        f'a40 40 0 0 1 80 0a48 48 0 0 1-96 0a56 56 0 0 1 112 0" fill="none" stroke="#fff" stroke-width="7" opacity=".8"/>'
        f'<ellipse cx="400" cy="392" rx="200" ry="10" fill="{ink}" opacity=".2"/>'
    )


# ---- packages


def _pine(x, base, h, fill, op):
    w = h * 0.42
    return (
        f'<path d="M{x} {base - h}l{w * 0.7:.0f} {h * 0.45:.0f}h-{w * 0.35:.0f}l{w * 0.6:.0f} {h * 0.45:.0f}'
        f'H{x - w * 0.95:.0f}l{w * 0.6:.0f}-{h * 0.45:.0f}h-{w * 0.35:.0f}Z" fill="{fill}" opacity="{op}"/>'
        f'<rect x="{x - 5}" y="{base - h * 0.1:.0f}" width="10" height="{h * 0.1:.0f}" fill="{fill}" opacity="{op}"/>'
    )


def m_pkg_active(a, ink):
    trees = "".join(_pine(x, 300, h, c, op) for x, h, c, op in (
        (196, 170, ink, ".85"), (246, 120, a, ".9"), (560, 140, a, ".9"), (612, 190, ink, ".85"), (660, 110, ink, ".6")))
    return (
        trees
        + f'<ellipse cx="420" cy="318" rx="270" ry="40" fill="{a}" opacity=".75"/>'
        f'<path d="M280 312q20-10 40 0t40 0M470 324q20-10 40 0t40 0" fill="none" stroke="#fff" stroke-width="5" '
        f'stroke-linecap="round" opacity=".8"/>'
        f'<g fill="none" stroke="{ink}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round">'
        f'<circle cx="320" cy="364" r="40"/><circle cx="478" cy="364" r="40"/>'
        f'<path d="M320 364l50 0 62-54M320 364l36-58h84M370 364l-18-70M432 310l46 54M440 306l-8-26 22-6"/>'
        f'<path d="M336 290h30" stroke-width="12"/></g>'
    )


def _heart(x, y, s, fill, op="1"):
    return (
        f'<path transform="translate({x} {y}) scale({s})" d="M0 30C-40 0-44-28-24-40s24 0 24 8c0-8 4-20 24-8s16 40-24 70Z" '
        f'fill="{fill}" opacity="{op}"/>'
    )


def _glass(x, tilt, a, ink):
    return (
        f'<g transform="rotate({tilt} {x} 400)">'
        f'<path d="M{x - 48} 170h96c0 70-16 110-48 110s-48-40-48-110Z" fill="#fff" opacity=".9"/>'
        f'<path d="M{x - 44} 222h88c-6 38-20 58-44 58s-38-20-44-58Z" fill="{a}"/>'
        f'<path d="M{x} 280v100" stroke="{ink}" stroke-width="10"/>'
        f'<rect x="{x - 40}" y="376" width="80" height="12" rx="6" fill="{ink}"/></g>'
    )


def m_pkg_glasses(a, ink):
    return (
        _glass(312, 10, a, ink) + _glass(488, -10, a, ink)
        + f'<path d="M400 150v-24M376 156l-14-16M424 156l14-16" stroke="{ink}" stroke-width="6" stroke-linecap="round" opacity=".7"/>'
        + _heart(400, 94, 0.8, a)
    )


def m_pkg_hearts(a, ink):
    return (
        _heart(350, 250, 2.6, a) + _heart(460, 270, 2.2, ink, ".8")
        + f'<path d="M300 196a40 40 0 0 1 30-30" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".6"/>'
        + _heart(560, 150, 0.7, a, ".8") + _heart(250, 380, 0.5, ink, ".6")
    )


def m_pkg_winter(a, ink):
    arms = "".join(
        f'<g transform="rotate({r} 270 200)"><path d="M270 200v-88M270 136l-18-18M270 136l18-18M270 162l-14-14M270 162l14-14"/></g>'
        for r in range(0, 360, 60)
    )
    return (
        f'<g stroke="{ink}" stroke-width="9" stroke-linecap="round" fill="none" opacity=".8">{arms}</g>'
        f'<circle cx="270" cy="200" r="12" fill="{a}"/>'
        + "".join(
            f'<path d="M{x} 236c-16-20 16-30 0-50s16-30 0-50" fill="none" stroke="#fff" stroke-width="9" '
            f'stroke-linecap="round" opacity=".85"/>' for x in (450, 510)
        )
        + f'<path d="M580 290h30a42 42 0 0 1 0 84h-30" fill="none" stroke="{ink}" stroke-width="16"/>'
        f'<path d="M390 252h200v100c0 26-22 40-48 40h-104c-26 0-48-14-48-40Z" fill="{a}"/>'
        f'<rect x="380" y="244" width="220" height="18" rx="9" fill="{ink}"/>'
        f'<path d="M420 300h140" stroke="#fff" stroke-width="10" stroke-dasharray="16 14" opacity=".6"/>'
    )


def m_pkg_lotus(a, ink):
    petals = "".join(
        f'<g transform="translate(400 320) rotate({r}) scale(.85)"><path d="{LEAF}" fill="{c}" opacity="{op}"/></g>'
        for r, c, op in ((-170, ink, ".55"), (-10, ink, ".55"), (-140, a, ".8"), (-40, a, ".8"), (-90, a, "1"))
    )
    return (
        f'<circle cx="560" cy="150" r="34" fill="#fff" opacity=".8"/>'
        + petals
        + _waves(a, ink, 346, width=9)
    )


def m_pkg_ritual(a, ink):
    return (
        f'<g fill="{ink}"><ellipse cx="250" cy="372" rx="74" ry="22" opacity=".85"/>'
        f'<ellipse cx="250" cy="334" rx="54" ry="18" fill="{a}"/><ellipse cx="250" cy="302" rx="36" ry="14" opacity=".7"/></g>'
        f'<rect x="520" y="250" width="64" height="140" rx="10" fill="#fff" opacity=".92"/>'
        f'<path d="M552 250v-18" stroke="{ink}" stroke-width="5"/>'
        f'<path d="M552 176c18 22 22 36 12 50a14 14 0 0 1-24 0c-10-14-6-28 12-50Z" fill="{a}"/>'
        f'<path d="M350 300h150v20c0 40-30 66-75 66s-75-26-75-66Z" fill="{a}"/>'
        f'<path d="M500 312a26 26 0 0 1 0 46" fill="none" stroke="{a}" stroke-width="12"/>'
        f'<ellipse cx="425" cy="394" rx="100" ry="10" fill="{ink}"/>'
        + "".join(
            f'<path d="M{x} 284c-14-16 14-24 0-40s14-24 0-40" fill="none" stroke="#fff" stroke-width="8" '
            f'stroke-linecap="round" opacity=".85"/>' for x in (400, 450)
        )
    )


def m_pkg_beauty(a, ink):
    sparkle = (
        "M0-30C4-6 6-4 30 0 6 4 4 6 0 30-4 6-6 4-30 0-6-4-4-6 0-30Z"
    )
    return (
        f'<g transform="rotate(-24 400 260)">'
        f'<rect x="384" y="300" width="32" height="130" rx="14" fill="{ink}"/>'
        f'<ellipse cx="400" cy="210" rx="100" ry="120" fill="{ink}"/>'
        f'<ellipse cx="400" cy="210" rx="82" ry="102" fill="#fff" opacity=".9"/>'
        f'<path d="M352 170a60 70 0 0 1 40-56" fill="none" stroke="{a}" stroke-width="10" stroke-linecap="round"/></g>'
        f'<path transform="translate(560 150)" d="{sparkle}" fill="{a}"/>'
        f'<path transform="translate(600 230) scale(.5)" d="{sparkle}" fill="{ink}" opacity=".7"/>'
        + _leaf(470, 370, -30, a, ".9", scale=0.7)
    )


# ---- day spa


def _robe(x, fill, trim):
    return (
        f'<g transform="translate({x} 0)">'
        f'<path d="M0 138v-14a11 11 0 1 1 11-11" fill="none" stroke="{trim}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M-34 150l-38 16-36 112 32 10 32-82ZM34 150l38 16 36 112-32 10-32-82Z" fill="{fill}"/>'
        f'<path d="M-36 146h72l34 226q-70 12-140 0Z" fill="{fill}"/>'
        f'<path d="M-36 144h20l24 112h-18ZM36 144h-20l-24 112h18Z" fill="#fff" opacity=".7"/>'
        f'<rect x="-62" y="252" width="124" height="16" rx="8" fill="{trim}"/>'
        f'<path d="M-8 266l-10 56M8 266l12 52" stroke="{trim}" stroke-width="10" stroke-linecap="round"/></g>'
    )


def m_spa_for_two(a, ink):
    return (
        f'<rect x="200" y="122" width="400" height="10" rx="5" fill="{ink}" opacity=".7"/>'
        + _robe(320, a, ink) + _robe(480, ink, a)
    )


# ---- vouchers


def _envelope(a, ink, card):
    return (
        f'<rect x="250" y="230" width="300" height="170" rx="10" fill="{ink}"/>'
        f'{card}'
        f'<path d="M250 240v150a10 10 0 0 0 10 10h280a10 10 0 0 0 10-10V240l-150 90Z" fill="{a}"/>'
        f'<path d="M250 400l130-90M550 400l-130-90" stroke="#fff" stroke-width="4" opacity=".4"/>'
    )


def _card(body):
    return (
        f'<g transform="rotate(-6 400 250)"><rect x="280" y="130" width="240" height="170" rx="12" fill="#fff"/>{body}</g>'
    )


def m_voucher_amount(a, ink):
    coins = "".join(
        f'<ellipse cx="360" cy="{y}" rx="42" ry="13" fill="{c}"/>' for y, c in ((226, ink), (212, a), (198, ink), (184, a))
    )
    return _envelope(a, ink, _card(
        coins + f'<ellipse cx="360" cy="184" rx="26" ry="7" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/>'
        f'<rect x="420" y="164" width="74" height="14" rx="7" fill="{a}"/>'
        f'<rect x="420" y="190" width="54" height="14" rx="7" fill="{ink}" opacity=".4"/>'
        f'<rect x="304" y="150" width="192" height="4" rx="2" fill="{a}" opacity=".4"/>'
    ))


def m_voucher_treatment(a, ink):
    return _envelope(a, ink, _card(
        f'<g fill="{ink}"><ellipse cx="450" cy="230" rx="44" ry="14" opacity=".85"/>'
        f'<ellipse cx="450" cy="208" rx="32" ry="11" fill="{a}"/><ellipse cx="450" cy="190" rx="20" ry="8" opacity=".7"/></g>'
        f'<rect x="310" y="188" width="96" height="52" rx="26" fill="{a}"/>'
        f'<circle cx="406" cy="214" r="26" fill="{a}"/>'
        f'<path d="M406 214m-6 0a6 6 0 0 1 12 0a12 12 0 0 1-24 0a18 18 0 0 1 36 0" fill="none" stroke="#fff" stroke-width="4"/>'
        f'<path d="M338 188v52" stroke="#fff" stroke-width="5" opacity=".6"/>'
    ))


# ---- rooms: furniture seen from the front, standing on a floor at y=380


def _bed(x, w, pillows, a, ink, op="1"):
    pw = (w - 24 - (pillows - 1) * 10) / pillows
    out = "".join(
        f'<rect x="{x + 12 + i * (pw + 10):.0f}" y="258" width="{pw:.0f}" height="44" rx="16" fill="#fff" opacity=".95"/>'
        for i in range(pillows)
    )
    return (
        (f'<g opacity="{op}">' if op != "1" else "<g>")
        + f'<rect x="{x}" y="226" width="{w}" height="110" rx="14" fill="{ink}"/>'
        f'<path d="M{x + 14} 350v30M{x + w - 14} 350v30" stroke="{ink}" stroke-width="14"/>'
        f"{out}"
        f'<rect x="{x - 8}" y="318" width="{w + 16}" height="40" rx="10" fill="{ink}" opacity=".8"/>'
        f'<rect x="{x - 8}" y="292" width="{w + 16}" height="50" rx="12" fill="{a}"/>'
        f'<rect x="{x - 8}" y="292" width="{w + 16}" height="14" rx="7" fill="#fff" opacity=".35"/></g>'
    )


def _bunk(x, w, a, ink):
    def tier(y):
        return (
            f'<rect x="{x + 14}" y="{y - 24}" width="52" height="28" rx="11" fill="#fff" opacity=".95"/>'
            f'<rect x="{x - 4}" y="{y}" width="{w + 8}" height="26" rx="8" fill="{a}"/>'
            f'<rect x="{x - 4}" y="{y + 24}" width="{w + 8}" height="16" rx="5" fill="{ink}" opacity=".8"/>'
        )
    return (
        tier(206) + tier(318)
        + f'<rect x="{x + 70}" y="190" width="{w - 76}" height="10" rx="5" fill="{ink}"/>'
        f'<path d="M{x - 6} 168V380M{x + w + 6} 168V380" stroke="{ink}" stroke-width="14" stroke-linecap="round"/>'
    )


def _sofa(x, w, a, ink):
    return (
        f'<rect x="{x + 10}" y="278" width="{w - 20}" height="64" rx="20" fill="{a}"/>'
        f'<rect x="{x + w / 2 - 28:.0f}" y="290" width="56" height="38" rx="12" fill="#fff" opacity=".9" '
        f'transform="rotate(-8 {x + w / 2:.0f} 309)"/>'
        f'<rect x="{x + 18}" y="326" width="{w - 36}" height="34" rx="10" fill="{ink}" opacity=".75"/>'
        f'<rect x="{x - 4}" y="300" width="36" height="64" rx="14" fill="{ink}"/>'
        f'<rect x="{x + w - 32}" y="300" width="36" height="64" rx="14" fill="{ink}"/>'
        f'<path d="M{x + 12} 362v18M{x + w - 12} 362v18" stroke="{ink}" stroke-width="10"/>'
    )


def _stand(x, w, a, ink):
    return (
        f'<rect x="{x}" y="318" width="{w}" height="62" rx="6" fill="{ink}" opacity=".7"/>'
        f'<path d="M{x + 8} 348h{w - 16}" stroke="#fff" stroke-width="4" opacity=".5"/>'
        f'<path d="M{x + w / 2:.0f} 318v-26" stroke="{ink}" stroke-width="5"/>'
        f'<path d="M{x + 6} 292l10-34h{w - 32}l10 34Z" fill="{a}"/>'
    )


def _kitchen(x, w, a, ink):
    return (
        f'<rect x="{x}" y="170" width="{w}" height="56" rx="6" fill="{a}" opacity=".8"/>'
        f'<path d="M{x + w / 2:.0f} 178v40" stroke="#fff" stroke-width="4" opacity=".6"/>'
        f'<rect x="{x}" y="300" width="{w}" height="80" rx="4" fill="{ink}" opacity=".85"/>'
        f'<rect x="{x - 6}" y="290" width="{w + 12}" height="14" rx="4" fill="{a}"/>'
        f'<path d="M{x + w / 2:.0f} 312v60" stroke="#fff" stroke-width="4" opacity=".5"/>'
        f'<path d="M{x + 20} 290v-22q0-12 14-12h24q14 0 14 12v22Z" fill="#fff" opacity=".9"/>'
        f'<path d="M{x + 72} 270l16-10" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".9"/>'
    )


def _fireplace(x, w, a, ink):
    return (
        f'<rect x="{x}" y="230" width="{w}" height="150" rx="6" fill="{ink}" opacity=".85"/>'
        f'<rect x="{x - 10}" y="220" width="{w + 20}" height="16" rx="5" fill="{ink}"/>'
        f'<path d="M{x + 22} 380v-80a{w / 2 - 22:.0f} {w / 2 - 22:.0f} 0 0 1 {w - 44} 0v80Z" fill="#fff" opacity=".25"/>'
        f'<path d="M{x + w / 2:.0f} 300c22 24 26 44 16 62-6 10-26 10-32 0-10-18-6-38 16-62Z" fill="{a}"/>'
        f'<path d="M{x + w / 2:.0f} 336c8 10 8 18 4 26h-8c-4-8-4-16 4-26Z" fill="#fff" opacity=".8"/>'
    )


def _sauna_bucket(x, w, a, ink):
    steam = "".join(
        f'<path d="M{x + dx} 300c-14-16 14-24 0-40s14-24 0-40" fill="none" stroke="#fff" stroke-width="8" '
        f'stroke-linecap="round" opacity=".85"/>' for dx in (30, 70)
    )
    return (
        steam
        + f'<path d="M{x + 10} 316h{w - 20}l-10 64h-{w - 40}Z" fill="{ink}"/>'
        f'<path d="M{x + 14} 336h{w - 28}M{x + 18} 362h{w - 36}" stroke="{a}" stroke-width="5" opacity=".8"/>'
        f'<path d="M{x + w / 2:.0f} 322l40-60" stroke="{ink}" stroke-width="6" stroke-linecap="round"/>'
    )


def _wall(x, w, a, ink):
    return f'<rect x="{x}" y="150" width="{w}" height="230" rx="4" fill="{ink}" opacity=".35"/>'


def _bowl(x, w, a, ink):
    return (
        f'<path d="M{x} 352h{w}l-10 28h-{w - 20}Z" fill="{a}"/>'
        f'<rect x="{x - 4}" y="346" width="{w + 8}" height="10" rx="5" fill="{ink}"/>'
        f'<path d="M{x + 18} 334h{w - 36}" stroke="#fff" stroke-width="8" stroke-linecap="round"/>'
        f'<circle cx="{x + 16}" cy="330" r="6" fill="#fff"/><circle cx="{x + 16}" cy="340" r="6" fill="#fff"/>'
        f'<circle cx="{x + w - 16}" cy="330" r="6" fill="#fff"/><circle cx="{x + w - 16}" cy="340" r="6" fill="#fff"/>'
    )


# What stands in a room: (width, drawing(x, w, a, ink)).
SINGLE = (150, lambda x, w, a, ink: _bed(x, w, 1, a, ink))
WIDE_SINGLE = (190, lambda x, w, a, ink: _bed(x, w, 1, a, ink))
DOUBLE = (250, lambda x, w, a, ink: _bed(x, w, 2, a, ink))
EXTRA_BED = (110, lambda x, w, a, ink: _bed(x, w, 1, a, ink, op=".5"))
BUNK = (130, _bunk)
SOFA = (190, _sofa)
ARMCHAIR = (100, _sofa)
STAND = (56, _stand)
KITCHEN = (150, _kitchen)
FIREPLACE = (120, _fireplace)
SAUNA = (100, _sauna_bucket)
WALL = (14, _wall)
BOWL = (76, _bowl)


def _furnish(pieces, a, ink, floor=380, width=560):
    """The pieces side by side on the floor, centred, shrunk to fit `width`."""
    gap = 30
    total = sum(w for w, _ in pieces) + gap * (len(pieces) - 1)
    x = 400 - total // 2
    out = []
    for w, draw in pieces:
        out.append(draw(x, w, a, ink))
        x += w + gap
    inner = "".join(out)
    scale = min(1.12, width / total)
    if scale != 1 or floor != 380:
        inner = (
            f'<g transform="translate(400 {floor}) scale({scale:.3f}) translate(-400 -380)">{inner}</g>'
        )
    return inner


def _window(view, a, ink):
    """A window above the furniture and what it looks out on."""
    if view == "attic":
        # Under the eaves: the roof's slopes over the bed, a skylight in one.
        return (
            f'<path d="M110 310L400 62 690 310" fill="none" stroke="{ink}" stroke-width="16" '
            f'stroke-linecap="round" stroke-linejoin="round" opacity=".75"/>'
            f'<g transform="rotate(-40.5 244 196)"><rect x="196" y="170" width="96" height="52" rx="4" '
            f'fill="#fff" opacity=".9" stroke="{ink}" stroke-width="6"/>'
            f'<path d="M244 170v52" stroke="{ink}" stroke-width="4"/></g>'
            f'<path d="M226 186l3 7 7 3-7 3-3 7-3-7-7-3 7-3ZM262 206l2 5 5 2-5 2-2 5-2-5-5-2 5-2Z" fill="{a}"/>'
        )
    if view == "wheelchair":
        return (
            f'<circle cx="400" cy="146" r="54" fill="{a}"/>'
            f'<g fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round">'
            f'<path d="M390 132v34h28l10 26"/><path d="M390 150h20"/>'
            f'<path d="M378 152a26 26 0 1 0 34 32"/></g><circle cx="390" cy="116" r="8" fill="#fff"/>'
        )
    if view == "paw":
        return (
            f'<g fill="{a}"><ellipse cx="400" cy="170" rx="30" ry="24"/>'
            f'<ellipse cx="362" cy="134" rx="12" ry="16"/><ellipse cx="386" cy="116" rx="12" ry="16"/>'
            f'<ellipse cx="414" cy="116" rx="12" ry="16"/><ellipse cx="438" cy="134" rx="12" ry="16"/></g>'
        )
    top = (
        f'<path d="M330 200V140a70 70 0 0 1 140 0V200Z" fill="#fff" opacity=".85"/>'
        if view == "tower"
        else f'<rect x="330" y="86" width="140" height="114" rx="6" fill="#fff" opacity=".85"/>'
    )
    scene = {
        "forest": "".join(_pine(x, 196, h, c, ".85") for x, h, c in ((362, 70, a), (400, 94, ink), (440, 64, a))),
        "lake": (
            f'<circle cx="436" cy="124" r="16" fill="{a}" opacity=".8"/>'
            f'<path d="M336 160h128v40h-128Z" fill="{a}" opacity=".6"/>'
            f'<path d="M346 176q12-8 24 0t24 0M410 188q12-8 24 0t24 0" fill="none" stroke="#fff" stroke-width="4" opacity=".9"/>'
        ),
        "garden": (
            f'<rect x="394" y="150" width="12" height="50" fill="{ink}"/>'
            f'<circle cx="400" cy="138" r="34" fill="{a}"/>'
            f'<circle cx="388" cy="130" r="5" fill="#fff"/><circle cx="414" cy="146" r="5" fill="#fff"/>'
        ),
        "balcony": (
            f'<path d="M330 164h140M346 164v36M370 164v36M394 164v36M418 164v36M442 164v36" '
            f'stroke="{ink}" stroke-width="6" opacity=".8"/>'
            f'<circle cx="430" cy="122" r="16" fill="{a}" opacity=".8"/>'
        ),
        "tower": (
            f'<path d="M334 200l40-40 26 20 30-34 36 54Z" fill="{a}" opacity=".7"/>'
            f'<circle cx="376" cy="120" r="12" fill="{a}" opacity=".8"/>'
        ),
    }[view]
    frame = (
        f'<path d="M330 200V140a70 70 0 0 1 140 0V200ZM400 70V200M330 148h140" fill="none" stroke="{ink}" stroke-width="7"/>'
        if view == "tower"
        else f'<path d="M330 86h140v114H330ZM400 86V200M330 143h140" fill="none" stroke="{ink}" stroke-width="7" stroke-linejoin="round"/>'
    )
    sill = f'<rect x="318" y="200" width="164" height="12" rx="5" fill="{ink}"/>'
    return f'<g transform="translate(0 -18)">{top}{scene}{frame}{sill}</g>'


# What the room's code or English name tells of its view or what sets it apart.
ROOM_VIEWS = (
    ("ATTIC", "attic"), ("ACCESSIBLE", "wheelchair"), ("PET", "paw"), ("TOWER", "tower"),
    ("LAKE", "lake"), ("FOREST", "forest"), ("GARDEN", "garden"), ("BALCONY", "balcony"),
)
ROOM_EXTRAS = (("KITCHENETTE", KITCHEN), ("FIREPLACE", FIREPLACE), ("SAUNA", SAUNA), ("PET", BOWL))


def _room_words(product):
    name = product.get("name") or {}
    return f'{product["code"]} {name.get("en_GB", "")}'.upper().replace("-", "_").replace(" ", "_")


def room_plan(product):
    """(beds and furniture, view, mezzanine) from the room's facts: its beds
    for the usual occupancy, a sofa bed, a bunk or an extra bed for the
    guests over it (maxOccupancy), and what its code or name adds."""
    facts = product.get("room") or {}
    occupancy = facts.get("occupancy") or 1
    most = max(facts.get("maxOccupancy") or occupancy, occupancy)
    words = _room_words(product)
    living = any(k in words for k in ("SUITE", "APARTMENT", "STUDIO", "LOFT"))
    if occupancy == 1:
        # A single that sleeps two has a wider bed, never a second one.
        pieces = [WIDE_SINGLE if most > 1 else SINGLE, ARMCHAIR if most > 1 else STAND]
    elif "TWIN" in words:
        pieces = [SINGLE, STAND, SINGLE]
    elif occupancy == 2:
        pieces = [DOUBLE]
    elif occupancy == 3:
        pieces = [DOUBLE, SINGLE]
    else:
        pieces = [DOUBLE, WALL, BUNK] if "TWO_BEDROOM" in words else [DOUBLE, BUNK]
    spare = most - occupancy if occupancy > 1 else 0
    if living:
        pieces.append(SOFA)
    elif spare >= 2:
        pieces.append(BUNK)
    elif spare and facts.get("extraBed"):
        pieces.append(EXTRA_BED)
    pieces += [piece for key, piece in ROOM_EXTRAS if key in words]
    view = next((v for key, v in ROOM_VIEWS if key in words), None)
    return pieces, view, "MEZZANINE" in words or "LOFT" in words


def m_room_for(product):
    """The room's picture; every room's is named m_room, so no two rooms
    share both palette and pattern (see style_for)."""
    pieces, view, mezzanine = room_plan(product)

    def m_room(a, ink):
        rug = f'<ellipse cx="400" cy="386" rx="280" ry="14" fill="{ink}" opacity=".18"/>'
        if mezzanine and len(pieces) > 1:
            # The bed upstairs on a gallery, the rest below it.
            steps = f'<path d="M600 254h26v32h26v32h26v32h26v30H600Z" fill="{ink}" opacity=".6"/>'
            return (
                rug + _furnish(pieces[1:], a, ink, width=330)
                + f'<rect x="200" y="236" width="400" height="18" rx="4" fill="{ink}"/>'
                f'<path d="M220 254V380M580 254V380" stroke="{ink}" stroke-width="10" opacity=".6"/>'
                + steps + _furnish(pieces[:1], a, ink, floor=236, width=250 * 0.8)
            )
        return (_window(view, a, ink) if view else "") + rug + _furnish(pieces, a, ink)

    return m_room


# The first of these words found in an item's code names what it is drawn as.
TREATMENT_MOTIFS = (
    ("HOT_STONE", m_stones), ("AROMATHERAPY", m_oil_hand), ("HONEY", m_honey_hand),
    ("KIDS", m_kids_massage), ("NECK", m_neck_massage), ("SAUNA", m_sauna), ("BATH", m_bath),
    ("SCRUB", m_scrub), ("WRAP", m_wrap),
)
PACKAGE_MOTIFS = (("BEAUTY", m_pkg_beauty), ("SWEET", m_pkg_hearts), ("CALM", m_pkg_lotus))
VOUCHER_MOTIFS = (("AMOUNT", m_voucher_amount), ("TREATMENT", m_voucher_treatment), ("GIFT", m_gift))


def _by_code(code, table):
    return next((motif for key, motif in table if key in code), None)


def _wintry(product):
    """Sold only in the cold months (from autumn to spring) or named for winter."""
    start, end = product.get("availableFrom") or "", product.get("availableTo") or ""
    cold = start[5:7] in ("10", "11", "12") and end[5:7] in ("01", "02", "03", "04")
    return cold or "WINTER" in product["code"]


def motif_for(product):
    kind = product["type"]
    code = product["code"].upper()
    taxons = product.get("taxons") or []
    first = taxons[0] if taxons else ""
    if kind == "treatment":
        motif = _by_code(code, TREATMENT_MOTIFS)
        if motif:
            return motif
        if "massages" in taxons:
            return m_massage
        if first == "body-treatments":
            return m_scrub
        if first == "water-and-sauna":
            return m_waves
        if first == "face-care":
            return m_leaves
        return m_stones
    if kind == "package":
        if "active" in taxons:
            return m_pkg_active
        if _wintry(product):
            return m_pkg_winter
        motif = _by_code(code, PACKAGE_MOTIFS)
        if motif:
            return motif
        if "romantic" in taxons:
            return m_pkg_glasses
        if not product.get("numNights"):
            return m_pkg_ritual  # a few hours' programme, no stay
        return m_package
    if kind == "day_spa":
        return m_spa_for_two if "TWO" in code else m_sun_waves
    if kind == "room":
        return m_room_for(product)
    if kind == "voucher":
        return _by_code(code, VOUCHER_MOTIFS) or m_gift
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
