"""What was worked out from a value that is never changed once made, remembered by the value's identity.

A build works out digests and fingerprints of its faces and of its cards' fields
for its cache keys. A process that stays up (`pnp watch`) gets the same
objects back for what did not change (a face from the face store, a card read
alike, pnp.data.project), so with `keep_by_identity` each memo lasts from
build to build, and a one-card edit works out that card's alone.
"""
from __future__ import annotations

from collections.abc import Callable


class ByIdentity:
    """`make(value)` remembered for each value object; holding the value keeps its id its own."""

    LIMIT = 50_000  # values held (an edited card leaves its old fields here): past this the memory starts again

    def __init__(self):
        self._known: dict[int, tuple[object, object]] = {}

    def __call__(self, value, make: Callable):
        hit = self._known.get(id(value))
        if hit is None or hit[0] is not value:
            if len(self._known) >= self.LIMIT:
                self._known.clear()
            hit = self._known[id(value)] = (value, make(value))
        return hit[1]


_KEPT: dict[str, ByIdentity] | None = None  # the memos of a process that stays up, by name


def keep_by_identity() -> None:
    """Keep each named memo from build to build in this process (`pnp watch`)."""
    global _KEPT
    if _KEPT is None:
        _KEPT = {}


def memo(name: str) -> ByIdentity:
    """The memo named `name`: the process's own when it keeps them (keep_by_identity), else a new one for the caller's run."""
    if _KEPT is None:
        return ByIdentity()
    return _KEPT.setdefault(name, ByIdentity())
