"""Generated decks: a deck made from lists of values prints exactly what the same deck written out by hand prints.
Each card's id is made from its values (punctuation made dashes, none at the ends, a yes/no value written true or
false), and a list of values named `count` is refused at its key."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, listing, quick_findings, run_pnp

from pnp.core.errors import PnpError
from pnp.data.project import Project

HEAD = "name: Organs\nsize: poker\nfront: organ-match/organ.j2\nname_field: [organ, category]\nback: organ-match/organ-back.j2\n"
ORGANS = ["liver", "heart", "lungs"]  # the seed's three organs
CATEGORIES = ["lavender", "mauve", "green", "blue"]  # its four compatibility categories


def organ_match(tmp_path: Path) -> Path:
    """A project holding Organ Match alone, as the repository has it."""
    dest = tmp_path / "p"
    shutil.copytree(ROOT / "data" / "organ-match", dest / "data" / "organ-match")
    shutil.copytree(ROOT / "templates", dest / "templates")
    shutil.copytree(ROOT / "fonts", dest / "fonts")
    return dest


def by_hand() -> str:
    """The organ deck written out card by card: each organ in each category, twice (issue 7)."""
    rows = [f"  - {{id: {o}-{c}, count: 2, organ: {o}, category: {c}}}" for o in ORGANS for c in CATEGORIES]
    return HEAD + "cards:\n" + "\n".join(rows) + "\n"


def cards_pdf(root: Path, out: str) -> bytes:
    result = run_pnp(root, "build", "organ-match", "--only", "cards", "--out", str(root / out))
    assert result.exit_code == 0, result.output
    return (root / out / "organ-match" / "organ-match-cards.pdf").read_bytes()


def test_organ_match_organs_are_generated_and_print_as_the_deck_written_by_hand(tmp_path, shared_build):
    """The generated deck as the run's plain build of the shipped games printed it (conftest.shared_build), against a
    copy of the game whose deck is written out by hand."""
    root = organ_match(tmp_path)
    deck = root / "data" / "organ-match" / "decks" / "organs.yaml"
    assert "generate:" in deck.read_text() and "cards:" not in deck.read_text()
    generated = (shared_build() / "organ-match" / "organ-match-cards.pdf").read_bytes()
    listing = json.loads(run_pnp(root, "list", "--format", "json").output.split("\n\n")[0])
    organs = next(d for d in listing[0]["decks"] if d["id"] == "organs")
    assert organs["cards"] == 24 and organs["generated"]
    assert [(c["id"], c["count"]) for c in organs["card_list"]] == [(f"{o}-{c}", 2) for o in ORGANS for c in CATEGORIES]
    shutil.rmtree(root / ".pnp-cache", ignore_errors=True)
    deck.write_text(by_hand())
    assert cards_pdf(root, "hand") == generated


def load(root: Path, text: str):
    (root / "data" / "tiny" / "decks" / "heroes.yaml").write_text(text)
    try:
        return Project(root).load_game("tiny")
    except PnpError as exc:
        return None, exc.findings


TINY = "name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {name: Hero, stars: 1, number: 1, text: t}\n"


def test_exclusions_and_copies_shape_the_generated_cards(project):
    game, findings = load(project, TINY + "generate:\n  values: {side: [red, blue], rank: [1, 2, 3]}\n  copies: 3\n"
                          "  except: [{side: blue, rank: 3}]\n  id: \"{side}-{rank}\"\n")
    assert game is not None, findings
    cards = game.decks["heroes"].cards
    assert [(c.id, c.count, c.fields["side"], c.fields["rank"]) for c in cards] == [
        ("red-1", 3, "red", 1), ("red-2", 3, "red", 2), ("red-3", 3, "red", 3), ("blue-1", 3, "blue", 1), ("blue-2", 3, "blue", 2)]
    assert str(cards[3].fields.loc_of("side")) == "data/tiny/decks/heroes.yaml:7:24"  # where `blue` is written in its list


@pytest.mark.parametrize(("block", "where", "words"), [
    ("  values: {side: [red, blue]}\n  id: \"{colour}\"\n", "8:7", "'{colour}' names no list"),
    ("  values: {side: [red, blue]}\n  except: [{side: green}]\n  id: \"{side}\"\n", "8:19", "'green' is not in its list"),
    ("  values: {side: [red, blue]}\n  except: [{colour: red}]\n  id: \"{side}\"\n", "8:13", "generate.except[0]: 'colour' names no list of values; lists: side"),
    ("  values: {side: [red, red]}\n  id: \"{side}\"\n", "7:24", "listed twice"),
    ("  values: {side: [red, blue], rank: [1, 2]}\n  id: \"{side}\"\n", "8:7", "makes 'red' twice"),
    ("  values: {side: [red]}\n  id: \"{side}\"\n  copis: 2\n", "9:3", "unknown key 'copis'"),
])
def test_a_generate_mistake_is_found_where_it_is_written(project, block, where, words):
    game, findings = load(project, TINY + "generate:\n" + block)
    assert game is None
    found = [f for f in findings if f.severity == "error"]
    assert any(words in f.message and str(f.loc).endswith(f"heroes.yaml:{where}") for f in found), [(str(f.loc), f.message) for f in found]


def test_generated_ids_are_their_values_with_punctuation_made_dashes_none_at_the_ends_and_yes_no_in_lower_case(project):
    """pnp.data.generate: each card's id is made from its values, anything but letters, digits, '-' and '_' made a
    dash and none left at an end; a yes/no value is written as YAML writes it, true or false."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\nkeep_fields: [holo, tag]\ndefaults: {name: Hero, stars: 1, number: 1, text: t, side: red}\n"
        "generate:\n  values: {holo: [true, false], tag: [\"red!\", \"blue?\"]}\n  id: \"{holo}-{tag}\"\n", encoding="utf-8")
    ids = [c["id"] for c in next(d for d in listing(project)["decks"] if d["id"] == "made")["card_list"]]
    assert ids == ["true-red", "true-blue", "false-red", "false-blue"], ids


