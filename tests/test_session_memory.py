"""What a `pnp watch` session holds from save to save: each build's own state (its engine, its sandbox and the
templates compiled in it) goes once the next build has answered; only what the session keeps on purpose
(pnp.pipeline.session.Session) stays (counted, not timed)."""
from __future__ import annotations

import gc

import pytest
from jinja2.sandbox import SandboxedEnvironment

pytestmark = pytest.mark.usefixtures("heap_of_its_own")  # its collections walk what it made (conftest.heap_of_its_own)


def _sandboxes_alive() -> int:
    gc.collect()
    return sum(isinstance(o, SandboxedEnvironment) for o in gc.get_objects())


def _saves(project, tmp_path):
    """One warm session (what `pnp watch` keeps) over the tiny game: `save_and_build(n)` saves the rogue's text with
    `n` coins (0: as shipped), builds, and writes the caches as watch does after showing the build."""
    from pnp.cli import run_build
    from pnp.core.errors import Report
    from pnp.data.project import Project
    from pnp.outputs.options import Options
    from pnp.pipeline.session import Session

    session, out = Session(warm=True), tmp_path / "out"
    deck = project / "data/tiny/decks/heroes.yaml"
    original = deck.read_text(encoding="utf-8")

    def save_and_build(n: int) -> None:
        deck.write_text(original.replace("Steal 1 coin", f"Steal {n} coins") if n else original, encoding="utf-8")
        report = run_build(Project(project), ["tiny"], Options(out=out), ["letter"], report=Report(), quiet=True, workers=1,
                           session=session)
        assert not report.errors(), report.sorted()

    return save_and_build


def test_a_watch_session_holds_no_sandbox_of_an_earlier_save(project, tmp_path, settled):
    """The tiny game's constraints (a `where:` expression among them) are checked after every save, in the sandbox of
    that save's build. Four saves later as many sandboxes are alive as after the first: a memo of compiled expressions
    keyed by the sandbox held every earlier build's sandbox, and with it that build's templates, for the life of the
    session (up to a thousand of them)."""
    save_and_build = _saves(project, tmp_path)
    save_and_build(0)
    after_one = _sandboxes_alive()
    for n in range(1, 5):
        save_and_build(n)
    assert _sandboxes_alive() == after_one


def _faces_alive() -> int:
    from pnp.layout.elements import Face

    gc.collect()
    return sum(type(o) is Face for o in gc.get_objects())


def test_a_watch_session_holds_the_faces_of_its_last_builds_not_of_every_save(project, tmp_path, settled):
    """Each save of a card's text gives its card new faces; the session keeps what it worked out of each face (digests,
    inspections, edge strips) for the next save, which asks again of the faces that did not change. What no build of the
    last two asked for goes: ten saves later as many faces are alive as after two (before, each save's faces stayed until
    a memo held 50,000 values: about 0.2 MB a save on the five games)."""
    save_and_build = _saves(project, tmp_path)
    for n in range(1, 4):
        save_and_build(n)
    after_three = _faces_alive()
    for n in range(4, 14):
        save_and_build(n)
    assert _faces_alive() == after_three
