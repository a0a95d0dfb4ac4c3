"""Text fitting and rich text: sizes shrink to fit, a word wider than its box even at the smallest size is an error at
its template line, a text fitted for one game is never reused by another, markup is ours (a closing colour tag that
closes no colour is a finding at its place), data never becomes markup."""
from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import ROOT, apply_edits, refusal, run_pnp

from pnp.core.errors import LayoutError
from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.markup import curly_quotes, parse, plain
from pnp.layout.templates import Layouts
from pnp.layout.typeset import IconOp, TextOp

DECK = "data/tiny/decks/heroes.yaml"


@pytest.fixture(scope="module")
def layouts():
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    return lay.for_game({"ink": "#111111", "accent": "#aa0000"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))


def fit(layouts, content, w=50, h=20, size=10, min_size=5, **kw):
    args = dict(font="body", bold=False, italic=False, color="#000000", align="left", valign="top", leading=1.2)
    args.update(kw)
    return layouts.set_text(content, w, h, size, min_size, **args)


def test_short_text_keeps_its_size(layouts):
    assert fit(layouts, "Draw a card.").size == 10


def test_long_text_shrinks_until_it_fits(layouts):
    laid = fit(layouts, "word " * 60)
    assert 5 <= laid.size < 10 and laid.fits
    # and one step larger would not have fitted: asked to stay at that size, the text is refused
    from pnp.layout.typeset import SIZE_STEP

    bigger = laid.size + SIZE_STEP
    with pytest.raises(LayoutError, match="does not fit its 50 × 20 mm box"):
        fit(layouts, "word " * 60, size=bigger, min_size=bigger)


def test_a_word_a_quarter_point_too_wide_is_set_one_quarter_point_smaller(layouts):
    """Sizes go down in quarter points and the largest that fits is taken: a word in a box as wide as the font's own
    metrics (reportlab's stringWidth of Noto Sans) make it at 9.75 pt prints at 9.75 pt, not a step smaller."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = FontBook(ROOT / "pnp/assets/fonts").font_name("noto-sans")
    width = stringWidth("Shapeshifter", font, 9.75) / 72 * 25.4 + 0.01  # mm
    assert stringWidth("Shapeshifter", font, 10) / 72 * 25.4 > width
    laid = fit(layouts, "Shapeshifter", w=width)
    assert (laid.size, laid.lines, laid.fits) == (9.75, 1, True)


def test_a_min_size_between_quarter_points_is_the_last_size_tried(layouts):
    """docs/layouts.md: the size shrinks from `size` down to `min_size` a quarter point at a time, and only text that
    still does not fit is an error. With `min_size=9.9` the quarter points stop at 10 (9.75 is below it): a word that
    fits its box at 9.9 pt by the font's own metrics (reportlab's stringWidth of Noto Sans) prints at 9.9 pt."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = FontBook(ROOT / "pnp/assets/fonts").font_name("noto-sans")
    width = stringWidth("Shapeshifter", font, 9.9) / 72 * 25.4 + 0.01  # mm
    assert stringWidth("Shapeshifter", font, 10) / 72 * 25.4 > width
    laid = fit(layouts, "Shapeshifter", w=width, size=10, min_size=9.9)
    assert (laid.size, laid.lines, laid.fits) == (9.9, 1, True)


