"""Load errors first: an option naming a deck, card or output held by a file that failed to load prints that file's
findings and says which option they stopped (exit 1), never "no deck" or "nothing to build"."""
from __future__ import annotations

import pytest
from conftest import run_pnp

openpyxl = pytest.importorskip("openpyxl")


@pytest.fixture
def broken_sheet(project):
    """The test game with a second deck, xsample, read from a workbook of three sheets without `sheet:` (an error)."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name in ("Crystals", "Notes", "Old"):
        sheet = book.create_sheet(name)
        sheet.append(["id", "name"])
        sheet.append(["c1", "Crystal"])
    book.save(project / "data/tiny/decks/xsample.xlsx")
    (project / "data/tiny/decks/xsample.yaml").write_text("name: Sample\nsize: poker\nfront: tiny/hero.j2\ncards_from: xsample.xlsx\n")
    return project


REAL_ERROR = "xsample.xlsx has 3 sheets: name the one holding the cards with `sheet:`"


@pytest.mark.parametrize("args, option", [
    (("build", "tiny", "--deck", "xsample"), "--deck xsample"),
    (("build", "tiny", "--cards", "c1"), "--cards c1"),
    (("build", "tiny", "--only", "cards"), "--only cards"),
    (("preview", "tiny", "--deck", "xsample"), "--deck xsample"),
    (("preview", "tiny", "--card", "c1"), "--card c1"),
    (("export", "tiny", "--format", "png", "--deck", "xsample"), "--deck xsample"),
    (("showcase", "tiny", "--cards", "xsample/c1"), "--cards xsample/c1"),
], ids=lambda v: " ".join(v) if isinstance(v, tuple) else None)
def test_an_option_naming_what_a_broken_file_holds_shows_that_files_errors(broken_sheet, args, option):
    result = run_pnp(broken_sheet, *args)
    shown = result.output + result.stderr
    assert result.exit_code == 1, shown
    assert REAL_ERROR in shown, shown
    assert f"{option}: " in shown and "data/tiny/decks/xsample.yaml" in shown, shown
    assert "no deck" not in shown and "no card" not in shown and "nothing to build" not in shown, shown


def test_a_strict_build_stopped_by_a_warning_says_so_and_not_nothing_to_build(project):
    """Under --strict a warning fails the build: it is told as the reason, never as "nothing to build" for a game that
    has decks (a field no template reads is such a warning)."""
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{id: knight,", "{id: knight, flavour: unread,"), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--strict")
    shown = result.output + result.stderr
    assert result.exit_code == 1 and "flavour" in shown, shown
    assert "nothing to build" not in shown, shown


@pytest.mark.parametrize("only, needs", [(["dice"], "dice.yaml"), (["dice", "boxes"], "dice.yaml or boxes.yaml")])
def test_an_only_that_leaves_out_everything_a_game_has_says_which_file_it_lacks_and_which_only_to_drop(project, only, needs):
    """The tiny game has decks but no dice and no boxes: `--only dice` builds nothing, and the one line says what that
    kind is made from (dice.yaml, not the decks it has) and that the option is why."""
    result = run_pnp(project, "build", "tiny", *(a for kind in only for a in ("--only", kind)))
    assert result.exit_code == 0, result.output + result.stderr
    said = [line for line in result.output.splitlines() if "nothing to build" in line]
    asked = " ".join(only)
    assert said == [f"tiny: nothing to build for --only {asked}: add {needs} to data/tiny/, or drop --only {asked}"], said


@pytest.mark.parametrize("only, needs", [("cards", "decks/*.yaml"), ("labels", "decks/*.yaml, tokens.yaml or boxes.yaml")])
def test_an_only_for_a_game_without_decks_names_the_decks_folder_the_cards_are_read_from(project, only, needs):
    """A deck is a file in the game's decks/ folder (docs/data-format.md), not a decks.yaml: a game of game.yaml alone
    asked `--only cards` is told to add decks/*.yaml, and `--only labels` (labels for decks, token sets and boxes) each
    of the three."""
    bare = project / "data" / "bare"
    bare.mkdir()
    (bare / "game.yaml").write_text("title: Bare\npitch: Nothing yet.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n", encoding="utf-8")
    result = run_pnp(project, "build", "bare", "--only", only)
    assert result.exit_code == 0, result.output + result.stderr
    said = [line for line in result.output.splitlines() if "nothing to build" in line]
    assert said == [f"bare: nothing to build for --only {only}: add {needs} to data/bare/, or drop --only {only}"], said


def test_a_decks_folder_holding_no_deck_file_is_told_to_add_one_not_that_its_cards_have_no_copies(project):
    """A deck is a decks/*.yaml file (docs/data-format.md): a game whose decks/ folder holds only the sheet the deck
    will read has no deck yet, so `pnp build` says to add one, not that the cards of a deck it lacks print no copy."""
    bare = project / "data" / "bare"
    (bare / "decks").mkdir(parents=True)
    (bare / "game.yaml").write_text("title: Bare\npitch: Nothing yet.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n", encoding="utf-8")
    (bare / "decks/cards.csv").write_text("id,name\nknight,Knight\n", encoding="utf-8")
    result = run_pnp(project, "build", "bare")
    assert result.exit_code == 0, result.output + result.stderr
    said = [line for line in result.output.splitlines() if "nothing to build" in line]
    assert said == ["bare: nothing to build: add decks/*.yaml, boards.yaml, tokens.yaml, reference.yaml or rulebook.md to data/bare/"], said


@pytest.mark.parametrize("only", [["cards"], ["cards", "dice"]])
def test_a_game_whose_every_card_is_counted_zero_is_told_to_give_them_a_count_not_to_add_decks(project, only):
    """A deck written before its counts were chosen (every card `count: 0`) prints no card: `pnp build --only cards`
    (alone or with a kind the game lacks) says the decks give no copy and what to mend (a count of 1 or more), never
    to add the decks the game has."""
    bare = project / "data" / "bare"
    (bare / "decks").mkdir(parents=True)
    (bare / "game.yaml").write_text("title: Bare\npitch: Nothing yet.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n", encoding="utf-8")
    (bare / "decks/cards.yaml").write_text("name: Cards\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\n"
                                           "cards:\n  - {id: ogre, name: Ogre, stars: 1, number: 6, text: Smash., count: 0}\n", encoding="utf-8")
    result = run_pnp(project, "build", "bare", *(a for kind in only for a in ("--only", kind)))
    assert result.exit_code == 0, result.output + result.stderr
    said = [line for line in result.output.splitlines() if "nothing to build" in line]
    assert said == ["bare: nothing to build: its decks give no copy of any card (each card's count is 0): give the cards a count of 1 or more"], said


def test_a_game_with_a_deck_that_failed_to_load_writes_nothing_even_unchecked(project):
    """A second deck file with an error (a count in words) leaves its game loaded without it, and nothing else of the
    game names that deck; `pnp build --no-validate` skips the checks, not the data's own errors: the build says the
    error, exits 1 and writes none of the game's outputs (its heroes' cards, tokens, rulebook), which would print
    without the deck."""
    (project / "data/tiny/decks/extras.yaml").write_text(
        "name: Extras\nsize: poker\nfront: tiny/hero.j2\ncards:\n  - {id: spare, name: Spare, count: two}\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--no-validate")
    assert result.exit_code == 1, result.output
    assert "cards.spare.count: expected a whole number, got 'two'" in result.output, result.output
    written = sorted(p.name for p in (project / "output/tiny").glob("*")) if (project / "output/tiny").is_dir() else []
    assert written == [], written
