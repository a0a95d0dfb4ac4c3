"""The constraint checks a game's `constraints:` asks for, each on a small game made for the case and checked as a
designer checks it (`pnp validate --quick`): what each kind refuses and what it lets pass, in the designer's words, at the
field a designer would fix, each finding naming the constraint's line in game.yaml.

Expected findings come from what each kind means (a unique field differs on every card and is on one copy; a range
holds numbers within its bounds; a contiguous field runs from its first number to its last with none missing, outside
or repeated; a present value is on some card; a test holds on every card; each combination `each` allows occurs its
count in copies, and no other; a value_sets group carries exactly its sets, copies counted; a reference's `same:` fields
agree with the item named; a constraint's `message:` leads its finding), not from the code under test."""
from __future__ import annotations

import pytest
from small_games import validated

LINE = 6  # the constraint's line in game.yaml


def _checked(tmp_path, constraint: str, cards: list[str]) -> list[tuple[str, str, int, str]]:
    """(code, message, line in its file, item) of each finding one constraint (a flow mapping) gives on a deck of `cards`."""
    return [(f["code"], f["message"], f["line"], f["component"]) for f in validated(tmp_path, f"constraints:\n  - {constraint}\n", {"d": cards})]


def _said(found) -> list[str]:
    return [message for _, message, _, _ in found]


# unique -------------------------------------------------------------------------------------------------------------
def test_unique_values_on_single_copies_pass(tmp_path):
    assert _checked(tmp_path, "{check: unique, in: decks.d, field: n}", ["{id: a, n: 1}", "{id: b, n: 2}", "{id: c, n: 3, count: 1}"]) == []


def test_unique_refuses_a_value_used_twice_naming_both_cards_at_the_second(tmp_path):
    found = _checked(tmp_path, "{check: unique, in: decks.d, field: n}", ["{id: a, n: 1}", "{id: b, n: 2}", "{id: c, n: 1}"])
    assert found == [("constraint-unique", f"n 1 is used by d/a (line 5) and d/c: each must differ (constraint at data/g/game.yaml:{LINE})",
                      7, "d/c")]


def test_unique_refuses_several_copies_and_a_card_without_the_field(tmp_path):
    found = _checked(tmp_path, "{check: unique, in: decks.d, field: n}", ["{id: a, n: 1, count: 2}", "{id: b}"])
    assert _said(found) == [f"n 1 is on 2 copies of d/a: a unique value needs count 1 (constraint at data/g/game.yaml:{LINE})",
                            f"d/b has no 'n' (constraint at data/g/game.yaml:{LINE})"]
    assert [line for _, _, line, _ in found] == [5, 6]


@pytest.mark.parametrize(("empty", "other"), [("", ""), ("'  '", "'  '"), ("''", "'  '")])
def test_cards_leaving_a_unique_field_empty_share_no_value(tmp_path, empty, other):
    """An empty value is none to share (docs/data-format.md, Constraints): a key with nothing after it, `''`, or spaces
    alone, on two cards, is no repeat; a real repeat beside them is still said, once."""
    cards = [f"{{id: a, n: {empty}}}", f"{{id: b, n: {other}}}", "{id: c, n: 1}", "{id: d, n: 1}"]
    assert _said(_checked(tmp_path, "{check: unique, in: decks.d, field: n}", cards)) == [
        f"n 1 is used by d/c (line 7) and d/d: each must differ (constraint at data/g/game.yaml:{LINE})"]


def test_a_card_of_several_copies_leaving_a_unique_field_empty_is_no_repeat(tmp_path):
    """Three copies of a card with no value in a unique field share nothing: no call for count 1. Its copies of a value
    are still refused."""
    found = _checked(tmp_path, "{check: unique, in: decks.d, field: n}", ["{id: a, n: '', count: 3}", "{id: b, count: 2, n: }", "{id: c, n: 2, count: 2}"])
    assert _said(found) == [f"n 2 is on 2 copies of d/c: a unique value needs count 1 (constraint at data/g/game.yaml:{LINE})"]


# range ----------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["1", "4", "2.5"])
def test_a_range_holds_numbers_within_its_bounds_inclusive(tmp_path, value):
    assert _checked(tmp_path, "{check: range, in: decks.d, field: n, min: 1, max: 4}", [f"{{id: a, n: {value}}}"]) == []


@pytest.mark.parametrize(("value", "shown"), [("0", "0"), ("5", "5"), ("4.5", "4.5"), (".nan", "nan"), ("'3'", "the text '3', not a number"),
                                            ("true", "true, not a number"), ("null", "not given")])
