"""What a game's checks found is kept by everything it depends on (pnp.pipeline.results), for any command in any process.

The tiny game is given one warning of each kind the checks find (contrast, slivers, a text fitted far smaller, a
field nothing reads, art printed blurry) and checked and built once, so the build cache holds every part. After an
edit of each kind of input (a data value, a template, a font, an image, an option, pnp itself) every command must
report and print what it reports and prints with no cache: a key that leaves that input out serves the old findings.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, apply_edits, pdfs, run_pnp

EDGE_HEADER = ("rect(3.2, 3.2, face.w - 6.4, 12.8, fill=card.side, radius=2)",
               "rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, 16 + face.bleed, fill=card.side)")
WARNINGS = [
    {"file": "templates/tiny/hero.j2", "replace": ['bold=true, align="right")', 'bold=true, align="right", color="#f0ece2")']},  # faint text
    {"file": "templates/tiny/frame.j2", "replace": list(EDGE_HEADER)},  # a header to the cut: slivers
    {"file": "templates/tiny/hero.j2", "replace": ["{{ text(card.text, 5, 30, face.w - 10, 40, size=10) }}",
                                                   "{{ text(card.text, 5, 30, face.w - 10, 8, size=11, min_size=4) }}"]},  # long texts fitted far smaller
    {"file": "data/tiny/decks/heroes.yaml", "replace": ["stars: 3, number: 1", "stars: 3, notes: hi, number: 1"]},  # a field nothing reads
    {"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}", '{% if card.id == "knight" %}{{ image("art/portrait.png", 5, 45, 30, 20) }}{% endif %}'
                                                                    '\n{% endblock %}']},
    {"file": "art/portrait.png", "write_png": [40, 30]},  # printed at 34 dpi
    {"file": "fonts/fonts.yaml", "write": "families:\n  mine:\n    regular: Mine.ttf\n"},  # the body's font, a project's own
    {"file": "data/tiny/game.yaml", "replace": ["  body: noto-sans", "  body: mine"]},
]
FONTS = ROOT / "pnp/assets/fonts"

# One edit of each kind of input; each changes what the checks find.
EDITS = {
    "a data value": [{"file": "data/tiny/decks/heroes.yaml", "replace": ["notes: hi", "remarks: hi"]},  # found by the data's checks
                     {"file": "data/tiny/decks/heroes.yaml", "replace": ["name: Rogue", "name: Rascal"]},  # a face the face store keeps
                     {"file": "data/tiny/decks/heroes.yaml", "replace": ["Steal 1 coin", "Steal one coin from the player on your left"]}],
    "a template": [{"file": "templates/tiny/hero.j2", "replace": ['color="#f0ece2"', 'color="#e4e0d6"']}],
    "a font": [{"file": "fonts/Mine.ttf", "font": "dejavu/DejaVuSans.ttf"}],
    "an image": [{"file": "art/portrait.png", "write_png": [60, 45]}],
}


def with_warnings(project: Path) -> None:
    (project / "fonts").mkdir()
    edit_font(project, "noto/NotoSans-Regular.ttf")
    apply_edits(project, WARNINGS)


def edit_font(project: Path, bundled: str) -> None:
    shutil.copyfile(FONTS / bundled, project / "fonts/Mine.ttf")


def apply(project: Path, edits: list[dict]) -> None:
    for edit in edits:
        if "font" in edit:
            edit_font(project, edit["font"])
        else:
            apply_edits(project, [edit])


def findings(result) -> list[str]:
    """Every finding line a command printed, sorted (its own order is the files')."""
    return sorted(line for line in result.output.splitlines() if re.search(r": (error|warning|note): ", line))


def cold_copy(project: Path, where: Path) -> Path:
    """The project as it is now, with no output folder: no cache of any kind."""
    shutil.copytree(project, where, ignore=shutil.ignore_patterns("output"))
    return where


def checked_and_built(project: Path, *args: str) -> tuple[list[str], list[str], dict[str, bytes]]:
    """(what `validate` found, what `build --only cards` found, the PDFs it wrote) in `project`."""
    validated = run_pnp(project, "validate", "tiny")
    built = run_pnp(project, "build", "--only", "cards", "tiny", *args)
    assert built.exit_code == 0, built.output
    return findings(validated), findings(built), pdfs(project / "output")


def test_after_an_edit_every_command_says_and_prints_what_it_does_with_no_cache(project, tmp_path):
    """The edits one after another in one project (each on what the last left kept), each command's findings and PDFs
    after each held to those of a copy with no cache."""
    with_warnings(project)
    before = checked_and_built(project)
    said = "\n".join(before[0])
    assert all(word in said for word in ("has contrast", "sliver", "text shrinks", "'notes'", "dpi")), said
    for n, (kind, edits) in enumerate(EDITS.items()):
        apply(project, edits)
        after = checked_and_built(project)
        cold = checked_and_built(cold_copy(project, tmp_path / f"cold-{n}"))
        assert after[0] == cold[0] != before[0], f"after {kind}: validate"
        assert after[1] == cold[1], f"after {kind}: build"
        assert after[2] == cold[2], f"after {kind}: the PDFs"
        before = after


# Art not made yet on the knight's front, beside words too faint to read: only a draft (--draft) draws that face.
MISSING_ART = {"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}", '{% if card.id == "knight" %}{{ image("art/later.png", 5, 70, 20, 10) }}'
                                                                              '{{ text("Later", 30, 70, 25, 6, size=8, color="#eeeeee") }}{% endif %}\n{% endblock %}']}