def test_a_list_of_values_named_count_is_refused_at_its_key(project):
    """A generated card's `count` is made from `copies:`, so a list of values named count would be overwritten: it is
    an error at the list's name, saying to rename it."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {name: Hero, stars: 1, number: 1, text: t}\n"
        "generate:\n  values: {side: [red, blue], count: [1, 2]}\n  id: \"{side}-{count}\"\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].startswith("data/tiny/decks/made.yaml:7:31: error: generate.values: 'count'") and "rename the list" in errors[0], errors


def test_a_generate_block_without_copies_makes_one_of_each_card(project):
    """docs/editions.md: `copies` is how many of each combination, 1 when it is not given: six combinations, six cards."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\nkeep_fields: [rank]\ndefaults: {name: Hero, stars: 1, number: 1, text: t}\n"
        "generate:\n  values: {side: [red, blue], rank: [1, 2, 3]}\n  id: \"{side}-{rank}\"\n", encoding="utf-8")
    made = next(d for d in listing(project)["decks"] if d["id"] == "made")
    assert made["cards"] == 6, made


def test_an_exclusion_of_true_never_drops_the_number_1(project):
    """`except: [{rank: true}]` on ranks 1, 2 and 3 names no rank (YAML's true is no number, though Python holds True ==
    1): one error at the value saying it excludes nothing, and no rank 1 dropped unsaid."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\nkeep_fields: [rank]\ndefaults: {name: Hero, stars: 1, number: 1, text: t, side: red}\n"
        "generate:\n  values: {rank: [1, 2, 3]}\n  id: \"r{rank}\"\n  except: [{rank: true}]\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1 and errors[0].startswith("data/tiny/decks/made.yaml:10:"), result.output
    assert "'true' is not in its list (1, 2, 3), so it excludes nothing" in errors[0], errors  # as the YAML writes it
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\nkeep_fields: [rank, holo]\ndefaults: {name: Hero, stars: 1, number: 1, text: t, side: red}\n"
        "generate:\n  values: {rank: [1, 2], holo: [true, 1]}\n  id: \"r{rank}-{holo}\"\n  except: [{holo: true}]\n", encoding="utf-8")
    ids = [c["id"] for c in next(d for d in listing(project)["decks"] if d["id"] == "made")["card_list"]]
    assert ids == ["r1-1", "r2-1"], ids


def test_an_exclusion_of_1_over_true_and_false_names_nothing_and_its_list_is_written_as_the_yaml_does(project):
    """`except: [{holo: 1}]` over `holo: [true, false]` excludes nothing (YAML's 1 is no true): one error at the value,
    listing the values as the file writes them (true, false), not as Python does (True, False)."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\nkeep_fields: [holo]\ndefaults: {name: Hero, stars: 1, number: 1, text: t, side: red}\n"
        "generate:\n  values: {holo: [true, false]}\n  id: \"h-{holo}\"\n  except: [{holo: 1}]\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1 and errors[0].startswith("data/tiny/decks/made.yaml:10:"), result.output
    assert "generate.except[0].holo: '1' is not in its list (true, false), so it excludes nothing" in errors[0], errors


def test_an_empty_list_of_values_is_one_error_at_the_list(project):
    """An empty list makes no combination: the mistake is the list, said at it, not `except` removing every card."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {name: Hero, stars: 1, number: 1, text: t}\n"
        "generate:\n  values: {side: [red, blue], rank: []}\n  id: \"{side}-{rank}\"\n", encoding="utf-8")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:7:37: error: generate.values.rank: an empty list makes no cards: give it values"], found


@pytest.mark.parametrize("source", ["made.csv", "art/"], ids=["sheet", "folder"])
def test_a_deck_with_both_cards_from_and_generate_is_told_of_the_two_keys_it_writes(project, source):
    """A deck's cards come from one place: a deck that names a sheet or a folder (`cards_from:`) and a `generate:` block
    is one error at its `cards_from:` line, naming the two keys the designer wrote (not a `cards:` it never wrote)."""
    decks = project / "data/tiny/decks"
    (decks / "made.csv").write_text("id,name\nimp,Imp\n", encoding="utf-8")
    (decks / "art").mkdir()
    (decks / "made.yaml").write_text(
        f"name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: {source}\n"
        "generate:\n  values: {side: [red, blue]}\n  id: \"{side}\"\n", encoding="utf-8")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:5:1: error: this deck has both `cards_from:` and `generate:`: keep one"], found


def test_a_deck_with_both_cards_and_generate_is_one_error_at_its_cards(project):
    """A deck that lists its own `cards:` and has a `generate:` block is told to keep one, at its `cards:` line: its
    listed cards are not silently replaced by the generated ones."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards:\n  - {id: imp, name: Imp, stars: 1, number: 1, text: t}\n"
        "generate:\n  values: {side: [red, blue]}\n  id: \"{side}\"\n", encoding="utf-8")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:5:1: error: this deck has both `cards:` and `generate:`: keep one"], found


