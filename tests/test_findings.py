"""What the build says is what prints (issue 47): every command reports the same findings, all of them in one run.

The tiny game is given one mistake of each kind `pnp validate` looks for; `pnp build`, `pnp watch` and `pnp serve`
must say the same, with the same counts."""
from __future__ import annotations

import re

import pytest
from conftest import apply_edits, run_pnp
from pdftext import pdf_text

# One mistake of each kind: (file, text, replacement, what validate says of it).
MISTAKES = [
    # text at 1.11:1 against the card's paper
    ("templates/tiny/hero.j2", 'bold=true, align="right")', 'bold=true, align="right", color="#f0ece2")', "has contrast 1.11:1"),
    # a card field nothing reads
    ("data/tiny/decks/heroes.yaml", "stars: 3, number: 1", "stars: 3, notes: hi, number: 1", "card field 'notes'"),
    # a typo in rich text
    ("data/tiny/decks/heroes.yaml", "gain :star:.", "gain :frgo:.", "unknown icon :frgo:"),
    # a constraint broken (stars run 1–4)
    ("data/tiny/decks/heroes.yaml", "stars: 4, number: 4", "stars: 5, number: 4", "stars is 5, allowed 1–4"),
    # a stated count the data misses
    ("data/tiny/game.yaml", "side: {red: 6, blue: 6}", "side: {red: 5, blue: 7}", "side red has 6, the rules say 5"),
    # text that overflows its box and shrinks far below its size
    ("templates/tiny/hero.j2", "{{ text(card.text, 5, 30, face.w - 10, 40, size=10) }}", "{{ text(card.text, 5, 30, face.w - 10, 6, size=11, min_size=4) }}",
     "text shrinks from 11 pt"),
    # a rulebook figure naming a card the deck lacks
    ("data/tiny/rulebook.md", "(card:heroes/knight", "(card:heroes/knigt", "figure names card 'knigt'"),
    # drawing outside a block of a child template (added by with_mistakes)
]


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def with_mistakes(project):
    for file, old, new, _ in MISTAKES:
        edit(project / file, old, new)
    (project / "templates/tiny/hero.j2").write_text((project / "templates/tiny/hero.j2").read_text() + "{{ rect(5, 5, 10, 10, fill='red') }}\n")


def problems(text: str) -> list[str]:
    """The error and warning lines a command printed (notes are news about one output, not problems)."""
    return sorted(line for line in text.splitlines() if re.search(r": (error|warning): ", line))


def summary_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("tiny: "))


def test_validate_and_build_print_the_same_findings_and_counts(project):
    with_mistakes(project)
    validate = run_pnp(project, "validate", "tiny")
    build = run_pnp(project, "build", "tiny")
    found = problems(validate.stderr)
    for _, _, _, said in MISTAKES:
        assert any(said in line for line in found), (said, validate.stderr)
    assert any("outside {% block %}" in line for line in found)
    assert problems(build.stderr) == found, build.stderr
    assert summary_line(build.stderr) == summary_line(validate.stderr)
    assert validate.exit_code == build.exit_code == 1
    assert not (project / "output/tiny").exists() or not any((project / "output/tiny").glob("*.pdf"))


DATA_MISTAKES = ("card field 'notes'", "stars is 5, allowed 1–4", "side red has 6, the rules say 5")  # found without drawing anything


def test_a_quick_validate_reports_the_data_findings_of_a_full_one_and_nothing_drawn(project):
    with_mistakes(project)
    full = problems(run_pnp(project, "validate", "tiny").stderr)
    quick = run_pnp(project, "validate", "--quick", "tiny")
    found = problems(quick.stderr)
    assert quick.exit_code == 1
    assert found == [line for line in full if any(said in line for said in DATA_MISTAKES)], quick.stderr
    assert len(found) == len(DATA_MISTAKES)


def test_build_strict_fails_on_the_warning_validate_strict_fails_on(project):
    """Text at 1.10:1 against its ground is a warning: `validate --strict` and `build --strict` both fail on it alone."""
    edit(project / "templates/tiny/hero.j2", 'bold=true, align="right")', 'bold=true, align="right", color="#f0ece2")')
    validate = run_pnp(project, "validate", "--strict", "tiny")
    build = run_pnp(project, "build", "--strict", "tiny")
    assert validate.exit_code == build.exit_code == 1, build.stderr
    assert problems(build.stderr) == problems(validate.stderr) and any("contrast 1.11:1" in line for line in problems(build.stderr))
    assert summary_line(build.stderr) == summary_line(validate.stderr) == "tiny: 0 errors, 1 warning (warnings fail with --strict)"
    assert not any((project / "output").rglob("*.pdf"))
    plain = run_pnp(project, "build", "tiny")
    assert plain.exit_code == 0 and "contrast 1.11:1" in plain.stderr and "tiny: 0 errors, 1 warning" in plain.stderr


