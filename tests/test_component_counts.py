"""The validator's component counts, as `pnp validate --quick` says them: what the data holds against what the
rules state in game.yaml's `components`, each difference said in one finding per stated count, at the first counted
collection's cards, naming the line that states it and its source (which the schema asks of every stated count).

The expected figures are the rules' arithmetic: a card, or an entry of a board's list, counts as many times as its
`count` (1 when unset), a field
holding a list counts each of its values, cards lacking a field the rules do not count by are not counted against it,
and a count may add up several collections and keep only the cards its `where` names."""
from __future__ import annotations

import pytest
from conftest import apply_edits, quick_findings
from small_games import validated

COMPONENTS = "components:\n"


HEROES = ["{id: a, side: red}", "{id: b, side: red, count: 2}", "{id: c, side: blue, count: 3}", "{id: d, side: blue, tags: [fast, strong]}"]
VILLAINS = ["{id: v, side: red, count: 2}", "{id: w, side: green}"]


def _counted(tmp_path, stated: str, heroes=HEROES, villains=VILLAINS) -> list[tuple[str, str, str]]:
    """(code, message, place) of each finding the component counts give, `stated` being game.yaml's `components:` items."""
    return [(f["code"], f["message"], f"{f['file']}:{f['line']}") for f in _findings(tmp_path, stated, heroes, villains)]


def test_counts_that_hold_say_nothing(tmp_path):
    """Heroes: 1 + 2 + 3 + 1 = 7 cards; red 3, blue 4; fast 1, strong 1 (a list counts each of its values)."""
    stated = ("  - {name: Heroes, in: decks.heroes, count: 7, by: {side: {red: 3, blue: 4}}, source: rules}\n"
              "  - {name: Tagged, in: decks.heroes, count: 7, by: {tags: {fast: 1, strong: 1}}, source: rules}\n")
    assert _counted(tmp_path, stated) == []


def test_a_total_off_is_one_finding_at_the_first_card_naming_the_stated_line_and_source(tmp_path):
    stated = "  - name: Heroes\n    in: decks.heroes\n    count: 8\n    source: rulebook p. 2\n"
    assert _counted(tmp_path, stated) == [
        ("count-mismatch", "Heroes: the data has 7, the rules say 8 — as stated at data/g/game.yaml:6 (rulebook p. 2): fix the data or the stated count",
         "data/g/decks/heroes.yaml:4")]


def test_every_value_off_is_said_in_the_one_finding_in_order(tmp_path):
    """Red 3 against 4, blue 4 against 3, green (in no card) 0 against 1: the total, 7, holds."""
    stated = "  - {name: Heroes, in: decks.heroes, count: 7, by: {side: {red: 4, blue: 3, green: 1}}, source: rules}\n"
    (found,) = _counted(tmp_path, stated)
    assert found[1] == ("Heroes: side blue has 4, the rules say 3; side green has 0, the rules say 1; side red has 3, the rules say 4 — as stated "
                        "at data/g/game.yaml:6 (rules): fix the data or the stated count")


def test_a_value_the_rules_do_not_name_counts_against_zero_but_a_missing_field_does_not(tmp_path):
    """d has no side: not counted against the rules' sides. A card whose side is purple is, against the rules' none."""
    heroes = ["{id: a, side: red}", "{id: d}", "{id: p, side: purple, count: 2}"]
    assert _counted(tmp_path, "  - {name: Heroes, in: decks.heroes, count: 4, by: {side: {red: 1}}, source: rules}\n", heroes=heroes) == [
        ("count-mismatch", "Heroes: side purple has 2, the rules say 0 — as stated at data/g/game.yaml:6 (rules): fix the data or the stated count",
         "data/g/decks/heroes.yaml:4")]


