"""Sheet footers (issue 47): on the five games' default Letter and A4 sheets of every kind, read from the PDFs
(tests/footers.py: pdfplumber's objects read through pdfium, and the pages' content streams), the lines a sheet prints beside its pieces (the
footer, the scale bar's label, a calibration sheet's note, an assembly map's key) never run into each other, the
scale bar, a mark or a piece, and lie whole inside what the printer prints; a footer its sets' names overfill says
how many sets the sheet holds."""
from __future__ import annotations

import footers as F
import pytest
from conftest import ROOT, run_pnp
from pdftext import page_texts

from pnp.core.units import DEFAULT_PRINTABLE_MM

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
KINDS = ("cards", "tokens", "boards", "boxes", "labels", "dice", "reference")
PAPERS = ("letter", "a4")
MM = F.MM
MARGIN_MM = DEFAULT_PRINTABLE_MM  # the default printer profile: 5 mm of every edge unprintable (docs/printing.md)
TOUCH_PT = 0.05  # boxes that share less than this (positions are written to 0.01 pt) only touch


@pytest.fixture(scope="module")
def sheets(shared_build, pdfium_reader):
    """{(paper, pdf name): [(page number, footers.Sheet)]} of every sheet kind the five games print, on Letter and A4:
    the plain builds other files read too (conftest.shared_build), each PDF read once per run (conftest.pdfium_reader:
    pdfplumber's objects, read through pdfium)."""
    folders = {"letter": shared_build(), "a4": shared_build("--paper", "a4")}
    return {(paper, pdf.name): F.read(pdf, pdfium_reader) for paper, out in folders.items() for pdf in sorted(out.glob("*/*.pdf"))
            if any(f"-{kind}" in pdf.name for kind in KINDS)}


def _where(name, page: int, line: F.Line) -> str:
    b = line.ink
    return f"{_name(name)} page {page}: '{line.text[:60]}' at {b.x0 / MM:.1f}–{b.x1 / MM:.1f} × {b.y0 / MM:.1f}–{b.y1 / MM:.1f} mm"


def _name(name) -> str:
    paper, pdf = name
    return f"{pdf} ({paper})"


def test_every_kind_and_paper_was_read(sheets):
    """The promise below has something to hold for: every kind on both papers, and a footer with a scale bar on the
    first page of each file (a label sheet prints none: its labels fill the sheet)."""
    kinds = {kind for _, name in sheets for kind in KINDS if f"-{kind}" in name}
    assert kinds == set(KINDS)
    assert {game for game in GAMES for _, name in sheets if name.startswith(f"{game}-")} == set(GAMES)
    for paper in PAPERS:
        assert {kind for p, name in sheets for kind in KINDS if p == paper and f"-{kind}" in name} == set(KINDS), paper
    for (paper, name), pages in sheets.items():
        if "-labels" in name:
            continue
        number, first = pages[0]
        assert number == 1 and first.bar is not None, f"{name} ({paper}): no 50 mm scale bar on page 1"
        assert any("100%" in line.text for line in first.lines), f"{name} ({paper}): no footer on page 1"


def test_no_two_lines_of_a_sheets_margin_overlap_and_none_runs_into_the_scale_bar(sheets):
    problems = []
    for name, pages in sheets.items():
        for number, sheet in pages:
            for i, line in enumerate(sheet.lines):
                for other in sheet.lines[i + 1 :]:
                    if F.overlaps(line.ink, other.ink, TOUCH_PT):
                        problems.append(f"{_where(name, number, line)} overlaps '{other.text[:40]}'")
                if sheet.bar is not None and F.overlaps(line.ink, sheet.bar, TOUCH_PT):
                    problems.append(f"{_where(name, number, line)} runs into the scale bar")
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} overlaps)"


def test_no_line_of_a_sheets_margin_lies_on_a_piece_or_a_mark(sheets):
    """A footer over a card's art, a crop mark through a word: neither prints legibly, and the card is marked. (A board
    tile's labels lie in its overlap strips, which assembly cuts off or covers.)"""
    problems = []
    for name, pages in sheets.items():
        for number, sheet in pages:
            for line in sheet.lines:
                in_a_strip = any(F.within(line.ink, strip) for strip in sheet.strips)
                if not in_a_strip and any(F.overlaps(line.ink, piece, TOUCH_PT) for piece in sheet.pieces):
                    problems.append(f"{_where(name, number, line)} lies on a piece")
                if any(F.overlaps(line.ink, stroke, TOUCH_PT) for stroke in sheet.strokes):
                    problems.append(f"{_where(name, number, line)} is crossed by a line the sheet draws")
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} lines)"


def test_every_line_of_a_sheets_margin_and_the_scale_bar_lie_inside_what_the_printer_prints(sheets):
    """Inside the printer profile's margin on all four sides: a footer too long for its room would overrun the page."""
    m = MARGIN_MM * MM
    problems = []
    for name, pages in sheets.items():
        for number, sheet in pages:
            for line in sheet.lines:
                b = line.ink
                if b.x0 < m or b.y0 < m or b.x1 > sheet.width - m or b.y1 > sheet.height - m:
                    problems.append(f"{_where(name, number, line)} reaches past the {MARGIN_MM:.2f} mm the printer cannot print")
            bar = sheet.bar
            if bar is not None and (bar.x0 < m or bar.y0 < m or bar.x1 > sheet.width - m or bar.y1 > sheet.height - m):
                problems.append(f"{_name(name)} page {number}: the scale bar reaches past the printable area")
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} lines)"


