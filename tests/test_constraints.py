"""The constraint kinds: what the schema lets a designer write in `check:` is exactly what the checks can carry out;
and what `reference`'s `at_least` and `value_sets` let pass and refuse, said by `pnp validate --quick`."""
from __future__ import annotations

import pytest
from conftest import apply_edits, run_pnp
from pydantic import ValidationError

from pnp.checks.constraints import CONSTRAINTS
from pnp.data.schema import CHECK_KEYS, Constraint

GAME = "data/tiny/game.yaml"
DECK = "data/tiny/decks/heroes.yaml"

EXAMPLE_KEYS = {"field": "rank", "fields": ["suit", "rank"], "min": 1, "max": 3, "values": [1, 2], "from": 1, "to": 3, "count": 1,
                "group_by": "suit", "sets": [[1]], "test": "card.rank > 0", "target": "decks.x", "target_field": "id"}


def test_every_kind_the_schema_accepts_has_one_check_and_no_check_is_unreachable():
    assert list(CONSTRAINTS) == list(CHECK_KEYS)
    assert all(callable(check) for check in CONSTRAINTS.values())


@pytest.mark.parametrize("kind", list(CONSTRAINTS))
def test_the_schema_accepts_each_registered_kind_with_its_keys(kind):
    keys = {k.rstrip("_"): EXAMPLE_KEYS[k.rstrip("_")] for k in CHECK_KEYS[kind]}
    assert Constraint.model_validate({"check": kind, "in": "decks.x", **keys}).check == kind


def test_the_schema_refuses_a_kind_no_check_carries_out():
    assert "sorted" not in CONSTRAINTS
    with pytest.raises(ValidationError, match="unique"):
        Constraint.model_validate({"check": "sorted", "in": "decks.x", "field": "rank"})


# reference's at_least and value_sets, through `pnp validate --quick`: the constraints are data checks, which a quick
# validate runs (tests/test_findings.py holds its findings equal to a full validate's).
# Each hero pays with a coin of tokens.coins (items c1 and c5); every coin must be paid with by at least two heroes.
AT_LEAST = """  - check: reference
    in: decks.heroes
    field: pays
    target: tokens.coins
    target_field: id
    at_least: 2
"""


def _pays(project, c1: int, c5: int, by: str = "id") -> None:
    """Give the first `c1` heroes `pays: c1` and the next `c5` heroes `pays: c5` (the deck has five heroes); `by: value`
    names the coins by their `value` field (1 and 5), a field the heroes do not have."""
    coins = {"id": ("c1", "c5"), "value": (1, 5)}[by]
    lines = (project / DECK).read_text(encoding="utf-8").splitlines()
    heroes = [n for n, line in enumerate(lines) if line.startswith("  - {id: ")]
    for n, coin in zip(heroes, [coins[0]] * c1 + [coins[1]] * c5, strict=False):
        lines[n] = lines[n].replace("  - {id: ", f"  - {{pays: {coin}, id: ", 1)
    (project / DECK).write_text("\n".join(lines) + "\n", encoding="utf-8")
    apply_edits(project, [{"file": GAME, "append": AT_LEAST.replace("target_field: id", f"target_field: {by}") + "\n"}])


def test_a_reference_at_least_count_is_met_by_exactly_that_many_uses(project):
    _pays(project, 2, 2)
    result = run_pnp(project, "validate", "--quick", "tiny")
    assert "must be named at least" not in result.output, result.output
    assert result.exit_code == 0, result.output


def test_a_reference_at_least_count_refuses_one_use_fewer(project):
    _pays(project, 2, 1)
    result = run_pnp(project, "validate", "--quick", "tiny")
    shown = result.output
    assert result.exit_code == 1, shown
    assert "is named 1 time by decks.heroes.pays; it must be named at least 2" in shown, shown
    assert "is named 2 times" not in shown, shown  # c1, named twice, passes


SUITS = """name: Suits
size: poker
front: tiny/hero.j2
back: tiny/back.j2
defaults: {{stars: 1, number: 1, text: x, side: red}}
cards:
{cards}"""


VALUE_SETS = """  - check: value_sets
    in: decks.suits
    fields: [rank]
    group_by: suit
    sets: [[1], [1], [2]]
"""


