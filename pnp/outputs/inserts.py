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
from pnp.layout.elements import Face, Group, Text
from pnp.layout.typeset import TextOp
from pnp.render.print_floor import MIN_TEXT_PT

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

    def fitted(self, card: tuple[float, float], given_for: tuple[float, float] | None) -> Printed:
        """What a deck of `card` mm prints, the insert being asked for cards of `given_for` mm: an insert smaller than its
        card by as much as the insert asked is smaller than its own (a sleeve's seams take the same room on any sleeve:
        61 × 86 for a poker card makes 41.95 × 60.6 for a 44.45 × 63.5 mini card)."""
        if self.insert is None or given_for is None or tuple(card) == tuple(given_for):
            return self
        w, h = card
        return Printed(self.fronts_only, (round(w - (given_for[0] - self.insert[0]), 2), round(h - (given_for[1] - self.insert[1]), 2)), self.fit)

    def refused(self, card: tuple[float, float]) -> str | None:
        """Why an insert of this size would cut into a `card`'s safe area (the words to say so), or None when it keeps it."""
        if self.insert is None:
            return None
        scale = insert_scale(card, self.insert, self.fit)
        w, h = card
        iw, ih = self.insert
        if iw > w + 1e-6 or ih > h + 1e-6:
            return f"a {iw:g} × {ih:g} mm insert is larger than the {w:g} × {h:g} mm cards: make it at most {w:g} × {h:g} mm, a little smaller to slip into a sleeve"
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
    cut off where the sheet clips each face to its bleed.

    Small print (the version stamp: 5 pt) is set at its own size where its scaled self would lie: scaled to 97 % it
    would print under the small-print floor (MIN_TEXT_PT), which the drawer shows as grey bars."""
    iw, ih = insert
    scale = insert_scale((face.w, face.h), insert, fit)
    x, y = (iw - face.w * scale) / 2, (ih - face.h * scale) / 2
    small = [el for el in face.elements if scale < 1 and _small_print(el, scale)]
    rest = tuple(el for el in face.elements if el not in small)
    kept = tuple(Group(x + el.x * scale, y + el.y * scale, 0.0, 1.0, (el._replace(x=0.0, y=0.0),)) for el in small)
    return Face(iw, ih, face.bleed, (Group(x, y, 0.0, scale, rest), *kept), face.icons)


def _small_print(element, scale: float) -> bool:
    """A text some run of which would print under the small-print floor at `scale`."""
    return type(element) is Text and any(type(op) is TextOp and op.size * scale < MIN_TEXT_PT for op in element.ops)


def insert_card(sizes, insert: tuple[float, float]) -> tuple[float, float] | None:
    """The card size an insert of `insert` mm is for: the smallest of `sizes` it fits in (a 61 × 86 insert: the poker
    card's), or None when it fits in none."""
    fits = [s for s in sizes if s[0] >= insert[0] - 1e-6 and s[1] >= insert[1] - 1e-6]
    return min(fits, key=lambda s: s[0] * s[1]) if fits else None


BOTH_SIDES = Printed()  # the default: each card's front and its back
