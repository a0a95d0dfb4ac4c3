"""Arabic vowel marks (harakat) print on their letters (issue 78): a card text "مَرْحَبًا" set in Noto Sans Arabic keeps its
fathas, sukun and tanween, each standing over the letter it was written after, and the word is as wide as without them.
Read back from the PDF (pdfium's characters and their boxes) and from its pixels."""
from __future__ import annotations

import unicodedata

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import ROOT

from pnp.core.errors import LayoutError
from pnp.layout.elements import Face, Text
from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.templates import Layouts
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import new_canvas

MARKED = "مَرْحَبًا"  # meem+fatha, reh+sukun, hah+fatha, beh+fathatan, alef
BARE = "مرحبا"
STACKED = "سَلَّمَ"  # a lam (its stem tall) with a shadda and a fatha
FATHA, SUKUN, FATHATAN, SHADDA = "\u064e", "\u0652", "\u064b", "\u0651"
DPI = 150
PAGE_PT = 60


def _layouts(fonts: dict):
    lay = Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    return lay.for_game({"ink": "#111111"}, fonts, IconLibrary([ROOT / "pnp/assets/icons"]))


def _set(layouts, text: str):
    return layouts.set_text(text, 60, 15, 24, 24, font="body", bold=False, italic=False, color="#000000", align="left", valign="top", leading=1.2)


@pytest.fixture(scope="module")
def pages():
    """PDF pages, the word with its marks on the first and without them on the second at the same place, drawn as
    a card face's text is, and a word with two marks on one letter on the third; opened with pdfium."""
    layouts = _layouts({"body": "noto-sans"})  # the Arabic letters come from the fallback, Noto Sans Arabic
    c, buf = new_canvas((200, PAGE_PT), "Helvetica", "harakat", "harakat")
    drawer = FaceDrawer(c, icons=None)
    for text in (MARKED, BARE, STACKED):
        drawer.draw_face(Face(70, 20, 0, (Text(3, 2, _set(layouts, text).ops),), frozenset()), 0, 0, reused=False)
        c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    yield doc[0], doc[1], doc[2]
    doc.close()


def _ink(page) -> np.ndarray:
    grey = page.render(scale=DPI / 72, grayscale=True).to_numpy()
    return (grey.reshape(grey.shape[0], grey.shape[1], -1)[:, :, 0] < 128)


def test_the_marks_are_inked_above_the_letters_of_a_word_no_wider(pages):
    marked, bare = map(_ink, pages[:2])
    cols_marked, cols_bare = np.nonzero(marked.any(axis=0))[0], np.nonzero(bare.any(axis=0))[0]
    assert abs(cols_marked[0] - cols_bare[0]) <= 1 and abs(cols_marked[-1] - cols_bare[-1]) <= 1, "the marks take no room"
    extra = marked & ~bare
    rows, cols = np.nonzero(extra)
    assert len(rows) > 40, "the marks print"
    assert cols.min() >= cols_bare[0] and cols.max() <= cols_bare[-1], "inside the word's box"
    letters_below = [bare[r + 1:, c].any() for r, c in zip(rows, cols, strict=True)]
    assert np.mean(letters_below) > 0.95, "each mark stands over a letter"


def _chars(page) -> list[tuple[str, float, float]]:
    """(character as written, left, right, bottom, top) of each character pdfium reads on `page`: its ink's box."""
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(i)
        ch = unicodedata.normalize("NFKC", text.get_text_range(i, 1))
        if ch.strip():
            out.append((ch, left, right, bottom, top))
    return out


def test_each_mark_stands_over_the_middle_of_the_letter_it_was_written_after(pages):
    chars = _chars(pages[0])
    letters = {ch: (left, right) for ch, left, right, _, _ in chars if unicodedata.category(ch) != "Mn"}
    marks = [(ch, (left + right) / 2) for ch, left, right, _, _ in chars if unicodedata.category(ch) == "Mn"]
    assert sorted(ch for ch, _ in marks) == sorted([FATHA, SUKUN, FATHA, FATHATAN]), "the page's text holds the marks"
    expected = {"م": FATHA, "ر": SUKUN, "ح": FATHA, "ب": FATHATAN}
    for letter, mark in expected.items():
        left, right = letters[letter]
        third = (right - left) / 3
        over = [ch for ch, middle in marks if left + third <= middle <= right - third]
        assert over == [mark], f"{mark!r} over the middle of {letter!r}"


def test_a_font_with_no_glyph_for_a_mark_is_the_missing_glyph_finding():
    layouts = _layouts({"body": "noto-sans-hebrew"})
    layouts.fonts.fallback_families = ("noto-sans-symbols",)  # no font with Arabic's marks to draw from
    with pytest.raises(LayoutError, match="U\\+064E") as raised:
        _set(layouts, "שלום" + FATHA)
    assert "characters missing" in str(raised.value)


def test_a_shadda_and_its_fatha_stand_one_above_the_other_clear_of_the_lams_stem(pages):
    chars = _chars(pages[2])
    lam = next(c for c in chars if c[0] == "ل")
    shadda = next(c for c in chars if c[0] == SHADDA)
    fathas = [c for c in chars if c[0] == FATHA]
    fatha = next(c for c in fathas if c[1] < (lam[1] + lam[2]) / 2 < c[2])  # the one over the lam
    assert shadda[3] > lam[4], "the shadda clears the lam's stem"
    assert fatha[3] > shadda[4], "the fatha stands on the shadda"
    assert len(fathas) == 3
