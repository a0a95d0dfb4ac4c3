"""A rebuild after a card edit prints what a build into an empty folder prints, and writes again only what shows the edit.

Card boxes and bag labels show a deck's name and card totals, not its cards'
words: a card's text edited leaves them as they were, a card's count changed
reprints them. The tiny game gets a box here, whose template shows the box's
name, its card total and each deck's total. The builds skip the count check
(`--no-validate`): a count edit is what the rules' stated count would refuse.
"""
from __future__ import annotations

from conftest import fresh_pdfs, pdfs, run_pnp

BOX_TEMPLATE = """{{ rect(0, 0, face.w, face.h, fill="#f4ead5", stroke="none") }}
{% if face.side == "front" %}
{{ text(box.name ~ " · " ~ box.cards ~ " cards", 4, 4, face.w - 8, 8, size=9, color="#222222") }}
{% for d in box.decks %}{{ text(d.name ~ ": " ~ d.total, 4, 14 + loop.index0 * 6, face.w - 8, 6, size=8, color="#222222") }}{% endfor %}
{% endif %}
"""
BOXES = """boxes:
  - id: heroes
    style: tuck
    decks: [heroes]
    front: tiny/box.j2
    side: tiny/box.j2
    top: tiny/box.j2
"""


def _boxed(project):
    (project / "templates/tiny/box.j2").write_text(BOX_TEMPLATE, encoding="utf-8")
    (project / "data/tiny/boxes.yaml").write_text(BOXES, encoding="utf-8")
    return project


def _edit(project, old: str, new: str) -> None:
    deck = project / "data/tiny/decks/heroes.yaml"
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new), encoding="utf-8")


def _rebuild(project, out) -> tuple[dict[str, bytes], set[str]]:
    """The build's PDFs, and the files it says it reused (its summary lines end "(reused)")."""
    result = run_pnp(project, "build", "--no-validate", "--out", str(out))
    assert result.exit_code == 0, result.output + result.stderr
    reused = {line.split()[0].rsplit("/", 1)[-1] for line in result.output.splitlines() if line.endswith("(reused)")}
    return pdfs(out), reused


def test_a_card_text_edit_leaves_boxes_and_labels_and_a_count_edit_reprints_them(project, tmp_path):
    root = _boxed(project)
    out = tmp_path / "out"
    first, _ = _rebuild(root, out)
    assert {"tiny/tiny-boxes.pdf", "tiny/tiny-labels.pdf"} <= set(first)

    _edit(root, "Steal 1 coin", "Steal 2 coins")
    rebuilt, reused = _rebuild(root, out)
    assert rebuilt == fresh_pdfs(root, tmp_path / "fresh-text", "--no-validate"), "after a text edit, a build into an empty folder prints the same"
    assert "tiny-cards.pdf" not in reused, "the edited card is printed again"
    assert {"tiny-boxes.pdf", "tiny-labels.pdf"} <= reused, "a box and a label show no card's words: a text edit reuses them"

    _edit(root, "side: blue, count: 3}", "side: blue, count: 4}")
    recounted, reused = _rebuild(root, out)
    assert not {"tiny-boxes.pdf", "tiny-labels.pdf"} & reused
    assert recounted == fresh_pdfs(root, tmp_path / "fresh-count", "--no-validate"), "after a count edit, a build into an empty folder prints the same"
    assert recounted["tiny/tiny-boxes.pdf"] != rebuilt["tiny/tiny-boxes.pdf"], "the box shows the new total"
    assert recounted["tiny/tiny-labels.pdf"] != rebuilt["tiny/tiny-labels.pdf"], "the label shows the new total"
