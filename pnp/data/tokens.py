"""Token sets as pieces: one variant per item and colour, each with its own fields and copies."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from pnp.core.errors import Finding, warning
from pnp.data.located import LocDict

if TYPE_CHECKING:
    from pnp.data.schema import TokenSet


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


def set_counts_unread(tokens_file: LocDict, slug: str) -> list[Finding]:
    """A warning at each token set's `count:` written beside `items:`: each item prints its own count (one unless it
    says), so the set's counts nothing, though a designer may read it as every item's."""
    found = []
    for token_set in tokens_file.get("tokens") or []:
        if isinstance(token_set, LocDict) and token_set.get("items") and "count" in token_set:
            found.append(warning("token-count-unread", f"count: {token_set['count']} of token set '{token_set.get('id')}' counts nothing: "
                                 f"a set with items prints each item its own count (1 unless it says); write count: on the items, or "
                                 f"remove this one", token_set.key_loc("count"), game=slug, component=str(token_set.get("id"))))
    return found


class WrittenSet(NamedTuple):
    """One token set: its checked model, and the mapping as written (field values the model does not declare, and their places)."""

    spec: TokenSet
    raw: LocDict


def token_sets(game) -> Iterator[WrittenSet]:
    """Every token set of a game (a pnp.data.project.Game, which imports this module) in the order tokens.yaml lists them; none when the game has no tokens.yaml or it did not check."""
    if not game.tokens or not game.tokens_data:
        return
    for spec, raw in zip(game.tokens.tokens, game.tokens_data["tokens"], strict=False):
        yield WrittenSet(spec, raw)