def test_a_card_leaving_a_counted_field_empty_is_counted_as_empty_in_words_not_none(tmp_path):
    """A hero whose `side:` has nothing after it counts against the red and blue the rules name as an empty value, said
    in words, "(empty)", never as Python's 'None'; its copies still count in the total."""
    heroes = ["{id: a, side: red, count: 3}", "{id: b, side: blue, count: 3}", "{id: c, side: }"]
    stated = "  - {name: Heroes, in: decks.heroes, count: 7, by: {side: {red: 3, blue: 4}}, source: rules}\n"
    assert [message for _, message, _ in _counted(tmp_path, stated, heroes=heroes)] == [
        "Heroes: side (empty) has 1, the rules say 0; side blue has 3, the rules say 4 — as stated at data/g/game.yaml:6 (rules): "
        "fix the data or the stated count"]

def test_a_count_may_add_up_collections_and_keep_the_cards_its_where_names(tmp_path):
    """Red cards of both decks: 1 + 2 (heroes) + 2 (villains) = 5."""
    stated = ("  - {name: Red, in: [decks.heroes, decks.villains], count: 5, where: card.side == 'red', source: rules}\n"
              "  - {name: All, in: [decks.heroes, decks.villains], count: 10, source: rules}\n")
    assert _counted(tmp_path, stated) == []
    off = "  - {name: Red, in: [decks.heroes, decks.villains], count: 4, where: card.side == 'red', source: rules}\n"
    assert [m for _, m, _ in _counted(tmp_path, off)] == [
        "Red: the data has 5, the rules say 4 — as stated at data/g/game.yaml:6 (rules): fix the data or the stated count"]


def test_each_stated_count_off_is_its_own_finding(tmp_path):
    stated = ("  - {name: Heroes, in: decks.heroes, count: 6, source: rules}\n"
              "  - {name: Villains, in: decks.villains, count: 4, source: rules}\n"
              "  - {name: Both, in: [decks.heroes, decks.villains], count: 10, source: rules}\n")
    assert [(m.split(":")[0], place) for _, m, place in _counted(tmp_path, stated)] == [
        ("Heroes", "data/g/decks/heroes.yaml:4"), ("Villains", "data/g/decks/villains.yaml:4")]


@pytest.mark.parametrize(("first", "then", "place"), [("decks.heroes", "decks.villains", "data/g/decks/heroes.yaml:4"),
                                                      ("decks.villains", "decks.heroes", "data/g/decks/villains.yaml:4")])
def test_a_count_over_several_collections_off_is_said_at_the_first_named_collections_first_card(tmp_path, first, then, place):
    """Both decks hold 7 + 3 = 10 cards against the rules' 11: one finding, at the cards of the collection `in` names
    first, whichever order the rules list them in."""
    found = _counted(tmp_path, f"  - {{name: Both, in: [{first}, {then}], count: 11, source: rules}}\n")
    assert found == [("count-mismatch", "Both: the data has 10, the rules say 11 — as stated at data/g/game.yaml:6 (rules): "
                      "fix the data or the stated count", place)]


@pytest.mark.parametrize(("path", "meant"), [("decks.heros", "decks.heroes"), ("decks.vilains", "decks.villains")])
def test_a_count_of_a_collection_the_game_lacks_says_so_once_with_what_was_meant(tmp_path, path, meant):
    found = _counted(tmp_path, f"  - {{name: Heroes, in: [{path}, decks.villains], count: 7, source: rules}}\n")
    assert len(found) == 1
    code, message, place = found[0]
    assert code == "check-unknown-collection"
    assert message.startswith(f"'{path}' names nothing in this game (did you mean '{meant}'?); known: ")
    assert "decks.heroes" in message and "decks.villains" in message
    assert place == "data/g/game.yaml:6"


@pytest.mark.parametrize("where", ["'card.side =='", "card.side.upper() == 'RED'", "card.power > 2"])
def test_a_where_that_cannot_be_read_or_worked_out_is_one_finding_and_no_count(tmp_path, where):
    """Unreadable; failing on e, which has no side; failing on every card, none having a power: the expression's
    finding alone (one message, on the cards it fails on: the report joins them), not a count of the cards it kept
    as well (one mistake, one finding)."""
    heroes = [*HEROES, "{id: e}"]
    found = _counted(tmp_path, f"  - {{name: Heroes, in: decks.heroes, count: 7, where: {where}, source: rules}}\n", heroes=heroes)
    assert {(code, message, place) for code, message, place in found} == {(found[0][0], found[0][1], "data/g/game.yaml:6")}
    assert found[0][0] == "check-expression"


