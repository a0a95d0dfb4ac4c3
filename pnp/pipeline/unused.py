"""Fields nothing reads: a misspelt card, board or token field (`colr: red`) is a warning, not a silent no-op.

A field is read when a template of the game names it (`card.color`,
`space['color']`, `card.get('color')`), when a constraint, a component's
`by:` breakdown or a rulebook or reference fact names it, or when the engine
itself reads it (the schema's own keys). A data file may list fields it keeps
on purpose in `keep_fields`.
"""
from __future__ import annotations

import re
import weakref
from pathlib import Path

import jinja2.nodes

from pnp.core.errors import Finding, did_you_mean, warning
from pnp.data.schema import BoardSpec, CardSpec, TokenItem, TokenSet
from pnp.data.source import LocDict
from pnp.outputs.context import GameContext

ENGINE_READS = {"overlap", "keep_fields"}  # read by the builders beyond the schema
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
# Reading a data mapping as a whole: any of its fields may be shown, so none can be called unused.
WHOLE_MAPPING = {"items", "keys", "values"}


def unused_fields(gctx: GameContext) -> list[Finding]:
    """A warning for each card, board or token field nothing reads, with the nearest field that is read."""
    read = names_read(gctx)
    if read is None:
        return []
    game = gctx.game
    found: dict = {}
    for deck in game.decks.values():
        found.update(_unused_in_deck(deck, read, game.slug))
    if game.boards_data:
        keep = set(game.boards_data.get("keep_fields") or [])
        for raw in game.boards_data.get("boards") or []:
            _check(raw, set(BoardSpec.model_fields) | keep, read, "board", f"boards/{raw.get('id')}", game.slug, found, nested=True)
    if game.tokens_data:
        keep = set(game.tokens_data.get("keep_fields") or [])
        for raw in game.tokens_data.get("tokens") or []:
            what = f"tokens/{raw.get('id')}"
            _check(raw, set(TokenSet.model_fields) | keep, read, "token", what, game.slug, found)
            for item in raw.get("items") or []:
                if isinstance(item, LocDict):
                    _check(item, set(TokenItem.model_fields) | keep, read, "token", what, game.slug, found)
    return list(found.values())


def _unused_in_deck(deck, read: set, slug: str) -> dict:
    """One warning for each card field nothing reads, at the first card that has it, saying how many cards do: a
    sheet's notes column is one mistake (or one note), however many rows fill it."""
    declared = set(CardSpec.model_fields) | set(deck.data.get("keep_fields") or []) | ENGINE_READS
    declared |= {deck.data[k] for k in ("front_from", "back_from") if isinstance(deck.data.get(k), str)}  # the engine reads them
    first: dict[str, tuple] = {}  # field → (its first card, how many cards have it)
    for card in deck.cards:
        for key in card.fields:
            if key in declared or key in read or key in deck.data.get("defaults", ()):
                continue
            seen = first.get(key)
            first[key] = (seen[0], seen[1] + 1) if seen else (card, 1)
    out = {}
    for key, (card, count) in first.items():
        fields = card.fields
        loc = fields.key_loc(key) if key in fields.key_locs else fields.loc_of(key)
        cards = f"{count} cards of deck '{deck.id}' have it" if count > 1 else f"card '{card.id}' has it"
        out[loc] = warning("field-unused", f"no template, constraint or fact reads the card field '{key}' ({cards}){did_you_mean(key, sorted(read | declared))}: "
                           f"fix its spelling, or list it in the deck's keep_fields if it is a note", loc, game=slug, component=f"{deck.id}/{card.id}")
    for key in deck.data.get("defaults", ()):
        if key not in declared and key not in read:
            loc = deck.data["defaults"].key_loc(key) if isinstance(deck.data["defaults"], LocDict) and key in deck.data["defaults"].key_locs else deck.loc_of("defaults")
            out[loc] = warning("field-unused", f"no template, constraint or fact reads the card field '{key}' (a default of every card){did_you_mean(key, sorted(read | declared))}: "
                               f"fix its spelling, or list it in the deck's keep_fields if it is a note", loc, game=slug, component=deck.id)
    return out


def _check(data, declared: set, read: set, kind: str, what: str, slug: str, found: dict, nested: bool = False) -> None:
    if not isinstance(data, LocDict):
        return
    for key, value in data.items():
        if key not in declared and key not in read and key not in ENGINE_READS:
            loc = data.key_loc(key) if key in data.key_locs else data.loc_of(key)
            if loc not in found:
                found[loc] = warning("field-unused", f"no template, constraint or fact reads the {kind} field '{key}'{did_you_mean(key, sorted(read | declared))}: "
                                     f"fix its spelling, or list it in keep_fields if it is a note", loc, game=slug, component=what)
        if nested and isinstance(value, list):
            for item in value:
                _check(item, {"id"}, read, kind, what, slug, found, nested=True)  # an id names an item for people


def names_read(gctx: GameContext) -> set[str] | None:
    """Every field name the game's templates, constraints, components and facts read; None when a template reads a mapping whole."""
    names: set[str] = set()
    layouts = gctx.layouts.layouts
    files: dict[str, str] = {}  # each file the templates run, once (a frame most templates extend), by the first that runs it
    for template in _templates_of(gctx.game):
        for filename in layouts.files_of(template):
            files.setdefault(filename, template)
    for filename, template in files.items():
        names.update(_template_names(layouts, filename, template))
    if names & WHOLE_MAPPING:
        return None
    game = gctx.game
    texts = [repr(game.data.get("components")), repr(game.data.get("constraints"))]
    if game.reference_data is not None:
        texts.append(repr(game.reference_data))
    if game.rulebook is not None:
        texts += _JINJA.findall(game.rulebook.read_text(encoding="utf-8"))
    for text in texts:
        names.update(_WORD.findall(text))
    return names


def _template_names(layouts, filename: str, fallback: str) -> frozenset[str]:
    """Attribute names, constant keys and string constants a template file uses."""
    path = Path(filename).resolve()
    name = next((path.relative_to(d.resolve()).as_posix() for d in layouts.template_dirs if path.is_relative_to(d.resolve())), fallback)
    try:
        _, ast = layouts.parsed(name)
    except Exception:  # a missing or broken template is reported where it is rendered
        return frozenset()
    out = _NAMES_IN.get(ast)
    if out is None:
        out = _NAMES_IN[ast] = _names_in(ast)
    return out


# A syntax tree's names, worked out once: an engine kept by a long-lived process keeps its trees from build to build.
_NAMES_IN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _names_in(ast: jinja2.nodes.Template) -> frozenset[str]:
    out = set()
    for node in ast.find_all((jinja2.nodes.Getattr, jinja2.nodes.Const)):
        if isinstance(node, jinja2.nodes.Getattr):
            out.add(node.attr)
        elif isinstance(node.value, str):
            out.update(_WORD.findall(node.value))
    return frozenset(out)


def _templates_of(game) -> set[str]:
    names = set()
    for deck in game.decks.values():
        names.update(t for t in (deck.front, deck.back) if t)
        names.update(t for c in deck.cards for t in (c.front, c.back) if t)
    for raw in (game.boards_data or {}).get("boards") or []:
        if isinstance(raw.get("template"), str):
            names.add(raw["template"])
    for raw in (game.tokens_data or {}).get("tokens") or []:
        names.update(t for t in (raw.get("front"), raw.get("back")) if isinstance(t, str))
    if game.reference_data is not None:
        for value in _strings(game.reference_data):
            if value.endswith(".j2"):
                names.add(value)
    return names


def _strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from _strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v)
