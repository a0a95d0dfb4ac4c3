"""A game's colours as a designer writes them (pnp.layout.palette): a palette name, a CSS colour name, #rrggbb, and
the CSS shorthand #rgb, each of whose digits stands for itself twice (CSS Color Module Level 4, "hex colour
notation": #f80 is #ff8800)."""
from __future__ import annotations

import pytest

from pnp.layout.palette import Palette


@pytest.mark.parametrize("written, colour", [("#f80", "#ff8800"), ("#ABC", "#aabbcc"), ("#09f", "#0099ff")])
def test_a_three_digit_colour_doubles_each_digit(written, colour):
    assert Palette({}).resolve(written) == colour


def test_a_palette_name_a_css_name_and_a_six_digit_code_each_read_as_written():
    palette = Palette({"accent": "#AA0000"})
    assert [palette.resolve(v) for v in ("accent", "rebeccapurple", "#123456")] == ["#aa0000", "#663399", "#123456"]
