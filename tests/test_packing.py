"""Sheet packing: small decks and leftovers share sheets, one page orientation per PDF, no sheet under half full but the last.

The PDF tests build a small game of poker-size decks (each card's front says 'F' and its id, each back 'B' and its
id, both centred on the card) and read the PDF: a back lands behind its front when its text, mirrored as the paper
turns over (PRINTING.md, Duplex), lies where the front's text is. Expected sheet counts come from how many cards a
Letter sheet holds by the rules of print: 3 × 3 poker with shared cut lines (portrait; landscape holds 4 × 2).
"""
from __future__ import annotations

import functools
import itertools
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import printable as P
import pytest
from conftest import MM, TEST_PROJECT, build_log, render_page, run_pnp
from pdfium_pages import Reader as PdfiumReader
from pdfplumber.utils import extract_words
from pypdf import PdfReader

from pnp.core.units import DEFAULT_PRINTABLE_MM, um
from pnp.render.bands import BAND_SPACE_UM, Band, SideBand
from pnp.render.impose import FoldSheet, crop_mark_segments, meets, plan_sheet
from pnp.render.packing import Placement, fill, plan_pages, printed_pages, under_half

POKER, TAROT, MINI = (63.5, 88.9), (69.85, 120.65), (44.45, 63.5)
LETTER = (215.9, 279.4)
TEXT = '{{ text("%s" ~ card.id, 5, face.h/2 - 5, face.w - 10, 10, size=12, align="center", valign="middle", color="#000000") }}\n'


def make_game(root: Path, decks: dict[str, tuple[str, int]]) -> Path:
    """A copy of the test project with a game 'packs' of decks {id: (size, cards)}; cards are named <deck id><n>. Its
    default printer is a laser's (1/6 in margin), under which 3 × 3 poker cards fill a Letter sheet (as they do with no
    profile, and not with a 6.35 mm one: tests/test_impose.py)."""
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "pnp.yaml").write_text("printers:\n  default:\n    margin: 4.233333\n", encoding="utf-8")
    game = root / "data/packs"
    (game / "decks").mkdir(parents=True)
    (game / "game.yaml").write_text("title: Packs\npitch: Decks that share sheets.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n", encoding="utf-8")
    for deck, (size, n) in decks.items():
        cards = "".join(f"  - {{id: {deck}{i}}}\n" for i in range(1, n + 1))
        text = f"name: Deck {deck}\nsize: {size}\nfront: packs/front.j2\nback: packs/back.j2\ncards:\n{cards}"
        (game / "decks" / f"{deck}.yaml").write_text(text, encoding="utf-8")
    (root / "templates/packs").mkdir(parents=True)
    (root / "templates/packs/front.j2").write_text(TEXT % "F", encoding="utf-8")
    (root / "templates/packs/back.j2").write_text(TEXT % "B", encoding="utf-8")
    return root


def build(root: Path, *args: str) -> tuple[Path, str]:
    """Build the cards of 'packs'; (the cards PDF, what the build printed)."""
    out = root / ("out" + "".join(args))  # a folder per variant: one cards PDF in each
    result = run_pnp(root, "build", "packs", "--only", "cards", "--out", str(out), *args)
    assert result.exit_code == 0, result.output + result.stderr
    return next((out / "packs").glob("packs-cards*.pdf")), result.output


@pytest.fixture(scope="module")
def small_built(small_decks):
    """`get(*args)`: `build(small_decks, *args)`, once for every test of this file that reads it (the project stays as made)."""
    made: dict = {}

    def get(*args: str) -> tuple[Path, str]:
        if args not in made:
            made[args] = build(small_decks, *args)
        return made[args]

    return get


def labels(pdf: Path) -> list[dict[str, tuple[float, float]]]:
    """Per page: {card text ('Fa1', 'Ba1'): its centre in mm from the page's bottom-left}, pdfplumber's words of the
    characters pdfium reads (tests/pdfium_pages.py). A back turned 180° (gutterfold) reads backwards ('1aB')."""
    out = []
    for page in PdfiumReader().pages(pdf):
        h = float(page.height)
        found = {}
        for w in extract_words(page.chars):
            text = w["text"][::-1] if w["text"][-1:] in ("F", "B") else w["text"]
            if text[:1] in ("F", "B") and text[1:2].islower():
                found[text] = ((w["x0"] + w["x1"]) / 2 / MM, (h - (w["top"] + w["bottom"]) / 2) / MM)
        out.append(found)
    return out


@pytest.fixture(scope="module")
def small_decks(tmp_path_factory):
    """Decks of 4, 3 and 2 poker cards."""
    return make_game(tmp_path_factory.mktemp("small") / "project", {"a": ("poker", 4), "b": ("poker", 3), "c": ("poker", 2)})


def test_three_small_decks_print_on_one_sheet_and_the_summary_says_so(small_built):
    pdf, output = small_built("--duplex", "long")  # the default flip, named: the build the long-edge case below reads
    pages = labels(pdf)
    assert len(pages) == 2, "4 + 3 + 2 poker cards fill one 3 × 3 sheet: one fronts page, one backs page"
    assert sorted(pages[0]) == sorted(f"F{d}{i}" for d, n in (("a", 4), ("b", 3), ("c", 2)) for i in range(1, n + 1))
    assert re.search(r"packs-cards\S*\.pdf: sheet 1 holds Deck a ×4, Deck b ×3, Deck c ×2", output), output  # the margin tags the name


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_of_a_shared_sheet_lands_behind_its_own_front(small_built, duplex):
    """A portrait sheet flipped on its long edge mirrors left-right (x → W − x), on its short edge top-bottom (y → H − y)."""
    pdf, _ = small_built("--duplex", duplex)
    fronts, backs = labels(pdf)
    assert len(backs) == len(fronts) == 9
    w, h = LETTER
    for name, (x, y) in fronts.items():
        bx, by = backs["B" + name[1:]]
        seen = (w - bx, by) if duplex == "long" else (bx, h - by)
        assert abs(seen[0] - x) < 1 and abs(seen[1] - y) < 1, f"{duplex}: behind {name} at {x:.1f}, {y:.1f} mm lies its back's text at {seen}"


