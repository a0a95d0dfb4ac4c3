"""Card fronts stamped with their game's version and their own code (pnp.data.stamps), when the game keeps stamps on."""
from __future__ import annotations

from collections.abc import Callable

from pnp.data.project import Card, Deck
from pnp.data.stamps import Stamper
from pnp.layout.elements import Face
from pnp.layout.stamp import stamped
from pnp.outputs.context import GameContext


def face_stamper(gctx: GameContext, deck: Deck) -> Callable[[Card, Face], Face] | None:
    """What stamps a front of `deck` in the game's body font and ink, or None when the game says `stamps: false`."""
    stamper = Stamper(gctx.project.templates_dir, gctx.game)
    if not stamper.on:
        return None
    font = gctx.fonts.font_name(gctx.layouts.family("body"))
    colour = gctx.game.spec.palette.get("ink", "#222222")

    def stamp(card: Card, face: Face) -> Face:
        mark = stamper(deck, card)
        return stamped(face, mark.text, mark.corner, font, colour, mark.inset, deck.shape, mark.link)

    return stamp
