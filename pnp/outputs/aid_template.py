"""The player aid drawn by a template of the game's own: reference.yaml's `template:`, opt-in, as a board names its own.

Without `template:` pnp lays the aid out from reference.yaml's sections
(pnp.outputs.player_aids). With one, the aid's front is that template's
drawing at `card_size`, through the same Layouts.render as a board or a
token (its fonts, icons and helpers; its findings at the template's lines;
its safe area and readability checked as theirs are), and it prints on the
same sheets, in the same place, with the same footer and marks: the aid is
one card per player, its back the game's decorative back. The template sees
`aid` (reference.yaml's own keys, any extra ones too) and `card` (the same),
`face`, `game`, `palette` and `decks`, as a board's sees `board`. Its
sections then all print on the reference sheet (`only: aid` ones too), so
nothing written there is lost; `pnp serve` drags the template's elements
(pnp.serve.traced) as it drags a board's.
"""
from __future__ import annotations

from contextlib import suppress

from pnp.core.errors import Loc, PnpError
from pnp.data.fields import Fields
from pnp.layout.elements import Face
from pnp.outputs.context import GameContext, decks_fields, face_context

WHAT = "player aid"  # the component a template's findings name


def templated(game) -> bool:
    """Whether the game's player aid is drawn by a template (reference.yaml's `template:`)."""
    return bool(game.reference is not None and game.reference.template)


def template_loc(game) -> Loc:
    """Where the aid's template is named: its findings that no template line holds are said there."""
    return game.reference_data.loc_of("template")


def aid_face(gctx: GameContext, bleed: float, ink_saver: bool = False) -> Face:
    """The aid's front drawn by its template at `card_size` with `bleed` mm past the trim. Raises PnpError, located at the
    template's line (or at `template:` for a template that is not found)."""
    game = gctx.game
    raw, spec = game.reference_data, game.reference
    w, h = spec.card_size
    ctx = face_context(game, Fields({}, "deck"), raw, "aid", w, h, bleed, "front", ink_saver,
                       extra={"aid": Fields(raw, "aid"), "decks": decks_fields(game, gctx.card_reads)})
    return gctx.layouts.render(spec.template, ctx, w, h, bleed, WHAT, template_loc(game), game.slug)


def traced_origins(gctx: GameContext, bleed: float, ink_saver: bool = False) -> dict:
    """The template lines that drew the aid's elements (Layouts.tracing), for the sheets' sliver warnings: the aid drawn
    again, traced, with the values its print drew (elements are values, so the same ones are found)."""
    with gctx.layouts.tracing() as origins, suppress(PnpError):  # drawn once for the sheets: a failure now is no sliver's
        aid_face(gctx, bleed, ink_saver)
    return origins
