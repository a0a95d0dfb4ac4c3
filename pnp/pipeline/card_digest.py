"""What an output other than the card sheets depends on of the decks: their outline and the card fields it read.

Boards, tokens, the rulebook and the other outputs read the decks through
CardReads (pnp.data.fields), and each of them, like each part of a game's
checks that reads the cards, is keyed on `cards_digest`: an edit of a card
field none of them read leaves them as they were.
"""
from __future__ import annotations

import hashlib
import json

from pnp.core.memo import ByIdentity, Keeps, memo
from pnp.data.fields import ANY
from pnp.data.stamps import card_name

_MISSING = {"missing": True}  # a field a card does not have, as a read value


def deck_outline(game) -> list:
    """Everything of a game's decks but their cards' fields: names, sizes, templates, the deck files' own keys, and each
    card's id, count, back and place. Any output may show these (a total, a deck's name, a warning's line)."""
    out = []
    for deck in game.decks.values():
        own = {k: v for k, v in deck.data.items() if k != "cards"}
        out.append([deck.id, deck.name, list(deck.size), deck.front, deck.back, deck.back_shows_rules, list(deck.name_field),
                    str(deck.source) if deck.source else None, own, [[c.id, c.count, c.back, list(c.loc), c.front] for c in deck.cards]])
    return out


def cards_digest(game, reads, keeps: Keeps | None = None) -> str:
    """A hash of the decks' outline and of the card fields in `reads` ((deck, card or ANY, field or ANY)) as they are now.

    A read of all of a card's fields stands as their own digest: the one its face's key and its stamp start from, carried
    on the card (pnp.data.stamps.CardName.key), or for a card whose fields that cannot tell apart, their JSON's, worked
    out once per card object (pnp.core.memo) and kept with `keeps` from build to build; the outline is written out once
    per game read (`_outline_text`)."""
    values = []
    fields_digest = memo("card fields", keeps)
    for deck_id, card_id, name in sorted(tuple(r) for r in reads):
        deck = game.decks.get(deck_id)
        cards = [] if deck is None else deck.cards if card_id == ANY else [c for c in deck.cards if c.id == card_id]
        values.append([deck_id, card_id, name, [(card_name(c).key or fields_digest(c.fields, _fields_digest)) if name == ANY else c.fields.get(name, _MISSING)
                                                for c in cards]])
    digest = hashlib.sha256(_outline_text(game).encode("utf-8"))
    digest.update(b"\0" + _json(values).encode("utf-8"))
    return digest.hexdigest()


_OUTLINES = ByIdentity(limit=16)  # a game's decks → their outline as JSON; past 16 games' decks the memory starts again


def _outline_text(game) -> str:
    """`deck_outline` as JSON, written once for a game's decks as read (a game read again has new decks): a build asks for
    it for every output and every part of the checks that reads the cards, and a large deck's outline is long."""
    return _OUTLINES(game.decks, lambda _: _json(deck_outline(game)))


def _fields_digest(fields) -> str:
    return hashlib.sha256(_json(fields).encode("utf-8")).hexdigest()


def _json(value) -> str:
    """`value` as JSON with its mappings' keys sorted; a mapping whose keys are not all text (a card's field named 2
    beside its `name`, which Python cannot sort together) is written as its pairs, each key with its kind, so that a
    field 2 and a field "2" stay apart."""
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    except TypeError:
        return json.dumps(_typed(value), ensure_ascii=False, default=str)


def _typed(value):
    """`value` with every mapping made a sorted list of [key's kind, key as text, value]: keys of any kinds compare."""
    if isinstance(value, dict):
        return sorted([type(k).__name__, str(k), _typed(v)] for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [_typed(v) for v in value]
    return value
