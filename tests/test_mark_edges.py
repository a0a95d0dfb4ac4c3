"""The crop marks' last survivors (issue #76 item 1: pnp/render/impose.py#marks, s14's 10 left by hand): a mark's
keep-out box is as wide as the line it prints, and a sheet's edge bleed keeps a mark of exactly the least length it
had. Values from the print rules (docs/print-and-cut.md): marks are 0.3 pt lines starting 1 mm outside the bleed, at
least 2 mm long, and the edge bleed stops 0.1 mm short of what the margin holds."""
from __future__ import annotations

import marks
from conftest import run_pnp

from pnp.render.impose import Sheet, crop_mark_segments, with_edge_bleed

UM_PER_PT = 25_400 / 72


def test_a_marks_box_is_as_wide_as_its_03_pt_line_and_one_that_would_touch_a_cutters_mark_is_left_out():
    """Every mark, whichever way it is drawn: a cutting machine's mark touching the printed line's edge, on any of its
    four sides, leaves it drawn; one reaching 1 µm into the line leaves it out."""
    half = round(0.3 * UM_PER_PT / 2)  # 53 µm each side of the line's middle
    assert half == 53
    sheet = Sheet(150_000, 200_000, 63_000, 88_000, 1, 1, 0, 0)
    slots = [sheet.slot(0)]
    marks = crop_mark_segments(sheet, slots)
    assert len(marks) == 8  # two at each corner of the one card

    def drawn_beside(mark, side: str, into: int) -> bool:
        x0, y0, x1, y1 = min(mark[0], mark[2]) - half, min(mark[1], mark[3]) - half, max(mark[0], mark[2]) + half, max(mark[1], mark[3]) + half
        box = {"left": (x0 - 5000, y0, x0 + into, y1), "right": (x1 - into, y0, x1 + 5000, y1),
               "bottom": (x0, y0 - 5000, x1, y0 + into), "top": (x0, y1 - into, x1, y1 + 5000)}[side]
        return mark in crop_mark_segments(Sheet(150_000, 200_000, 63_000, 88_000, 1, 1, 0, 0, avoid=(box,)), slots)

    for mark in marks:
        for side in ("left", "right", "bottom", "top"):
            assert drawn_beside(mark, side, 0), (mark, side)  # its line's edge touching the box, clear of it
            assert not drawn_beside(mark, side, 1), (mark, side)  # its line's edge would print on the box


def test_an_edge_bleed_keeps_a_mark_of_exactly_the_least_length():
    """A page 80 mm wide, one 63 mm card: 8.5 mm each side, the limit 5.5 mm in, so a mark 1 mm out of the trim has exactly
    2 mm, the least: the bleed keeps it and gets nothing; a millimetre more margin gives the bleed what is left."""
    for page_w, bleed in ((80_000, 0), (82_000, 900), (79_998, 2_899)):  # the last: 1 µm short of a 2 mm mark, none to keep
        sheet = Sheet(page_w, 200_000, 63_000, 88_000, 1, 1, 0, 0)
        margin = (page_w - 63_000) // 2
        room = margin - sheet.limit - 1_000
        kept = 1_000 + 2_000 if room >= 2_000 else 0
        assert max(0, margin - sheet.limit - kept - 100) == bleed, (page_w, sheet.limit)
        assert with_edge_bleed(sheet, 10_000).edge_bleed[0] == bleed and with_edge_bleed(sheet, 10_000).edge_bleed[2] == bleed


def test_a_card_sheets_crop_marks_run_5_mm_where_the_margin_has_room(project):
    """docs/printing.md: a crop mark runs up to 5 mm towards the paper's edge. The tiny game's heroes on Letter leave
    their outer margins that room: the longest 0.3 pt mark on the first sheet, read from the PDF, is 5 mm, none longer."""
    assert run_pnp(project, "build", "--only", "cards", "tiny").exit_code == 0
    first = marks.read(project / "output/tiny/tiny-cards.pdf")[0]
    lengths = [((s.x1 - s.x0) ** 2 + (s.y1 - s.y0) ** 2) ** 0.5 / marks.MM for s in first.segments if abs(s.width - 0.3) < 0.01]
    assert lengths and abs(max(lengths) - 5.0) < 0.02, sorted(lengths)