def test_build_strict_keeps_the_last_card_sheets_when_drawing_them_warns(project):
    """A warning the card sheets' own drawing finds (a text shrunk far below its size), not one of the checks: with
    --strict it fails the build, and the sheets of the last build stay as they were (nothing is written)."""
    assert run_pnp(project, "build", "--only", "cards", "tiny").exit_code == 0
    sheets = project / "output/tiny/tiny-cards.pdf"
    before = sheets.read_bytes()
    edit(project / "templates/tiny/hero.j2", "{{ text(card.text, 5, 30, face.w - 10, 40, size=10) }}",
         "{{ text(card.text, 5, 30, face.w - 10, 6, size=11, min_size=4) }}")
    build = run_pnp(project, "build", "--strict", "--only", "cards", "tiny")
    assert build.exit_code == 1 and any("text shrinks from 11 pt" in line for line in problems(build.stderr)), build.stderr
    assert summary_line(build.stderr).endswith("(warnings fail with --strict)"), build.stderr
    assert sheets.read_bytes() == before


def test_build_strict_keeps_the_last_card_sheets_when_reading_a_deck_warns(project):
    """A warning of reading the game (a deck's sheet with a column that has no header), neither the checks' nor a
    drawing's: with --strict it fails the build, and the sheets of the last build stay as they were."""
    assert run_pnp(project, "build", "--only", "cards", "tiny").exit_code == 0
    sheets = project / "output/tiny/tiny-cards.pdf"
    before = sheets.read_bytes()
    apply_edits(project, [{"file": "data/tiny/decks/extra.yaml", "write": "name: Extra\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
                                                                          "defaults: {side: red, stars: 1, number: 9, text: x}\ncards_from: extra.csv\n"},
                          {"file": "data/tiny/decks/extra.csv", "write": "id,name,\nscout,Scout,note\n"}])
    build = run_pnp(project, "build", "--strict", "--only", "cards", "tiny")
    assert build.exit_code == 1, build.output + build.stderr
    assert problems(build.stderr) == ["data/tiny/decks/extra.csv:2:3: warning: column C has no header, so its value 'note' reaches no card: "
                                      "write the field's name at the top of the column, or clear it"], build.stderr
    assert summary_line(build.stderr) == "tiny: 0 errors, 1 warning (warnings fail with --strict)", build.stderr
    assert sheets.read_bytes() == before

def test_a_quiet_build_says_every_problem_a_plain_one_does_and_no_note(project):
    """`pnp build -q` prints problems only: its warnings (a faint number, a mini card's title condensed) as a plain
    build's, without the note on which sheet layout the printer margin forced, nor the files written."""
    edit(project / "templates/tiny/hero.j2", 'bold=true, align="right")', 'bold=true, align="right", color="#f0ece2")')
    edit(project / "data/tiny/decks/heroes.yaml", "size: poker\n", "size: 44.45 x 63.5\n")  # mini cards: a margin note
    quiet = run_pnp(project, "build", "tiny", "--only", "cards", "-q")
    plain = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / "plain"))
    assert quiet.exit_code == plain.exit_code == 0, quiet.stderr
    assert any(": note: " in line and "printer margin" in line for line in plain.stderr.splitlines()), plain.stderr
    said = problems(quiet.stderr)
    assert said == problems(plain.stderr) and len(said) == 2 and any("contrast 1.11:1" in line for line in said), quiet.stderr
    assert ": note: " not in quiet.stderr and "tiny-cards.pdf" not in quiet.output, quiet.output + quiet.stderr
    assert summary_line(quiet.stderr) == "tiny: 0 errors, 2 warnings"


def test_serve_reports_what_validate_reports(project):
    """The page's list of findings (`pnp watch` after a save: tests/test_designer_loop.py::test_watch_rebuilds_after_a_save_lists_what_it_wrote_again_and_reports_what_validate_reports)."""
    from pnp.data.project import Project
    from pnp.serve.session import LiveSession

    with_mistakes(project)
    expected = problems(run_pnp(project, "validate", "tiny").stderr)
    models = {}
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.__setitem__(slug, model))
    session.refresh()
    shown = sorted(f["text"] for f in models["tiny"]["findings"] if f["severity"] in ("error", "warning"))
    assert shown == expected


