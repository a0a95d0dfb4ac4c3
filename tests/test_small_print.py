"""Small print (issue 47, item 8): whole footers, bundled glyphs, typographic quotes, honest file names, spoken fallbacks.

Each promise is read from the PDFs a build writes (pdfium, pypdf, pdffonts), not from the code's own arithmetic."""
from __future__ import annotations

import dataclasses
import subprocess

import pytest
from conftest import MM, ROOT, SHIPPED_KINDS, build_log, render_page, run_pnp
from pdftext import page_texts, pdf_text
from print_sizes import smallest

from pnp.core.units import DEFAULT_PRINTABLE_MM
from pnp.data.kinds import kind_names

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())

FOOTER_GREY = (0.2, 0.2, 0.2)  # the colour sheet footers print in (pnp.render.pdf.FOOTER_GREY)


def footer_lines(pdf) -> list[tuple[int, str, float]]:
    """(page, footer text, its smallest glyph in pt) of each page: the text printed in the footers' grey."""
    by_page: dict[int, list] = {}
    for size, page, char, colour in smallest(pdf).text:
        if colour == FOOTER_GREY:
            by_page.setdefault(page, []).append((char, size))
    return [(page, "".join(c for c, _ in chars), min(s for _, s in chars)) for page, chars in sorted(by_page.items())]


@pytest.fixture(scope="module")
def token_sheets(shared_build):
    """Police Precinct's and Narco Empire's token sheets on Letter and A4, the two whose footers list the most sets: from
    the plain builds of the five games every file reads (conftest.shared_build)."""
    letter, a4 = shared_build(), shared_build("--paper", "a4")
    return [out / game / f"{game}-tokens{tag}.pdf" for game in ("narco-empire", "police-precinct") for out, tag in ((letter, ""), (a4, "-a4"))]


def test_token_sheet_footers_are_whole_and_at_least_6_pt(token_sheets):
    for pdf in token_sheets:
        assert pdf.is_file(), pdf
        lines = footer_lines(pdf)
        assert lines, pdf
        for page, text, size in lines:
            assert "…" not in text, (pdf.name, page, text)
            assert "sheet " in text and "print" in text, (pdf.name, page, text)  # which sheet, and how to print it
            assert size >= 6, (pdf.name, page, size, text)


def test_the_minus_sign_is_drawn_in_the_texts_own_font_not_a_fallback(project):
    """The tiny game's rogue card and rulebook print '−'; Noto Sans has no minus, so it fell back to DejaVu Sans."""
    assert "−" in (project / "data/tiny/decks/heroes.yaml").read_text() and "−" in (project / "data/tiny/rulebook.md").read_text()
    result = run_pnp(project, "build", "--only", "cards", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.stderr
    for name in ("tiny-cards.pdf", "tiny-rulebook.pdf"):
        fonts = subprocess.run(["pdffonts", str(project / "output/tiny" / name)], capture_output=True, text=True, check=True).stdout
        assert "DejaVu" not in fonts, (name, fonts)


def test_cards_and_boards_print_typographic_quotes_and_apostrophes(project):
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text().replace('text: "Draw **two** cards & gain :star:."', """text: 'Don''t draw: say "pass".'"""), encoding="utf-8")
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text().replace("{name: S1, color: blue}", """{name: "Ada's", color: blue}"""), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "--only", "boards", "-q")
    assert result.exit_code == 0, result.stderr
    cards = pdf_text(project / "output/tiny/tiny-cards.pdf")
    board = pdf_text(project / "output/tiny/tiny-boards.pdf")
    assert "Don’t draw: say “pass”." in cards and "Don't" not in cards and '"pass"' not in cards
    assert "Ada’s" in board and "Ada's" not in board


