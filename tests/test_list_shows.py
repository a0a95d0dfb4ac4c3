"""What `pnp list` shows of a game's token sets: each set's pieces as its tokens.yaml counts them, and the sheets a
standee takes folded out (both sides and their base tabs), not as the one face its size names."""
from __future__ import annotations

import json

from conftest import run_pnp

LETTER = (215.9, 279.4)  # mm


def _tokens(project) -> dict[str, dict]:
    result = run_pnp(project, "list", "tiny", "--format", "json")
    assert result.exit_code == 0, result.output + result.stderr
    return {t["id"]: t for t in json.loads(result.output)[0]["tokens"]}


def test_list_counts_each_token_sets_pieces_as_its_data_does(project):
    """tokens.yaml: coins are two items of 8 and 4; pawns 3 in each of two colours; shields 4, walls 6, notes 5, standees 2."""
    pieces = {id_: t["pieces"] for id_, t in _tokens(project).items()}
    assert pieces == {"coins": 12, "pawns": 6, "shields": 4, "walls": 6, "notes": 5, "hero": 2}


def test_list_sizes_a_standees_sheet_by_its_folded_out_height(project):
    """The hero standee is 25 × 40 mm a side; folded out it is both sides and two base tabs of at least 10 mm, over
    100 mm along its fold: Letter holds two such rows at most, so at most 2 × 8 (215.9 / 25) a sheet either way round.
    Counted by its face alone, six rows of 40 mm would fit."""
    sheet = _tokens(project)["hero"]["sheet"]
    assert sheet["fits"] and sheet["per_sheet"] <= 2 * int(LETTER[0] // 25), sheet
    assert sheet["sheets"] == 1, sheet  # the game's two standees