def test_a_range_refuses_numbers_outside_it_and_says_what_is_no_number(tmp_path, value, shown):
    """Text that looks like a number in range ('3') is said to be text: shown as 3 it would read as allowed."""
    found = _checked(tmp_path, "{check: range, in: decks.d, field: n, min: 1, max: 4}", [f"{{id: a, n: {value}}}"])
    assert found == [("constraint-range", f"d/a: n is {shown}, allowed 1–4 (constraint at data/g/game.yaml:{LINE})", 5, "d/a")]


def test_a_range_refuses_a_card_without_the_field(tmp_path):
    """A card lacking the field another card has is refused at that card (a field no card has is one error at its
    name: test_a_field_no_piece_has_is_one_error_at_its_name_not_one_a_piece)."""
    assert _said(_checked(tmp_path, "{check: range, in: decks.d, field: n, min: 1, max: 4}", ["{id: a}", "{id: b, n: 2}"])) == [
        f"d/a: n is not given, allowed 1–4 (constraint at data/g/game.yaml:{LINE})"]


def test_a_dotted_field_is_read_inside_the_cards_mapping(tmp_path):
    """`field` may be a dotted path (docs/data-format.md, Constraints): `halves.left` is the left half's number, held to
    1–6; the second card's left half, 7, is refused at that card, its right half's 0 being no concern of the check."""
    found = _checked(tmp_path, "{check: range, in: decks.d, field: halves.left, min: 1, max: 6}",
                     ["{id: a, halves: {left: 2, right: 5}}", "{id: b, halves: {left: 7, right: 0}}"])
    assert found == [("constraint-range", f"d/b: halves.left is 7, allowed 1–6 (constraint at data/g/game.yaml:{LINE})", 6, "d/b")]


# allowed --------------------------------------------------------------------------------------------------------------
def test_allowed_values_pass_and_each_other_value_is_refused_with_what_was_meant(tmp_path):
    constraint = "{check: allowed, in: decks.d, field: side, values: [red, blue]}"
    assert _checked(tmp_path, constraint, ["{id: a, side: red}", "{id: b, side: [red, blue]}"]) == []
    found = _checked(tmp_path / "x", constraint, ["{id: a, side: bleu}", "{id: b, side: [red, green]}"])
    assert _said(found) == [f"d/a: side 'bleu' is not one of red, blue (did you mean 'blue'?) (constraint at data/g/game.yaml:{LINE})",
                            f"d/b: side 'green' is not one of red, blue (constraint at data/g/game.yaml:{LINE})"]


def test_a_number_refused_is_quoted_as_a_text_is(tmp_path):
    """A number an allowed or reference check refuses is quoted as a text is, the value typed set apart from the
    sentence: `stars '5' is not one of 1, 2, 3`, `home '7' names no …`."""
    allowed = _checked(tmp_path, "{check: allowed, in: decks.d, field: stars, values: [1, 2, 3]}", ["{id: a, stars: 5}"])
    assert _said(allowed) == [f"d/a: stars '5' is not one of 1, 2, 3 (constraint at data/g/game.yaml:{LINE})"]
    constraint = "constraints:\n  - {check: reference, in: decks.heroes, field: home, target: decks.places, target_field: id}\n"
    found = validated(tmp_path / "x", constraint, {"places": ["{id: castle}"], "heroes": ["{id: a, home: castle}", "{id: b, home: 7}"]})
    assert [f["message"] for f in found] == [f"heroes/b: home '7' names no decks.places item (constraint at data/g/game.yaml:{LINE})"]


def test_an_empty_value_refused_is_quoted_as_typed(tmp_path):
    """A value an allowed or reference check refuses is quoted as typed: an empty one is `''` there, plain to see (not
    `'(empty)'`, which reads as a value typed so)."""
    allowed = _checked(tmp_path, "{check: allowed, in: decks.d, field: side, values: [red, blue]}", ["{id: a, side: ''}"])
    assert _said(allowed) == [f"d/a: side '' is not one of red, blue (constraint at data/g/game.yaml:{LINE})"]
    constraint = "constraints:\n  - {check: reference, in: decks.heroes, field: home, target: decks.places, target_field: id}\n"
    found = validated(tmp_path / "x", constraint, {"places": ["{id: castle}"], "heroes": ["{id: a, home: castle}", "{id: b, home: ''}"]})
    assert [f["message"] for f in found] == [f"heroes/b: home '' names no decks.places item (constraint at data/g/game.yaml:{LINE})"]


