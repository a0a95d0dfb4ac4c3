"""The markup a designer writes in card text (docs: **bold**, *italic*, [colour]text[/], :icon: and :icon@4mm:), held
where a designer sees it: each mistake one finding at its column in the deck's YAML, and the card sheet printing the
words, colours and icons the marks ask for."""
from __future__ import annotations

import shutil

import pdfplumber
import pytest
import yaml
from conftest import TEST_PROJECT, run_pnp

DECK = "data/tiny/decks/heroes.yaml"
ROGUE = "Steal 1 coin − then run → away."
MM = 72 / 25.4
PALETTE = {name: tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
           for name, value in yaml.safe_load((TEST_PROJECT / "data/tiny/game.yaml").read_text(encoding="utf-8"))["palette"].items()}


def _rogue_says(project, text: str) -> int:
    """Give the rogue `text` (written in a YAML double-quoted string) and return its line in the deck."""
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace(ROGUE, text, 1), encoding="utf-8")
    return next(n for n, line in enumerate(deck.read_text(encoding="utf-8").splitlines(), 1) if text in line)


@pytest.mark.parametrize(("text", "mark", "says"), [
    ("Steal 1 coin[/] then run.", "[/]", "[/] closes no colour: remove it, or open one with [name]"),
    ("Steal **1 coin then run.", "**", "** opens bold text that is never closed: add the closing **"),
    ("Steal *1 coin then run.", "*", "* opens italic text that is never closed: add the closing *"),
    ("Steal [red]1 coin then run.", "[red]", "[red] is never closed: end the coloured text with [/]"),
])
def test_a_mark_left_open_or_closing_nothing_is_one_error_at_its_column(project, text, mark, says):
    line = _rogue_says(project, text)
    result = run_pnp(project, "validate", "tiny")
    written = (project / DECK).read_text(encoding="utf-8").splitlines()[line - 1]
    found = [said for said in result.output.splitlines() if ": error: " in said or ": warning: " in said]
    assert result.exit_code == 1 and len(found) == 1, result.output
    assert found[0].startswith(f"{DECK}:{line}:{written.index(mark) + 1}: error: card.text: {says}"), found


def test_marks_that_close_what_they_open_and_escaped_marks_are_no_finding(project):
    _rogue_says(project, r"Steal **1** *coin*, [red]then [blue]run[/] on[/] \\*\\[x] :star:.")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0 and "markup" not in result.output, result.output


def test_a_misspelt_inline_icon_is_one_error_at_its_column_offering_the_icon_meant(project):
    """`:strr:` names no icon: one error at the mark's column in the deck, saying the name it likely meant (`star`),
    the file to add and how to write a literal colon, and where the card's template draws the text."""
    line = _rogue_says(project, "Steal 1 coin :strr: then run.")
    result = run_pnp(project, "validate", "tiny")
    written = (project / DECK).read_text(encoding="utf-8").splitlines()[line - 1]
    found = [said for said in result.output.splitlines() if ": error: " in said or ": warning: " in said]
    assert result.exit_code == 1, result.output
    assert found == [f"{DECK}:{line}:{written.index(':strr:') + 1}: error: card.text: unknown icon :strr: (did you mean 'star'?): "
                     "add templates/icons/strr.svg, or write \\: for a literal colon (drawn at templates/tiny/hero.j2:5:1) [heroes/rogue front]"], found


def test_a_hex_colour_written_in_capital_letters_is_a_colour_as_in_small_ones(project):
    """`[#C0392B]` is the same colour as `[#c0392b]` (CSS and every colour picker write hex digits in either case): it
    opens a colour, and its `[/]` closes it, with no finding."""
    _rogue_says(project, "Steal [#C0392B]1 coin[/] then [#2E6da4]run[/].")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0 and "markup" not in result.output and "colour" not in result.output, result.output


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """The tiny game's card sheets, the rogue's text (on three cards: the first sheet) in marks of every kind and its
    name, bold in its title, with an apostrophe."""
    root = tmp_path_factory.mktemp("markup") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    deck = root / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: \"The Rogue's Kin\",", 1), encoding="utf-8")
    _rogue_says(root, "The rogue's [red]scarlet [blue]azure[/] crimson[/] **Patient 17** :star@4mm: :star@0mm: plain")
    result = run_pnp(root, "build", "tiny", "--only", "cards", "-q")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(root / "output/tiny/tiny-cards.pdf") as pdf:
        page = pdf.pages[0]
        yield page.extract_text(), page.chars, page.objects.get("curve", []) + page.objects.get("rect", [])


