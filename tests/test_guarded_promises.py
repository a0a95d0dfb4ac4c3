"""Promises from issue #49 that no test held to account: each is stated from the outside (what the CLI prints, its exit
code, what a PDF holds) and was seen failing with the code it guards broken on purpose."""
from __future__ import annotations

import re

import pytest
from conftest import run_pnp
from pdftext import flat, pdf_text

GAME = "data/tiny/game.yaml"
DECK = "data/tiny/decks/heroes.yaml"
RULEBOOK_MD = "data/tiny/rulebook.md"
HERO = "templates/tiny/hero.j2"


def _shown(result) -> str:
    return result.output + (result.stderr if result.stderr not in result.output else "")


def _append(project, rel: str, text: str) -> None:
    with (project / rel).open("a", encoding="utf-8") as f:
        f.write(text + "\n")


def _replace(project, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _pdf_text(path) -> str:
    return flat(pdf_text(path, " "))


# Raw HTML in the rulebook -----------------------------------------------------------------------------------
def test_raw_html_in_the_rulebook_prints_as_text_and_is_never_interpreted(project):
    _append(project, RULEBOOK_MD, '\n<script>alert("owned")</script>\n\n<div class="x">Boxed words</div>\n\nA picture: <img src="/etc/hostname"> here.\n')
    result = run_pnp(project, "build", "tiny", "--only", "rulebook", "-q")
    assert result.exit_code == 0, _shown(result)
    text = _pdf_text(project / "output/tiny/tiny-rulebook.pdf")
    for written in ("<script>alert(", "</script>", "<div class=", "Boxed words</div>", "<img src=", "/etc/hostname"):
        assert written in text, (written, text[-400:])


# A stray [/] in rich text -------------------------------------------------------------------------------------
def test_a_stray_closing_colour_tag_is_a_located_finding(project):
    _replace(project, DECK, 'text: "Steal 1 coin − then run → away."', 'text: "Steal 1 coin[/] − then run → away."')
    result = run_pnp(project, "validate", "tiny")
    shown = _shown(result)
    assert "Traceback" not in shown
    line = next(n for n, text in enumerate((project / DECK).read_text(encoding="utf-8").splitlines(), 1) if "coin[/]" in text)
    assert re.search(rf"{DECK}:{line}:\d+: \w+: .*\[/\] closes no colour", shown), shown


def test_a_closing_colour_tag_that_closes_a_colour_is_no_finding(project):
    result = run_pnp(project, "validate", "tiny")
    assert "closes no colour" not in _shown(result), _shown(result)  # the deck's own "[blue]blue[/]" is balanced


# reference at_least -------------------------------------------------------------------------------------------
# The constraints are data checks: `validate --quick` runs them (tests/test_findings.py holds its findings equal to a
# full validate's).
# Each hero pays with a coin of tokens.coins (items c1 and c5); every coin must be paid with by at least two heroes.
AT_LEAST = """  - check: reference
    in: decks.heroes
    field: pays
    target: tokens.coins
    target_field: id
    at_least: 2
"""


def _pays(project, c1: int, c5: int) -> None:
    """Give the first `c1` heroes `pays: c1` and the next `c5` heroes `pays: c5` (the deck has five heroes)."""
    lines = (project / DECK).read_text(encoding="utf-8").splitlines()
    heroes = [n for n, line in enumerate(lines) if line.startswith("  - {id: ")]
    for n, coin in zip(heroes, ["c1"] * c1 + ["c5"] * c5, strict=False):
        lines[n] = lines[n].replace("  - {id: ", f"  - {{pays: {coin}, id: ", 1)
    (project / DECK).write_text("\n".join(lines) + "\n", encoding="utf-8")
    _append(project, GAME, AT_LEAST)


def test_a_reference_at_least_count_is_met_by_exactly_that_many_uses(project):
    _pays(project, 2, 2)
    result = run_pnp(project, "validate", "--quick", "tiny")
    assert "must be named at least" not in _shown(result), _shown(result)
    assert result.exit_code == 0, _shown(result)


def test_a_reference_at_least_count_refuses_one_use_fewer(project):
    _pays(project, 2, 1)
    result = run_pnp(project, "validate", "--quick", "tiny")
    shown = _shown(result)
    assert result.exit_code == 1, shown
    assert "is named 1 time by decks.heroes.pays; it must be named at least 2" in shown, shown
    assert "is named 2 times" not in shown, shown  # c1, named twice, passes


# value_sets counts how often each set occurs ------------------------------------------------------------------
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
    _append(project, GAME, VALUE_SETS)


def test_value_sets_are_met_when_each_set_occurs_as_often_as_listed(project):
    _suits(project, [("sun", 1), ("sun", 1), ("sun", 2), ("moon", 2), ("moon", 1), ("moon", 1)])
    result = run_pnp(project, "validate", "--quick", "tiny")
    assert "expected exactly" not in _shown(result), _shown(result)


@pytest.mark.parametrize("moon", [[1, 2], [1, 1, 1, 2], [1, 2, 2]], ids=["a set once too few", "a set once too many", "another set twice"])
def test_value_sets_refuse_a_set_occurring_another_number_of_times(project, moon):
    _suits(project, [("sun", 1), ("sun", 1), ("sun", 2), *(("moon", r) for r in moon)])
    result = run_pnp(project, "validate", "--quick", "tiny")
    shown = _shown(result)
    assert result.exit_code == 1, shown
    found = sorted({line for line in shown.splitlines() if "expected exactly" in line})
    assert len(found) == 1 and "suit moon has" in found[0] and "data/tiny/decks/suits.yaml:" in found[0], shown


# A workbook's numbers as names ---------------------------------------------------------------------------------
SHEET_DECK = "name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards_from: heroes.%s\nsheet: Heroes\n"


def _sheet_deck(project, fmt: str, rows: list[list], extra: str = "") -> None:
    """The heroes deck read from a workbook of `rows`; the game's stated card counts go, as the workbook has other cards."""
    from test_spreadsheet_decks import write_ods, write_xlsx

    (write_xlsx if fmt == "xlsx" else write_ods)(project / f"data/tiny/decks/heroes.{fmt}", {"Heroes": rows})
    (project / DECK).write_text(SHEET_DECK % fmt + extra, encoding="utf-8")
    game = (project / GAME).read_text(encoding="utf-8")
    (project / GAME).write_text(re.sub(r"components:\n(  .*\n)+", "", game), encoding="utf-8")


def _cards_text(project, *args: str) -> str:
    result = run_pnp(project, "build", "tiny", "--only", "cards", *args, "-q")
    assert result.exit_code == 0, _shown(result)
    assert "7.0" not in _shown(result), _shown(result)
    return _pdf_text(next((project / "output/tiny").glob("tiny-cards*.pdf")))


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_a_workbooks_whole_number_id_is_the_name_without_a_decimal_point(project, fmt):
    _sheet_deck(project, fmt, [["id", "name", "stars", "number", "text", "count"], [7.0, "Seven", 2.0, 1.0, "x", 1.0], [12.0, "Twelve", 3.0, 2.0, "y", 1.0]])
    text = _cards_text(project, "--cards", "7")
    assert "Seven" in text and "Twelve" not in text


def test_a_workbooks_whole_number_id_column_makes_the_id_without_a_decimal_point(project):
    _sheet_deck(project, "xlsx", [["code", "name", "stars", "number", "text"], [7.0, "Seven", 2, 1, "x"], [12.0, "Twelve", 3, 2, "y"]],
                "id_column: code\nkeep_fields: [code]\n")
    text = _cards_text(project, "--cards", "7")
    assert "Seven" in text and "Twelve" not in text


def test_a_workbooks_whole_number_in_a_text_column_prints_without_a_decimal_point(project):
    _sheet_deck(project, "xlsx", [["id", "name", "stars", "number", "text"], ["seven", 7.0, 2, 1, "x"]], "text_columns: [name]\n")
    text = _cards_text(project)
    assert re.search(r"(^|\s)7(\s|$)", text) and "7.0" not in text, text


# A face that warned is drawn again ------------------------------------------------------------------------------
def test_a_face_that_gave_a_warning_gives_it_on_every_build(project, tmp_path):
    """Only the knight draws a word into the safe area; a rebuild after another card's edit, which takes every face it can
    from the face store, must still report the knight's warning."""
    _replace(project, HERO, "{% endblock %}",
             '{% if card.id == "knight" %}{{ text("EDGE", 0.2, 40, 20, 6, size=8) }}{% endif %}\n{% endblock %}')
    out = tmp_path / "out"

    def warnings() -> list[str]:
        result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(out))
        assert result.exit_code == 0, _shown(result)
        return sorted(line for line in _shown(result).splitlines() if "safe area" in line)

    first = warnings()
    assert first and all(HERO in line for line in first), first
    _replace(project, DECK, "Steal 1 coin", "Steal 2 coins")  # the cards are rebuilt; the knight's face is not new
    assert warnings() == first
    _replace(project, DECK, "Steal 2 coins", "Steal 3 coins")
    assert warnings() == first


# The reference follows tokens.yaml --------------------------------------------------------------------------------
def test_the_reference_is_rebuilt_when_tokens_yaml_changes(project, tmp_path):
    _replace(project, "data/tiny/reference.yaml", 'text: "Each turn has', 'text: "The bank holds {{ tokens.coins.total }} coins. Each turn has')
    out = tmp_path / "out"

    def coins() -> str:
        result = run_pnp(project, "build", "tiny", "--only", "reference", "--out", str(out), "-q")
        assert result.exit_code == 0, _shown(result)
        found = re.findall(r"bank holds (\d+) coins", _pdf_text(out / "tiny/tiny-reference.pdf"))
        assert found, "the sentence is printed"
        return found[0]

    assert coins() == "12"  # tokens.yaml: 8 coins of 1 and 4 of 5
    _replace(project, "data/tiny/tokens.yaml", "{id: c5, value: 5, tint: \"#9fd0f0\", count: 4}", "{id: c5, value: 5, tint: \"#9fd0f0\", count: 7}")
    assert coins() == "15"
