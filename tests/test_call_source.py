"""A drawing call found in a template's text with Jinja's own lexer, and its literal terms rewritten (pnp.layout.call_source).

What `pnp serve` writes when a designer drags an element: the call is the one
Jinja runs at that line (not the same words in a comment or a string, not a
method of the same name), each argument has its exact span, and only the
number an edit changes is rewritten, the rest of the file byte for byte.
"""
from __future__ import annotations

import jinja2
import pytest

from pnp.layout import call_source

RECT = ["x", "y", "w", "h"]


@pytest.fixture(scope="module")
def env():
    return jinja2.Environment(trim_blocks=True, lstrip_blocks=True)


def moved(env, text: str, line: int, name: str, delta: float, function: str = "rect", params=RECT) -> str:
    """`text` with argument `name` of the one `function` call on `line` moved by `delta`, as an edit writes it."""
    (call,) = call_source.calls_at(env, text, line, function, params)
    term = call_source.term(env, call.argument(name))
    assert term is not None, f"{name} = {call.argument(name).source} has no literal term"
    return call_source.rewritten(text.encode("utf-8"), call_source.changed(term, delta)).decode("utf-8")


def test_only_the_call_jinja_runs_is_found_whatever_surrounds_it(env):
    text = ('{# rect(1, 2, 3, 4) in a comment #}\r\n'
            '{{ text("rect(9, 9, 9, 9), a string", 0, 0, 5, 5) }}{{ shape.rect(7, 7, 7, 7) }}\r\n'
            '  {%- if true %}{{ rect( 1.5 ,\t2, (face.w - 8), h=10) }}{% endif %}\r\n')
    assert call_source.calls_at(env, text, 1, "rect", RECT) == [] and call_source.calls_at(env, text, 2, "rect", RECT) == []
    (call,) = call_source.calls_at(env, text, 3, "rect", RECT)
    assert [(a.name, a.source) for a in call.arguments] == [("x", "1.5"), ("y", "2"), ("w", "(face.w - 8)"), ("h", "10")]
    assert all(text[a.start:a.end] == a.source for a in call.arguments), "each span is the argument as written, CRLF and all"
    assert moved(env, text, 3, "x", 2) == text.replace("rect( 1.5 ,", "rect( 3.5 ,")
    assert moved(env, text, 3, "h", -2.25) == text.replace("h=10)", "h=7.75)")


@pytest.mark.parametrize(("source", "delta", "after"), [
    ("face.w - 8", 2, "face.w - 6"),  # the issue's own example
    ("face.w - 8", 10, "face.w + 2"),  # the term turns positive: its sign turns, not `- -2`
    ("face.w -8", 10, "face.w +2"),  # written tight, its sign and its number side by side: both change, nothing else
    ("w / 2 - 12", -0.5, "w / 2 - 12.5"),
    ("12.75 + 10 * filled", 2.5, "15.25 + 10 * filled"),  # a leading term
    ("-8 + face.w", 2, "-6 + face.w"),  # a leading term written with its minus: the minus is its own
    ("(face.h - 12)", -1.5, "(face.h - 13.5)"),  # parentheses around the whole argument: its term is still its own
    ("-3", 5, "2"),
    ("+2", 3, "5"),  # a number written with its plus sign is a number, its sign with it
    ("4", -4, "0"),
    ("12.125", 0.5, "12.625"),  # a thousandth of a millimetre kept
    ("1", 1 / 3, "1.333"),  # and no finer: a move in a group scaled by 3/4 is 0.5 / 0.75 mm
    ("0.5", -0.5004, "0"),  # a ten-thousandth under zero is zero at a thousandth, written as a designer writes it: never `-0`
])
def test_an_edit_changes_the_literal_term_alone(env, source, delta, after):
    text = f"{{{{ rect({source}, 0, 1, 1) }}}}\n"
    assert moved(env, text, 1, "x", delta) == f"{{{{ rect({after}, 0, 1, 1) }}}}\n"


@pytest.mark.parametrize("source", ["x * 2", "-face.bleed", "card.stars", "(a - 8) * 2", "[3, 4]|max", "8 - x if y else 2"])
def test_an_expression_with_no_literal_term_has_none_to_change(env, source):
    (call,) = call_source.calls_at(env, f"{{{{ rect({source}, 0, 1, 1) }}}}", 1, "rect", RECT)
    assert call_source.term(env, call.argument("x")) is None