def test_a_key_left_with_nothing_after_it_refused_is_quoted_as_empty_never_as_none(tmp_path):
    """`side:` with nothing after it is an empty value as YAML writes it (docs/data-format.md): refused by an allowed
    check it is quoted `''`, as an empty text is, never as Python's 'None', a word the designer never typed."""
    allowed = _checked(tmp_path, "{check: allowed, in: decks.d, field: side, values: [red, blue]}", ["{id: a, side: red}", "{id: b, side: }"])
    assert _said(allowed) == [f"d/b: side '' is not one of red, blue (constraint at data/g/game.yaml:{LINE})"]

# contiguous -----------------------------------------------------------------------------------------------------------
def test_a_contiguous_run_passes(tmp_path):
    assert _checked(tmp_path, "{check: contiguous, in: decks.d, field: n, from: 1, to: 3}", ["{id: a, n: 2}", "{id: b, n: 1}", "{id: c, n: 3}"]) == []


def test_a_contiguous_run_says_what_is_missing_outside_and_repeated(tmp_path):
    cards = ["{id: a, n: 1}", "{id: b, n: 1}", "{id: c, n: 4}", "{id: d, n: 7}", "{id: e, n: 8, count: 2}"]
    found = _checked(tmp_path, "{check: contiguous, in: decks.d, field: n, from: 1, to: 6}", cards)
    assert _said(found) == [f"n 1, 8 appear more than once (constraint at data/g/game.yaml:{LINE})",  # at one place: in order of their words
                            f"n 7–8 are outside 1–6 (constraint at data/g/game.yaml:{LINE})",
                            f"n runs 1–6 but 2–3, 5–6 are missing (constraint at data/g/game.yaml:{LINE})"]
    assert {line for _, _, line, _ in found} == {5}


def test_a_contiguous_run_says_one_missing_one_outside_one_repeated_in_the_singular(tmp_path):
    cards = ["{id: a, n: 1}", "{id: b, n: 1}", "{id: c, n: 3}", "{id: d, n: 9}"]
    assert _said(_checked(tmp_path, "{check: contiguous, in: decks.d, field: n, from: 1, to: 3}", cards)) == [
        f"n 1 appears more than once (constraint at data/g/game.yaml:{LINE})",
        f"n 9 is outside 1–3 (constraint at data/g/game.yaml:{LINE})",
        f"n runs 1–3 but 2 is missing (constraint at data/g/game.yaml:{LINE})"]


def test_a_contiguous_field_must_hold_whole_numbers(tmp_path):
    found = _checked(tmp_path, "{check: contiguous, in: decks.d, field: n, from: 1, to: 2}", ["{id: a, n: 1}", "{id: b, n: two}", "{id: c, n: true}"])
    assert _said(found)[1] == f"d/b: n must be a whole number, got two (constraint at data/g/game.yaml:{LINE})"  # after the run's, at the deck's line
    assert [(code, item) for code, _, _, item in found[1:3]] == [("constraint-contiguous", "d/b"), ("constraint-contiguous", "d/c")]
    assert _said(found)[2] == f"d/c: n must be a whole number, got true (constraint at data/g/game.yaml:{LINE})"  # as typed, not Python's True


# present --------------------------------------------------------------------------------------------------------------
def test_present_values_on_some_card_pass_and_absent_ones_are_named(tmp_path):
    constraint = "{check: present, in: decks.d, field: side, values: [red, blue, green]}"
    assert _checked(tmp_path, constraint, ["{id: a, side: red}", "{id: b, side: [blue, green]}"]) == []
    found = _checked(tmp_path / "x", constraint, ["{id: a, side: red}"])
    assert [(c, m, line) for c, m, line, _ in found] == [
        ("constraint-present", f"no item has side blue, green (constraint at data/g/game.yaml:{LINE})", 5)]


# expression -----------------------------------------------------------------------------------------------------------
def test_a_test_holds_on_every_card_or_names_each_card_it_fails(tmp_path):
    constraint = "{check: expression, in: decks.d, test: card.cost <= card.value}"
    assert _checked(tmp_path, constraint, ["{id: a, cost: 1, value: 2}", "{id: b, cost: 2, value: 2}"]) == []
    found = _checked(tmp_path / "x", constraint, ["{id: a, cost: 3, value: 2}", "{id: b, cost: 1, value: 2}", "{id: c, cost: 5, value: 0}"])
    assert [(m, line, item) for _, m, line, item in found] == [
        (f"d/a fails 'card.cost <= card.value' (constraint at data/g/game.yaml:{LINE})", 5, "d/a"),
        (f"d/c fails 'card.cost <= card.value' (constraint at data/g/game.yaml:{LINE})", 7, "d/c")]


