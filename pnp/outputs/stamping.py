"""Card fronts stamped with their game's version and their own code (pnp.data.stamps), when the game keeps stamps on."""
from __future__ import annotations

from collections.abc import Callable

from pnp.core.errors import Finding, warning
from pnp.data.project import Card, Deck
from pnp.data.stamps import Stamper
from pnp.layout.elements import Face
from pnp.layout.stamp import Stamping, qr_fits
from pnp.outputs.context import GameContext


def face_stamper(gctx: GameContext, deck: Deck, findings: list[Finding] | None = None) -> Callable[[Card, Face], Face] | None:
    """What stamps a front of `deck` in the game's body font and ink, or None when the game says `stamps: false`. A card
    too small for its QR stamp (`stamps: {qr: true}`) keeps the text alone, and the deck gets one warning in `findings`."""
    stamper = Stamper(gctx.project.templates_dir, gctx.game)
    if not stamper.on:
        return None
    font = gctx.fonts.font_name(gctx.layouts.family("body"))
    colour = gctx.game.spec.palette.get("ink", "#222222")
    warned: list[str] = []
    setters: dict[tuple[str, float], Stamping] = {}  # (corner, inset) → its Stamping: a deck's stamps sit in one corner

    def stamp(card: Card, face: Face) -> Face:
        mark = stamper(deck, card)
        link = mark.link
        if link and not qr_fits(face.w, face.h, mark.text, font, link, mark.inset):
            link = None
            if not warned and findings is not None:
                warned.append(card.id)
                findings.append(warning("qr-stamp-room", f"the cards of deck '{deck.id}' ({face.w:g} × {face.h:g} mm) have no room in their safe "
                                        "area for a QR stamp (its modules 0.4 mm, as phones read them): they carry the stamp's text alone; "
                                        "fill in fewer of feedback.fields, or use a shorter form address", gctx.game.data.loc_of("stamps"),
                                        game=gctx.game.slug, component=deck.id))
        setter = setters.get((mark.corner, mark.inset))
        if setter is None:
            setter = setters[(mark.corner, mark.inset)] = Stamping(mark.corner, font, colour, mark.inset, deck.shape)
        return setter(face, mark.text, link)

    return stamp