def test_a_rebuild_after_a_card_edit_reports_the_edited_faces_findings_as_validate_does(project):
    """A rebuild's checks read the faces the last build kept rather than drawing them again, all but the edited card's:
    the faint number of every card is reported as validate reports it, the knight's new number among them."""
    file, old, new, said = MISTAKES[0]
    edit(project / file, old, new)
    assert run_pnp(project, "build", "tiny").exit_code == 0
    edit(project / "data/tiny/decks/heroes.yaml", "stars: 3, number: 1,", "stars: 3, number: 6,")
    rebuilt = problems(run_pnp(project, "build", "tiny").stderr)
    assert rebuilt == problems(run_pnp(project, "validate", "tiny").stderr)
    assert any(said in line and "text '6'" in line for line in rebuilt), rebuilt


def summary_line_counts(lines: list[str]) -> str:
    e = sum(": error: " in line for line in lines)
    w = sum(": warning: " in line for line in lines)
    return f"{e} error{'s' * (e != 1)}, {w} warning{'s' * (w != 1)}"


def test_independent_errors_in_a_deck_template_a_board_file_and_the_rulebook_come_in_one_run(project):
    """Three mistakes in three places, each stopping its own output: one run names all three (and the broken tokens
    file and the constraint too), where each run used to show only the next stage's error."""
    edit(project / "templates/tiny/hero.j2", 'repeat(card.stars, "star"', 'repeat(card.stars, "strr"')
    edit(project / "data/tiny/boards.yaml", "size: 180 x 240", "size: 180 x")
    edit(project / "data/tiny/rulebook.md", "{{ decks.heroes.name }}", "{{ decks.heroes.nmae }}")
    edit(project / "data/tiny/tokens.yaml", "size: 20", "size: [20")
    edit(project / "data/tiny/decks/heroes.yaml", "stars: 4, number: 4", "stars: 5, number: 4")
    for command in ("validate", "build"):
        result = run_pnp(project, command, "tiny")
        errors = [line for line in result.stderr.splitlines() if ": error: " in line]
        assert result.exit_code == 1
        assert any(line.startswith("templates/tiny/hero.j2:4:") and "unknown icon 'strr'" in line for line in errors), result.stderr
        assert any(line.startswith("data/tiny/boards.yaml:") for line in errors), result.stderr
        assert any(line.startswith("data/tiny/rulebook.md:") and "nmae" in line for line in errors), result.stderr
        assert any(line.startswith("data/tiny/tokens.yaml:") for line in errors), result.stderr
        assert any("stars is 5, allowed 1–4" in line for line in errors), result.stderr
        assert "tiny: 5 errors" in result.stderr, result.stderr
    assert not (project / "output/tiny").exists() or not any((project / "output/tiny").glob("*.pdf"))


def test_one_template_mistake_on_many_cards_is_one_error_naming_them(project):
    edit(project / "templates/tiny/hero.j2", 'repeat(card.stars, "star"', 'repeat(card.stars, "strr"')
    for command in ("validate", "build"):
        result = run_pnp(project, command, "tiny")
        lines = [line for line in result.stderr.splitlines() if "unknown icon 'strr'" in line]
        assert len(lines) == 1, result.stderr
        assert "(on 5 pieces: heroes/knight front, heroes/att front, heroes/rogue front, heroes/mage front, heroes/twin front)" in lines[0]
        assert "tiny: 1 error, 0 warnings" in result.stderr


def test_a_stage_stopped_by_an_error_in_another_file_says_which(project):
    """A deck file that does not read leaves the deck out; the rulebook that names it says that file stopped it, as a
    note, and the count is of the one mistake."""
    edit(project / "data/tiny/decks/heroes.yaml", "stars: 4, number: 4", "stars: [4, number: 4")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    assert "data/tiny/rulebook.md:7:19: note: decks.heroes is left out: data/tiny/decks/heroes.yaml has errors: fix them first [rulebook]" in result.stderr, result.stderr
    assert "tiny: 1 error, 0 warnings" in result.stderr, result.stderr


