"""Rulebook pages as a publisher sets them: a cover of the game itself, readable lines, heads and breaks in their place;
a paragraph broken across frames keeps two lines or more on either side.

One long book of the tiny game is built once: chapters long enough to spread
over many pages, tables that break at many different heights, quotes typed
straight and symbols. Every promise is read back from the PDF's text, its
positions and its fonts.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import MM, ROOT, TEST_PROJECT, pdf_fonts, render_page, run_pnp
from pdftext import flat, pdf_text
from pypdf import PdfReader

from pnp.layout.fonts import FontBook

RULEBOOK = "output/tiny/tiny-rulebook.pdf"
SOURCE = "data/tiny/rulebook.md"
HEAD_MM = 22.0  # the running head sits in the top margin (rulebook.geometry: 22 mm on Letter and A4)
FOOT_MM = 20.0
CHAPTERS = 8
TABLES = 10
ROWS = 14
MEASURE = 75  # characters: the longest line a reader follows without losing the line

WORDS = " ".join(f"word{i}" for i in range(260))


def long_book() -> str:
    """Chapters of running text, and tables after lead-ins of growing length, so breaks fall everywhere."""
    parts = []
    for c in range(1, CHAPTERS + 1):
        parts.append(f"\n# Chapter {c}\n\n{WORDS}\n\n## Part {c}a\n\n{WORDS}\n")
    parts.append("\n# Tables\n")
    for t in range(TABLES):
        lead = " ".join(f"lead{t}x{i}" for i in range(12 + 23 * t))
        rows = "".join(f"| T{t}r{r} | cell {r} of table {t} |\n" for r in range(ROWS))
        parts.append(f"\n{lead}\n\n| Head{t} | Meaning{t} |\n| --- | --- |\n{rows}")
    parts.append('\n# Typography\n\nShe said "take it" -- the player\'s own card --- and 5--6 counts.\n\n'
                 "Symbols: ★ marks a star, ⚠ a warning and → a move.\n")
    return "".join(parts)


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("book") / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    with (project / SOURCE).open("a", encoding="utf-8") as f:
        f.write(long_book())
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    return project / RULEBOOK


def _lines_in(textpage, box) -> list[str]:
    text = textpage.get_text_bounded(*box)
    return [line.strip() for line in text.splitlines() if line.strip()]


def page_columns(pdf: Path) -> list[list[list[str]]]:
    """For each page after the cover: the text lines of each body column (left half, right half), top to bottom."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        out = []
        for index in range(1, len(doc)):
            page = doc[index]
            w, h = page.get_size()
            tp = page.get_textpage()
            top, bottom = h - HEAD_MM * MM + 2, FOOT_MM * MM - 2
            out.append([_lines_in(tp, (0, bottom, w / 2, top)), _lines_in(tp, (w / 2, bottom, w, top))])
        return out
    finally:
        doc.close()