def _suits(project, cards: list[tuple[str, int]]) -> None:
    rows = "".join(f"  - {{id: {suit}-{n}, name: {suit}, suit: {suit}, rank: {rank}}}\n" for n, (suit, rank) in enumerate(cards))
    (project / "data/tiny/decks/suits.yaml").write_text(SUITS.format(cards=rows), encoding="utf-8")
    apply_edits(project, [{"file": GAME, "append": VALUE_SETS + "\n"}])


def test_value_sets_are_met_when_each_set_occurs_as_often_as_listed(project):
    _suits(project, [("sun", 1), ("sun", 1), ("sun", 2), ("moon", 2), ("moon", 1), ("moon", 1)])
    result = run_pnp(project, "validate", "--quick", "tiny")
    assert "expected exactly" not in result.output, result.output


@pytest.mark.parametrize("moon", [[1, 2], [1, 1, 1, 2], [1, 2, 2]], ids=["a set once too few", "a set once too many", "another set twice"])
def test_value_sets_refuse_a_set_occurring_another_number_of_times(project, moon):
    _suits(project, [("sun", 1), ("sun", 1), ("sun", 2), *(("moon", r) for r in moon)])
    result = run_pnp(project, "validate", "--quick", "tiny")
    shown = result.output
    assert result.exit_code == 1, shown
    found = sorted({line for line in shown.splitlines() if "expected exactly" in line})
    assert len(found) == 1 and "suit moon has" in found[0] and "data/tiny/decks/suits.yaml:" in found[0], shown


@pytest.mark.parametrize(("old", "new", "named"), [
    ("    field: stars\n", "    field: strs\n", ("strs", "stars")),  # a range's field
    ("      side: {red: 6, blue: 6}", "      sid: {red: 6, blue: 6}", ("sid", "side")),  # a count's breakdown
    ("    fields: [rank]", "    fields: [rnak]", ("rnak", "rank")),  # value_sets' fields, an item of a list
    ("    fields: [rank]", "    fields: [name, rnak]", ("rnak", "rank")),  # the list's second item, at its own place
    ("    group_by: suit", "    group_by: siut", ("siut", "suit")),
], ids=["field", "by", "fields", "second of fields", "group_by"])
def test_a_field_no_piece_has_is_one_error_at_its_name_not_one_a_piece(project, old, new, named):
    """A constraint or a count naming a field none of its pieces has is a misspelt name: one error where the name is
    written, offering the field the pieces have, never an error on each piece (the range's five heroes, the count's
    twelve, value_sets' six suit cards)."""
    _suits(project, [("sun", 1), ("sun", 1), ("sun", 2), ("moon", 2), ("moon", 1), ("moon", 1)])
    game = project / GAME
    text = game.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    game.write_text(text.replace(old, new), encoding="utf-8")
    line, column = next((n, row.index(named[0]) + 1) for n, row in enumerate(game.read_text(encoding="utf-8").splitlines(), 1)
                        if row == new.rstrip("\n"))
    result = run_pnp(project, "validate", "--quick", "tiny")
    errors = [found for found in result.output.splitlines() if ": error: " in found]
    decks = "decks.suits" if named[1] in ("rank", "suit") else "decks.heroes"
    assert errors == [f"{GAME}:{line}:{column}: error: no piece of {decks} has a field '{named[0]}' (did you mean '{named[1]}'?): fix the name, "
                      "or give the pieces the field"], result.output


def _at(game, row: str, name: str) -> str:
    """`file:line:column` of `name` on the line of game.yaml written `row`."""
    number, line = next((n, text) for n, text in enumerate(game.read_text(encoding="utf-8").splitlines(), 1) if text == row)
    return f"{GAME}:{number}:{line.index(name) + 1}"


