"""Where a vowel mark is drawn (pnp.layout.marks), read against the font itself with fontTools rather than through
pnp's own reading of it: each mark's ink centred over the middle of its letter's advance, no room taken, moved clear
of a letter's ink by 0.05 em only where it would touch it, a shadda nearest its letter and its vowel on top, a Hebrew
point left where its font puts it, marks with no letter after them left as written. In process, one face's worth of
text: the rules of docs/languages.md, not the code's own arithmetic."""
from __future__ import annotations

import pytest
from conftest import ROOT
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.layout.fonts import FontBook
from pnp.layout.marks import has_marks, is_mark, placed, without_marks
from pnp.layout.typeset import TextOp

FATHA, KASRA, SUKUN, SHADDA, FATHATAN = "\u064e", "\u0650", "\u0652", "\u0651", "\u064b"
LAM, MEEM, BEH, ALEF = "\ufee0", "\ufee3", "\ufe91", "\ufe8e"  # medial lam, initial meem, initial beh (its dot below), final alef
HEBREW_DAGESH, HEBREW_QAMATS, BET = "\u05bc", "\u05b8", "\u05d1"
GAP_EM = 0.05  # how far a moved mark stands clear of the ink under it (docs/languages.md)
SIZE = 40.0


@pytest.fixture(scope="module")
def fonts() -> dict[str, tuple[str, TTFont]]:
    """{family: (pnp's registered name, the font file as fontTools reads it)} for the shipped Noto Sans Arabic and Hebrew."""
    book = FontBook(ROOT / "pnp/assets/fonts")
    return {family: (book.font_name(family), TTFont(book.file(family))) for family in ("noto-sans-arabic", "noto-sans-hebrew")}


def _ink(font: TTFont, c: str) -> tuple[float, float, float, float]:
    """(x min, y min, x max, y max) of `c`'s glyph in ems, up from the baseline, read by fontTools."""
    glyphs = font.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[font.getBestCmap()[ord(c)]].draw(pen)
    em = font["head"].unitsPerEm
    return tuple(v / em for v in pen.bounds)


def _op(font: str, text: str) -> TextOp:
    return TextOp(x=10.0, y=50.0, font=font, size=SIZE, color="#000000", text=text, w=stringWidth(without_marks(text), font, SIZE))


def _mark_ink_centre(piece: TextOp, font: TTFont) -> float:
    x0, _, x1, _ = _ink(font, piece.text)
    return piece.x + (x0 + x1) / 2 * SIZE


def _bottom_up(piece: TextOp, op: TextOp, font: TTFont) -> float:
    """A drawn mark's ink bottom, in points up from the run's baseline."""
    return _ink(font, piece.text)[1] * SIZE + (op.y - piece.y)


def _top_up(piece: TextOp, op: TextOp, font: TTFont) -> float:
    return _ink(font, piece.text)[3] * SIZE + (op.y - piece.y)


@pytest.mark.parametrize(("c", "mark"), [(FATHA, True), (SHADDA, True), ("\u0591", True), ("\u08ff", True), (HEBREW_DAGESH, True),
                                          ("\u0590", False), ("\u05be", False), ("\u0900", False), ("\u0300", False), ("a", False),
                                          (MEEM, False), ("\u0627", False)])
def test_a_mark_is_a_nonspacing_mark_of_a_right_to_left_script(c, mark):
    """Unicode's category Mn between Hebrew and the end of Arabic Extended-A; a Latin combining accent or a Devanagari
    sign is not one of them, nor is Hebrew's maqaf (a dash) or an unassigned point."""
    assert is_mark(c) is mark


def test_a_word_is_measured_without_its_marks():
    assert without_marks(MEEM + FATHA + BEH + FATHATAN + ALEF) == MEEM + BEH + ALEF
    assert without_marks(BET + HEBREW_DAGESH + HEBREW_QAMATS) == BET
    assert without_marks("café") == "café" and without_marks("") == ""
    assert has_marks(MEEM + FATHA) and not has_marks(MEEM + BEH) and not has_marks("plain text")


