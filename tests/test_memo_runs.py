"""The session's memos (pnp.core.memo): whatever is asked, in whatever order across builds, a memo gives what working it
out again gives, and holds no more than what the last two builds asked for (`TwoRuns`). Properties over random
sequences of asks and new builds, with a model written from the promise, not from the code. What a memo holds is
read as a user's memory feels it: which answers are still alive (weak references), not the memo's own storage."""
from __future__ import annotations

import weakref

import properties  # noqa: F401  (the suite's Hypothesis profile)
from hypothesis import given
from hypothesis import strategies as st

from pnp.core.memo import ByIdentity, ByValue, Keeps, memo, memo_by_value

# a build is a list of asks: each a small key, so that builds ask again for what earlier ones did
BUILDS = st.lists(st.lists(st.integers(0, 12), max_size=12), min_size=1, max_size=8)


def _last_two(builds: list[list[int]], upto: int) -> set[int]:
    """What build `upto` and the one before it asked for: all a memo may hold once build `upto` is done."""
    return set(builds[upto]) | (set(builds[upto - 1]) if upto else set())


class Answer:
    """What a memo works out: an object of its own, so a weak reference tells whether the memo still holds it."""

    def __init__(self, key: int):
        self.key = key


class Answers:
    """Every answer made, weakly: the keys of those still alive are what the memo holds."""

    def __init__(self):
        self.made = weakref.WeakSet()

    def __call__(self, key: int) -> Answer:
        answer = Answer(key)
        self.made.add(answer)
        return answer

    def alive(self) -> list[int]:
        return [answer.key for answer in self.made]


def _holds_only(answers: Answers, allowed: set[int]) -> None:
    """The memo holds an answer for no key outside `allowed`, and no more than one for each."""
    alive = answers.alive()
    assert set(alive) <= allowed and len(alive) <= len(allowed), (sorted(alive), sorted(allowed))


@given(BUILDS)
def test_a_memo_by_value_answers_as_working_it_out_and_holds_only_the_last_two_builds(builds):
    made: list[int] = []
    answers = Answers()
    kept = ByValue()
    for n, asks in enumerate(builds):
        if n:
            kept.new_run()
        for key in asks:
            assert kept(key, lambda k: made.append(k) or answers(k)).key == key
        _holds_only(answers, _last_two(builds, n))
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
    answers = Answers()
    kept = ByIdentity()
    for n, asks in enumerate(builds):
        if n:
            kept.new_run()
        for key in asks:
            value = objects[key]
            assert kept(value, lambda v: answers(v.n)).key == key
        _holds_only(answers, _last_two(builds, n))
    # an object equal to one it knows, but another object, is worked out for itself, never given the other's answer
    twin = Value(builds[-1][0] if builds[-1] else 0)
    assert kept(twin, lambda v: ("twin", v.n)) == ("twin", twin.n)


def test_a_sessions_keeps_start_a_run_for_every_memo_and_the_inspections():
    """Keeps.new_run reaches every part that holds faces: the memos by object and by value, and the inspections."""
    keeps, answers = Keeps(), Answers()
    by_identity, by_value = memo("digests", keeps), memo_by_value("edges", keeps)
    face = Value(1)
    by_identity(face, lambda v: answers(1))
    by_value("edge", lambda k: answers(2))
    keeps.inspections[(id(face), "t", None)] = (face, [])
    keeps.new_run()
    assert sorted(answers.alive()) == [1, 2] and len(keeps.inspections) == 1  # the build before this one's: still held
    keeps.new_run()  # two builds that asked for none of them
    assert answers.alive() == [] and len(keeps.inspections) == 0
    assert keeps.inspections.get((id(face), "t", None)) is None
    assert by_identity(face, lambda v: answers(3)).key == 3 and by_value("edge", lambda k: answers(4)).key == 4  # worked out again


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
    kept, answers = ByIdentity(limit=3), Answers()
    values = [Value(n) for n in range(10)]
    for value in values:
        assert kept(value, lambda v: answers(v.n)).key == value.n
        assert len(answers.alive()) <= 3


def test_a_memo_by_value_starts_again_past_its_limit_and_still_answers(monkeypatch):
    monkeypatch.setattr(ByValue, "LIMIT", 3)
    kept, answers = ByValue(), Answers()
    for key in range(10):
        assert kept(key, lambda k: answers(k + 100)).key == key + 100
        assert len(answers.alive()) <= 3


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
