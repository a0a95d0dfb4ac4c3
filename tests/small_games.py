"""A small game `g` written for a test and read, with the checker its checks run in: game.yaml's text and decks of
cards (flow mappings), for the validator's tests (test_component_counts, test_constraint_checks)."""
from __future__ import annotations

from pathlib import Path

from pnp.checks.counts import Checker
from pnp.data.project import Project

GAME = "title: Checks\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\n"


def checker_of(folder: Path, game: str, decks: dict[str, list[str]], files: dict[str, str] | None = None, partial: bool = False) -> Checker:
    """The checker of a game whose game.yaml is GAME + `game`, whose decks are `decks` (id → its cards) and whose other
    files (path in the game's folder → text) are `files`, written in a new project in `folder`. A game read whole must
    read without errors; `partial` reads one whose files have some, as `validate` does."""
    folder.mkdir(parents=True, exist_ok=True)
    root = folder / f"project{len(list(folder.iterdir()))}"
    (root / "data/g/decks").mkdir(parents=True)
    (root / "data/g/game.yaml").write_text(GAME + game, encoding="utf-8")
    for deck, cards in decks.items():
        (root / f"data/g/decks/{deck}.yaml").write_text(f"name: {deck.title()}\nsize: poker\nfront: g/front.j2\ncards:\n"
                                                        + "".join(f"  - {card}\n" for card in cards), encoding="utf-8")
    for path, text in (files or {}).items():
        (root / "data/g" / path).write_text(text, encoding="utf-8")
    read, found = Project(root).load_game("g", partial=partial)
    assert read is not None and (partial or not [f for f in found if f.severity == "error"]), found
    return Checker(read)
