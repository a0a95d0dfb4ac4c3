"""Where a word may break at a line's end: soft hyphens written in the data, hyphens it already has, and the
language's hyphenation patterns (pyphen's dictionaries, the ones LibreOffice and TeX use).

A break point is (offset, hyphen): the word splits before its character `offset`, and `hyphen` says whether a
hyphen is printed at the end of the first part (not after a hyphen the word already has). Justified text needs
breaks most: without them a long German compound leaves its line half empty, or does not fit its box at all.
"""
from __future__ import annotations

import functools

from pnp.core.unspaced import unspaced

SOFT_HYPHEN = "\u00ad"  # written in data where a word may break; never printed unless the word breaks there
HYPHENS = "-\u2010"  # a word's own hyphens: it may break after one, and prints no second hyphen there
# A word shorter than this is never hyphenated: a two-letter piece of a five-letter word saves little room and reads
# badly, the rule of most typesetting (InDesign's "words with at least 6 letters"). The first piece keeps two letters
# at least and the last three (TeX's \lefthyphenmin and \righthyphenmin for English): "Kommissi-on" is never set.
MIN_WORD = 6
MIN_BEFORE, MIN_AFTER = 2, 3
# The dictionary each language of pnp's words table (pnp/assets/words/words.yaml) hyphenates with; any other
# language takes pyphen's own fallback for its code (`pt` → pt_PT), or is not hyphenated when pyphen has none.
DICTIONARIES = {"en": "en_US", "de": "de_DE", "es": "es", "fr": "fr"}


@functools.cache
def _dictionary(language: str):
    """pyphen's hyphenator for `language`, or None when pyphen has no patterns for it (imported on first use)."""
    import pyphen

    name = DICTIONARIES.get(language) or pyphen.language_fallback(language.replace("-", "_"))
    return pyphen.Pyphen(lang=name, left=MIN_BEFORE, right=MIN_AFTER) if name else None


def has_dictionary(language: str) -> bool:
    """Whether words of `language` are hyphenated by its patterns (soft hyphens and a word's own hyphens break in any)."""
    return _dictionary(language) is not None



class Hyphenator:
    """The break points of words in one language; a callable the typesetter asks for each word it sets."""

    def __init__(self, language: str):
        self.language = language

    def __call__(self, text: str) -> tuple[tuple[int, bool], ...]:
        return word_breaks(text, self.language)

    def __eq__(self, other):
        return type(other) is Hyphenator and other.language == self.language

    def __hash__(self):
        return hash(("hyphenator", self.language))


@functools.lru_cache(maxsize=100_000)
def word_breaks(text: str, language: str) -> tuple[tuple[int, bool], ...]:
    """Every point where `text` (one word, soft hyphens already taken out) may break, in order: after each of its
    own hyphens between letters, and inside each run of letters MIN_WORD long or more, where the language's
    patterns allow."""
    found: list[tuple[int, bool]] = []
    start = None
    for i, c in enumerate(text + " "):
        if c.isalpha():
            if start is None:
                start = i
            continue
        if start is not None:
            found += _letter_breaks(text[start:i], start, language)
            start = None
        if c in HYPHENS and 0 < i < len(text) - 1 and text[i - 1].isalpha() and text[i + 1].isalpha():
            found.append((i + 1, False))
    return tuple(found)


def _letter_breaks(letters: str, offset: int, language: str) -> list[tuple[int, bool]]:
    if len(letters) < MIN_WORD:
        return []
    hyphenator = _dictionary(language)
    if hyphenator is None:
        return []
    return [(offset + p, True) for p in hyphenator.positions(letters)]


def word_breaks_of(word: list, soft: list, length: int, hyphenate) -> tuple:
    """A word's break points: the soft hyphens written in it (one ending the word breaks nothing), else `hyphenate`'s.
    `word` is the word's fragments as pnp.layout.typeset makes them, each with its text first."""
    if soft:
        return tuple(b for b in soft if b[0] < length)
    return hyphenate("".join(f[0] for f in word)) if hyphenate is not None else ()


# Japanese and Chinese are written without spaces: a line may break between any two of their characters, except
# before closing punctuation and small kana, or after an opening bracket (the simplest of the kinsoku rules, JIS X 4051).
_NO_BREAK_BEFORE = frozenset("、。，．・：；？！）」』】〕〉》’”ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥")
_NO_BREAK_AFTER = frozenset("（「『【〔〈《‘“")


def with_cjk_breaks(word: list, breaks: tuple) -> tuple:
    """`breaks` and, in a word holding Japanese or Chinese, a break point (no hyphen) between each two characters
    either of which is theirs, where the kinsoku rules allow it."""
    text = "".join(f[0] for f in word)
    if text.isascii() or not any(unspaced(c) for c in text):
        return breaks
    cjk = tuple((i, False) for i in range(1, len(text)) if (unspaced(text[i - 1]) or unspaced(text[i]))
                and text[i] not in _NO_BREAK_BEFORE and text[i - 1] not in _NO_BREAK_AFTER)
    return tuple(sorted({*breaks, *cjk}))


def soft_breaks(part: str, length: int, soft: list) -> str:
    """`part` without its soft hyphens; each becomes a break point of the word, `length` characters already in it."""
    kept: list[str] = []
    for c in part:
        if c == SOFT_HYPHEN:
            at = length + len(kept)
            if at > 0 and (not soft or soft[-1][0] != at):
                soft.append((at, True))
        else:
            kept.append(c)
    return "".join(kept)
