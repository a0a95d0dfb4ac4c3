"""The session's memos (pnp.core.memo): whatever is asked, in whatever order across builds, a memo gives what working it
out again gives, and holds no more than what the last two builds asked for (`TwoRuns`). Properties over random
sequences of asks and new builds, with a model written from the promise, not from the code."""
from __future__ import annotations

import properties  # noqa: F401  (the suite's Hypothesis profile)
from hypothesis import given
from hypothesis import strategies as st

from pnp.core.memo import ByIdentity, ByValue, Keeps, memo, memo_by_value

# a build is a list of asks: each a small key, so that builds ask again for what earlier ones did
BUILDS = st.lists(st.lists(st.integers(0, 12), max_size=12), min_size=1, max_size=8)


def _last_two(builds: list[list[int]], upto: int) -> set[int]:
    """What build `upto` and the one before it asked for: all a memo may hold once build `upto` is done."""
    return set(builds[upto]) | (set(builds[upto - 1]) if upto else set())


@given(BUILDS)
def test_a_memo_by_value_answers_as_working_it_out_and_holds_only_the_last_two_builds(builds):
    made: list[int] = []
    kept = ByValue()
    for n, asks in enumerate(builds):
        if n:
            kept.new_run()
        for key in asks:
            assert kept(key, lambda k: made.append(k) or (k, k * k)) == (key, key * key)
        assert len(kept._known) <= len(_last_two(builds, n))
    # worked out again only when neither this build nor the one before it had asked for it
    expected = []
    for n, asks in enumerate(builds):
        held = set(builds[n - 1]) if n else set()
        for key in asks:
            if key not in held:
                expected.append(key)
                held.add(key)
    assert made == expected


class Value:
    """An object a memo knows by its identity (a face, a card's fields)."""

    def __init__(self, n: int):
        self.n = n


@given(BUILDS)
def test_a_memo_by_identity_answers_for_the_very_object_and_lets_go_of_the_rest(builds):
    objects = {n: Value(n) for n in range(13)}
    kept = ByIdentity()
    for n, asks in enumerate(builds):
        if n:
            kept.new_run()
        for key in asks:
            value = objects[key]
            assert kept(value, lambda v: ("made", v.n)) == ("made", key)
        assert len(kept._known) <= len(_last_two(builds, n))
    # an object equal to one it knows, but another object, is worked out for itself, never given the other's answer
    twin = Value(builds[-1][0] if builds[-1] else 0)
    assert kept(twin, lambda v: ("twin", v.n)) == ("twin", twin.n)


def test_a_sessions_keeps_start_a_run_for_every_memo_and_the_inspections():
    """Keeps.new_run reaches every part that holds faces: the memos by object and by value, and the inspections."""
    keeps = Keeps()
    by_identity, by_value = memo("digests", keeps), memo_by_value("edges", keeps)
    face = Value(1)
    by_identity(face, lambda v: "digest")
    by_value("edge", lambda k: "strip")
    keeps.inspections[(id(face), "t", None)] = (face, [])
    keeps.new_run()
    keeps.new_run()  # two builds that asked for none of them
    assert len(by_identity._known) == len(by_value._known) == len(keeps.inspections) == 0
    assert keeps.inspections.get((id(face), "t", None)) is None


@given(BUILDS)
def test_a_memo_by_identity_works_out_each_object_once_while_it_is_held(builds):
    """The same object asked again, in this build or the next, is not worked out again; one the last two builds did
    not ask for is."""
    objects = {n: Value(n) for n in range(13)}
    made: list[int] = []
    kept = ByIdentity()
    expected = []
    for n, asks in enumerate(builds):
        if n:
            kept.new_run()
        held = set(builds[n - 1]) if n else set()
        for key in asks:
            kept(objects[key], lambda v: made.append(v.n) or v.n)
            if key not in held:
                expected.append(key)
                held.add(key)
    assert made == expected


def test_a_memo_holds_at_most_its_limit_in_one_build():
    kept = ByIdentity(limit=3)
    values = [Value(n) for n in range(10)]
    for value in values:
        assert kept(value, lambda v: v.n) == value.n
        assert len(kept._known) <= 3


def test_a_memo_by_value_starts_again_past_its_limit_and_still_answers(monkeypatch):
    monkeypatch.setattr(ByValue, "LIMIT", 3)
    kept = ByValue()
    for key in range(10):
        assert kept(key, lambda k: k + 100) == key + 100
        assert len(kept._known) <= 3


def test_memos_of_other_names_are_other_memos():
    """A session's memo of digests and one of inspections, asked of the same object, each keep their own answer."""
    keeps, face = Keeps(), Value(7)
    assert memo("digests", keeps)(face, lambda v: "digest") == "digest"
    assert memo("slivers", keeps)(face, lambda v: "slivers") == "slivers"
    assert memo("digests", keeps)(face, lambda v: "again") == "digest"
    assert memo_by_value("edges", keeps)(1, lambda k: "edges") == "edges"
    assert memo_by_value("marks", keeps)(1, lambda k: "marks") == "marks"


def test_an_entry_set_again_gives_this_builds_answer_not_the_last_builds():
    """An entry the last build held, worked out again and set in this one, gives this one's answer, None included, and
    the last build's goes: two entries for one key would hold the old one's objects on."""
    from pnp.core.memo import TwoRuns

    kept = TwoRuns()
    kept["key"] = "old"
    kept.new_run()
    kept["key"] = None
    assert kept.get("key") is None
    assert len(kept) == 1
