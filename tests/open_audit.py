"""Build each kind of output of some games, recording every file a builder opens; run by tests/test_output_kinds.py.

`python tests/open_audit.py OUT ROOT:SLUG...` prints, as JSON, for each game and kind of output (pnp.data.kinds): the
files the rendering opened (every `open` audit event, real paths), the files the build recorded as read (keyed by
their digests in the cache), its files' digests, and its files' digests again when built from the game without the
files its record does not declare (the parts the loader read from them left out), with its `keyed_on` text both ways.

It runs in a process of its own because an audit hook, once added, stays for the life of the process.
"""
from __future__ import annotations

import dataclasses
import fnmatch
import hashlib
import json
import os
import sys
from pathlib import Path

OPENED: list[str] = []
RECORDING: list[bool] = [False]


def _hook(event: str, args: tuple) -> None:
    if RECORDING[0] and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        OPENED.append(os.path.realpath(os.fsdecode(args[0])))


def render(project, game, kind, out: Path) -> dict:
    """Render `kind` of `game` in memory with a new engine into the empty folder `out`: what it opened, recorded and made."""
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options
    from pnp.pipeline.build import plan_game, render_output
    from pnp.pipeline.cache import shared_inputs_hash

    engine = Engine(project)
    plan = plan_game(project, game, Options(out=out, only=(kind.name,)), shared_inputs_hash(project))
    OPENED.clear()
    RECORDING[0] = True
    try:
        done = [render_output(engine.for_game(game), plan, job) for job in plan.jobs]
    finally:
        RECORDING[0] = False
    return {"opened": sorted(set(OPENED)), "recorded": sorted({name for d in done for name in d.reads}),
            "files": {name: hashlib.sha256(data).hexdigest() for d in done for name, data, _ in d.files}}


def undeclared_parts(game, kind) -> dict:
    """The game's parts read from files `kind` does not declare, each as the loader leaves it when its file is absent."""
    from pnp.data.kinds import with_parts

    def declared(name: str) -> bool:
        return any(fnmatch.fnmatch(name, pattern) for pattern in kind.inputs)

    gone = {}
    for other in with_parts():
        if not declared(other.part_file):
            gone |= {other.name: None, f"{other.name}_data": None}
    if game.rulebook is not None and not declared(game.rulebook.name):
        gone["rulebook"] = None
    return gone


def main(out: Path, games: list[str]) -> dict:
    sys.addaudithook(_hook)
    from pnp.data.kinds import KINDS, load_named
    from pnp.data.project import Project

    report = {}
    for spec in games:
        root, _, slug = spec.rpartition(":")
        project = Project(Path(root))
        game, findings = project.load_game(slug)
        assert game is not None, [f.format() for f in findings]
        for kind in KINDS:
            full = render(project, game, kind, out / slug / kind.name / "full")
            alone = dataclasses.replace(game, **undeclared_parts(game, kind))
            full["alone"] = render(project, alone, kind, out / slug / kind.name / "alone")["files"]
            keyed_on = load_named(kind.keyed_on) if kind.keyed_on else (lambda game, keeps=None: "")
            full["keyed_on"], full["keyed_on_alone"] = keyed_on(game), keyed_on(alone)
            report[f"{slug}/{kind.name}"] = full
    return report


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), sys.argv[2:])))
