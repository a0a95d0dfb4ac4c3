"""Art past the bleed (pnp.layout.inspect.render_findings), judged in process: the first element reaching more than
SLACK_MM past the face's bleed (at least BLEED_MM) is named once; a face's words are the safe area's business. Faces
alike in their art are judged once (`_past_bleed`), so these hold that faces alike but for what decides it are told apart."""
from __future__ import annotations

from pnp.core.errors import Loc
from pnp.layout.elements import Face, Group, Rect, Text
from pnp.layout.inspect import render_findings
from pnp.layout.typeset import TextOp

BAND = Rect(-5.0, 0.0, 73.5, 10.0, "#2a6f97", None, 0.0, 0.0, None)  # 5 mm past each side of a 63.5 mm card
WORDS = Text(-20.0, 20.0, (TextOp(0.0, 9.0, "noto-sans-regular", 9.0, "#222222", "far out", 30.0),))


def said(face: Face) -> list[str]:
    return [f.message.split(":")[0] for f in render_findings(face, "d/c", "t/front.j2", Loc("d.yaml"), "g")]


def face(bleed: float, *elements, w: float = 63.5) -> Face:
    return Face(w, 88.9, bleed, tuple(elements), frozenset())


def test_art_past_the_bleed_is_named_once_and_words_never():
    assert said(face(3.0, BAND, BAND)) == ["a rect reaches past the 3 mm bleed and will be cut off"]
    assert said(face(3.0, WORDS)) == []
    assert said(face(3.0, WORDS, Group(0.0, 0.0, 0.0, 1.0, (BAND,)))) == ["a rect reaches past the 3 mm bleed and will be cut off"]


def test_faces_alike_but_for_their_bleed_or_size_are_told_apart():
    right = Rect(0.0, 0.0, 68.5, 10.0, "#2a6f97", None, 0.0, 0.0, None)  # 5 mm past a 63.5 mm card's right edge
    assert said(face(3.0, right)) == ["a rect reaches past the 3 mm bleed and will be cut off"]
    assert said(face(5.0, right)) == []  # 5 mm of bleed holds it
    assert said(face(3.0, right, w=66.0)) == []  # 2.5 mm past a 66 mm card: within its bleed
    assert said(face(3.0, right)) == ["a rect reaches past the 3 mm bleed and will be cut off"]


def test_art_more_than_half_a_mm_past_the_bleed_is_named_and_half_a_mm_is_let_pass():
    """A stroke or rounding may pass the bleed by 0.5 mm unremarked (SLACK_MM); 0.6 mm past is art the cut loses."""
    def band(past: float) -> Rect:
        return Rect(0.0, 0.0, 63.5 + 3.0 + past, 10.0, "#2a6f97", None, 0.0, 0.0, None)

    assert said(face(3.0, band(0.5))) == []
    assert said(face(3.0, band(0.6))) == ["a rect reaches past the 3 mm bleed and will be cut off"]


def test_an_icon_past_the_bleed_is_named_with_an_an():
    from pnp.layout.elements import Icon

    assert said(face(3.0, Icon("star", "#000000", 60.0, 40.0, 10.0, 10.0))) == ["an icon reaches past the 3 mm bleed and will be cut off"]