def test_two_fields_no_piece_has_in_one_constraint_are_two_errors_each_at_its_name(project):
    """A constraint misspelling two of its names (value_sets' `fields:` item and its `group_by`) is told of both in one
    run, each at its own name with the field it meant: a designer mends both at once, not one a run."""
    _suits(project, [("sun", 1), ("sun", 1), ("sun", 2), ("moon", 2), ("moon", 1), ("moon", 1)])
    apply_edits(project, [{"file": GAME, "replace": ["    fields: [rank]", "    fields: [rnak]"]},
                          {"file": GAME, "replace": ["    group_by: suit", "    group_by: siut"]}])
    game = project / GAME
    result = run_pnp(project, "validate", "--quick", "tiny")
    tail = "fix the name, or give the pieces the field"
    assert sorted(found for found in result.output.splitlines() if ": error: " in found) == sorted([
        f"{_at(game, '    fields: [rnak]', 'rnak')}: error: no piece of decks.suits has a field 'rnak' (did you mean 'rank'?): {tail}",
        f"{_at(game, '    group_by: siut', 'siut')}: error: no piece of decks.suits has a field 'siut' (did you mean 'suit'?): {tail}"]), result.output


def test_a_field_no_piece_of_two_decks_has_names_both_decks(project):
    """A constraint over two decks (`in: [decks.heroes, decks.suits]`) whose field neither deck's cards have is one
    error naming both decks, where the designer looks for the field."""
    _suits(project, [("sun", 1), ("sun", 1), ("sun", 2), ("moon", 2), ("moon", 1), ("moon", 1)])
    apply_edits(project, [{"file": GAME, "append": "  - check: range\n    in: [decks.heroes, decks.suits]\n    field: strs\n    min: 1\n    max: 4\n"}])
    result = run_pnp(project, "validate", "--quick", "tiny")
    assert [found for found in result.output.splitlines() if ": error: " in found] == [
        f"{_at(project / GAME, '    field: strs', 'strs')}: error: no piece of decks.heroes, decks.suits has a field 'strs' (did you mean 'stars'?): "
        "fix the name, or give the pieces the field"], result.output


def test_a_misspelt_field_only_some_pieces_have_is_offered_from_every_piece(project):
    """Only the mage and the twin cost something (`cost:`, written on those two heroes alone, the deck's last); a range
    over `cots` is offered `cost`, a field of the later pieces, not only of the knight, the deck's first card."""
    apply_edits(project, [{"file": DECK, "replace": ["id: mage,", "id: mage, cost: 2,"]},
                          {"file": DECK, "replace": ["id: twin,", "id: twin, cost: 1,"]},
                          {"file": GAME, "append": "  - check: range\n    in: decks.heroes\n    field: cots\n    min: 0\n    max: 3\n"}])
    result = run_pnp(project, "validate", "--quick", "tiny")
    assert [found for found in result.output.splitlines() if ": error: " in found] == [
        f"{_at(project / GAME, '    field: cots', 'cots')}: error: no piece of decks.heroes has a field 'cots' (did you mean 'cost'?): "
        "fix the name, or give the pieces the field"], result.output

def test_a_references_target_field_no_target_piece_has_is_one_error_at_its_name(project):
    """`target_field: idd` names a field no coin has: one error at that name, offering the field the coins have, not an
    error on each hero that pays with a coin."""
    _pays(project, 2, 2)
    game = project / GAME
    game.write_text(game.read_text(encoding="utf-8").replace("    target_field: id\n", "    target_field: idd\n"), encoding="utf-8")
    line = game.read_text(encoding="utf-8").splitlines().index("    target_field: idd") + 1
    errors = [found for found in run_pnp(project, "validate", "--quick", "tiny").output.splitlines() if ": error: " in found]
    assert errors == [f"{GAME}:{line}:19: error: no piece of tokens.coins has a field 'idd' (did you mean 'id'?): fix the name, or give the pieces "
                      "the field"]


def test_a_references_target_field_is_looked_for_on_the_target_pieces_not_on_those_naming_them(project):
    """Heroes paying by a coin's `value` (1 or 5): `value` is a field of the coins, the target, which no hero has; the
    reference holds, and one use too few of a value is said as such, not as a field no piece has."""
    _pays(project, 2, 2, by="value")
    result = run_pnp(project, "validate", "--quick", "tiny")
    assert result.exit_code == 0 and ": error: " not in result.output, result.output
    (project / GAME).write_text((project / GAME).read_text(encoding="utf-8").replace("at_least: 2", "at_least: 3"), encoding="utf-8")
    errors = [found for found in run_pnp(project, "validate", "--quick", "tiny").output.splitlines() if ": error: " in found]
    assert len(errors) == 2 and all("is named 2 times by decks.heroes.pays; it must be named at least 3" in e for e in errors), errors
