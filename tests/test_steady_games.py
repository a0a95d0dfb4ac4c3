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
from conftest import cold_pdfs, pdfs

import pnp.pipeline.schedule as schedule
from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.session import Session

GAMES = ["tiny", "twin"]


@pytest.fixture
def watched(project, watching, monkeypatch):
    """The tiny game and its twin, in a process as `pnp watch` makes it (conftest.watching), and every game planned listed."""
    shutil.copytree(project / "data/tiny", project / "data/twin")
    planned = []
    real = schedule.plan_game
    monkeypatch.setattr(schedule, "plan_game", lambda project, game, *args: planned.append(game.slug) or real(project, game, *args))
    return project, planned


def build(root, out, paper: str = "letter") -> Report:
    report = run_build(Project(root), GAMES, Options(out=out), [paper], report=Report(), quiet=True, workers=1)
    return report


def settle(root, out, planned: list) -> None:
    """Build until a build finds everything kept: the next one may answer from it."""
    build(root, out)
    build(root, out)
    planned.clear()


def shown(report: Report) -> list[str]:
    return [f"{f.loc} {f.game} {f.severity} {f.code} {f.message}" for f in report.sorted()]


def test_an_unchanged_game_is_not_planned_and_its_result_is_what_a_plan_finds(watched, tmp_path, monkeypatch):
    root, planned = watched
    hero = root / "templates/tiny/hero.j2"  # warnings each build must show again, kept or not: a template's and a check's
    hero.write_text(hero.read_text(encoding="utf-8") + "{{ rect(5, 5, 10, 10, fill='red') }}\n", encoding="utf-8")
    deck = root / "data/twin/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rogue, mood: sly,"), encoding="utf-8")
    out = tmp_path / "out"
    settle(root, out, planned)
    steady = build(root, out)
    assert planned == [], "nothing changed: neither game is planned"
    monkeypatch.setattr(schedule, "Session", Session)  # a one-shot build plans every game, as before
    planned_again = build(root, out)
    assert planned == GAMES
    assert shown(steady) == shown(planned_again)
    assert {(f.game, f.code) for f in steady.sorted()} >= {("tiny", "template-ignored"), ("twin", "field-unused")}
    assert not [f for f in steady.sorted() if f.severity == "note"]  # a note (the sheet's layout) is news of the build that computed it


def test_after_a_card_edit_only_the_edited_game_is_planned_and_its_pdfs_are_a_cold_builds(watched, tmp_path):
    root, planned = watched
    out = tmp_path / "out"
    settle(root, out, planned)
    deck = root / "data/twin/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    assert not build(root, out).errors()
    assert planned == ["twin"]
    assert pdfs(out) == cold_pdfs(root, tmp_path / "cold")


@pytest.mark.parametrize("change", ["a template", "the paper", "an output removed", "an output overwritten", "the cache removed"])
def test_any_change_to_what_a_game_stood_on_plans_it_again(watched, tmp_path, change):
    root, planned = watched
    out = tmp_path / "out"
    settle(root, out, planned)
    paper = "letter"
    if change == "a template":
        hero = root / "templates/tiny/hero.j2"
        hero.write_text(hero.read_text(encoding="utf-8").replace("size=13", "size=12"), encoding="utf-8")
    elif change == "the paper":
        paper = "a4"
    elif change == "an output removed":
        next((out / "tiny").glob("*cards*.pdf")).unlink()
    elif change == "an output overwritten":
        next((out / "tiny").glob("*cards*.pdf")).write_bytes(b"%PDF-1.4 not what pnp wrote")
    else:
        (out / ".pnp-cache/tiny.json").unlink()
    assert not build(root, out, paper).errors()
    assert "tiny" in planned
    if change != "the paper":
        assert pdfs(out) == cold_pdfs(root, tmp_path / "cold")


def _show_art(root) -> None:
    hero = root / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")


def test_art_kept_outside_the_games_folder_is_looked_at_again(watched, tmp_path):
    from PIL import Image

    root, planned = watched
    (root / "art").mkdir()
    Image.new("RGB", (400, 100), "#3060a0").save(root / "art/hero.png")
    _show_art(root)
    out = tmp_path / "out"
    settle(root, out, planned)
    Image.new("RGB", (100, 400), "#a03060").save(root / "art/hero.png")
    assert not build(root, out).errors()
    assert planned == GAMES, "both games show the picture"
    assert pdfs(out) == cold_pdfs(root, tmp_path / "cold")


def test_a_game_whose_build_found_an_error_is_built_again_once_the_missing_art_comes(watched, tmp_path):
    from PIL import Image

    root, planned = watched
    _show_art(root)
    out = tmp_path / "out"
    for _ in range(3):
        assert any(f.code == "layout" or "not found" in f.message for f in build(root, out).errors())
    (root / "art").mkdir()
    Image.new("RGB", (400, 100), "#3060a0").save(root / "art/hero.png")
    planned.clear()
    assert not build(root, out).errors(), "the picture is there now: nothing stands in the way"
    assert planned == GAMES
    assert pdfs(out) == cold_pdfs(root, tmp_path / "cold")
