"""Project Ruin, a real Squib game's shape ported by following docs/coming-from.md alone (tests/ports/project-ruin):
it builds with no finding the docs do not predict, reads its capitalised headers, and prints Squib's named colours
as the rcairo table of the Squib version it came from has them (not as CSS has them)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import run_pnp
from pdftext import pdf_text

PORT = Path(__file__).resolve().parent / "ports/project-ruin"
RCAIRO = Path(__file__).resolve().parent / "samples/rcairo"


def rcairo_colour(table: str, name: str, own: bool) -> tuple[float, float, float]:
    """`name`'s RGB in an extract of rcairo's colors.rb: Cairo::Color's own constant (4 spaces in) or X11's (6)."""
    indent = " " * (4 if own else 6)
    for line in (RCAIRO / table).read_text(encoding="utf-8").splitlines():
        found = re.fullmatch(rf"{indent}{name} = RGB\.new\(([\d.]+), ([\d.]+), ([\d.]+)\)", line)
        if found:
            return tuple(round(float(v), 3) for v in found.groups())
    raise AssertionError(f"{name} not in {table}")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The port built once: (what pnp printed, the cards PDF)."""
    root = tmp_path_factory.mktemp("ruin") / "project"
    shutil.copytree(PORT, root)
    result = run_pnp(root, "build", "project-ruin", "--only", "cards", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    return result.output, root / "out/project-ruin/project-ruin-cards.pdf"


def _card_rects(pdf: Path) -> list[tuple[tuple[float, ...], float, float]]:
    """(fill colour, width pt, height pt) of every card-sized rectangle drawn, as the PDF states them."""
    with pdfplumber.open(pdf) as doc:
        return [(tuple(round(v, 3) for v in rect["non_stroking_color"]), round(rect["width"], 1), round(rect["height"], 1))
                for page in doc.pages for rect in page.rects if rect["width"] > 100]


def _big_fills(pdf: Path) -> list[tuple[float, ...]]:
    return [fill for fill, _, _ in _card_rects(pdf)]


def test_the_port_builds_with_no_error_or_warning(built):
    output, _ = built
    assert not [line for line in output.splitlines() if ": error:" in line or ": warning:" in line], output


def test_squib_gray_prints_as_rcairo_1_16_and_later_has_it(built):
    # Project Ruin's Gemfile.lock pins Squib 0.16 on rcairo 1.17: :gray is X11's gray there (#BEBEBE), not CSS's #808080.
    squib_gray = rcairo_colour("colors-v1.18.5.rb", "GRAY", own=False)
    fills = _big_fills(built[1])
    assert fills.count(squib_gray) == 4 + 4 + 4  # four attack fronts, four attack backs, four opportunity backs
    assert (0.502, 0.502, 0.502) not in fills  # CSS gray, what a port reading "gray" as CSS would print
    assert fills.count((1.0, 1.0, 1.0)) == 4  # :white behind the four opportunities


def test_capitalised_headers_print_as_the_sheet_has_them(built):
    text = pdf_text(built[1], " ")
    assert "Rolling Blackout" in text and "Industry / Physics" in text  # card["Attack Name"], card.Reason1 / card.Reason2
    assert "d20 17" in text and "d6 5" in text
    assert "Night Shift" in text and "2:1" in text  # card.Name, and a ratio kept as the sheet writes it
    assert "Trade one" in text  # Action1, left blank on the other three


def test_a_squib_canvas_with_its_bleed_taken_off_prints_at_its_trim_size_in_its_short_hex(built):
    # Squib's reasons deck: a 2.75in x 1.5in canvas holding 37.5 px (1/8 in) of bleed a side, on '#BBB' (= #BBBBBB).
    reasons = [(w, h) for fill, w, h in _card_rects(built[1]) if fill == (round(0xBB / 255, 3),) * 3]
    assert reasons == [(2.5 * 72, 1.25 * 72)] * 6, reasons  # three fronts and three backs, 2.5 x 1.25 in at the cut
