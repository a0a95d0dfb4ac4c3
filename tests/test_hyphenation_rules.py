"""Where a word may break (pnp.layout.hyphenation.word_breaks, the rule every text box sets by): the typesetting rules
a reader expects, stated for real words rather than for the patterns' output. A break keeps two letters before it and
three after it (TeX's \\lefthyphenmin 2 and \\righthyphenmin 3: never "Kommissi-on", never "natural-ly"), a word under
six letters never breaks, and a word's own hyphen is a break that prints no second hyphen."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.layout.hyphenation import word_breaks

WORDS = {"en": ["naturally", "quickly", "population", "criminal", "hospital", "investigation", "emergency", "influence",
                "transplant", "characteristically", "patiently", "laboratory"],
         "de": ["Kommission", "Donaudampfschifffahrt", "Organstapel", "Patientenkarte", "Einflusskarte", "Krankenhaus",
                "Wartelistenplatz", "Spielende", "Mindestalter"]}


def _pieces(word: str, breaks) -> list[str]:
    cuts = [0, *(at for at, _ in breaks), len(word)]
    return [word[a:b] for a, b in itertools.pairwise(cuts)]


@pytest.mark.parametrize(("language", "word"), [(lang, w) for lang, words in WORDS.items() for w in words])
def test_a_break_keeps_two_letters_before_it_and_three_after_it(language, word):
    breaks = word_breaks(word, language)
    pieces = _pieces(word, breaks)
    assert len(pieces[0]) >= 2 and len(pieces[-1]) >= 3, pieces
    assert all(hyphen for _, hyphen in breaks), breaks  # a break inside letters prints its hyphen


def test_the_patterns_do_break_long_words_so_the_rule_above_is_asked_of_real_breaks():
    assert word_breaks("Donaudampfschifffahrt", "de") and word_breaks("characteristically", "en")
    assert _pieces("naturally", word_breaks("naturally", "en"))[-1] != "ly"
    assert _pieces("Kommission", word_breaks("Kommission", "de"))[-1] != "on"


@pytest.mark.parametrize("word", ["Team", "hello", "Organ", "Stern"])
def test_a_word_under_six_letters_never_breaks(word):
    assert word_breaks(word, "en") == () and word_breaks(word, "de") == ()


@given(st.from_regex(r"[a-z]{2,9}-[a-z]{2,9}", fullmatch=True))
def test_a_words_own_hyphen_is_a_break_that_prints_no_second_hyphen(word):
    own = word.index("-") + 1
    breaks = dict(word_breaks(word, "en"))
    assert breaks.get(own) is False  # it may break just after its hyphen, and prints none of its own there
    assert own - 1 not in breaks  # never before the hyphen, which would start the next line with it
