"""Card fronts stamped with their game's version and their own code (pnp.data.stamps), when the game keeps stamps on."""
from __future__ import annotations

from collections.abc import Callable

from pnp.core.errors import Finding, warning
from pnp.core.units import SAFE_MM, STAMP_INSET_MM
from pnp.data.project import Card, Deck
from pnp.data.stamps import Stamper
from pnp.layout.elements import STAMP_PT, Face
from pnp.layout.stamp import CLEAR_MM, QR_MODULE_MM, LeftOut, Stamping
from pnp.outputs.context import GameContext


def face_stamper(gctx: GameContext, deck: Deck, findings: list[Finding] | None = None, size: float = STAMP_PT,
                 safe_mm: float = SAFE_MM) -> Callable[[Card, Face], Face] | None:
    """What stamps a front of `deck` in the game's body font and ink, or None when the game says `stamps: false`.

    For a print shop's files the text is set at `size`, the shop's smallest type where that is larger than pnp's own,
    and kept inside its `safe_mm` safe zone where that is wider than pnp's, by as much as pnp keeps it inside its own.

    A part of the stamp that finds no free place on a front (pnp.layout.stamp) is left off it, never drawn over the
    face's text or art, and the deck gets one warning in `findings` for each part: the QR code's at the game's
    `stamps:` key (what asked for it), the text's at the deck's `stamp_corner:`, else its `front:` (what it lies on)."""
    stamper = Stamper(gctx.project.templates_dir, gctx.game)
    if not stamper.on:
        return None
    font = gctx.fonts.font_name(gctx.layouts.family("body"))
    colour = gctx.game.spec.palette.get("ink", "#222222")
    warned: set[str] = set()
    setters: dict[tuple[str, float], Stamping] = {}  # (corner, inset) → its Stamping: a deck's stamps sit in one corner

    def stamp(card: Card, face: Face) -> Face:
        mark = stamper(deck, card)
        setter = setters.get((mark.corner, mark.inset))
        if setter is None:
            inset = max(mark.inset, safe_mm + STAMP_INSET_MM - SAFE_MM)
            setter = setters[(mark.corner, mark.inset)] = Stamping(mark.corner, font, colour, inset, deck.shape, size)
        placed = setter.place(face, mark.text, mark.link)
        missing = placed.left_out
        if missing is not None and missing.part not in warned and findings is not None:
            warned.add(missing.part)
            findings.append(_no_room(gctx, deck, face, missing, setter))
        return placed.face

    return stamp


def _no_room(gctx: GameContext, deck: Deck, face: Face, missing: LeftOut, setter: Stamping) -> Finding:
    """The deck's one warning that a part of its stamp was left off: where, what it needs, and what frees the room."""
    where = f"deck '{deck.id}' ({face.w:g} × {face.h:g} mm)"
    room = f"{setter.inset:g} mm inside the trim and {CLEAR_MM:g} mm from any text or art"
    if missing.part == "QR code":
        return warning("qr-stamp-room", f"{where} has no room in the safe area for its QR stamp: the code needs a clear "
                       f"{missing.w:.1f} mm square ({missing.modules} modules a side and a quiet zone of 4, each {QR_MODULE_MM:g} mm, "
                       f"as phones read them) {room}; those fronts carry the stamp's text alone. Leave such a square free on "
                       f"the deck's fronts, fill in fewer of feedback.fields, or use a shorter form address",
                       gctx.game.data.loc_of("stamps"), game=gctx.game.slug, component=deck.id)
    text = "its text" if setter.size == STAMP_PT else f"its text, set at {setter.size:g} pt (the print shop's smallest type),"
    return warning("stamp-room", f"{where} has no room for its version stamp: {text} needs {missing.w:.1f} × {missing.h:.1f} mm "
                   f"{room}; those fronts are printed without a stamp. Leave such a strip free on the deck's fronts, or set "
                   f"`stamps: false` in game.yaml", deck.loc_of("stamp_corner" if "stamp_corner" in deck.data else "front"),
                   game=gctx.game.slug, component=deck.id)
