"""A build answers a game none of whose inputs changed with what its last build gave, in any later process.

The build cache keeps each game's last build by the standing it left
(pnp.pipeline.steady.KeptBuilds): the game's files, its output folder, its
cache record, the art its outputs opened, the shared templates and fonts,
pnp's code and the options. A build meeting the same standing shows what
planning the game would show, without reading a file of the game. Each build
here makes a session of its own, as `pnp build` does, so nothing carries over
in memory: only the build cache on disk does. The project holds the tiny game
and a twin of it.
"""
from __future__ import annotations

import os
import shutil

import pytest
from conftest import apply_edits, pdfs, run_pnp
from pdftext import pdf_text

from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.built import GameBuild
from pnp.pipeline.session import Session
from pnp.pipeline.steady import KeptBuilds

GAMES = ["tiny", "twin"]


class ReadingProject(Project):
    """A project that notes each game it reads."""

    def __init__(self, root):
        super().__init__(root)
        self.read: list[str] = []

    def load_game(self, slug, partial=False):
        self.read.append(slug)
        return super().load_game(slug, partial)


@pytest.fixture
def twins(project):
    shutil.copytree(project / "data/tiny", project / "data/twin")
    return project


def build(root, out, paper: str = "letter", only=("cards",), without: frozenset = frozenset(), session: Session | None = None,
          ) -> tuple[ReadingProject, list[str]]:
    """A build as `pnp build` runs it (a session of its own), or in `session`; (the project it read, every line it
    showed: outputs, then findings)."""
    project, lines = ReadingProject(root), []
    report = run_build(project, GAMES, Options(out=out, only=only, without=without), [paper], report=Report(), echo=lines.append,
                       workers=1, session=session or Session())
    return project, lines + [f"{f.loc} {f.game} {f.severity} {f.code} {f.message}" for f in report.sorted()]


def stamps(out) -> dict[str, int]:
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns for p in sorted(out.rglob("*")) if p.is_file() and ".pnp-cache" not in p.parts}


def test_an_unchanged_game_is_answered_without_being_read_and_shows_what_planning_it_shows(twins, tmp_path):
    root, out = twins, tmp_path / "out"
    hero = root / "templates/tiny/hero.j2"  # a warning every build must show again: a template's
    hero.write_text(hero.read_text(encoding="utf-8") + "{{ rect(5, 5, 10, 10, fill='red') }}\n", encoding="utf-8")
    deck = root / "data/twin/decks/heroes.yaml"  # and one of reading the game: a field no template shows
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rogue, mood: sly,"), encoding="utf-8")
    everything = ()  # every kind of output: what each opens (pnp's own label template among them) is in the standing
    first, cold = build(root, out, only=everything)
    before = stamps(out)
    answered, shown = build(root, out, only=everything)
    planned, planned_shown = build(root, out, only=everything, without=frozenset({"steady"}))
    assert first.read == GAMES and planned.read == GAMES
    assert answered.read == [], "no game file changed: neither game is read again"
    assert shown == planned_shown, "the answer is what planning the games shows"
    assert any("(reused)" in line for line in shown) and not any(" note " in line for line in shown), "outputs reused; a note is news of a build"
    assert {line for line in cold if " warning " in line} == {line for line in shown if " warning " in line}, "every warning again"
    assert any("template-ignored" in line for line in shown) and any("field-unused" in line for line in shown)
    assert stamps(out) == before, "nothing is written"


