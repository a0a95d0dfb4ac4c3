"""Fields nothing reads: a misspelt card, board or token field (`colr: red`) is a warning, not a silent no-op.

A field is read when a template of the game names it (`card.color`,
`space['color']`, `card["Attack Name"]`, `card.get('color')`), when a
constraint, a component's `by:` breakdown or a rulebook or reference fact
names it, or when the engine itself reads it (the schema's own keys). A data
file may list fields it keeps on purpose in `keep_fields`. A deck whose
template reads its cards' fields by a name worked out as it draws
(`card[key]`, `card.items()`) cannot be judged: it gets one note saying so,
and the other decks are checked as ever.
"""
from __future__ import annotations

import os
import re
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import FIELD_UNUSED, Finding, Loc, PnpError, did_you_mean, warning
from pnp.data.located import LocDict
from pnp.data.schema import CardSpec
from pnp.data.source import read_text
from pnp.layout.template_facts import WORD
from pnp.outputs.context import GameContext

ENGINE_READS = frozenset({"overlap", "keep_fields"})  # read by the builders beyond the schema
# Headers other tools give a card's copies under (protograf's COPIES), and the word for it a designer's own language's
# spreadsheet heads a column with (German Anzahl, French quantité, Spanish cantidad, Italian quantità, Dutch aantal),
# which pnp does not read as copies unasked (pnp.data.spreadsheet.COUNT_HEADERS are): an unread one is told how.
COPIES_WORDS = frozenset({"copies", "copy", "amount", "anzahl", "quantité", "cantidad", "quantità", "aantal"})
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


@dataclass(frozen=True)
class TemplateReads:
    """What one template file reads: the names it uses, where it reads a card's fields by a name it works out as it
    draws (line, or 0), and whether it reads some other mapping whole (a board's, a token's)."""

    names: frozenset[str]
    card_unfollowed: int = 0
    other_whole: bool = False


@dataclass
class GameReads:
    """Every name the game's templates, constraints, components and facts read, and the template files (as the user
    knows them) reading card fields by computed names, each with the line that does."""

    names: set[str]
    unfollowed: dict[str, int]  # template file → line
    other_whole: bool  # a board or token template reads its mapping whole: none of its fields can be called unused
    files: dict[str, set[str]]  # template (as data names it) → the files it runs (itself and those it extends or includes)
    in_templates: frozenset[str] = frozenset()  # the names the template files read: what a misspelt field is offered, not the rules' words


def unused_fields(gctx: GameContext) -> list[Finding]:
    """A warning for each card, board or token field nothing reads, with the nearest field that is read; a note for each
    deck whose templates read its fields in a way that cannot be followed."""
    reads = names_read(gctx)
    read = reads.names
    game = gctx.game
    found: dict = {}
    for deck in game.decks.values():
        unfollowed = _unfollowed(deck, reads, gctx)
        if unfollowed is not None:
            found[(unfollowed, deck.id)] = unfollowed_note(unfollowed, deck.id, game.slug)
        else:
            found.update(_unused_in_deck(deck, read, game.slug, reads.in_templates))
    if reads.other_whole:
        return list(found.values())
    if game.boards_data:
        from pnp.data.part_schema import BoardSpec  # a game with boards alone makes the boards' models
        keep = set(game.boards_data.get("keep_fields") or [])
        for raw in game.boards_data.get("boards") or []:
            _check(raw, set(BoardSpec.model_fields) | keep, reads, "board", f"boards/{raw.get('id')}", game.slug, found, nested=True)
    if game.tokens_data:
        from pnp.data.part_schema import TokenItem, TokenSet
        keep = set(game.tokens_data.get("keep_fields") or [])
        for raw in game.tokens_data.get("tokens") or []:
            what = f"tokens/{raw.get('id')}"
            _check(raw, set(TokenSet.model_fields) | keep, reads, "token", what, game.slug, found)
            for item in raw.get("items") or []:
                if isinstance(item, LocDict):
                    _check(item, set(TokenItem.model_fields) | keep, reads, "token", what, game.slug, found)
    return list(found.values())


