"""What any command prints is safe for a terminal (issue 100): a game folder's name, a deck's and a card's names and a
playtester's answer that hold an escape sequence, a bell or a bidi override come out written as `\\x1b`, `\\x07` and
`\\u202e`, never as the characters a terminal would obey (recolour, retitle, clear the screen, reverse the line)."""
from __future__ import annotations

import json
import re
import shutil

from conftest import TEST_PROJECT, run_pnp

ESC, BEL, RLO = "\x1b", "\x07", "\u202e"
GAME = f"ti{ESC}]0;pwned{BEL}ny{RLO}"  # a game folder whose name retitles the terminal and reverses the line after it
# what a terminal obeys: C0 and C1 controls but the line's own breaks and tabs, DEL, and the bidi embeddings, overrides
# and isolates (Unicode's UAX #9: U+202A–U+202E, U+2066–U+2069)
ROGUE_WHERE = f"name=Ro{ESC}[31mgue{BEL}{RLO}txt.exe\x9b"  # the rogue's name (a C1 control at its end), as `pnp draw --where` is given it
OBEYED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _hostile_project(tmp_path):
    """The tiny game in a folder named GAME, stamped, its deck and one card named with ESC, BEL and U+202E (the card a C1
    control too), and one
    playtest answer about that card holding all three."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    game = root / "data" / GAME
    (root / "data/tiny").rename(game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text(encoding="utf-8").replace("stamps: false", "stamps: true", 1), encoding="utf-8")
    deck = game / "decks/heroes.yaml"
    text = deck.read_text(encoding="utf-8").replace("name: Heroes", 'name: "He\\e[2Jroes\\a\\u202E"', 1)
    deck.write_text(text.replace("name: Rogue,", 'name: "Ro\\e[31mgue\\a\\u202Etxt.exe\\x9b",', 1), encoding="utf-8")
    (game / "feedback").mkdir()
    (game / "feedback/answers.yaml").write_text('- card: heroes/rogue\n  time: "2026-11-02 10:00:00"\n  answers:\n'
                                                '    "Fun?": "gnp.exe\\u202Etxt \\e]0;pwned\\a yes"\n', encoding="utf-8")
    return root


def test_no_command_prints_a_control_or_bidi_override_character_of_a_names_or_an_answer(tmp_path):
    root = _hostile_project(tmp_path)
    runs = {}
    for args in (("list",), ("list", "--format", "json"), ("validate",), ("build",), ("printed",), ("changes", GAME),
                 ("validate", f"no-such{ESC}[2J{RLO}game"), (f"no-such{ESC}[2J{BEL}command",),
                 ("draw", GAME, "--deck", "heroes", "--runs", "50", "--where", ROGUE_WHERE),
                 ("draw", GAME, "--deck", "heroes", "--runs", "50", "--where", ROGUE_WHERE, "--format", "json")):
        result = run_pnp(root, *args)
        runs[" ".join(args)] = result.stdout + result.stderr
    assert {name: OBEYED.findall(said) for name, said in runs.items() if OBEYED.search(said)} == {}
    # shown escaped, not left out: the folder's name, the deck's, the answer, what was typed
    assert "ti\\x1b]0;pwned\\x07ny\\u202e: Tiny Test Game" in runs["list"]
    assert "He\\x1b[2Jroes\\x07\\u202e" in runs["list"]
    assert "gnp.exe\\u202etxt \\x1b]0;pwned\\x07 yes" in runs[f"changes {GAME}"]
    assert "no-such\\x1b[2J\\u202egame" in runs[f"validate no-such{ESC}[2J{RLO}game"]
    assert "output/ti\\x1b]0;pwned\\x07ny\\u202e/" in runs["build"]
    drawn = json.loads(runs[f"draw {GAME} --deck heroes --runs 50 --where {ROGUE_WHERE} --format json"])
    assert drawn["shares"][0]["question"].endswith(ROGUE_WHERE)  # JSON's own escapes read back as the name
    listed = json.loads(runs["list --format json"][: runs["list --format json"].rindex("]") + 1])
    assert listed[0]["decks"][0]["name"] == f"He{ESC}[2Jroes{BEL}{RLO}"  # JSON's own escapes read back as the name


def test_a_pnp_process_prints_a_game_folders_name_escaped(tmp_path):
    """The command line as a shell runs it (`python -m pnp`, through pnp.cli.run), not click's test runner."""
    import os
    import subprocess
    import sys

    from conftest import ROOT

    root = _hostile_project(tmp_path)
    done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(root), "list"], capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert OBEYED.findall(done.stdout + done.stderr) == [] and "ti\\x1b]0;pwned\\x07ny\\u202e: Tiny Test Game" in done.stdout


def test_a_bidi_isolate_in_a_games_name_typed_is_printed_escaped(project):
    """Unicode's isolates (UAX #9: U+2066–U+2069, the marks a right-to-left name is wrapped in) reorder what follows on a
    terminal as the overrides do: a game's name typed with them is said back with them written out as `\\u2067`."""
    result = run_pnp(project, "validate", "\u2067tiny\u2069")
    said = result.stdout + result.stderr
    assert result.exit_code == 2 and "no game '\\u2067tiny\\u2069' (did you mean 'tiny'?)" in said, said
    assert OBEYED.findall(said) == [], said