def test_a_test_may_name_the_piece_item_as_well_as_card(tmp_path):
    """An expression is over `card` (or `item`, docs/data-format.md, Constraints): written with `item` it is worked out
    on each piece alike, and the card it fails is named."""
    found = _checked(tmp_path, "{check: expression, in: decks.d, test: item.cost <= item.value}",
                     ["{id: a, cost: 1, value: 2}", "{id: c, cost: 5, value: 0}"])
    assert [(code, m, line, item) for code, m, line, item in found] == [
        ("constraint-expression", f"d/c fails 'item.cost <= item.value' (constraint at data/g/game.yaml:{LINE})", 6, "d/c")]

def test_a_test_that_cannot_be_read_is_one_finding(tmp_path):
    found = _checked(tmp_path, "{check: expression, in: decks.d, test: 'card.cost <='}", ["{id: a, cost: 3}"])
    assert [code for code, _, _, _ in found] == ["check-expression"]


def test_false_is_no_number_either(tmp_path):
    assert _said(_checked(tmp_path, "{check: range, in: decks.d, field: n, min: 0, max: 1}", ["{id: a, n: false}"])) == [
        f"d/a: n is false, not a number, allowed 0–1 (constraint at data/g/game.yaml:{LINE})"]


def test_each_finding_belongs_to_its_card_at_its_place(tmp_path):
    """A card without the field does not stop the cards after it from being judged."""
    found = _checked(tmp_path, "{check: unique, in: decks.d, field: n}", ["{id: b}", "{id: a, n: 1, count: 2}", "{id: c, n: 1}"])
    assert [(code, line, item) for code, _, line, item in found] == [
        ("constraint-unique", 5, "d/b"), ("constraint-unique", 6, "d/a"), ("constraint-unique", 7, "d/c")]
    allowed = _checked(tmp_path / "x", "{check: allowed, in: decks.d, field: side, values: [red]}", ["{id: a, side: red}", "{id: b, side: blue}"])
    assert [(code, line, item) for code, _, line, item in allowed] == [("constraint-allowed", 6, "d/b")]


@pytest.mark.parametrize("constraint", ["{check: contiguous, in: decks.d, field: n, from: 1, to: 2, where: card.n > 100}",
                                        "{check: present, in: decks.d, field: n, values: [1], where: card.n > 100}"])
def test_a_constraint_over_no_cards_is_said_at_its_own_line(tmp_path, constraint):
    found = _checked(tmp_path, constraint, ["{id: a, n: 1}"])
    assert found and {(path_line) for _, _, path_line, _ in found} == {LINE}


def test_a_test_is_worked_out_and_read_at_its_own_line(tmp_path):
    """In block style the test is on a line of its own (line 8): what cannot be worked out on a card, or read at all, is
    said there, naming the test."""
    block = "check: expression\n    in: decks.d\n    test: {test}"
    found = _checked(tmp_path, block.format(test="card.cost > 1"), ["{id: a, cost: 3}", "{id: b}"])
    assert [(code, line) for code, _, line, _ in found] == [("check-expression", 8)]
    assert found[0][1].startswith("cannot work out 'card.cost > 1': ")
    unread = _checked(tmp_path / "x", block.format(test="card.cost >"), ["{id: a, cost: 3}"])
    assert [(code, line) for code, _, line, _ in unread] == [("check-expression", 8)]


# reference ----------------------------------------------------------------------------------------------------------
def test_a_reference_holds_at_exactly_at_least_uses_and_names_a_misspelt_target_with_what_was_meant(tmp_path):
    """Every place must be some hero's home at least twice: the castle, home of two, passes; the forest, home of one, is
    named too few; a home spelt 'forrest' names no place, and the finding says which was meant."""
    constraint = "constraints:\n  - {check: reference, in: decks.heroes, field: home, target: decks.places, target_field: id, at_least: 2}\n"
    found = validated(tmp_path, constraint, {"places": ["{id: castle}", "{id: forest}"],
                                             "heroes": ["{id: a, home: castle}", "{id: b, home: castle}", "{id: c, home: forest}", "{id: d, home: forrest}"]})
    assert sorted((f["code"], f["message"], f["line"], f["component"]) for f in found) == [
        ("constraint-reference", f"heroes/d: home 'forrest' names no decks.places item (did you mean 'forest'?) (constraint at data/g/game.yaml:{LINE})",
         8, "heroes/d"),
        ("constraint-reference", f"places/forest is named 1 time by decks.heroes.home; it must be named at least 2 (constraint at data/g/game.yaml:{LINE})",
         6, "places/forest")]