def _unfollowed(deck, reads: GameReads, gctx: GameContext) -> Loc | None:
    """Where a template drawing `deck` reads card fields by a computed name (the first such place), or None."""
    templates = sorted({t for t in (deck.front, deck.back) if t} | {t for c in deck.cards for t in (c.front, c.back) if t})
    for template in templates:
        for filename in sorted(reads.files.get(template, ())):
            line = reads.unfollowed.get(filename)
            if line:
                return gctx.layouts.layouts.places.file_loc(filename, line, None)
    return None


def unfollowed_note(loc: Loc, deck: str, slug: str) -> Finding:
    """The one note for a deck whose unused fields cannot be told, at the template line that hides them."""
    return Finding("note", "fields-unfollowed", "this template reads card fields by a name it works out as it draws (card[key], card.items()), "
                   "so which of the deck's fields nothing reads cannot be told, and they are not checked: read them by name "
                   "(card.name, card[\"Attack Name\"]) to have them checked", loc, slug, deck)


_DIGITS = re.compile(r"\d+")


def _not_siblings(key: str, names: list[str], present: set) -> list[str]:
    """`names` but those some card has that differ from `key` only in their numbers (Consume1 beside Consume2)."""
    return [n for n in names if n not in present or _DIGITS.sub("", str(n)) != _DIGITS.sub("", str(key))]


def _unused_in_deck(deck, read: set, slug: str, offered: frozenset[str] = frozenset()) -> dict:
    """One warning for each card field nothing reads, at the first card that has it, saying how many cards do: a
    sheet's notes column is one mistake (or one note), however many rows fill it."""
    declared = set(CardSpec.model_fields) | set(deck.data.get("keep_fields") or []) | ENGINE_READS
    declared |= {deck.data[k] for k in ("front_from", "back_from", "id_column") if isinstance(deck.data.get(k), str)}  # the engine reads them
    first: dict[str, tuple] = {}  # field → (its first card, how many cards have it)
    for card in deck.cards:
        for key in card.fields:
            if key in declared or key in read or key in deck.data.get("defaults", ()):
                continue
            seen = first.get(key)
            first[key] = (seen[0], seen[1] + 1) if seen else (card, 1)
    out = {}
    # what a misspelt field is offered: a name a template reads (not a word of the rules' text), never a numbered
    # sibling a card has (Consume2 unread beside a Consume1 read is a column of its own, not "Consume1" mistyped)
    names = sorted(offered | declared)
    present = {key for card in deck.cards for key in card.fields}
    for key, (card, count) in first.items():
        fields = card.fields
        loc = fields.key_loc(key) if fields.has_key_loc(key) else fields.loc_of(key)
        cards = f"{count} cards of deck '{deck.id}' have it" if count > 1 else f"card '{card.id}' has it"
        out[loc] = warning(FIELD_UNUSED, f"no template, constraint or fact reads the card field '{key}' ({cards}){did_you_mean(key, _not_siblings(key, names, present))}: "
                           f"fix its spelling, or list it in the deck's keep_fields if it is a note{_read_as(key)}{_as_copies(key, deck)}{_as_ids(key, deck)}", loc, game=slug,
                           component=f"{deck.id}/{card.id}")
    for key in deck.data.get("defaults", ()):
        if key not in declared and key not in read:
            loc = deck.data["defaults"].key_loc(key) if isinstance(deck.data["defaults"], LocDict) and deck.data["defaults"].has_key_loc(key) else deck.loc_of("defaults")
            out[loc] = warning(FIELD_UNUSED, f"no template, constraint or fact reads the card field '{key}' (a default of every card){did_you_mean(key, _not_siblings(key, names, present))}: "
                               f"fix its spelling, or list it in the deck's keep_fields if it is a note", loc, game=slug, component=deck.id)
    return out