@pytest.mark.parametrize("block, code, at, message", [
    ("generate: 5\n", "schema-type", (1, 1), "generate should be a YAML mapping (key: value lines)"),
    ("generate:\n  values: {n: [1, 2]}\n", "schema-missing", (5, 3), "missing required key 'id'")], ids=["no-mapping", "no-id"])
def test_a_generate_block_of_the_wrong_shape_is_one_error_of_its_game_in_its_deck(project, block, code, at, message):
    """What `validate --format json` gives a script for a `generate:` that is no mapping (said as `generate`), or
    lacks its `id` (said at the block): one error of the game, in the deck's file."""
    (project / "data/tiny/decks/x.yaml").write_text("name: X\nsize: poker\nfront: tiny/hero.j2\n" + block, encoding="utf-8")
    said = json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout)
    assert [(f["code"], f["game"], f["file"], (f["line"], f["column"]), f["message"]) for f in said if f["severity"] == "error"] == [
        (code, "tiny", "data/tiny/decks/x.yaml", at, message)], said


def made_deck(project: Path, block: str, keep: str = "") -> None:
    """Write data/tiny/decks/made.yaml: a deck of tiny's hero cards whose cards the `generate:` block makes (its lists'
    fields, which no template reads, kept by `keep`)."""
    (project / "data/tiny/decks/made.yaml").write_text(
        f"name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\nkeep_fields: [{keep}]\n"
        "defaults: {name: Hero, stars: 1, number: 1, text: t, side: red}\n"
        "generate:\n" + block, encoding="utf-8")


def refused(project) -> list[str]:
    """`pnp validate tiny --quick`, which must fail: the error and warning lines it printed."""
    status, found = quick_findings(project)
    assert status == 1, found
    return found


