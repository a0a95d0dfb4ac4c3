"""One finding per mistake, for every kind of finding: one line, "on N pieces", the first few named; and the run's
own words said once (issue 62 item 6)."""
from __future__ import annotations

import shutil

from click.testing import CliRunner
from conftest import run_pnp
from test_languages import CARD, DECK, GAME, RULES_DE, RULES_EN

HERO = "templates/tiny/hero.j2"


def _add_to_hero(project, line: str) -> None:
    hero = project / HERO
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", line + "\n{% endblock %}"), encoding="utf-8")


def _said(result) -> list[str]:
    return [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line or ": note: " in line]


def test_art_missing_on_every_card_is_one_error_at_the_line_naming_the_files(project):
    """Each card names its own file (`"art/" ~ card.id ~ ".png"`) and none was copied: one mistake, one error at the
    line, naming the files and the cards."""
    _add_to_hero(project, '{{ image("art/" ~ card.id ~ ".png", 20, 45, 20, 20) }}')
    said = _said(run_pnp(project, "validate", "tiny"))
    missing = [line for line in said if "not found" in line]
    assert len(missing) == 1, said
    assert missing[0].startswith("templates/tiny/hero.j2:7:4: error: image 'art/knight.png' not found (and 4 other files this line names: "
                                 "'art/att.png', 'art/rogue.png', 'art/mage.png', 'art/twin.png') (on 5 pieces: heroes/knight front, "), missing[0]


def test_a_draft_stands_in_for_art_in_a_small_box_with_one_warning(project):
    """A token's 8 mm art, missing: the draft draws its placeholder (the file's name does not fit: the cross alone) and
    warns once, for the six walls."""
    with (project / "templates/tiny/token-wall.j2").open("a", encoding="utf-8") as f:
        f.write('{{ image("art/brick.png", 3, 3, 8, 8) }}\n')
    result = run_pnp(project, "build", "--only", "tokens", "--draft")
    assert result.exit_code == 0, result.output
    warned = [line for line in _said(result) if "brick.png" in line]
    assert len(warned) == 1 and ": warning: " in warned[0], _said(result)


def test_a_constraint_that_cannot_be_worked_out_is_one_error_on_every_card(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("where: card.count == 1", "where: card.power > 1"), encoding="utf-8")
    said = _said(run_pnp(project, "validate", "tiny"))
    assert len(said) == 1, said
    assert said[0].startswith("data/tiny/game.yaml:28:12: error: cannot work out 'card.power > 1': the items named have no field 'power'"), said
    assert "(on 5 pieces: heroes/knight, " in said[0] and "Fields object" not in said[0]


def test_art_past_the_bleed_on_every_card_is_one_warning_with_its_article(project):
    _add_to_hero(project, '{{ icon("star", -12, 30, 8) }}')
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "bleed" in line]
    assert len(said) == 1, said
    assert said[0].startswith("templates/tiny/hero.j2: warning: an icon reaches past the 3 mm bleed"), said
    assert "(on 5 pieces: " in said[0]


def test_a_template_syntax_error_names_its_column(project):
    _add_to_hero(project, '{{ text(card.name, 4, 4, 50, 9 size=13) }}')
    said = _said(run_pnp(project, "validate", "tiny"))
    syntax = [line for line in said if "template syntax" in line]
    column = '{{ text(card.name, 4, 4, 50, 9 size=13) }}'.index("size") + 1
    assert syntax and syntax[0].startswith(f"templates/tiny/hero.j2:7:{column}: error: template syntax: expected token ',', got 'size'"), said


def test_the_printer_margin_note_is_said_once_a_run_naming_the_games_and_not_once_a_profile_is_saved(project):
    # mini cards: 4 × 4 on Letter where the paper alone holds 6 × 3 (poker cards print 3 × 3 with no profile, unremarked)
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("size: poker\n", "size: 44.45 x 63.5\n", 1), encoding="utf-8")
    shutil.copytree(project / "data/tiny", project / "data/twin")
    result = run_pnp(project, "build", "--only", "cards")
    notes = [line for line in _said(result) if "printer margin" in line]
    assert len(notes) == 1, _said(result)
    assert "44.45 × 63.5 mm cards on Letter with a 5.00 mm printer margin" in notes[0] and "(tiny, twin)" in notes[0]
    assert "pnp calibrate --save NAME --margin MM" in notes[0]
    assert run_pnp(project, "calibrate", "--save", "home", "--margin", "4.23").exit_code == 0
    result = run_pnp(project, "build", "--only", "cards", "--out", str(project / "again"))  # drawn afresh: a reused output says no note
    assert result.exit_code == 0 and not [line for line in _said(result) if "printer margin" in line], _said(result)


def test_root_comes_before_or_after_the_command(project):
    from pnp.cli import main

    for args in (["--root", str(project), "list"], ["list", "--root", str(project)], ["list", f"--root={project}"], ["validate", "tiny", "--root", str(project)]):
        result = CliRunner().invoke(main, args, catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
        assert "tiny" in result.output


def test_a_label_sheet_may_be_written_as_a_number(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "labels: {sheet: 5160}\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0, result.output


def test_the_findings_of_a_language_edition_name_it(tmp_path):
    root = tmp_path / "duo"
    (root / "data/duo/decks").mkdir(parents=True)
    (root / "templates/duo").mkdir(parents=True)
    deck = DECK.replace("name@de: Drache", "name@de: Drachenkönigsschwanzfederkleid")  # too long for its box at 12 pt, in German only
    for rel, text in (("data/duo/game.yaml", GAME), ("data/duo/decks/beasts.yaml", deck), ("data/duo/rulebook.md", RULES_EN),
                      ("data/duo/rulebook.de.md", RULES_DE), ("templates/duo/card.j2", CARD)):
        (root / rel).write_text(text, encoding="utf-8")
    for args in (("build", "--lang", "de"), ("validate",)):
        said = [line for line in _said(run_pnp(root, *args)) if ": error: " in line]
        assert said and all(line.endswith("[de edition]") for line in said), (args, said)
    assert not [line for line in _said(run_pnp(root, "build")) if ": error: " in line]  # the English edition has no such error
