"""Right-to-left text (Arabic, Hebrew): set from the right, Arabic's letters joined.

reportlab draws each character's own glyph and shapes nothing, so pnp does the
two things a right-to-left script needs before and after its own line breaking:

- Arabic letters take their joining forms first (arabic-reshaper: initial,
  medial, final and isolated presentation forms, lam-alef joined), so each word
  is measured and broken as it will print. Vowel marks (harakat) are kept in a
  paragraph set from the right and placed on their letters when it is turned
  round (pnp.layout.marks); elsewhere they are left out, as the words around
  them are not turned either.
- Lines are broken in reading order, as for any text; a right-to-left
  paragraph's lines are then turned round (`mirrored`): each run of text is drawn
  at the mirror of its place, in its visual order (python-bidi, the Unicode
  bidirectional algorithm), so the first word stands at the right edge, and
  left-aligned lines become right-aligned ones. A stretch of left-to-right runs
  (a name, a number in another font) keeps its own left-to-right order.

Both libraries are imported only when a text holds a right-to-left character.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from pnp.layout.marks import has_marks, placed
from pnp.layout.typeset import Laid, TextOp

# Languages written right to left (ISO 639 codes): an edition in one sets its rulebook and reference from the right.
RTL_LANGUAGES = frozenset({"ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"})


def is_rtl_language(language: str) -> bool:
    """Whether an edition's language (`ar`, `he-IL`) is written right to left."""
    return language.split("-")[0].lower() in RTL_LANGUAGES


def _rtl_char(c: str) -> bool:
    return unicodedata.bidirectional(c) in ("R", "AL")


def has_rtl(text: str) -> bool:
    """Whether `text` holds a right-to-left letter (Arabic, Hebrew …)."""
    return any(_rtl_char(c) for c in set(text) if c > "\x7f") if not text.isascii() else False  # each letter past ASCII once


def starts_rtl(text: str) -> bool:
    """Whether `text`'s first strong letter is right-to-left (the Unicode rule for a paragraph's direction)."""
    for c in text:
        kind = unicodedata.bidirectional(c)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def _arabic(c: str) -> bool:
    return unicodedata.bidirectional(c) == "AL" or "\u0600" <= c <= "\u06ff"


@lru_cache(maxsize=4096)
def shaped(text: str, marks: bool = False) -> str:
    """`text` with its Arabic letters in their joining forms (unchanged when it has none); its vowel marks kept when
    `marks` (a paragraph `mirrored` sets from the right, which places them on their letters)."""
    if text.isascii() or not any(_arabic(c) for c in text):
        return text
    import arabic_reshaper

    return _keeping_marks().reshape(text) if marks else arabic_reshaper.reshape(text)


@lru_cache(maxsize=1)
def _keeping_marks():
    import arabic_reshaper

    return arabic_reshaper.ArabicReshaper(configuration={"delete_harakat": False})


@lru_cache(maxsize=4096)
def visual(text: str, rtl: bool = True) -> str:
    """One line's characters in the order they are drawn from left to right, in a paragraph read right to left when
    `rtl` (a full stop after a Latin word then stands at its left, as the bidirectional algorithm puts it)."""
    if (text.isascii() and not rtl) or (text.isalnum() and not has_rtl(text)):
        return text  # nothing to turn: left-to-right text in a left-to-right line, or letters and digits alone
    from bidi import get_display

    shown = get_display(text, base_dir="R" if rtl else "L")
    return _mirrored_pairs(text, shown, rtl) if any(unicodedata.mirrored(c) for c in text) else shown


def _mirrored_pairs(text: str, shown: str, rtl: bool) -> str:
    """`shown`, python-bidi's visual order of one line `text`, with each mirrored character (a bracket, « ») that stands
    at a right-to-left level drawn as its mirror image, Unicode's rule L4, which python-bidi's Rust algorithm leaves
    out: "(8.5 مم)" would print as ")8.5 مم(". Its levels are read from python-bidi's debug report and the line
    reordered from them (rules L1 and L2); where that order is not python-bidi's own, `shown` is kept as it is."""
    import re

    from bidi import get_display
    from bidi.mirror import MIRRORED

    report = str(get_display(text, base_dir="R" if rtl else "L", debug=True))
    listed = report.partition("levels: [")[2].partition("paragraphs:")[0]
    per_byte = [int(n) for n in re.findall(r"Level\(\s*(\d+)", listed)]
    if "\n" in text or len(per_byte) != len(text.encode()):
        return shown
    levels, at = [], 0
    for c in text:
        levels.append(per_byte[at])
        at += len(c.encode())
    end = len(text)
    while end and text[end - 1].isspace():  # L1: a line's trailing spaces take the paragraph's level
        end -= 1
        levels[end] = int(bool(rtl))
    order = list(range(len(text)))
    for level in range(max(levels), 0, -1):  # L2: from the highest level down, reverse each run at that level or above
        i = 0
        while i < len(order):
            j = i
            while j < len(order) and levels[order[j]] >= level:
                j += 1
            order[i:j] = order[i:j][::-1]
            i = j + 1
    if "".join(text[i] for i in order) != shown:
        return shown
    return "".join(MIRRORED.get(text[i], text[i]) if levels[i] % 2 else text[i] for i in order)


def _ltr_run(op) -> bool:
    """A text run that reads left to right on its own: no right-to-left letter, and a letter or digit in it."""
    return type(op) is TextOp and not has_rtl(op.text) and any(c.isalnum() for c in op.text)


def ordered(laid: Laid) -> Laid:
    """`laid`, a paragraph read left to right, with each run that holds right-to-left letters drawn in its visual order:
    an Arabic or Hebrew word in an English line reads from the right (the bidirectional algorithm in a left-to-right
    paragraph), where its letters were drawn in the order they were written, backwards. A run keeps its place and width."""
    if not any(type(op) is TextOp and has_rtl(op.text) for op in laid.ops):
        return laid
    return laid._replace(ops=tuple(op._replace(text=visual(op.text, False)) if type(op) is TextOp and has_rtl(op.text) else op
                                   for op in laid.ops))


def mirrored(laid: Laid, width: float) -> Laid:
    """`laid` (set left to right in reading order within `width` points) turned round into a right-to-left paragraph."""
    ops = [op._replace(x=width - op.x - op.w, text=visual(op.text)) if type(op) is TextOp else op._replace(x=width - op.x - op.size)
           for op in laid.ops]
    start = 0
    while start < len(ops):  # each stretch of left-to-right runs on one line is set back in its own order
        end = start
        while end < len(ops) and _ltr_run(laid.ops[end]) and laid.ops[end].y == laid.ops[start].y:
            end += 1
        if end - start > 1:
            first = min(laid.ops[i].x for i in range(start, end))
            left = min(ops[i].x for i in range(start, end))
            for i in range(start, end):
                ops[i] = ops[i]._replace(x=left + laid.ops[i].x - first)
        start = max(end, start + 1)
    if any(type(op) is TextOp and has_marks(op.text) for op in ops):  # each vowel mark drawn on its letter
        ops = [piece for op in ops for piece in (placed(op) if type(op) is TextOp and has_marks(op.text) else (op,))]
    return laid._replace(ops=tuple(ops))
