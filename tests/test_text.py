"""Text fitting and rich text: sizes shrink to fit, markup is ours, data never becomes markup."""
from __future__ import annotations

import pytest
from conftest import ROOT

from pnp.core.errors import LayoutError
from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.markup import parse, plain
from pnp.layout.templates import Layouts
from pnp.layout.typeset import IconOp, TextOp


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
    # and one step larger would not have fitted
    from pnp.layout.typeset import SIZE_STEP, _lay

    items = layouts.typesetter.items(parse("word " * 60), "noto-sans", False, False, "#000", set())
    bigger = _lay(items, 50 * 72 / 25.4, 20 * 72 / 25.4, laid.size + SIZE_STEP, 1.2, "left", "top")
    assert not bigger.fits


def test_text_that_cannot_fit_is_an_error(layouts):
    with pytest.raises(LayoutError, match="does not fit its 50 × 20 mm box even at 5 pt"):
        fit(layouts, "word " * 400)


def test_lines_break_at_spaces_within_the_width(layouts):
    laid = fit(layouts, "alpha beta gamma delta epsilon zeta eta theta iota kappa", w=30, h=40)
    assert laid.lines > 1
    assert all(op.x + op.w <= 30 * 72 / 25.4 + 0.01 for op in laid.ops if isinstance(op, TextOp))


@pytest.mark.parametrize("align, expect", [("left", 0.0), ("right", 1.0), ("center", 0.5)])
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
    assert plain("AT&T <Knight> <img src='x.png'/> <a href=\"javascript:x\">y</a>") == "AT&T <Knight> <img src='x.png'/> <a href=\"javascript:x\">y</a>"
    runs = parse(r"5 \* 3 and [notacolour] and 12:30:", is_colour=lambda name: name == "accent", is_icon=lambda name: name == "star")
    assert "".join(r.text for r in runs) == "5 * 3 and [notacolour] and 12:30:"


def test_control_characters_are_stripped():
    assert plain("bell\x07 and null\x00") == "bell and null"


def test_missing_characters_come_from_the_fallback_font(layouts):
    laid = fit(layouts, "a − b → c")
    fonts = {op.font for op in laid.ops}
    assert "dejavu-sans-regular" in fonts and "noto-sans-regular" in fonts


def test_characters_no_font_has_are_an_error(layouts):
    with pytest.raises(LayoutError, match="U\\+6F22"):
        fit(layouts, "漢")
