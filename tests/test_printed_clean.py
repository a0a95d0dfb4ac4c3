"""What pnp prints or writes into a manifest holds no terminal control sequence (issue 74): a game folder's name, a
server's answer to `pnp pull` and a card's name reach the designer's terminal or files with each control character
written out (`\\x1b`), never raw, where an escape sequence could recolour, retitle or rewrite what the terminal shows."""
from __future__ import annotations

import http.server
import re
import threading

import pytest
from click.testing import CliRunner
from conftest import run_pnp
from test_live_sheets import CsvAnswer, _no_network  # noqa: F401  (the autouse fixture: only this machine is reached)
from test_spreadsheet_decks import HEAD

from pnp.cli import main

CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # every C0 and C1 control but tab and line feed
HOSTILE = "\x1b]0;owned\x07\x1b[2J\x9b31m\r\x08"


def _on_terminal(root, *args: str):
    """pnp ARGS as a terminal would get them: click leaves ANSI sequences in (color=True), as it does on a tty."""
    return CliRunner().invoke(main, ["--root", str(root), *args], color=True, catch_exceptions=False)


def test_a_game_folders_name_is_printed_with_its_control_characters_written_out(project):
    game = project / "data" / f"ti{HOSTILE}ny"
    (project / "data/tiny").rename(game)
    (game / "decks/heroes.yaml").write_text("name: [\n", encoding="utf-8")
    result = _on_terminal(project, "validate", "--quick")
    assert result.exit_code == 1
    said = result.output + result.stderr
    assert not CONTROLS.search(said), repr(said)
    assert "data/ti\\x1b]0;owned\\x07\\x1b[2J\\x9b31m\\x0d\\x08ny/decks/heroes.yaml:2:1: error:" in result.stderr


class Answer(CsvAnswer):
    """A sheet server whose cards' ids carry control characters: `pnp pull` names the cards it added."""

    def do_GET(self):
        self.answer(f"id,name\nk{HOSTILE.replace(chr(13), '')}x,Knight\n".encode())  # a CR would end the row


@pytest.fixture
def answering():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_servers_answer_to_pull_is_printed_with_its_control_characters_written_out(project, answering):
    (project / "data/tiny/decks/heroes.yaml").write_text(HEAD + f"cards_from: {answering}/sheet.csv\n", encoding="utf-8")
    result = _on_terminal(project, "pull", "tiny")
    assert not CONTROLS.search(result.output + result.stderr), repr(result.output)
    assert "1 added (k\\x1b]0;owned\\x07\\x1b[2J\\x9b31m\\x08x)" in result.output


def test_a_png_exports_manifest_holds_no_control_character(project):
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", 'name: "Ro\\e[31mgue\\x9b",'), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    manifest = (project / "output/tiny/png/manifest.csv").read_text(encoding="utf-8")
    assert not CONTROLS.search(manifest)
    assert "Ro\\x1b[31mgue\\x9b" in manifest