def test_no_crop_mark_comes_nearer_the_papers_edge_than_the_printers_5_mm(project):
    """docs/printing.md: with no printer profile nothing is drawn nearer the paper's edge than its 5 mm. The tiny game's
    3 × 3 poker cards on Letter leave the margin above their grid too little room for a mark: no mark is drawn there,
    not one pointing back from the limit towards the card. Every 0.3 pt mark of the first sheet, read from the PDF,
    lies 5 mm or more inside each edge."""
    assert run_pnp(project, "build", "--only", "cards", "tiny").exit_code == 0
    first = marks.read(project / "output/tiny/tiny-cards.pdf")[0]
    w, h = 215.9 * marks.MM, 279.4 * marks.MM  # Letter, 8.5 × 11 in
    near = [min(min(s.x0, s.x1), w - max(s.x0, s.x1), min(s.y0, s.y1), h - max(s.y0, s.y1)) / marks.MM
            for s in first.segments if abs(s.width - 0.3) < 0.01]
    assert near and min(near) >= 5.0 - 0.01, sorted(near)[:4]


def test_bleed_edges_marks_start_1_mm_past_each_sides_own_bleed(project):
    """docs/print-and-cut.md: `--bleed-edges` on Letter bleeds 3.0 mm past the grid's right edge and less past its left
    (which holds the footer), and the marks move out past the bleed (docs/printing.md: starting 1 mm outside it). Read
    from the first sheet's PDF: each 0.3 pt mark right of the grid starts 4.0 mm from the last trim, past the right
    side's own 3 mm of art, not the left side's bleed; those left of it start nearer their trim."""
    assert run_pnp(project, "build", "--only", "cards", "--bleed-edges", "tiny").exit_code == 0
    first = marks.read(project / "output/tiny/tiny-cards-bleed-edges.pdf")[0]
    left = min(f.trim.x0 for f in first.faces) / marks.MM
    right = max(f.trim.x1 for f in first.faces) / marks.MM
    across = [s for s in first.segments if abs(s.width - 0.3) < 0.01 and abs(s.y1 - s.y0) < 0.01]
    starts_right = {round(min(s.x0, s.x1) / marks.MM - right, 2) for s in across if min(s.x0, s.x1) / marks.MM > right}
    starts_left = {round(left - max(s.x0, s.x1) / marks.MM, 2) for s in across if max(s.x0, s.x1) / marks.MM < left}
    assert starts_right == {4.0} and len(starts_left) == 1 and 1.0 < min(starts_left) < 4.0, (starts_right, starts_left)


def test_marks_between_bands_of_a_shared_sheet_are_3_mm_and_never_meet(project):
    """docs/components.md: bands of pieces sharing a page have short crop marks between them, 3 mm, so one band's
    marks never meet the next one's. The tiny game's last card sheet holds its last row of heroes and four token sets
    in bands: every mark across a band's cut lines (up or down the page), read from the PDF, is 3 mm or less, and no
    two marks' ink touches."""
    assert run_pnp(project, "build", "--only", "cards", "tiny").exit_code == 0
    pages = marks.read(project / "output/tiny/tiny-cards.pdf")
    shared = [p for p in pages if not p.backs][-1]
    rows = {(round(f.trim.y0 / marks.MM, 1), round(f.trim.y1 / marks.MM, 1)) for f in shared.faces}
    assert len(rows) > 3, rows  # the heroes' row and the token sets' bands
    ticks = [s for s in shared.segments if abs(s.width - 0.3) < 0.01]
    down = [abs(s.y1 - s.y0) / marks.MM for s in ticks if abs(s.x1 - s.x0) < 0.01]
    assert down and max(down) <= 3.0 + 0.01, sorted(down)[-3:]
    met = [(a, b) for i, a in enumerate(ticks) for b in ticks[i + 1:] if min(marks.overlap(a.box(), b.box())) > 0]
    assert not met, met[:2]
