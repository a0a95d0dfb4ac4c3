"""Every kind of piece is read as cards are (issue 62): a box's faces and a die's faces go through the readability
checks, on the colour their net prints under them, and a faint word on one is reported at the template line that drew
it, as a faint word on a card is. (The five games' boxes, dice and player aids read well: the shared builds' logs say
no warning, tests/test_slivers.py.)"""
from __future__ import annotations

from conftest import apply_edits, run_pnp

BOXES = """boxes:
  - id: heroes
    name: Hero cards
    style: tuck
    decks: [heroes]
    color: blue
    front: tiny/box.j2
"""
BOX = """{{ text("**Heroes**", 5, 10, face.w - 10, 10, size=12, color="paper", align="center") }}
{{ text("a hint in ink", 5, 30, face.w - 10, 8, size=9, color="ink", align="center") }}
"""
DICE = """dice:
  - id: star
    name: Star die
    shape: d6
    size: 18
    color: paper
    face: tiny/die.j2
    faces: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}]
"""
DIE = """{{ text("**" ~ die_face.n ~ "**", 0, 4, face.w, 10, size=14, color="#e8e2d0", align="center") }}
"""


def test_a_faint_word_on_a_box_or_a_die_is_found_at_its_template_line(project):
    apply_edits(project, [{"file": "data/tiny/boxes.yaml", "write": BOXES}, {"file": "templates/tiny/box.j2", "write": BOX},
                          {"file": "data/tiny/dice.yaml", "write": DICE}, {"file": "templates/tiny/die.j2", "write": DIE}])
    result = run_pnp(project, "validate", "tiny")
    faint = [line for line in result.output.splitlines() if "contrast" in line]
    # read on the blue the box's net is printed in, not on white paper: ink is faint there, paper-white reads well
    box = [line for line in faint if line.startswith("templates/tiny/box.j2:2:1: warning: text 'a hint in ink'")]
    assert box and "boxes/heroes" in box[0] and "'blue'" in box[0], faint
    assert not [line for line in faint if "'Heroes'" in line], "paper-white on blue reads well"
    die = [line for line in faint if line.startswith("templates/tiny/die.j2:1:1: warning: text '")]
    assert die and "dice/star" in die[0], faint
    assert run_pnp(project, "validate", "--strict", "tiny").exit_code != 0


def test_a_faint_word_on_a_player_aid_is_found_at_its_template_line_naming_the_first_aid(project):
    """A player aid drawn by the game's own template (reference.yaml's `template:`) is read as a card is: a light grey
    word on the paper is one warning at the template line that drew it, naming the aid as a designer counts them, from 1."""
    aid = ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="paper") }}\n'
           '{{ text("Keep your hand close", 6, 6, 51, 12, size=9, color="#d8d8d8") }}\n')
    apply_edits(project, [{"file": "templates/tiny/aid.j2", "write": aid},
                          {"file": "data/tiny/reference.yaml", "append": "template: tiny/aid.j2\n"}])
    result = run_pnp(project, "validate", "tiny")
    faint = [line for line in result.output.splitlines() if "'Keep your hand close'" in line]
    assert len(faint) == 1, result.output
    assert faint[0].startswith("templates/tiny/aid.j2:2:1: warning: text 'Keep your hand close' (9 pt) in #d8d8d8"), faint
    assert faint[0].endswith("[player aid 1 front]"), faint
