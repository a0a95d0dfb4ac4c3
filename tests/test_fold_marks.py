"""Gutterfold sheets keep a mark of at least 2 mm on every cut line (issue 75 item 4): a grid of mini cards or of player
aids that fills the sheet left its vertical cut lines 1.2 mm of mark in the outer margins (Police Precinct's
investigation cards, Organ Trail's aids); the backs' side of the fold's clearance now holds 3 mm marks. Read from the
five games' gutterfold PDFs: each mark a stroked line on the cut line's extension, measured outside every piece and
inside the printable area of the default printer.
"""
from __future__ import annotations

import printable as P
import pytest
from conftest import MM, run_pnp

from pnp.core.units import DEFAULT_PRINTABLE_MM

MIN_MARK_MM = 2.0  # the least mark a cut line needs to be found with a ruler


def _longest_mark(view, cut) -> float:
    """The longest single mark (mm) on `cut` inside the printable area and off every piece."""
    axis, v, _, _ = cut
    area = P.printable_box(view, DEFAULT_PRINTABLE_MM + P.TOLERANCE_MM)
    longest = 0.0
    for x0, y0, x1, y1, width in view.lines:
        if width > 1.0:
            continue
        if axis == "x" and abs(x0 - v) < P.EPS and abs(x1 - v) < P.EPS:
            span = (max(min(y0, y1), area.y0), min(max(y0, y1), area.y1))
            along = lambda t: (v, t)  # noqa: E731
        elif axis == "y" and abs(y0 - v) < P.EPS and abs(y1 - v) < P.EPS:
            span = (max(min(x0, x1), area.x0), min(max(x0, x1), area.x1))
            along = lambda t: (t, v)  # noqa: E731
        else:
            continue
        if span[1] > span[0]:
            longest = max(longest, P._outside_trims(view, span, along) / MM)
    return longest


def test_every_cut_line_of_a_gutterfold_sheet_has_a_mark_of_2_mm(shared_build, pdfium_reader):
    """Each page is judged on what it draws: a page laid out as an earlier one (its pieces where the earlier one's are,
    its furniture drawn by the same operations: printable.Laid) is read once, through the run's shared reader, and
    every page it stands for is named and counted as before."""
    out = shared_build("--only", "cards", "--only", "tokens", "--only", "reference", "--layout", "gutterfold")
    checked, short = 0, []
    for pdf in sorted(out.glob("*/*-gutterfold.pdf")):
        if not ("-cards" in pdf.name or "-reference" in pdf.name):
            continue
        laid = pdfium_reader.once(pdf, "laid-out", P.laid_out)
        first = {laid[n - 1].alike: view for n, view in zip(P.unlike(laid), P.read(pdf, alike_once=True, reader=pdfium_reader), strict=True)}
        for n, page in enumerate(laid):
            view = first[page.alike]
            if any(f.trim.x1 - f.trim.x0 > 150 * MM for f in view.faces):
                continue  # the reference sheet: a page, not cut
            for cut in P.cut_lines(view):
                checked += 1
                mark = _longest_mark(view, cut)
                if mark < MIN_MARK_MM:
                    short.append(f"{pdf.name} page {n + 1}: cut line {cut[0]} = {cut[1] / MM:.1f} mm, longest mark {mark:.2f} mm")
    assert checked > 500
    assert not short, "\n".join(short[:10]) + f"\n({len(short)} cut lines)"


def test_a_gutterfold_sheets_fold_is_a_dashed_line_from_margin_to_margin_labelled_at_both_ends(project):
    """The fold of a gutterfold sheet is not a cut: it is told apart from the solid cut lines by its dashes, runs across the
    sheet's middle (a sheet folded in half) from one margin to the other, and says 'fold' at both of its ends, so the
    word is in sight at whichever edge the sheet is picked up. Read from the tiny game's gutterfold sheet of cards."""
    import pdfplumber

    result = run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-cards-gutterfold.pdf") as pdf:
        page = pdf.pages[0]
        middle = page.height / 2
        (fold,) = [line for line in page.lines if abs(line["top"] - middle) < 0.5 and abs(line["bottom"] - middle) < 0.5
                   and line["x1"] - line["x0"] > 0.9 * page.width]
        assert fold["dash"][0], "the fold is drawn solid, like a cut line"
        labels = sorted(w["x0"] for w in page.extract_words() if w["text"] == "fold" and 0 < fold["top"] - w["bottom"] < 4)
    assert len(labels) == 2, labels
    assert labels[0] == pytest.approx(fold["x0"], abs=1) and labels[1] > page.width / 2


