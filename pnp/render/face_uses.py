"""How many pieces of a sheet PDF show each face: a face shown more than once is drawn once, as a form, and placed."""
from __future__ import annotations

from collections import Counter


class Uses:
    """How many pieces show a face, counted by value (equal faces are one form), asked by the face object.

    Hashing a face reads every element it holds, and a sheet asks for every
    placement twice (to draw it, for the page's key): here each face object is
    hashed once, when counted, and then found by identity (the caller holds
    the faces, so their ids stay theirs)."""

    def __init__(self, faces):
        faces = list(faces)
        pieces = Counter(map(id, faces))  # pieces showing each object
        objects = dict(zip(map(id, faces), faces, strict=True))
        alike: dict = {}  # face → the ids of the objects equal to it: each object hashed once
        for key, face in objects.items():
            alike.setdefault(face, []).append(key)
        self._by_object: dict = {}  # id → (the face object, pieces showing it or a face equal to it)
        for keys in alike.values():
            total = sum(pieces[key] for key in keys)
            for key in keys:
                self._by_object[key] = (objects[key], total)

    def now_shared(self, later: Uses) -> bool:
        """Whether a face one piece showed here is shown by more in `later` (the uses once another process's faces
        arrived): one drawn on a page as used once is then a form in a build in one process (pnp.render.sheets)."""
        return any(n == 1 and later[face] > 1 for face, n in self._by_object.values())

    def __getitem__(self, face) -> int:
        held = self._by_object.get(id(face))
        if held is not None and held[0] is face:
            return held[1]
        return next((n for known, n in self._by_object.values() if known == face), 0)  # an object no piece holds: by its value