def test_each_mark_takes_no_room_and_stands_centred_over_the_letter_after_it(fonts):
    name, font = fonts["noto-sans-arabic"]
    op = _op(name, ALEF + FATHATAN + BEH + FATHA + MEEM)  # visual order: each mark before the letter it stands on
    pieces = placed(op)
    letters = [p for p in pieces if not is_mark(p.text)]
    marks = [p for p in pieces if is_mark(p.text)]
    assert "".join(p.text for p in letters) == ALEF + BEH + MEEM and sorted(p.text for p in marks) == sorted([FATHATAN, FATHA])
    assert all(p.w == 0 for p in marks), "a mark has no advance"
    assert letters[0].x == op.x and abs(sum(p.w for p in letters) - op.w) < 1e-9, "the letters keep the run's width"
    for i in range(1, len(letters)):
        assert abs(letters[i].x - (letters[i - 1].x + letters[i - 1].w)) < 1e-9, "the letters follow each other without a gap"
    runs = {p.text: p for p in letters}
    for mark, base in ((FATHATAN, BEH), (FATHA, MEEM)):
        piece = next(p for p in marks if p.text == mark)
        middle = runs[base].x + runs[base].w / 2
        assert abs(_mark_ink_centre(piece, font) - middle) < 1e-6, f"{mark!r} centred over {base!r}"


def test_a_mark_over_a_tall_letter_is_lifted_clear_of_its_ink_and_a_shadda_stands_under_its_vowel(fonts):
    name, font = fonts["noto-sans-arabic"]
    op = _op(name, FATHA + SHADDA + LAM)  # written lam, shadda, fatha: in visual order the last written comes first
    pieces = placed(op)
    shadda = next(p for p in pieces if p.text == SHADDA)
    fatha = next(p for p in pieces if p.text == FATHA)
    lam_top = _ink(font, LAM)[3] * SIZE
    assert abs(_bottom_up(shadda, op, font) - (lam_top + GAP_EM * SIZE)) < 1e-6, "the shadda, nearest, clears the stem by 0.05 em"
    assert abs(_bottom_up(fatha, op, font) - (_top_up(shadda, op, font) + GAP_EM * SIZE)) < 1e-6, "the fatha stands on the shadda"


def test_the_shadda_is_nearest_its_letter_whichever_order_the_marks_were_written_in(fonts):
    name, font = fonts["noto-sans-arabic"]
    op = _op(name, SHADDA + FATHA + LAM)  # the fatha written first this time
    pieces = placed(op)
    shadda = next(p for p in pieces if p.text == SHADDA)
    fatha = next(p for p in pieces if p.text == FATHA)
    assert _bottom_up(fatha, op, font) > _top_up(shadda, op, font), "the vowel still on top of the shadda"
    assert [p.text for p in pieces[:2]] == [SHADDA, FATHA], "the marks keep the visual order they came in"


def test_two_vowels_above_one_letter_stack_the_first_written_nearest(fonts):
    name, font = fonts["noto-sans-arabic"]
    op = _op(name, SUKUN + FATHA + LAM)  # written: lam, fatha, sukun
    pieces = placed(op)
    fatha = next(p for p in pieces if p.text == FATHA)
    sukun = next(p for p in pieces if p.text == SUKUN)
    assert abs(_bottom_up(sukun, op, font) - (_top_up(fatha, op, font) + GAP_EM * SIZE)) < 1e-6


def test_a_mark_below_a_letter_with_a_dot_below_moves_down_clear_of_it(fonts):
    name, font = fonts["noto-sans-arabic"]
    op = _op(name, KASRA + BEH)
    kasra = next(p for p in placed(op) if p.text == KASRA)
    beh_bottom = _ink(font, BEH)[1] * SIZE
    kasra_top = _top_up(kasra, op, font)
    assert kasra_top <= beh_bottom - GAP_EM * SIZE + 1e-6, "the kasra clears the beh's dot"
    assert abs(kasra_top - min(_ink(font, KASRA)[3] * SIZE, beh_bottom - GAP_EM * SIZE)) < 1e-6, "moved no further than it must"


def test_a_mark_already_clear_of_a_short_letter_stays_where_its_font_puts_it(fonts):
    name, font = fonts["noto-sans-arabic"]
    op = _op(name, FATHA + MEEM)
    fatha = next(p for p in placed(op) if p.text == FATHA)
    natural = _ink(font, FATHA)[1] * SIZE
    meem_top = _ink(font, MEEM)[3] * SIZE
    expected = max(natural, meem_top + GAP_EM * SIZE)
    assert abs(_bottom_up(fatha, op, font) - expected) < 1e-6


