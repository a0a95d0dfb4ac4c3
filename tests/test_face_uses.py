"""How many pieces show each face (pnp.render.face_uses.Uses), counted as a split deck's faces arrive: whatever the
order they come in, the counts are those of every face counted at once, by value, and `add` says exactly when a face
one piece showed is now shown by more (a face drawn inline that one process would have drawn as a form)."""
from __future__ import annotations

from collections import Counter

import properties  # noqa: F401  (the suite's Hypothesis profile)
from hypothesis import example, given
from hypothesis import strategies as st

from pnp.layout.elements import Face, Rect
from pnp.render.face_uses import Uses

_COLOURS = ("#204060", "#806040", "#123456")


def _face(colour: str) -> Face:
    return Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, colour, None, 0, 0, None),), frozenset())  # a new object at every call


# a piece shows object `n` of its colour: equal faces held by different objects, as two processes draw them
_PIECES = st.lists(st.tuples(st.sampled_from(_COLOURS), st.integers(0, 2)), max_size=12)


@given(st.lists(_PIECES, min_size=1, max_size=4))
@example([[("#204060", 0)], [("#204060", 0)], [("#204060", 1)]])  # an object counted again, then its twin: once, twice, three times
def test_faces_counted_part_by_part_are_counted_as_all_at_once(parts):
    objects = {(colour, n): _face(colour) for part in parts for colour, n in part}
    uses, seen, counted = Uses(more=True), Counter(), set()
    for part in parts:
        grew = uses.add(objects[key] for key in part)
        before = Counter(seen)
        seen.update(colour for colour, _ in part)
        counted.update(part)
        assert grew == any(before[c] == 1 and seen[c] > 1 for c in before)
        assert all(uses[objects[key]] == seen[key[0]] for key in counted)
    once = Uses(objects[key] for part in parts for key in part)
    assert all(uses[face] == once[face] for face in objects.values())
