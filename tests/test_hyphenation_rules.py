"""Where a word may break (pnp.layout.hyphenation.word_breaks, the rule every text box sets by): the typesetting rules
a reader expects, stated for real words rather than for the patterns' output. A break keeps two letters before it and
three after it (TeX's \\lefthyphenmin 2 and \\righthyphenmin 3: never "Kommissi-on", never "natural-ly"), a word under
six letters never breaks, and a word's own hyphen is a break that prints no second hyphen."""
from __future__ import annotations

import itertools
import string

import properties  # noqa: F401  (the suite's Hypothesis profile)
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


PART = st.text(alphabet=string.ascii_lowercase, min_size=2, max_size=9)


@given(st.tuples(PART, PART).map("-".join))
def test_a_words_own_hyphen_is_a_break_that_prints_no_second_hyphen(word):
    own = word.index("-") + 1
    breaks = dict(word_breaks(word, "en"))
    assert breaks.get(own) is False  # it may break just after its hyphen, and prints none of its own there
    assert own - 1 not in breaks  # never before the hyphen, which would start the next line with it


@pytest.mark.parametrize("word", ["long\u2010term", "Nord\u2010West"])
def test_a_words_own_unicode_hyphen_is_a_break_that_prints_no_second_hyphen_too(word):
    """U+2010 HYPHEN is Unicode's own hyphen (a typographer's, or a word processor's, in place of the hyphen-minus): a
    word written with it breaks just after it, as after "-", and prints no hyphen of its own there."""
    own = word.index("\u2010") + 1
    breaks = dict(word_breaks(word, "en"))
    assert breaks.get(own) is False, breaks
    assert own - 1 not in breaks


def test_soft_hyphens_written_in_the_data_are_the_words_breaks_and_are_never_printed():
    """A soft hyphen (U+00AD) marks where a word may break: it is taken out of the word, each becomes a hyphenated
    break at its place (counted from the word's start, `length` letters already set), one at the word's very start
    breaks nothing, and two together make one break."""
    from pnp.layout.hyphenation import SOFT_HYPHEN, soft_breaks, word_breaks_of

    soft: list = []
    assert soft_breaks(f"Donau{SOFT_HYPHEN}dampf{SOFT_HYPHEN}{SOFT_HYPHEN}schiff", 0, soft) == "Donaudampfschiff"
    assert soft == [(5, True), (10, True)]
    later: list = []
    assert soft_breaks(f"{SOFT_HYPHEN}fahrt{SOFT_HYPHEN}", 16, later) == "fahrt" and later == [(16, True), (21, True)]
    leading: list = []
    assert soft_breaks(f"{SOFT_HYPHEN}Start", 0, leading) == "Start" and leading == []
    # a word's written breaks replace the patterns', and one at its very end breaks nothing
    assert word_breaks_of([("Donaudampfschiff",)], [(5, True), (10, True), (16, True)], 16, lambda _: ((2, True),)) == ((5, True), (10, True))
    assert word_breaks_of([("Donau",), ("dampf",)], [], 10, lambda text: ((len(text) - 3, True),)) == ((7, True),)
    assert word_breaks_of([("Donau",)], [], 5, None) == ()


def test_japanese_breaks_between_any_two_characters_but_the_kinsoku_rules():
    """Japanese is written without spaces: a line may break between any two characters, with no hyphen, except before
    closing punctuation or a small kana, or after an opening bracket (JIS X 4051's simplest rules); Latin text in the
    same word keeps only its own breaks."""
    from pnp.layout.hyphenation import with_cjk_breaks

    assert with_cjk_breaks([("日本語",)], ()) == ((1, False), (2, False))
    assert with_cjk_breaks([("終わり。",)], ()) == ((1, False), (2, False))  # never before 。
    assert with_cjk_breaks([("「本」",)], ()) == ()  # never after 「 nor before 」
    assert with_cjk_breaks([("ちょっと",)], ()) == ((3, False),)  # never before ょ or っ
    assert with_cjk_breaks([("ab",), ("語",)], ((1, True),)) == ((1, True), (2, False))
    assert with_cjk_breaks([("Donaudampf",)], ((5, True),)) == ((5, True),)
    assert with_cjk_breaks([("Ärger",)], ()) == ()  # not ASCII, and no CJK either


