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


def test_a_faint_word_on_the_back_pnp_draws_for_a_templated_aid_is_said_where_the_template_is_named(project):
    """An aid drawn by the game's own template gets pnp's decorative back (the game's title on the accent), which no
    template line draws: its words too pale on a pale ink are said at reference.yaml's `template:` value, where a finding
    no line of the aid's template holds belongs, naming the back and saying pnp drew it, never sending the designer to
    the template for words it lacks. White on #c8c8c8 is 1.67:1 by WCAG's formula."""
    aid = ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="paper") }}\n'
           '{{ text("Keep your hand close", 6, 6, 51, 12, size=9, color="#222222") }}\n')
    apply_edits(project, [{"file": "templates/tiny/aid.j2", "write": aid},
                          {"file": "data/tiny/reference.yaml", "append": "template: tiny/aid.j2\n"},
                          {"file": "data/tiny/game.yaml", "replace": ['ink: "#1d2433"', 'ink: "#c8c8c8"']}])
    template_line = len((project / "data/tiny/reference.yaml").read_text(encoding="utf-8").splitlines())
    result = run_pnp(project, "validate", "tiny")
    back = [line for line in result.output.splitlines() if line.endswith("[player aid 1 back]")]
    assert back and all(line.startswith(f"data/tiny/reference.yaml:{template_line}:11: warning: text '") for line in back), back
    assert any("text 'Tiny Test Game' (15 pt) in #ffffff (not a palette colour) on 'ink' #c8c8c8" in line and "contrast 1.67:1" in line
               for line in back), back
    assert all("asks of it (the player aid's back (drawn by pnp from game.yaml's title and palette))" in line and "aid.j2" not in line
               for line in back), back


def test_a_faint_word_on_a_tokens_back_is_said_as_its_back(project):
    """A coin's back (token-coin-back.j2) with its value in a pale grey on the coin's tint: a warning at that template's
    line for each coin, each naming the coin and its side, `[tokens/coins/c1 back]`, so the designer knows which face to
    look at. #e0e0e0 on the 1-coin's #f3d36b is 1.11:1 by WCAG's formula."""
    apply_edits(project, [{"file": "templates/tiny/token-coin-back.j2", "replace": ['size=7, align="center"', 'size=7, color="#e0e0e0", align="center"']}])
    result = run_pnp(project, "validate", "tiny")
    faint = sorted(line for line in result.output.splitlines() if "contrast" in line)
    assert [line.split(" warning: ")[0] for line in faint] == ["templates/tiny/token-coin-back.j2:4:1:"] * 2, result.output
    assert faint[0].startswith("templates/tiny/token-coin-back.j2:4:1: warning: text 'BACK1' (7 pt) in #e0e0e0 (not a palette colour) "
                               "on #f3d36b (not a palette colour) has contrast 1.11:1"), faint
    assert [line.rsplit(" [", 1)[1] for line in faint] == ["tokens/coins/c1 back]", "tokens/coins/c5 back]"], faint


def test_a_faint_word_on_a_player_aid_pnp_draws_is_said_at_its_card_size(project):
    """A player aid with no template of its own is drawn by pnp from reference.yaml: no template line drew its words, so
    a faint one is said at reference.yaml's `card_size:` value (line 2, column 12), the entry that makes the aids, never
    at the file's first line. An ink of #c8c8c8 reads faintly on the paper."""
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ['ink: "#1d2433"', 'ink: "#c8c8c8"']}])
    lines = (project / "data/tiny/reference.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[1] == "card_size: poker"
    result = run_pnp(project, "validate", "tiny")
    aid = [line for line in result.output.splitlines() if line.endswith("[player aid 1 front]")]
    assert aid and all(line.startswith("data/tiny/reference.yaml:2:12: warning: ") for line in aid), aid
    assert any("text 'A turn' (10.4 pt) in 'ink' #c8c8c8" in line for line in aid), aid
