"""pnp.core.json_text.JsonText writes what json.dumps writes with the same options, call after call, and refuses what it
refuses: the face store's keys, the data digests and the stamp codes are made with it, and must not move."""
from __future__ import annotations

import json
import math

import pytest

from pnp.core.json_text import JsonText

VALUES = [
    False, None, 0, -3, 2.5, 1e300, -0.0, math.inf, -math.inf, "", "plain", 'quote " and \\ and \n', "ñ é 漢 😀",
    [], {}, ["a", [1.0, 2], {"b": None}], {"z": 1, "a": {"y": [True, "ß"], "b": 2.25}, "m": "x"}, {2: "int key", "1": "str key"},
    ("a tuple", 1),
]
OPTIONS = [{}, {"sort_keys": True, "ensure_ascii": False}, {"sort_keys": True, "ensure_ascii": False, "separators": (",", ":"), "default": str}]


@pytest.mark.parametrize("options", OPTIONS, ids=["plain", "sorted-unicode", "compact-default"])
def test_the_text_is_json_dumps_own_call_after_call(options):
    text = JsonText(**options)
    for value in VALUES * 2:
        assert _outcome(text, value) == _outcome(lambda v: json.dumps(v, **options), value)


def _outcome(write, value):
    """What writing `value` gives: its text, or the kind of error (sorted keys of a str and an int are refused)."""
    try:
        return write(value)
    except (TypeError, ValueError) as exc:
        return type(exc)


def test_a_value_json_refuses_is_refused_and_the_next_is_written():
    text = JsonText(sort_keys=True)
    looped: list = []
    looped.append(looped)
    with pytest.raises(ValueError):
        text(looped)
    held = {"a": [1]}
    with pytest.raises(TypeError):
        text({"first": held, "then": object()})  # left part-way inside a mapping and a list
    assert text({"first": held}) == '{"first": {"a": [1]}}'
    assert text(float("nan")) == "NaN"


def test_each_thread_writes_with_its_own_encoder():
    """Two threads writing the same value at once (pnp serve draws in two) each get json.dumps's text: an encoder's
    record of what it is writing is its thread's, so the value is not taken for one holding itself."""
    import threading

    text, value, seen = JsonText(sort_keys=True, default=_slowly), {"a": [1, {"b": _Wrapped()}]}, []
    threads = [threading.Thread(target=lambda: seen.extend(text(value) for _ in range(50))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == ['{"a": [1, {"b": "w"}]}'] * 100


class _Wrapped:
    pass


def _slowly(value):
    """A `default` that lets another thread run while this one is inside the value (as a Fields wrapper's may)."""
    import time

    time.sleep(0.0005)
    return "w"