def test_a_piece_leaving_its_reference_field_empty_names_nothing_and_is_not_refused(tmp_path):
    """A hero whose `home:` has nothing after it has no home to name (as a hero without the key): no finding says it
    names no place; the castle, named by the other hero, holds its one use."""
    constraint = "constraints:\n  - {check: reference, in: decks.heroes, field: home, target: decks.places, target_field: id, at_least: 1}\n"
    found = validated(tmp_path, constraint, {"places": ["{id: castle}"], "heroes": ["{id: a, home: castle}", "{id: b, home: }", "{id: c}"]})
    assert found == []

def test_a_reference_named_exactly_twice_says_a_place_named_once_in_the_singular(tmp_path):
    """Every place must be some hero's home exactly twice: the castle, home of two, passes; the forest, home of one, is
    said named "1 time" (not "1 times") against the two it must have."""
    constraint = "constraints:\n  - {check: reference, in: decks.heroes, field: home, target: decks.places, target_field: id, times: 2}\n"
    found = validated(tmp_path, constraint, {"places": ["{id: castle}", "{id: forest}"],
                                             "heroes": ["{id: a, home: castle}", "{id: b, home: castle}", "{id: c, home: forest}"]})
    assert [(f["code"], f["message"], f["component"]) for f in found] == [
        ("constraint-reference", f"places/forest is named 1 time by decks.heroes.home; it must be named exactly 2 (constraint at data/g/game.yaml:{LINE})",
         "places/forest")]

def test_a_reference_named_exactly_once_refuses_a_place_named_twice(tmp_path):
    """`times: 1` is exactly once (docs/data-format.md, Constraints): the castle, home of two heroes, is named once too
    often and said so at its own card; the forest, home of one, passes."""
    constraint = "constraints:\n  - {check: reference, in: decks.heroes, field: home, target: decks.places, target_field: id, times: 1}\n"
    found = validated(tmp_path, constraint, {"places": ["{id: castle}", "{id: forest}"],
                                             "heroes": ["{id: a, home: castle}", "{id: b, home: castle}", "{id: c, home: forest}"]})
    assert [(f["code"], f["message"], f["file"], f["line"], f["component"]) for f in found] == [
        ("constraint-reference", f"places/castle is named 2 times by decks.heroes.home; it must be named exactly 1 (constraint at data/g/game.yaml:{LINE})",
         "data/g/decks/places.yaml", 5, "places/castle")]


def test_a_finding_points_at_the_value_to_fix_in_a_flow_or_a_block_card(project):
    """`pnp validate` says a value out of range at the value itself (file:line:column, as the house's rules ask), not at
    the card that holds it: in a card written on one line, the column where `7` begins; in a card written as a block,
    the line of its `stars:`. The places are counted in the deck's own text here, not asked of the reader."""
    from conftest import run_pnp

    deck = project / "data/tiny/decks/heroes.yaml"
    text = deck.read_text(encoding="utf-8").replace('name: "<Knight>", stars: 3,', 'name: "<Knight>", stars: 7,', 1)
    rogue = '  - {id: rogue, name: Rogue, stars: 2, number: 3, text: "Steal 1 coin − then run → away.", side: blue, count: 3}\n'
    assert rogue in text
    text = text.replace(rogue, '  - id: rogue\n    name: Rogue\n    stars: 0\n    number: 3\n    text: "Steal 1 coin."\n    side: blue\n    count: 3\n', 1)
    deck.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    knight = next(n for n, line in enumerate(lines, 1) if "stars: 7" in line)
    block = lines.index("    stars: 0") + 1
    result = run_pnp(project, "validate", "--quick", "tiny")
    errors = sorted(line.split(" (constraint at")[0] for line in result.output.splitlines() if ": error: " in line)
    assert errors == sorted([f"data/tiny/decks/heroes.yaml:{knight}:{lines[knight - 1].index('stars: 7') + len('stars: ') + 1}: error: heroes/knight: stars is 7, allowed 1–4",
                             f"data/tiny/decks/heroes.yaml:{block}:{len('    stars: ') + 1}: error: heroes/rogue: stars is 0, allowed 1–4"]), result.output