def test_a_build_with_another_option_says_and_prints_what_it_does_with_no_cache(project, tmp_path):
    """A draft draws missing art as a placeholder, so its checks judge a face a build that is no draft cannot draw."""
    with_warnings(project)
    apply_edits(project, [MISSING_ART])
    assert run_pnp(project, "build", "--only", "cards", "tiny").exit_code != 0  # the art is missing
    after = checked_and_built(project, "--draft")
    cold = checked_and_built(cold_copy(project, tmp_path / "cold"), "--draft")
    assert after == cold
    assert any("'Later'" in line and "has contrast" in line for line in after[1]), after[1]


def test_another_pnp_reads_nothing_this_one_kept(project, tmp_path):
    """pnp's own code is part of every key: pnp changed in place (here to word its contrast warning otherwise) says
    what it says with no cache, not what it kept before the change."""
    with_warnings(project)
    engine = tmp_path / "engine"
    shutil.copytree(ROOT / "pnp", engine / "pnp", ignore=shutil.ignore_patterns("assets"))  # with its compiled modules: the edited one is compiled again
    (engine / "pnp/assets").symlink_to(ROOT / "pnp/assets")

    def validated(root: Path) -> list[str]:
        env = {**os.environ, "PYTHONPATH": str(engine)}
        done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(root), "validate", "tiny"], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=300)
        return sorted(line for line in (done.stdout + done.stderr).splitlines() if re.search(r": (error|warning|note): ", line))

    before = validated(project)
    wording = engine / "pnp/layout/readability.py"
    wording.write_text(wording.read_text(encoding="utf-8").replace("has contrast", "has a contrast of"), encoding="utf-8")
    kept = validated(project)
    assert kept == validated(cold_copy(project, tmp_path / "cold")) != before
    assert any("has a contrast of" in line for line in kept), kept


def test_a_game_checked_as_it_was_is_answered_without_drawing_or_judging(project):
    """A new process meeting every part of a game's checks kept imports nothing that draws or judges colours."""
    with_warnings(project)
    first = run_pnp(project, "validate", "tiny")
    done = _imports_in_a_new_process(project, ("validate", "tiny"), ("coloraide", "pnp.pipeline.schedule", "pnp.pipeline.readable"))
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr
    assert sorted(line for line in done.stderr.splitlines() if re.search(r": (error|warning|note): ", line)) == findings(first)


def test_an_unchanged_build_imports_nothing_that_draws_measures_or_parses_markdown(project):
    """A new process rebuilding a game none of whose inputs changed imports none of the libraries only new work needs."""
    assert run_pnp(project, "build", "tiny").exit_code == 0
    done = _imports_in_a_new_process(project, ("build", "tiny", "-q"), ("numpy", "reportlab.platypus", "ezdxf", "markdown_it", "pypdfium2", "coloraide"))
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr


