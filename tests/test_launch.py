"""The `pnp` command as a user starts it (the console entry point, pnp.launch:run, as `python -m pnp`): what it lists,
its exit codes and what it prints on a terminal and into a pipe. Every command runs in the process the user started."""
from __future__ import annotations

import contextlib
import os
import pty
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import ROOT


def pnp(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=ROOT, capture_output=True, text=True, timeout=300, **kwargs)


def test_help_lists_the_commands_and_exits_0():
    shown = pnp("--help")
    assert shown.returncode == 0, shown.stderr
    commands = shown.stdout.split("Commands:", 1)[1].split()
    for command in ("build", "validate", "list", "export", "watch", "serve"):
        assert command in commands
    assert "server" not in commands  # no warm server to start, stop or turn on


def test_root_comes_before_or_after_the_command(project):
    """`--root DIR` and `--root=DIR` are read wherever they stand, as hints and other tools' habits put them."""
    from pnp.cli import main

    for args in (["--root", str(project), "list"], ["list", "--root", str(project)], ["list", f"--root={project}"], ["validate", "tiny", "--root", str(project)]):
        result = CliRunner().invoke(main, args, catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
        assert "tiny" in result.output


def test_without_root_pnp_finds_the_project_from_its_own_folder_or_any_folder_inside_it(project, tmp_path, monkeypatch):
    """The getting-started page runs `pnp build` in the project's folder; from a game's decks folder it finds the same
    project; from a folder with no data/ here or above it says so (click's usage error, 2)."""
    from pnp.cli import main

    for folder in (project, project / "data/tiny/decks"):
        monkeypatch.chdir(folder)
        result = CliRunner().invoke(main, ["list"], catch_exceptions=False)
        assert result.exit_code == 0, (folder, result.output)
        assert "tiny" in result.output
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["list"], catch_exceptions=False)
    assert result.exit_code == 2 and "no data/ folder here or above: run pnp inside a project, or pass --root DIR" in result.output + result.stderr


def test_an_unknown_command_or_game_is_a_usage_error(project):
    """Exit 2, as click's usage errors: the wrong word named, with what the user may have meant."""
    unknown = pnp("--root", str(project), "server", "status")
    assert unknown.returncode == 2
    assert "No such command 'server'" in unknown.stderr
    wrong = pnp("--root", str(project), "build", "no-such-game")
    assert wrong.returncode == 2
    assert "no game 'no-such-game'" in wrong.stderr and "tiny" in wrong.stderr


def test_a_misspelt_command_a_build_never_loads_is_offered_by_its_name():
    """`pnp nwe` (in a process of its own, where only the commands a build runs are loaded) is told "Did you mean
    'new'?", as a misspelt `pnp biuld` is told of build."""
    shown = pnp("nwe", "caves")
    assert shown.returncode == 2
    assert "No such command 'nwe'. Did you mean 'new'?" in shown.stderr, shown.stderr


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="a pseudo-terminal")
def test_a_build_prints_each_games_seconds_on_a_terminal_not_into_a_pipe(project, tmp_path):
    """A designer at a terminal sees how long each game took; a script reading the output gets only the files."""
    primary, secondary = pty.openpty()
    try:
        on_tty = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "tiny", "--only", "cards", "--out", str(tmp_path / "a")],
                                cwd=ROOT, stdin=secondary, stdout=secondary, stderr=subprocess.PIPE, timeout=300)
        os.close(secondary)
        shown = b""
        with contextlib.suppress(OSError):
            while chunk := os.read(primary, 65536):
                shown += chunk
    finally:
        os.close(primary)
    assert on_tty.returncode == 0, on_tty.stderr
    assert b"tiny: " in shown and b" s\r\n" in shown
    piped = pnp("--root", str(project), "build", "tiny", "--only", "cards", "--out", str(tmp_path / "b"))
    assert piped.returncode == 0 and "tiny-cards.pdf" in piped.stdout
    assert "tiny: " not in piped.stdout


def test_a_misspelt_game_is_offered_the_game_meant(project):
    """`pnp build tnyi`: refused as a usage error naming the game it was meant to be, and the games there are."""
    from conftest import run_pnp

    result = run_pnp(project, "build", "tnyi")
    assert result.exit_code == 2
    assert "Invalid value for GAME: no game 'tnyi' (did you mean 'tiny'?); games: tiny" in result.stderr, result.stderr


def test_a_project_with_no_game_yet_is_told_what_a_game_is(tmp_path):
    """A data/ folder holding no game: `pnp build` refuses (exit 2) and says what a game is, never ends well having built nothing."""
    from conftest import run_pnp

    (tmp_path / "data").mkdir()
    result = run_pnp(tmp_path, "build")
    assert result.exit_code == 2
    assert "no game in data/: a game is a folder data/<game>/ holding a game.yaml" in result.stderr, result.stderr


def test_a_misspelt_deck_is_offered_the_deck_meant(project):
    """`--deck heros`: refused before anything is written, naming the deck meant and the decks there are."""
    from conftest import run_pnp

    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "heros")
    assert result.exit_code == 2
    assert "Invalid value for --deck: no deck 'heros' (did you mean 'heroes'?); decks: heroes" in result.stderr, result.stderr
    assert not (project / "output/tiny").exists()


def test_a_root_without_a_data_folder_is_told_to_run_inside_a_project(tmp_path):
    """`pnp --root FOLDER` of a folder holding no data/: refused with where a project is looked for and what to do."""
    from conftest import run_pnp

    result = run_pnp(tmp_path, "list")
    assert result.exit_code == 2
    assert "no data/ folder here or above: run pnp inside a project, or pass --root DIR" in result.stderr, result.stderr


def test_a_folder_of_data_without_a_game_yaml_is_no_game(project):
    """docs/data-format.md's game folder is `data/<game>/game.yaml`: a folder beside the games holding none (shared art,
    notes) is passed over by a command over every game, which checks tiny alone and ends well."""
    from conftest import run_pnp

    (project / "data/shared-art").mkdir()
    (project / "data/shared-art/notes.md").write_text("art for both editions\n", encoding="utf-8")
    result = run_pnp(project, "validate", "--quick")
    assert result.exit_code == 0, result.output + result.stderr
    assert result.output.strip().splitlines()[-1] == "tiny: 0 errors, 0 warnings"


def test_a_folder_without_a_game_yaml_asked_for_by_name_is_no_game(project):
    """Project.load_game of a folder of data/ that holds no game.yaml: refused as no game, naming the games there are,
    never read as a game whose game.yaml is missing."""
    from pnp.core.errors import PnpError
    from pnp.data.project import Project

    (project / "data/shared-art").mkdir()
    (project / "data/shared-art/notes.md").write_text("art for both editions\n", encoding="utf-8")
    with pytest.raises(PnpError) as refused:
        Project(project).load_game("shared-art")
    [finding] = refused.value.findings
    assert (finding.code, finding.message) == ("game-unknown", "no game 'shared-art' in data/; games: tiny")
