"""Card sheets measured on the rasterised page against the rules of print, in millimetres.

Each build draws every card as a solid red trim with a green bleed ring and a blue square
centred on it whose size names the card, on front and back alike. The expected grid comes from
card and paper sizes alone: poker cards (63.5 × 88.9 mm) on Letter (215.9 × 279.4 mm), the grid
centred on the page (`pnp/render/impose.py`), neighbours `gap` mm apart, and from the printer profile:
nothing is drawn in its unprintable margin (5 mm with no profile, 1/6 in on a laser's), nor within 0.5 mm of a
profile's limit (issues #19 and #62; with no profile, the 5 mm itself: issue 75 item 3). Nothing here asks the planner where a card goes.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass

import numpy as np
import pytest
from conftest import TEST_PROJECT, render_page, run_pnp

from pnp.core.units import DEFAULT_PRINTABLE_MM

DPI = 300
PX = DPI / 25.4  # pixels per mm
CARD_W, CARD_H = 63.5, 88.9  # poker
LETTER = (215.9, 279.4)
# The default printer profile (pnp/core/units.py): a printer with no profile is taken to print to 5 mm of every edge
# (a laser's profile: 1/6 in), and a printer's real margin varies by a few tenths of a mm, so nothing is drawn closer
# to the edge than its limit.
PRINTABLE = DEFAULT_PRINTABLE_MM
LASER = 25.4 / 6
FOOTER_BAND = 3.0  # mm just inside the limit along the footer's edge: the footer line and the scale bar, no marks
FOOTER_CLEAR = 1.0  # mm between the footer band and the nearest mark
MARK_GAP = 1.0  # a crop mark starts this far outside the grid's bleed
MARK_LEN = 5.0  # the longest crop mark, for home printing
MIN_MARK = 2.0  # the least mark a cut line needs to be found with a ruler: a grid whose margins cannot hold it moves
MIN_DRAWN = 1.0  # a mark that would be shorter than this is not drawn at all
LIMIT_SLACK = 0.1  # a grid moved against the limit keeps this much inside it (PDF coordinates are rounded)
SIDE_MARK = MARK_GAP + MIN_MARK  # left and right of a grid there is always room for a mark that prints

# one light, saturated colour per zone: nothing of a card passes for a grey crop mark, and black ink
# over any of them (a mark reaching into a card, even along a shared cut line) is darker than they are
GEOMETRY_FACE = """\
{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#80ff80") }}
{{ rect(0, 0, face.w, face.h, fill="#ff8080") }}
{% set s = 6 * card.number %}
{{ rect(face.w/2 - s/2, face.h/2 - s/2, s, s, fill="#8080ff") }}
"""


@dataclass(frozen=True)
class Grid:
    """What the rules of print say sheet 1 of tiny's 12 poker cards looks like for one set of build options."""

    args: tuple[str, ...]
    landscape: bool
    cols: int
    rows: int
    gap: float  # mm between neighbouring trims
    bleed: float
    footer: str  # the paper edge whose band holds the footer: "bottom" if it fits there, else "left"
    flip: str  # how the paper turns over to show the backs: "left-right" or "top-bottom" in the page image
    lifted: bool  # the grid sits against the top limit, so the margin below holds the vertical cut lines' marks
    printable: float = PRINTABLE  # the printer profile's margin
    tolerance: float = 0.5  # kept inside the margin: none with no profile, where the 5 mm is the limit itself (snug)
    min_mark: float = MIN_MARK  # the least mark every cut line keeps: 1.5 mm with no profile
    footer_in: float = 0.0  # the footer band's start inside the limit: 0.3 mm for a footer up the side with no profile

    @property
    def limit(self) -> float:
        """How close to the paper's edge anything is drawn: the printer's margin and its tolerance."""
        return self.printable + self.tolerance

    @property
    def page(self) -> tuple[float, float]:
        return LETTER[::-1] if self.landscape else LETTER

    @property
    def left(self) -> float:
        return (self.page[0] - (self.cols * CARD_W + (self.cols - 1) * self.gap)) / 2

    @property
    def top(self) -> float:
        if self.lifted:
            return self.limit + LIMIT_SLACK + self.bleed
        return (self.page[1] - (self.rows * CARD_H + (self.rows - 1) * self.gap)) / 2

    def margin(self, edge: str) -> float:
        """Paper's edge to the grid's trim at `edge`."""
        grid = {"left": self.left, "top": self.top}
        if edge in grid:
            return grid[edge]
        return self.page[0] - self.left - (self.cols * CARD_W + (self.cols - 1) * self.gap) if edge == "right" else \
            self.page[1] - self.top - (self.rows * CARD_H + (self.rows - 1) * self.gap)

    def trims(self) -> list[tuple[float, float, float, float]]:
        """(left, top, right, bottom) of each slot in mm from the page's top-left, in reading order."""
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                x, y = self.left + c * (CARD_W + self.gap), self.top + r * (CARD_H + self.gap)
                out.append((x, y, x + CARD_W, y + CARD_H))
        return out

    def cut_xs(self) -> list[float]:
        return sorted({round(v, 6) for t in self.trims() for v in (t[0], t[2])})

    def cut_ys(self) -> list[float]:
        return sorted({round(v, 6) for t in self.trims() for v in (t[1], t[3])})

    def mark_length(self, edge: str) -> float:
        """How long the crop marks in the margin at `edge` are: from 1 mm outside the bleed to the limit (and, along the
        footer's edge, to 1 mm short of the footer band), at most 5 mm; 0 where less than 1 mm would be left."""
        margin = self.margin(edge) - self.bleed
        stop = self.limit + (FOOTER_BAND + FOOTER_CLEAR if edge == self.footer else 0)
        length = min(MARK_LEN, margin - MARK_GAP - stop)
        return length if length >= MIN_DRAWN else 0.0


# Cards fit inside the limit (5.5 mm, or 4.733 mm on a laser) on every side, with room for a 3 mm mark (1 mm gap + 2 mm)
# left and right.
GRIDS = {
    # shared cut lines, no profile (issue 75 item 3): 3 × 3 portrait as the field prints it, nothing nearer the edge than
    # the 5 mm itself: the grid 0.1 mm inside the top limit (5.1 mm), the 7.6 mm below it hold 7.6 − 1 − 5 = 1.6 mm
    # marks, the footer up the left side (0.3 mm in, where its turned glyphs' tops stay inside the 5 mm); long-edge flip
    # of a portrait sheet turns it left to right
    "shared cut lines": Grid((), False, 3, 3, 0, 0, "left", "left-right", True, tolerance=0.0, min_mark=1.5, footer_in=0.3),
    # shared cut lines on a laser (1/6 in): 3 × 3 portrait, 12.7 mm sides, 6.35 mm top and bottom. The bottom margin
    # (6.35 − 4.733 = 1.6 mm) cannot hold the 4 mm footer band, so the footer takes the left one; above and below the
    # grid 6.35 − 1 − 4.733 = 0.62 mm would be left, no mark at all: the grid moves up to 0.1 mm inside the top limit,
    # and the 12.7 − 4.833 = 7.87 mm below it hold 2.13 mm marks (never ticks over the cards)
    "shared cut lines, laser": Grid(("--printer", "laser"), False, 3, 3, 0, 0, "left", "left-right", True, LASER),
    # 3 mm bleed: neighbours 6 mm apart, 3 × 2 fit only across a landscape sheet; short-edge flip of a landscape sheet
    # turns it about its left edge, the paper's short one
    "bleed, short edge": Grid(("--bleed", "--duplex", "short"), True, 3, 2, 6, 3, "bottom", "left-right", False),
    # 4 mm gutter: 4 × 2 landscape needs 266 mm across, more than 279.4 − 2 × (4.733 + 3) = 263.9 mm, so 3 × 2 (6) on
    # either orientation and the tie stays portrait; long-edge flip of a portrait sheet turns it left to right
    "gutter 4 mm": Grid(("--gutter", "4"), False, 3, 2, 4, 0, "bottom", "left-right", False),
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """For each grid: its fronts and backs page of sheet 1, rendered at 300 dpi as RGB arrays."""
    root = tmp_path_factory.mktemp("geometry") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    assert run_pnp(root, "calibrate", "--save", "laser", "--margin", f"{LASER:.6f}").exit_code == 0
    for name in ("hero.j2", "back.j2", "twin-back.j2"):
        (root / "templates/tiny" / name).write_text(GEOMETRY_FACE, encoding="utf-8")
    out = {}
    for key, grid in GRIDS.items():
        folder = root.parent / f"out-{len(out)}"
        result = run_pnp(root, "build", "--only", "cards", "--out", str(folder), *grid.args)
        assert result.exit_code == 0, result.output + result.stderr
        pdf = next((folder / "tiny").glob("tiny-cards*.pdf"))  # the variant names the build options (-bleed-short-edge, -gutter4mm)
        out[key] = [np.asarray(render_page(pdf, i, DPI), dtype=np.int16) for i in (0, 1)]
    return out


def _planes(image):
    """The red, green and blue planes (numpy reduces a length-3 last axis slowly: a 300 dpi page's planes are taken as
    three arrays)."""
    return image[..., 0], image[..., 1], image[..., 2]


def _highest(image):
    """The largest of the three planes at each pixel."""
    r, g, b = _planes(image)
    return np.maximum(np.maximum(r, g), b)


def _lowest(image):
    """The smallest of the three planes at each pixel (each worked out only where a mask asks for it: a 300 dpi page's
    comparisons took most of this file's own time)."""
    r, g, b = _planes(image)
    return np.minimum(np.minimum(r, g), b)


def trim_ink(image):
    """The trim's red, the square's blue, and their blends."""
    r, g, b = _planes(image)
    return (g < 160) & ((r > 180) | (b > 180))


def coloured(image):
    """Card art: any saturated pixel (the trim, the bleed, the square, and their blends)."""
    return _highest(image) - _lowest(image) > 50


def dark(image):
    """Darker than any colour of a card or its blends with paper: black or grey ink."""
    r, g, b = _planes(image)
    return r + g + b < 420


def grey(image):
    """Ink with no colour: crop marks, the footer, the scale bar."""
    high = _highest(image)
    return (high - _lowest(image) < 40) & (high < 200)


def px(mm: float) -> int:
    return round(mm * PX)


TOLERANCE = 0.15  # mm: about two pixels at 300 dpi, room for anti-aliasing; a misplaced grid is off by millimetres


def _assert_boxes_hold_exactly(mask, boxes, what: str) -> None:
    """Every pixel `TOLERANCE` inside a box is in `mask`, and every pixel of `mask` lies within `TOLERANCE` of a box."""
    allowed = np.zeros(mask.shape, bool)
    for left, top, right, bottom in boxes:
        inner = mask[px(top + TOLERANCE) : px(bottom - TOLERANCE), px(left + TOLERANCE) : px(right - TOLERANCE)]
        assert inner.all(), f"{what}: the box {left:.2f}, {top:.2f} – {right:.2f}, {bottom:.2f} mm is not filled (first gap at {np.argwhere(~inner)[0] / PX} mm inside it)"
        allowed[px(top - TOLERANCE) : px(bottom + TOLERANCE), px(left - TOLERANCE) : px(right + TOLERANCE)] = True
    stray = mask & ~allowed
    assert not stray.any(), f"{what}: ink at {np.argwhere(stray)[0] / PX} mm (from the top, from the left), outside every box"


@pytest.mark.parametrize("key", GRIDS)
def test_cards_lie_at_their_millimetre_positions(sheets, key):
    grid, front = GRIDS[key], sheets[key][0]
    assert abs(front.shape[0] - grid.page[1] * PX) <= 1 and abs(front.shape[1] - grid.page[0] * PX) <= 1
    trims = grid.trims()
    _assert_boxes_hold_exactly(trim_ink(front), trims, f"{key}: trims")
    b = grid.bleed
    _assert_boxes_hold_exactly(coloured(front), [(lf - b, t - b, r + b, bt + b) for lf, t, r, bt in trims], f"{key}: art to the bleed")


def _clusters(indices: np.ndarray) -> list[float]:
    """Centres (mm) of runs of neighbouring pixel indices."""
    groups: list[list[int]] = []
    for i in indices:
        if groups and i - groups[-1][-1] <= 2:
            groups[-1].append(i)
        else:
            groups.append([i])
    return [(np.mean(g) + 0.5) / PX for g in groups]


def _margin_bands(grid: Grid):
    """(edge, band slice as (rows, cols), axis along the marks' cut lines, expected cut positions, where the band starts
    along the edge) for the four margins. A band runs from the grid's bleed to the paper's edge, or to the footer band's
    inner side on the footer's edge."""
    w, h = grid.page
    b = grid.bleed
    trims = grid.trims()
    gl, gt = min(t[0] for t in trims) - b, min(t[1] for t in trims) - b
    gr, gb = max(t[2] for t in trims) + b, max(t[3] for t in trims) + b
    keep = {edge: (grid.limit + grid.footer_in + FOOTER_BAND if grid.footer == edge else 0) for edge in ("left", "right", "top", "bottom")}
    # along the edge, each band reaches 1 mm past the grid so the outermost marks lie wholly inside it
    return [
        ("top", (slice(px(keep["top"]), px(gt)), slice(px(gl - 1), px(gr + 1))), 0, grid.cut_xs(), gl - 1),
        ("bottom", (slice(px(gb), px(h - keep["bottom"])), slice(px(gl - 1), px(gr + 1))), 0, grid.cut_xs(), gl - 1),
        ("left", (slice(px(gt - 1), px(gb + 1)), slice(px(keep["left"]), px(gl))), 1, grid.cut_ys(), gt - 1),
        ("right", (slice(px(gt - 1), px(gb + 1)), slice(px(gr), px(w - keep["right"]))), 1, grid.cut_ys(), gt - 1),
    ]


@pytest.mark.parametrize("key", GRIDS)
def test_every_cut_line_has_a_guide_of_at_least_2_mm_by_the_rules(key):
    """The expectations themselves keep the promise: left and right marks always print, and the vertical cuts have
    marks of at least 2 mm above or below the grid."""
    grid = GRIDS[key]
    assert min(grid.mark_length("left"), grid.mark_length("right")) >= grid.min_mark, f"{key}: horizontal cuts without a mark"
    assert max(grid.mark_length("top"), grid.mark_length("bottom")) >= grid.min_mark, f"{key}: vertical cuts without a mark"


@pytest.mark.parametrize("side", ["fronts", "backs"])
@pytest.mark.parametrize("key", GRIDS)
def test_crop_marks_lie_on_every_cut_line_in_the_margins_that_hold_them(sheets, key, side):
    grid = GRIDS[key]
    image = sheets[key][0 if side == "fronts" else 1]
    ink = grey(image)
    w, h = grid.page
    for edge, (rows, cols), axis, cuts, start in _margin_bands(grid):
        band = ink[rows, cols]
        length = grid.mark_length(edge)
        if not length:
            # too little room for a mark that prints: none is drawn, and nothing else is there either
            assert not band.any(), f"{key} {side} {edge}: ink at {np.argwhere(band)[0] / PX} mm into a margin that holds no mark"
            continue
        # where along the edge the marks are: each cut line has one, and nothing else is there
        across = np.where(band.any(axis=axis))[0]
        found = [start + c for c in _clusters(across)]
        assert len(found) == len(cuts), f"{key} {side} {edge}: marks at {found}, cut lines at {cuts}"
        for mark, cut in zip(found, cuts, strict=False):
            assert abs(mark - cut) < TOLERANCE, f"{key} {side} {edge}: a mark at {mark:.2f} mm for the cut at {cut:.2f} mm"
        # each mark runs from 1 mm outside the bleed towards the printable limit, as long as the margin allows
        for cut in cuts:
            lane = band[:, px(cut - start) - 1 : px(cut - start) + 2] if axis == 0 else band[px(cut - start) - 1 : px(cut - start) + 2, :]
            along = np.where(lane.any(axis=1 - axis))[0]
            assert abs(along.size / PX - length) <= 2 * TOLERANCE, f"{key} {side} {edge}: the mark on {cut:.2f} mm is {along.size / PX:.2f} mm long, not {length:.2f}"
            offset = {"top": rows.start, "bottom": rows.start, "left": cols.start, "right": cols.start}[edge] / PX
            near = {"top": offset + along[0] / PX, "left": offset + along[0] / PX,
                    "bottom": h - (offset + along[-1] / PX), "right": w - (offset + along[-1] / PX)}[edge]
            stop = grid.limit + (FOOTER_BAND + FOOTER_CLEAR if edge == grid.footer else 0)
            assert near >= stop - TOLERANCE, f"{key} {side} {edge}: the mark on {cut:.2f} mm reaches {near:.2f} mm from the paper's edge, past {stop:.2f}"


@pytest.mark.parametrize("side", ["fronts", "backs"])
@pytest.mark.parametrize("key", GRIDS)
def test_no_mark_or_footer_pixel_falls_inside_a_trim_or_bleed_box(sheets, key, side):
    """No mark crosses a card, not even on a shared cut line where corners meet."""
    grid = GRIDS[key]
    image = sheets[key][0 if side == "fronts" else 1]
    ink = dark(image)
    b = grid.bleed
    for left, top, right, bottom in grid.trims():
        box = ink[px(top - b) : px(bottom + b), px(left - b) : px(right + b)]
        assert not box.any(), f"{key} {side}: grey ink inside the card at {left:.2f}, {top:.2f} mm, {np.argwhere(box)[0] / PX} mm into it"


@pytest.mark.parametrize("side", ["fronts", "backs"])
@pytest.mark.parametrize("key", GRIDS)
def test_nothing_is_drawn_within_the_printable_limit(sheets, key, side):
    """The outer margin the printer cannot print, and 0.5 mm of tolerance inside it, stay blank paper."""
    limit = GRIDS[key].limit
    inked = _lowest(sheets[key][0 if side == "fronts" else 1]) < 245
    edge = px(limit - TOLERANCE)
    for name, strip in (("top", inked[:edge, :]), ("bottom", inked[-edge:, :]), ("left", inked[:, :edge]), ("right", inked[:, -edge:])):
        assert not strip.any(), f"{key} {side}: ink {np.argwhere(strip)[0] / PX} mm into the {name} strip of {limit:.2f} mm"


@pytest.mark.parametrize("key", GRIDS)
def test_footer_and_50_mm_scale_bar_lie_in_the_band_just_inside_the_limit(sheets, key):
    """On sheet 1's fronts the footer's band, 3 mm inside the limit along its edge, holds the footer and a 50 mm bar."""
    grid = GRIDS[key]
    ink = grey(sheets[key][0])
    _w, h = grid.page
    # rows across the band, columns along the edge
    limit = grid.limit + grid.footer_in
    band = ink[px(h - limit - FOOTER_BAND) : px(h - limit), :] if grid.footer == "bottom" else ink[:, px(limit) : px(limit + FOOTER_BAND)].T[:, ::-1]
    assert band.any(), f"{key}: no footer in the {grid.footer} band"
    longest = max(_longest_run(row) for row in band) / PX
    assert abs(longest - 50) <= 2 * TOLERANCE, f"{key}: the longest straight line in the {grid.footer} footer band is {longest:.2f} mm, not a 50 mm bar"


def _longest_run(line: np.ndarray) -> int:
    """The longest run of True in a 1-D boolean array."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], line.astype(np.int8), [0]))))  # where each run starts and ends
    return int((edges[1::2] - edges[::2]).max()) if edges.size else 0


def _flipped(image, flip: str):
    return image[:, ::-1] if flip == "left-right" else image[::-1, :]


@pytest.mark.parametrize("key", GRIDS)
def test_each_back_lands_behind_its_own_front_when_the_sheet_is_turned_over(sheets, key):
    """Turn the backs page over as the printer does and every card's region shows that card's back (same square)."""
    grid = GRIDS[key]
    front, back = sheets[key]
    seen = _flipped(back, grid.flip)
    b = grid.bleed
    for left, top, right, bottom in grid.trims():
        region = (slice(px(top - b + 0.3), px(bottom + b - 0.3)), slice(px(left - b + 0.3), px(right + b - 0.3)))
        diff = np.abs(front[region] - seen[region]).mean()
        assert diff < 2, f"{key}: behind the card at {left:.2f}, {top:.2f} mm lies another card's back (mean difference {diff:.1f})"


def test_round_cards_sit_2_mm_from_their_neighbours_at_a_build_without_bleed(project):
    """docs/data-format.md: a round card has no straight cut, gets 1 mm of bleed and sits 2 mm from its neighbours, so
    neither's bleed prints over the other's art: at a build with no bleed of its own, the cut circles of seven 50 mm
    round cards, two rows (the Silhouette cut file's, in mm), are never nearer than 2 mm."""
    import itertools
    import math
    import re

    card = "front: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards:\n  - {id: disc, name: Disc, stars: 1, number: 1, text: Hi., count: 7}\n"
    (project / "data/tiny/decks/rounds.yaml").write_text("name: Rounds\nsize: 50\nshape: round\n" + card, encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "rounds", "--cutter", "silhouette")
    assert result.exit_code == 0, result.output
    svg = (project / "output/tiny/tiny-cards-silhouette-rounds-sheet-01.svg").read_text(encoding="utf-8")
    circles = [tuple(map(float, c)) for c in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', svg)]
    assert len(circles) > 1 and all(abs(r - 25) < 0.01 for _, _, r in circles), circles
    nearest = min(math.dist(a[:2], b[:2]) - a[2] - b[2] for a, b in itertools.combinations(circles, 2))
    assert abs(nearest - 2.0) < 0.01, nearest