def test_any_change_to_what_a_game_stood_on_builds_it_as_a_build_with_no_cache_would(twins, tmp_path):
    """One change after another, each after a build that kept its games; the build after it reads the changed game
    again and prints the PDFs a build into an empty folder prints."""
    from PIL import Image

    root, out = twins, tmp_path / "out"
    (root / "art").mkdir()
    Image.new("RGB", (400, 100), "#3060a0").save(root / "art/hero.png")
    hero, deck = root / "templates/tiny/hero.j2", root / "data/twin/decks/heroes.yaml"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")
    changes = {
        "an output removed": (["tiny"], lambda: next((out / "tiny").glob("*cards*.pdf")).unlink()),
        "an output overwritten": (["tiny"], lambda: next((out / "tiny").glob("*cards*.pdf")).write_bytes(b"%PDF-1.4 not what pnp wrote")),
        "the cache removed": (["tiny"], lambda: (out / ".pnp-cache/tiny.json").unlink()),
        "a card edit": (["twin"], lambda: deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")),
        "a template": (GAMES, lambda: hero.write_text(hero.read_text(encoding="utf-8").replace("size=13", "size=12"), encoding="utf-8")),
        "art outside the games": (GAMES, lambda: Image.new("RGB", (100, 400), "#a03060").save(root / "art/hero.png")),
        "the paper": (GAMES, lambda: None),
    }
    build(root, out)
    references: dict[tuple, dict[str, bytes]] = {}
    for n, (change, (games, make)) in enumerate(changes.items()):
        paper = "a4" if change == "the paper" else "letter"
        assert build(root, out)[0].read == [], f"before {change}: the games are kept"
        make()
        project = build(root, out, paper)[0]
        assert project.read == games, f"after {change}: the games it touched are read again, the others answered"
        state = (hero.read_text(encoding="utf-8"), deck.read_text(encoding="utf-8"), (root / "art/hero.png").read_bytes(), paper)
        if state not in references:
            build(root, tmp_path / f"empty{n}", paper)
            references[state] = pdfs(tmp_path / f"empty{n}")
        fresh = references[state]
        assert {name: data for name, data in pdfs(out).items() if name in fresh} == fresh, f"after {change}: a build with no cache's PDFs"
        if change == "the paper":
            build(root, out)  # back to Letter for the next change


def test_a_watching_process_reads_only_the_game_a_save_touched(twins, tmp_path):
    """`pnp watch` holds its cache writes until a rebuild is shown (then flushes them): the standing each build leaves
    is kept once they are written, so the next save's build answers every game it did not touch."""
    root, out = twins, tmp_path / "out"
    watching = Session(warm=True)
    deck = root / "data/twin/decks/heroes.yaml"
    for n, expected in enumerate((GAMES, ["twin"], [])):
        if n == 1:
            deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
        assert build(root, out, session=watching)[0].read == expected


def test_a_game_saved_while_its_build_ran_is_not_kept(twins, tmp_path):
    """The standing a build leaves is kept only when the game's files, and the art its outputs opened outside them, are
    what the build read."""
    from PIL import Image

    root, out = twins, tmp_path / "out"
    (root / "art").mkdir()
    Image.new("RGB", (400, 100), "#3060a0").save(root / "art/hero.png")
    hero = root / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")
    build(root, out)
    runs = [Options(out=out, only=("cards",))]
    built = GameBuild("twin", [], [([], [], 0.0)])
    record = out / ".pnp-cache/builds/twin.json"
    deck = root / "data/twin/decks/heroes.yaml"
    saves = {"nothing": lambda: None,
             "a card": lambda: deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 3 coins"), encoding="utf-8"),
             "the art": lambda: Image.new("RGB", (100, 400), "#a03060").save(root / "art/hero.png")}
    for saved, save in saves.items():
        record.unlink(missing_ok=True)
        kept = KeptBuilds(Project(root), runs, True)
        assert kept.answer("twin") is None
        save()
        kept.remember("twin", [], built, strict=False)
        assert record.exists() == (saved == "nothing"), f"{saved} saved during the build"


def test_build_changed_with_no_card_changed_says_so_each_time_it_runs(project):
    """docs/designers-loop.md: `--changed` with nothing changed since the last marked print says so, on every run: a
    second such build is no game stood on as before, answered in silence from the first."""
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0  # the first build counts as printed
    for run in range(2):
        result = run_pnp(project, "build", "--changed", "--only", "cards")
        assert result.exit_code == 0, result.output + result.stderr
        assert "no card changed since the last marked print (pnp printed tiny)" in result.output, f"run {run + 1}: {result.output}"
        assert not (project / "output/tiny/tiny-changed.pdf").exists()



UNREAD_COLR = ("data/tiny/decks/heroes.yaml:7:18: warning: no template, constraint or fact reads the card field 'colr' (card 'knight' has it) "
               "(did you mean 'color'?): fix its spelling, or list it in the deck's keep_fields if it is a note [heroes/knight]")


def test_a_build_after_a_no_validate_build_of_the_same_files_still_says_the_checks_warnings(project):
    """`--no-validate` skips the checks: a build of the very same files that checks is no game stood on as before,
    answered from it; it runs the checks and says their warning (a misspelt field, `colr`) and the summary."""
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["{id: knight, name", "{id: knight, colr: red, name"]}])
    unchecked = run_pnp(project, "build", "tiny", "--only", "cards", "--no-validate")
    assert unchecked.exit_code == 0 and "'colr'" not in unchecked.stderr, unchecked.output + unchecked.stderr
    checked = run_pnp(project, "build", "tiny", "--only", "cards")
    assert checked.exit_code == 0, checked.output + checked.stderr
    assert [line for line in checked.stderr.splitlines() if ": warning: " in line] == [UNREAD_COLR], checked.stderr
    assert "tiny: 0 errors, 1 warning" in checked.stderr, checked.stderr

