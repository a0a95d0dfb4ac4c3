"""A board that misses a smaller tile grid by a hair fits it with a narrower overlap (issue 47), read from the PDF.

On a laser's 1/6 in margin, Narco Empire's 500 × 380 mm board on Letter needs 3 × 2 tiles with the 10 mm overlap, but
only 0.57 mm short of 2 × 2: the overlap shrinks to 9.43 mm (never below the 7.5 mm the 7 mm crosshair and a margin
need) and the board prints on 4 tiles and its assembly map, as it does with no profile.
"""
from __future__ import annotations

import printable as P

from pnp.render.tiling import Insets, plan_tiles

LASER = Insets.for_printer(25.4 / 6)  # a printer profile of a laser's 1/6 in margin: the arithmetic below is its


def test_narco_empire_board_prints_on_four_tiles_on_letter(shared_build):
    """Read from the five games' plain Letter build (`pnp build`), as a designer prints it."""
    views = P.read(shared_build() / "narco-empire" / "narco-empire-boards.pdf")
    tiles = [v for v in views if v.faces]
    assert len(tiles) == 4, f"{len(tiles)} tile pages"
    assert len(views) == 5  # and the assembly map

def test_an_overlap_never_narrows_below_what_the_crosshair_needs_nor_by_more_than_3_mm():
    # 2.07 mm short of one page down, and the 10 mm overlap cannot help there; across, 386.9 − 380 leaves room to spare
    assert plan_tiles((380, 260), "letter", insets=LASER).overlap == 10_000
    # landscape 2 × 2 covers 2 × 194.43 − overlap down: 383 mm would need an overlap of 5.87 mm, below the crosshair's
    # 7.5 mm; with the corner marks below the board only (4 mm more page), 2 × 198.43 − 10 holds it at the full overlap
    plan = plan_tiles((500, 383), "letter", insets=LASER)
    assert plan.overlap == 10_000 and plan.pages == 4 and not plan.insets.top_marks
    narrowed = plan_tiles((500, 380), "letter", insets=LASER)
    assert narrowed.pages == 4 and 7_500 <= narrowed.overlap < 10_000


def test_a_board_whose_text_every_seam_of_the_fewest_tiles_would_cross_takes_one_more_tile_and_crosses_none():
    """Text spread over the whole middle third of a two-page-wide board: no shift of the one seam between two tiles
    clears it, so the board is cut into three tiles whose seams fall outside that text (a page more, no word cut)."""
    text = (120.0, 20.0, 260.0, 30.0)  # x0, y0, x1, y1 in mm from the board's top-left
    fewest = plan_tiles((380, 150), "letter", insets=LASER)
    plan = plan_tiles((380, 150), "letter", insets=LASER, keep_off=(text,))
    assert not plan.crossed
    assert plan.pages == fewest.pages + 1
    seams = sorted({(t.x + plan.overlap / 2) / 1000 for t in plan.tiles if t.x > 0})
    assert all(not text[0] - 1 < seam < text[2] + 1 for seam in seams), seams