def _check(data, declared: set, reads: GameReads, kind: str, what: str, slug: str, found: dict, nested: bool = False) -> None:
    """A warning in `found` for each field of a board's or token's `data` nothing reads, offered the nearest name a
    template reads or the schema declares (never a word of the rules' text)."""
    if not isinstance(data, LocDict):
        return
    for key, value in data.items():
        if key not in declared and key not in reads.names and key not in ENGINE_READS:
            loc = data.key_loc(key) if data.has_key_loc(key) else data.loc_of(key)
            if loc not in found:
                found[loc] = warning(FIELD_UNUSED, f"no template, constraint or fact reads the {kind} field '{key}'{did_you_mean(key, sorted(reads.in_templates | declared))}: "
                                     f"fix its spelling, or list it in keep_fields if it is a note", loc, game=slug, component=what)
        if nested and isinstance(value, list):
            for item in value:
                _check(item, {"id"}, reads, kind, what, slug, found, nested=True)  # an id names an item for people


def names_read(gctx: GameContext) -> GameReads:
    """Every field name the game's templates, constraints, components and facts read, and where its templates read
    mappings in ways that cannot be followed."""
    names: set[str] = set()
    layouts = gctx.layouts.layouts
    files: dict[str, str] = {}  # each file the templates run, once (a frame most templates extend), by the first that runs it
    runs: dict[str, set[str]] = {}
    for template in _templates_of(gctx.game):
        runs[template] = set(layouts.files_of(template))
        for filename in runs[template]:
            files.setdefault(filename, template)
    unfollowed, other_whole = {}, False
    for filename, template in files.items():
        reads = _template_reads(layouts, filename, template)
        names.update(reads.names)
        if reads.card_unfollowed:
            unfollowed[filename] = reads.card_unfollowed
        other_whole = other_whole or reads.other_whole
    in_templates = frozenset(names)
    game = gctx.game
    texts = [repr(game.data.get("components")), repr(game.data.get("constraints"))]
    if game.reference_data is not None:
        texts.append(repr(game.reference_data))
    if game.rulebook is not None:
        with suppress(PnpError):  # a rulebook that does not read is said where it is built
            texts += _JINJA.findall(read_text(game.rulebook, game.rulebook_rel))
    for text in texts:
        names.update(WORD.findall(text))
    return GameReads(names, unfollowed, other_whole, runs, in_templates)


def _template_reads(layouts, filename: str, fallback: str) -> TemplateReads:
    """What a template file reads (`TemplateReads`), from its facts (pnp.layout.template_facts: one walk answers this
    and the build's other questions, and a rebuild reads them from the build cache)."""
    path = Path(os.path.realpath(filename))
    name = next((path.relative_to(os.path.realpath(d)).as_posix() for d in layouts.template_dirs if path.is_relative_to(os.path.realpath(d))), fallback)
    try:
        _, facts = layouts.facts(name)
    except Exception:  # a missing or broken template is reported where it is rendered
        return TemplateReads(frozenset())
    return TemplateReads(facts.words, facts.card_unfollowed, facts.other_whole)


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


def _as_copies(key, deck) -> str:
    """How a field named as other tools name a card's copies (COPIES_WORDS) is read as them: a sheet's column named in
    `count_column`, a YAML card's key written `count`."""
    if not isinstance(key, str) or key.strip().lower() not in COPIES_WORDS:
        return ""
    if "cards_from" in deck.data:
        return f"; if it gives each card's copies, name it in the deck: count_column: {key}"
    return "; if it gives the card's copies, write it as count"


def _as_ids(key, deck) -> str:
    """How a sheet's column of ids headed as other tools head it (`ID`, `Card ID`) is read as the cards' ids: pnp reads
    a column headed `id` alone unasked, and names the cards from their names otherwise."""
    if not isinstance(key, str) or re.sub(r"[^a-z]", "", key.lower()) not in ("id", "cardid") or "cards_from" not in deck.data:
        return ""
    return f"; if it names each card, name it in the deck: id_column: {key}"


def _read_as(key: str) -> str:
    """How a template reads a field whose name is no Python name (a spreadsheet header such as 'Attack Name')."""
    if not isinstance(key, str):
        return f" (a template reads it as card[{key}])"
    return "" if key.isidentifier() else f" (a template reads it as card[\"{key}\"])"
