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


def test_a_palette_colour_with_an_alpha_pair_prints_that_see_through(project):
    """docs/sheets-and-tools.md: every colour a game names takes #rrggbb or #rrggbbaa. CSS Color Module Level 4's eight
    digits add the alpha as a pair: `#c0392b80` is #c0392b at 128/255 opacity, so the tiny game's red headers print in
    that red with a fill opacity (`/ca`) of 0.502, and the palette entry is no finding."""
    import pdfplumber
    import pikepdf
    from conftest import run_pnp

    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace('red: "#c0392b"', 'red: "#c0392b80"', 1), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0 and "palette.red" not in result.output, result.output
    sheet = project / "output/tiny/tiny-cards.pdf"
    with pdfplumber.open(sheet) as pdf:
        fills = {tuple(round(v, 3) for v in r["non_stroking_color"]) for r in pdf.pages[0].rects + pdf.pages[0].curves if r.get("fill")}
    assert (0.753, 0.224, 0.169) in fills, fills  # 0xc0, 0x39, 0x2b of 255
    with pikepdf.open(sheet) as pdf:
        opacities = {round(float(state.get("/ca", 1)), 3) for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and "/ExtGState" in obj
                     for state in obj["/ExtGState"].values()}
    assert round(128 / 255, 3) in opacities, opacities


def test_css_names_read_as_the_web_shows_them():
    """CSS Color Module Level 4's named colours, as X11's rgb.txt gives them too: darkseagreen is 143 188 143 (#8fbc8f,
    where reportlab's table has #8fbc8b), mediumpurple 147 112 219 (#9370db) and palevioletred 219 112 147 (#db7093),
    not the #9370d8 and #d87093 an old web table spread."""
    assert [Palette({}).resolve(v) for v in ("darkseagreen", "mediumpurple", "palevioletred")] == ["#8fbc8f", "#9370db", "#db7093"]


def test_a_misspelt_palette_name_is_one_error_offering_that_name(project):
    """A template's colour one letter off the game's own palette entry `paper` (no CSS name is near it) is one error at
    the word, offering `paper`."""
    from conftest import apply_edits, run_pnp

    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ['color="gold")', 'color="papr")']}])
    result = run_pnp(project, "validate", "tiny")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert len(errors) == 1 and errors[0].startswith(
        "templates/tiny/hero.j2:4:48: error: unknown colour 'papr' (did you mean 'paper'?): use a palette name, a CSS colour name or #rrggbb"), errors


def body_text_colours(project) -> set[tuple[float, ...]]:
    """The tiny game's cards built: the fill colours (0–1, to the thousandth) of the first sheet's letters D, which
    begin a hero card's body text ("Draw **two** cards…") and name no colour of their own."""
    import pdfplumber
    from conftest import run_pnp

    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        return {tuple(round(v, 3) for v in c["non_stroking_color"]) for c in pdf.pages[0].chars if c["text"] == "D"}


def test_a_games_own_ink_colour_prints_its_card_text_not_the_default_ink(project):
    """docs/data-format.md: `ink` and `paper` are there even when a game names no colours, and a game's own entry is
    its own: the tiny game's `ink: "#1d2433"` prints a hero card's body text, which names no colour, in that blue-black
    (0x1d, 0x24, 0x33 of 255), never the #222222 pnp gives a game without one."""
    body = body_text_colours(project)
    assert body == {(0.114, 0.141, 0.2)}, body


def test_a_game_that_names_no_ink_prints_its_card_text_in_the_default_ink_222222(project):
    """docs/data-format.md: `ink` (#222222) is there even if a game leaves it out, so a game without one prints a hero
    card's body text, which names no colour, in that near-black (0x22 of 255 on each channel), not in pure black."""
    from conftest import apply_edits

    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ['  ink: "#1d2433"\n', ""]}])
    body = body_text_colours(project)
    assert body == {(0.133, 0.133, 0.133)}, body


def test_a_misspelt_css_name_in_the_palette_is_one_error_offering_the_name_it_meant(project):
    """A palette entry of game.yaml one letter off a CSS colour name (`darkgren`) is one error at its value, offering
    `darkgreen` and saying the two forms a colour takes."""
    from conftest import apply_edits, run_pnp

    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ['gold: "#876510"', "gold: darkgren"]}])
    result = run_pnp(project, "validate", "tiny", "--quick")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert errors == ["data/tiny/game.yaml:12:9: error: palette.gold: 'darkgren' is not a colour (did you mean 'darkgreen'?): "
                      "write #rrggbb or a CSS colour name (darkgreen, teal)"], errors