def test_a_constraint_whose_where_cannot_be_read_is_one_finding(tmp_path):
    """A range over the cards a broken `where` would keep: its finding alone, not the range judged on none of them."""
    found = validated(tmp_path, "constraints:\n  - {check: contiguous, in: decks.heroes, field: n, from: 1, to: 3, where: 'card.n >'}\n",
                      {"heroes": ["{id: a, n: 1}", "{id: b, n: 2}", "{id: c, n: 3}"]})
    assert [f["code"] for f in found] == ["check-expression"]


def _findings(tmp_path, stated: str, heroes=HEROES, villains=VILLAINS) -> list[dict]:
    """The findings `pnp validate --quick --format json` gives for a game whose `components:` items are `stated`."""
    return validated(tmp_path, COMPONENTS + stated, {"heroes": heroes, "villains": villains})


BLOCK = """  - name: {name}
    in: {path}
    count: {count}
    source: {source}
"""


def test_each_finding_is_placed_where_its_mistake_is_and_names_its_count(tmp_path):
    """Stated in block style, each key on a line of its own: an unknown collection at its `in:` (line 7), a `where` that
    cannot be read at its `where:` (line 14), a count off at the counted cards; each names its count."""
    stated = (BLOCK.format(name="Lost", path="decks.heros", count=1, source="rules")
              + BLOCK.format(name="Broken", path="decks.heroes", count=7, source="rules") + "    where: card.side ==\n"
              + BLOCK.format(name="Heroes", path="decks.heroes", count=8, source="rules"))
    found = _findings(tmp_path, stated)
    assert [(f["code"], f["line"], f["component"]) for f in found] == [
        ("count-mismatch", 4, "Heroes"), ("check-unknown-collection", 7, ""), ("check-expression", 14, "")]  # in file order
    assert found[1]["message"] == "'decks.heros' names nothing in this game (did you mean 'decks.heroes'?); known: decks.heroes, decks.villains"
    assert found[2]["message"].startswith("cannot read expression 'card.side ==': ")


def test_the_expression_that_fails_is_named_in_its_finding(tmp_path):
    found = _findings(tmp_path, "  - {name: Heroes, in: decks.heroes, count: 7, where: card.power > 2, source: rules}\n")
    assert {f["message"] for f in found} == {"cannot work out 'card.power > 2': the items named have no field 'power': give them the field, or "
                                          "test for it first (card.power is defined and …)"}


def test_a_count_with_no_source_says_none(tmp_path):
    (found,) = _findings(tmp_path, '  - {name: Heroes, in: decks.heroes, count: 8, source: ""}\n')
    assert found["message"] == "Heroes: the data has 7, the rules say 8 — as stated at data/g/game.yaml:6: fix the data or the stated count"


def test_a_count_of_a_deck_whose_file_has_errors_is_a_note_pointing_at_that_file(tmp_path):
    """The villains' file has an error of its own (reported by the schema): a count of them is left out with a note,
    not reported as naming nothing (one mistake, one finding); a count of the heroes is still made."""
    stated = "  - {name: Villains, in: decks.villains, count: 9, source: rules}\n  - {name: Heroes, in: decks.heroes, count: 8, source: rules}\n"
    found = _findings(tmp_path, stated, villains=["{id: v, count: many}"])
    assert [(f["severity"], f["code"], f["file"]) for f in found] == [
        ("error", "count-mismatch", "data/g/decks/heroes.yaml"), ("error", "schema-int-type", "data/g/decks/villains.yaml"),
        ("note", "left-out", "data/g/game.yaml")]
    assert found[2]["message"] == "'decks.villains' is left out: data/g/decks/villains.yaml has errors: fix them first"
    assert (found[2]["line"], found[2]["game"]) == (6, "g")