def test_the_last_quarter_point_above_min_size_is_tried_before_min_size(layouts):
    """docs/layouts.md: the size shrinks a quarter point at a time down to `min_size`, and the largest that fits is
    taken. With `size=10, min_size=9.6`, 9.75 pt is a step above the floor: a word that fits its box at 9.75 pt by the
    font's own metrics (reportlab's stringWidth of Noto Sans) prints at 9.75 pt, not at the floor of 9.6."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = FontBook(ROOT / "pnp/assets/fonts").font_name("noto-sans")
    width = stringWidth("Shapeshifter", font, 9.75) / 72 * 25.4 + 0.01  # mm
    assert stringWidth("Shapeshifter", font, 10) / 72 * 25.4 > width
    laid = fit(layouts, "Shapeshifter", w=width, size=10, min_size=9.6)
    assert (laid.size, laid.lines, laid.fits) == (9.75, 1, True)


def _width_mm(text: str, family: str, size: float) -> float:
    """`text`'s width in mm at `size` pt by the font's own metrics (reportlab's stringWidth)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, FontBook(ROOT / "pnp/assets/fonts").font_name(family), size) / 72 * 25.4


TITLE = "The Lighthouse Keeper"


def test_a_title_a_little_too_long_for_its_line_shrinks_onto_it_rather_than_wrapping(layouts):
    """docs/layouts.md: a title (`condense=true`) too long for its line shrinks a little rather than wraps, though its
    box is tall enough for two lines: one that fits in its own face (Noto Sans) at 12.5 pt, a tenth under its 14, prints
    on one line at 12.5 pt in that face."""
    laid = fit(layouts, TITLE, w=_width_mm(TITLE, "noto-sans", 12.5) + 0.01, h=40, size=14, condense=True)
    fonts = {op.font for op in laid.ops if isinstance(op, TextOp)}
    assert (laid.size, laid.lines, laid.condensed) == (12.5, 1, "") and fonts == {FontBook(ROOT / "pnp/assets/fonts").font_name("noto-sans")}


def test_a_title_a_quarter_too_long_for_its_line_is_condensed_near_its_size_not_shrunk_in_its_own_face(layouts):
    """docs/layouts.md: a title shrinks only a little in its own face, then is set in the condensed family (fonts.yaml's
    `condensed`, Roboto Condensed): one that would fit its line in Noto Sans only at 10.5 pt, a quarter under its 14,
    prints on one line in Roboto Condensed, at the largest quarter point its own metrics allow (12.5 pt), not at 10.5."""
    width = _width_mm(TITLE, "noto-sans", 10.5) + 0.01
    assert _width_mm(TITLE, "roboto-condensed", 12.5) <= width < _width_mm(TITLE, "roboto-condensed", 12.75)
    laid = fit(layouts, TITLE, w=width, h=40, size=14, condense=True)
    fonts = {op.font for op in laid.ops if isinstance(op, TextOp)}
    assert (laid.size, laid.lines, laid.condensed) == (12.5, 1, "roboto-condensed")
    assert fonts == {FontBook(ROOT / "pnp/assets/fonts").font_name("roboto-condensed")}


def test_text_that_cannot_fit_is_an_error(layouts):
    with pytest.raises(LayoutError, match="does not fit its 50 × 20 mm box even at 5 pt"):
        fit(layouts, "word " * 400)


def test_lines_break_at_spaces_within_the_width(layouts):
    laid = fit(layouts, "alpha beta gamma delta epsilon zeta eta theta iota kappa", w=30, h=40)
    assert laid.lines > 1
    assert all(op.x + op.w <= 30 * 72 / 25.4 + 0.01 for op in laid.ops if isinstance(op, TextOp))


# a justified paragraph on one line is its own last line: it starts at the left, as a typesetter sets it
@pytest.mark.parametrize("align, expect", [("left", 0.0), ("right", 1.0), ("center", 0.5), ("justify", 0.0)])
def test_alignment(layouts, align, expect):
    laid = fit(layouts, "Hi", align=align)
    op = laid.ops[0]
    free = 50 * 72 / 25.4 - op.w
    assert abs(op.x - free * expect) < 0.01


def test_vertical_middle_centres_the_block(layouts):
    top = fit(layouts, "Hi", valign="top").ops[0].y
    middle = fit(layouts, "Hi", valign="middle").ops[0].y
    bottom = fit(layouts, "Hi", valign="bottom").ops[0].y
    assert top < middle < bottom and abs((middle - top) - (bottom - middle)) < 0.01


def test_bold_italic_colour_and_icons(layouts):
    laid = fit(layouts, "a **b** *c* [accent]d[/] :star: e")
    fonts = {op.text: op.font for op in laid.ops if isinstance(op, TextOp)}
    assert fonts["b"].endswith("bold") and fonts["c"].endswith("italic")
    colours = {op.text: op.color for op in laid.ops if isinstance(op, TextOp)}
    assert colours["d"] == "#aa0000"
    assert any(isinstance(op, IconOp) and op.icon == "star" for op in laid.ops)


def test_data_is_never_markup():
    written = "AT&T <Knight> <img src='x.png'/> <a href=\"javascript:x\">y</a>"
    assert plain(written) == curly_quotes(written)  # as written, but for typographic quotes
    assert plain("AT&T <Knight> <img src=x.png/>") == "AT&T <Knight> <img src=x.png/>"
    runs = parse(r"5 \* 3 and [notacolour] and 12:30:", is_colour=lambda name: name == "accent", is_icon=lambda name: name == "star")
    assert "".join(r.text for r in runs) == "5 * 3 and [notacolour] and 12:30:"


def test_control_characters_are_stripped():
    assert plain("bell\x07 and null\x00") == "bell and null"


def test_missing_characters_come_from_the_fallback_font(layouts):
    laid = fit(layouts, "a → c")
    fonts = {op.font for op in laid.ops}
    assert "noto-sans-symbols-regular" in fonts and "noto-sans-regular" in fonts


def test_the_minus_sign_is_the_text_fonts_own_en_dash(layouts):
    laid = fit(layouts, "a − b")
    assert {op.font for op in laid.ops} == {"noto-sans-regular"}


def test_characters_no_font_has_are_an_error(layouts):
    with pytest.raises(LayoutError, match=r"U\+0E01.*Thai: Noto Sans Thai"):  # Thai: no font pnp ships has it (漢 prints now)
        fit(layouts, "ก")


# Inline icons, measured on the printed page -------------------------------------------------------
DOT = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="25" fill="#000"/></svg>'
BLOCK = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="0" y="0" width="100" height="100" fill="#000"/></svg>'
WIDE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect x="0" y="0" width="200" height="100" fill="#000"/></svg>'
LINE = "Pay [red]:dot:[/] HH"  # an icon whose drawing fills only the middle half of its square, beside capitals
WIDE_LINE = "Earn [red]:wide:[/] HH"  # a drawing twice as wide as tall: fitted to its square's width, centred in its height
STACKED = "gjpqy gjpqy\\n[red]:block:[/]"  # descenders above, an icon whose drawing fills its whole square below
DPI = 400


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """The tiny game with 7 pt card text and body rulebook text holding inline icons, built to cards and rulebook."""
    import shutil

    from conftest import TEST_PROJECT, run_pnp

    root = tmp_path_factory.mktemp("icons") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    icons = root / "templates" / "tiny" / "icons"
    icons.mkdir(exist_ok=True)
    (icons / "dot.svg").write_text(DOT)
    (icons / "block.svg").write_text(BLOCK)
    (icons / "wide.svg").write_text(WIDE)
    hero = root / "templates" / "tiny" / "hero.j2"
    hero.write_text(hero.read_text().replace("{% endblock %}", f'{{{{ text("{LINE}", 5, 72, face.w - 10, 5, size=7) }}}}\n'
                                                               f'{{{{ text("{STACKED}", 5, 78, face.w - 25, 8, size=7) }}}}\n{{% endblock %}}'))
    with (root / "data" / "tiny" / "rulebook.md").open("a", encoding="utf-8") as f:
        f.write("\n\n" + LINE + "\n\n" + WIDE_LINE + "\n")
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output" / "tiny"


def _ink_rows(pdf, index, words, pick, below=6):
    """The rows (px at DPI) that hold ink of the kind `pick` picks, in the box around `words` (pdfplumber words on one line)
    and `below` pt under it: that box alone rasterised, on the whole page's pixel grid (print_raster.Region; the whole
    page at 400 dpi cost a quarter of a second a call, the box a few milliseconds, the same rows)."""
    from print_raster import Region

    x0 = min(w["x0"] for w in words) - 2
    x1 = max(w["x1"] for w in words) + 2
    top = min(w["top"] for w in words) - 6
    bottom = max(w["bottom"] for w in words) + below
    k = DPI / 72
    rows, cols = slice(round(top * k), round(bottom * k)), slice(round(x0 * k), round(x1 * k))
    crop = Region(pdf, index, DPI, rows.start, cols.start, rows.stop, cols.stop, rgb=True)[rows, cols]
    return np.nonzero(pick(crop).any(axis=1))[0] + rows.start


def _red(crop):  # the palette's red, #c0392b, and its antialiased edge at half strength or more
    r, g, b = crop[..., 0], crop[..., 1], crop[..., 2]
    return (r - g > 70) & (r - b > 70)


def _dark(crop):
    return crop.max(axis=2) < 128


def _find_line(pdf_path, reader, first, last, words_at_least=2):
    """(page index, words) of the first line of at least `words_at_least` words reading `first` … `last`: pdfplumber's
    words of the page's characters, read through pdfium once per run (`reader`: conftest.pdfium_reader)."""
    from pdfplumber.utils import extract_words

    for page in reader.pages(pdf_path):
        words = extract_words(page.chars)
        for j, w in enumerate(words):
            if w["text"] != first:
                continue
            line = [w]
            for v in words[j + 1 :]:  # the words that follow on the same line of the same text box
                if abs(v["top"] - w["top"]) > 1 or v["x0"] - line[-1]["x1"] > 20:
                    break
                line.append(v)
            if line[-1]["text"] == last and len(line) >= words_at_least:
                return page.number - 1, line
    raise AssertionError(f"no line '{first} … {last}' in {pdf_path.name}")


@pytest.mark.parametrize("kind, first", [("cards", "Pay"), ("rulebook", "Pay"), ("rulebook", "Earn")])
def test_an_inline_icon_stands_at_least_as_tall_as_the_capitals_beside_it(printed, pdfium_reader, kind, first):
    """At 7 pt on a card, a drawing that fills half its square used to print 3.5 pt tall beside 5 pt capitals (Noto Sans:
    0.714 em). A drawing twice as wide as tall (`Earn`) prints in the middle half of its square's height: its ink,
    too, is centred on the capitals."""
    pdf = printed / f"tiny-{kind}.pdf"
    index, words = _find_line(pdf, pdfium_reader, first, "HH")
    capitals = [w for w in words if w["text"] == "HH"]
    icon_rows = _ink_rows(pdf, index, words, _red)
    cap_rows = _ink_rows(pdf, index, capitals, _dark)
    assert len(icon_rows) and len(cap_rows)
    icon_h, cap_h = np.ptp(icon_rows) + 1, np.ptp(cap_rows) + 1
    assert icon_h >= cap_h - 1, (icon_h, cap_h)  # within a pixel: antialiasing
    # centred on the capitals, to a pixel or two
    assert abs((icon_rows.min() + icon_rows.max()) / 2 - (cap_rows.min() + cap_rows.max()) / 2) <= 2


def test_an_inline_icon_never_meets_the_line_above(printed, pdfium_reader):
    """A drawing that fills its whole square, on the line under descenders at the default leading: a gap stays between them."""
    pdf = printed / "tiny-cards.pdf"
    index, above = _find_line(pdf, pdfium_reader, "gjpqy", "gjpqy")
    descenders = _ink_rows(pdf, index, above, _dark, below=12)  # only the line above is dark: the icon below is red
    icon = _ink_rows(pdf, index, above, _red, below=12)
    assert len(icon)
    descenders = descenders[descenders <= icon.max()]  # dark ink wholly below the icon (a version stamp) is no line above it
    assert len(icon) and len(descenders) and descenders.max() < icon.min(), (descenders.max(), icon.min())


def test_an_inline_icon_grown_past_its_drawings_padding_keeps_its_line_room_either_side(printed, pdfium_reader):
    """`Pay :dot: HH` at 7 pt: the dot fills the middle half of its square, so the square grows until the dot stands as
    tall as the capitals, and the line gives the icon that whole square: its ink sits as far from "Pay" as from "HH"
    (a space and the square's padding either side), never crowding the word after it."""
    from print_raster import Region

    pdf = printed / "tiny-cards.pdf"
    index, words = _find_line(pdf, pdfium_reader, "Pay", "HH")
    pay, hh = words[0], words[-1]
    k = DPI / 72
    rows, cols = slice(round((pay["top"] - 2) * k), round((pay["bottom"] + 2) * k)), slice(round(pay["x1"] * k), round(hh["x0"] * k))
    crop = Region(pdf, index, DPI, rows.start, cols.start, rows.stop, cols.stop, rgb=True)[rows, cols]
    ink = np.nonzero(_red(crop).any(axis=0))[0]
    assert len(ink)
    before, after = ink.min(), (cols.stop - cols.start) - 1 - ink.max()  # pixels of no ink between each word and the dot
    assert abs(before - after) <= 2, (before, after)


def test_a_text_fitted_for_one_game_is_not_reused_by_another_with_other_fonts_and_colours():
    shared = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "fonts"))
    icons = IconLibrary([ROOT / "templates/icons"])
    first = shared.for_game({"ink": "#111111", "accent": "#aa0000"}, {"body": "noto-sans"}, icons)
    second = shared.for_game({"ink": "#111111", "accent": "#0000aa"}, {"body": "comfortaa"}, icons)
    args = ("Draw [accent]two[/] cards", 50, 20, 10, 5, "body", False, False, "ink", "left", "top", 1.2)
    a, b = first.set_text(*args), second.set_text(*args)
    fonts_a, fonts_b = {op.font for op in a.ops}, {op.font for op in b.ops}
    colours_a, colours_b = {op.color.lower() for op in a.ops}, {op.color.lower() for op in b.ops}
    assert all(f.startswith("noto-sans") for f in fonts_a) and all(f.startswith("comfortaa") for f in fonts_b), (fonts_a, fonts_b)
    assert "#aa0000" in colours_a and "#0000aa" in colours_b and "#aa0000" not in colours_b, (colours_a, colours_b)


