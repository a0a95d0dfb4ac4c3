"""Card sheets measured on the rasterised page against the rules of print, in millimetres.

Each build draws every card as a solid red trim with a green bleed ring and a blue square
centred on it whose size names the card, on front and back alike. The expected grid comes from
card and paper sizes alone: poker cards (63.5 × 88.9 mm) on Letter (215.9 × 279.4 mm), the grid
centred on the page (`pnp/render/impose.py`), neighbours `gap` mm apart. Nothing here asks the
planner where a card goes.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass

import numpy as np
import pytest
from conftest import TEST_PROJECT, render_page, run_pnp

DPI = 300
PX = DPI / 25.4  # pixels per mm
CARD_W, CARD_H = 63.5, 88.9  # poker
LETTER = (215.9, 279.4)
FOOTER_BAND = 7.0  # mm along the footer's paper edge: the footer line and the scale bar, no marks
LASER_MARGIN = 4.23  # mm a laser printer cannot reach (1/6 in): part of every mark must lie inside it

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
    footer: str  # the paper edge whose band holds the footer
    flip: str  # how the paper turns over to show the backs: "left-right" or "top-bottom" in the page image

    @property
    def page(self) -> tuple[float, float]:
        return LETTER[::-1] if self.landscape else LETTER

    @property
    def left(self) -> float:
        return (self.page[0] - (self.cols * CARD_W + (self.cols - 1) * self.gap)) / 2

    @property
    def top(self) -> float:
        return (self.page[1] - (self.rows * CARD_H + (self.rows - 1) * self.gap)) / 2

    def trims(self) -> list[tuple[float, float, float, float]]:
        """(left, top, right, bottom) of each slot in mm from the page's top-left, in reading order."""
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                x, y = self.left + c * (CARD_W + self.gap), self.top + r * (CARD_H + self.gap)
                out.append((x, y, x + CARD_W, y + CARD_H))
        return out

    def cut_xs(self) -> list[float]:
        return sorted({v for t in self.trims() for v in (t[0], t[2])})

    def cut_ys(self) -> list[float]:
        return sorted({v for t in self.trims() for v in (t[1], t[3])})