def test_a_note_for_a_part_left_out_belongs_to_its_game_and_a_boards_part_to_its_boards_file(tmp_path):
    """A board's spaces (`boards.<id>.<list>`, three parts) when boards.yaml has errors: the whole file is left out."""
    stated = "  - {name: Spaces, in: boards.main.spaces, count: 3, source: rules}\n"
    boards = {"boards.yaml": "boards:\n  - {id: main, name: Main, size: huge, spaces: [a, b, c]}\n"}
    found = validated(tmp_path, COMPONENTS + stated, {"heroes": HEROES}, boards)
    assert [(f["severity"], f["file"]) for f in found] == [("error", "data/g/boards.yaml")] * 2 + [("note", "data/g/game.yaml")]  # its template, its size
    assert (found[2]["code"], found[2]["game"], found[2]["message"]) == (
        "left-out", "g", "'boards.main.spaces' is left out: data/g/boards.yaml has errors: fix them first")


def test_a_reference_to_a_collection_the_game_lacks_says_what_was_meant(tmp_path):
    reference = "constraints:\n  - {check: reference, in: decks.heroes, field: side, target: decks.vilains, target_field: side}\n"
    found = validated(tmp_path, reference, {"heroes": HEROES, "villains": VILLAINS})
    assert [(f["code"], f["message"]) for f in found] == [
        ("check-unknown-collection", "'decks.vilains' names nothing in this game (did you mean 'decks.villains'?)")]


def test_a_board_lists_entry_counts_as_many_times_as_its_count(project):
    """A component count over a board's list (`in: boards.town.spaces`) counts each entry `count` times, 1 when unset,
    as a deck's cards count: the tiny town's 24 spaces (4 gold corners, 10 blue, 10 red) with one corner given
    `count: 2` hold 25 spaces, 5 of them gold; stated so, the game validates clean."""
    boards = project / "data/tiny/boards.yaml"
    corner = "      - {name: S0, color: gold, corner: true}"
    boards.write_text(boards.read_text(encoding="utf-8").replace(corner, corner[:-1] + ", count: 2}"), encoding="utf-8")
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["constraints:\n", "  - name: Board spaces\n    in: boards.town.spaces\n    count: 25\n    source: tests, invented\n"
                                                                   "    by:\n      color: {gold: 5, blue: 10, red: 10}\nconstraints:\n"]}])
    assert quick_findings(project) == (0, [])



def test_a_counts_misspelt_breakdown_field_is_one_error_at_its_own_key_and_the_fields_after_it_are_still_counted(project):
    """The tiny heroes broken down three ways: `side` as the data holds it (6 red, 6 blue), `strs` (the stars, misspelt)
    and `number`, where the rules say 3 copies of number 5 and the twin, number 5, has 2. The misspelt name is one
    error at its own key, not at the breakdown's first, and the number still off is said."""
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["      side: {red: 6, blue: 6}\n",
                                                                   "      side: {red: 6, blue: 6}\n      strs: {1: 2, 2: 5, 3: 2, 4: 3}\n"
                                                                   "      number: {1: 2, 2: 2, 3: 3, 4: 3, 5: 3}\n"]}])
    lines = (project / "data/tiny/game.yaml").read_text(encoding="utf-8").splitlines()
    stated, strs = lines.index("  - name: Hero cards") + 1, lines.index("      strs: {1: 2, 2: 5, 3: 2, 4: 3}") + 1
    status, found = quick_findings(project)
    assert status == 1
    assert [line for line in found if ": error: " in line] == [
        f"data/tiny/decks/heroes.yaml:6:1: error: Hero cards: number 5 has 2, the rules say 3 — as stated at data/tiny/game.yaml:{stated} (tests, "
        "invented): fix the data or the stated count [Hero cards]",
        f"data/tiny/game.yaml:{strs}:7: error: no piece of decks.heroes has a field 'strs' (did you mean 'stars'?): fix the name, or give the pieces the field"]

