"""Drag to edit, what is drawn again: one face of a piece `pnp serve` shows, with the call that drew each element.

A card's face, a board, or a token's front or back is drawn again as its
output draws it, inside Layouts.tracing_calls, so every element comes with its
template's call (pnp.serve.editing). The keys are the page's tiles' keys
(pnp.serve.components): `deck:<deck>:<card>`, `board:<board>`, `token:<name>`,
and `reference:aid:1`, a player aid whose reference.yaml names a template of
its own (pnp.outputs.aid_template). An aid laid out by pnp from the sections is
no template's drawing, so nothing on it is a call to drag.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import PnpError
from pnp.data.tokens import token_variants
from pnp.outputs.aid_template import aid_face, templated
from pnp.outputs.boards import render_board
from pnp.outputs.cards import render_cards
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.outputs.tokens import render_set, sized_sets
from pnp.serve.editing import Refusal

KINDS = "card faces, boards, tokens and a player aid drawn by its own template"


@dataclass(frozen=True)
class Fields:
    """What a face's names read, for the explainer: the piece's own fields (`card.`) and its set's (`deck.`)."""

    fields: object
    data: object


def traced_face(gctx: GameContext, key: str, side: str):
    """(face, calls, piece, its set) of one side of one piece drawn again with its calls traced; Refusal when there is
    none. The piece and its set hold the fields its names read (`.fields`, `.data`)."""
    kind, _, rest = key.partition(":")
    draw = {"deck": _card, "board": _board, "token": _token, "reference": _aid}.get(kind)
    if draw is None or side not in ("front", "back"):
        raise Refusal(404, f"no face {key} {side} to select on ({KINDS} can be edited)")
    warnings = gctx.layouts.template_warnings
    kept = len(warnings)
    with gctx.layouts.tracing_calls() as calls:
        face, piece, group = draw(gctx, rest, side, key)
    del warnings[kept:]  # the page's findings come from the refresh, not from this second drawing
    if face is None:
        raise Refusal(404, f"{key} {side} is not drawn (its template fails): fix the error listed first")
    return face, calls, piece, group


def _card(gctx: GameContext, rest: str, side: str, key: str):
    deck_id, _, card_id = rest.partition(":")
    deck = gctx.game.decks.get(deck_id)
    card = next((c for c in deck.cards if c.id == card_id), None) if deck is not None else None
    if card is None:
        raise Refusal(404, f"no card face {key} {side} to select on")
    (rendered,), _ = render_cards(gctx, deck, Options(bleed=True), [card])
    return (rendered[1] if side == "front" else rendered[2]), card, deck


def _board(gctx: GameContext, board_id: str, side: str, key: str):
    game = gctx.game
    boards = zip(game.boards.boards, game.boards_data["boards"], strict=True) if game.boards and game.boards_data else ()
    found = next(((spec, raw) for spec, raw in boards if spec.id == board_id), None)
    if found is None or side != "front":
        raise Refusal(404, f"no board face {key} {side} to select on (a board has a front only)")
    spec, raw = found
    return render_board(gctx, spec, raw), Fields(raw, raw), Fields(raw, raw)


def _token(gctx: GameContext, name: str, side: str, key: str):
    """A token's face as `pnp serve` shows it (with bleed), found by its name (`<set>/<item>`, with its colour)."""
    game = gctx.game
    findings: list = []
    options = Options(bleed=True)
    for spec, raw, size in (sized_sets(game, findings) if game.tokens and game.tokens_data else ()):
        variants = {n: source for _, _, n, source in token_variants(raw)}
        if name not in variants:
            continue
        piece = next((p for p in render_set(gctx, spec, raw, size, options.bleed_mm, options, findings) if p.label == name), None)
        if piece is None:
            return None, None, None
        return (piece.front if side == "front" else piece.back), Fields(variants[name], raw), Fields(raw, raw)
    raise Refusal(404, f"no token face {key} {side} to select on")


def _aid(gctx: GameContext, rest: str, side: str, key: str):
    """The player aid's front, when reference.yaml names a template that draws it (its one card: `aid:1`)."""
    game = gctx.game
    if not templated(game):
        raise Refusal(404, "nothing on this player aid is dragged: pnp lays it out from reference.yaml's sections, not from a template; "
                           "change them there, or name a template of its own there (template: <game>/aid.j2) to drag what it draws")
    if rest != "aid:1" or side != "front":
        raise Refusal(404, f"no face {key} {side} to select on (the player aid's template draws its front; its back is pnp's)")
    raw = game.reference_data
    try:
        return aid_face(gctx, Options(bleed=True).bleed_mm), Fields(raw, raw), Fields(raw, raw)
    except PnpError:
        return None, None, None  # its finding is the page's, from the refresh