def test_a_rulebook_reading_a_file_that_did_not_load_says_that_file_stopped_it(project):
    """tokens.yaml with an error leaves every token set out: the rulebook's line that counts the coins is a note naming
    tokens.yaml, not a second error of its own."""
    edit(project / "data/tiny/rulebook.md", "Symbols print as written", "It has {{ tokens.coins.total }} coins.\nSymbols print as written")
    edit(project / "data/tiny/tokens.yaml", "    size: 20\n", "    size: twenty\n")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    assert "data/tiny/rulebook.md:8:18: note: tokens.coins is left out: data/tiny/tokens.yaml has errors: fix them first [rulebook]" in result.stderr, result.stderr
    assert "tiny: 1 error, 0 warnings" in result.stderr, result.stderr


def test_a_faint_text_on_every_card_of_a_deck_split_across_two_processes_is_one_warning_at_its_template_line(project, monkeypatch):
    """A large deck's last cards are drawn by a helper process; the readability check traces templates to place its
    findings, and faces drawn elsewhere would carry no template line, each warned about at its card instead."""
    from conftest import add_crowd_deck

    import pnp.outputs.cards

    add_crowd_deck(project, 30)
    edit(project / "templates/tiny/hero.j2", 'bold=true, align="right")', 'bold=true, align="right", color="#f0ece2")')
    monkeypatch.setattr(pnp.outputs.cards, "PARALLEL_MIN_CARDS", 2)  # split even this deck across two processes
    monkeypatch.setenv("PNP_JOBS", "2")
    found = [line for line in problems(run_pnp(project, "validate", "tiny").stderr) if "has contrast 1.11:1" in line]
    assert len(found) == 1 and found[0].startswith("templates/tiny/hero.j2:"), found


DIE = "dice:\n  - {id: pawn, shape: d6, size: 16, color: '#ffffff', face: tiny/die.j2, faces: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}]}\n"
BOX = "boxes:\n  - {id: heroes, style: tuck, decks: [heroes], front: tiny/box.j2}\n"


def with_mistakes_everywhere(project):
    """`with_mistakes`, and a mistake in every other kind of output: a card box whose text cannot fit, a die face too
    faint to read, a coin's label in its own tint, a board title shrunk far, a wall's icon past the cut."""
    with_mistakes(project)
    (project / "data/tiny/dice.yaml").write_text(DIE, encoding="utf-8")
    (project / "data/tiny/boxes.yaml").write_text(BOX, encoding="utf-8")
    (project / "templates/tiny/die.j2").write_text(
        "{{ text(die_face.n|string, 0, 0, face.w, face.h, size=face.h * 0.8, align='center', valign='middle', color='#fdfdfd') }}\n", encoding="utf-8")
    (project / "templates/tiny/box.j2").write_text(
        '{{ rect(0, 0, face.w, face.h, fill="#336699", stroke="none") }}\n{{ text("Heroes of the Tiny Test Game", 2, 2, 10, 3, size=12) }}\n', encoding="utf-8")
    edit(project / "templates/tiny/token-coin.j2", 'size=6, align="center", valign="middle")', 'size=6, align="center", valign="middle", color=token.tint)')
    edit(project / "templates/tiny/board-scores.j2", 'text("**Scores**", 10, 4, 160, 12, size=18, font="title", valign="middle")',
         'text("**Scores of every player at the table, kept here**", 10, 4, 40, 6, size=18, min_size=4, valign="middle")')
    wall = project / "templates/tiny/token-wall.j2"
    wall.write_text(wall.read_text(encoding="utf-8") + '{{ icon("star", -8, 2, 6) }}\n', encoding="utf-8")


def test_validate_build_list_export_and_serve_report_one_set_of_findings(project, tmp_path):
    """Issue 76 item 4: one broken project, five commands, the same errors and warnings from each, whatever each draws:
    `pnp serve`'s list (the findings its page receives) is `pnp validate`'s, the card box it does not show included."""
    from pnp.data.project import Project
    from pnp.serve.session import LiveSession

    with_mistakes_everywhere(project)
    validate = run_pnp(project, "validate", "tiny")
    expected = problems(validate.stderr)
    for said in ("templates/tiny/box.j2:2:1: error: text does not fit", "templates/tiny/die.j2:1:1: warning: text '1'", "token-coin.j2:5:1: warning: text 'COIN1'",
                 "board-scores.j2:3:1: warning: text shrinks from 18 pt", "token-wall.j2:4:1: warning: icon 'star' lies 8.0 mm past the cut"):
        assert any(line.startswith(said) or said in line for line in expected), (said, validate.stderr)
    assert len(expected) >= 12, expected
    for args in (("build", "tiny", "--out", str(tmp_path / "built")), ("list", "tiny"), ("export", "tiny", "--format", "vtt", "--out", str(tmp_path / "vtt"))):
        result = run_pnp(project, *args)
        assert problems(result.stderr + result.stdout) == expected, (args[0], result.stderr)
        assert result.exit_code == validate.exit_code == 1, args[0]
    models = {}
    LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.__setitem__(slug, model)).refresh()
    assert sorted(f["text"] for f in models["tiny"]["findings"] if f["severity"] in ("error", "warning")) == expected