GRIDS = {
    # shared cut lines: 3 × 3 portrait, 12.7 mm sides, 6.35 mm top and bottom; the footer takes the wider side margin
    "shared cut lines": Grid((), False, 3, 3, 0, 0, "left", "left-right"),
    # 3 mm bleed: neighbours 6 mm apart, 3 × 2 fit only across a landscape sheet; short-edge flip of a landscape sheet
    # turns it about its left edge, the paper's short one
    "bleed, short edge": Grid(("--bleed", "--duplex", "short"), True, 3, 2, 6, 3, "bottom", "left-right"),
    # 4 mm gutter: 4 × 2 landscape (8) beats 3 × 2 portrait (6); long-edge flip of a landscape sheet turns it top to bottom
    "gutter 4 mm": Grid(("--gutter", "4"), True, 4, 2, 4, 0, "bottom", "top-bottom"),
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """For each grid: its fronts and backs page of sheet 1, rendered at 300 dpi as RGB arrays."""
    root = tmp_path_factory.mktemp("geometry") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
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


def trim_ink(image):
    """The trim's red, the square's blue, and their blends."""
    return (image[..., 1] < 160) & ((image[..., 0] > 180) | (image[..., 2] > 180))


def coloured(image):
    """Card art: any saturated pixel (the trim, the bleed, the square, and their blends)."""
    return image.max(axis=-1) - image.min(axis=-1) > 50


def dark(image):
    """Darker than any colour of a card or its blends with paper: black or grey ink."""
    return image.sum(axis=-1) < 420


def grey(image):
    """Ink with no colour: crop marks, the footer, the scale bar."""
    return (image.max(axis=-1) - image.min(axis=-1) < 40) & (image.max(axis=-1) < 200)


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
    """(edge, band slice as (rows, cols), axis along the marks' cut lines, expected cut positions) for the four margins."""
    w, h = grid.page
    b = grid.bleed
    trims = grid.trims()
    gl, gt = min(t[0] for t in trims) - b, min(t[1] for t in trims) - b
    gr, gb = max(t[2] for t in trims) + b, max(t[3] for t in trims) + b
    keep = {edge: (FOOTER_BAND if grid.footer == edge else 0) for edge in ("left", "right", "top", "bottom")}
    # along the edge, each band reaches 1 mm past the grid so the outermost marks lie wholly inside it
    return [
        ("top", (slice(px(keep["top"]), px(gt)), slice(px(gl - 1), px(gr + 1))), 0, grid.cut_xs(), gl - 1),
        ("bottom", (slice(px(gb), px(h - keep["bottom"])), slice(px(gl - 1), px(gr + 1))), 0, grid.cut_xs(), gl - 1),
        ("left", (slice(px(gt - 1), px(gb + 1)), slice(px(keep["left"]), px(gl))), 1, grid.cut_ys(), gt - 1),
        ("right", (slice(px(gt - 1), px(gb + 1)), slice(px(gr), px(w - keep["right"]))), 1, grid.cut_ys(), gt - 1),
    ]


@pytest.mark.parametrize("side", ["fronts", "backs"])
@pytest.mark.parametrize("key", GRIDS)
def test_crop_marks_lie_on_every_cut_line_in_all_four_margins(sheets, key, side):
    grid = GRIDS[key]
    image = sheets[key][0 if side == "fronts" else 1]
    ink = grey(image)
    w, h = grid.page
    for edge, (rows, cols), axis, cuts, start in _margin_bands(grid):
        band = ink[rows, cols]
        # where along the edge the marks are: each cut line has one, and nothing else is there
        across = np.where(band.any(axis=axis))[0]
        found = [start + c for c in _clusters(across)]
        assert len(found) == len(cuts), f"{key} {side} {edge}: marks at {found}, cut lines at {cuts}"
        for mark, cut in zip(found, cuts, strict=False):
            assert abs(mark - cut) < 0.15, f"{key} {side} {edge}: a mark at {mark:.2f} mm for the cut at {cut:.2f} mm"
        # each mark is at least 1.5 mm long, and some of it lies where a laser printer prints
        for cut in cuts:
            lane = band[:, px(cut - start) - 1 : px(cut - start) + 2] if axis == 0 else band[px(cut - start) - 1 : px(cut - start) + 2, :]
            along = np.where(lane.any(axis=1 - axis))[0]
            assert along.size >= 1.5 * PX, f"{key} {side} {edge}: the mark on {cut:.2f} mm is {along.size / PX:.2f} mm long"
            offset = {"top": rows.start, "bottom": rows.start, "left": cols.start, "right": cols.start}[edge] / PX
            reach = {"top": offset + along[-1] / PX, "left": offset + along[-1] / PX,
                     "bottom": h - (offset + along[0] / PX), "right": w - (offset + along[0] / PX)}[edge]
            assert reach > LASER_MARGIN, f"{key} {side} {edge}: the mark on {cut:.2f} mm lies within {reach:.2f} mm of the paper's edge"


@pytest.mark.parametrize("side", ["fronts", "backs"])
@pytest.mark.parametrize("key", GRIDS)
def test_no_mark_or_footer_pixel_falls_inside_a_trim_or_bleed_box(sheets, key, side):
    grid = GRIDS[key]
    image = sheets[key][0 if side == "fronts" else 1]
    ink = dark(image)
    b = grid.bleed
    for left, top, right, bottom in grid.trims():
        box = ink[px(top - b) : px(bottom + b), px(left - b) : px(right + b)]
        assert not box.any(), f"{key} {side}: grey ink inside the card at {left:.2f}, {top:.2f} mm"


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
