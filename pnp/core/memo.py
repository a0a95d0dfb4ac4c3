"""What was worked out from a value that is never changed once made, remembered by the value's identity.

A build works out digests and fingerprints of its faces and of its cards' fields
for its cache keys. A process that stays up (`pnp watch`) gets the same
objects back for what did not change (a face from the face store, a card read
alike, pnp.data.project), so with the session's `Keeps` each memo lasts from
build to build, and a one-card edit works out that card's alone.
"""
from __future__ import annotations

from collections.abc import Callable

_MISSING = object()  # ByValue: a key whose value is None is known


class TwoRuns:
    """A mapping whose entries last two runs of a process that stays up (`new_run`): what a save's build or the one
    before asked for stays; an edited card's old faces and fields, never asked for again, go."""

    def __init__(self):
        self.this, self.last = {}, {}

    def get(self, key, default=None):
        hit = self.this.get(key, default)
        if hit is default and key in self.last:  # asked again: it stays another run
            hit = self.this[key] = self.last.pop(key)
        return hit

    def __setitem__(self, key, value) -> None:
        self.this[key] = value
        self.last.pop(key, None)

    def __len__(self) -> int:
        return len(self.this) + len(self.last)

    def new_run(self) -> None:
        self.last, self.this = self.this, {}


class ByIdentity:
    """`make(value)` remembered for each value object; holding the value keeps its id its own."""

    LIMIT = 50_000  # values held in one run: past this the memory starts again

    def __init__(self, limit: int = LIMIT):
        self.limit = limit
        self._known = TwoRuns()  # id(value) → (value, what was made of it)

    def __call__(self, value, make: Callable):
        hit = self._known.get(id(value))
        if hit is None or hit[0] is not value:
            if len(self._known) >= self.limit:
                self._known = TwoRuns()
            hit = (value, make(value))
            self._known[id(value)] = hit
        return hit[1]

    def new_run(self) -> None:
        self._known.new_run()


class ByValue:
    """`make(key)` remembered for each key equal by value: what is worked out from a face that a rebuild draws anew
    (a check traces its templates, so no face comes back from the store) but draws alike when its card did not change."""

    LIMIT = 50_000  # keys held in one run: past this the memory starts again

    def __init__(self):
        self._known = TwoRuns()

    def __call__(self, key, make: Callable):
        made = self._known.get(key, _MISSING)
        if made is _MISSING:
            if len(self._known) >= self.LIMIT:
                self._known = TwoRuns()
            made = make(key)
            self._known[key] = made
        return made

    def new_run(self) -> None:
        self._known.new_run()


class Keeps:
    """What a process that stays up (`pnp watch`) keeps from build to build, owned by its session
    (pnp.pipeline.session.Session) and handed to each build's engine; a plain build has none and keeps nothing.

    Memos and inspections keep what the last two builds asked for (`new_run`, `TwoRuns`). Each part is keyed so that a
    hit gives what working it out again would (tests/test_kept_work.py, tests/test_warm_faces.py: rebuilds, cold builds):
    - `memos`: what was worked out from a face or a card's fields, by the object (`ByIdentity`), as the objects of
      what did not change come back from the face store;
    - `by_value`: what a check worked out from a face, by the face's value (`ByValue`): its edges, its faint marks;
    - `answers`: what each constraint's expression said of each item's fields (pnp.checks.counts);
    - `inspections`: what inspecting each face found (pnp.outputs.cards);
    - `written_stores`: the face stores this process wrote, read back from memory while their file is as written
      (pnp.pipeline.cache.FaceStore)."""

    def __init__(self):
        self.memos: dict[str, ByIdentity] = {}
        self.by_value: dict[str, ByValue] = {}
        self.answers: dict = {}
        self.inspections = TwoRuns()
        self.written_stores: dict[str, tuple[tuple, dict]] = {}

    def new_run(self) -> None:
        """A save's build or refresh: what neither it nor the last one asks for goes (answers hold no face, only text)."""
        for kept in (*self.memos.values(), *self.by_value.values(), self.inspections):
            kept.new_run()


def memo_by_value(name: str, keeps: Keeps | None = None) -> ByValue:
    """The value-keyed memo named `name`: the session's when it keeps them (`keeps`), else a new one for the caller's run."""
    if keeps is None:
        return ByValue()
    return keeps.by_value.setdefault(name, ByValue())


def memo(name: str, keeps: Keeps | None = None) -> ByIdentity:
    """The memo named `name`: the session's when it keeps them (`keeps`), else a new one for the caller's run."""
    if keeps is None:
        return ByIdentity()
    return keeps.memos.setdefault(name, ByIdentity())
