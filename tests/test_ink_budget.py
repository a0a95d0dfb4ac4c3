"""The five games' default card sheets cost at least a third less ink than before issue 66 (backs keep their colour as a
frame or band round a paper panel, not a solid field), read from the build's own ink figure."""
from __future__ import annotations

import re

import pytest
from conftest import build_log

# Each game's cards PDF on Letter, in fully inked page equivalents, as the build reported it before issue 66
BEFORE = {"germ-tycoon": 4.69, "narco-empire": 18.12, "organ-match": 19.24, "organ-trail": 5.86, "police-precinct": 18.36}
SAVED = 1 / 3
# Tokens that print on a game's last card sheet since issue 75 (their own PDF measured before that, at 9240015): the card
# sheets carry their ink now, which issue 66 did not cut (a token keeps its colour); Germ Tycoon's colonies and bacteria
# since issue 102 (their two-sided sheet, fronts and backs, measured at 4d2315eb)
TOKENS_ON_CARD_SHEETS = {"organ-trail": 0.51, "germ-tycoon": 0.7}


@pytest.mark.parametrize("game", sorted(BEFORE))
def test_a_games_cards_cost_a_third_less_ink(shared_build, game):
    out = shared_build()  # the plain build of the five games, shared with other files (conftest)
    said = re.search(rf"{game}-cards\.pdf\s.*?ink ([\d.]+) pages", build_log(out))
    assert said, f"the build reports the ink of {game}-cards.pdf"
    budget = BEFORE[game] * (1 - SAVED) + TOKENS_ON_CARD_SHEETS.get(game, 0.0) + 0.05
    assert float(said[1]) <= budget, f"{game}: ink {said[1]} pages, before {BEFORE[game]}"