def test_each_back_of_a_shared_gutterfold_sheet_lies_across_the_fold_from_its_front(small_built):
    """Folded along the page's middle (across or along), each back's text meets its front's."""
    pdf, _ = small_built("--layout", "gutterfold")
    pages = labels(pdf)
    sizes = [(float(p.mediabox.width) / MM, float(p.mediabox.height) / MM) for p in PdfReader(pdf).pages]
    assert sum(len(p) for p in pages) == 18
    assert any(sum(n.startswith("F") for n in p) > 1 and len({n[1] for n in p if n.startswith("F")}) > 1 for p in pages), "no sheet shared by two decks"
    for page, (w, h) in zip(pages, sizes, strict=True):
        for name, (x, y) in page.items():
            if name.startswith("F"):
                bx, by = page["B" + name[1:]]
                across, along = (abs(bx - x) < 1 and abs(by - (h - y)) < 1), (abs(by - y) < 1 and abs(bx - (w - x)) < 1)
                assert across or along, f"the back of {name} ({bx:.1f}, {by:.1f}) is not across a fold from its front ({x:.1f}, {y:.1f})"


def test_no_sheet_under_half_full_but_the_last(tmp_path):
    """Three decks of 10 each: 3 whole sheets and 3 leftovers that share a sheet (9, 9, 9, 3), not 6 sheets with 3 of 1 card."""
    pdf, _ = build(make_game(tmp_path / "project", {"a": ("poker", 10), "b": ("poker", 10), "c": ("poker", 10)}))
    fronts = labels(pdf)[::2]
    counts = [sum(n.startswith("F") for n in page) for page in fronts]
    assert counts == [9, 9, 9, 3]
    assert all(n / 9 >= 0.5 for n in counts[:-1])


def test_one_page_orientation_in_a_pdf_that_mixes_sizes(tmp_path):
    """With 3 mm bleed a Letter sheet holds 6 poker cards across (3 × 2) but 4 upright, and 4 tarot cards upright but 3
    across. 12 poker and 1 tarot: landscape takes 2 + 1 sheets, portrait 3 + 1: every page is landscape."""
    pdf, _ = build(make_game(tmp_path / "project", {"a": ("poker", 12), "t": ("tarot", 1)}), "--bleed")
    boxes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(pdf).pages]
    assert len(boxes) == 6
    assert all(w > h for w, h in boxes), boxes


# The planner on its own: token sets of many sizes, as tokens.yaml makes them
SHARED_SETS = [  # (size mm, copies): some filling whole sheets, some a few rows
    [((16, 16), 30), ((32, 32), 6), ((60, 30), 160)],
    [((20, 20), 12), ((16, 16), 6), ((18, 18), 4), ((14, 14), 6), ((40, 20), 5), ((25, 102), 2)],
    [(POKER, 3), (POKER, 2), (MINI, 5)],
    [(POKER, 7), (TAROT, 3), (MINI, 9), (POKER, 13)],
]


# (sets, how many come first as hosts): the sets after them may print beside a host's short last row, as token sets on
# the last card sheet do (5 poker cards leave a row of 2, 13 a lone card)
HOSTED_SETS = [([(POKER, 3), (POKER, 2), (MINI, 5)], 2), ([(POKER, 13), ((32, 32), 6), ((16, 16), 30)], 1),
               ([(POKER, 10), ((38, 38), 6), ((20, 20), 63)], 1)]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("sets, hosts", [(sets, len(sets)) for sets in SHARED_SETS] + HOSTED_SETS)
def test_shared_pages_place_every_copy_once_inside_the_printable_area_without_overlap(paper, sets, hosts):
    bleed = um(1)
    pages = plan_pages(paper, sets, 2, 1, guests=[k >= hosts for k in range(len(sets))])
    placed = {}
    assert len({p.grid.landscape for page in pages for p in page}) == 1, "one orientation for the whole PDF"
    for page in pages:
        boxes = []
        for p in page:
            for i, s in enumerate(p.slots()):
                placed[(p.group, p.first + i)] = placed.get((p.group, p.first + i), 0) + 1
                assert (s.w, s.h) == (um(sets[p.group][0][0]), um(sets[p.group][0][1]))
                box = (s.x - bleed, s.y - bleed, s.x + s.w + bleed, s.y + s.h + bleed)
                # the default printer's margin and 0.5 mm of tolerance, or on a snug whole sheet (3 × 3 poker on Letter:
                # tests/test_impose.py) the 5 mm itself, its footer up the side
                margin = um(DEFAULT_PRINTABLE_MM + (0 if p.grid.snug else 0.5))
                assert box[0] >= margin and box[2] <= p.grid.page_w - margin and box[3] <= p.grid.page_h - margin
                assert box[1] >= (um(7) if p.grid.footer_side == "bottom" else margin), "the footer band stays clear"
                assert all(box[2] <= o[0] or o[2] <= box[0] or box[3] <= o[1] or o[3] <= box[1] for o in boxes), "bleeds overlap"
                boxes.append(box)
        bands = sorted({p.grid for p in page if isinstance(p.grid, Band) and not isinstance(p.grid, SideBand)}, key=lambda b: -b.top)
        for upper, lower in itertools.pairwise(bands):
            assert (upper.bottom - bleed) - (lower.top + bleed) >= BAND_SPACE_UM, "room for both bands' crop marks"
        _marks_clear_of_pieces(page, bleed)
    assert placed == {(g, i): 1 for g, (_, n) in enumerate(sets) for i in range(n)}