@pytest.mark.parametrize("written", ["tiny/twin-bak.j2", "tyni/twin-back.j2"])
def test_a_cards_own_back_template_misnamed_is_one_error_at_that_cards_back(project, written):
    """The Twin names a back of its own (tests/project/data/tiny/decks/heroes.yaml, line 11): misspelt, the error stands
    at that name, where the designer fixes it, not at the deck's `back:` that every other card prints. Misspelt in its
    file's name or in its folder's (a folder templates/ has no template in), it is offered the template meant."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("back: tiny/twin-back.j2", f"back: {written}"), encoding="utf-8")
    line = heroes.read_text(encoding="utf-8").splitlines()[10]
    result = run_pnp(project, "validate", "tiny")
    errors = [shown for shown in result.output.splitlines() if ": error: " in shown]
    assert result.exit_code == 1
    assert errors == [f"data/tiny/decks/heroes.yaml:11:{line.index(written) + 1}: error: template '{written}' not found under "
                      "templates/ (did you mean 'tiny/twin-back.j2'?): check the name [heroes/twin back]"], errors


def test_an_unknown_icon_in_a_cards_text_is_one_error_at_its_own_column(project):
    """A markup mistake in a card's text stands where the designer wrote it: the cell's line and the column of the
    colon that opens `:dragonx:`, not the start of the `text:` value, naming the template line that drew it."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace('text: "This card has its own back."', 'text: "Gain a :dragonx: now."'), encoding="utf-8")
    column = heroes.read_text(encoding="utf-8").splitlines()[10].index(":dragonx:") + 1
    result = run_pnp(project, "validate", "tiny")
    errors = [shown for shown in result.output.splitlines() if ": error: " in shown]
    assert result.exit_code == 1
    assert errors == [f"data/tiny/decks/heroes.yaml:11:{column}: error: card.text: unknown icon :dragonx: (did you mean 'dragonfly'?): add "
                      "templates/icons/dragonx.svg, or write \\: for a literal colon (drawn at templates/tiny/hero.j2:5:1) [heroes/twin front]"], errors


def test_a_deck_file_whose_name_cannot_be_a_decks_id_is_one_error_at_that_file(project):
    """A deck's id is its file's name before .yaml, which templates and the rules write (`decks.heroes`): a copy saved as
    `more heroes.yaml`, a space in its name, is one error at that file saying how to name it, and nothing is built."""
    decks = project / "data/tiny/decks"
    (decks / "more heroes.yaml").write_bytes((decks / "heroes.yaml").read_bytes())
    result = run_pnp(project, "validate", "tiny", "--quick")
    found = [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line]
    assert result.exit_code == 1
    assert found == ["data/tiny/decks/more heroes.yaml: error: the deck file name 'more heroes.yaml' cannot be a deck's id (its name "
                     "before .yaml): use letters, digits, - and _, starting with a letter or digit, and rename the file"], found


# --- how a finding reads: its place, the pieces it met, its did-you-mean, its order ---------------------------------
def _errors(result) -> list[str]:
    return [line for line in result.output.splitlines() if ": error: " in line]


def test_a_finding_placed_at_a_line_alone_prints_column_1_of_it(project):
    """`file:line:column`, always three parts an editor jumps by: the rulebook's emphasis nested past 50 deep is found
    at its line, and prints at its first column."""
    rulebook = project / "data/tiny/rulebook.md"
    text = rulebook.read_text(encoding="utf-8") + "\n"
    line = text.count("\n") + 1
    rulebook.write_text(text + "*a " * 80 + "b" + " c*" * 80 + "\n", encoding="utf-8")
    errors = _errors(run_pnp(project, "build", "tiny", "--only", "rulebook"))
    assert [e for e in errors if e.startswith(f"data/tiny/rulebook.md:{line}:1: error: lists, quotes and emphasis nest over 50 deep")], errors