def running_heads(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        heads = []
        for index in range(1, len(doc)):
            page = doc[index]
            w, h = page.get_size()
            heads.append(" ".join(page.get_textpage().get_text_bounded(w / 2, h - HEAD_MM * MM + 2, w, h).split()))
        return heads
    finally:
        doc.close()


def source_sections(project: Path) -> list[str]:
    return [h.strip() for h in re.findall(r"^#\s+(.+)$", (project / SOURCE).read_text(encoding="utf-8"), re.M)]


def test_the_running_head_is_the_section_in_force_at_the_top_of_each_page(book):
    sections = set(source_sections(book.parents[2]))
    columns, heads = page_columns(book), running_heads(book)
    in_force, checked = "", 0
    for page, (cols, head) in enumerate(zip(columns, heads, strict=False), start=2):
        lines = cols[0] + cols[1]
        at_top = lines[0] if lines and lines[0] in sections else in_force
        assert head == at_top, (page, head, at_top, lines[:2])
        checked += head != ""
        for line in lines:
            if line in sections:
                in_force = line
    assert checked >= 6


def test_a_section_starting_low_on_a_page_does_not_head_it(book):
    """The head once named the last heading on the page: this book has pages where that differs from the one in force."""
    sections = set(source_sections(book.parents[2]))
    columns, heads = page_columns(book), running_heads(book)
    differ = []
    for cols, head in zip(columns, heads, strict=False):
        lines = cols[0] + cols[1]
        last = [line for line in lines if line in sections][-1:]
        if last and last[0] != head:
            differ.append((head, last[0]))
    assert len(differ) >= 3, differ


def test_a_heading_never_ends_a_column(book):
    project = book.parents[2]
    headings = {h.strip() for h in re.findall(r"^#{1,6}\s+(.+)$", (project / SOURCE).read_text(encoding="utf-8"), re.M)}
    for page, cols in enumerate(page_columns(book), start=2):
        for n, lines in enumerate(cols):
            body = [line for line in lines if not line.isdigit()]
            if body:
                assert body[-1] not in headings, (page, n + 1, body[-3:])


def test_a_table_row_is_never_alone_at_a_column_foot_and_a_continued_table_repeats_its_header(book):
    pieces = 0
    for page, cols in enumerate(page_columns(book), start=2):
        for n, lines in enumerate(cols):
            rows: dict[int, list[int]] = {}
            for line in lines:
                m = re.match(r"T(\d+)r(\d+)\b", line)
                if m:
                    rows.setdefault(int(m.group(1)), []).append(int(m.group(2)))
            for table, numbers in rows.items():
                pieces += 1
                assert len(numbers) >= 2, (page, n + 1, table, numbers)
                if min(numbers) > 0:  # a continued table starts with its header
                    first_row = next(i for i, line in enumerate(lines) if re.match(rf"T{table}r\d+\b", line))
                    assert lines[first_row - 1].startswith(f"Head{table}"), (page, n + 1, lines[max(first_row - 2, 0):first_row + 1])
    assert pieces > TABLES  # some tables really broke across columns


def test_a_broken_tables_stripes_go_on_across_the_break(book):
    """Every second row of a table lies on a stripe, counted from its first row under the head, also in the part of a
    table continued on the next column or page: rows T·r1, T·r3… striped, T·r0, T·r2… plain, wherever the table broke."""
    import pdfplumber
    from pdftext import page_texts

    striped = {}
    with pdfplumber.open(book) as pdf:
        for page in (pdf.pages[n] for n, text in enumerate(page_texts(book)) if re.search(r"T\d+r\d+", text)):
            fills = [r for r in page.rects if r["fill"]]
            for word in page.extract_words():
                m = re.fullmatch(r"T(\d+)r(\d+)", word["text"])
                if m:
                    striped[word["text"]] = (int(m.group(2)) % 2 == 1, any(
                        r["x0"] <= word["x0"] and r["x1"] >= word["x1"] and r["top"] <= word["top"] and r["bottom"] >= word["bottom"] for r in fills))
    wrong = sorted(name for name, (odd, on_stripe) in striped.items() if odd != on_stripe)
    assert len(striped) == TABLES * ROWS and not wrong, wrong


def test_quotes_apostrophes_and_dashes_are_typographic(book):
    text = flat(pdf_text(book, " "))
    assert "She said “take it” – the player’s own card — and 5–6 counts." in text
    assert '"take it"' not in text and "player's" not in text


def test_body_lines_hold_at_most_75_characters(book):
    """Lines read across the whole page width (a line set full width is one line here, not two halves)."""
    doc = pdfium.PdfDocument(str(book))
    try:
        longest = 0
        for index in range(1, len(doc)):
            page = doc[index]
            w, h = page.get_size()
            for line in _lines_in(page.get_textpage(), (0, FOOT_MM * MM - 2, w, h - HEAD_MM * MM + 2)):
                if ". . ." in line:  # a contents row: dot leaders, not reading
                    continue
                longest = max(longest, len(line))
                assert len(line) <= MEASURE, (index + 1, line)
        assert longest > 40  # lines of running text, not fragments
    finally:
        doc.close()


def test_symbols_print_from_an_embedded_symbol_font_that_has_them(book):
    fonts = FontBook(ROOT / "pnp/assets/fonts")
    reader = PdfReader(book)
    embedded = pdf_fonts(reader)
    doc = pdfium.PdfDocument(str(book))
    try:
        page_index = next(i for i in range(len(doc)) if "⚠" in doc[i].get_textpage().get_text_range())
        tp = doc[page_index].get_textpage()
        text = tp.get_text_range()
        image = render_page(book, page_index, dpi=300)
        h_pt = doc[page_index].get_size()[1]
        for symbol in "★⚠→":
            index = text.index(symbol, text.index("Symbols:"))
            buf = pdfium.raw.ctypes.create_string_buffer(256)
            pdfium.raw.FPDFText_GetFontInfo(tp.raw, index, buf, 256, None)
            font = buf.value.decode()
            family = "noto-sans-symbols2" if "Symbols2" in font else "noto-sans-symbols" if "Symbols" in font else None
            assert family, (symbol, font)
            assert any(font.split("+")[-1] in name for name, is_embedded in embedded.items() if is_embedded), (font, embedded)
            assert fonts.covers(fonts.font_name(family), symbol)  # the glyph is the font's own, not its empty .notdef box
            left, bottom, right, top = tp.get_charbox(index)
            box = image.crop((int(left * 300 / 72), int((h_pt - top) * 300 / 72), int(right * 300 / 72) + 1, int((h_pt - bottom) * 300 / 72) + 1))
            assert box.convert("L").getextrema()[0] < 100, symbol  # and it draws ink
    finally:
        doc.close()


def test_the_cover_is_the_games_board_and_cards_and_not_white(book):
    doc = pdfium.PdfDocument(str(book))
    try:
        page = doc[0]
        _w, h = page.get_size()
        forms = [obj.get_bounds() for obj in page.get_objects(max_depth=1) if obj.type == pdfium.raw.FPDF_PAGEOBJ_FORM]
    finally:
        doc.close()
    big = [b for b in forms if (b[2] - b[0]) > 30 * MM and (b[3] - b[1]) > 30 * MM]
    assert len(big) >= 2, forms  # the board and cards, drawn from their own faces
    top = max(b[3] for b in big)
    bottom = min(b[1] for b in big)
    assert (top - bottom) > 0.4 * h
    image = render_page(book, 0, dpi=40).convert("L")
    rows = [image.crop((0, y, image.width, y + 1)) for y in range(image.height)]
    blank = sum(1 for row in rows if row.getextrema()[0] > 245)
    assert blank / image.height < 0.35, blank / image.height  # was 70 % white


def test_the_covers_cards_fan_out_as_a_hand_holds_them(book):
    """The cards in front of the board spread like a hand of cards: the leftmost leans left (turned anticlockwise on the
    page), the rightmost right, each as far as the other, so their tops splay apart rather than meet in a V."""
    import math

    doc = pdfium.PdfDocument(str(book))
    try:
        placed = [(obj.get_bounds(), obj.get_matrix().get()) for obj in doc[0].get_objects(max_depth=1) if obj.type == pdfium.raw.FPDF_PAGEOBJ_FORM]
    finally:
        doc.close()
    turned = sorted((bounds[0] + bounds[2], math.degrees(math.atan2(b, a))) for bounds, (a, b, *_) in placed if abs(b) > 1e-3)
    assert len(turned) >= 2, placed
    (_, left), (_, right) = turned[0], turned[-1]
    assert left > 1 and right < -1 and abs(left + right) < 0.1, turned


def test_the_contents_share_page_two_with_the_rules(book):
    columns = page_columns(book)
    page_two = columns[0][0] + columns[0][1]
    assert page_two[0] == "Contents" and "Overview" in page_two[page_two.index("Contents") + 1:]
    assert any(line.startswith("Tiny Test Game is a game") for line in page_two)


def test_a_paragraph_split_across_frames_leaves_at_least_two_lines_on_each_side():
    """Widow and orphan control: wherever the frame ends, a paragraph breaks with two lines or more on either side, or not at all."""
    from pnp.layout.icons import IconLibrary
    from pnp.layout.templates import Layouts
    from pnp.render.flowables import Rich
    from pnp.render.text_setting import Setter, Style

    layouts = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "fonts")).for_game({"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([ROOT / "templates/icons"]))
    style = Style("noto-sans", size=10, leading=1.3)
    line = 10 * 1.3
    paragraph = Rich(Setter(layouts), "Every player draws a card and plays one. " * 12, style)
    _, height = paragraph.wrap(300, 1e6)
    total = round(height / line)
    assert total >= 5, "the test needs a paragraph of five lines or more"
    for room in range(1, total + 1):  # a frame with room for `room` lines
        parts = paragraph.split(300, room * line)
        if not parts:
            continue
        lines = [round(p.wrap(300, 1e6)[1] / line) for p in parts]
        assert sum(lines) == total and min(lines) >= 2, (room, lines)
    assert paragraph.split(300, (total - 1) * line), "a paragraph that fits all but one line splits two lines earlier, not never"


def cover_alt(pdf: Path) -> str:
    """The cover picture's alternative text in the tagged PDF: the first `Figure` of its structure tree."""
    import pikepdf

    with pikepdf.open(pdf) as doc:
        todo = [doc.Root.StructTreeRoot.K]
        while todo:
            elem = todo.pop(0)
            if isinstance(elem, pikepdf.Array):
                todo[:0] = list(elem)
            elif isinstance(elem, pikepdf.Dictionary) and "/S" in elem:
                if elem.S == "/Figure":
                    return str(elem.Alt)
                todo[:0] = [elem.K] if "/K" in elem else []
    raise AssertionError("no Figure in the structure tree")


def test_the_covers_fan_holds_three_cards_one_of_each_deck_first(project):
    """The cover's fan shows three cards (pnp.outputs.rulebook.pages: one card of each deck, then more of the first
    decks): with a second deck of villains beside the heroes, the Knight and the Ogre, one of each, then the heroes'
    second card, AT&T Agent; the tagged cover names them in that order, left to right."""
    (project / "data/tiny/decks/villains.yaml").write_text(
        "name: Villains\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards:\n"
        "  - {id: ogre, name: Ogre, stars: 1, number: 6, text: Smash., side: red, count: 1}\n"
        "  - {id: witch, name: Witch, stars: 2, number: 7, text: Curse., side: blue, count: 1}\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    assert cover_alt(project / RULEBOOK).endswith("; cards: <Knight>, Ogre, AT&T Agent"), cover_alt(project / RULEBOOK)


ASIDES = 10
ASIDE_LINES = 8  # paragraphs of one line in each aside: far less than a column


def asides_book() -> str:
    """A paragraph, a nested list and a rule, then boxed asides (block quotes) one after another, so column ends fall in them."""
    parts = ["# Asides\n\nAlpha paragraph.\n\nBeta paragraph.\n\n- Gamma item.\n  - Delta nested.\n- Epsilon item.\n\n"
             "Above the rule.\n\n---\n\nBelow the rule.\n"]
    for a in range(ASIDES):
        parts.append(f"\nBetween {a}, a paragraph of running text before the aside.\n\n")
        parts.append("\n>\n".join(f"> Q{a}L{k} is a line of the aside." for k in range(ASIDE_LINES)) + "\n")
    return "".join(parts)


@pytest.fixture(scope="module")
def asides(tmp_path_factory) -> list:
    """The pages after the cover of a book of asides, as (page number, pdfplumber words with their column: 0 left, 1 right,
    the page's horizontal lines)."""
    project = tmp_path_factory.mktemp("asides") / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    (project / SOURCE).write_text(asides_book(), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    out = []
    with pdfplumber.open(project / RULEBOOK) as pdf:
        for n, page in enumerate(pdf.pages[1:], start=2):
            words = [{**w, "column": int(w["x0"] > page.width / 2)} for w in page.extract_words()]
            lines = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.5]
            out.append((n, words, lines))
    return out


def test_an_aside_that_fits_a_column_is_never_split_across_columns(asides):
    places: dict[str, set] = {}
    for n, words, _ in asides:
        for w in words:
            if m := re.fullmatch(r"Q(\d+)L\d+", w["text"]):
                places.setdefault(m[1], set()).add((n, w["column"]))
    assert len(places) == ASIDES
    assert len(set().union(*places.values())) >= 3, "the asides should run over three columns or more"
    split = {a: sorted(p) for a, p in places.items() if len(p) > 1}
    assert not split, f"asides split across columns: {split}"


def test_a_nested_list_sits_under_its_item_as_a_paragraph_under_the_one_before(asides):
    top = {w["text"]: w["top"] for _, words, _ in asides for w in words if w["text"] in ("Alpha", "Beta", "Gamma", "Delta")}
    assert top["Delta"] - top["Gamma"] == pytest.approx(top["Beta"] - top["Alpha"], abs=0.3)


def test_a_rule_spans_its_column_as_the_chapters_underline_does(asides):
    """`---` draws a line across the whole column: as long as the line under the level-1 heading above it."""
    _, words, lines = next(p for p in asides if any(w["text"] == "Asides" for w in p[1]))
    at = {w["text"]: w for w in words if w["text"] in ("Asides", "Alpha", "Above", "Below")}
    underline = [ln for ln in lines if at["Asides"]["top"] < ln["top"] < at["Alpha"]["top"]]
    rule = [ln for ln in lines if at["Above"]["bottom"] < ln["top"] < at["Below"]["top"]]
    assert len(underline) == 1 and len(rule) == 1, (underline, rule)
    assert rule[0]["x0"] == pytest.approx(underline[0]["x0"], abs=0.5)
    assert rule[0]["x1"] == pytest.approx(underline[0]["x1"], abs=0.5)


def test_a_paragraph_split_at_a_frames_foot_keeps_every_line_the_room_holds():
    """A paragraph broken across frames (Platypus's `split`, as a rulebook column or a reference column asks it) fills
    the room it is given: its first part is no taller than the room, and one more line (the size times the leading,
    10 pt × 1.3) would pass it. A 100 pt room under 10 pt lines holds seven; the rest goes on, no line lost."""
    from pnp.layout.icons import IconLibrary
    from pnp.layout.templates import Layouts
    from pnp.render.flowables import Rich
    from pnp.render.text_setting import BIG, Setter, Style

    layouts = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts")).for_game(
        {"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    style = Style("noto-sans", size=10, leading=1.3)
    paragraph = Rich(Setter(layouts), "word " * 200, style)
    paragraph.wrap(200, BIG)
    first, rest = paragraph.split(200, 100)
    _, kept = first.wrap(200, BIG)
    rest.wrap(200, BIG)
    assert kept <= 100 < kept + 10 * 1.3, kept
    words = [word for part in (first, rest) for text in part.elements() for op in text.ops for word in op.text.split()]
    assert words == ["word"] * 200
