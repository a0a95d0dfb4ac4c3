"""A small game `g` written for a test and checked as a designer checks it (`pnp validate g --quick`): game.yaml's
text and decks of cards (flow mappings), for the validator's tests (test_component_counts, test_constraint_checks)."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import run_pnp

GAME = "title: Checks\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\n"
# A game of no templates has card fields none reads: that warning is another promise's (tests/test_card_fields.py)
UNREAD = "field-unused"


def validated(folder: Path, game: str, decks: dict[str, list[str]], files: dict[str, str] | None = None) -> list[dict]:
    """The findings `pnp validate g --quick --format json` gives (each as its JSON says it: severity, code, message,
    file, line, column, game, component) for a game whose game.yaml is GAME + `game`, whose decks are `decks` (id → its
    cards) and whose other files (path in the game's folder → text) are `files`, written in a new project in `folder`;
    the warnings of fields no template reads left out."""
    folder.mkdir(parents=True, exist_ok=True)
    root = folder / f"project{len(list(folder.iterdir()))}"
    (root / "data/g/decks").mkdir(parents=True)
    (root / "data/g/game.yaml").write_text(GAME + game, encoding="utf-8")
    for deck, cards in decks.items():
        (root / f"data/g/decks/{deck}.yaml").write_text(f"name: {deck.title()}\nsize: poker\nfront: g/front.j2\ncards:\n"
                                                        + "".join(f"  - {card}\n" for card in cards), encoding="utf-8")
    for path, text in (files or {}).items():
        (root / "data/g" / path).write_text(text, encoding="utf-8")
    result = run_pnp(root, "validate", "g", "--quick", "--format", "json")
    assert result.exit_code in (0, 1), result.output + result.stderr
    return [found for found in json.loads(result.output) if found["code"] != UNREAD]
