"""The type system: a condensed display face that titles switch to before they wrap, and symbols from a symbol font."""
from __future__ import annotations

import pytest
from conftest import ROOT

from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.templates import Layouts
from pnp.layout.typeset import TextOp

LONG_TITLE = "**Interdepartmental Review**"  # a title too long for its band at its size


@pytest.fixture(scope="module")
def layouts():
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    return lay.for_game({"ink": "#111111"}, {"body": "noto-sans", "title": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))


def title(layouts, content, condense, w=45, h=9, size=15, min_size=10):
    return layouts.set_text(content, w, h, size, min_size, "title", False, False, "#000000", "left", "middle", 1.2, condense)


def fonts_of(laid) -> set:
    return {op.font for op in laid.ops if isinstance(op, TextOp)}


def test_a_long_title_condenses_instead_of_wrapping(layouts):
    wrapped = title(layouts, LONG_TITLE, condense=False)
    assert wrapped.lines == 2  # shrinking alone breaks it over two lines
    condensed = title(layouts, LONG_TITLE, condense=True)
    assert condensed.lines == 1 and condensed.fits
    assert fonts_of(condensed) == {"roboto-condensed-bold"}
    assert all(op.x + op.w <= 45 * 72 / 25.4 + 0.01 for op in condensed.ops)  # inside its box: the gap to a badge beside it holds


def test_a_title_that_fits_keeps_its_own_face_and_size(layouts):
    laid = title(layouts, "**Heart**", condense=True)
    assert laid.size == 15 and fonts_of(laid) == {"noto-sans-bold"}


def test_a_title_a_little_too_long_shrinks_in_its_own_face_first(layouts):
    natural = layouts.set_text("**Quorum Sensing**", 200, 9, 15, 15, "title", False, False, "#000000", "left", "middle", 1.2, False)
    width_mm = max(op.x + op.w for op in natural.ops) * 25.4 / 72
    laid = title(layouts, "**Quorum Sensing**", condense=True, w=width_mm * 0.92)
    assert laid.lines == 1 and 12.75 <= laid.size < 15 and fonts_of(laid) == {"noto-sans-bold"}


