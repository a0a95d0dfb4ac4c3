"""`pnp watch` prints what a cold build prints: a face whose inspection found a problem says so on every rebuild."""
from __future__ import annotations

import pytest

import pnp.core.files as files
import pnp.pipeline.schedule as schedule
from pnp.cli import run_build
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.session import Session

DECK = "data/tiny/decks/heroes.yaml"


@pytest.fixture
def warm(project, monkeypatch):
    """A process as `pnp watch` leaves it for its rebuilds."""
    monkeypatch.setattr(files, "SETTLE_NS", 0)
    monkeypatch.setattr(files, "DIGESTS", files.FileDigests())
    session = Session(warm=True)  # this process as `pnp watch` makes it
    monkeypatch.setattr(schedule, "Session", lambda: session)
    return project


def build(root, out) -> Report:
    report = run_build(Project(root), ["tiny"], Options(out=out), ["letter"], report=Report(), quiet=True, workers=1)
    assert not report.errors(), report.sorted()
    return report


def edit(root, old: str, new: str) -> None:
    deck = root / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_a_low_resolution_picture_is_reported_on_every_rebuild(warm, tmp_path):
    """An inspection's warning comes again, at the card's place, as the first one did."""
    from PIL import Image

    root = warm
    (root / "art").mkdir()
    Image.new("RGB", (20, 20), "#3060a0").save(root / "art/hero.png")
    hero = root / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image('art/hero.png', 5, 40, 20, 20) }}\n{% endblock %}"),
                    encoding="utf-8")
    out = tmp_path / "out"
    first = [str(f) for f in build(root, out).sorted() if f.code == "image-low-dpi"]
    assert len(first) == 5, "every hero's front shows the picture"
    edit(root, "Steal 1 coin", "Steal 2 coins")
    again = [str(f) for f in build(root, out).sorted() if f.code == "image-low-dpi"]
    assert again == first, "faces that show art are drawn every time (the face store keeps none) and inspected again"
