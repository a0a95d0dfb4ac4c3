"""The items checks count: a collection path of game.yaml (`decks.<deck>`, `tokens.<set>`, `boards.<board>.<list>`)
resolved to its entries, each with its fields, copies, place and name."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import Loc
from pnp.data.source import LocDict, LocList
from pnp.data.tokens import token_variants


@dataclass
class Item:
    """One entry of a collection: its fields, how many physical copies, where it was written, its name."""

    fields: dict
    count: int
    loc: Loc
    name: str


class Collections:
    """Resolves `in:` paths such as decks.<deck>, tokens.<set> or boards.<board>.<list> to items."""

    def __init__(self, game):
        self.game = game

    def names(self) -> list[str]:
        g = self.game
        names = [f"decks.{d}" for d in g.decks]
        if g.tokens_data:
            names += [f"tokens.{t['id']}" for t in g.tokens_data["tokens"]]
        if g.boards_data:
            for b in g.boards_data["boards"]:
                names.append(f"boards.{b['id']}")
                names += [f"boards.{b['id']}.{k}" for k, v in b.items() if isinstance(v, list)]
        if g.reference_data:
            names += [f"reference.{k}" for k, v in g.reference_data.items() if isinstance(v, list)]
        return names

    def resolve(self, path: str) -> tuple[list[Item], Loc] | None:
        g = self.game
        parts = path.split(".")
        head = parts[0]
        if head == "decks" and len(parts) == 2 and parts[1] in g.decks:
            deck = g.decks[parts[1]]
            items = [Item(c.fields, c.count, c.loc, f"{deck.id}/{c.id}") for c in deck.cards]
            return items, deck.data.key_loc("cards")
        if head == "tokens" and len(parts) == 2 and g.tokens_data:
            for t in g.tokens_data["tokens"]:
                if t.get("id") == parts[1]:
                    return _token_items(t), t.loc
        if head == "boards" and g.boards_data:
            boards = g.boards_data["boards"]
            if len(parts) == 1:
                return [Item(b, 1, b.loc, b.get("id", "?")) for b in boards], boards.loc
            for b in boards:
                if b.get("id") == parts[1]:
                    if len(parts) == 2:
                        return [Item(b, 1, b.loc, b["id"])], b.loc
                    if len(parts) == 3 and isinstance(b.get(parts[2]), list):
                        return _list_items(b[parts[2]], f"{b['id']}.{parts[2]}"), b.loc_of(parts[2])
        if head == "dice" and len(parts) == 1 and g.dice_data:
            return _list_items(g.dice_data["dice"], "dice"), g.dice_data.loc_of("dice")
        if head == "reference" and len(parts) == 2 and g.reference_data and isinstance(g.reference_data.get(parts[1]), list):
            return _list_items(g.reference_data[parts[1]], f"reference.{parts[1]}"), g.reference_data.loc_of(parts[1])
        return None


def _list_items(values: list, prefix: str) -> list[Item]:
    out = []
    for i, v in enumerate(values):
        fields = v if isinstance(v, dict) else {"value": v}
        count = fields.get("count", 1) if isinstance(fields.get("count", 1), int) else 1
        loc = values.loc_of(i) if isinstance(values, LocList) else Loc("")
        out.append(Item(fields, count, loc, f"{prefix}[{fields.get('id', i)}]"))
    return out


def _token_items(t: LocDict) -> list[Item]:
    """A token set's pieces: one item per (item × colour), copies = its count."""
    return [Item(v.fields, v.count, v.source.loc, v.name) for v in token_variants(t)]