def test_a_boards_list_entry_is_named_by_its_id_in_a_finding(project):
    """An entry of a board's list with an `id` is named by it, as a card is (`town.spaces[harbour]`), not by its place in
    the list: two spaces of the tiny town given ids and one name, and `unique` over their names, say both by their ids."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [
        {"file": "data/tiny/boards.yaml", "replace": ["{name: S1, color: blue}", "{id: harbour, name: S1, color: blue}"]},
        {"file": "data/tiny/boards.yaml", "replace": ["{name: S3, color: blue}", "{id: market, name: S1, color: blue}"]},
        {"file": "data/tiny/game.yaml", "replace": ["constraints:\n", "constraints:\n  - {check: unique, in: boards.town.spaces, field: name}\n"]},
    ])
    code, lines = quick_findings(project)
    assert code == 1
    assert lines == ["data/tiny/boards.yaml:17:28: error: name S1 is used by town.spaces[harbour] (line 15) and town.spaces[market]: "
                     "each must differ (constraint at data/tiny/game.yaml:25) [town.spaces[market]]"], lines


def test_a_shared_unique_value_names_the_first_ones_line_where_its_value_is_written(project):
    """Two of the tiny town's spaces named S1, the first written as a block whose `name:` is its second line: the
    finding, at the second S1, names the line of the first's `name:` (the value to compare), not its entry's dash."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [
        {"file": "data/tiny/boards.yaml", "replace": ["      - {name: S1, color: blue}\n", "      - color: blue\n        name: S1\n"]},
        {"file": "data/tiny/boards.yaml", "replace": ["{name: S3, color: blue}", "{name: S1, color: blue}"]},
        {"file": "data/tiny/game.yaml", "replace": ["constraints:\n", "constraints:\n  - {check: unique, in: boards.town.spaces, field: name}\n"]},
    ])
    lines = (project / "data/tiny/boards.yaml").read_text(encoding="utf-8").splitlines()
    first = lines.index("        name: S1") + 1
    second = lines.index("      - {name: S1, color: blue}") + 1
    assert first == lines.index("      - color: blue") + 2  # the value one line below its entry
    code, said = quick_findings(project)
    assert code == 1
    assert said == [f"data/tiny/boards.yaml:{second}:{len('      - {name: ') + 1}: error: name S1 is used by town.spaces[1] (line {first}) "
                    f"and town.spaces[3]: each must differ (constraint at data/tiny/game.yaml:25) [town.spaces[3]]"], said


def test_a_token_items_finding_is_at_the_item_not_at_its_set(project):
    """The tiny game's coins are worth 1 and 5 (tokens.yaml's items c1 and c5): a range of 1–4 over the set refuses the
    5, and says so at the line of the c5 item, which is what to fix, not at the set's `id:` eight lines above it."""
    from conftest import apply_edits, run_pnp

    apply_edits(project, [{"file": "data/tiny/game.yaml", "append": "  - check: range\n    in: tokens.coins\n    field: value\n    min: 1\n    max: 4\n"}])
    lines = (project / "data/tiny/tokens.yaml").read_text(encoding="utf-8").splitlines()
    c5 = next(n for n, line in enumerate(lines, 1) if "{id: c5," in line)
    result = run_pnp(project, "validate", "--quick", "tiny")
    errors = [line.split(" (constraint at")[0] for line in result.output.splitlines() if ": error: " in line]
    assert errors == [f"data/tiny/tokens.yaml:{c5}:{lines[c5 - 1].index('{') + 1}: error: coins/c5: value is 5, allowed 1–4"], result.output


def test_a_token_of_an_item_and_a_colour_is_named_set_item_colour(project):
    """A set of items in two colours prints each item once a colour; a finding names the piece from the set down, as a
    path is read: the pawns' runner moving 5 where 1–4 are allowed is `pawns/runner/red` and `pawns/runner/blue`."""
    from conftest import apply_edits, run_pnp

    apply_edits(project, [
        {"file": "data/tiny/tokens.yaml", "replace": ["    count: 3                     # per colour\n",
                                                      "    items: [{id: scout, moves: 2}, {id: runner, moves: 5}]\n"]},
        {"file": "data/tiny/game.yaml", "append": "  - check: range\n    in: tokens.pawns\n    field: moves\n    min: 1\n    max: 4\n"}])
    result = run_pnp(project, "validate", "--quick", "tiny")
    errors = sorted(line.split(": error: ")[1].split(" (constraint at")[0] for line in result.output.splitlines() if ": error: " in line)
    assert errors == ["pawns/runner/blue: moves is 5, allowed 1–4", "pawns/runner/red: moves is 5, allowed 1–4"], result.output