def _colour_of(chars, word: str) -> tuple:
    """The fill colour of the first printed `word` (its letters in a row), as 0–255 RGB."""
    text = "".join(c["text"] for c in chars)
    at = text.index(word)
    return tuple(round(v * 255) for v in chars[at]["non_stroking_color"])


def test_an_apostrophe_prints_curled_as_the_rulebook_prints_it_in_text_and_in_a_bold_title(printed):
    text, _, _ = printed
    assert "The rogue\u2019s" in text and "rogue's" not in text, text
    assert "The Rogue\u2019s Kin" in text and "Rogue's" not in text, text


def test_a_colour_inside_a_colour_returns_to_the_outer_one_when_it_closes(printed):
    _, chars, _ = printed
    assert _colour_of(chars, "scarlet") == PALETTE["red"]
    assert _colour_of(chars, "azure") == PALETTE["blue"]
    assert _colour_of(chars, "crimson") == PALETTE["red"]
    assert _colour_of(chars, "plain") == PALETTE["ink"]


def test_a_bold_run_prints_every_letter_of_its_words(printed):
    text, chars, _ = printed
    assert "Patient 17" in text, text
    at = "".join(c["text"] for c in chars).index("Patient 17")
    assert all("Bold" in c["fontname"] for c in chars[at:at + 10]), {c["fontname"] for c in chars[at:at + 10]}


def _star_sizes(shapes, colour) -> list[float]:
    """The widest side, in mm, of each star filled in `colour` (0–255 RGB) on the page."""
    wanted = tuple(round(v / 255, 3) for v in colour)
    return sorted(max(s["width"], s["height"]) / MM for s in shapes
                  if s.get("fill") and tuple(round(v, 3) for v in s.get("non_stroking_color") or ()) == wanted)


def test_an_icon_of_its_own_size_in_mm_is_that_size_and_of_size_0_the_size_the_texts_capitals_give(printed):
    """`:star@4mm:` is drawn in a 4 mm box whatever its text's size: 4/5 of a star the template draws in a 5 mm box
    (the hero's gold stars). `:star@0mm:` has no size of its own, so it takes the one the text's capitals give, as the
    knight's `:star:` in the same 10 pt text does: it neither vanishes nor shrinks."""
    _, _, shapes = printed
    gold = _star_sizes(shapes, PALETTE["gold"])
    inline = _star_sizes(shapes, PALETTE["ink"])  # the knights' :star: (2 cards), each rogue's two stars (3 cards)
    assert len(set(round(g, 3) for g in gold)) == 1, gold
    four = [size for size in inline if size == pytest.approx(gold[0] * 4 / 5, abs=0.005)]
    assert len(four) == 3, (gold[0] * 4 / 5, inline)
    capitals = [size for size in inline if size not in four]
    assert len(capitals) == 5 and max(capitals) - min(capitals) < 0.005, inline


def test_a_mistake_is_placed_in_its_own_cell_when_an_earlier_cell_of_its_row_writes_the_same_mark(project):
    """A row of a flow-style deck holds several cells: the rogue's name is coloured red, rightly, and its text opens
    red and never closes it. The error is at the text's own `[red]`, not at the name's, further left on the line."""
    deck = project / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", 'name: "[red]Rogue[/]",', 1), encoding="utf-8")
    line = _rogue_says(project, "Steal [red]1 coin then run.")
    result = run_pnp(project, "validate", "tiny")
    written = (project / DECK).read_text(encoding="utf-8").splitlines()[line - 1]
    column = written.index('"Steal [red]') + len('"Steal ') + 1
    found = [said for said in result.output.splitlines() if ": error: " in said or ": warning: " in said]
    assert result.exit_code == 1 and len(found) == 1, result.output
    assert found[0].startswith(f"{DECK}:{line}:{column}: error: card.text: [red] is never closed: end the coloured text with [/]"), found
