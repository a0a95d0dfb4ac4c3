"""pnp's own drawing functions and helpers are called from templates without the sandbox's per-call checks that can
never refuse them (pnp.layout.sandbox.Sandbox.plain_calls), and keep every guard that can: each call is a step of the
face's work (a face is stopped when asked, a runaway stopped on time), what a call returns counts against the face's
allowance, and a name a template binds to something else is checked as any call is."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.core.errors import Loc, PnpError
from pnp.layout import growth
from pnp.layout.fonts import FontBook
from pnp.layout.helpers import template_helpers
from pnp.layout.icons import IconLibrary
from pnp.layout.templates import Layouts

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def draw(tmp_path_factory):
    """draw(source) renders a one-face template, in a game with one colour and no icons."""
    folder = tmp_path_factory.mktemp("calls")
    layouts = Layouts(folder, [folder], FontBook(ROOT / "pnp/assets/fonts"), helpers=template_helpers)
    game = layouts.for_game({"ink": "#000000"}, {}, IconLibrary([]))

    def draw(source: str, stop=None):
        name = f"t{len(list(folder.iterdir()))}.j2"
        (folder / name).write_text(source, encoding="utf-8")
        with layouts.stopped_by(stop or (lambda: False)):
            return game.render(name, {}, 60, 90, 0, "face", Loc("data.yaml", 1, 1))

    return draw


def test_a_face_of_drawing_calls_alone_is_stopped_when_asked(draw):
    """No loop, no macro: only its drawing calls are the face's steps, and every TICKS_PER_LOOK-th step asks whether
    to stop (pnp serve drops a face a newer save made out of date)."""
    calls = '{{ rect(0, 0, 1, 1, fill="ink") }}\n'
    assert len(draw(calls * (growth.TICKS_PER_LOOK - 1), stop=lambda: True).elements) == growth.TICKS_PER_LOOK - 1
    with pytest.raises(growth.Interrupted):
        draw(calls * growth.TICKS_PER_LOOK, stop=lambda: True)


def test_what_a_helper_returns_counts_against_the_face(draw, monkeypatch):
    """loop_spaces(…, 250, …) returns 4 × 250 + 4 spaces: six calls make 6,024 items, past an allowance of 5,000."""
    monkeypatch.setattr(growth, "MAX_MADE", 5000)
    five = "{% for i in range(4) %}{% set s = loop_spaces(0, 0, 100, 100, 250, 5) %}{% endfor %}"
    draw(five)
    with pytest.raises(PnpError, match="over 5,000 characters and list items") as raised:
        draw(five.replace("range(4)", "range(6)"))
    assert "over 5,000 characters and list items" in str(raised.value.findings[0].message)


def test_a_drawing_name_bound_to_something_else_is_checked_as_any_call(draw):
    with pytest.raises(PnpError, match=re.escape("text made by .join() would be 119,999 long")) as raised:
        draw('{% set rect = "-".join %}{{ rect(["x"] * 60000) }}')
    assert "text made by .join() would be 119,999 long (limit 100,000)" in raised.value.findings[0].message, "refused before it is made"