def test_the_same_words_asked_in_another_colour_print_in_that_colour():
    """A game sets each distinct line once: the same words in the same font, size and box, asked in red, then in near
    black, then in red again, print in each colour asked, not the first one's."""
    game = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts")).for_game(
        {"ink": "#111111", "accent": "#aa0000"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    colours = []
    for colour in ("#aa0000", "#111111", "#aa0000"):
        laid = fit(game, "Draw two cards", color=colour)
        colours.append({op.color.lower() for op in laid.ops})
    assert colours == [{"#aa0000"}, {"#111111"}, {"#aa0000"}]


def test_the_same_words_asked_at_another_size_print_at_that_size():
    """A game sets each distinct line once: the same words in the same font, colour and box, asked at 10 pt, then at
    14 pt, then at 10 pt again, print at each size asked (and 14 pt words are wider), not the first one's."""
    game = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts")).for_game(
        {"ink": "#111111", "accent": "#aa0000"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    sizes = [{op.size for op in fit(game, "Draw two cards", size=size).ops} for size in (10, 14, 10)]
    assert sizes == [{10}, {14}, {10}]

def test_a_line_written_wholly_in_a_marked_colour_prints_in_that_colour_not_the_texts(layouts):
    """A deck's line set once for the game (pnp.layout.paragraphs) that is all one `[accent]…[/]` run prints in the
    palette's accent (#aa0000), while the line above it keeps the text's own black."""
    laid = fit(layouts, "Pay two coins\n[accent]Draw two cards[/]")
    assert {op.text: op.color.lower() for op in laid.ops} == {"Pay two coins": "#000000", "Draw two cards": "#aa0000"}


def test_a_word_begun_in_bold_prints_the_hyphen_of_its_break_in_the_face_of_the_letters_before_it(layouts):
    """A word whose first letters are bold (`**super**characteristically`) broken in its plain letters: the hyphen
    ends those plain letters, so it prints in their regular face, as the line's other plain words do, not in the bold
    the word began in."""
    laid = fit(layouts, "Play a **super**characteristically strong card", w=35, h=40, size=10, min_size=10, hyphenate=True)
    first = [(op.text, op.font) for op in laid.ops if op.y == laid.ops[0].y]
    assert first == [("Play a", "noto-sans-regular"), ("super", "noto-sans-bold"), ("charac-", "noto-sans-regular")], first


def test_short_lines_too_many_for_their_box_shrink_until_every_line_is_inside_it(layouts):
    """Five one-word lines at 10 pt and 1.2 leading stand 12 pt apart: their baselines need 4 × 12 pt below the
    first, more than a 15 mm (42.5 pt) box holds. The text shrinks, and every line's baseline is inside the box."""
    laid = fit(layouts, "One\nTwo\nThree\nFour\nFive", w=50, h=15, size=10, min_size=5)
    assert [op.text for op in laid.ops] == ["One", "Two", "Three", "Four", "Five"]
    assert laid.fits and laid.size < 10
    assert max(op.y for op in laid.ops) <= 15 / 25.4 * 72

def test_one_word_wider_than_its_box_is_an_error_not_an_overflow(project):
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "append": '{{ text("Supercalifragilisticexpialidocious", 5, 75, 12, 8, size=9, min_size=5) }}\n'}])
    refusal(run_pnp(project, "build", "--only", "cards"), "does not fit its 12 × 8 mm box even at 5 pt", "templates/tiny/frame.j2:6:")


