"""What of each card the card sheets print: both sides (the default), the fronts alone, or the fronts as sleeve inserts.

Many designers print paper fronts only and slip each into a sleeve in front of
an old card: no backs at all (`--fronts-only`), and fronts a little smaller
than the card so they sit inside the sleeve's seams (`--insert 61x86`, in front
of a poker card). An insert is the front scaled to cover the insert (`scale`,
the default: the card's middle, shrunk by a few per cent) or cut down to it
unscaled (`trim`), centred either way. Both keep the card's safe area (what
lies SAFE_MM inside its trim: its words and icons) whole on the insert; a size
that would cut into it is refused, saying the largest trim it allows.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.units import SAFE_MM
from pnp.layout.elements import Face, Group

INSERT_FITS = ("scale", "trim")


@dataclass(frozen=True)
class Printed:
    """What the sheets print of a card: `fronts_only`, or its front as an insert of `insert` mm (w, h) fitted by `fit`."""

    fronts_only: bool = False
    insert: tuple[float, float] | None = None
    fit: str = "scale"

    @property
    def backs(self) -> bool:
        return not self.fronts_only and self.insert is None

    def size(self, card: tuple[float, float]) -> tuple[float, float]:
        """The size a card of `card` mm prints at."""
        return self.insert or card

    def sides(self, front: Face, back: Face | None) -> tuple[Face, Face | None]:
        """The faces a card's piece prints: its back dropped unless backs print, its front made an insert."""
        if self.insert is not None:
            front = insert_face(front, self.insert, self.fit)
        return front, (back if self.backs else None)

    def refused(self, card: tuple[float, float]) -> str | None:
        """Why an insert of this size would cut into a `card`'s safe area (the words to say so), or None when it keeps it."""
        if self.insert is None:
            return None
        scale = insert_scale(card, self.insert, self.fit)
        w, h = card
        iw, ih = self.insert
        if (w - 2 * SAFE_MM) * scale <= iw + 1e-6 and (h - 2 * SAFE_MM) * scale <= ih + 1e-6:
            return None
        return (f"a {iw:g} × {ih:g} mm insert {'trims' if self.fit == 'trim' else 'scaled to cover it crops'} the {w:g} × {h:g} mm cards into their "
                f"{SAFE_MM:g} mm safe area: make it at least {(w - 2 * SAFE_MM) * scale:.1f} × {(h - 2 * SAFE_MM) * scale:.1f} mm"
                + (", or use --insert-fit scale" if self.fit == "trim" else ""))


def insert_scale(card: tuple[float, float], insert: tuple[float, float], fit: str) -> float:
    """How much a card's front shrinks to become an insert: not at all to trim it, else just enough to cover the insert."""
    if fit == "trim":
        return 1.0
    return min(1.0, max(insert[0] / card[0], insert[1] / card[1]))


def insert_face(face: Face, insert: tuple[float, float], fit: str) -> Face:
    """`face` as a sleeve insert of `insert` mm: scaled (insert_scale) and centred; what reaches past the insert's bleed is
    cut off where the sheet clips each face to its bleed."""
    iw, ih = insert
    scale = insert_scale((face.w, face.h), insert, fit)
    x, y = (iw - face.w * scale) / 2, (ih - face.h * scale) / 2
    return Face(iw, ih, face.bleed, (Group(x, y, 0.0, scale, face.elements),), face.icons)


BOTH_SIDES = Printed()  # the default: each card's front and its back
