"""An Arabic or Hebrew word in a paragraph read left to right prints reading from the right (the bidirectional rule for
a left-to-right paragraph): in "Draw مرحبا now" the word's first letter, meem, stands at the word's right and its last,
alef, at its left, between "Draw" and "now" in their own order. It printed with its letters in the order written,
left to right: backwards. Read back from the PDF's character boxes (pdfium)."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from conftest import ROOT

from pnp.layout.elements import Face, Text
from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.templates import Layouts
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import new_canvas
from pnp.render.text_setting import Setter, Style

MEEM = {"\u0645", "\ufee1", "\ufee2", "\ufee3", "\ufee4"}  # meem in any of its joining forms
ALEF = {"\u0627", "\ufe8d", "\ufe8e"}


def _layouts():
    layouts = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    return layouts.for_game({"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))


def _on_a_card(text: str):
    """A card text, as a template's text() sets it in a 60 mm box."""
    return _layouts().set_text(text, 60, 15, 24, 12, font="body", bold=False, italic=False, color="#000000", align="left", valign="top", leading=1.2)


def _in_the_rules(text: str):
    """A rulebook or reference paragraph, as pnp.render.text_setting sets it in an English edition."""
    return Setter(_layouts()).lay(text, 300, Style("noto-sans", size=10, leading=1.3))


def _chars(laid) -> list[tuple[str, float]]:
    """(character, left edge in pt) of each character `laid` draws."""
    c, buf = new_canvas((900, 60), "Helvetica", "mixed", "mixed")
    FaceDrawer(c, icons=None).draw_face(Face(80, 20, 0, (Text(3, 2, laid.ops),), frozenset()), 0, 0, reused=False)
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        tp = doc[0].get_textpage()
        out = [(tp.get_text_range(i, 1), tp.get_charbox(i)[0]) for i in range(tp.count_chars())]
        tp.close()
        return [(ch, x) for ch, x in out if ch.strip()]
    finally:
        doc.close()


@pytest.mark.parametrize("setting", [_on_a_card, _in_the_rules])
@pytest.mark.parametrize("text, first, last", [("Draw مرحبا now", MEEM, ALEF), ("Draw שמה now", {"\u05e9"}, {"\u05d4"})])
def test_a_right_to_left_word_in_a_left_to_right_line_reads_from_the_right(setting, text, first, last):
    chars = _chars(setting(text))
    x = {ch: left for ch, left in chars}
    word = [left for ch, left in chars if not ch.isascii()]
    assert x[next(c for c in x if c in first)] == max(word), chars  # the first letter written stands at the word's right
    assert x[next(c for c in x if c in last)] == min(word), chars  # and the last at its left
    assert x["D"] < min(word) and max(word) < x["n"], chars  # the line itself reads left to right
