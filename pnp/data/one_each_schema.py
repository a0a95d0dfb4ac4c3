"""The shape of a deck whose `count_column: none` says no field gives its copies (a spreadsheet's, as Squib reads
them): one copy of each card, declared as pnp.data.schema declares the other decks.

Apart from pnp.data.schema so that a process reading no such deck makes neither model (issue #77): pnp.data.project
imports it when it reads one.
"""

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from pnp.data.schema import DeckSpec
from pnp.data.schema_base import ID_PATTERN, MAX_CARDS_PER_DECK


class OneEachCardSpec(BaseModel):
    """A card of a deck whose `count_column: none` says no field gives its copies: one copy, and a `count` field is the
    template's to read (a Squib sheet's `count` may count pips)."""

    model_config = ConfigDict(extra="ignore", strict=True, populate_by_name=True, defer_build=True)
    id: str = Field(pattern=ID_PATTERN, max_length=80)
    back: str | None = None
    count: ClassVar[int] = 1


class OneEachDeckSpec(DeckSpec):
    """A deck of `count_column: none`: its cards are one copy each (OneEachCardSpec)."""

    cards: list[OneEachCardSpec] = Field(min_length=1, max_length=MAX_CARDS_PER_DECK)