def test_a_mistake_met_on_many_pieces_names_six_and_counts_the_rest(project):
    """One template line failing on eight cards is one error naming the first six pieces and counting the others."""
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "".join(
        f'  - {{id: extra{i}, name: Extra {i}, stars: 1, number: {i}, text: "x", count: 1}}\n' for i in range(1, 4)), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("x", 5, 5, 10, 5, size=card.missing_size) }}\n{% endblock %}'),
                    encoding="utf-8")
    errors = [e for e in _errors(run_pnp(project, "validate", "tiny")) if "size must be a number" in e]
    assert len(errors) == 1, errors
    named = re.search(r"\(on (\d+) pieces: (.*?) and (\d+) more\)", errors[0])
    assert named and named.group(1) == "8" and len(named.group(2).split(", ")) == 6 and named.group(3) == "2", errors[0]


@pytest.mark.parametrize(("written", "hint"), [
    ("gren", "green"),     # a letter dropped: a typo of it
    ("GREEN", "green"),    # another case: the same name
    ("pur", "purple"),     # three letters or more of its start
    ("pu", None),          # two letters start too many names to say one
    ("grape", None),       # two letters off in five: another word, not a typo
])
def test_a_did_you_mean_is_offered_for_a_typo_another_case_or_a_names_start_and_never_for_another_word(written, hint):
    """docs/findings.md: a did-you-mean where the choice is a closed list, only when it is really close (a wrong hint
    misleads more than none)."""
    from pnp.core.errors import did_you_mean

    said = did_you_mean(written, ["green", "purple", "grey", "gold"])
    assert said == (f" (did you mean '{hint}'?)" if hint else ""), said


@pytest.mark.parametrize(("line", "said"), [
    ("art_bleed: mirorr", "art_bleed: 'mirorr' is not allowed (did you mean 'mirror'?); expected 'none', 'extend' or 'mirror'"),
    ("stamp_corner: top-rigth", "stamp_corner: 'top-rigth' is not allowed (did you mean 'top-right'?); expected 'bottom-left', 'bottom-right', 'top-left' or 'top-right'"),
    ("hex_top: middle", "hex_top: 'middle' is not allowed; expected 'flat' or 'pointy'"),
    ("hex_top: falt", "hex_top: 'falt' is not allowed (did you mean 'flat'?); expected 'flat' or 'pointy'"),  # the first word, as the last
])
def test_a_deck_key_of_a_few_words_misspelt_is_offered_the_word_it_meant_beside_them_all(project, line, said):
    """docs/data-format.md lists the words a deck's `art_bleed`, `stamp_corner` and `hex_top` take: a misspelt one is
    one error at its value offering the word it is a typo of, then every word there is; a word near none is offered
    nothing."""
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker\n", f"size: poker\n{line}\n", 1), encoding="utf-8")
    column = line.index(":") + 3
    assert [e for e in _errors(run_pnp(project, "validate", "tiny"))] == [f"data/tiny/decks/heroes.yaml:3:{column}: error: {said}"]


def test_the_same_mistake_in_two_games_is_said_for_each(project):
    """Two games sharing one template: its one broken line is one error a game, each naming its game's pieces."""
    import shutil

    shutil.copytree(project / "data/tiny", project / "data/twin")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("x", 5, 5, 10, 5, size=card.missing_size) }}\n{% endblock %}'),
                    encoding="utf-8")
    errors = [e for e in _errors(run_pnp(project, "validate")) if "size must be a number" in e]
    assert len(errors) == 2, errors


def test_findings_are_said_in_file_order_whatever_order_they_were_found_in(project):
    """Every command prints its findings sorted by file, line and column: an editor's list of them reads down the files
    (game.yaml is read before the decks, and its mistake is said after theirs)."""
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("id: knight,", "id: kn ight,", 1).replace("id: mage,", "id: ma ge,", 1), encoding="utf-8")
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "titel: x\n", encoding="utf-8")
    said = _errors(run_pnp(project, "validate", "tiny"))
    places = [(m.group(1), int(m.group(2)), int(m.group(3))) for m in (re.match(r"(\S+?):(\d+):(\d+):", line) for line in said)]
    assert [p[0] for p in places] == ["data/tiny/decks/heroes.yaml"] * 2 + ["data/tiny/game.yaml"] and places == sorted(places), said


