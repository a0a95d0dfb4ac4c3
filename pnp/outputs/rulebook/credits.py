"""Which icons of the bundled set (game-icons.net, CC BY 3.0) a game's rulebook must credit.

Names are read from the game's templates, rules and data rather than from the
faces a build drew, so the credits do not depend on which outputs a build
reused: `:name:` in rich text, `icon('name', …)` and any quoted name in a
template (`{'ruby': 'hearts'}`), `icon: name` in the data, and any value of
the game's data that is a whole icon name (a sheet's `icon` column,
`colour_marks: {ruby: hearts}`). A word in running prose is not a value: "the
key opens" credits no `key`. Naming one icon too many is harmless; leaving out
one drawn breaks the licence.

The data is read as the game loaded it, not from its files: the rulebook's
record (pnp.data.kinds) declares the files it opens, and the names the data
mentions key it besides (`mentions_key`), so a card's new `:skull:` reprints the
rulebook while a reworded card text does not.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING

from pnp.core.files import ignored_name, stays_inside
from pnp.core.memo import Keeps, memo
from pnp.data.schema import BoardSpec, CardSpec, TokenSet

if TYPE_CHECKING:  # a key is worked out without the drawing machinery (`pnp list` of games as they were draws nothing)
    from pnp.outputs.context import GameContext

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
_QUOTED = re.compile(r"""["']([a-z0-9][a-z0-9_-]*)["']""")
_INLINE = re.compile(r":([a-z0-9][a-z0-9_-]*):")  # :name: in rich text
_ICON_KEYS = ("icon", "icons")  # icon: name, icons: [a, b] in the data
_TEXT_FILES = (".yaml", ".csv", ".tsv", ".md", ".j2")


def icons_to_credit(gctx: GameContext) -> list[str]:
    """The bundled set's icons the game may draw, sorted; [] when the project draws every icon from its own files."""
    game, project, icons = gctx.game, gctx.project, gctx.icons
    folders = [project.templates_dir / game.slug, project.templates_dir]  # every output reads them (the shared inputs)
    files = [p for folder in folders if folder.is_dir() for p in sorted(folder.rglob("*") if folder != project.templates_dir else folder.glob("*"))
             if p.suffix in _TEXT_FILES and not any(ignored_name(part) for part in p.relative_to(folder).parts)
             and stays_inside(p, folder, project.root)]  # a link out of the project is refused where it is used
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in files]
    rules = [game.rulebook.read_text(encoding="utf-8", errors="replace")] if game.rulebook is not None else []
    words = set(icons.library_icons_mentioned(texts + rules))
    palette = set(game.spec.palette)  # color="paper" names a colour, not an icon
    for path, text in zip(files, texts, strict=True):
        if path.suffix == ".j2":
            words.update(w for w in _QUOTED.findall(text) if w not in palette)
    words |= data_mentions(game)
    return sorted(w for w in words if icons.in_library(w))


def data_mentions(game, keeps: Keeps | None = None) -> set[str]:
    """Every name the game's data mentions as an icon may be: `:name:` in a text, the value of an `icon` or `icons` key,
    a value that is a whole name (`_values`). A card's are worked out once per card object, kept with `keeps`."""
    card_names = memo("card icon mentions", keeps)
    names: set[str] = set()
    for data in (game.data, game.boards_data, game.tokens_data, game.reference_data, game.boxes_data, game.dice_data):
        _mentioned(data, names)
    for deck in game.decks.values():
        for card in deck.cards:
            names.update(card_names(card.fields, _card_mentions))
    return names | _whole_names(_values(game))


def mentions_key(game, keeps: Keeps | None = None) -> str:
    """What the rulebook's credits read of the loaded game beyond the files its record declares (pnp.data.kinds): the
    names the data mentions, for its cache key; none for a game without a rulebook, which prints nothing."""
    if game.rulebook is None:
        return ""
    return hashlib.sha256(json.dumps(sorted(data_mentions(game, keeps))).encode()).hexdigest()


def _card_mentions(fields) -> frozenset[str]:
    """The names a card's fields mention (`:name:`, `icon: name`) and the whole names among them but the engine's own
    settings (`_values`)."""
    names: set[str] = set()
    settings = CardSpec.model_fields
    for key, value in fields.items():
        if isinstance(value, str):  # most fields: a text or a word, read here without the walks' calls
            if ":" in value:
                names.update(_INLINE.findall(value))
            name = value.strip().removesuffix(".svg")
            if _NAME.fullmatch(name) and (key not in settings or key in _ICON_KEYS):
                names.add(name)
        else:
            _mentioned(value, names, key)
            if key not in settings:
                names |= _whole_names(_walk(value))
    return frozenset(names)


def _mentioned(data, names: set[str], key: str = "") -> None:
    """Add to `names` each `:name:` in a text of `data` and the values of its `icon` and `icons` keys (a list's items too)."""
    if isinstance(data, dict):
        for k, value in data.items():
            _mentioned(value, names, k)
    elif isinstance(data, list):
        for value in data:
            _mentioned(value, names, key)
    elif isinstance(data, str):
        if ":" in data:
            names.update(_INLINE.findall(data))
        if key in _ICON_KEYS and _NAME.fullmatch(data.strip()):
            names.add(data.strip())


def _whole_names(values) -> set[str]:
    """The values that are a whole name (art: `ninja-mask.svg` draws the icon too)."""
    names = set()
    for value in values:
        name = value.strip().removesuffix(".svg") if isinstance(value, str) else None
        if name and _NAME.fullmatch(name):
            names.add(name)
    return names


def _values(game):
    """Every scalar a template may read from the game's data but the cards' (`_card_mentions`): facts, board and token
    fields, reference legends; not the engine's own settings (`shape: circle`, `check: present` name no icon)."""
    yield from _walk(game.data.get("facts"))
    yield from _walk(game.data.get("start"))
    for raw in (game.boards_data or {}).get("boards") or []:
        yield from _walk(raw, BoardSpec.model_fields)
    for raw in (game.tokens_data or {}).get("tokens") or []:
        yield from _walk(raw, TokenSet.model_fields.keys() - {"items"})  # its items whole: a template may draw one by its id
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
