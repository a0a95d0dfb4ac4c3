"""Writing the card sheets: what each face and page pays for is worked out once, and prints what working it out every
time printed.

A text's origin, a font at a size, a face's frame and a form's placing are spelled
once per PDF (pnp.render.operators.Spelled) and must be what reportlab's `fp_str`
spells; faces are counted by value once and then found by their object
(pnp.render.face_uses.Uses): equal faces held by different objects are still one form,
and two backs placed by turns each keep their own form.
"""
from __future__ import annotations

import io
import os
import random
import re

import pypdf
import pytest
import reportlab
from reportlab.lib.colors import CMYKColor, Color, PCMYKColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

import pnp.render.operators
from pnp.layout import rl
from pnp.layout.elements import Face, Rect, Text
from pnp.layout.fonts import ListenedFont
from pnp.layout.typeset import TextOp
from pnp.render.face_uses import Uses
from pnp.render.operators import Spelled, fill_operator
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import write_sheets

FONT = "SheetWritingProbe"


@pytest.fixture(scope="module", autouse=True)
def font():
    pdfmetrics.registerFont(ListenedFont(FONT, os.path.join(os.path.dirname(reportlab.__file__), "fonts", "Vera.ttf")))  # small: quick to read


def face(fill: str, text: str = "") -> Face:
    """A poker-size face of one fill, with a line of text if given: a new object at every call."""
    texts = (Text(4.0, 4.0, (TextOp(0, 12.0, FONT, 10, "#222222", text, 0),)),) if text else ()
    return Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, fill, None, 0, 0, None), *texts), frozenset())


def pages(pieces: list[Piece]) -> list[str]:
    """Each page's content stream of the sheet PDF of `pieces` (poker cards on Letter, long-edge duplex)."""
    data, _ = write_sheets([Group("deck", "Deck", (63.5, 88.9), pieces)], game_title="Probe", kind="cards", paper="letter", duplex="long",
                           bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None)
    return [page.get_contents().get_data().decode("latin-1") for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def test_an_operator_spelled_again_is_the_one_reportlab_spells_even_once_its_table_starts_again(monkeypatch):
    monkeypatch.setattr(pnp.render.operators, "MAX_SPELLED", 16)
    spelled, rng = Spelled(), random.Random(7)
    values = [rng.choice((rng.uniform(-900, 900), float(rng.randint(-50, 50)), -0.0, 1e-9)) for _ in range(40)]
    for _ in range(3):  # asked again and again, past the table's size: what is looked up is what would be spelled
        for x, y in zip(values, reversed(values), strict=True):
            origin = spelled.origins.get((x, y)) or spelled.origin(x, y)
            assert origin == f"1 0 0 1 {fp_str(x)} {fp_str(y)} Tm"
            assert spelled.font("/F1+0", abs(x)) == f"/F1+0 {fp_str(abs(x))} Tf"
            for b in (0.0, 8.5):
                assert spelled.frame(x, y, 180.0, 252.0, b) == f"q 1 0 0 1 {fp_str(x)} {fp_str(y)} cm {fp_str(-b)} {fp_str(-b)} " \
                                                               f"{fp_str(180 + 2 * b)} {fp_str(252 + 2 * b)} re W n 1 0 0 1 0 252 cm"
            for sx in (-1, 1):
                assert spelled.placing(sx, 1, x, y) == f"q {sx} 0 0 1 {fp_str(x)} {fp_str(y)} cm"


def test_faces_are_counted_by_value_and_found_by_their_object():
    shared, first, again, alone = face("#204060"), face("#806040"), face("#806040"), face("#123456")
    uses = Uses([first, shared, again, shared, alone, shared])
    assert (uses[first], uses[again], uses[shared], uses[alone]) == (2, 2, 3, 1)
    assert uses[face("#806040")] == 2 and uses[face("#000000")] == 0  # an object no piece holds: by its value


def test_equal_fronts_of_different_objects_print_as_one_form_placed_twice():
    fronts = pages([Piece(face("#806040", "Same"), None, "a"), Piece(face("#806040", "Same"), None, "b")])[0]
    placed = re.findall(r"/(FormXob\.F\d+) Do", fronts)
    assert len(placed) == 2 and len(set(placed)) == 1  # one form, placed at both slots
    assert " re W n" not in fronts  # neither drawn inline


def test_two_backs_placed_by_turns_each_place_their_own_form():
    backs = [face("#204060"), face("#602040")]
    pieces = [Piece(face(f"#{0x806040 + n:06x}", f"Card {n}"), backs[n % 2], f"c{n}") for n in range(6)]
    fronts, back_side = pages(pieces)
    assert "(Card 5) Tj" in fronts and fronts.count(" re W n") == 6  # unique fronts, inline
    order = re.findall(r"/(FormXob\.F\d+) Do", back_side)
    assert len(order) == 6 and len(set(order)) == 2
    assert order[0::2] == [order[0]] * 3 and order[1::2] == [order[1]] * 3  # by turns, each piece's own back


@pytest.mark.parametrize("colour", [Color(0.2, 0.4, 0.6), Color(1 / 3, 2 / 3, 0.123456), Color(0, 0, 0, alpha=1), Color(1, 1, 1),
                                    CMYKColor(0.1, 0.2, 0.3, 0.4, density=0.5), CMYKColor(0, 0, 0, 1), CMYKColor(0.7, 0.05, 0.9, 0.3),
                                    PCMYKColor(10, 20, 30, 40)], ids=repr)
def test_a_fill_colours_operator_is_the_one_reportlab_writes_for_it(colour):
    """A face's opaque fill is written as reportlab's setFillColor writes it on a fresh canvas: the same bytes, CMYK's
    density applied to each ink; a translucent one has none (reportlab adds a graphics state for it)."""
    canvas = Canvas(io.BytesIO())
    before = rl.emitted(canvas)
    canvas.setFillColor(colour)
    assert (fill_operator(colour),) == rl.emitted_since(canvas, before)
    assert fill_operator(Color(colour.red, colour.green, colour.blue, alpha=0.5) if isinstance(colour, Color) and not isinstance(colour, CMYKColor)
                         else CMYKColor(colour.cyan, colour.magenta, colour.yellow, colour.black, alpha=0.5)) is None
