"""Values read from a game's files that remember where they were written: a mapping and a list with the file, line and
column of each key and item (pnp.data.source reads YAML into them; pnp.data.workbooks, a spreadsheet's cells), and the
place of a value found by its path.

A read deck keeps a place for every value, so the places are kept small: a parser position is one int (`position`)
and a key's two places, on one line, another (`packed_places`), turned into a Loc only when a finding asks.
"""
from __future__ import annotations

from pnp.core.errors import Loc


def _as_loc(path: str, where) -> Loc:
    """A Loc from a stored position: a Loc already, or a parser position packed by `position` (most are never asked for)."""
    if isinstance(where, Loc):
        return where
    return Loc(path, (where >> 24) + 1, (where & 0xFFFFFF) + 1)


def position(mark) -> int:
    """A parser mark's line and column in one int: a large deck keeps hundreds of thousands of positions,
    and a mark object costs several times an int (the column fits 24 bits: files are under 5 MB)."""
    return (mark.line << 24) | mark.column


class EmptyCell(str):
    """An empty spreadsheet cell: an empty value ("" to a template, which tests false), not a missing field, since the
    column exists (a ported deck's `card.Consume1` is then blank, not "card has no field"); a deck's default for the
    column fills it, as a blank cell in a sheet means "the usual"."""

    __slots__ = ()

    def __new__(cls):
        return super().__new__(cls, "")

    def __reduce__(self):
        return EmptyCell, ()


class LocDict(dict):
    """A mapping that knows where it and each of its keys and values were written.

    Each key's two places are kept together in `places`, in one int as the reader packs them (`packed_places`): a deck
    holds a mapping for every card, and a second dict of places beside each was the largest part of a read game. A
    place set by other means (a spreadsheet's cells, a generated card's) is a (value's place, key's place) pair, each
    a Loc, a position packed by `position`, or None for none."""

    __slots__ = ("_loc", "path", "places")

    def __init__(self, loc, path: str | None = None):
        super().__init__()
        self.path = path if path is not None else loc.path
        self._loc = loc
        self.places: dict = {}

    @property
    def loc(self) -> Loc:
        return _as_loc(self.path, self._loc)

    def loc_of(self, key) -> Loc:
        where = self.value_where(key)
        return self.loc if where is None else _as_loc(self.path, where)

    def key_loc(self, key) -> Loc:
        where = self.key_where(key)
        return self.loc if where is None else _as_loc(self.path, where)

    def value_where(self, key):
        """Where `key`'s value was written as kept (a Loc, a position packed by `position`), None when not said."""
        return _value_at(self.places.get(key))

    def key_where(self, key):
        """Where `key` itself was written as kept (a Loc, a position packed by `position`), None when not said."""
        return _key_at(self.places.get(key))

    def has_key_loc(self, key) -> bool:
        """Whether `key` was given a place of its own (else `key_loc` gives the mapping's)."""
        return self.key_where(key) is not None

    def set_loc(self, key, where) -> None:
        """Place `key`'s value at `where` (a Loc, or a position packed by `position`); its key keeps its place."""
        self.places[key] = (where, self.key_where(key))

    def set_key_loc(self, key, where) -> None:
        """Place `key` itself at `where`; its value keeps its place."""
        self.places[key] = (self.value_where(key), where)


def packed_places(value_pos: int, key_pos: int):
    """A key's two places as the reader keeps them: the value's position shifted over the count of columns its key
    starts before it, plus one, when both are on one line (`key: value`, as nearly every key is), in one int; else
    the pair."""
    back = (value_pos & 0xFFFFFF) - (key_pos & 0xFFFFFF)
    if value_pos >> 24 == key_pos >> 24 and 0 <= back < 0xFFFF:
        return (value_pos << 16) | (back + 1)
    return (value_pos, key_pos)


def _value_at(place):
    """Where a value was written, from its key's `places` entry (None: nowhere said)."""
    if place is None:
        return None
    return place >> 16 if type(place) is int else place[0]


def _key_at(place):
    """Where a key was written, from its `places` entry (None: nowhere said)."""
    if place is None:
        return None
    if type(place) is int:
        return (place >> 16) - (place & 0xFFFF) + 1
    return place[1]


class LocList(list):
    """A sequence that knows where it and each of its items were written."""

    __slots__ = ("_loc", "locs", "path")

    def __init__(self, loc, path: str | None = None):
        super().__init__()
        self.path = path if path is not None else loc.path
        self._loc = loc
        self.locs: list = []

    @property
    def loc(self) -> Loc:
        return _as_loc(self.path, self._loc)

    def loc_of(self, index) -> Loc:
        return _as_loc(self.path, self.locs[index]) if 0 <= index < len(self.locs) else self.loc


def same_source(a, b) -> bool:
    """Whether two values read from files are equal and were written at the same places, their own and every key's and
    item's: one may stand for the other in any finding. A bool is not the int it equals."""
    if type(a) is not type(b):
        return False
    if isinstance(a, LocDict) and (a._loc != b._loc or a.path != b.path or a.places != b.places):
        return False
    if isinstance(a, LocList) and (a._loc != b._loc or a.path != b.path or a.locs != b.locs):
        return False
    if isinstance(a, dict):
        if a.keys() != b.keys():
            return False
        pairs = ((v, b[k]) for k, v in a.items())
    elif isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return False
        pairs = zip(a, b, strict=True)
    else:
        return a == b
    return all(_alike(x, y) for x, y in pairs)


def _alike(x, y) -> bool:
    """`same_source` with scalars compared here: most values of a card are."""
    return type(x) is type(y) and (x == y if type(x) in _SCALAR_TYPES else same_source(x, y))


_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})


def loc_at(root, path, fallback: Loc | None = None) -> Loc:
    """The position of the value at `path` (keys and indices) below `root`, or the nearest parent's."""
    node, loc = root, getattr(root, "loc", fallback)
    for step in path:
        if (isinstance(node, LocDict) and step in node) or (isinstance(node, LocList) and isinstance(step, int) and 0 <= step < len(node)):
            loc, node = node.loc_of(step), node[step]
        else:
            break
    return loc or fallback
