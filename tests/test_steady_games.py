"""`pnp watch` answers a game nothing changed in with its last result, and looks again at any game where anything did.

After a save, watch rebuilds every game of the project. A game whose last
build found everything kept is not planned again while every file it stood
on is as it was: its folder, its output folder and cache, art it opened
elsewhere, the shared templates and fonts, and the options. The project here
holds the tiny game and a twin of it; both use the same templates.
"""
from __future__ import annotations

import shutil

import pytest
from conftest import pdfs

from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.session import Session

GAMES = ["tiny", "twin"]


@pytest.fixture
def watched(project, watching):
    """The tiny game and its twin, in a process as `pnp watch` makes it (conftest.watching)."""
    shutil.copytree(project / "data/tiny", project / "data/twin")
    return project


def build(root, out, paper: str = "letter", session: Session | None = None) -> Report:
    """A build of both games' card sheets (what every change here reaches: a game's steady answer covers whatever it
    builds) in `session`: the watching process's (conftest.watching), or a new one (a one-shot build)."""
    return run_build(Project(root), GAMES, Options(out=out, only=("cards",)), [paper], report=Report(), quiet=True, workers=1, session=session)


def settle(root, out, watching: Session) -> None:
    """`out` holds a one-shot build of the project, and a build in the watching process found everything in it kept:
    the next build may answer from what it kept."""
    assert not build(root, out, session=Session()).errors()
    assert not build(root, out, session=watching).errors()


def one_shot(root, out, paper: str = "letter") -> dict[str, bytes]:
    """Every PDF of a one-shot build (a session of its own, as `pnp build` makes) into the empty folder `out`: what the
    watching process's build must print."""
    assert not build(root, out, paper, session=Session()).errors()
    return pdfs(out)


def shown(report: Report) -> list[str]:
    return [f"{f.loc} {f.game} {f.severity} {f.code} {f.message}" for f in report.sorted()]


def stamps(out) -> dict[str, int]:
    """Each output's modification time."""
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns for p in sorted(out.rglob("*.pdf"))}


def test_an_unchanged_game_is_answered_with_what_a_plan_finds_and_nothing_is_written(watched, watching, tmp_path):
    root = watched
    hero = root / "templates/tiny/hero.j2"  # warnings each build must show again, kept or not: a template's and a check's
    hero.write_text(hero.read_text(encoding="utf-8") + "{{ rect(5, 5, 10, 10, fill='red') }}\n", encoding="utf-8")
    deck = root / "data/twin/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rogue, mood: sly,"), encoding="utf-8")
    out = tmp_path / "out"
    settle(root, out, watching)
    before = stamps(out)
    steady = build(root, out, session=watching)
    assert stamps(out) == before, "nothing changed: no output is written again"
    planned_again = build(root, out, session=Session())  # a one-shot build plans every game
    assert shown(steady) == shown(planned_again)
    assert {(f.game, f.code) for f in steady.sorted()} >= {("tiny", "template-ignored"), ("twin", "field-unused")}
    assert not [f for f in steady.sorted() if f.severity == "note"]  # a note (the sheet's layout) is news of the build that computed it


def test_any_change_to_what_a_game_stood_on_gives_a_one_shot_builds_outputs(watched, watching, tmp_path):
    """One watching process, one change after another to what the games stood on; before each, a build that found
    everything kept (the games are steady), after it, the watching build prints a one-shot build's PDFs and leaves the
    cache the next one plans from. The changes: to the output folder (an output removed, an output overwritten, the
    cache removed), to a game's data (a card edit, in the twin), to a shared template, and to the options (the paper)."""
    root = watched
    out = tmp_path / "out"
    settle(root, out, watching)
    hero, deck = root / "templates/tiny/hero.j2", root / "data/twin/decks/heroes.yaml"
    changes = {
        "an output removed": lambda: next((out / "tiny").glob("*cards*.pdf")).unlink(),
        "an output overwritten": lambda: next((out / "tiny").glob("*cards*.pdf")).write_bytes(b"%PDF-1.4 not what pnp wrote"),
        "the cache removed": lambda: (out / ".pnp-cache/tiny.json").unlink(),
        "a card edit": lambda: deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8"),
        "a template": lambda: hero.write_text(hero.read_text(encoding="utf-8").replace("size=13", "size=12"), encoding="utf-8"),
        "the paper": lambda: None,
    }
    references: dict[str, dict[str, bytes]] = {}
    for n, (change, make) in enumerate(changes.items()):
        paper = "a4" if change == "the paper" else "letter"
        if n:
            assert not build(root, out, session=watching).errors(), f"before {change}: nothing changed, the games are steady"
        make()
        assert not build(root, out, paper, session=watching).errors(), change
        state = (hero.read_text(encoding="utf-8"), deck.read_text(encoding="utf-8"), paper)  # the project as a one-shot build sees it
        fresh = references.get(state) or references.setdefault(state, one_shot(root, tmp_path / f"one-shot{n}", paper))
        assert {name: data for name, data in pdfs(out).items() if name in fresh} == fresh, f"after {change}: a one-shot build's PDFs"
        assert (out / ".pnp-cache/tiny.json").is_file(), f"after {change}: a build leaves the cache the next one plans from"


def _show_art(root) -> None:
    hero = root / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")


def test_art_kept_outside_the_games_folder_is_looked_at_again(watched, watching, tmp_path):
    from PIL import Image

    root = watched
    (root / "art").mkdir()
    Image.new("RGB", (400, 100), "#3060a0").save(root / "art/hero.png")
    _show_art(root)
    out = tmp_path / "out"
    settle(root, out, watching)
    Image.new("RGB", (100, 400), "#a03060").save(root / "art/hero.png")
    assert not build(root, out, session=watching).errors()
    assert pdfs(out) == one_shot(root, tmp_path / "one-shot"), "both games show the picture"


def test_a_game_whose_build_found_an_error_is_built_again_once_the_missing_art_comes(watched, watching, tmp_path):
    from PIL import Image

    root = watched
    _show_art(root)
    out = tmp_path / "out"
    for _ in range(3):
        assert any(f.code == "layout" or "not found" in f.message for f in build(root, out, session=watching).errors())
    (root / "art").mkdir()
    Image.new("RGB", (400, 100), "#3060a0").save(root / "art/hero.png")
    assert not build(root, out, session=watching).errors(), "the picture is there now: nothing stands in the way"
    assert pdfs(out) == one_shot(root, tmp_path / "one-shot")