def test_a_generate_block_of_a_decks_twenty_thousand_combinations_is_read_and_one_more_refused_at_values(project):
    """docs/limits.md: a deck holds 20,000 cards. 200 × 100 combinations are exactly that, a deck pnp reads; 20,001
    (three lists of 3, 59 and 113, whose product is 20,001) is one error at `values:` naming the count and the limit."""
    def numbers(n: int) -> str:
        return "[" + ", ".join(map(str, range(n))) + "]"

    made_deck(project, "  values: {a: " + numbers(200) + ", b: " + numbers(100) + "}\n  id: \"{a}-{b}\"\n")
    status, found = quick_findings(project)
    assert status == 0 and not [line for line in found if ": error: " in line], found
    made_deck(project, "  values: {a: " + numbers(3) + ", b: " + numbers(59) + ", c: " + numbers(113) + "}\n  id: \"{a}-{b}-{c}\"\n")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:8:3: error: generate: 20001 combinations; a deck holds at most 20000: shorten a list"], found


def test_an_exclusion_that_leaves_no_card_is_one_error_at_its_except_key(project):
    """An `except:` whose entries between them drop every combination leaves a deck of no card: one error at the
    `except:` line that did it, not at the lists that are right."""
    made_deck(project, "  values: {side: [red, blue]}\n  id: \"{side}\"\n  except: [{side: red}, {side: blue}]\n")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:10:3: error: generate: `except` removes every combination: the deck has no cards"], found


def test_an_id_made_twice_names_the_earlier_combination_first_then_the_one_that_repeats_it(project):
    """`id: "{side}"` over sides and ranks makes `red` for red-1 and again for red-2: the error names the two
    combinations in the order the deck makes them, the first card, then the one that repeats its id."""
    made_deck(project, "  values: {side: [red, blue], rank: [1, 2]}\n  id: \"{side}\"\n")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:9:7: error: generate: id '{side}' makes 'red' twice (side: red, rank: 1 and side: red, rank: 2): "
                     "put every list's field in it"], found


def test_a_run_of_spaces_and_punctuation_in_a_generated_id_is_one_dash(project):
    """docs/editions.md: a generated card is the card you would have typed, its id made from its values. `Fire & Ice`
    and `Sun / Moon` hold runs of characters no id may hold: each run is one dash, as a designer writes an id."""
    made_deck(project, "  values: {suit: [\"Fire & Ice\", \"Sun / Moon\"], rank: [1]}\n  id: \"{suit} {rank}\"\n", keep="suit, rank")
    ids = [c["id"] for c in next(d for d in listing(project)["decks"] if d["id"] == "made")["card_list"]]
    assert ids == ["Fire-Ice-1", "Sun-Moon-1"], ids


def test_a_generated_decks_copies_of_0_is_one_error_at_copies(project):
    """docs/editions.md: `copies` is how many copies of each combination: 0 would make a deck of cards none of which
    prints, so it is refused where it is written, with the least there may be."""
    made_deck(project, "  values: {side: [red, blue]}\n  copies: 0\n  id: \"{side}\"\n")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:9:11: error: copies: 0 is too small; the minimum is 1"], found


def test_a_generated_id_naming_no_field_is_told_to_name_the_lists_fields_though_it_makes_one_card(project):
    """docs/editions.md: `id` is each card's id made from its values, field names in braces. `id: card` names none: one
    error at the pattern saying to name them, even where a single combination makes no id twice."""
    made_deck(project, "  values: {side: [red]}\n  id: \"card\"\n")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:9:7: error: generate.id: name the lists' fields in braces, like \"{suit}-{rank}\", "
                     "so each card gets its own id"], found


def test_a_generated_id_the_id_rules_refuse_is_said_at_the_id_pattern(project):
    """A value starting with `_` makes the id `_red`, which an id may not start with (docs/data-format.md: starting with
    a letter or digit): the one error is at the `id:` pattern that made it, where the designer fixes it."""
    made_deck(project, "  values: {side: [_red, blue]}\n  id: \"{side}\"\n")
    found = refused(project)
    assert found == ["data/tiny/decks/made.yaml:9:7: error: cards._red.id: expected letters, digits, '-' or '_' (no spaces), "
                     "starting with a letter or digit, got '_red'"], found
