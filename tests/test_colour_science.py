"""pnp's own colour formulas give coloraide's answers to the last bit (pnp.core.colour_science): coloraide is the
oracle here, so the figures every check prints stay what they were when pnp asked coloraide itself."""
from __future__ import annotations

import itertools
import random

import pytest
from coloraide import Color
from coloraide.css.color_names import from_name, name2val_map

from pnp.core import colour
from pnp.core.css_names import CSS_NAMES

LEVELS = (0, 1, 9, 10, 11, 40, 64, 100, 127, 128, 180, 200, 230, 254, 255)
GRID = [f"#{r:02x}{g:02x}{b:02x}" for r, g, b in itertools.product(LEVELS, repeat=3)]
RANDOM = [f"#{random.Random(i).getrandbits(24):06x}" for i in range(1500)]
COLOURS = GRID + RANDOM + ["#2a6f97", "#faf7f0", "#80808080", "#ff000040"]


def _coloraide_simulated(hex_value: str, vision: str) -> str:
    c = Color(colour.on_paper(hex_value))
    if vision == "grey":
        y = c.luminance()
        return Color("srgb-linear", [y, y, y]).convert("srgb").to_string(hex=True)
    return c.filter(vision).convert("srgb").clip().to_string(hex=True)


def test_luminance_is_coloraides_to_the_bit():
    for c in COLOURS:
        assert colour.luminance(c) == Color(colour.on_paper(c)).luminance(), c


def test_contrast_is_coloraides_to_the_bit():
    pairs = list(zip(COLOURS, reversed(COLOURS), strict=True))
    for a, b in pairs:
        assert colour.contrast(a, b) == Color(colour.on_paper(a)).contrast(colour.on_paper(b), method="wcag21"), (a, b)


def test_difference_is_coloraides_to_the_bit():
    shuffled = random.Random(7).sample(COLOURS, len(COLOURS))
    for a, b in zip(COLOURS, shuffled, strict=True):
        assert colour.difference(a, b) == Color(colour.on_paper(a)).delta_e(colour.on_paper(b), method="2000"), (a, b)
    assert colour.difference("#123456", "#123456") == 0.0


@pytest.mark.parametrize("vision", colour.VISIONS)
def test_simulation_is_coloraides(vision):
    for c in COLOURS:
        assert colour.simulate(c, vision) == _coloraide_simulated(c, vision), (c, vision)


@pytest.mark.parametrize("vision", colour.VISIONS)
def test_unrounded_simulation_is_coloraides_to_the_bit(vision):
    for c in RANDOM[:300]:
        rgb = colour.rgb(c)
        if vision == "grey":
            y = Color("srgb", list(rgb)).luminance()
            expected = Color("srgb-linear", [y, y, y]).convert("srgb").coords()
        else:
            expected = Color("srgb", list(rgb)).filter(vision).convert("srgb").clip().coords()
        assert colour.simulate_rgb(*rgb, vision) == tuple(expected), (c, vision)


def test_css_names_are_css_color_4s():
    """The names coloraide lists, at the values Pillow gives them: coloraide 8.13 carries the slip an old web table spread
    for two (mediumpurple 147 112 216, palevioletred 216 112 147; CSS Color 4 and X11 say 219 for each 216)."""
    from PIL import ImageColor

    expected = {n: colour.hex_of(tuple(v / 255 for v in ImageColor.getrgb(n)[:3])) for n in name2val_map if n != "transparent"}
    assert expected == CSS_NAMES
    assert {n: v for n, v in expected.items() if v != colour.hex_of(from_name(n)[:3])} == {"mediumpurple": "#9370db", "palevioletred": "#db7093"}
    assert colour.css_colour(" DarkGreen ") == "#006400"
    assert colour.css_colour("transparent") is None
    assert colour.css_colour("nosuchcolour") is None
