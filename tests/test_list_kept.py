"""`pnp list --out FOLDER`: its checks read and keep their work in the build cache of the folder the designer named
(where `pnp build --out FOLDER` kept the game's checks), not in the project's output/, which they did not name."""
from __future__ import annotations

import json

from conftest import run_pnp

import pnp.pipeline.schedule


def test_list_keeps_its_checks_in_the_folder_it_names(project, tmp_path, monkeypatch):
    out = tmp_path / "elsewhere"
    built = run_pnp(project, "build", "-q", "--out", str(out))
    assert built.exit_code == 0, built.output + built.stderr
    first = run_pnp(project, "list", "--format", "json", "--out", str(out))
    assert first.exit_code == 0, first.output + first.stderr
    assert not (project / "output").exists(), "list wrote to output/, which the designer did not name"

    def checked_again(*args, **kwargs):
        raise AssertionError("a second list checked a game its first had checked and kept in --out")

    monkeypatch.setattr(pnp.pipeline.schedule, "check_games", checked_again)
    again = run_pnp(project, "list", "--format", "json", "--out", str(out))
    assert again.exit_code == 0, again.output + again.stderr
    rows = json.loads(again.output[: again.output.rindex("]") + 1])
    assert [row["game"] for row in rows] == ["tiny"] and rows[0]["ink"], "the build's ink, read from the same folder"
