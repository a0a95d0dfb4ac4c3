"""A contrast warning names a colour the designer never set (pnp's default paper) as a default to set, not as the first
line of game.yaml's palette (issue 102, a nanDECK deck ported from the docs: "'paper' #ffffff (data/duel/game.yaml:4:3)"
pointed at the gold entry). Read from `pnp validate`'s words on a project of our own.
"""
from __future__ import annotations

from conftest import run_pnp

GAME = 'title: Duel\nplayers: {min: 2, max: 2}\npalette:\n  gold: "#CC9900"\n'  # nanDECK's TEXTFONT colour, gold on white
DECK = 'name: Monsters\nsize: "56 x 87"\nfront: duel/front.j2\ncards_from: monsters.csv\n'
SHEET = "NAME,Quantity\nGoblin,3\nOgre,1\n"  # nanDECK's LINKMULTI="Quantity" column, as the sheet writes it
FRONT = '{{ text(card.NAME, 3, 3, 50, 8, size=14, color="gold", align="center") }}\n'


def test_a_default_paper_is_named_as_a_default_and_the_set_colour_at_its_line(tmp_path):
    (tmp_path / "data/duel/decks").mkdir(parents=True)
    (tmp_path / "templates/duel").mkdir(parents=True)
    (tmp_path / "data/duel/game.yaml").write_text(GAME)
    (tmp_path / "data/duel/decks/monsters.yaml").write_text(DECK)
    (tmp_path / "data/duel/decks/monsters.csv").write_text(SHEET)
    (tmp_path / "templates/duel/front.j2").write_text(FRONT)
    result = run_pnp(tmp_path, "validate", "duel")
    said = [line for line in result.output.splitlines() if "contrast" in line]  # stdout and stderr as the designer sees them
    assert len(said) == 1, result.output
    assert "'gold' #cc9900 (data/duel/game.yaml:4:9)" in said[0]  # line 4, column 9: the value the designer wrote
    assert "'paper' #ffffff (" in said[0] and "game.yaml:4:3" not in said[0], said[0]
    assert "set paper in game.yaml's palette" in said[0], said[0]