SIX = ", ".join(f"{{text: '{pips}'}}" for pips in range(1, 7))
DICE = (f"dice:\n  - {{id: red, shape: d6, size: 16, count: 2, face: g/front.j2, faces: [{SIX}]}}\n"
        f"  - {{id: blue, shape: d6, size: 16, count: 3, face: g/front.j2, faces: [{SIX}]}}\n")


@pytest.mark.parametrize(("stated", "said"), [
    ("count: 5", None),
    ("count: 6", "Dice: the data has 5, the rules say 6 — as stated at data/g/game.yaml:6 (rules): fix the data or the stated count"),
], ids=["holds", "off"])
def test_the_dice_are_counted_by_their_copies(tmp_path, stated, said):
    """dice.yaml's two red and three blue dice are five dice (a die counts as many times as its `count`)."""
    found = validated(tmp_path, COMPONENTS + f"  - {{name: Dice, in: dice, {stated}, source: rules}}\n", {"heroes": HEROES}, {"dice.yaml": DICE})
    assert [f["message"] for f in found] == ([said] if said else [])


def test_a_misspelt_dice_is_told_the_dice_with_what_the_game_has(tmp_path):
    found = validated(tmp_path, COMPONENTS + "  - {name: Dice, in: dices, count: 5, source: rules}\n", {"heroes": HEROES}, {"dice.yaml": DICE})
    assert [f["message"] for f in found] == ["'dices' names nothing in this game (did you mean 'dice'?); known: decks.heroes, dice"]


def test_a_misspelt_boards_is_told_the_boards_with_what_the_game_has(tmp_path):
    """`in: boards` counts the game's boards, so a count of `bords` is offered it and lists it among what the game has."""
    boards = {"boards.yaml": "boards:\n  - {id: main, name: Main, size: 200 x 200, template: g/front.j2, spaces: [a, b, c]}\n"}
    found = validated(tmp_path, COMPONENTS + "  - {name: Boards, in: bords, count: 1, source: rules}\n", {"heroes": HEROES}, boards)
    assert [f["message"] for f in found] == [
        "'bords' names nothing in this game (did you mean 'boards'?); known: decks.heroes, boards, boards.main, boards.main.spaces"]


def test_a_misspelt_reference_list_is_told_the_list_the_player_aids_hold(tmp_path):
    """`in: reference.<list>` counts a list reference.yaml holds (docs/data-format.md, Counts against the rules): a count
    of `reference.section`, where the aids hold `sections`, is offered it and lists it among what the game has."""
    reference = {"reference.yaml": "title: Quick reference\nsections:\n  - {title: A turn, text: Draw a card.}\n"
                                   "  - {title: Scoring, text: Most stars wins.}\n"}
    found = validated(tmp_path, COMPONENTS + "  - {name: Aid sections, in: reference.section, count: 2, source: rules}\n", {"heroes": HEROES}, reference)
    assert [f["message"] for f in found] == [
        "'reference.section' names nothing in this game (did you mean 'reference.sections'?); known: decks.heroes, reference.sections"]


def test_a_count_over_a_boards_list_is_said_at_the_list_not_at_the_board(tmp_path):
    """A count of `boards.main.spaces` the data misses (3 spaces, the rules say 4) is said where the spaces are written,
    at the list's first entry (line 7 of boards.yaml, as a deck's count is said at its first card), not at the board's
    first line: the list is what to change."""
    boards = {"boards.yaml": "boards:\n  - id: main\n    name: Main\n    size: 200 x 200\n    template: g/front.j2\n"
                             "    spaces:\n      - a\n      - b\n      - c\n"}
    found = validated(tmp_path, COMPONENTS + "  - {name: Spaces, in: boards.main.spaces, count: 4, source: rules}\n", {"heroes": HEROES}, boards)
    assert [(f["message"], f["file"], f["line"]) for f in found] == [
        ("Spaces: the data has 3, the rules say 4 — as stated at data/g/game.yaml:6 (rules): fix the data or the stated count",
         "data/g/boards.yaml", 7)]
