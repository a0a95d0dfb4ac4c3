"""A first build of a rulebook with contents lays its first pass out without drawing it (the contents show no page
numbers yet, so that pass is never the one saved: pnp.outputs.rulebook.pages.RulebookDoc.build), and prints the bytes
of a build that drew both passes."""
from __future__ import annotations

from conftest import fresh_pdfs
from reportlab.platypus.flowables import Flowable

from pnp.render import flowables


def test_a_rulebook_sketched_first_prints_the_bytes_of_one_drawn_twice(project, tmp_path, monkeypatch):
    drawn = {True: 0, False: 0}  # sketch canvas → blocks placed on it
    placed = flowables.Block.drawOn

    def counted(self, canvas, x, y, _sW=0):
        drawn[bool(getattr(canvas, "pnp_sketch", False))] += 1
        return placed(self, canvas, x, y, _sW)

    monkeypatch.setattr(flowables.Block, "drawOn", counted)
    sketched = fresh_pdfs(project, tmp_path / "sketched", "--only", "rulebook")
    assert drawn[True] and drawn[False], "the first pass was a sketch, the second drawn"
    monkeypatch.setattr(flowables.Block, "drawOn", Flowable.drawOn)  # every pass drawn, as Platypus draws it
    assert fresh_pdfs(project, tmp_path / "drawn", "--only", "rulebook") == sketched
    assert list(sketched) == ["tiny/tiny-rulebook.pdf"]
