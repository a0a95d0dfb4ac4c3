"""A face costs what it draws (issue 77 item 2): a text set on its lines as asked skips the general line breaker and
lands on the same points; what every card of a deck shares is worked out once for the deck."""
from __future__ import annotations

import pytest
from conftest import ROOT
from hypothesis import example, given
from hypothesis import strategies as st

from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.markup import parse
from pnp.layout.templates import Layouts

PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def layouts():
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    return lay.for_game({"ink": "#111111", "accent": "#aa0000"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))


def _runs(layouts, text):
    runs = parse(text, layouts.palette.is_colour, layouts.icons.exists)
    return [r._replace(color=layouts.palette.resolve(r.color)) if r.color else r for r in runs]


def _both(layouts, text, w, h, size, align="left", valign="top", bold=False):
    """(the plain path's answer, the general path's) for one text in a w × h pt box."""
    runs, ts = _runs(layouts, text), layouts.typesetter
    plain = ts.fit_plain(runs, "noto-sans", bold, False, "#000000", w, h, size, 1.2, align, valign)
    general = ts.fit(ts.items(runs, "noto-sans", bold, False, "#000000", set()), w, h, size, 4, 1.2, align, valign)
    return plain, general


PIECES = ["a", "Patient", "17", "**bold**", "*it*", "[accent]red[/]", "**Pat**ient", "ward", "A1,", "Dx:", "appendicitis", "WWWWWWWWWW",
          "", " ", "  ", "\t", "\n", "\\*"]


@given(st.lists(st.sampled_from(PIECES), max_size=10), st.floats(5, 400), st.floats(3, 150), st.sampled_from([6, 9, 14, 18]),
       st.sampled_from(["left", "center", "right", "justify"]), st.sampled_from(["top", "middle", "bottom"]), st.booleans())
@example(["Draw", "\n"], 100, 100, 10, "left", "top", False)  # a closing break ends the last line, and adds none
@example(["\n", "\n", "x"], 100, 100, 10, "right", "bottom", True)
def test_a_text_set_without_the_line_breaker_lands_where_the_line_breaker_sets_it(layouts, pieces, w, h, size, align, valign, bold):
    """Whatever the words, spaces, styles, breaks, box and alignment: when the plain path sets a text, it is laid to the
    same runs at the same points, size and line count as the general line breaker lays it (the PDF's bytes follow)."""
    plain, general = _both(layouts, " ".join(pieces), w, h, size, align, valign, bold)
    if plain is not None:
        assert plain == general


def test_a_cards_title_number_and_short_lines_skip_the_line_breaker(layouts):
    """The standard deck's texts (a bold title, a number, three short lines) are set by the plain path, each line where
    its paragraph puts it, at the asked size."""
    face_w = (63.5 - 10) * PT_PER_MM
    for text, h, size, lines in (("**Patient 17**", 16, 14, 1), ("**17**", 10, 18, 1),
                                 ("Age 23, ward A1\nDx: asthma attack\nNeeds an interpreter", 40, 9, 3)):
        plain, general = _both(layouts, text, face_w, h * PT_PER_MM, size)
        assert plain is not None and plain == general
        assert (plain.size, plain.lines, plain.fits) == (size, lines, True)


@pytest.mark.parametrize("text", ["a sentence long enough that it must wrap onto a second line of its box", "x :star: y", "Größe",
                                  "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"])
def test_a_text_that_wraps_holds_an_icon_or_leaves_ascii_takes_the_general_path(layouts, text):
    """A text that needs a line break, an inline icon, or a character past ASCII (a fallback font, Arabic shaping) is
    left to the general path, which sets it."""
    plain, general = _both(layouts, text, 100, 200, 10)
    assert plain is None
    assert general.fits or general.size < 10


