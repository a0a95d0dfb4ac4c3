"""A large deck split across two processes (pnp.outputs.cards.start_deck) prints the bytes a build in one process
prints, whatever its cards draw: the split is how this machine's cores share the work, never what the sheets show."""
from __future__ import annotations

from pathlib import Path

from conftest import add_crowd_deck, fresh_pdfs


def _twins(project: Path, count: int, twins: dict[int, int]) -> None:
    """The crowd deck of `count` cards, each card `i` of `twins` drawn with the fields of card `twins[i]` (its id its
    own): the tiny game prints no stamps and its template no id, so the two faces are equal."""
    add_crowd_deck(project, count)
    deck = project / "data/tiny/decks/crowd.yaml"
    text = deck.read_text(encoding="utf-8")
    for copy, of in twins.items():
        text = text.replace(f"name: Extra {copy}, stars: 1, number: {copy}, text: Filler {copy}.,",
                            f"name: Extra {of}, stars: 1, number: {of}, text: Filler {of}.,")
    deck.write_text(text, encoding="utf-8")


def test_a_face_drawn_here_and_its_twin_drawn_by_the_helper_print_as_in_one_process(project, tmp_path, split_decks, monkeypatch):
    """The first card (drawn in this process, before the helper's cards arrive) and the last (drawn by the helper)
    print the same face: a one-process build places it twice, as one form; so must the split build."""
    _twins(project, 30, {29: 0})
    split = fresh_pdfs(project, tmp_path / "split", "--only", "cards", "--deck", "crowd")
    monkeypatch.setenv("PNP_JOBS", "1")  # one process: no helper
    assert split == fresh_pdfs(project, tmp_path / "one", "--only", "cards", "--deck", "crowd")
