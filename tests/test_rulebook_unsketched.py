"""A rulebook's first pass is laid out without drawing only when it cannot be the last (pnp.outputs.rulebook.build:
a contents whose page numbers are not guessed shows 0 for each, so another pass follows). A rulebook with no heading
has no contents, and its one pass is the one saved: it is drawn, every word of it."""
from __future__ import annotations

from conftest import run_pnp
from pypdf import PdfReader

RULES = "Deal three cards to each player.\n\nThe first player to play every card wins.\n"


def test_a_rulebook_without_headings_prints_its_words(project):
    (project / "data/tiny/rulebook.md").write_text(RULES, encoding="utf-8")
    done = run_pnp(project, "build", "--only", "rulebook")
    assert done.exit_code == 0, done.output
    text = " ".join(page.extract_text() for page in PdfReader(project / "output/tiny/tiny-rulebook.pdf").pages)
    assert "Deal three cards to each player." in text and "The first player to play every card wins." in text, text