SHEET_NOTE = "63.5 × 88.9 mm cards on A3+ with a 5.00 mm printer margin"  # poker cards on A3+ hold fewer than the paper alone would


def _cards_line(result) -> str:
    return next(line for line in result.output.splitlines() if line.startswith("output/tiny/tiny-cards-a3plus.pdf  "))


def test_a_sheet_reused_from_the_last_build_does_not_say_its_layout_note_again(project):
    """A note is news of the build that worked it out: the sheet-layout note of poker cards on A3+ comes with the build
    that drew them; after an edit to the rules alone the sheets are reused, and the note is not said again."""
    first = run_pnp(project, "build", "tiny", "--only", "cards", "--paper", "a3plus")
    assert first.exit_code == 0 and SHEET_NOTE in first.stderr, first.output + first.stderr
    apply_edits(project, [{"file": "data/tiny/rulebook.md", "append": "\nOne more line of rules.\n"}])
    second = run_pnp(project, "build", "tiny", "--only", "cards", "--paper", "a3plus")
    assert second.exit_code == 0 and "(reused)" in _cards_line(second), second.output
    assert ": note: " not in second.stderr, second.stderr


def test_a_build_answered_whole_from_the_last_does_not_say_its_notes_again(project):
    """Nothing changed: the second build is the first's, its sheets reused, and the first's sheet-layout note is not news."""
    first = run_pnp(project, "build", "tiny", "--only", "cards", "--paper", "a3plus")
    assert first.exit_code == 0 and SHEET_NOTE in first.stderr, first.output + first.stderr
    second = run_pnp(project, "build", "tiny", "--only", "cards", "--paper", "a3plus")
    assert second.exit_code == 0 and "(reused)" in _cards_line(second), second.output
    assert ": note: " not in second.stderr, second.stderr


def test_a_sheet_drawn_again_to_the_very_bytes_it_holds_keeps_its_modification_time(built_project):
    """docs/build-internals.md, step 11: a file is written only when its bytes changed. A note added to the heroes'
    file draws the card sheets again (the deck's file is in their key), to the same bytes: the file is left alone, so a
    folder synced to a print shop or a printer's queue sees no new file."""
    project = built_project
    sheet = project / "output/tiny/tiny-cards.pdf"
    before = sheet.read_bytes()
    os.utime(sheet, (1_000_000_000, 1_000_000_000))  # 2001-09-09: any time a build could not give it
    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "append": "# a designer's note: the knight costs too little\n"}])
    again = run_pnp(project, "build", "--only", "cards", "tiny")
    assert again.exit_code == 0, again.output + again.stderr
    assert "output/tiny/tiny-cards.pdf" in again.output and "(reused)" not in again.output, again.output
    assert sheet.read_bytes() == before and sheet.stat().st_mtime == 1_000_000_000



def test_build_only_boards_after_a_build_of_the_labels_lists_the_boards_alone(project):
    """`--only` builds the kinds it names alone (docs/commands.md), and a kept build answers only a build with the same
    options (pnp.pipeline.steady: equal standings give equal results): nothing of the game changed between the two,
    yet `build --only boards` after `build --only labels` lists the boards' file and not the labels'."""
    assert run_pnp(project, "build", "--only", "labels", "tiny").exit_code == 0
    result = run_pnp(project, "build", "--only", "boards", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    files = [line.split()[0] for line in result.output.splitlines() if line.startswith("output/")]
    assert files == ["output/tiny/tiny-boards.pdf"], result.output


def test_the_reference_sheet_is_built_again_when_dice_yaml_changes_the_dice_its_components_list_counts(project):
    """A reference text may use the rulebook's facts (docs/components.md), and `{{ components() }}` counts every die
    of dice.yaml: a second build after the designer adds a die prints the new count, not the sheet the first build
    made from the old file."""
    die = "dice:\n  - {id: red, name: Red die, shape: d6, size: 16, count: %d, face: tiny/frame.j2, faces: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}]}\n"
    apply_edits(project, [{"file": "data/tiny/reference.yaml", "append": '  - title: In the box\n    text: "{{ components() }}"\n'},
                          {"file": "data/tiny/dice.yaml", "write": die % 2}])
    said = []
    for count in (2, 3):
        (project / "data/tiny/dice.yaml").write_text(die % count, encoding="utf-8")
        result = run_pnp(project, "build", "tiny", "--only", "reference")
        assert result.exit_code == 0, result.output + result.stderr
        lines = [line for line in pdf_text(project / "output/tiny/tiny-reference.pdf").splitlines() if "Red die" in line]
        said.append(sorted({n for n in ("2 dice", "3 dice") if any(n in line for line in lines)}))
    assert said == [["2 dice"], ["3 dice"]]