def test_a_stray_closing_colour_tag_is_a_located_finding(project):
    apply_edits(project, [{"file": DECK, "replace": ['text: "Steal 1 coin − then run → away."', 'text: "Steal 1 coin[/] − then run → away."']}])
    result = run_pnp(project, "validate", "tiny")
    shown = result.output
    assert "Traceback" not in shown
    line = next(n for n, text in enumerate((project / DECK).read_text(encoding="utf-8").splitlines(), 1) if "coin[/]" in text)
    assert re.search(rf"{DECK}:{line}:\d+: \w+: .*\[/\] closes no colour", shown), shown


def test_a_closing_colour_tag_that_closes_a_colour_is_no_finding(project):
    result = run_pnp(project, "validate", "tiny")
    assert "closes no colour" not in result.output, result.output  # the deck's own "[blue]blue[/]" is balanced


# Justified text, as typesetters set it -------------------------------------------------------------
PARAGRAPH = "Each player draws two cards at the start of the turn and then plays one of them face up before the dealer"


def _lines(laid) -> list[list]:
    """The text ops of each printed line, top to bottom, left to right."""
    rows: dict[float, list] = {}
    for op in laid.ops:
        rows.setdefault(round(op.y, 2), []).append(op)
    return [sorted(rows[y], key=lambda op: op.x) for y in sorted(rows)]