def test_a_hyphenator_is_its_language_and_says_which_languages_have_patterns():
    from pnp.layout.hyphenation import Hyphenator, has_dictionary

    assert Hyphenator("en") == Hyphenator("en") and hash(Hyphenator("en")) == hash(Hyphenator("en"))
    assert Hyphenator("en") != Hyphenator("de") and Hyphenator("en") != "en"
    assert Hyphenator("de")("Donaudampfschifffahrt") == word_breaks("Donaudampfschifffahrt", "de")
    assert has_dictionary("en") and has_dictionary("de") and not has_dictionary("tlh")


# The syllables a dictionary of each language divides the word into (Treccani's po-po-la-zio-ne, Priberam's
# po-pu-la-ção, Van Dale's zie-ken-huis), less a break that would leave under three letters after it
@pytest.mark.parametrize(("language", "word", "pieces"), [
    ("it", "popolazione", ["po", "po", "la", "zione"]),
    ("pt", "população", ["po", "pu", "la", "ção"]),
    ("pt-BR", "população", ["po", "pu", "la", "ção"]),
    ("nl", "ziekenhuis", ["zie", "ken", "huis"]),
])
def test_an_edition_in_a_language_past_the_four_named_breaks_by_its_own_languages_patterns(language, word, pieces):
    """Italian, Portuguese (Brazil's too) and Dutch are in pnp's words table but not among the four languages named a
    dictionary: they take pyphen's own patterns for their code, so their justified text breaks where their readers
    break it."""
    breaks = word_breaks(word, language)
    assert _pieces(word, breaks) == pieces and all(hyphen for _, hyphen in breaks), breaks


@pytest.mark.parametrize("word", ["Stufe-2", "Level-3", "2-fach", "Zone-4B"])
def test_a_words_own_hyphen_beside_a_digit_is_no_break(word):
    """A word's own hyphen is a break only between two letters: "Stufe-2" never leaves its 2 alone at the start of the
    next line, nor "2-fach" its 2 at the end of one."""
    assert word_breaks(word, "de") == () and word_breaks(word, "en") == ()


def test_a_six_letter_word_is_long_enough_to_break():
    assert word_breaks("garden", "en") == ((3, True),) and word_breaks("Garten", "de") == ((3, True),)


def test_a_soft_hyphen_after_a_words_first_letter_is_honoured():
    """The designer's soft hyphen is obeyed wherever it stands but before the first letter (the patterns' two-letter
    minimum is theirs, not the designer's)."""
    from pnp.layout.hyphenation import SOFT_HYPHEN, soft_breaks

    soft: list = []
    assert soft_breaks(f"a{SOFT_HYPHEN}way", 0, soft) == "away" and soft == [(1, True)]


# The first and last characters of each range of scripts written without spaces (CJK symbols and punctuation to CJK
# ideographs, compatibility ideographs, halfwidth and fullwidth forms, the supplementary ideographs), and the
# character just outside each end: a break stands between a Latin letter and the first, never the second.
EDGES = ["\u3000", "\u9fff", "\uf900", "\ufaff", "\uff00", "\uffef", "\U00020000", "\U0002fa1f"]
OUTSIDE = ["\u2fff", "\ua000", "\uf8ff", "\ufb00", "\ufff0", "\U0001ffff", "\U0002fa20"]


@pytest.mark.parametrize("c", EDGES)
def test_each_end_of_the_scripts_written_without_spaces_breaks_against_a_latin_letter(c):
    from pnp.layout.hyphenation import with_cjk_breaks

    assert with_cjk_breaks([("a" + c,)], ()) == ((1, False),), hex(ord(c))


@pytest.mark.parametrize("c", OUTSIDE)
def test_a_character_just_outside_those_scripts_breaks_nothing(c):
    from pnp.layout.hyphenation import with_cjk_breaks

    assert with_cjk_breaks([("a" + c,)], ()) == (), hex(ord(c))


def test_hyphenate_true_breaks_a_left_aligned_word_at_its_dictionary_break(tmp_path):
    """docs/layouts.md: `hyphenate=true` breaks words in text set left too. "Knowledge" (17 mm at 10 pt) in a 13 mm
    left-aligned box held at 10 pt breaks where an American dictionary divides it (Merriam-Webster: knowl·edge), its
    hyphen printed, rather than running past the box."""
    from test_vocabulary import framed_lines, line_text

    template = ('{{ rect(5, 5, 13, 12, stroke="#ff00ff", stroke_width=0.1) }}\n'
                '{{ text("Knowledge", 5, 5, 13, 12, size=10, min_size=10, hyphenate=true) }}\n')
    ((frame, lines), *_) = framed_lines(tmp_path, template, "- {id: a}\n")
    assert [line_text(line) for line in lines] == ["Knowl-", "edge"]
    assert max(c["x1"] for line in lines for c in line) <= frame[2]
