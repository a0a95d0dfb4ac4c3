"""How many pieces of a sheet PDF show each face: a face shown more than once is drawn once, as a form, and placed.
The faces another process renders arrive while the pages are drawn (PENDING until then), and are counted as they come.
"""
from __future__ import annotations

from collections import Counter


class _Pending:
    """Stands for a face another process is still rendering (pnp.render.sheets.write_sheets's `arrive`)."""

    def __repr__(self) -> str:
        return "PENDING"


PENDING = _Pending()


class Redraw(Exception):
    """A face drawn once on a page before another process's faces arrived is equal to one of them, so one process
    would have drawn it as a form (`count_arrived`): the pages are drawn again from the first."""


class Uses:
    """How many pieces show a face, counted by value (equal faces are one form), asked by the face object.

    Hashing a face reads every element it holds, and a sheet asks for every
    placement twice (to draw it, for the page's key): here each face object is
    hashed once, when first counted, and then found by identity (the caller
    holds the faces, so their ids stay theirs). The faces another process draws
    are counted as they arrive (`add`)."""

    def __init__(self, faces=(), more: bool = False):
        self._pieces: Counter = Counter()  # id → pieces showing that object
        self._alike: dict = {}  # face → the ids of the objects equal to it
        self._group: dict = {}  # id → that list of ids
        self._by_object: dict = {}  # id → (the face object, pieces showing it or a face equal to it)
        self.add(faces)
        if not more:
            self.settle()

    def settle(self) -> None:
        """No more faces are coming: what `add` needs to count them is let go (three entries a face of a large deck)."""
        self._pieces = self._alike = self._group = None

    def add(self, faces) -> bool:
        """Count the pieces showing `faces` too. Whether a face one piece showed before is now shown by more: drawn
        on a page as used once, it is a form where every face was counted first (pnp.render.sheets)."""
        faces = list(faces)
        objects = dict(zip(map(id, faces), faces, strict=True))
        before: dict[int, tuple[list, int]] = {}  # id of a group of equal objects → (the group, its pieces before)
        for key, face in objects.items():
            group = self._group.get(key)
            if group is None:
                group = self._group[key] = self._alike.setdefault(face, [])
                if id(group) not in before:
                    before[id(group)] = (group, self._by_object[group[0]][1] if group else 0)
                group.append(key)
            elif id(group) not in before:
                before[id(group)] = (group, self._by_object[key][1])
        self._pieces.update(map(id, faces))
        grew = False
        for group, was in before.values():
            total = sum(self._pieces[k] for k in group)
            grew = grew or was == 1  # each group here gained a piece
            for k in group:
                self._by_object[k] = (objects[k] if k in objects else self._by_object[k][0], total)
        return grew

    def __getitem__(self, face) -> int:
        held = self._by_object.get(id(face))
        if held is not None and held[0] is face:
            return held[1]
        return next((n for known, n in self._by_object.values() if known == face), 0)  # an object no piece holds: by its value


def count_arrived(uses: Uses, waiting: list) -> list:
    """The pieces (pnp.render.sheet_plan.Piece) still waiting for their faces; those whose faces arrived counted in `uses`
    (a piece's front and back arrive together). A face drawn on a page as used once that is now one of many would have
    been a form in one process: Redraw."""
    arrived = [p for p in waiting if p.front is not PENDING]
    if uses.add(face for p in arrived for face in (p.front, p.back) if face is not None):
        raise Redraw
    waiting = [p for p in waiting if p.front is PENDING]
    if not waiting:
        uses.settle()
    return waiting
