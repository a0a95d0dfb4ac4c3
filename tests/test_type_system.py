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


def test_symbols_come_from_the_symbol_fonts_before_dejavu(layouts):
    laid = layouts.set_text("★ ⚠ →", 50, 10, 10, 10, "body", False, False, "#000000", "left", "top", 1.2)
    fonts = {op.text: op.font for op in laid.ops if isinstance(op, TextOp)}
    assert fonts == {"★ ⚠": "noto-sans-symbols2-regular", "→": "noto-sans-symbols-regular"}
