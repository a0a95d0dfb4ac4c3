"""Nested round and hex cards show only their own colour after a miscut (issue 75 item 2), and the sliver check reads a
round or hex piece's edge along its cut.

A honeycomb or offset rows keep neighbours 2 mm apart, each with 1 mm of bleed; a hand cut that lands 0.5 mm outside
the line printed on the trim (item 1) stays in the piece's own bleed. Read from a rasterised sheet of solid-coloured
cards whose neighbours differ: 0.5 mm outside each piece's printed cut line, all round, only its own colour. (When the
line sat on the bleed's outer edge, a cut 0.5 mm outside it landed in the neighbour's bleed: the strips the review found.)
"""
from __future__ import annotations

import math
import shutil

import numpy as np
import pytest
import streams
from conftest import TEST_PROJECT, run_pnp

DPI = 300
COLOURS = {"red": (0xC0, 0x39, 0x2B), "blue": (0x2E, 0x6D, 0xA4), "green": (0x2E, 0x8B, 0x57), "gold": (0x87, 0x65, 0x10)}
OUTLINE_GREY = 180 / 255  # the light cut line's stroke colour (pnp.render.sheets.OUTLINE_COLOUR)
SOLID = "{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill=card.tint) }}\n"
# a dark ground into the bleed under a light disc or hexagon that stops at the cut: a cut 0.5 mm outside leaves dark on it
BAND = ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="#1d2433") }}\n'
        '{{ circle(face.w / 2, face.h / 2, face.w / 2, fill="#fbf8f0") }}\n')


def _project(root, decks: dict[str, str], template: str):
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/shaped.j2").write_text(template)
    for name, head in decks.items():
        cards = "".join(f"  - {{id: {name[:3]}-{c}, name: {c}, stars: 1, number: 1, text: Hi., side: red, tint: '#%02x%02x%02x', count: 10}}\n" % rgb
                        for c, rgb in COLOURS.items())
        (root / f"data/tiny/decks/{name}.yaml").write_text(head + "front: tiny/shaped.j2\nback: tiny/back.j2\ncards:\n" + cards)
    return root


@pytest.fixture(scope="module")
def nested(tmp_path_factory):
    root = _project(tmp_path_factory.mktemp("nested-edges") / "project",
                    {"rounds": "name: Rounds\nsize: 50\nshape: round\n", "hexes": "name: Hexes\nsize: 38 x 32.909\nshape: hex\n"}, SOLID)
    result = run_pnp(root, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/tiny-cards.pdf", result.stderr + result.output


def _outlines(page) -> list[list[tuple[float, float]]]:
    return streams.grey_paths(page, OUTLINE_GREY)


def _outside(outline: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """Points `by` mm outside a convex outline, along each side (a millimetre of each corner left out, as a trimmer
    rounds it off), every half millimetre."""
    cx, cy = sum(x for x, _ in outline) / len(outline), sum(y for _, y in outline) / len(outline)
    if len(outline) > 6:  # a circle, sampled: radially
        r = sum(math.dist((cx, cy), p) for p in outline) / len(outline) + by
        n = int(2 * math.pi * r / 0.5)
        return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]
    points = []
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        length = math.dist((x1, y1), (x2, y2))
        nx, ny = (y2 - y1) / length, (x1 - x2) / length
        if nx * (x1 - cx) + ny * (y1 - cy) < 0:
            nx, ny = -nx, -ny
        for k in range(int((length - 2) / 0.5) + 1):
            t = 1 + k * 0.5
            points.append((x1 + (x2 - x1) * t / length + nx * by, y1 + (y2 - y1) * t / length + ny * by))
    return points


def _name(pixel) -> str | None:
    """The card colour (or 'paper') a pixel shows, None for anything else (the cut line's grey, a mark)."""
    if min(pixel) > 235:
        return "paper"
    return next((name for name, rgb in COLOURS.items() if max(abs(int(a) - b) for a, b in zip(pixel, rgb, strict=True)) < 40), None)


def test_a_cut_half_a_millimetre_outside_a_nested_pieces_line_shows_only_its_own_colour(nested):
    import pypdfium2 as pdfium

    pdf, _ = nested
    doc = pdfium.PdfDocument(str(pdf))
    edges = neighbours = 0
    try:
        for page in streams.Document(pdf).pages[::2]:  # the fronts
            image = np.asarray(doc[page.index].render(scale=DPI / 72).to_pil().convert("RGB"))
            px = DPI / 25.4
            for outline in _outlines(page):
                cx, cy = sum(x for x, _ in outline) / len(outline), sum(y for _, y in outline) / len(outline)
                own = _name(image[round(cy * px), round(cx * px)])
                assert own in COLOURS, (page.index, cx, cy)
                for x, y in _outside(outline, 0.5):
                    seen = _name(image[round(y * px), round(x * px)])
                    edges += 1
                    if seen not in (own, "paper"):
                        neighbours += 1
    finally:
        doc.close()
    assert edges > 2000
    assert neighbours == 0, f"{neighbours} of {edges} points 0.5 mm outside a cut line show another colour"


def test_the_sliver_check_reads_a_nested_pieces_edge_along_its_cut(tmp_path, nested):
    """A light disc that stops at the cut over a dark ground run into the bleed: a cut 0.5 mm outside leaves a dark ring.
    The build warns of it, at the line that drew the disc, as the round edge of the piece, and never of a shared cut; the solid
    cards, whose colour runs into their own bleed, draw no warning."""
    _, said = nested
    assert "sliver" not in said
    root = _project(tmp_path / "project", {"rounds": "name: Rounds\nsize: 50\nshape: round\n"}, BAND)
    result = run_pnp(root, "build", "--only", "cards", "tiny")
    found = [line for line in (result.stderr + result.output).splitlines() if "sliver" in line or "edge of" in line]
    assert found, result.stderr
    assert all("templates/tiny/shaped.j2:2:" in line and "the round edge of" in line and "shared cut" not in line for line in found), found
