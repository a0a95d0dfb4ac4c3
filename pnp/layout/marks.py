"""Arabic vowel marks (harakat) and Hebrew points (niqqud) set on their letters, without a shaping engine.

reportlab draws each character's glyph at the advance of the one before it and
reads no positioning table (GPOS), so a mark drawn in its place in the string
would stand beside its letter, or on the next one. pnp places marks as
renderers without a shaping engine do (HarfBuzz's fallback mark positioning):

- A mark has no advance: a line's words are measured without them
  (`without_marks`), so fitting measures what prints.
- In a line's visual order (python-bidi, which leaves out Unicode's optional
  rule L3) each mark of a right-to-left run comes just before its base letter;
  it is drawn as a text run of its own, its ink centred over the middle of the
  base glyph's advance, at the height its outline has in the font.
- An Arabic mark stays at the height the font gives it unless the letter's
  ink reaches it (a lam's stem, the dots of a noon, a beh's dot below): then it
  moves up (or down) clear of that ink by `STACK_GAP` of an em. Two marks on
  one side of a letter (shadda and fatha) stand one above the other: the
  shadda, or else the first written, nearest the letter, each further mark
  clear of the one before it. Hebrew points keep the height their font gives
  them (a dagesh stands inside its letter).

Marks on a lam-alef ligature are centred over the ligature as a whole: the
font's own anchors, which would put a mark over the lam or the alef, are not read.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from pnp.layout import rl
from pnp.layout.fonts import NAME_CACHES

STACK_GAP = 0.05  # between a mark moved clear of its letter's ink and that ink (or the mark under it), in ems
SHADDA = "\u0651"  # stands on its letter, a vowel mark written with it on top of it (or a kasra below the letter)


def is_mark(c: str) -> bool:
    """A nonspacing mark of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, NKo)."""
    return "\u0591" <= c <= "\u08ff" and unicodedata.category(c) == "Mn"


def has_marks(text: str) -> bool:
    return not text.isascii() and any(map(is_mark, text))


def without_marks(text: str) -> str:
    """`text` as it advances: its right-to-left marks take no room."""
    return "".join(c for c in text if not is_mark(c)) if has_marks(text) else text


@lru_cache(maxsize=1024)
def ink(font: str, c: str) -> tuple[float, float, float, float] | None:
    """(x min, y min, x max, y max) of `c`'s glyph in `font` at 1 pt, read from the font's glyf table; None for a glyph
    with no outline or a character the font lacks."""
    face = getFont(font).face
    glyph = face.charToGlyph.get(ord(c))
    box = None if glyph is None else rl.glyph_box(face, glyph)
    if box is None:
        return None
    x0, y0, x1, y1 = box
    em = float(face.unitsPerEm)
    return x0 / em, y0 / em, x1 / em, y1 / em


NAME_CACHES.append(ink.cache_clear)


def placed(op) -> list:
    """A text run (pnp.layout.typeset.TextOp) in visual order, as the runs that draw it: its letters in runs of their
    own, each mark before the base it stands on (the letter after it) as a run of no width at its place."""
    pieces: list = []
    run, start, x = "", op.x, op.x
    waiting: list[str] = []  # marks before the letter they stand on
    for c in op.text:
        if is_mark(c):
            waiting.append(c)
            continue
        advance = stringWidth(c, op.font, op.size)
        if waiting:
            if run:
                pieces.append(op._replace(x=start, text=run, w=x - start))
            pieces.extend(_on_base(op, waiting, c, x, advance))
            run, start, waiting = "", x, []
        run += c
        x += advance
    if run:
        pieces.append(op._replace(x=start, text=run, w=x - start))
    pieces.extend(op._replace(x=x, text=m, w=0.0) for m in waiting)  # no letter after them in this run: left as written
    return pieces


def _on_base(op, marks: list[str], base: str, left: float, advance: float) -> list:
    """`marks` (in visual order: the last is the first written) centred over the glyph of `base` starting at `left`."""
    size, middle = op.size, left + advance / 2
    letter = ink(op.font, base) if base >= "\u0600" else None  # an Arabic mark clears its letter; a Hebrew point may sit inside it
    above, below = (letter[3] * size, letter[1] * size) if letter else (None, None)  # the ink edges a mark must clear, up from the baseline
    drawn = [op] * len(marks)
    for i in sorted(range(len(marks)), key=lambda i: (marks[i] != SHADDA, -i)):  # as written, the shadda first, nearest its letter
        m = marks[i]
        box = ink(op.font, m)
        if box is None:
            drawn[i] = op._replace(x=middle, text=m, w=0.0)
            continue
        x0, y0, x1, y1 = (v * size for v in box)
        rise = 0.0
        if y0 >= 0:  # above the baseline
            if above is not None:
                rise = max(0.0, above + STACK_GAP * size - y0)
            above = y1 + rise
        else:
            if below is not None:
                rise = min(0.0, below - STACK_GAP * size - y1)
            below = y0 + rise
        drawn[i] = op._replace(x=middle - (x0 + x1) / 2, y=op.y - rise, text=m, w=0.0)
    return drawn
