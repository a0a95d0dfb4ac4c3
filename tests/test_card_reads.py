"""Outputs other than the card sheets are rebuilt when, and only when, a card field they show changes.

The tiny game's rulebook prints the hero counts by side, its components list
breaks the heroes down by side, its cover fans the first three heroes and a
figure shows the Knight; its reference names the deck and its total. So an
edit to the Mage's text reprints the card sheets alone, while an edit to a
side, to a cover card or to a field a board lists reprints what shows it.
Every rebuild starts from a copy of a build of the data as it was and is compared with a build of the edited data from nothing, byte for byte.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import copy_build, fresh_pdfs, pdfs, run_pnp

DECK = "data/tiny/decks/heroes.yaml"
KINDS = ("cards", "boards", "tokens", "reference", "rulebook")


def build(project: Path, out: Path) -> set[str]:
    """Build in this process; the kinds of output the build rendered (the summary marks the others '(reused)')."""
    result = run_pnp(project, "build", "--out", str(out))
    assert result.exit_code == 0, result.output
    rendered = set()
    for line in result.output.splitlines():
        m = re.match(r"\S*tiny-(cards|boards|tokens|reference|rulebook)\.pdf\s", line)
        if m and "(reused)" not in line:
            rendered.add(m.group(1))
    return rendered


def edit(project: Path, file: str, old: str, new: str) -> None:
    path = project / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def free_counts(project: Path) -> None:
    """Drop the stated hero counts, so an edit may change a side or add a card without failing the count check."""
    edit(project, "data/tiny/game.yaml", "components:\n  - name: Hero cards\n    in: decks.heroes\n    count: 12\n    source: tests, invented\n    by:\n      side: {red: 6, blue: 6}\n",
         "components: []\n")


@pytest.fixture
def rebuild_after(tmp_path, fresh_build):
    """`rebuild(project, file, old, new)`: build (a copy of the run's build of the project as it is), make one edit,
    rebuild in this process: the kinds rendered again, once the rebuild is checked against a cold build."""

    def rebuild(project: Path, file: str, old: str, new: str, shared: bool = True) -> set[str]:
        """`shared=False`: a project no other test builds alike is built here, as cheaply as a copy."""
        out = copy_build(fresh_build(project), tmp_path / "out") if shared else tmp_path / "out"
        if not shared:
            assert build(project, out) == set(KINDS)
        edit(project, file, old, new)
        rendered = build(project, out)
        assert pdfs(out) == fresh_pdfs(project, tmp_path / "fresh"), "the rebuild prints what a build from nothing of the edited data prints"
        return rendered

    return rebuild


def test_a_card_text_no_other_output_shows_reprints_the_card_sheets_alone(project, rebuild_after):
    rendered = rebuild_after(project, DECK, "keep one and put the others back in any order", "keep one and put the rest back")
    assert rendered == {"cards"}


def test_a_card_text_that_draws_a_new_icon_of_the_set_reprints_the_rulebook_that_credits_it(project, rebuild_after):
    """The rulebook credits every game-icons.net icon the game's data names, a card's text too: a new `:skull-bolt:`
    changes its credits (the fixture holds the rebuild to a cold build's bytes), while a reworded text does not."""
    rendered = rebuild_after(project, DECK, "keep one and put the others back", "keep one :skull-bolt: and put the others back")
    assert rendered == {"cards", "rulebook"}


def test_a_side_reprints_the_rulebook_that_counts_the_sides(project, rebuild_after):
    free_counts(project)
    rendered = rebuild_after(project, DECK, 'text: "This card has its own back."', 'text: "This card has its own back.", side: blue')
    assert rendered == {"cards", "rulebook"}, "by.side and the components' breakdown read every side; the reference reads no side"


def test_a_card_on_the_cover_reprints_the_rulebook(project, rebuild_after):
    rendered = rebuild_after(project, DECK, "name: Rogue,", "name: Rogue Prime,")
    assert rendered == {"cards", "rulebook"}, "the Rogue is the third card of the cover's fan"


def test_a_card_in_a_figure_reprints_the_rulebook(project, rebuild_after):
    rendered = rebuild_after(project, DECK, 'name: "<Knight>"', 'name: "<Sir Knight>"')
    assert rendered == {"cards", "rulebook"}


def test_a_new_card_reprints_every_output_that_counts_the_deck(project, rebuild_after):
    free_counts(project)
    rendered = rebuild_after(project, DECK, "  - {id: twin,", '  - {id: bard, name: Bard, stars: 1, number: 6, text: "Sing.", count: 1}\n  - {id: twin,')
    assert {"cards", "reference", "rulebook"} <= rendered, "the totals change"


def _board_lists_hero_names(project: Path) -> None:
    town = project / "templates/tiny/board-town.j2"
    town.write_text(town.read_text(encoding="utf-8") + '{{ text(decks.heroes.cards|map(attribute="name")|join(", "), 60, 200, 150, 8, size=8) }}\n', encoding="utf-8")


def test_a_board_that_lists_the_heroes_names_is_reprinted_when_a_name_changes_and_not_when_a_text_does(project, tmp_path, rebuild_after):
    _board_lists_hero_names(project)
    rendered = rebuild_after(project, DECK, "name: Mage,", "name: Archmage,", shared=False)
    assert rendered == {"cards", "boards", "rulebook"}, "the rulebook's cover shows the town board, names and all"
    edit(project, DECK, "keep one and put the others back in any order", "keep one")
    assert build(project, tmp_path / "out") == {"cards"}
    assert pdfs(tmp_path / "out") == fresh_pdfs(project, tmp_path / "fresh")


def test_a_token_face_reused_from_the_face_store_still_knows_the_name_it_shows(project, tmp_path):
    """The token sheets are rebuilt for another set's edit and the standee's faces come from the face store; a later edit
    to the name they show must still reprint them."""
    standee = project / "templates/tiny/token-standee.j2"
    standee.write_text(standee.read_text(encoding="utf-8").replace('"**HERO**"', '"**" ~ decks.heroes.cards[3].name ~ "**"'), encoding="utf-8")
    out = tmp_path / "out"
    build(project, out)
    edit(project, "data/tiny/tokens.yaml", "value: 10", "value: 20")
    assert "tokens" in build(project, out)
    edit(project, DECK, "name: Mage,", "name: Archmage,")
    assert "tokens" in build(project, out)
    assert pdfs(out) == fresh_pdfs(project, tmp_path / "fresh")


def _board_text(project, out):
    """What `pnp build --only boards` prints on the boards, a build each call."""
    from pdftext import flat, page_texts

    def board_text() -> str:
        result = run_pnp(project, "build", "--only", "boards", "--out", str(out))
        assert result.exit_code == 0, result.output
        return flat(" ".join(page_texts(out / "tiny/tiny-boards.pdf")))
    return board_text


def test_a_board_that_reads_a_card_by_get_or_whole_shows_that_cards_edit_in_the_next_build(project, tmp_path):
    """pnp.data.fields: a field read with `.get()` is a read of that field, and a card walked whole (its keys listed) a
    read of all of it, so the next build of the boards shows an edit to either card, not the board kept from before."""
    town = project / "templates/tiny/board-town.j2"
    town.write_text(town.read_text(encoding="utf-8") + '{{ text(decks.heroes.cards[3].get("text"), 60, 200, 150, 8, size=8) }}\n'
                    '{% set walked = namespace(keys="") %}{% for key in decks.heroes.cards[4] %}{% set walked.keys = walked.keys ~ " " ~ key %}{% endfor %}'
                    '{{ text(walked.keys, 60, 215, 150, 8, size=8) }}\n', encoding="utf-8")
    board_text = _board_text(project, tmp_path / "out")

    assert "Look at the top three cards" in board_text()
    edit(project, DECK, "Look at the top three cards", "Look at the top two cards")
    assert "Look at the top two cards" in board_text()
    edit(project, DECK, "{id: twin,", "{flavour: odd, id: twin,")
    assert "flavour" in board_text()


def test_a_board_that_asks_whether_a_card_has_a_field_shows_the_field_added_in_the_next_build(project, tmp_path):
    """`{% if "flavour" in card %}` reads the card's `flavour` (there or not): adding it reprints the board that asks."""
    town = project / "templates/tiny/board-town.j2"
    town.write_text(town.read_text(encoding="utf-8") + '{% if "flavour" in decks.heroes.cards[3] %}{{ text("Flavoured mage", 60, 200, 150, 8, size=8) }}'
                    '{% endif %}\n', encoding="utf-8")
    board_text = _board_text(project, tmp_path / "out")

    assert "Flavoured mage" not in board_text()
    edit(project, DECK, "{id: mage,", "{flavour: odd, id: mage,")
    assert "Flavoured mage" in board_text()
