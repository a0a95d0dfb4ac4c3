"""One card that changed since the last marked print, as `pnp changes` lists it (pnp.pipeline.printed_cards
.changes_since_print, which imports this when it runs). Apart from the record so that a build, which writes the record
and never lists changes, does not define the class: a dataclass's methods are compiled from text in every process that
defines it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardChange:
    """One card that differs from the last marked print: `kind` is changed, added or removed."""

    card: str  # deck/card
    kind: str
    code_before: str
    code_now: str
    fields: tuple[str, ...]