SIDE_ROOM = um(1 + 3 + 1)  # between a piece's bleed and that of a piece beside its band: a 3 mm band mark, its 1 mm gap, 1 mm
HALF_LINE = round(0.3 / 72 * 25400 / 2)  # µm: half a crop mark's 0.3 pt line


def span(seg: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A crop mark's box, as wide as its line."""
    x0, y0, x1, y1 = seg
    return min(x0, x1) - HALF_LINE, min(y0, y1) - HALF_LINE, max(x0, x1) + HALF_LINE, max(y0, y1) + HALF_LINE


def _marks_clear_of_pieces(page, bleed: int) -> None:
    """No band's crop mark on another band's piece or its bleed, and a band beside a short row (bands.SideBand) keeps a
    band mark's room from every other band's pieces, across or along."""
    by_grid: dict = {}
    for p in page:
        by_grid.setdefault(p.grid, []).extend(p.slots())
    boxes = {grid: [(s.x - bleed, s.y - bleed, s.x + s.w + bleed, s.y + s.h + bleed) for s in slots] for grid, slots in by_grid.items()}
    for grid, slots in by_grid.items():
        others = [box for other, own in boxes.items() if other is not grid for box in own]
        assert not any(meets(span(seg), box) for seg in crop_mark_segments(grid, slots) for box in others), "a crop mark on a piece"
        if isinstance(grid, SideBand):
            grown = [(x0 - SIDE_ROOM, y0 - SIDE_ROOM, x1 + SIDE_ROOM, y1 + SIDE_ROOM) for x0, y0, x1, y1 in boxes[grid]]
            assert not any(meets(a, b) for a in grown for b in others), "a band beside a short row keeps its marks' room"


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("sets", [SHARED_SETS[0], SHARED_SETS[2], SHARED_SETS[3], [(POKER, 10), (POKER, 10), (MINI, 17), (TAROT, 5), (POKER, 1)]])
def test_no_planned_sheet_is_under_half_full_but_the_last(paper, sets):
    """Counted in slots: a piece takes 1/n of a sheet, n being how many of its size a whole sheet holds.

    (SHARED_SETS[1] is left out: its leftovers fill half a sheet in all but need two pages, as the 9 mm between
    bands for their crop marks are room that slot counting does not see, so one of two pages is under half full.)"""
    pages = plan_pages(paper, sets)
    assert all(fill(page) >= 0.5 for page in pages[:-1]), [round(fill(page), 2) for page in pages]


def test_a_set_fills_whole_sheets_of_its_own_before_sharing():
    pages = plan_pages("letter", [((16, 16), 30), ((60, 30), 160)], 2, 1)
    full = [page for page in pages if len(page) == 1 and page[0].group == 1 and not isinstance(page[0].grid, Band)]
    per_sheet = full[0][0].grid.per_sheet
    assert len(full) == 160 // per_sheet and all(page[0].count == per_sheet for page in full)
    shared = [page for page in pages if page not in full]
    assert len(shared) == 1 and {p.group for p in shared[0]} == {0, 1}  # the colonies and the last notes


def test_a_plan_asked_again_is_the_same_and_changing_one_answer_changes_no_other():
    """Plans are kept by what they are made from (packing._kept_plan): each answer is the caller's own lists."""
    asked = ("letter", [((16, 16), 30), ((60, 30), 160)], 2, 1)
    first = plan_pages(*asked)
    kept = [list(page) for page in first]
    first[0].clear()
    first.append([])
    assert plan_pages(*asked) == kept
    assert plan_pages("letter", [((16, 16), 30), ((60, 30), 161)], 2, 1) != kept, "another count, another plan"


@pytest.mark.parametrize(("tall", "pages"), [(147.4, 1), (147.5, 2), (148.4, 2)])
def test_a_second_band_shares_a_page_only_while_its_marks_stay_a_mm_clear_of_the_footer(tall, pages):
    """Two sizes share an upright Letter page in bands only while both fit between the printer's margin and the footer
    with their marks: down the 279.4 mm, 5 mm of margin and 0.5 mm of tolerance at the top, a 3 mm mark and its 1 mm
    gap, the 100 mm piece, 9 mm between two bands (each band's 1 mm gap and 3 mm mark, and 1 mm of paper), the second
    piece, a mark and its gap again, 1 mm clear of the 3 mm footer, the tolerance and the margin: 132 mm besides the
    second piece, which may be 147.4 mm tall and no more. Taller, each prints alone, turned (two sheets, not one):
    at 148.4 mm its marks would touch the footer's band."""
    plan = plan_pages("letter", [((60, 100), 1), ((50, tall), 1)])
    assert len(plan) == pages, [[(p.group, type(p.grid).__name__) for p in page] for page in plan]


@pytest.mark.parametrize(("size", "landscape"), [(POKER, True), (TAROT, False)])
def test_a_tie_goes_to_the_orientation_the_largest_group_prefers(size, landscape):
    """2 cards with 3 mm bleed fit one sheet either way; poker prefers landscape (6 against 4), tarot portrait (4 against 3)."""
    pages = plan_pages("letter", [(size, 2)], 0, 3)
    assert len(pages) == 1 and pages[0][0].grid.landscape == landscape


def test_gutterfold_leftovers_of_one_size_share_a_fold_sheet():
    pages = plan_pages("letter", [(POKER, 1), (POKER, 1), (POKER, 1)], layout="gutterfold")
    assert len(pages) == 1 and isinstance(pages[0][0].grid, FoldSheet)
    assert sorted(p.at for p in pages[0]) == [0, 1, 2], "each deck in its own slot"


@pytest.mark.parametrize("sets", [[(POKER, 2), ((20, 20), 2)], [(TAROT, 1), ((16, 16), 3), ((30, 30), 2)]])
def test_a_short_gutterfold_band_keeps_to_the_fold_as_a_whole_sheets_columns_do(sets):
    """Bands on a gutterfold sheet sit as a whole gutterfold sheet's columns: folded across (backs below the fronts),
    each band's pieces centred on the page; folded along (backs right of them), each band's pieces next to the fold at
    the fold's clearance and their bleed from it, as near as every other band's. A band of 2 pieces in a row that could
    hold 9 is no exception (bands.FoldBand)."""
    pages = plan_pages("letter", sets, 2, 1, layout="gutterfold")
    assert len(pages) == 1 and len(pages[0]) == len(sets), "every set on one shared page, a band each"
    along = set()
    for placement in pages[0]:
        grid = placement.grid
        fronts = [grid.slot(placement.at + i) for i in range(placement.count)]
        backs = [grid.back_slot(placement.at + i) for i in range(placement.count)]
        if all(b.x == f.x for f, b in zip(fronts, backs, strict=True)):  # folded across the page
            left, right = min(s.x for s in fronts), max(s.x + s.w for s in fronts)
            assert abs((left + right) - grid.page_w) <= 2, f"a band off the page's middle: {left}–{right} µm of {grid.page_w}"
        else:  # folded along: the fronts' right edges, less their bleed, to the fold
            along.add(grid.page_w // 2 - max(s.x + s.w for s in fronts) - grid.bleed)
    assert len(along) <= 1, f"bands at different distances from the fold: {sorted(along)} µm"


@pytest.mark.parametrize("sets", [[((60, 100), 1), ((50, 9), 1)], [((16, 16), 10), ((25, 40), 11)], [((25, 40), 5), ((30, 30), 4)],
                                  [(POKER, 1), ((50, 9), 1)], [((60, 100), 2), ((50, 9), 2), ((60, 100), 12)]])
def test_gutterfold_bands_keep_their_bleed_clear_of_the_fold_and_the_footer_on_both_halves(sets):
    """Bands on a gutterfold sheet, fronts and their mirrored backs alike (in µm from the page's bottom-left): each
    bleed 5 mm from the fold, so a fold a few mm off still misses the art, and a band's 3 mm mark and its 1 mm gap
    inside the printer's 5 mm margin and 0.5 mm of tolerance, clear of the footer (3 mm, then 1 mm clear) at the foot
    of the page: a fold across the page mirrors the top band's backs down there, so the top band starts that much
    lower. A 9 mm strip under a 100 mm card does not fit above a fold across the page: the sheet folds along it."""
    edge, foot, fold_clear = um(5.5 + 3 + 1), um(5.5 + 3 + 1 + 3 + 1), um(5.0)
    folded = [p for page in plan_pages("letter", sets, 2, 1, layout="gutterfold") for p in page if isinstance(p.grid, FoldSheet)]
    assert folded, "bands on a fold sheet"
    for placement in folded:
        grid, b = placement.grid, placement.grid.bleed
        for i in range(placement.at, placement.at + placement.count):
            front, back = grid.slot(i), grid.back_slot(i)
            for s in (front, back):
                assert s.y - b >= foot - 1 and s.y + s.h + b <= grid.page_h - edge + 1, (grid.axis, s)
            if grid.axis == "h":  # fronts above the fold, backs below it
                assert front.y - b >= grid.page_h // 2 + fold_clear - 1 and back.y + back.h + b <= grid.page_h // 2 - fold_clear + 1, (front, back)
            else:  # fronts left of it, backs right of it
                assert front.x + front.w + b <= grid.page_w // 2 - fold_clear + 1 and back.x - b >= grid.page_w // 2 + fold_clear - 1, (front, back)


@pytest.mark.parametrize("sets, guests", [([(MINI, 13), ((20, 20), 1), (POKER, 13)], [False, True, True]),
                                           ([((16, 16), 5), ((25, 102), 9), (POKER, 11), ((95, 95), 1)], [False, True, True, True])])
def test_guests_stand_only_beside_a_hosts_short_row_never_beside_another_guests(sets, guests):
    """A block of guests (token sets on the last card sheet) may take the room beside the short last row of a page's
    first band, but only of a band that is no guest's (module docstring of pnp.render.packing): here the poker cards and
    the tall strips are guests, and no coin or tile stands beside their short rows, whatever page that would save."""
    pages = plan_pages("letter", sets, 2, 1, guests=guests)
    assert sum(p.count for page in pages for p in page) == sum(n for _, n in sets)
    for page in pages:
        beside = [p for p in page if isinstance(p.grid, SideBand)]
        if beside:
            rows = [p for p in page if not isinstance(p.grid, SideBand)]
            first = max(rows, key=lambda p: p.grid.top)
            assert not guests[first.group], f"a side band of group {beside[0].group} beside guest group {first.group}'s row"


def test_a_backs_page_leaves_blank_the_slots_of_pieces_without_backs(tmp_path):
    """Deck a has backs, deck n none: they share one sheet, whose backs page shows a's backs behind a's fronts and
    nothing behind n's (paper there), and the summary counts the two pages printed."""
    root = make_game(tmp_path / "project", {"a": ("poker", 4), "n": ("poker", 3)})
    deck = root / "data/packs/decks/n.yaml"
    deck.write_text(deck.read_text().replace("back: packs/back.j2\n", ""), encoding="utf-8")
    pdf, output = build(root)
    assert re.search(r"packs-cards\S*\.pdf  2 pages  7 pieces", output) and "sheet 1 holds Deck a ×4, Deck n ×3" in output
    fronts, backs = labels(pdf)
    assert sorted(backs) == [f"Ba{i}" for i in range(1, 5)]
    w, _ = LETTER
    for name, (x, y) in fronts.items():
        if name.startswith("Fa"):
            bx, by = backs["B" + name[1:]]
            assert abs(w - bx - x) < 1 and abs(by - y) < 1
    image = render_page(pdf, 1, 50).convert("L")
    px = 50 / 25.4
    for name, (x, y) in fronts.items():
        if name.startswith("Fn"):  # behind n's card: its trim less 1 mm, mirrored, is blank paper
            seen = np.asarray(image)[int((LETTER[1] - y - 43.45) * px) : int((LETTER[1] - y + 43.45) * px), int((w - x - 30.75) * px) : int((w - x + 30.75) * px)]
            assert seen.min() > 245, f"ink behind {name}, which has no back"


def test_the_page_cap_counts_the_pages_the_packing_prints(tmp_path, monkeypatch):
    """4 + 3 + 2 poker cards print on 2 pages (one shared sheet and its backs), not on 6 (a sheet and a backs page per deck)."""
    from pnp.outputs import cards

    root = make_game(tmp_path / "project", {"a": ("poker", 4), "b": ("poker", 3), "c": ("poker", 2)})
    monkeypatch.setattr(cards, "MAX_PAGES", 2)
    build(root)
    monkeypatch.setattr(cards, "MAX_PAGES", 1)
    result = run_pnp(root, "build", "packs", "--only", "cards", "--out", str(root / "capped"))
    assert result.exit_code == 1 and "would take 2 pages, over the 1 page limit" in result.stderr, result.output + result.stderr


# The five games' cards, tokens and reference PDFs, read back ----------------------------------------------------
# A case per code path: the plain builds on Letter and A4 (the paper's path) every file reads, the bleed build for a
# 6.35 mm printer on Letter that tests/test_printable.py reads (the bleed path), and a gutterfold build on Letter.
VARIANTS = ("default", "bleed", "gutterfold")
QUARTER_INCH = 6.35  # mm: the printer margin of the bleed build (conftest.shipped_builds)


@dataclass
class Built:
    """A variant's cards, tokens and reference PDFs, what its build said (None: built through the pipeline, which says nothing
    here; the sheets' fills, read from the PDFs, are the promise), the printer margin it was built for (mm), and on
    how many papers."""

    pdfs: list
    said: str | None
    printable_mm: float
    papers: int


@pytest.fixture(scope="module")
def games_pdfs(shared_build, shipped_builds):
    """`get(variant)`: the five games' cards, tokens and reference PDFs so built, from builds shared with other files."""

    def pdfs(*folders: Path) -> list[Path]:
        return [p for kind in ("cards", "tokens", "reference") for p in sorted(p for out in folders for p in out.glob(f"*/*-{kind}*.pdf"))]

    made: dict[str, Built] = {}

    def get(variant: str) -> Built:
        if variant not in made:  # each test reads a variant's list many times: its folders are listed once
            made[variant] = _built(variant)
        return made[variant]

    def _built(variant: str) -> Built:
        if variant == "default":
            letter, a4 = shared_build(), shared_build("--paper", "a4")
            return Built(pdfs(letter, a4), build_log(letter) + build_log(a4), DEFAULT_PRINTABLE_MM, 2)
        if variant == "bleed":
            return Built(pdfs(shipped_builds("letter", True, QUARTER_INCH)), None, QUARTER_INCH, 1)
        out = shared_build("--only", "cards", "--only", "tokens", "--only", "reference", "--layout", "gutterfold")
        return Built(pdfs(out), build_log(out), DEFAULT_PRINTABLE_MM, 1)

    return get


@dataclass
class Side:
    """One printed page: 'fronts', 'backs' or 'one-sided' (gutterfold), its size in pt, its pieces' trims (pt), and
    on a gutterfold sheet the fold ('h' across the middle, 'v' along it)."""

    kind: str
    w: float
    h: float
    trims: list
    fold: str | None = None

    def fronts(self) -> list:
        if self.fold == "h":
            return [t for t in self.trims if t.y0 >= self.h / 2]
        if self.fold == "v":
            return [t for t in self.trims if t.x1 <= self.w / 2]
        return self.trims


_SIDES: dict = {}


def sides(pdf: Path, reader) -> list[Side]:
    """Every page of a sheet PDF as a Side: its kind from its footer, its trims from its content (read once per run with
    every other file that reads them: conftest.pdfium_reader), its fold from where the 'fold' labels sit (on the fold
    line: at half the height for a fold across, at half the width for one along)."""
    import pypdfium2 as pdfium

    if pdf not in _SIDES:
        laid = reader.once(pdf, "laid-out", P.laid_out)
        doc = pdfium.PdfDocument(str(pdf))
        out = []
        try:
            for i in range(len(doc)):
                page = doc[i]
                w, h = page.get_size()
                text = page.get_textpage()
                words = text.get_text_range()
                kind = "backs" if "backs ·" in words or "back left blank" in words else "one-sided" if "one-sided" in words else "fronts"
                fold = None
                if kind == "one-sided":
                    found = text.search("fold").get_next()
                    if found:
                        _, bottom, _, _ = text.get_charbox(found[0])
                        fold = "h" if abs(bottom - h / 2) < 10 else "v"
                out.append(Side(kind, w, h, [f.trim for f in laid[i].faces], fold))
        finally:
            doc.close()
        _SIDES[pdf] = out
    return _SIDES[pdf]


def whole_sheet(pdf: Path, side: Side, trim, printable_mm: float = DEFAULT_PRINTABLE_MM, orientation: str | None = None) -> int:
    """How many pieces of `trim`'s size a whole sheet of this PDF's paper, orientation (or `orientation`: 'auto' for the
    better) and layout holds.

    The whole-sheet grids are test_sheet_geometry's subject; here they are the measure of a sheet's fill."""
    paper = "a4" if "-a4" in pdf.name else "letter"
    tokens = "-tokens" in pdf.name
    bleed = 3 if "-bleed" in pdf.name else 0
    bleed, gutter = (max(bleed, 1), max(2, 2 * bleed)) if tokens else (bleed, 0)  # tokens keep 1 mm of art past the cut, 2 mm apart
    size = (round((trim.x1 - trim.x0) / MM, 2), round((trim.y1 - trim.y0) / MM, 2))
    orientation = orientation or ("landscape" if side.w > side.h else "portrait")
    return _per_sheet(paper, size, gutter, bleed, printable_mm, orientation, bool(side.fold))


@functools.cache
def _per_sheet(paper: str, size: tuple, gutter: float, bleed: float, printable_mm: float, orientation: str, folded: bool) -> int:
    """How many pieces of `size` a whole sheet holds (whole_sheet), planned once for every piece of that size."""
    from pnp.render.impose import plan_fold_sheet, plan_sheet

    grid = plan_fold_sheet(paper, size, gutter, bleed, 180, printable_mm, orientation) if folded else None
    return (grid or plan_sheet(paper, size, gutter, bleed, orientation, printable_mm)).per_sheet


def _mirror(side: Side, t, duplex_flip_x: bool):
    if side.fold == "h" or (side.fold is None and not duplex_flip_x):
        return (round(t.x0, 1), round(side.h - t.y1, 1), round(t.x1, 1), round(side.h - t.y0, 1))
    return (round(side.w - t.x1, 1), round(t.y0, 1), round(side.w - t.x0, 1), round(t.y1, 1))


def _key(t):
    return (round(t.x0, 1), round(t.y0, 1), round(t.x1, 1), round(t.y1, 1))


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_sheet_of_the_five_games_is_under_half_full_but_the_last(games_pdfs, pdfium_reader, variant):
    """The five games' sets all pack this way, so none needs the build's note on a sheet it could not fill
    (the tiny test game's tokens do: test_tokens)."""
    built = games_pdfs(variant)
    # cards and reference of five games, tokens of four on each paper, but Organ Trail's where they print on its last card
    # sheet (its 52 tokens below its last row of 3 cards on any duplex sheet; a gutterfold sheet has no such room)
    tokens = 4 if variant == "gutterfold" else 3
    one_sided = sum(1 for p in built.pdfs if "-tokens-one-sided" in p.name)  # a game's one-sided sets in a file of their own (docs/components.md)
    assert len(built.pdfs) == built.papers * (5 + tokens + 5) + one_sided, [p.name for p in built.pdfs]
    for pdf in built.pdfs:
        fills = [sum(1 / whole_sheet(pdf, s, t, built.printable_mm) for t in s.fronts()) for s in sides(pdf, pdfium_reader) if s.kind != "backs"]
        assert all(f >= 0.5 - 1e-6 for f in fills[:-1]), f"{pdf.name}: sheet fills {[round(f, 2) for f in fills]}"
    assert built.said is None or "full: no packing found" not in built.said


def test_a_set_that_first_fit_leaves_alone_on_the_last_sheet_moves_beside_others_where_no_page_more_prints():
    """The module's rule, on token sets whose first-fit stacking leaves 8 tokens of 25 mm alone on the last Letter page,
    a tenth of a sheet: a set moves, whole, onto the emptiest page where that prints no page more and leaves no other
    page under half, so every page holds at least a fifth of a sheet and the same 4 pages (2 of cards) print."""
    sets = [((20, 20), 34), ((25, 25), 18), ((57, 89), 19)]
    pages = plan_pages("letter", sets)
    assert len(pages) == 4
    assert min(fill(page) for page in pages) >= 0.2, [round(fill(page), 2) for page in pages]
    assert sum(p.count for page in pages for p in page if p.group == 1) == 18  # every token of the set, once


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_token_sheet_of_the_five_games_is_a_strip_left_over(games_pdfs, pdfium_reader, variant):
    """A last sheet may be under half full, but a set left alone on it (Police Precinct's 9 cars once took a sheet of
    their own, 4 % full, while the evidence tokens that fit beside them sat on a fuller sheet) is moved where that prints
    no page more: every tokens sheet of the five games holds at least a fifth of a sheet."""
    for pdf in (p for p in games_pdfs(variant).pdfs if "-tokens" in p.name):
        fills = [sum(1 / whole_sheet(pdf, s, t, games_pdfs(variant).printable_mm) for t in s.fronts())
                 for s in sides(pdf, pdfium_reader) if s.kind != "backs"]
        beside = pdf.with_name(pdf.name.replace("-tokens", "-tokens-one-sided", 1))
        if beside.is_file() and len(fills) == 1:
            continue  # the sets with backs on their own duplex sheet beside the one-sided file: joining them prints a page more
        assert min(fills) >= 0.2, f"{pdf.name}: sheet fills {[round(f, 2) for f in fills]}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_pdf_of_the_five_games_has_one_page_orientation(games_pdfs, pdfium_reader, variant):
    """Cards and tokens printed duplex: every size fits either way up, and a PDF keeps one. (A reference PDF's page-sized
    sheet fits only upright, and its aids may print across where that holds more: the next test.) On a gutterfold build
    each sheet prints on one side and folds on its own, so each size may take its own orientation where that prints
    fewer sheets (Police Precinct's two tarot aids share an upright sheet among landscape ones): every piece of one size
    still prints one way up."""
    for pdf in games_pdfs(variant).pdfs:
        if variant == "gutterfold":
            ways: dict = {}
            for s in sides(pdf, pdfium_reader):
                for t in s.trims:
                    ways.setdefault(tuple(sorted((round(t.x1 - t.x0), round(t.y1 - t.y0)))), set()).add(s.w > s.h)
            assert all(len(w) == 1 for w in ways.values()), f"{pdf.name}: {ways}"
        elif "-reference" not in pdf.name:
            assert len({s.w > s.h for s in sides(pdf, pdfium_reader)}) == 1, pdf.name


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_five_games_aids_print_as_many_to_a_sheet_as_the_paper_holds(games_pdfs, pdfium_reader, variant):
    """Every sheet of player aids but the last holds as many aids as a whole sheet of the paper holds either way up (two
    of Germ Tycoon's 127 × 170 mm aids across a Letter sheet, not one upright), and so does the last if there are enough."""
    built = games_pdfs(variant)
    for pdf in (p for p in built.pdfs if "-reference" in p.name):
        pages = [s for s in sides(pdf, pdfium_reader) if s.kind != "backs"]
        aids = [(s, s.fronts()) for s in pages if s.fronts() and (s.fronts()[0].x1 - s.fronts()[0].x0) < 0.75 * s.w]  # not the page-sized sheet
        assert aids, pdf.name
        most = max(whole_sheet(pdf, s, fronts[0], built.printable_mm, "auto") for s, fronts in aids)
        held = [len(fronts) for _, fronts in aids]
        last = sum(held) % most or most  # what is left for the last sheet
        assert held == [most] * (len(held) - 1) + [last], f"{pdf.name}: aids a sheet {held}, a sheet holds {most}"


def test_gutterfold_cards_of_one_size_take_no_more_sheets_than_the_paper_needs(games_pdfs, pdfium_reader):
    """On a gutterfold build the pieces of each size print on as few sheets as a sheet of the paper, either way up, holds
    them in: Police Precinct's two tarot aids on one upright sheet (a landscape one holds one), its 36 mini cards on 5."""
    import math

    for pdf in (p for p in games_pdfs("gutterfold").pdfs if "-cards" in p.name):
        seen: dict = {}  # size: [pieces, sheets holding it, the most a sheet holds]
        for s in sides(pdf, pdfium_reader):
            sizes = {}
            for t in s.fronts():
                sizes.setdefault((round(t.x1 - t.x0, 1), round(t.y1 - t.y0, 1)), t)
            for size, t in sizes.items():
                entry = seen.setdefault(size, [0, 0, whole_sheet(pdf, s, t, DEFAULT_PRINTABLE_MM, "auto")])
                entry[0] += sum(1 for f in s.fronts() if (round(f.x1 - f.x0, 1), round(f.y1 - f.y0, 1)) == size)
                entry[1] += 1
        over = {size: (n, sheets, most) for size, (n, sheets, most) in seen.items() if sheets > math.ceil(n / most)}
        assert not over, f"{pdf.name}: size in pt: (pieces, sheets, a sheet holds) {over}"


def test_no_gutterfold_sheet_of_the_five_games_leaves_its_backs_half_blank(games_pdfs, pdfium_reader):
    """A folded sheet puts backs behind its fronts; sets with no back (money notes, standees) print on plain sheets, the
    whole page, rather than on one half of a fold sheet whose other half stays blank. (A piece may still lack a back in a
    set whose others have one: Police Precinct's murderer among the unknowns.)"""
    for pdf in games_pdfs("gutterfold").pdfs:
        for i, s in enumerate(sides(pdf, pdfium_reader)):
            if s.kind == "one-sided":
                fronts, backs = len(s.fronts()), len(s.trims) - len(s.fronts())
                assert 2 * backs >= fronts, f"{pdf.name} page {i + 1}: {fronts} fronts, {backs} backs"
        if "-tokens" in pdf.name:  # folded sheets and plain sheets of pieces without backs: all printed on one side
            assert PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex", pdf.name


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_back_of_the_five_games_lies_behind_a_front_of_its_size(games_pdfs, pdfium_reader, variant):
    """Duplex (long edge): a backs page follows its fronts page, each back where the flip puts a front (a portrait page
    mirrors left-right, a landscape one top-bottom); a slot whose piece has no back stays empty. Gutterfold: every piece
    in the backs' half is the mirror image across the fold of a front, and no art comes within 5 mm of the fold."""
    for pdf in games_pdfs(variant).pdfs:
        pages = sides(pdf, pdfium_reader)
        for i, s in enumerate(pages):
            if s.kind == "backs":
                front = pages[i - 1]
                assert front.kind == "fronts" and (front.w, front.h) == (s.w, s.h)
                mirrored = {_mirror(front, t, s.h > s.w) for t in front.trims}
                stray = [_key(t) for t in s.trims if _key(t) not in mirrored]
                assert not stray and len(s.trims) <= len(front.trims), f"{pdf.name} page {i + 1}: backs behind no front {stray[:3]}"
            elif s.kind == "one-sided":
                assert s.fold in ("h", "v"), f"{pdf.name} page {i + 1}: no fold line"
                fronts = s.fronts()
                mirrored = {_mirror(s, t, True) for t in fronts}
                backs = [t for t in s.trims if t not in fronts]
                stray = [_key(t) for t in backs if _key(t) not in mirrored]
                assert not stray, f"{pdf.name} page {i + 1}: backs across the fold from no front {stray[:3]}"
                fold = s.h / 2 if s.fold == "h" else s.w / 2
                near = min(abs(v - fold) for t in s.trims for v in ((t.y0, t.y1) if s.fold == "h" else (t.x0, t.x1)))
                assert near >= 5 * MM - 0.1, f"{pdf.name} page {i + 1}: a trim {near / MM:.1f} mm from the fold"


def test_a_sheet_holding_exactly_half_its_slots_is_half_full_not_under_half():
    """docs/print-and-cut.md: no sheet but the last is under half full. Two tarot cards fill half of the four a Letter
    sheet holds (that page's table: 4 tarot), so a sheet of two before a last sheet of one is no sheet under half
    full; one card before two is."""
    grid = plan_sheet("letter", TAROT)
    assert grid.per_sheet == 4
    two, one = [Placement(0, grid, 0, 2, 0, 4)], [Placement(1, grid, 0, 1, 0, 4)]
    assert under_half([two, one]) == []
    assert under_half([one, two]) == [0]


def test_a_gutterfold_sheet_prints_once_its_backs_folded_behind_its_fronts_not_on_a_page_of_their_own():
    """docs/print-and-cut.md: a gutterfold sheet puts each front beside its back, printed on one side and folded; a duplex
    sheet prints its fronts and then its backs page. 12 poker cards with backs: each fold sheet is one printed page,
    each duplex sheet two."""
    folded = plan_pages("letter", [(POKER, 12)], layout="gutterfold")
    assert folded and all(isinstance(page[0].grid, FoldSheet) for page in folded)
    assert printed_pages(folded, [True]) == len(folded)
    duplex = plan_pages("letter", [(POKER, 12)])
    assert printed_pages(duplex, [True]) == 2 * len(duplex) == 4


def test_pieces_without_backs_on_a_gutterfold_build_print_on_a_plain_sheet_the_whole_page():
    """docs/print-and-cut.md: on `--layout gutterfold`, pieces that print no back go on plain one-sided sheets, the whole
    page, so no half of a fold sheet stays blank: nine poker cards without backs fill Letter's 3 × 3, one sheet."""
    plan = plan_pages("letter", [(POKER, 9)], layout="gutterfold", backs=[False])
    assert len(plan) == 1 and not isinstance(plan[0][0].grid, FoldSheet)
    assert sum(p.count for p in plan[0]) == 9 and printed_pages(plan, [False]) == 1


def test_a_shared_sheet_is_as_full_as_the_share_of_a_whole_sheet_each_piece_takes():
    """packing.fill: each piece takes 1/n of a sheet, n the pieces of its size a whole sheet holds, however few its band
    holds. 2 tarot cards (4 a Letter sheet, 2 × 2) and 3 poker cards (9, 3 × 3) share one upright page in two bands of
    one row each: 2/4 + 3/9 of a sheet, not two full bands."""
    pages = plan_pages("letter", [(TAROT, 2), (POKER, 3)])
    assert len(pages) == 1 and {p.group for p in pages[0]} == {0, 1} and not pages[0][0].grid.landscape
    assert fill(pages[0]) == pytest.approx(2 / 4 + 3 / 9)


def test_the_sets_left_over_stack_on_as_few_printed_pages_as_the_paper_allows():
    """First-fit decreasing: 27 tarot cards with backs fill 6 Letter sheets (4 a sheet) and leave 3 for a seventh, whose
    fourth slot no row of the 9 tokens without backs fits beside (a tarot row is 120 mm of the page): 7 two-sided sheets
    and the tokens' one-sided page, 15 pages. Stacked shortest first, the tokens' band came first and pushed a tarot
    card onto a two-sided page of its own: 16."""
    pages = plan_pages("letter", [((30, 30), 9), (TAROT, 27)], backs=[False, True])
    assert printed_pages(pages, [False, True]) == 15
    assert [sum(p.count for p in page if p.group == 1) for page in pages] == [4] * 6 + [3, 0]


def test_a_set_with_backs_joins_the_first_page_with_room_for_it_not_a_page_of_one_sided_pieces():
    """22 mini cards without backs (16 a Letter sheet, 4 × 4) leave 6; 5 landscape poker cards with backs and 2 tokens
    with backs share one two-sided sheet: a one-sided sheet, a sheet and its backs page, and the 6 minis' one-sided
    sheet, 4 pages. Put beside the minis, the tokens would give that sheet a backs page too: 5."""
    backs = [True, False, True]
    pages = plan_pages("letter", [((30, 30), 2), (MINI, 22), ((88.9, 63.5), 5)], backs=backs)
    assert printed_pages(pages, backs) == 4
    assert [sorted({p.group for p in page}) for page in pages] == [[1], [0, 2], [1]]


def test_a_gutterfold_pdf_keeps_one_orientation_where_mixing_prints_no_fewer_pages():
    """docs/print-and-cut.md: every page of a PDF has the same orientation where it can. 8 landscape pieces with backs fold
    two to a turned Letter sheet; the 3 tokens without backs print on a plain sheet turned the same way, not upright."""
    pages = plan_pages("letter", [((120, 70), 8), ((38, 38), 3)], layout="gutterfold", backs=[True, False])
    assert len(pages) == 5 and all(isinstance(page[0].grid, FoldSheet) for page in pages[:4])
    assert {p.grid.landscape for page in pages for p in page} == {True}


def test_a_set_without_backs_is_never_moved_onto_a_gutterfold_sheet_to_even_the_pages():
    """docs/print-and-cut.md: on `--layout gutterfold`, pieces that print no back go on plain one-sided sheets. 5 poker
    cards and 9 tokens of 25 mm without backs share a plain sheet; the 2 tokens of 20 mm with backs take a fold sheet.
    Evening the pages never moves the tokens without backs onto the fold sheet, above a fold with nothing behind them."""
    backs = [False, True, False]
    pages = plan_pages("letter", [(POKER, 5), ((20, 20), 2), ((25, 25), 9)], layout="gutterfold", backs=backs)
    assert printed_pages(pages, backs) == 2
    for page in pages:
        assert all(isinstance(p.grid, FoldSheet) == backs[p.group] for p in page), [(p.group, type(p.grid).__name__) for p in page]