def test_every_option_that_changes_the_bytes_is_in_the_file_name():
    """An option in the cache key changes what prints; a build with it must not overwrite the default build's file."""
    from pnp.outputs.options import NAMED_ELSEWHERE, NOT_IN_CACHE_KEY, Options, variant_tag

    other = {"paper": "a4", "duplex": "short", "layout": "gutterfold", "bleed": True, "gutter": 4.0, "ink_saver": True,
             "back_offset": (0.5, -0.25), "printable_mm": 6.35, "lang": "de", "cutter": "silhouette", "draft": True,
             "fronts_only": True, "insert": (61.0, 86.0), "edge_bleed": True, "large_print": True}
    default = Options()
    for field in dataclasses.fields(Options):
        if field.name in NOT_IN_CACHE_KEY or field.name in NAMED_ELSEWHERE:
            continue
        assert field.name in other, f"option {field.name} changes the bytes: name it in variant_tag, or say where it is named"
        changed = dataclasses.replace(default, **{field.name: other[field.name]})
        assert any(variant_tag(changed, kind) != variant_tag(default, kind) for kind in kind_names()), field.name


def test_a_back_offset_build_does_not_overwrite_the_normal_one(project):
    assert run_pnp(project, "build", "--only", "cards", "-q").exit_code == 0
    normal = (project / "output/tiny/tiny-cards.pdf").read_bytes()
    result = run_pnp(project, "build", "--only", "cards", "--back-offset", "0.5,-0.25", "-q")
    assert result.exit_code == 0, result.stderr
    assert (project / "output/tiny/tiny-cards.pdf").read_bytes() == normal
    shifted = project / "output/tiny/tiny-cards-offset+0.5-0.25mm.pdf"
    assert shifted.is_file() and shifted.read_bytes() != normal


def test_a_gutterfold_build_that_prints_pieces_duplex_says_so(shared_build):
    """Germ Tycoon's player aids (127 × 170 mm) cannot sit front and back on one side of Letter: the run's gutterfold
    build of the shipped games (conftest.shared_build, as tests/test_packing.py reads it) says so; the plain duplex
    build (every game's every output) says nothing of a layout."""
    said = build_log(shared_build("--only", "cards", "--only", "tokens", "--only", "reference", "--layout", "gutterfold"))
    warned = [line for line in said.splitlines() if line.startswith("data/germ-tycoon/reference.yaml:8:12: warning: Player aids: 127 × 170 mm")]
    assert len(warned) == 1 and "do not fit front and back on one side of Letter" in warned[0] and "prints them duplex" in warned[0], said
    plain = build_log(shared_build())
    assert "germ-tycoon-reference.pdf" in plain and "layout" not in plain and "duplex" not in plain