def test_cards_leaving_a_unique_column_empty_are_no_duplicates_and_a_real_repeat_is_one_error(project):
    """A sheet whose `name` column is empty for two cards (a CardMaker sheet's unnamed rows): an empty cell is an empty
    value, no value to share, so only the two cards typed `Rogue` are said, once, at the second."""
    from conftest import quick_findings
    from test_spreadsheet_decks import use_sheet, write_csv

    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name", "stars", "number", "text", "count"],
                                                      ["knight", "", "3", "1", "Go.", "1"], ["att", "", "1", "2", "Swap.", "1"],
                                                      ["rogue", "Rogue", "2", "3", "Steal.", "1"], ["mage", "Rogue", "4", "4", "Look.", "1"]])
    use_sheet(project, "heroes.csv")
    _, said = quick_findings(project)
    assert [line for line in said if "is used by" in line or "(empty)" in line or "name  " in line] == [
        "data/tiny/decks/heroes.csv:5:2: error: name Rogue is used by heroes/rogue (line 4) and heroes/mage: each must differ "
        "(constraint at data/tiny/game.yaml:25) [heroes/mage]"], said


def test_a_count_by_a_column_left_empty_names_the_empty_value_in_words(project):
    """The rules' count by side, over a sheet whose rogue's side cell is empty (and no default fills it): the empty value
    is said `(empty)`, not as nothing between two spaces."""
    from conftest import quick_findings
    from test_spreadsheet_decks import write_csv

    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name", "stars", "number", "text", "side", "count"],
                                                      ["knight", "Knight", "3", "1", "Go.", "red", "6"], ["rogue", "Rogue", "2", "2", "Run.", "", "6"]])
    (project / "data/tiny/decks/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.csv\n",
                                                         encoding="utf-8")
    _, said = quick_findings(project)
    assert said == ["data/tiny/decks/heroes.yaml:1:1: error: Hero cards: side (empty) has 6, the rules say 0; side blue has 0, the rules say 6 — "
                    "as stated at data/tiny/game.yaml:18 (tests, invented): fix the data or the stated count [Hero cards]"], said


# each -----------------------------------------------------------------------------------------------------------------
EACH = "{check: each, in: decks.d, fields: [colour, n], count: 2, values: {colour: [red, blue], n: [1, 2]}}"


def test_each_combination_occurring_its_count_in_copies_passes(tmp_path):
    """Red and blue, 1 and 2, each pair twice (copies count): as `each` asks."""
    cards = ["{id: a, colour: red, n: 1, count: 2}", "{id: b, colour: red, n: 2}", "{id: c, colour: red, n: 2}",
             "{id: d, colour: blue, n: 1, count: 2}", "{id: e, colour: blue, n: 2, count: 2}"]
    assert _checked(tmp_path, EACH, cards) == []


def test_each_refuses_a_combination_too_often_and_one_its_values_do_not_allow(tmp_path):
    """Blue 2 on three copies where the rules want two is one too many; a green card, a colour the constraint does not
    list, is a combination not allowed: both said in one finding, at the first card."""
    cards = ["{id: a, colour: red, n: 1, count: 2}", "{id: b, colour: red, n: 2, count: 2}", "{id: c, colour: blue, n: 1, count: 2}",
             "{id: d, colour: blue, n: 2, count: 3}", "{id: e, colour: green, n: 1}"]
    assert _checked(tmp_path, EACH, cards) == [
        ("constraint-each", "each colour × n must occur 2 times: blue × 2 has 3, needs 2; green × 1 is not an allowed combination (1) "
         f"(constraint at data/g/game.yaml:{LINE})", 5, "")]


def test_each_skips_the_cards_without_its_fields(tmp_path):
    """Items without the fields are skipped (docs/data-format.md, Constraints): a rules card with neither a colour nor a
    number, and one with a number alone, beside every allowed pair twice, leave `each` nothing to say."""
    cards = ["{id: a, colour: red, n: 1, count: 2}", "{id: b, colour: red, n: 2, count: 2}", "{id: c, colour: blue, n: 1, count: 2}",
             "{id: d, colour: blue, n: 2, count: 2}", "{id: rules}", "{id: wild, n: 1}"]
    assert _checked(tmp_path, EACH, cards) == []


def test_each_counts_a_list_value_once_for_each_of_its_values(tmp_path):
    """A card whose colour is [red, blue] is a red and a blue at once (docs/data-format.md: a list value counts once for
    each element): its two copies make red 1 and blue 1 twice each; of the 2s, blue is on one copy only, and only it is
    said."""
    cards = ["{id: a, colour: [red, blue], n: 1, count: 2}", "{id: b, colour: red, n: 2, count: 2}", "{id: c, colour: blue, n: 2}"]
    assert _said(_checked(tmp_path, EACH, cards)) == [
        f"each colour × n must occur 2 times: blue × 2 has 1, needs 2 (constraint at data/g/game.yaml:{LINE})"]


