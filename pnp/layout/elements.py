"""The laid-out face: what templates record and every later stage draws, checks or transforms."""
from __future__ import annotations

from typing import NamedTuple


class Face(NamedTuple):
    """One drawn side of a component: elements in mm from the trim's top-left."""

    w: float
    h: float
    bleed: float
    elements: tuple
    icons: frozenset
