"""A card's fields as a deck reads them: its own keys over the deck's defaults, each at the place it was written."""
from __future__ import annotations

from pnp.core.errors import Loc
from pnp.data.located import EmptyCell, LocDict, LocList


def merged_fields(defaults, raw: LocDict) -> LocDict:
    """A card's fields over the deck's defaults, each keeping the place it was written (a default's, at the defaults), and
    a count of 1 when neither gives one. With no defaults, the card's own mapping is its fields (`_own_fields`)."""
    if not defaults:
        return _own_fields(raw)
    if isinstance(defaults, LocDict) and defaults.path != raw.path:
        _places_named(defaults)
    merged = LocDict(raw._loc, raw.path)
    for source in (defaults, raw):
        for key, value in source.items():
            if source is raw and key in merged and type(value) is EmptyCell:
                continue  # an empty cell keeps the deck's default
            merged[key] = value
            merged.places[key] = _place_in(merged, source, key)
    merged.setdefault("count", 1)
    return merged


def _places_named(defaults: LocDict) -> None:
    """Make every place in `defaults` a Loc that names its file, for cards read from another file. A position packed by
    the reader names no file, and a card's mapping reads it as its own: defaults written in the deck's YAML over cards
    from its spreadsheet were found in the spreadsheet, at the YAML's line and column. Done in `defaults` itself (once:
    a Loc stays one), so every card shares the same Locs; a key with no place of its own is at the defaults mapping."""
    for key in defaults:
        value_at, key_at = defaults.value_where(key), defaults.key_where(key)
        if not isinstance(value_at, Loc) or not isinstance(key_at, (Loc, type(None))):
            defaults.places[key] = (defaults.loc_of(key), None if key_at is None else defaults.key_loc(key))


def _place_in(merged: LocDict, source, key):
    """`key`'s places in `merged` once `source` gives its value: the value with no place of its own is at `source` (at
    the card, for defaults that are no LocDict, which come first), and a key with none keeps the place `merged` had
    for it (a default's)."""
    if not isinstance(source, LocDict):
        return (merged._loc, None)
    place = source.places.get(key)
    if type(place) is int:  # both places, as the reader packs them
        return place
    value_at, key_at = source.value_where(key), source.key_where(key)
    return (source._loc if value_at is None else value_at, merged.key_where(key) if key_at is None else key_at)


def _own_fields(raw: LocDict) -> LocDict:
    """`merged_fields` of a card of a deck with no defaults, made in the card's own mapping rather than a copy of it: it
    was read for that card alone, and its deck drops it once merged (`drop_items`). A key with no place of its own is
    found at the card (LocDict.loc_of), as a copy places it."""
    raw.setdefault("count", 1)
    return raw


def drop_items(items: list) -> None:
    """Empty a list read from a file, with the places of its items (the list keeps its own place)."""
    items.clear()
    if isinstance(items, LocList):
        items.locs.clear()
