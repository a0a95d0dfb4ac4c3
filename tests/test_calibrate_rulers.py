"""The calibration sheet's margin rulers (issue 19): one on each edge, in mm from the paper's edge inward, so the
first tick a printer prints is its margin, saved with `pnp calibrate --save NAME --margin …`. Read from the PDF."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import render_page, run_pnp
from pdfplumber.utils import extract_words

from pnp.core.units import PAPER_SIZES

MM = 72 / 25.4
TICKS_MM = [k / 2 for k in range(21)]  # 0, 0.5, … 10 mm: home printers leave 3 to 6.35 mm blank
EDGES = ("top", "right", "bottom", "left")


def _sheet(project, paper: str):
    out = project / f"cal-{paper}.pdf"
    result = run_pnp(project, "calibrate", "--paper", paper, "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def _tick_lines(page, width_mm: float, height_mm: float) -> dict[str, list[tuple[float, float, float]]]:
    """Short straight lines within 10.3 mm of each edge and parallel to it: (distance from that edge, from, to along it), mm."""
    found: dict[str, list] = {e: [] for e in EDGES}
    for ln in page.lines:
        x0, x1 = ln["x0"] / MM, ln["x1"] / MM
        top, bottom = ln["top"] / MM, ln["bottom"] / MM  # from the page's top
        if max(x1 - x0, bottom - top) > 3.2:
            continue
        if abs(bottom - top) < 0.01:  # level: a tick of the top or bottom ruler
            if top <= 10.3:
                found["top"].append((round(top, 2), x0, x1))
            elif height_mm - top <= 10.3:
                found["bottom"].append((round(height_mm - top, 2), x0, x1))
        elif abs(x1 - x0) < 0.01:  # upright: a tick of the left or right ruler
            if x0 <= 10.3:
                found["left"].append((round(x0, 2), top, bottom))
            elif width_mm - x0 <= 10.3:
                found["right"].append((round(width_mm - x0, 2), top, bottom))
    return found


def _ticks(page, width_mm: float, height_mm: float) -> dict[str, list[float]]:
    return {e: [d for d, _, _ in lines] for e, lines in _tick_lines(page, width_mm, height_mm).items()}


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_edge_has_a_ruler_in_mm_from_the_paper_edge(project, pdfium_reader, paper):
    """Read as pdfplumber reports the sheet's lines and characters, through pdfium (conftest.pdfium_reader)."""
    pdf = _sheet(project, paper)
    w, h = PAPER_SIZES[paper]
    page, back = pdfium_reader.pages(pdf, [1, 2])
    ticks = _ticks(page, w, h)
    for edge in EDGES:
        assert sorted(ticks[edge]) == pytest.approx(TICKS_MM, abs=0.02), (edge, sorted(ticks[edge]))
    # every second mm is labelled, beside its tick: the label's middle within 0.5 mm of the tick's distance
    words = extract_words(page.chars, keep_blank_chars=False, use_text_flow=False)
    for edge in EDGES:
        for mm in (2, 4, 6, 8, 10):
            beside = []
            for wd in words:
                mid_x, mid_y = (wd["x0"] + wd["x1"]) / 2 / MM, (wd["top"] + wd["bottom"]) / 2 / MM
                d = {"top": mid_y, "bottom": h - mid_y, "left": mid_x, "right": w - mid_x}[edge]
                if wd["text"] in (str(mm), str(mm)[::-1]) and abs(d - mm) < 0.5:  # pdfplumber spells turned words backwards
                    beside.append(wd)
            assert beside, f"no label {mm} beside the {edge} ruler's {mm} mm tick"
    # the front's back page carries no rulers: the margin is read once
    assert all(not v for v in _ticks(back, w, h).values())


@pytest.mark.parametrize("margin", [3.0, 4.23, 6.35])
def test_a_printer_reads_its_margin_on_the_rulers(project, pdfium_reader, margin):
    """White out what a printer with this margin cannot print: on every edge the first tick left is the next
    half millimetre at or past the margin, so the user reads it within 0.5 mm and saves it."""
    pdf = _sheet(project, "letter")
    w, h = PAPER_SIZES["letter"]
    dpi = 600
    px = dpi / 25.4
    page = np.asarray(render_page(pdf, 0, dpi).convert("L"), dtype=np.int16)
    edge = round(margin * px)
    page[:edge], page[-edge:], page[:, :edge], page[:, -edge:] = 255, 255, 255, 255
    ticks = _tick_lines(pdfium_reader.pages(pdf, [1])[0], w, h)
    expected = min(t for t in TICKS_MM if t >= margin - 0.05)  # the first tick at or past the margin (one on it prints half its width)
    rows, cols = page.shape
    for side in EDGES:
        printed = []
        for d, lo, hi in sorted(ticks[side]):
            a, b = round(lo * px), round(hi * px) + 1  # along the tick
            k = round(d * px)  # across it: 1 px either side of its line
            strip = {"top": page[k - 1 : k + 2, a:b], "bottom": page[rows - k - 2 : rows - k + 1, a:b],
                     "left": page[a:b, k - 1 : k + 2], "right": page[a:b, cols - k - 2 : cols - k + 1]}[side]
            if strip.size and strip.min() < 128:
                printed.append(d)
        assert printed and printed[0] == pytest.approx(expected, abs=0.01), (side, printed[:3])
    result = run_pnp(project, "calibrate", "--save", "measured", "--margin", f"{expected:g}")
    assert result.exit_code == 0 and f"cannot print the outer {expected:g} mm" in result.output


