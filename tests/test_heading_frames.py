"""A heading never ends a frame: where a rulebook's column breaks after headings, every heading in a row goes on with
what it heads, in its order (pnp.render.flowables.Stack._headings_kept_with_next). Unless headings are all an empty
frame holds: then as many as fit fill it (1,000 headings in a row made 499 pages, one heading a page), and a frame
already begun takes none of them. Blocks of fixed heights stand in for paragraphs and headings."""
from __future__ import annotations

import pytest

from pnp.layout import rl
from pnp.render.flowables import Block, Stack

WIDTH = 100.0


class _Lines(Block):
    """A paragraph of `height` points that does not split (a short one: widow and orphan control keep it whole)."""

    def __init__(self, name: str, height: float):
        super().__init__()
        self.name, self.fixed = name, height

    def wrap(self, aW, aH):
        self.width, self.height = aW, self.fixed
        return aW, self.fixed

    def split(self, aW, aH):
        return []


class _Heading(_Lines):
    keep_with_next = True


def _split(children: list, room: float, at_top: bool) -> list[list[str]]:
    """The names in each part of a stack of `children` split in a frame with `room` points left."""
    stack = Stack(children)
    with rl.splitting_in(stack, 500.0, at_top=at_top):
        parts = stack.split(WIDTH, room)
    return [[child.name for child in part.children] for part in parts]


def _text(name: str) -> _Lines:
    return _Lines(name, 10)


def _heading(name: str) -> _Heading:
    return _Heading(name, 5)


@pytest.mark.parametrize("at_top", [True, False])
def test_headings_in_a_row_at_a_frames_foot_go_on_with_what_they_head_in_their_order(at_top):
    children = [_text("p1"), _heading("h1"), _heading("h2"), _heading("h3"), _text("p2")]
    assert _split(children, 25.0, at_top) == [["p1"], ["h1", "h2", "h3", "p2"]]  # p1 and all three fit; p2 does not


def test_headings_alone_in_an_empty_frame_fill_it():
    headings = [_heading(f"h{i}") for i in range(10)]
    assert _split([*headings, _text("p")], 22.0, at_top=True) == [["h0", "h1", "h2", "h3"], [f"h{i}" for i in range(4, 10)] + ["p"]]


def test_a_frame_already_begun_takes_none_of_a_run_of_headings_that_would_end_it():
    headings = [_heading(f"h{i}") for i in range(10)]
    assert _split([*headings, _text("p")], 22.0, at_top=False) == [], "the stack starts the next frame whole"


def test_a_heading_whose_text_fits_no_frame_goes_alone_at_the_top_of_an_empty_one():
    assert _split([_heading("h"), _Lines("long", 40)], 22.0, at_top=True) == [["h"], ["long"]]


def test_a_heading_taller_than_an_empty_frame_goes_alone_at_its_top_and_what_follows_after():
    """Nothing of the stack fits: the first heading is placed alone (it cannot be put off to a frame that holds it), the
    rest in its order after it."""
    assert _split([_Heading("h", 30), _text("p"), _text("q")], 22.0, at_top=True) == [["h"], ["p", "q"]]
