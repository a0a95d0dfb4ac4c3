"""Which icons of the bundled set (game-icons.net, CC BY 3.0) a game's rulebook must credit.

Names are read from the game's files and data rather than from the faces a
build drew, so the credits do not depend on which outputs a build reused:
`:name:` in rich text, `icon('name', …)` and any quoted name in a template
(`{'ruby': 'hearts'}`), `icon: name` in YAML, and any value of the game's data
that is a whole icon name (a sheet's `icon` column, `colour_marks: {ruby:
hearts}`). A word in running prose is not a value: "the key opens" credits no
`key`. Naming one icon too many is harmless; leaving out one drawn breaks the
licence.
"""
from __future__ import annotations

import re

from pnp.outputs.context import GameContext

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
_QUOTED = re.compile(r"""["']([a-z0-9][a-z0-9_-]*)["']""")
_TEXT_FILES = (".yaml", ".csv", ".tsv", ".md", ".j2")


def icons_to_credit(gctx: GameContext) -> list[str]:
    """The bundled set's icons the game may draw, sorted; [] when the project draws every icon from its own files."""
    game, project, icons = gctx.game, gctx.project, gctx.icons
    folders = [game.dir, project.templates_dir / game.slug, project.templates_dir]
    files = [p for folder in folders if folder.is_dir() for p in sorted(folder.rglob("*") if folder != project.templates_dir else folder.glob("*"))
             if p.suffix in _TEXT_FILES]
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in files]
    words = set(icons.library_icons_mentioned(texts))
    for path, text in zip(files, texts, strict=True):
        if path.suffix == ".j2":
            words.update(_QUOTED.findall(text))
    for value in _values(game):
        if isinstance(value, str) and _NAME.fullmatch(value.strip()):
            words.add(value.strip())
    return sorted(w for w in words if icons.in_library(w))


def _values(game):
    """Every scalar of the game's data: game.yaml, each card's fields (a sheet's cells too), boards, tokens, reference."""
    yield from _walk(game.data)
    for deck in game.decks.values():
        yield from _walk(deck.data)
        for card in deck.cards:
            yield from _walk(card.fields)
    for data in (game.boards_data, game.tokens_data, game.reference_data):
        yield from _walk(data)


def _walk(data):
    if isinstance(data, dict):
        for value in data.values():
            yield from _walk(value)
    elif isinstance(data, list):
        for value in data:
            yield from _walk(value)
    elif data is not None:
        yield data