def test_a_sheet_whose_set_name_overfills_its_footer_says_one_set_in_the_singular(project):
    """A deck's name too long for the footer even at its smallest size gives way to the count of sets on the sheet,
    never cut short: one deck's sheet says '1 set' (English's singular), not '1 sets'."""
    deck = project / "data/tiny/decks/heroes.yaml"
    name = ("Heroes of the Northern Kingdoms and the Southern Marches, their Squires, Hounds, Horses and Banners, as the Old Songs "
            "Tell Them, and as the Minstrels of the Western Isles Sing Them on Long Winter Nights by the Fire")
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Heroes", f"name: {name}", 1), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "heroes")
    assert result.exit_code == 0, result.output
    footers = [line for line in page_texts(project / "output/tiny/tiny-cards-heroes.pdf", [0])[0].splitlines() if "sheet 1 of" in line]
    assert footers and all(line.startswith("Tiny Test Game · 1 set · sheet 1 of ") for line in footers), footers


def test_a_sheets_footer_is_set_in_the_games_body_font_not_its_title_font(project):
    """The tiny game's fonts (data/tiny/game.yaml): body noto-sans, title comfortaa. The card sheet's footer, the one
    line a fronts page sets across its edge ('Tiny Test Game · Heroes · sheet 1 of 2 · fronts …'), is Noto Sans; the
    heroes' titles on the cards stay Comfortaa."""
    import pdfplumber

    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        chars = pdf.pages[0].chars
    footer = [c for c in chars if not c["upright"]]
    assert "".join(c["text"] for c in footer).startswith("Tiny Test Game · Heroes · sheet 1 of "), footer[:3]
    assert {c["fontname"].partition("+")[2] for c in footer} == {"NotoSans-Regular"}
    assert any(c["fontname"].endswith("Comfortaa-Bold") for c in chars if c["upright"])


def test_a_german_sheet_of_backs_tells_the_printer_to_flip_on_the_long_edge_as_the_english_one_does(project):
    """The tiny game's card sheets stand upright on Letter and their backs are turned on the long edge: the English
    footer says 'flip on the long edge', the German edition's says it in German, 'an der langen Kante wenden' (Kante:
    edge; lang: long; kurz would be short), never the other edge."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: Tiny Test Game", "title: Tiny Test Game\nlanguages: [en, de]", 1),
                    encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--lang", "all")
    assert result.exit_code == 0, result.output
    english = [line for text in page_texts(project / "output/tiny/tiny-cards.pdf") for line in text.splitlines() if "backs ·" in line]
    german = [line for text in page_texts(project / "output/tiny/tiny-cards-de.pdf") for line in text.splitlines() if "Rückseiten ·" in line]
    assert english and all(line.endswith("flip on the long edge") for line in english), english
    assert len(german) == len(english) and all(line.endswith("an der langen Kante wenden") for line in german), german


def test_a_footer_up_the_side_keeps_1_mm_clear_of_the_crop_marks_beside_it(project):
    """docs/printing.md: a footer's band keeps 1 mm clear of the nearest crop mark. The tiny game's first card sheet on
    Letter runs its footer up the left edge, beside the marks of the rows' cut lines: every character of the footer's
    ink, read from the PDF, lies 1 mm or more from every 0.3 pt mark."""
    import marks
    import printable as P

    assert run_pnp(project, "build", "--only", "cards", "tiny").exit_code == 0
    path = project / "output/tiny/tiny-cards.pdf"
    view = P.read(path)[0]
    footer = [box for _, box in view.chars if not any(P.meeting([box], [f.bleed for f in view.faces]))]
    assert len(footer) > 40  # its words: game, deck, sheet, fronts, print at 100 %
    ticks = [s.box() for s in marks.read(path)[0].segments if abs(s.width - 0.3) < 0.01]
    assert ticks and not any(P.meeting(footer, ticks, pad=1.0 * P.MM - 0.01)), "a mark within 1 mm of the footer"


def test_only_the_first_fronts_page_of_a_one_sided_print_carries_the_scale_bar(project):
    """docs/printing.md: the first sheet of a file carries the 50 mm scale bar. Printed one-sided (`--duplex none`) the
    tiny game's two fronts pages come first, one after the other, then their backs: the bar and its label are on the
    first page alone, not again on the second sheet's fronts."""
    assert run_pnp(project, "build", "--only", "cards", "tiny", "--duplex", "none").exit_code == 0
    read = F.read(project / "output/tiny/tiny-cards-simplex.pdf")
    assert [sheet.bar is not None for _, sheet in read] == [True, False, False, False]
    assert [any(line.text.startswith("50 mm") for line in sheet.lines) for _, sheet in read] == [True, False, False, False]