def _imports_in_a_new_process(project, command: tuple[str, ...], modules: tuple[str, ...]) -> subprocess.CompletedProcess:
    """`pnp COMMAND` run in a new process in `project`; its stderr ends with which of `modules` that process imported."""
    probe = (f"import atexit, runpy, sys\nsys.argv = ['pnp', '--root', sys.argv[1], *{list(command)!r}]\n"  # read as it exits (pnp.launch.leave)
             f"atexit.register(lambda: print(sorted(m for m in {modules!r} if m in sys.modules), file=sys.stderr))\n"
             "runpy.run_module('pnp', run_name='__main__')\n")
    return subprocess.run([sys.executable, "-c", probe, str(project)], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


# The mechanisms a build of the tiny game in one process uses (the others keep a `pnp watch` session's state, split
# a deck of 1,500 cards or order jobs for several processes: tests/test_steady_games.py, test_drawn_pages.py and
# test_processes.py compare those with their plain paths).
BUILD_MECHANISMS = ("build-cache", "face-store", "results", "kept-parses", "file-digests", "ink-pages", "ink-colours")


def said_and_printed(project: Path, *args: str) -> tuple[list[str], list[str], dict[str, bytes]]:
    """(the findings, every output's line with its pages, pieces, size and ink, the PDFs) of `pnp build` in `project`."""
    built = run_pnp(project, "build", "tiny", *args)
    assert built.exit_code == 0, built.output
    lines = sorted(line.replace("  (reused)", "") for line in built.output.splitlines() if re.search(r" \d+ pages? ", line))
    return findings(built), lines, pdfs(project / "output")


def test_a_rebuild_with_and_without_each_mechanism_says_and_prints_what_a_build_with_no_cache_does(project, tmp_path):
    """Each speed mechanism gives the plain path's bytes, findings and figures: the tiny game with warnings is built,
    then rebuilt after a one-card edit with every mechanism and, one edit after another (the card edited and put
    back in turn), without each (`--without`): each rebuild says and prints what a build of the same files with no
    cache does."""
    with_warnings(project)
    deck = project / "data/tiny/decks/heroes.yaml"
    unedited = deck.read_text(encoding="utf-8")
    apply(project, EDITS["a data value"])
    edited = deck.read_text(encoding="utf-8")
    plain = {edited: said_and_printed(cold_copy(project, tmp_path / "plain-edited"))}
    deck.write_text(unedited, encoding="utf-8")
    plain[unedited] = said_and_printed(cold_copy(project, tmp_path / "plain"))
    said_and_printed(project)
    for n, mechanism in enumerate((None, *BUILD_MECHANISMS)):
        text = edited if n % 2 == 0 else unedited
        deck.write_text(text, encoding="utf-8")
        rebuilt = said_and_printed(project, *([f"--without={mechanism}"] if mechanism else []))
        assert rebuilt == plain[text], f"a rebuild {f'without {mechanism}' if mechanism else 'with every mechanism'} after a one-card edit"


@pytest.mark.parametrize("where", ["output", "output/.pnp-cache"])
def test_a_file_where_the_build_cache_should_be_leaves_the_checks_as_they_are(project, where):
    """The commands that check without building keep their work in the build cache when they can, never fail for it:
    a file standing where its folder should be leaves them checking with nothing kept, and saying nothing of it."""
    (project / where).parent.mkdir(parents=True, exist_ok=True)
    (project / where).write_text("not a folder", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0 and findings(result) == [], result.output


# A second deck read from a spreadsheet, whose names print too faintly, in the frame the heroes' cards have, which
# prints a faint word on both decks; tokens and a board with faint words of their own. Each deck's and each kind's
# readability is a part of the game's results, kept by what it reads.
SECOND_DECK = [
    {"file": "data/tiny/decks/villains.yaml", "write": "name: Villains\nsize: poker\nfront: tiny/villain.j2\nback: tiny/back.j2\ncards_from: villains.csv\n"},
    {"file": "data/tiny/decks/villains.csv", "write": "id,name,side,count\nviper,Viper,red,1\nvex,Vex,blue,2\n"},
    {"file": "templates/tiny/villain.j2",
     "write": '{% extends "tiny/frame.j2" %}{% block body %}{{ text(card.name, 5, 20, face.w - 10, 10, size=12, color="#eeeae0") }}{% endblock %}\n'},
    {"file": "templates/tiny/frame.j2", "append": '{{ text("tiny", 5, face.h - 14, 20, 6, size=8, color="#f2eee4") }}\n'},
    {"file": "templates/tiny/token-coin.j2", "replace": ['size=6, align="center"', 'size=6, color="#e8e0c8", align="center"']},
    {"file": "templates/tiny/board-town.j2", "replace": ['size=22, font="title", color="red"', 'size=22, font="title", color="#eeeeee"']},
]


def parts_written(results: Path, before: set[Path]) -> set[str]:
    """The parts of a game's results worked out since its results folder held the files `before`: the entries of the
    files written since (each process writes what it worked out in a file of its own: pnp.core.kept.KeptResults)."""
    from pnp.core.sealed import read_sealed

    return {name.split(":")[0] for file in set(results.glob("*.json")) - before for name in json.loads(read_sealed(file))}


def test_a_deck_edited_in_its_spreadsheet_is_judged_again_and_the_pieces_judgement_is_kept(project, tmp_path):
    """A card's name edited in one deck's spreadsheet judges that deck's faces (and the colour codes of all decks)
    again; the other deck's, the tokens' and the boards' readability is read from the results, and every finding is
    the one a build with no cache gives: a faint line both decks' template draws is one warning, though each deck is
    judged on its own."""
    apply_edits(project, SECOND_DECK)
    built = run_pnp(project, "build", "--only", "cards", "tiny")
    assert all(word in built.output for word in ("'Viper'", "'COIN5'", "'Tiny Town'")), built.output
    apply_edits(project, [{"file": "data/tiny/decks/villains.csv", "replace": ["Viper", "Vipera"]}])
    results = project / "output/.pnp-cache/results/tiny"
    before = set(results.glob("*.json"))
    rebuilt = findings(run_pnp(project, "build", "--only", "cards", "tiny"))
    run = parts_written(results, before)
    assert {"readable deck villains", "colour codes"} <= run
    assert not run & {"readable deck heroes", "readable tokens", "readable boards", "readable reference"}, run
    assert rebuilt == findings(run_pnp(cold_copy(project, tmp_path / "cold"), "build", "--only", "cards", "tiny"))
    assert any("'Vipera'" in line for line in rebuilt) and not any("'Viper'" in line for line in rebuilt), rebuilt
    assert len([line for line in rebuilt if line.startswith("templates/tiny/frame.j2") and "has contrast" in line]) == 1, rebuilt


def test_a_results_folder_holds_a_few_files_however_many_commands_kept_results_in_it(tmp_path):
    """Each process writes what it worked out as a file of its own (pnp.core.kept.KeptResults), so a designer's every
    command would add one: past 16 they are merged into one, and every result kept is read back."""
    from pnp.core.kept import KeptResults

    folder = tmp_path / "results"
    folder.mkdir()
    for command in range(40):
        results = KeptResults(folder)
        results.put("checks", f"after edit {command}", {"findings": [command]})
        results.save()
    assert len(list(folder.glob("*.json"))) <= 16
    kept = KeptResults(folder)
    assert [kept.lookup("checks", f"after edit {command}") for command in range(40)] == [{"findings": [command]} for command in range(40)]


def test_a_results_folder_keeps_each_commands_file_up_to_16_and_merges_them_past_that(tmp_path):
    """pnp.core.kept.KeptResults: each process writes its results as a file of its own, and the files are merged into
    one only when there are more than 16 (MAX_FILES): sixteen commands leave sixteen files, the seventeenth one."""
    from pnp.core.kept import KeptResults

    folder = tmp_path / "results"
    folder.mkdir()
    counts = []
    for command in range(17):
        results = KeptResults(folder)
        results.put("checks", f"after edit {command}", {"findings": [command]})
        results.save()
        counts.append(len(list(folder.glob("*.json"))))
    assert counts == [*range(1, 17), 1]


def test_a_strict_build_whose_checks_warning_is_kept_still_writes_nothing(project):
    """docs/findings.md: with --strict a warning fails the build, which writes nothing. Text at 1.10:1 against its
    ground is a warning the checks find; the second strict build answers the checks from what the first kept, and
    still fails and leaves the sheets of the last good build as they were."""
    sheet = project / "output/tiny/tiny-cards.pdf"
    assert run_pnp(project, "build", "tiny", "--only", "cards").exit_code == 0
    before = sheet.read_bytes()
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ['bold=true, align="right")', 'bold=true, align="right", color="#f0ece2")']}])
    for _ in range(2):
        result = run_pnp(project, "build", "tiny", "--strict", "--only", "cards")
        warnings = [line for line in result.stderr.splitlines() if ": warning: " in line]
        assert result.exit_code == 1 and len(warnings) == 1 and "has contrast 1.11:1" in warnings[0], result.output + result.stderr
        assert "tiny: 0 errors, 1 warning (warnings fail with --strict)" in result.stderr
        assert sheet.read_bytes() == before