# value_sets -----------------------------------------------------------------------------------------------------------
def test_value_sets_count_a_cards_copies(tmp_path):
    """Each suit must carry the rank sets {1} twice and {2} once: a card of rank 1 with `count: 2` is both {1}s (copies
    count, docs/data-format.md); the moon's rank 2 on two copies is one {2} too many."""
    constraint = "{check: value_sets, in: decks.d, fields: [rank], group_by: suit, sets: [[1], [1], [2]]}"
    cards = ["{id: a, suit: sun, rank: 1, count: 2}", "{id: b, suit: sun, rank: 2}",
             "{id: c, suit: moon, rank: 1}", "{id: d, suit: moon, rank: 1}", "{id: e, suit: moon, rank: 2, count: 2}"]
    assert _checked(tmp_path, constraint, cards) == [
        ("constraint-value-sets", f"suit moon has {{1}} ×2, {{2}} ×2; expected exactly {{1}} ×2, {{2}} (constraint at data/g/game.yaml:{LINE})",
         7, "d/c")]


# a constraint's message -----------------------------------------------------------------------------------------------
def test_a_constraints_message_leads_its_finding(tmp_path):
    """`message:` is shown when the constraint fails (docs/data-format.md, Constraints): before what is wrong."""
    found = _checked(tmp_path, "{check: range, in: decks.d, field: n, min: 1, max: 4, message: a hero moves 1 to 4}", ["{id: a, n: 5}"])
    assert _said(found) == [f"a hero moves 1 to 4: d/a: n is 5, allowed 1–4 (constraint at data/g/game.yaml:{LINE})"]


# reference's same -----------------------------------------------------------------------------------------------------
def test_a_reference_with_same_refuses_an_item_disagreeing_with_the_one_it_names(tmp_path):
    """`same: {side: colour}`: a hero's side is its home's colour. The knight, red at the red castle, passes; the rogue,
    blue at the red castle, is refused at its side, naming the colour it should share."""
    constraint = ("constraints:\n  - {check: reference, in: decks.heroes, field: home, target: decks.places, target_field: id, "
                  "same: {side: colour}}\n")
    found = validated(tmp_path, constraint, {"places": ["{id: castle, colour: red}"],
                                             "heroes": ["{id: knight, home: castle, side: red}", "{id: rogue, home: castle, side: blue}"]})
    assert [(f["code"], f["message"], f["line"], f["component"]) for f in found] == [
        ("constraint-reference", f"heroes/rogue: side is blue, but places/castle, which it names, has colour red (constraint at data/g/game.yaml:{LINE})",
         6, "heroes/rogue")]


def test_each_asking_one_of_every_combination_says_once_in_the_singular(tmp_path):
    """`count: 1`, every colour with every number once: a red 2 missing is said against '1 time', not '1 times'."""
    constraint = "{check: each, in: decks.d, fields: [colour, n], count: 1, values: {colour: [red], n: [1, 2]}}"
    assert _said(_checked(tmp_path, constraint, ["{id: a, colour: red, n: 1}"])) == [
        f"each colour × n must occur 1 time: red × 2 has 0, needs 1 (constraint at data/g/game.yaml:{LINE})"]


def test_a_reference_whose_target_names_no_collection_is_said_at_its_target_key(tmp_path):
    """A reference written as a block, its `target: decks.place` (the deck is `places`) on the constraint's fourth line:
    the one error is at that value (line 9, column 13, after `    target: `), offering the deck meant, not at the
    constraint's first line."""
    constraint = ("constraints:\n  - check: reference\n    in: decks.heroes\n    field: home\n    target: decks.place\n"
                  "    target_field: id\n")
    found = validated(tmp_path, constraint, {"places": ["{id: castle}"], "heroes": ["{id: a, home: castle}"]})
    assert [(f["code"], f["message"], f["file"], f["line"], f["column"]) for f in found] == [
        ("check-unknown-collection", "'decks.place' names nothing in this game (did you mean 'decks.places'?)", "data/g/game.yaml", 9, 13)]


def test_an_entry_of_a_reference_list_is_named_by_the_list_it_is_in(tmp_path):
    """A unique check over the player aids' sections (`in: reference.sections`) whose second section has no text names
    it `reference.sections[1]`, the path the check was given with the entry's place in it, so the designer finds it in
    reference.yaml, not in a deck or a board's list."""
    reference = {"reference.yaml": "title: Quick reference\nsections:\n  - {title: A turn, text: Draw a card.}\n  - {title: Scoring}\n"}
    found = validated(tmp_path, "constraints:\n  - {check: unique, in: reference.sections, field: text}\n", {"d": ["{id: a}"]}, reference)
    assert [(f["message"], f["file"], f["line"]) for f in found] == [
        ("reference.sections[1] has no 'text' (constraint at data/g/game.yaml:6)", "data/g/reference.yaml", 4)]
