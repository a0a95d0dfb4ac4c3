"""Data as templates see it: attribute access to a mapping (`card.name`), naming the path it came from."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from pnp.core.errors import LEFT_OUT, LayoutError

ANY = "*"  # in a card read: every card of the deck, or every field of the card


class CardReads:
    """Which card data an output read: (deck id, card id or ANY, field or ANY).

    A rulebook that prints `decks.heroes.by.side.red` depends on every hero's
    `side` and nothing else of theirs; a board that lists the cells' names on
    its spaces depends on those names. The build keeps these reads with the
    output, so an edit to a card field no such output read rebuilds the card
    sheets alone. Reads are recorded by the Fields that show cards to
    templates and facts, and by the builders that draw a card's face
    elsewhere (the rulebook's cover and figures). `capture` gathers what one
    face read, so a face reused from the face store brings its reads along."""

    def __init__(self):
        self.seen: set[tuple[str, str, str]] = set()
        self._captures: list[set] = []

    def add(self, deck: str, card: str, field) -> None:
        read = (deck, card, field if isinstance(field, str) else ANY)  # a number or other odd key: count the card as read whole
        self.seen.add(read)
        for captured in self._captures:
            captured.add(read)

    def update(self, reads) -> None:
        for deck, card, field in reads:
            self.add(deck, card, field)

    @contextmanager
    def capture(self) -> Iterator[set]:
        """The reads made inside the block (they are recorded as usual too)."""
        captured: set = set()
        self._captures.append(captured)
        try:
            yield captured
        finally:
            del self._captures[next(i for i, c in enumerate(self._captures) if c is captured)]


class Fields:
    """Attribute access to a data mapping for templates (`card.name`).

    A card's mapping shown to boards, tokens and texts carries `source`
    (CardReads, deck id, card id), and every field read through it is recorded
    there; reading it whole (iterating, `items()`) records ANY. A deck's
    `by` table carries card id ANY: `by.side` reads every card's `side`."""

    __slots__ = ("_data", "_left_out", "_source", "_what")

    def __init__(self, data: dict, what: str = "card", source: tuple | None = None, left_out: dict[str, str] | None = None):
        self._data = data
        self._what = what
        self._source = source
        self._left_out = left_out  # key (or ANY) → the file whose errors left it out of a game loaded in part

    def _missing(self, name) -> None:
        """A key a game loaded in part left out: say which file's errors stop what reads it (pnp.data.project.Project.load_game)."""
        if self._left_out and isinstance(name, str):
            file = self._left_out.get(name) or self._left_out.get(ANY)
            if file:
                raise LayoutError(f"{self._what}.{name} is left out: {file} has errors: fix them first", needle=name, code=LEFT_OUT)

    def read(self, key) -> None:
        """Record that `key` was read, when this mapping is a card shown outside its sheet."""
        if self._source is not None:
            reads, deck, card = self._source
            reads.add(deck, card, key)

    def __getattr__(self, name):
        if name.startswith("__"):  # copy, pickle and the like probing for hooks: no field of ours
            raise AttributeError(name)
        self.read(name)
        try:
            return wrap(self._data[name], f"{self._what}.{name}")
        except KeyError:
            self._missing(name)
            raise AttributeError(name) from None

    def __getitem__(self, key):
        self.read(key)
        if key not in self._data:
            self._missing(key)
        return wrap(self._data[key], f"{self._what}.{key}")

    def __contains__(self, key):
        self.read(key)
        return key in self._data

    def __iter__(self):
        self.read(ANY)
        return iter(self._data)

    def __len__(self):
        self.read(ANY)
        return len(self._data)

    def get(self, key, default=None):
        self.read(key)
        return wrap(self._data.get(key, default), f"{self._what}.{key}")

    def keys(self):
        self.read(ANY)
        return list(self._data.keys())

    def items(self):
        self.read(ANY)
        return [(k, wrap(v, f"{self._what}.{k}")) for k, v in self._data.items()]

    def values(self):
        self.read(ANY)
        return [wrap(v, self._what) for v in self._data.values()]


def wrap(value, what="value"):
    if isinstance(value, dict):
        return Fields(value, what)
    if isinstance(value, list):
        return [wrap(v, what) for v in value]
    return value
