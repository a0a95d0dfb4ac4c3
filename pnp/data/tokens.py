"""Token sets as pieces: one variant per item and colour, each with its own fields and copies."""
from __future__ import annotations

from typing import NamedTuple

from pnp.data.source import LocDict


class TokenVariant(NamedTuple):
    """One face a token set prints: the fields its template sees, how many copies, its name, and where it is written."""

    fields: dict
    count: int
    name: str  # set/item/colour, as findings and piece labels show it
    source: LocDict  # the item when the set has items, else the set


def token_variants(token_set: LocDict) -> list[TokenVariant]:
    """Every (item × colour) of a token set from tokens.yaml: the set's fields, then the item's, then `color`."""
    base = {k: v for k, v in token_set.items() if k not in ("items", "colors")}
    out = []
    for item in token_set.get("items") or [None]:
        for colour in token_set.get("colors") or [None]:
            fields = dict(base)
            if item is not None:
                fields.update(item)
            if colour is not None:
                fields["color"] = colour
            count = (item.get("count", 1) if item is not None else token_set.get("count", 1)) or 0
            name = "/".join(str(p) for p in (token_set.get("id"), item.get("id") if item is not None else None, colour) if p is not None)
            out.append(TokenVariant(fields, count, name, item if isinstance(item, LocDict) else token_set))
    return out
