"""`pnp pull --timeout` is one deadline for the whole command (issue 74): a server trickling each sheet a byte at a time
holds a pull of many sheets for its --timeout in all, not for that much a sheet."""
from __future__ import annotations

import http.server
import threading
import time
from typing import ClassVar

import pytest
from conftest import run_pnp
from test_live_sheets import _no_network  # noqa: F401  (the autouse fixture: only this machine is reached)
from test_spreadsheet_decks import HEAD


class Trickle(http.server.BaseHTTPRequestHandler):
    """A sheet that never ends: its header row, then a byte every tenth of a second until the client hangs up."""

    asked: ClassVar[list[str]] = []

    def do_GET(self):
        Trickle.asked.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.end_headers()
        try:
            self.wfile.write(b"id,name\n")
            while True:
                self.wfile.write(b"x")
                self.wfile.flush()
                time.sleep(0.1)
        except OSError:
            return

    def log_message(self, *args):
        pass


@pytest.fixture
def trickling():
    Trickle.asked = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Trickle)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_one_timeout_covers_every_sheet_of_the_pull(project, trickling):
    for name in ("a", "b", "c"):
        (project / f"data/tiny/decks/live-{name}.yaml").write_text(HEAD.replace("Heroes", name) + f"cards_from: {trickling}/{name}.csv\n")
    result = run_pnp(project, "pull", "tiny", "--timeout", "1")
    assert result.exit_code == 1
    said = result.stderr.splitlines()
    assert len([line for line in said if "kept the old snapshot" in line]) == 3, result.stderr
    assert Trickle.asked == ["/a.csv"], "the first sheet took the whole pull's time: the others are never asked for"
    assert [line.split(": ")[0] for line in said if "before this sheet was asked for" in line] == \
        ["data/tiny/decks/live-b.yaml", "data/tiny/decks/live-c.yaml"]


def test_a_pull_out_of_time_says_the_timeout_it_was_given(project, trickling):
    (project / "data/tiny/decks/live-a.yaml").write_text(HEAD.replace("Heroes", "a") + f"cards_from: {trickling}/a.csv\n")
    result = run_pnp(project, "pull", "tiny", "--timeout", "0.5")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"data/tiny/decks/live-a.yaml: kept the old snapshot: {trickling}/a.csv: the pull's 0.5 s (--timeout, for all its "
        "sheets together) ran out before the whole sheet came: try again later, pull fewer games at once, or raise --timeout"]