def test_a_finding_on_a_later_line_of_an_earlier_file_is_said_before_one_on_an_early_line_of_a_later_file(project):
    """File order is by file first: boards.yaml's mistake on its line 22 comes before the deck's on its line 7, as an
    editor's list of problems reads each file down before the next (a sort by line number alone would mix the files)."""
    apply_edits(project, [{"file": "data/tiny/boards.yaml", "replace": ["{name: S8, color: red}", "{name: S8, colr: red}"]},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["count: 2}", "count: two}"]}])
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line.split(": ")[0] for line in result.output.splitlines() if ": error: " in line or ": warning: " in line]
    assert said == ["data/tiny/boards.yaml:22:20", "data/tiny/decks/heroes.yaml:7:107"], result.output


def test_a_bidi_override_in_a_name_is_written_out_in_a_finding_not_obeyed_by_the_terminal(project):
    """A card name carrying U+202E (right-to-left override) would turn the rest of the line round on the designer's
    terminal: the finding (two cards of one copy with one name, which the tiny game's `unique` refuses) writes it as
    \\u202e."""
    deck = project / "data/tiny/decks/heroes.yaml"
    text = deck.read_text(encoding="utf-8").replace('name: "<Knight>"', 'name: "Ma\u202ege"', 1).replace('name: "AT&T Agent"', 'name: "Ma\u202ege"', 1)
    deck.write_text(text.replace("count: 2}", "count: 1}"), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert "\u202e" not in result.output and "name Ma\\u202ege is used by heroes/knight" in result.output, result.output


@pytest.mark.parametrize(("config", "said"), [
    ("", "pnp.yaml:1:1: error: file is empty: it should hold a YAML mapping"),
    ("printers:\n  default: {offset: [50, 0], margin: 5}\n", "pnp.yaml:2:12: error: printer 'default' needs offset: [x, y] in mm, each within ±20"),
])
def test_a_printer_profile_a_build_stops_on_is_said_by_validate_too(project, tmp_path, config, said):
    """`pnp build` reads pnp.yaml's `default` printer profile and stops on a mistake in it: `pnp validate`, the check
    before a print, says the same one error and fails, and its summary counts it as the project's."""
    import subprocess
    import sys

    (project / "pnp.yaml").write_text(config, encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "tiny", "--only", "cards", "-q", "--out", str(tmp_path / "out")],
                           capture_output=True, text=True, timeout=300)
    checked = run_pnp(project, "validate", "tiny", "--quick")
    assert [line for line in (built.stdout + built.stderr).splitlines() if ": error: " in line] == _errors(checked) == [said], checked.output
    assert built.returncode == checked.exit_code == 1
    assert "the project: 1 error, 0 warnings; tiny: 0 errors, 0 warnings" in checked.output


def test_a_picture_named_in_other_letter_case_is_told_to_be_named_as_its_file_is_not_to_add_the_art(project):
    """The art is there as art/Hero.png and the template names art/hero.png: names are case-sensitive, so the one error names the file that differs and says to name it by its path; adding the
    art, which is there, is no advice."""
    from PIL import Image

    (project / "art").mkdir()
    Image.new("RGB", (200, 200), "red").save(project / "art/Hero.png")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].startswith("templates/tiny/hero.j2:7:4: error: image 'art/hero.png' not found (a file 'art/Hero.png' differs only in letter case: "
                                "names are case-sensitive): name it by the path it has, or build with --draft to print a placeholder in its place "
                                "until then (on 5 pieces: heroes/knight front, "), errors[0]
def test_a_printer_profiles_mistake_is_the_projects_once_whatever_the_editions_validate_reads(project):
    """pnp.yaml is the project's, one file whatever the languages: `pnp validate --lang de` (or `all`) of a game in
    English and German says its mistake once, as no edition's (no `[de edition]`), and its summary counts it once."""
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["title: Tiny Test Game\n", "title: Tiny Test Game\nlanguages: [en, de]\n"]}])
    (project / "pnp.yaml").write_text("printers:\n  default: {offset: [50, 0], margin: 5}\n", encoding="utf-8")
    for lang in ("de", "all"):
        checked = run_pnp(project, "validate", "tiny", "--quick", "--lang", lang)
        assert _errors(checked) == ["pnp.yaml:2:12: error: printer 'default' needs offset: [x, y] in mm, each within ±20"], checked.output
        assert checked.exit_code == 1 and checked.output.splitlines()[-1].startswith("the project: 1 error, 0 warnings; tiny: 0 errors"), checked.output


