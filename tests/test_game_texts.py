"""The five games say one thing everywhere: rulebook, reference, player aids, cards and boards agree (issue 47).

Each promise is read from the text of the built PDFs, so a phrase brought back into any data file or template
is caught wherever it prints."""
from __future__ import annotations

import functools

import pytest
from pdftext import page_texts, pdf_text

GAMES = ("germ-tycoon", "narco-empire", "organ-match", "organ-trail", "police-precinct")


def flat(text: str) -> str:
    """One line of text, with typographic quotes and apostrophes read as plain ones and hyphenated breaks kept."""
    for curly, plain in (("‘", "'"), ("’", "'"), ("“", '"'), ("”", '"')):
        text = text.replace(curly, plain)
    return " ".join(text.split())


@pytest.fixture(scope="module")
def built(shared_build):
    """The plain build of the five games, shared with other files (conftest.shared_build)."""
    return shared_build()


@functools.cache
def text_of(built, game: str, output: str) -> str:
    """Every page's text of one PDF, read once for all the tests of this file, by pdfium (pypdf took 3 s for a deck)."""
    return flat(pdf_text(built / game / f"{game}-{output}.pdf", " "))


def everything(built, game: str) -> str:
    return " ".join(text_of(built, game, output) for output in ("rulebook", "reference", "cards", "boards"))


# (game, a phrase that contradicts the game's rules or another of its texts, and must print nowhere)
GONE = [
    ("germ-tycoon", "richest germ survives"),  # the last bacterium standing wins; the richest only under the time limit
    ("narco-empire", "When: When"),
    ("narco-empire", "improvement card on the table"),  # improvements are bought from your time line
    ("narco-empire", "laboratory row"),  # the crops pick a column of the laboratory table
    ("organ-trail", "cards poker cards"),
    ("police-precinct", "ends your turn"),  # a hospital trip skips phase 3 only
    ("police-precinct", "all police card draws"),  # Officer Down blocks phase 3's draw, as its card says
    ("police-precinct", "prototype"),
    ("police-precinct", "two-page player aid"),
]


@pytest.mark.parametrize(("game", "phrase"), GONE, ids=[f"{g}: {p}" for g, p in GONE])
def test_no_contradicting_phrase_prints(built, game, phrase):
    assert phrase.lower() not in everything(built, game).lower()


def test_police_precinct_says_three_evidence_cards_complete_a_category_everywhere(built):
    rules, reference, boards = (text_of(built, "police-precinct", o) for o in ("rulebook", "reference", "boards"))
    assert "three evidence cards complete a category" in rules
    assert "Three evidence cards complete a category" in reference
    assert "three complete a category" in boards  # the murder board, beside its three slots a category
    for text in (rules, reference):
        assert "all twelve evidence slots" in text.lower() or "all twelve slots" in text.lower()


def test_police_precincts_player_aid_carries_what_its_back_had_room_for(built):
    pdf = built / "police-precinct/police-precinct-reference.pdf"
    pages = page_texts(pdf)
    aid = flat(" ".join(text for text in pages if "Player aids" in text))
    for written in ("discard two police cards", "big knife", "never a card you drew this turn", "Fast Response"):
        assert written in aid, written


def test_organ_trails_aid_letters_the_actions_as_the_rulebook_and_tells_of_dead_cards(built):
    rules, reference = text_of(built, "organ-trail", "rulebook"), text_of(built, "organ-trail", "reference")
    for letter, action in (("A", "Enter the market"), ("B", "Leave the market"), ("C", "Stake out"), ("D", "Pull out")):
        assert f"{letter}. {action}" in rules and f"{letter}. {action}" in reference, action
    assert "throw away" in reference
    assert "39 cards in all" in rules


def test_narco_empires_own_rules_list_the_editions_choices(built):
    rules = text_of(built, "narco-empire", "rulebook")
    own = rules[rules.index("This edition's own rules"):]
    for choice in ("stays in play for good", "Tied players share the win", "replaced setup card goes back to the box"):
        assert choice in own, choice


@pytest.mark.parametrize("game", GAMES)
def test_a_rulebook_never_ends_on_a_near_empty_page(built, game):
    """The last page holds at least a third of the text of an average page before it (the cover aside)."""
    counts = [sum(1 for c in text if not c.isspace()) for text in page_texts(built / game / f"{game}-rulebook.pdf")]
    body = counts[1:-1]
    assert body, counts
    assert counts[-1] >= sum(body) / len(body) / 3, counts