def test_saving_a_margin_keeps_the_back_offset_the_printer_had(project):
    """Offset and margin are read off the sheet at different times: saving one keeps the other (docs/printing.md), so a
    build with the printer moves its backs and keeps its margin both, as its file name says (docs/commands.md)."""
    import yaml

    assert run_pnp(project, "calibrate", "--save", "laser", "--offset", "0.5,-0.25").exit_code == 0
    assert run_pnp(project, "calibrate", "--save", "laser", "--margin", "4.2").exit_code == 0
    assert yaml.safe_load((project / "pnp.yaml").read_text(encoding="utf-8"))["printers"]["laser"] == {"offset": [0.5, -0.25], "margin": 4.2}
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--printer", "laser")
    assert result.exit_code == 0, result.output
    assert [p.name for p in (project / "output/tiny").glob("tiny-cards*.pdf")] == ["tiny-cards-offset+0.5-0.25mm-margin4.2mm.pdf"]


def test_four_margins_saved_say_the_widest_the_printer_cannot_print(project):
    """An inkjet read off the rulers as 3 mm at the top and sides and half an inch (12.7 mm) at the bottom, as many
    leave at the sheet's trailing edge: a build keeps the widest side's on every side (a sheet may be fed either way),
    and the line saving it says that side's 12.7 mm, not the narrowest's 3."""
    result = run_pnp(project, "calibrate", "--save", "inkjet", "--margin", "3,3,12.7,3")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "pnp.yaml: printer 'inkjet' cannot print the outer 12.7 mm; build with --printer inkjet"


def test_a_short_edge_sheet_says_so_asks_the_print_dialog_for_it_and_places_its_back_for_it(project):
    """`pnp calibrate --duplex short`, for a printer that flips on the short edge: the front says to flip on the short
    edge, the PDF asks the print dialog for a short-edge flip, and the back is laid out for that flip, not the long one's."""
    import pdfplumber
    import pikepdf

    pages = {}
    for duplex in ("long", "short"):
        out = project / f"cal-{duplex}.pdf"
        result = run_pnp(project, "calibrate", "--duplex", duplex, "--out", str(out))
        assert result.exit_code == 0, result.output
        with pikepdf.open(out) as pdf:
            assert str(pdf.Root.ViewerPreferences.Duplex) == ("/DuplexFlipShortEdge" if duplex == "short" else "/DuplexFlipLongEdge")
        with pdfplumber.open(out) as pdf:
            pages[duplex] = [(page.extract_text(), sorted((round(o["x0"], 1), round(o["top"], 1), round(o["x1"], 1), round(o["bottom"], 1))
                                                          for o in page.lines + page.rects + page.curves)) for page in pdf.pages]
    assert "flip on the short edge" in pages["short"][0][0] and "flip on the long edge" not in pages["short"][0][0]
    assert pages["short"][1][1] != pages["long"][1][1], "the back's scales placed for the other flip"


@pytest.mark.parametrize("offset, taken", [("20,-20", True), ("25,0", False), ("0,-25", False)])
def test_a_back_offset_is_taken_within_20_mm_each_way_and_refused_past_it(project, offset, taken):
    """The offset read off the calibration sheet moves the backs by a few tenths of a mm: `--offset` takes up to ±20 mm
    across and down, the bound its refusal states, and refuses a misreading past it either way, saving nothing."""
    result = run_pnp(project, "calibrate", "--save", "laser", "--offset", offset)
    if taken:
        assert result.exit_code == 0, result.output
        assert (project / "pnp.yaml").is_file()
    else:
        assert result.exit_code == 2, result.output
        assert f"each offset must be a number of mm within ±20; got '{offset}'" in result.output, result.output
        assert not (project / "pnp.yaml").exists()