def test_a_justified_paragraph_is_flush_at_both_edges_but_its_last_line(layouts):
    """Justified type lines up with both edges of its box on every line but a paragraph's last, which keeps the word
    spaces of its font and starts at the left (as a typesetter sets a justified paragraph's last line)."""
    box = 40 * 72 / 25.4
    lines = _lines(fit(layouts, PARAGRAPH, w=40, h=60, align="justify", min_size=10))
    assert len(lines) >= 3
    for line in lines[:-1]:
        assert line[0].x == 0.0 and abs(line[-1].x + line[-1].w - box) < 0.01, [(op.text, op.x, op.w) for op in line]
    last = lines[-1]
    natural = fit(layouts, " ".join(op.text for op in last), w=40, h=60, min_size=10).ops  # the same words set left-aligned
    assert [(op.text, round(op.x, 3), round(op.w, 3)) for op in last] == [(op.text, round(op.x, 3), round(op.w, 3)) for op in natural]
    assert last[-1].x + last[-1].w < box - 5


def test_only_justified_rulebook_text_breaks_words_with_a_hyphen(layouts):
    """A rulebook's justified paragraphs break a long word at its language's hyphenation points to keep their spaces
    even; a left-aligned paragraph keeps its words whole and wraps them to the next line."""
    from pnp.render.text_setting import Setter, Style

    text = "Interdepartmental responsibilities"
    setter = Setter(layouts)
    justified = [op.text for op in setter.lay(text, 70, Style("noto-sans", align="justify")).ops]
    left = [op.text for op in setter.lay(text, 70, Style("noto-sans", align="left")).ops]
    assert any(t.endswith("-") for t in justified), justified
    assert left == ["Interdepartmental", "responsibilities"], left


