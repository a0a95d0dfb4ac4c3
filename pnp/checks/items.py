"""The items checks count: a collection path of game.yaml (`decks.<deck>`, `tokens.<set>`, `boards.<board>.<list>`)
resolved to its entries, each with its fields, copies, place and name."""
from __future__ import annotations

from pnp.core.errors import Loc
from pnp.data.located import LocDict, LocList


class Item:
    """One entry of a collection: its fields, how many physical copies, where it was written, its name. A plain class:
    only a game with constraints or counts makes one, and a dataclass's methods are compiled from text in every process
    that defines it."""

    __slots__ = ("count", "fields", "loc", "name")

    def __init__(self, fields: dict, count: int, loc: Loc, name: str):
        self.fields = fields
        self.count = count
        self.loc = loc
        self.name = name


class Collections:
    """Resolves `in:` paths such as decks.<deck>, tokens.<set> or boards.<board>.<list> to items."""

    def __init__(self, game):
        self.game = game

    def names(self) -> list[str]:
        """Every path `resolve` answers in this game, for a finding's did-you-mean and its list of what is known."""
        g = self.game
        names = [f"decks.{d}" for d in g.decks]
        if g.tokens_data:
            names += [f"tokens.{t['id']}" for t in g.tokens_data["tokens"]]
        if g.boards_data:
            names.append("boards")
            for b in g.boards_data["boards"]:
                names.append(f"boards.{b['id']}")
                names += [f"boards.{b['id']}.{k}" for k, v in b.items() if isinstance(v, list)]
        if g.dice_data:
            names.append("dice")
        if g.reference_data:
            names += [f"reference.{k}" for k, v in g.reference_data.items() if isinstance(v, list)]
        return names

    def resolve(self, path: str) -> tuple[list[Item], Loc] | None:
        """The items at `path` and where the collection was written; None when the game has no such collection."""
        head, *rest = path.split(".")
        items_of = _RESOLVERS.get(head)
        return items_of(self.game, rest) if items_of is not None else None


def _deck_items(g, rest: list[str]) -> tuple[list[Item], Loc] | None:
    """decks.<deck>: its cards."""
    if len(rest) != 1 or rest[0] not in g.decks:
        return None
    deck = g.decks[rest[0]]
    return [Item(c.fields, c.count, c.loc, f"{deck.id}/{c.id}") for c in deck.cards], deck.data.key_loc("cards")


def _token_set_items(g, rest: list[str]) -> tuple[list[Item], Loc] | None:
    """tokens.<set>: its pieces."""
    if len(rest) != 1 or not g.tokens_data:
        return None
    for t in g.tokens_data["tokens"]:
        if t.get("id") == rest[0]:
            return _token_items(t), t.loc
    return None


def _board_items(g, rest: list[str]) -> tuple[list[Item], Loc] | None:
    """boards: every board; boards.<board>: that board; boards.<board>.<list>: the entries of a list it holds."""
    if not g.boards_data:
        return None
    boards = g.boards_data["boards"]
    if not rest:
        return [Item(b, 1, b.loc, b.get("id", "?")) for b in boards], boards.loc
    for b in boards:
        if b.get("id") != rest[0]:
            continue
        if len(rest) == 1:
            return [Item(b, 1, b.loc, b["id"])], b.loc
        if len(rest) == 2 and isinstance(b.get(rest[1]), list):
            return _list_items(b[rest[1]], f"{b['id']}.{rest[1]}"), b.loc_of(rest[1])
    return None


def _dice_items(g, rest: list[str]) -> tuple[list[Item], Loc] | None:
    """dice: every die."""
    if rest or not g.dice_data:
        return None
    return _list_items(g.dice_data["dice"], "dice"), g.dice_data.loc_of("dice")


def _reference_items(g, rest: list[str]) -> tuple[list[Item], Loc] | None:
    """reference.<list>: the entries of a list the player aids hold."""
    if len(rest) != 1 or not g.reference_data or not isinstance(g.reference_data.get(rest[0]), list):
        return None
    return _list_items(g.reference_data[rest[0]], f"reference.{rest[0]}"), g.reference_data.loc_of(rest[0])


# A path's first part → what resolves the rest of it.
_RESOLVERS = {"decks": _deck_items, "tokens": _token_set_items, "boards": _board_items, "dice": _dice_items, "reference": _reference_items}


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
    from pnp.data.tokens import token_variants

    return [Item(v.fields, v.count, v.source.loc, v.name) for v in token_variants(t)]