def test_a_deck_too_large_to_fold_is_warned_at_its_size_once(project):
    """A deck of 127 × 170 mm cards cannot sit front and back either side of a Letter sheet's fold (the sheet is
    279.4 mm long; two such cards need 340 mm): a gutterfold build says so once, at the line and column of the deck's
    `size:`, where the designer changes it."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("size: poker\n", "size: 127 x 170\n", 1), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.stderr.splitlines() if "gutterfold prints them duplex" in line]
    assert len(warned) == 1, result.stderr
    assert warned[0].startswith("data/tiny/decks/heroes.yaml:2:7: warning: Heroes: 127 × 170 mm pieces do not fit front and back "
                                "on one side of Letter"), warned


KINDS = kind_names()  # every PDF a build writes (pnp.data.kinds: card sheets and the documents)
MIN_TEXT_PT, MIN_LINE_PT = 5.0, 0.25
READ = 1e-4  # pt: a PDF holds its numbers to six significant digits; pnp aims a hair above each limit (print_floor.HEADROOM)


def other_kinds(sheet_kinds) -> tuple[str, ...]:
    return tuple(kind for kind in KINDS if kind not in sheet_kinds)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_every_output_prints_lines_of_at_least_a_quarter_point_and_text_of_at_least_5_pt(shipped_builds, game, paper):
    """Read from the pages themselves, forms and their scaling included: a rulebook figure that shows a card at a third
    of its size, a cover's fan of cards, a board's assembly map and every icon drawn small print no line under 0.25 pt
    and no text under 5 pt. The sheets are the default builds other tests read (conftest.shipped_builds)."""
    folders = [shipped_builds(paper, False, DEFAULT_PRINTABLE_MM), shipped_builds(paper, False, DEFAULT_PRINTABLE_MM, other_kinds(SHIPPED_KINDS))]
    pdfs = sorted(pdf for folder in folders for pdf in (folder / game).glob("*.pdf"))
    assert {kind for kind in KINDS for pdf in pdfs if f"-{kind}" in pdf.name} >= {"cards", "rulebook", "boards", "boxes", "labels"}
    for pdf in pdfs:
        found = smallest(pdf)
        assert found.min_text() is None or found.min_text()[0] >= MIN_TEXT_PT - READ, (pdf.name, found.min_text())
        assert found.min_line() is None or found.min_line()[0] >= MIN_LINE_PT - READ, (pdf.name, found.min_line())


def test_the_measure_reads_a_line_as_wide_as_it_prints(tmp_path):
    """A line's width is set in user space and printed under the matrix in force when it is stroked, whichever of the
    two came first (PDF 32000-1, 8.4.3.2), and a glyph prints at its type size under the text matrix and the page's:
    the measure the promise above rests on reads them so."""
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(tmp_path / "lines.pdf"), invariant=1)
    c.setLineWidth(2)
    c.scale(0.5, 0.5)
    c.line(10, 10, 100, 10)  # 2 units at half size: 1 pt
    c.setLineWidth(0.2)
    c.line(10, 30, 100, 30)  # 0.1 pt
    c.scale(4, 4)
    c.line(10, 30, 100, 30)  # the same 0.2 units at twice the size: 0.4 pt
    c.setFont("Helvetica", 5)
    c.drawString(10, 40, "at twice the size: 10 pt")
    text = c.beginText()
    text.setTextTransform(0.5, 0, 0, 0.5, 10, 50)  # a text matrix at half the size, under the page's double: 5 pt
    text.setFont("Helvetica", 5)
    text.textLine("five")
    c.drawText(text)
    c.save()
    found = smallest(tmp_path / "lines.pdf")
    assert [round(width, 6) for width, _ in found.lines] == [1.0, 0.1, 0.4]
    assert [(round(size, 6), run.strip()) for size, _, run, _ in found.text] == [(10.0, "at twice the size: 10 pt"), (5.0, "five")]


def figure_page(pdf, words: str) -> int:
    return next(i for i, text in enumerate(page_texts(pdf)) if words in text)


def test_a_card_shown_small_keeps_its_lines_at_a_hairline_and_shows_its_small_text_as_placeholder_bars(project, pdfium_reader):
    """The tiny rulebook shows the Knight 30 mm wide (under half its size): its 10 pt rules text would print at 4.7 pt,
    so it shows as bars where the text sits; its 13 pt name (6.1 pt) stays text, and so does the card on its sheet.
    A 0.02 mm line prints at 0.25 pt on the sheet and in the figure."""
    rulebook = project / "data/tiny/rulebook.md"
    rulebook.write_text(rulebook.read_text().replace('(card:heroes/knight "45")', '(card:heroes/knight "30")'), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text().replace("{% endblock %}", '{{ line(5, 74, face.w - 5, 74, stroke="ink", stroke_width=0.02) }}\n{% endblock %}'),
                    encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.stderr
    cards, book = project / "output/tiny/tiny-cards.pdf", project / "output/tiny/tiny-rulebook.pdf"
    for pdf in (cards, book):
        found = smallest(pdf)
        assert found.min_text()[0] >= MIN_TEXT_PT - READ and found.min_line()[0] >= MIN_LINE_PT - READ, (pdf.name, found.min_text(), found.min_line())
    rules = "Draw two cards"  # the Knight's rules text (data/tiny/decks/heroes.yaml)
    assert rules in pdf_text(cards)
    page = page_texts(book)[figure_page(book, "The Knight, drawn from")]
    assert "Knight" in page and rules not in page
    assert bars_where_the_rules_sit(book, figure_page(book, "The Knight, drawn from"), pdfium_reader)


THIN_ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
             '<circle cx="256" cy="256" r="200" fill="none" stroke="#000000" stroke-width="2"/></svg>')


def test_a_cards_own_4_pt_words_stay_words_and_an_icons_thin_strokes_print_at_a_hairline(project):
    """On the card sheet, where a card prints at its own size: 4 pt words a template asks for stay text (greeking is for
    a face shown smaller than itself), and an icon whose 2-unit stroke in a 512-unit drawing prints 8 mm wide (0.09 pt)
    is raised to the 0.25 pt hairline."""
    (project / "templates/tiny/icons").mkdir(parents=True, exist_ok=True)
    (project / "templates/tiny/icons/thin-ring.svg").write_text(THIN_ICON, encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text().replace("{% endblock %}", '{{ text("quite small print", 5, 80, 50, 3, size=4, min_size=4) }}\n'
                                             '{{ icon("thin-ring", 50, 60, 8) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    cards = project / "output/tiny/tiny-cards.pdf"
    assert "quite small print" in pdf_text(cards)
    found = smallest(cards)
    assert found.min_line()[0] >= MIN_LINE_PT - READ, found.min_line()


def bars_where_the_rules_sit(pdf, index: int, reader) -> bool:
    """Whether the figure's card shows ink in its rules box (30–50 mm from its top, inside 5 mm sides), found by the
    figure's grey outline (pdfplumber's rects, read through pdfium: `reader`, conftest.pdfium_reader): the bars that
    stand for the text."""
    import numpy as np

    page = reader.pages(pdf, [index + 1])[0]
    outline = next(r for r in page.rects if abs(r["width"] - 30 * MM) < 1 and r["stroke"])
    s = 30 / 63.5  # the figure's scale: 30 mm for the poker card's 63.5
    dpi = 300
    image = np.asarray(render_page(pdf, index, dpi).convert("L"))
    px = dpi / 72
    left, top = outline["x0"] + 5 * MM * s, outline["top"] + 30 * MM * s
    box = image[round(top * px):round((top + 20 * MM * s) * px), round(left * px):round((outline["x1"] - 5 * MM * s) * px)]
    return int((box < 200).sum()) > 0.05 * box.size




def test_a_shape_with_a_zero_width_stroke_is_filled_and_not_stroked(project):
    """Width 0 asks for no visible edge (PDF would draw the thinnest line each device can): it must neither print as a
    device hairline nor be raised to a 0.25 pt line, so the card strokes just what it stroked without that shape."""
    def strokes() -> list[float]:
        assert run_pnp(project, "build", "--only", "cards", "-q").exit_code == 0
        return sorted(width for width, _ in smallest(project / "output/tiny/tiny-cards.pdf").lines)

    before = strokes()
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text().replace("{% endblock %}", '{{ rect(5, 74, 20, 4, fill="gold", stroke="ink", stroke_width=0) }}\n{% endblock %}'),
                    encoding="utf-8")
    assert strokes() == before


def test_a_figures_too_small_words_print_as_bars_lighter_than_the_words_own_ink(project):
    """pnp.render.print_floor: a greeked word's bar is the text's colour lightened toward the paper (type covers about half
    its x-height band, so a solid bar would read darker than the words). The Knight shown 30 mm wide in the rulebook: its
    rules text's bars, inside the figure's rules box, are lighter on every channel than the ink its words print in on the
    card sheet (the game's `ink`, #1d2433)."""
    import pdfplumber

    rulebook = project / "data/tiny/rulebook.md"
    rulebook.write_text(rulebook.read_text().replace('(card:heroes/knight "45")', '(card:heroes/knight "30")'), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards", "--only", "rulebook", "-q")
    assert result.exit_code == 0, result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        ink = {tuple(c["non_stroking_color"]) for found in pdf.pages[0].search("Draw", regex=False) for c in found["chars"]}
    assert ink == {tuple(round(int("1d2433"[i:i + 2], 16) / 255, 6) for i in (0, 2, 4))}, ink
    (words,) = ink
    book = project / "output/tiny/tiny-rulebook.pdf"
    with pdfplumber.open(book) as pdf:
        page = pdf.pages[figure_page(book, "The Knight, drawn from")]
        outline = next(r for r in page.rects if abs(r["width"] - 30 * MM) < 1 and r["stroke"])
        s = 30 / 63.5  # the figure's scale: 30 mm for the poker card's 63.5
        bars = [r for r in page.rects if r["fill"] and r["x0"] >= outline["x0"] and r["x1"] <= outline["x1"]
                and r["top"] >= outline["top"] + 25 * MM * s and r["bottom"] <= outline["top"] + 55 * MM * s]
    assert len(bars) >= 4, bars  # 'Draw two cards & gain' and more, a bar a word
    for bar in bars:
        colour = tuple(bar["non_stroking_color"])
        assert all(c > w + 0.1 for c, w in zip(colour, words, strict=True)), (colour, words)