TOWN_SPACES = {"file": "data/tiny/game.yaml", "replace": ["constraints:\n", "  - name: Town spaces\n    in: boards.town.spaces\n    count: 24\n"
                                                         "    source: rules, page 2\n    by:\n      color: {red: 10, blue: 10, gold: 4}\nconstraints:\n"]}


def test_a_board_space_recoloured_after_a_clean_validate_is_counted_again(project):
    """The data's checks read every file of the game's folder (docs/build-internals.md, step 5): the rules count the
    town's 24 spaces, 10 red, 10 blue and 4 gold; a space of boards.yaml recoloured after a validate that kept a clean
    answer is one error at the spaces, however little the card sheets read boards.yaml."""
    apply_edits(project, [TOWN_SPACES])
    first = run_pnp(project, "validate", "tiny")
    assert first.exit_code == 0 and not [line for line in findings(first) if ": error: " in line], first.output
    apply_edits(project, [{"file": "data/tiny/boards.yaml", "replace": ["{name: S1, color: blue}", "{name: S1, color: red}"]}])
    again = run_pnp(project, "validate", "tiny")
    assert again.exit_code == 1, again.output
    assert [line for line in findings(again) if ": error: " in line] == [
        "data/tiny/boards.yaml:14:7: error: Town spaces: color blue has 9, the rules say 10; color red has 11, the rules say 10 — as stated at "
        "data/tiny/game.yaml:24 (rules, page 2): fix the data or the stated count [Town spaces]"]