def _noto_sans_em(chars: str, edge: int) -> float:
    """How far (in ems) the ink of `chars` reaches from the baseline, up (edge 1) or down (edge 3), as FreeType reads Noto
    Sans's outlines through Pillow: its capitals stand 0.714 em tall, its g, j, p, q and y reach 0.240 em below."""
    from PIL import ImageFont

    face = ImageFont.truetype(str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf"), 1000)
    return max(abs(face.getbbox(c, anchor="ls")[edge]) for c in chars) / 1000


def test_an_inline_icon_of_its_own_size_is_centred_on_the_capitals_beside_it(layouts):
    """`:star@4mm:` prints 4 mm square whatever the text's size, its middle at the middle of the capitals beside it."""
    laid = fit(layouts, "Pay :star@4mm: HH", size=10, min_size=10)
    icon = next(op for op in laid.ops if isinstance(op, IconOp))
    text = next(op for op in laid.ops if isinstance(op, TextOp))
    assert abs(icon.size - 4 * 72 / 25.4) < 0.01
    capitals_middle = text.y - _noto_sans_em("H", 1) * 10 / 2  # points down from the box's top, as the ops are
    assert abs(icon.y + icon.size / 2 - capitals_middle) < 0.05, (icon, text.y)


def test_an_inline_icon_whose_drawing_fills_its_square_prints_at_the_texts_size(layouts):
    """docs/layouts.md: `:name:` is drawn at the text's size. pnp's star inks 90 of its 100 units top to bottom, taller
    than the capitals (0.714 em), so at 10 pt it prints 10 pt square, never shrunk to the capitals' 7.1 pt."""
    laid = fit(layouts, "Pay :star: HH", size=10, min_size=10)
    icon = next(op for op in laid.ops if isinstance(op, IconOp))
    assert abs(icon.size - 10) < 0.01, icon


def test_an_inline_icon_given_in_points_prints_that_many_points_square_at_any_text_size(layouts):
    """`:star@12pt:` (docs/layouts.md: `@4mm` or `@12pt`) prints 12 pt square, a sixth of an inch, in 7 pt text as in 10 pt."""
    for size in (7, 10):
        laid = fit(layouts, "Pay :star@12pt: HH", size=size, min_size=size)
        icon = next(op for op in laid.ops if isinstance(op, IconOp))
        assert abs(icon.size - 12) < 0.01, (size, icon)


def _noto_sans_width(text: str) -> float:
    """The advance of `text` in ems, as FreeType reads Noto Sans's metrics through Pillow."""
    from PIL import ImageFont

    return ImageFont.truetype(str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf"), 1000).getlength(text) / 1000


def test_two_words_a_half_space_too_wide_for_their_box_print_on_two_lines_inside_it(tmp_path):
    """A box as wide as "Draw two" at 10 pt less half its space: the words fit only without the space between them, so
    "two" goes to a second line, and nothing prints past the box's right edge (both words alone fit easily)."""
    from test_vocabulary import MM, framed_lines, line_text

    width = (_noto_sans_width("Draw two") - _noto_sans_width(" ") / 2) * 10 / MM
    template = (f'{{{{ rect(5, 5, {width:.4f}, 20, stroke="#ff00ff", stroke_width=0.1) }}}}\n'
                f'{{{{ text("Draw two", 5, 5, {width:.4f}, 20, size=10, min_size=10) }}}}\n')
    ((frame, lines), *_) = framed_lines(tmp_path, template, "- {id: a}\n")
    assert [line_text(line) for line in lines] == ["Draw", "two"], [line_text(line) for line in lines]
    assert max(c["x1"] for line in lines for c in line) <= frame[2], frame


def test_a_tab_in_a_cards_text_prints_as_a_space(tmp_path):
    """A tab typed in the data (a text pasted from a spreadsheet) separates its words as a space does: no tab reaches
    the page, where a font has no glyph to draw for it."""
    from test_vocabulary import framed_lines, line_text

    template = ('{{ rect(5, 5, 50, 20, stroke="#ff00ff", stroke_width=0.1) }}\n'
                '{{ text(card.text, 5, 5, 50, 20, size=10, min_size=10) }}\n')
    ((_, lines), *_) = framed_lines(tmp_path, template, '- {id: a, text: "Draw\\ttwo"}\n')
    assert ["".join(c["text"] for c in line) for line in lines] == ["Draw two"], [line_text(line) for line in lines]


def test_two_spaces_typed_between_a_cards_words_print_as_one(tmp_path):
    """Two spaces typed between words (a sentence's end in a typist's habit) separate them as one space does, as a
    typesetter sets them: the line prints "Draw two", with no second space and no wider gap."""
    from test_vocabulary import framed_lines

    template = ('{{ rect(5, 5, 50, 20, stroke="#ff00ff", stroke_width=0.1) }}\n'
                '{{ text(card.text, 5, 5, 50, 20, size=10, min_size=10) }}\n')
    (_, doubled), (_, single) = framed_lines(tmp_path, template, '- {id: a, text: "Draw  two"}\n- {id: b, text: "Draw two"}\n')[:2]
    assert ["".join(c["text"] for c in line) for line in doubled] == ["Draw two"]
    assert [c["x0"] - doubled[0][0]["x0"] for c in doubled[0]] == pytest.approx([c["x0"] - single[0][0]["x0"] for c in single[0]], abs=0.01)

def test_a_broken_texts_last_line_keeps_its_descenders_inside_its_box(layouts):
    """Two lines of descenders in a box 21 pt tall: at 10 pt (leading 1.2) the second line's g and y would hang under
    the box, so the text is set smaller, at a size where they stay inside it."""
    height = 21 * 25.4 / 72
    laid = fit(layouts, "gjpqy gjpqy", w=15, h=height, size=10, min_size=6, leading=1.2)
    assert laid.lines == 2 and laid.fits
    last = max(op.y for op in laid.ops)
    assert last + _noto_sans_em("gjpqy", 3) * laid.size <= 21 + 1e-6, (laid.size, last)
    assert laid.size < 10


def test_a_text_ending_in_a_line_break_is_set_where_it_is_without_it(layouts):
    """A YAML block (`text: |`) ends its text with a line break: that break ends the last line and adds none, so the
    text sits in the middle of its box as the same words without it do."""
    for words in ("Draw a card.", "Draw a card.\nThen discard one."):
        ended = fit(layouts, words + "\n", valign="middle")
        plain_ops = fit(layouts, words, valign="middle")
        assert (ended.lines, [(op.text, op.y) for op in ended.ops]) == (plain_ops.lines, [(op.text, op.y) for op in plain_ops.ops])


@pytest.mark.parametrize("mark", ["\u200b", "\ufe0f"])
def test_a_mark_that_draws_nothing_takes_no_fallback_font(mark):
    """Comfortaa has no zero-width space (U+200B) nor emoji presentation selector (U+FE0F, typed after ©); both are
    Unicode's default-ignorable marks, which draw nothing: the text is set in Comfortaa alone, reading no fallback font
    (DejaVu, Noto Sans Arabic) for a mark that would print nothing, and its letters are all there."""
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    comfortaa = lay.for_game({"ink": "#111111"}, {"body": "comfortaa"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    laid = fit(comfortaa, f"Zone{mark} ©{mark} 2025", w=80)
    texts = [op for op in laid.ops if isinstance(op, TextOp)]
    assert {op.font.split("-")[0].lower() for op in texts} == {"comfortaa"}, texts
    assert "".join(op.text for op in texts).replace(" ", "") == "Zone©2025", texts


def test_a_word_holding_an_icon_of_its_own_size_breaks_to_the_next_line_where_the_icon_would_run_past(layouts):
    """docs/layouts.md: the line's width counts an icon of its own size at that size, so a word holding it breaks to
    the next line as any wider word. A 6 mm star (17 pt) after "Take gold" at 10 pt needs over 60 pt, more than a 20 mm
    (56.7 pt) box: the star goes on to the next line, and nothing is drawn past the box's right edge."""
    width_pt = 20 / 25.4 * 72
    laid = fit(layouts, "Take gold :star@6mm:", w=20, h=20)
    assert laid.fits and laid.size == 10 and laid.lines == 2
    rights = [op.x + (op.w if isinstance(op, TextOp) else op.size) for op in laid.ops]
    assert max(rights) <= width_pt + 0.01, (rights, width_pt)


def test_a_texts_leading_sets_its_lines_that_many_sizes_apart(layouts):
    """`leading=` is the distance from one baseline to the next in sizes of the text (docs/layouts.md: give a large
    icon room with `leading=`): two 10 pt lines at leading 1.6 stand 16 pt apart, at 1.0 10 pt apart."""
    for leading, apart in ((1.6, 16.0), (1.0, 10.0)):
        laid = fit(layouts, "One\nTwo", leading=leading)
        baselines = sorted({op.y for op in laid.ops})
        assert len(baselines) == 2 and baselines[1] - baselines[0] == pytest.approx(apart), (leading, baselines)


def test_a_centred_line_of_two_styles_stands_in_the_middle_of_its_box(layouts):
    """A one-line paragraph with a bold word and a plain one (`**Cost:** 3`), set centred, leaves as much room at its
    left as at its right, as a plain centred line does."""
    width_pt = 50 / 25.4 * 72
    laid = fit(layouts, "**Cost:** 3", align="center")
    runs = [op for op in laid.ops if isinstance(op, TextOp)]
    assert {op.text for op in runs} == {"Cost:", "3"} and len({op.font for op in runs}) == 2
    left = min(op.x for op in runs)
    right = width_pt - max(op.x + op.w for op in runs)
    assert left > 10 and left == pytest.approx(right, abs=0.01), (left, right)


def test_a_text_too_long_for_its_box_is_quoted_in_its_error_as_it_prints_without_its_markup(layouts):
    """The text-overflow error quotes the start of the text a designer reads on the card: `**Supercalifragilistic**`
    is quoted as Supercalifragilistic, its bold's stars left out."""
    with pytest.raises(LayoutError) as raised:
        fit(layouts, "**Supercalifragilistic** [accent]hero[/]", w=8, size=10, min_size=9)
    assert str(raised.value) == ("text does not fit its 8 × 20 mm box even at 9 pt ('Supercalifragilistic hero…'): shorten it, "
                                 "enlarge the box or lower min_size")


def test_a_soft_hyphen_in_left_aligned_text_is_where_its_long_word_breaks(layouts):
    """docs/layouts.md: a soft hyphen (U+00AD) written in the data marks where that word may break, in any alignment.
    A compound too wide for a 35 mm box at 10 pt (and not allowed to shrink) breaks at the designer's soft hyphen, its
    hyphen printed, rather than running past the box."""
    laid = fit(layouts, "Transplantations\u00adkommission", w=35, size=10, min_size=10)
    lines = sorted({op.y for op in laid.ops})
    assert laid.fits and len(lines) == 2
    assert [[op.text for op in laid.ops if op.y == y] for y in lines] == [["Transplantations-"], ["kommission"]]


def test_a_justified_paragraphs_last_line_before_a_line_break_is_set_as_it_falls(layouts):
    """docs/layouts.md: `align="justify"` spreads the spaces of every line but a paragraph's last. A one-line paragraph
    followed by a line break is such a last line: its words keep their own spaces, though the next paragraph's full
    lines reach the box's right edge."""
    text = ("Draw two cards.\nThen every player discards a card of their choice from their hand, and the first player passes "
            "the marker.")
    laid = fit(layouts, text, w=50, h=30, align="justify")
    right = 50 * 72 / 25.4
    first, second = sorted({op.y for op in laid.ops})[:2]
    assert [op.text for op in laid.ops if op.y == first] == ["Draw two cards."]
    assert max(op.x + op.w for op in laid.ops if op.y == first) < right - 20
    assert max(op.x + op.w for op in laid.ops if op.y == second) == pytest.approx(right, abs=0.1)


def test_hyphenate_false_keeps_a_justified_texts_words_whole(layouts):
    """docs/layouts.md: `hyphenate=false` keeps justified text unbroken. The same English text in a 40 mm justified box
    breaks words ("investi-gates") with the default and breaks none with hyphenate=false."""
    text = "The transplantation commission investigates characteristically complicated hospital administration procedures."
    args = (text, 40, 30, 10, 10, "body", False, False, "#000000", "justify", "top", 1.2, False)
    broken = layouts.set_text(*args, True)
    whole = layouts.set_text(*args, False)
    assert any(op.text.endswith("-") for op in broken.ops)
    assert whole.fits and not any(op.text.endswith("-") for op in whole.ops)
    assert " ".join(op.text for op in whole.ops) == text


def test_a_line_written_wholly_in_italic_prints_in_the_italic_face(layouts):
    """A card's flavour line written `*Quoth the raven*`, alone on its line, prints in the body family's italic face,
    as an italic word among upright ones does."""
    laid = fit(layouts, "*Quoth the raven*\nDraw a card.")
    faces = {op.text: op.font for op in laid.ops}
    assert faces == {"Quoth the raven": "noto-sans-italic", "Draw a card.": "noto-sans-regular"}


def test_a_text_given_an_empty_value_prints_nothing(tmp_path):
    """A card whose `note:` is left empty in its YAML (a value of none), and a template's own `none`, drawn with
    `text(...)`: the card prints no words there, never the word 'None'."""
    import pdfplumber
    from test_vocabulary import build, make_project

    template = '{{ text("Title", 5, 5, 40, 8) }}\n{{ text(card.note, 5, 20, 40, 8) }}\n{{ text(none, 5, 30, 40, 8) }}\n'
    build(make_project(tmp_path, template, "- {id: a, note: }\n"), "--only", "cards")
    with pdfplumber.open(tmp_path / "output/v/v-cards.pdf") as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "Title" in words and "None" not in words, words