def test_a_title_a_quarter_too_long_for_its_one_line_band_is_condensed_not_shrunk_far_in_its_own_face(layouts):
    """docs/layouts.md: a title too long for its line shrinks a little, then is set in the condensed family. In a band
    one line high (9 mm at 15 pt), a title that would fit in Noto Sans Bold only at 11.25 pt, a quarter under its 15,
    is set in Roboto Condensed Bold at the largest quarter point its own metrics allow, not left at 11.25 in its own face."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts = FontBook(ROOT / "pnp/assets/fonts")
    own, narrow = fonts.font_name("noto-sans", True), fonts.font_name("roboto-condensed", True)
    width = stringWidth("Quorum Sensing", own, 11.25) / 72 * 25.4 + 0.01  # mm
    expected = max(k / 4 for k in range(40, 61) if stringWidth("Quorum Sensing", narrow, k / 4) / 72 * 25.4 <= width)
    laid = title(layouts, "**Quorum Sensing**", condense=True, w=width)
    assert (laid.lines, laid.size, laid.condensed, fonts_of(laid)) == (1, expected, "roboto-condensed", {"roboto-condensed-bold"})


def test_symbols_come_from_the_symbol_fonts_before_dejavu(layouts):
    laid = layouts.set_text("★ ⚠ →", 50, 10, 10, 10, "body", False, False, "#000000", "left", "top", 1.2)
    fonts = {op.text: op.font for op in laid.ops if isinstance(op, TextOp)}
    assert fonts == {"★ ⚠": "noto-sans-symbols2-regular", "→": "noto-sans-symbols-regular"}


def test_a_title_wrapping_at_its_size_shrinks_only_as_far_as_one_line_needs(layouts):
    """A title with room for two lines at its size still keeps to one: it shrinks in its own face to the largest
    quarter point at which its words go on one line (Noto Sans Bold's widths, as reportlab measures them: 14.5 pt)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = FontBook(ROOT / "pnp/assets/fonts").font_name("noto-sans", bold=True)
    width = stringWidth("Quorum Sensing", font, 14.5) / 72 * 25.4 + 0.01  # mm
    assert stringWidth("Quorum Sensing", font, 14.75) / 72 * 25.4 > width
    assert title(layouts, "**Quorum Sensing**", condense=False, w=width, h=20).lines == 2  # room for two lines at 15 pt
    laid = title(layouts, "**Quorum Sensing**", condense=True, w=width, h=20)
    assert (laid.size, laid.lines, fonts_of(laid)) == (14.5, 1, {"noto-sans-bold"})


@pytest.fixture(scope="module")
def roles():
    """A game whose display font is Comfortaa (a regular and a bold, no italic) and whose symbols font is DejaVu Sans."""
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    return lay.for_game({"ink": "#111111"}, {"body": "noto-sans", "display": "comfortaa", "symbols": "dejavu-sans"},
                        IconLibrary([ROOT / "pnp/assets/icons"]))


def test_bold_italic_in_a_family_without_italics_prints_bold(roles):
    """Comfortaa has no italic: a bold italic word in it keeps its weight (fonts.yaml: a missing style falls back to the
    nearest the family has, bold before italic)."""
    laid = roles.set_text("Go", 30, 10, 10, 10, "display", True, True, "#000000", "left", "top", 1.2)
    assert fonts_of(laid) == {"comfortaa-bold"}


def test_the_games_symbols_font_draws_a_sign_before_the_fallback_fonts(roles):
    """game.yaml's `symbols` role (docs/data-format.md): signs the text font lacks come from it before fonts.yaml's
    fallback. ★ is in DejaVu Sans and in Noto Sans Symbols 2, the first fallback."""
    laid = roles.set_text("★ 3", 30, 10, 10, 10, "body", False, False, "#000000", "left", "top", 1.2)
    fonts = {op.text.strip(): op.font for op in laid.ops if isinstance(op, TextOp)}
    assert fonts == {"★": "dejavu-sans-regular", "3": "noto-sans-regular"}, fonts


def test_a_projects_own_condensed_family_is_the_one_titles_condense_to(tmp_path):
    """A project's fonts.yaml may name its own `condensed` family, which replaces pnp's (here a copy of Roboto Condensed
    under another name)."""
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    for style in ("Regular", "Bold"):
        (fonts / f"Narrow-{style}.ttf").write_bytes((ROOT / f"pnp/assets/fonts/roboto-condensed/RobotoCondensed-{style}.ttf").read_bytes())
    (fonts / "fonts.yaml").write_text("families:\n  narrow:\n    regular: Narrow-Regular.ttf\n    bold: Narrow-Bold.ttf\ncondensed: narrow\n",
                                      encoding="utf-8")
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook([ROOT / "pnp/assets/fonts", fonts]))
    game = lay.for_game({"ink": "#111111"}, {"body": "noto-sans", "title": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    laid = title(game, LONG_TITLE, condense=True)
    assert laid.lines == 1 and fonts_of(laid) == {"narrow-bold"}


def test_a_games_own_condensed_role_is_the_family_its_titles_condense_to():
    """game.yaml's `condensed` font role outranks fonts.yaml's `condensed` (docs/layouts.md): a game whose titles are
    DejaVu Sans Bold names Noto Sans as its narrower face, and a title too long for its 60 mm band at its smallest size
    in DejaVu (62.7 mm at 12 pt, by reportlab's widths) is set in Noto Sans Bold (59.7 mm at 12.75 pt), not in pnp's
    Roboto Condensed."""
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    game = lay.for_game({"ink": "#111111"}, {"title": "dejavu-sans", "condensed": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    laid = title(game, LONG_TITLE, condense=True, w=60, min_size=12)
    assert laid.lines == 1 and laid.fits
    assert fonts_of(laid) == {"noto-sans-bold"} and laid.condensed == "noto-sans"


def test_a_title_written_on_two_lines_condenses_on_its_two_lines_rather_than_wrap_to_three(layouts):
    """A title the designer broke over two lines (a line break in its text) is two lines as written, not a wrap: when
    its second line is too long for the band, it is set in the condensed face on its two lines, as a one-line title is
    on its one, rather than wrapped to three lines in its own face."""
    laid = title(layouts, "**Chief**\n" + LONG_TITLE, condense=True, h=14)
    assert laid.fits and laid.lines == 2
    assert fonts_of(laid) == {"roboto-condensed-bold"}
    assert [op.text for op in laid.ops] == ["Chief", "Interdepartmental Review"]