def test_a_hebrew_point_keeps_the_height_its_font_gives_it_even_inside_its_letter(fonts):
    name, font = fonts["noto-sans-hebrew"]
    op = _op(name, HEBREW_DAGESH + BET)
    pieces = placed(op)
    dagesh = next(p for p in pieces if p.text == HEBREW_DAGESH)
    bet = next(p for p in pieces if p.text == BET)
    assert dagesh.y == op.y, "not moved up or down"
    assert abs(_mark_ink_centre(dagesh, font) - (bet.x + bet.w / 2)) < 1e-6


def test_marks_with_no_letter_after_them_are_left_at_the_end_of_the_run_as_written(fonts):
    name, _ = fonts["noto-sans-arabic"]
    op = _op(name, MEEM + FATHA + KASRA)
    pieces = placed(op)
    assert [p.text for p in pieces] == [MEEM, FATHA, KASRA]
    end = op.x + stringWidth(MEEM, name, SIZE)
    assert all(p.x == end and p.w == 0 and p.y == op.y for p in pieces[1:])
    assert pieces[0].w == stringWidth(MEEM, name, SIZE)


@pytest.mark.parametrize("size", [40.0, 1.0])
def test_a_mark_is_lifted_clear_of_a_tall_letter_at_any_size(fonts, size):
    name, font = fonts["noto-sans-arabic"]
    op = _op(name, FATHA + LAM)._replace(size=size)
    fatha = next(p for p in placed(op) if p.text == FATHA)
    bottom = _ink(font, FATHA)[1] * size + (op.y - fatha.y)
    assert abs(bottom - (_ink(font, LAM)[3] + GAP_EM) * size) < 1e-9


def test_a_mark_below_already_clear_of_its_letter_stays_where_its_font_puts_it(fonts, monkeypatch):
    """No shipped letter's ink stays above the baseline, where a kasra's own place is clear of it; a font whose letter
    does (its box given here, a letter raised 0.2 em) keeps the kasra where the font puts it, moved neither way."""
    import pnp.layout.marks as marks

    name, _ = fonts["noto-sans-arabic"]
    real = marks.ink
    monkeypatch.setattr(marks, "ink", lambda f, c: (0.0, 0.2, 0.5, 0.6) if c == MEEM else real(f, c))
    op = _op(name, KASRA + MEEM)
    kasra = next(p for p in placed(op) if p.text == KASRA)
    assert kasra.y == op.y


def test_two_marks_below_one_letter_stack_downwards_the_first_written_nearest(fonts):
    name, font = fonts["noto-sans-arabic"]
    hamza_below = "\u0655"
    op = _op(name, KASRA + hamza_below + BEH)  # written: beh, hamza below, kasra
    pieces = placed(op)
    hamza = next(p for p in pieces if p.text == hamza_below)
    kasra = next(p for p in pieces if p.text == KASRA)
    hamza_bottom = _ink(font, hamza_below)[1] * SIZE + (op.y - hamza.y)
    assert abs(_top_up(kasra, op, font) - (hamza_bottom - GAP_EM * SIZE)) < 1e-6, "the kasra under the hamza, 0.05 em apart"


def test_letters_before_a_marked_letter_are_drawn_as_one_run(fonts):
    name, _ = fonts["noto-sans-arabic"]
    op = _op(name, ALEF + BEH + FATHA + MEEM)
    pieces = placed(op)
    assert [p.text for p in pieces] == [ALEF + BEH, FATHA, MEEM]
    assert abs(pieces[0].w - stringWidth(ALEF + BEH, name, SIZE)) < 1e-9


def test_a_mark_whose_glyph_has_no_outline_stands_at_the_middle_of_its_letter(fonts, monkeypatch):
    """A font may draw a mark as an empty glyph: it is still placed, at the middle of its letter's advance, taking no room."""
    import pnp.layout.marks as marks

    name, _ = fonts["noto-sans-arabic"]
    real = marks.ink
    monkeypatch.setattr(marks, "ink", lambda font, c: None if c == FATHA else real(font, c))
    op = _op(name, SUKUN + FATHA + MEEM)  # written: meem, fatha, sukun; the fatha placed first
    pieces = placed(op)
    meem = pieces[-1]
    fatha = next(p for p in pieces if p.text == FATHA)
    assert (fatha.x, fatha.y, fatha.w) == (meem.x + meem.w / 2, op.y, 0.0)
    assert [p.text for p in pieces] == [SUKUN, FATHA, MEEM], "the mark placed after it is placed too"