def test_a_gutterfold_sheets_fold_line_and_its_labels_print_inside_the_printers_5_mm(project):
    """docs/printing.md: with no printer profile nothing is drawn nearer the paper's edge than its 5 mm, and the fold
    line is furniture like any other: its dashes and both of its 'fold' labels, read from the tiny game's gutterfold
    sheet of cards, lie 5 mm or more inside every edge of the page."""
    import pdfplumber

    result = run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-cards-gutterfold.pdf") as pdf:
        page = pdf.pages[0]
        folds = [line for line in page.lines if line["dash"] and line["dash"][0]]
        (fold,) = folds
        labels = [w for w in page.extract_words() if w["text"] == "fold" and 0 < fold["top"] - w["bottom"] < 4]  # not the footer's word
        assert len(labels) == 2, labels
        near = [min(o["x0"], o["top"], page.width - o["x1"], page.height - o["bottom"]) / MM for o in [fold, *labels]]
    assert min(near) >= DEFAULT_PRINTABLE_MM - 0.01, near


def _art_to_fold(pdf) -> float:
    """mm from the first page's fold (its dashed line) to the nearest art: any face's bleed box, read from the PDF."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        (fold,) = [line for line in page.lines if line["dash"] and line["dash"][0]]
        across = fold["x1"] - fold["x0"] > fold["bottom"] - fold["top"]  # a fold across the page: pieces above and below it
        at = page.height - fold["top"] if across else fold["x0"]  # in the PDF's own coordinates, y up
    view = P.read(pdf)[0]
    return min(min(abs(f.bleed.y0 - at), abs(f.bleed.y1 - at)) if across else min(abs(f.bleed.x0 - at), abs(f.bleed.x1 - at))
               for f in view.faces) / MM


def test_a_gutterfold_sheets_art_keeps_as_far_from_the_fold_with_bleed_as_without(project):
    """The fold's clearance is kept to the art, not to the trim: a fold made a few mm off still misses the art whether
    the art stops at the trim or runs 3 mm past it (`--bleed`), so each card's trim moves out by its bleed and the art's
    edge stays where it was, 5 mm from the fold (docs/print-and-cut.md). Read from the tiny game's gutterfold sheets of cards, built each way."""
    assert run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold").exit_code == 0
    plain = _art_to_fold(project / "output/tiny/tiny-cards-gutterfold.pdf")
    assert run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold", "--bleed").exit_code == 0
    (bled,) = (project / "output/tiny").glob("tiny-cards-gutterfold-bleed*.pdf")
    assert plain == pytest.approx(5.0, abs=0.05)  # docs/print-and-cut.md: the art keeps 5 mm from the fold
    assert _art_to_fold(bled) == pytest.approx(plain, abs=0.05), (plain, _art_to_fold(bled))


def test_a_gutterfold_pdfs_first_sheet_carries_the_50_mm_scale_bar_to_check_100_percent(project):
    """docs/printing.md: the first sheet of every sheet PDF carries a 50 mm scale bar, to measure that the print came out
    at 100 %; a gutterfold PDF, printed one-sided and folded, is no exception. Read from the tiny game's gutterfold sheets
    of cards: the bar's words on the first page, and only there."""
    from pdftext import page_texts

    result = run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold")
    assert result.exit_code == 0, result.output + result.stderr
    texts = [" ".join(t.split()) for t in page_texts(project / "output/tiny/tiny-cards-gutterfold.pdf")]
    assert len(texts) > 1
    assert ["50 mm: measure to check 100 % scale" in t for t in texts] == [True] + [False] * (len(texts) - 1)


def test_a_gutterfold_sheets_backs_are_turned_half_a_turn_so_they_read_upright_once_folded(project):
    """docs/print-and-cut.md: a gutterfold sheet folds along the middle instead of printing double-sided, its backs turned
    180° unless `--fold-rotation 0` asks them upright (docs/commands.md), so that, folded over the horizontal fold and the card turned over sideways, each
    back reads upright behind its front. Read from the tiny game's gutterfold sheet of cards: every letter of the backs
    below the fold is drawn upside down, every letter of the fronts above it upright (the footer aside)."""
    import pdfplumber

    result = run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-cards-gutterfold.pdf") as pdf:
        page = pdf.pages[0]
        fold = page.height / 2
        backs = [c["matrix"][:4] for c in page.chars if fold < c["top"] < page.height - 10 * MM]  # the footer below them aside
        fronts = [c["matrix"][:4] for c in page.chars if c["bottom"] < fold]
    assert backs and all(m == pytest.approx((-1, 0, 0, -1)) for m in backs), backs[:3]
    assert fronts and all(m == pytest.approx((1, 0, 0, 1)) for m in fronts), fronts[:3]