def test_a_palette_colour_made_faint_after_a_clean_validate_is_warned_of_on_the_cards(tiny_after, tmp_path):
    """A deck's readability is kept by game.yaml too (pnp.pipeline.cache.deck_files): the palette's `ink` made a pale
    grey (#d8d4ca on the paper's #fbf8f0, 1.39:1 by WCAG 2's formula) after a validate that kept a clean answer warns
    of the cards' rules text, drawn in ink, as a validate with no cache does."""
    project = shutil.copytree(tiny_after("validate", "tiny"), tmp_path / "project")  # its build cache keeps the clean answer
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ['ink: "#1d2433"', 'ink: "#d8d4ca"']}])
    again = findings(run_pnp(project, "validate", "tiny"))
    assert ("templates/tiny/hero.j2:5:1: warning: text 'Draw' (10 pt) in 'ink' #d8d4ca (data/tiny/game.yaml:8:8) on 'paper' #fbf8f0 "
            "(data/tiny/game.yaml:9:10) has contrast 1.39:1, below the 4.5:1 WCAG asks of it (tiny/hero.j2): use a darker colour, such as "
            "#6c6a65, or another ground [heroes/knight front]") in again, "\n".join(again)


def test_a_warning_at_a_workbooks_cell_is_said_at_its_sheet_when_answered_from_the_results(project):
    """A finding in a workbook names its cell as a spreadsheet user writes it, `file.xlsx[Sheet]!C1` (pnp.core.errors.Loc),
    and a finding kept in the build cache is read back as the very finding (pnp.pipeline.cache.finding_to_json): a
    second validate, answered from what the first kept, says the column nobody reads at the same cell of the same sheet."""
    from openpyxl import Workbook

    book = Workbook()
    for row in (["id", "name", "flavour"], ["ox", "Ox", "Strong"], ["elk", "Elk", "Tall"]):
        book.active.append(row)
    book.save(project / "data/tiny/decks/beasts.xlsx")
    apply_edits(project, [{"file": "data/tiny/decks/beasts.yaml", "write": "name: Beasts\nsize: poker\nfront: tiny/beast.j2\nback: tiny/back.j2\n"
                                                                           "cards_from: beasts.xlsx\n"},
                          {"file": "templates/tiny/beast.j2", "write": "{{ text(card.name, 5, 5, face.w - 10, 10, size=12) }}\n"}])
    said = ["data/tiny/decks/beasts.xlsx[Sheet]!C1: warning: no template, constraint or fact reads the card field 'flavour' (2 cards of deck 'beasts' "
            "have it): fix its spelling, or list it in the deck's keep_fields if it is a note [beasts/ox]"]
    assert findings(run_pnp(project, "validate", "tiny")) == said
    assert findings(run_pnp(project, "validate", "tiny")) == said