@pytest.mark.parametrize("spare", [0.0, 1e-7, -1e-4, -0.5, -3.0])
def test_a_line_exactly_as_wide_as_its_box_or_a_space_short_is_set_as_the_line_breaker_sets_it(layouts, spare):
    """At the edge: a box as wide as the two words and their space (give or take a hair), or narrower by part of the
    space, so the second word goes on the next line."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = stringWidth("Patient seventeen", layouts.fonts.font_name("noto-sans"), 10) + spare
    plain, general = _both(layouts, "Patient seventeen", width, 200, 10)
    assert general.lines == (1 if spare >= 0 else 2)
    assert plain is None or plain == general
    assert (plain is not None) == (spare >= 0)
    from pnp.layout.paragraphs import Paragraphs

    fast = Paragraphs(layouts.typesetter, layouts.palette, layouts.icons).fit("Patient seventeen", "noto-sans", False, False, "#000000", width, 200, 10, 1.2, "left", "top")
    assert fast == plain  # set paragraph by paragraph, the same at the edge


class _Doc:
    """A stand-in for a PDF document: a font keeps its glyph codes per document."""


def test_a_run_of_text_gets_the_glyph_codes_reportlab_gives_it(layouts):
    """Texts of a growing deck (Latin, Greek and Cyrillic, enough letters to fill a first subset and open a second,
    a no-break space, a character the font lacks), written in turn into a document: each is given the same (subset,
    bytes) pieces as reportlab's own splitString gives them in a document of its own, whether pnp's faces ask or
    reportlab's own text does, so the PDF's bytes are the same."""
    import random

    from reportlab.pdfbase.pdfmetrics import getFont
    from reportlab.pdfbase.ttfonts import TTFont

    font = getFont(layouts.fonts.font_name("noto-sans"))
    glyphs = font.face.charToGlyph
    letters = [chr(c) for c in (*range(32, 127), *range(0xC0, 0x180), *range(0x391, 0x3ca), *range(0x410, 0x450), 0xA0, 0x4E00) if c == 0x4E00 or c in glyphs]
    rng = random.Random(77)
    ours, told, theirs = _Doc(), _Doc(), _Doc()
    texts = ["Patient 17", "Patient 17", ""] + ["".join(rng.choice(letters[: 40 + 4 * k]) for _ in range(rng.randint(1, 12))) for k in range(120)]
    for text in texts:
        expected = TTFont.splitString(font, text, theirs)
        assert font.split_quietly(text, ours) == expected, text
        assert font.splitString(text, told) == expected, text  # reportlab's own text (footers, the rulebook) asks this way
    assert max(code for code in font.state[ours].assignments.values()) > 255  # the second subset was reached


def test_setting_a_plain_text_is_a_step_of_the_faces_time_for_each_line_and_word(layouts):
    """A face's processor-time limit covers its typesetting (issue 74): the plain path counts each line and each word
    as a step, as the general path does, so 2,000 one-word lines are watched while they are set."""
    from pnp.layout.typeset import Typesetter

    steps = []
    plain = Typesetter(layouts.fonts, tick=lambda: steps.append(1)).fit_plain(
        parse("word\n" * 2000 + "two words"), "noto-sans", False, False, "#000000", 100, 100_000, 9, 1.2, "left", "top")
    assert plain is not None and plain.lines == 2001
    assert len(steps) >= 2001


QUOTED = [*PIECES, '"', "'", "\\", "[accent]", "[/]", "[nope]", ":star:", ":nope:", "**", "*", "\n\n"]


@given(st.lists(st.sampled_from(QUOTED), max_size=10))
def test_one_reading_of_a_text_finds_its_runs_exactly_when_the_checks_find_no_mistake(layouts, pieces):
    """`clean_runs` (a text's markup read once) gives the runs `parse` gives when `check` reports nothing, and nothing
    otherwise: a text with a mistake goes on to the path that reports it."""
    from pnp.layout.markup import check, clean_runs

    text = "".join(pieces)
    is_colour, is_icon = layouts.palette.is_colour, layouts.icons.exists
    runs = clean_runs(text, is_colour, is_icon)
    assert (runs is None) == bool(check(text, is_colour, is_icon))
    assert runs is None or runs == parse(text, is_colour, is_icon)


@given(st.lists(st.sampled_from(QUOTED), max_size=6), st.booleans())
@example(["Patient 17"], True)
@example(["Age 23, ward A1"], False)
def test_a_line_read_at_once_is_the_one_run_its_marks_walk_reads(layouts, pieces, bold):
    """A line without marks or quotes, or one bold throughout, is read at once (`one_run`: most lines of a deck): its
    run is the one run with text that `clean_runs` reads, the empty runs around a bold one aside; any other line is
    left to `clean_runs`."""
    from pnp.layout.markup import clean_runs, one_run

    text = "**" + "".join(pieces) + "**" if bold else "".join(pieces)
    run = one_run(text)
    if run is not None:
        runs = clean_runs(text, layouts.palette.is_colour, layouts.icons.exists)
        assert runs is not None and [r for r in runs if r.text or r.icon] == [run]
        assert all(r == (r.text, False, False, None, None, None) for r in runs if r != run)


@given(st.lists(st.sampled_from(QUOTED), max_size=6))
@example(["Patient 17"])
def test_a_bold_title_reads_as_the_marks_walk_reads_it(layouts, pieces):
    """`**Patient 17**` (a card's title or number) is read at once; a break after it sends the same text through the
    walk over its marks, which must give the same runs before the break."""
    text = "**" + "".join(pieces) + "**"
    assert parse(text, layouts.palette.is_colour) == parse(text + "\n", layouts.palette.is_colour)[:-2]


@given(st.lists(st.sampled_from(QUOTED), max_size=12), st.sampled_from([40, 150]), st.sampled_from([6, 9, 14]),
       st.sampled_from(["left", "center", "right", "justify"]), st.sampled_from(["top", "middle", "bottom"]), st.booleans())
@example(["**", "a", "\n", "b", "**"], 150, 9, "left", "top", False)  # bold over two lines: read as a whole
@example(["a", "\\", "\n", "b"], 150, 9, "left", "top", False)  # an escaped break: one paragraph
@example(['"', "a", "\n", "b", '"'], 150, 9, "left", "top", False)  # quotes paired across lines
@example(["a", "\n", ""], 150, 9, "left", "top", False)  # a closing break, and spaces after it, add no line
def test_a_text_set_paragraph_by_paragraph_lands_where_its_whole_runs_set_it(layouts, pieces, w, size, align, valign, bold):
    """Whatever the markup, breaks, quotes and escapes: a text the paragraphs path sets is laid to the same runs at the
    same points as its whole text's runs are, and one it leaves is one the whole-text path must read (a mistake, a
    quote, markup across a break) or cannot set on its lines."""
    from pnp.layout.paragraphs import Paragraphs

    text = " ".join(pieces)
    is_colour, is_icon = layouts.palette.is_colour, layouts.icons.exists
    ts = layouts.typesetter
    fast = Paragraphs(ts, layouts.palette, layouts.icons).fit(text, "noto-sans", bold, False, "#000000", w, 300, size, 1.2, align, valign)
    clean = not check_markup(text, is_colour, is_icon)
    whole = ts.fit_plain(_runs(layouts, text), "noto-sans", bold, False, "#000000", w, 300, size, 1.2, align, valign) if clean else None
    if fast is not None:
        assert fast == whole
    elif whole is not None:
        assert any(c in text for c in "\"'\\*[") or ":" in text  # only what a paragraph cannot read alone sends it back


def check_markup(text, is_colour, is_icon):
    from pnp.layout.markup import check

    return check(text, is_colour, is_icon)


def test_a_decks_repeated_lines_are_set_once(layouts, monkeypatch):
    """Bodies distinct as wholes but made of repeated lines (the standard deck's): each distinct line is measured and
    set once for the game, and every text lands where the whole-text path sets it."""
    from pnp.layout import markup
    from pnp.layout.paragraphs import Paragraphs

    bodies = [f"Age {n}, ward A1\nDx: asthma attack\n[accent]Fall risk[/], **bed alarm**" for n in range(30)]
    args = ("noto-sans", False, False, "#000000", 150, 100, 9, 1.2, "left", "top")
    whole = [layouts.typesetter.fit_plain(_runs(layouts, body), *args) for body in bodies]
    read, one_run = [], markup.one_run  # each line set is read first: as one run where it can be
    monkeypatch.setattr(markup, "one_run", lambda paragraph: read.append(paragraph) or one_run(paragraph))
    paragraphs = Paragraphs(layouts.typesetter, layouts.palette, layouts.icons)
    assert [paragraphs.fit(body, *args) for body in bodies] == whole
    assert None not in whole
    assert sorted(read) == sorted({line for body in bodies for line in body.split("\n")})  # the 30 ages and the two lines every body repeats, each once


def test_a_bold_title_whose_plain_font_lacks_a_letter_is_left_as_the_plain_path_leaves_it(layouts, monkeypatch):
    """The empty runs around a bold title are set in the text's own font: where that font lacks a printable ASCII
    character, the plain path leaves the text to the general one, and so does the paragraphs path."""
    from pnp.layout.paragraphs import Paragraphs
    from pnp.layout.typeset import Typesetter

    regular = layouts.fonts.font_name("noto-sans")
    monkeypatch.setattr(Typesetter, "covers_ascii", lambda self, font: font != regular)
    args = ("noto-sans", False, False, "#000000", 150, 100, 9, 1.2, "left", "top")
    assert layouts.typesetter.fit_plain(_runs(layouts, "**Patient 17**"), *args) is None
    assert Paragraphs(layouts.typesetter, layouts.palette, layouts.icons).fit("**Patient 17**", *args) is None