def test_a_deck_whose_file_has_only_a_warning_still_prints(project):
    """docs/findings.md: a file that does not read is left out; one with a warning reads. A `corner_radius` on a round
    deck is a warning at it (it has no corners to round), and the five heroes still print, the rogue's 3 copies with them."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["size: poker\n", "size: poker\nshape: round\ncorner_radius: 3\n"]}])
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    warned = [line for line in result.stderr.splitlines() if "corner_radius" in line]
    assert warned == ["data/tiny/decks/heroes.yaml:4:16: warning: corner_radius rounds a rect deck's corners, and a 'round' deck has none: "
                      "remove it, or make the deck `shape: rect`"], result.stderr
    assert pdf_text(project / "output/tiny/tiny-cards.pdf").count("Rogue") == 3


def test_a_cards_empty_or_yes_value_a_template_draws_with_is_quoted_as_the_data_writes_it(project):
    """A card's `stars:` left empty or set to `true` reaches hero.j2's `repeat(card.stars, …)`: the template's error
    quotes it as the designer's YAML writes it (`got nothing`, `got true`), not as Python shows it (`None`, `True`)."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: , number: 1"]},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 1, number: 2", "stars: true, number: 2"]}])
    said = run_pnp(project, "validate", "tiny").output
    prefix = "templates/tiny/hero.j2:4:4: error: repeat needs a whole number of copies between 0 and 1000, got "
    assert f"{prefix}nothing [heroes/knight front]" in said and f"{prefix}true [heroes/att front]" in said, said
    assert "None" not in said and "True" not in said, said


def _hero_said(project, line: str) -> list[str]:
    """The error and warning lines `pnp validate tiny` prints once the heroes' front (hero.j2) draws `line` last."""
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}", line + "\n{% endblock %}"]}])
    result = run_pnp(project, "validate", "tiny")
    return [s for s in result.output.splitlines() if ": error: " in s or ": warning: " in s]


HERO_PIECES = "(on 5 pieces: heroes/knight front, heroes/att front, heroes/rogue front, heroes/mage front, heroes/twin front) [heroes/knight front]"


def test_a_name_the_template_never_defined_is_said_at_the_name(project):
    """A misspelt variable (`colr` for a `set` never made) is one error at the column where the name is written, so an
    editor lands on it: not at the line's first character, where the call starts."""
    said = _hero_said(project, '  {{ text("x", 5, 70, 20, 5, color=colr) }}')
    column = len('  {{ text("x", 5, 70, 20, 5, color=') + 1
    assert said == [f"templates/tiny/hero.j2:7:{column}: error: 'colr' is undefined {HERO_PIECES}"], said


def test_a_misspelt_name_tested_by_an_if_is_an_error_not_a_silent_false(project):
    """docs/getting-started.md: a card without `art` reads `card.art` as false, so it needs no default; a name that is
    no field of a card (`titel`, meant `title`) is a mistake, and an `{% if %}` testing it is said at the name, not
    skipped as false on every card."""
    said = _hero_said(project, '{% if titel %}{{ text("x", 5, 70, 20, 5) }}{% endif %}')
    assert said == [f"templates/tiny/hero.j2:7:{len('{% if ') + 1}: error: 'titel' is undefined {HERO_PIECES}"], said


def test_the_summary_counts_the_projects_error_and_a_games_error_each_where_it_is(project):
    """pnp.yaml's mistake is the project's and a deck's is its game's: the summary says one error for each, not two
    for both."""
    (project / "pnp.yaml").write_text("printers:\n  default: {offset: [50, 0], margin: 5}\n", encoding="utf-8")
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["count: 2}", "count: two}"]}])
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "the project: 1 error, 0 warnings; tiny: 1 error, 0 warnings", result.stderr


def test_a_note_alone_neither_fails_a_strict_validate_nor_counts_as_a_warning(project):
    """A note is news, never a problem (docs/findings.md): a template reading `card[key]` gets one note, and
    `validate --strict` still passes, its summary counting no warning and saying nothing of --strict."""
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}", '{% set key = "name" if card.stars > 2 else "text" %}'
                                                                         "{{ text(card[key], 5, 80, 50, 5, size=6, min_size=3) }}\n{% endblock %}"]}])
    result = run_pnp(project, "validate", "tiny", "--quick", "--strict")
    assert ": note: this template reads card fields by a name it works out as it draws" in result.stderr
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[-1] == "tiny: 0 errors, 0 warnings", result.stderr
