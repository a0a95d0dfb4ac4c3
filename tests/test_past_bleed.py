"""Art past the bleed, as `pnp validate` says it (docs/layouts.md: art meant to reach the cut edge is drawn from
-face.bleed): the first element of a face reaching more than half a millimetre past its 3 mm bleed is one warning at
the template that draws it, naming every piece it prints on; a face's words are the safe area's business, never this
warning's. A deck's cards drawing the same art are judged once, so faces alike but for their size are told apart."""
from __future__ import annotations

from conftest import apply_edits, run_pnp

from pnp.core.errors import Loc
from pnp.layout.elements import Face, Rect
from pnp.layout.inspect import render_findings

HEROES = "heroes/knight, heroes/att, heroes/rogue, heroes/mage, heroes/twin"  # the five hero cards hero.j2 draws


def past_bleed(project, front: str) -> list[str]:
    """The art-past-the-bleed lines `pnp validate tiny` prints once the heroes' front (hero.j2) draws `front` alone."""
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "write": front}])
    result = run_pnp(project, "validate", "tiny")
    return [line for line in result.output.splitlines() if "reaches past the" in line]


def warned(kind: str, template: str = "hero.j2", pieces: str = HEROES) -> list[str]:
    return [f"templates/tiny/{template}: warning: {kind} reaches past the 3 mm bleed and will be cut off: keep art within "
            f"-face.bleed … face.w + face.bleed (on 5 pieces: {pieces}) [{pieces.split(', ')[0]}]"]


BAND = '{{ rect(-5, 0, face.w + 10, 10, fill="ink") }}\n'  # 5 mm past each side of the card


def test_art_past_the_bleed_is_one_warning_at_its_template_on_every_piece_it_prints_on(project):
    assert past_bleed(project, BAND + BAND) == warned("a rect")


def test_art_past_the_bleed_inside_a_group_is_named(project):
    assert past_bleed(project, "{% call group(x=0, y=0) %}" + BAND + "{% endcall %}\n") == warned("a rect")


def test_words_past_the_bleed_are_never_art_past_it(project):
    assert past_bleed(project, '{{ text("far out", -20, 20, 30, 9) }}\n') == []


def test_art_more_than_half_a_mm_past_the_bleed_is_named_and_half_a_mm_is_let_pass(project):
    """A stroke or rounding may pass the bleed by 0.5 mm unremarked; 0.6 mm past is art the cut loses."""
    assert past_bleed(project, '{{ rect(0, 0, face.w + 3.5, 10, fill="ink") }}\n') == []
    assert past_bleed(project, '{{ rect(0, 0, face.w + 3.6, 10, fill="ink") }}\n') == warned("a rect")


def test_an_icon_past_the_bleed_is_named_with_an_an(project):
    assert past_bleed(project, '{{ icon("star", face.w - 3, 40, 10) }}\n') == warned("an icon")


def test_decks_alike_but_for_their_size_are_told_apart(project):
    """The same band 68.5 mm long, on the heroes' poker cards (63.5 mm: 5 mm past the trim) and on a deck of 66 mm
    cards (2.5 mm past: within its bleed): the heroes alone are warned of, whichever deck is drawn first."""
    band = '{{ rect(0, 0, 68.5, 10, fill="ink") }}\n'
    apply_edits(project, [{"file": "templates/tiny/band.j2", "write": band},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["front: tiny/hero.j2", "front: tiny/band.j2"]}])
    for name in ("aaa", "zzz"):
        apply_edits(project, [{"file": f"data/tiny/decks/{name}.yaml",
                               "write": f"name: Wide {name}\nsize: 66 x 88.9\nfront: tiny/band.j2\ncards:\n  - {{id: w, name: W}}\n"}])
    result = run_pnp(project, "validate", "tiny")
    assert [line for line in result.output.splitlines() if "reaches past the" in line] == warned("a rect", "band.j2")


def test_a_face_drawn_with_more_than_3_mm_of_bleed_is_judged_against_its_own():
    """render_findings judges art against the face's bleed when it is wider than 3 mm: 5 mm past the trim is within 5 mm
    of bleed, and 5.6 mm past it is named against those 5 mm."""
    def said(bleed: float, past: float) -> list[str]:
        face = Face(63.5, 88.9, bleed, (Rect(0.0, 0.0, 63.5 + past, 10.0, "#2a6f97", None, 0.0, 0.0, None),), frozenset())
        return [f.message.split(":")[0] for f in render_findings(face, "d/c", "t/front.j2", Loc("d.yaml"), "g")]

    assert said(3.0, 5.0) == ["a rect reaches past the 3 mm bleed and will be cut off"]
    assert said(5.0, 5.0) == []
    assert said(5.0, 5.6) == ["a rect reaches past the 5 mm bleed and will be cut off"]


def test_art_past_the_bleed_is_named_at_each_of_the_four_edges():
    """A band 4 mm past the trim (1 mm past the 3 mm bleed) is art the cut loses whichever edge it runs past: left, top,
    right or bottom of a 63.5 × 88.9 mm poker card."""
    def said(x: float, y: float, w: float, h: float) -> list[str]:
        face = Face(63.5, 88.9, 3.0, (Rect(x, y, w, h, "#2a6f97", None, 0.0, 0.0, None),), frozenset())
        return [f.message.split(":")[0] for f in render_findings(face, "d/c", "t/front.j2", Loc("d.yaml"), "g")]

    past = ["a rect reaches past the 3 mm bleed and will be cut off"]
    assert said(-4.0, 10.0, 10.0, 10.0) == past, "left"
    assert said(10.0, -4.0, 10.0, 10.0) == past, "top"
    assert said(57.5, 10.0, 10.0, 10.0) == past, "right"
    assert said(10.0, 82.9, 10.0, 10.0) == past, "bottom"


def test_an_ellipse_past_the_bleed_is_named_with_an_an(project):
    """An ellipse, like an icon, takes 'an' before its vowel: 'an ellipse reaches past the 3 mm bleed'."""
    assert past_bleed(project, '{{ ellipse(-6, 20, 10, 10, fill="red") }}\n') == warned("an ellipse")


def test_a_group_turned_clockwise_is_judged_where_it_turns_its_art(project):
    """docs/layouts.md: `group(rotate=…)` turns clockwise. A 70 mm bar drawn from the group's origin, 10 mm below the
    card's top: turned 90° it runs down the card (to 80 mm of 88.9), inside the bleed; turned -90° it runs up, 60 mm past
    the top, and is art past the bleed."""
    bar = '{{% call group(x=10, y=10, rotate={turn}) %}}{{{{ rect(0, 0, 70, 5, fill="ink") }}}}{{% endcall %}}\n'
    assert past_bleed(project, bar.format(turn=90)) == []
    assert past_bleed(project, bar.format(turn=-90)) == warned("a rect")
