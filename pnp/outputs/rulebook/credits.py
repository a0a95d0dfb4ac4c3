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

from pnp.core.files import ignored_name, stays_inside
from pnp.data.schema import BoardSpec, CardSpec, TokenItem, TokenSet
from pnp.outputs.context import GameContext

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
_QUOTED = re.compile(r"""["']([a-z0-9][a-z0-9_-]*)["']""")
_TEXT_FILES = (".yaml", ".csv", ".tsv", ".md", ".j2")


def icons_to_credit(gctx: GameContext) -> list[str]:
    """The bundled set's icons the game may draw, sorted; [] when the project draws every icon from its own files."""
    game, project, icons = gctx.game, gctx.project, gctx.icons
    folders = [game.dir, project.templates_dir / game.slug, project.templates_dir]
    files = [p for folder in folders if folder.is_dir() for p in sorted(folder.rglob("*") if folder != project.templates_dir else folder.glob("*"))
             if p.suffix in _TEXT_FILES and not any(ignored_name(part) for part in p.relative_to(folder).parts)
             and stays_inside(p, folder, project.root)]  # a link out of the project is refused where it is used
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in files]
    words = set(icons.library_icons_mentioned(texts))
    palette = set(game.spec.palette)  # color="paper" names a colour, not an icon
    for path, text in zip(files, texts, strict=True):
        if path.suffix == ".j2":
            words.update(w for w in _QUOTED.findall(text) if w not in palette)
    for value in _values(game):
        name = value.strip().removesuffix(".svg") if isinstance(value, str) else None  # art: ninja-mask.svg draws the icon
        if name and _NAME.fullmatch(name):
            words.add(name)
    return sorted(w for w in words if icons.in_library(w))


def _values(game):
    """Every scalar a template may read from the game's data: facts, card, board and token fields (a sheet's cells
    too), reference legends; not the engine's own settings (`shape: circle`, `check: present` name no icon)."""
    yield from _walk(game.data.get("facts"))
    yield from _walk(game.data.get("start"))
    for deck in game.decks.values():
        for card in deck.cards:
            yield from _walk(card.fields, CardSpec.model_fields)
    for raw in (game.boards_data or {}).get("boards") or []:
        yield from _walk(raw, BoardSpec.model_fields)
    for raw in (game.tokens_data or {}).get("tokens") or []:
        yield from _walk(raw, TokenSet.model_fields.keys() - {"items"})
        for item in raw.get("items") or []:
            yield from _walk(item, TokenItem.model_fields)
    yield from _walk(game.reference_data)


def _walk(data, skip=()):
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in skip:
                yield from _walk(value)
    elif isinstance(data, list):
        for value in data:
            yield from _walk(value)
    elif data is not None:
        yield data
