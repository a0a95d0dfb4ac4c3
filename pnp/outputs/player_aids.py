"""The player-aid cards of reference.yaml, printed in the reference PDF after (or before) the sheet.

The player aid is a double-sided card: its sections flow over the front and
then the back, so one card per player holds two faces of content, and each
card's two sides are balanced (like a page's columns) so neither is crammed
while the other is left blank. Its type is
the largest size, down to MIN_AID_PT, that needs no more cards than the
smallest; when even MIN_AID_PT needs more than one card per player, a warning
says how many and what to do.
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from pnp.core.colour import mix, required_contrast, until_contrast
from pnp.core.errors import PnpError, error, warning
from pnp.layout.elements import Face, Rect, Text, icons_used
from pnp.outputs.aid_template import aid_face
from pnp.outputs.context import GameContext
from pnp.outputs.reference_sections import Reference, RefLook, largest_fitting, missing_glyphs, on_aid, overflowed, section_blocks, type_sizes
from pnp.outputs.rulebook.look import LARGE_PRINT_PT
from pnp.render.columns import balance
from pnp.render.flowables import pack, region_elements
from pnp.render.text_setting import K, Setter, Style, escape, rect, text_height

CARD_SAFE = 3.5  # mm: text and page counters stay inside the 3 mm safe zone, with half a millimetre to spare
# The aid's coloured title band (and the decorative back's panel) stop this far inside the trim: aids print side by side
# on shared cuts, and a band run to the edge would leave a sliver of it on the paper-coloured foot of the aid above
BAND_INSET = 2.0  # mm
BAND_RADIUS = 1.5  # mm
MIN_AID_PT = 6.5  # the smallest text on a player aid (issue 21): every run on a card, footer and table cells included
MAX_AID_PT = 13.0  # a short aid grows until its card is full: the card count, not this cap, usually stops it
MAX_SMALL_AID_PT = 8.0  # cards under 66 mm wide: a narrow measure breaks large type into too many short lines
FACES_PER_CARD = 2  # a player aid prints on both sides
CARD_SIZES = type_sizes(MIN_AID_PT, MAX_AID_PT)
SMALL_CARD_SIZES = type_sizes(MIN_AID_PT, MAX_SMALL_AID_PT)


class AidCard(NamedTuple):
    """One player-aid card: content on its front and, when there is more, on its back."""

    front: Face
    back: Face


@dataclasses.dataclass
class CardFrame:
    """The player-aid card's furniture: a title band at the top, a page counter at the foot, the text between (mm)."""

    gctx: GameContext
    size: tuple[float, float]
    least: float = MIN_AID_PT  # its smallest text: LARGE_PRINT_PT in large print, the band and page counter too

    def __post_init__(self):
        w, h = self.size
        self.small = w < 66
        look = RefLook(self.gctx, self.least)
        self.band_style = Style(look.title_family, max(8.5 if self.small else 10, self.least), 1.1, bold=True, color=look.on_accent)
        # a quiet grey, as dark as it must be to read at its size on the aid's paper (WCAG: pnp.layout.readability)
        quiet = until_contrast(mix(look.ink, "#ffffff", 0.4), look.ink, look.paper, required_contrast(self.least, False) + 0.05)
        self.foot_style = Style(look.body.family, self.least, 1.1, color=quiet, align="right")
        self.band_h = CARD_SAFE + text_height(1, self.band_style) / K + 1.5  # from the trim: the band starts BAND_INSET inside it
        self.foot_top = h - CARD_SAFE - text_height(1, self.foot_style) / K
        self.text_top = self.band_h + 2.0
        self.width = (w - 2 * CARD_SAFE) * K
        self.height = (self.foot_top - 1.0 - self.text_top) * K
        self.sizes = SMALL_CARD_SIZES if self.small else CARD_SIZES
        if self.least > MIN_AID_PT:  # large print: 14 pt and up; more cards per player where the text needs them
            self.sizes = type_sizes(self.least, max(self.least, self.sizes[-1]))


def _cards(regions: list) -> int:
    """Cards needed for `regions` card sides."""
    return -(-len(regions) // FACES_PER_CARD)


def card_faces(gctx: GameContext, ref: Reference, sections: list[dict], bleed: float, missing: set, read: frozenset = frozenset(),
               ink_saver: bool = False, large: bool = False) -> tuple[list[AidCard], list]:
    """Player-aid cards of the aid's sections, front then back (numbered n / N per face), and their findings.

    Each card's sides are balanced; an odd last face (one section that cannot be shared) gets the decorative back
    (the game's title), so every card has two sides. The sections numbered in `read` (aid-only ones the sheet does not
    print) carry their structure for a tagged PDF, whose reader reads them on the first copy of their card. An aid
    with a template of its own (pnp.outputs.aid_template) is one card: the template's drawing, the decorative back."""
    game = gctx.game
    w, h = ref.spec.card_size
    frame = CardFrame(gctx, (w, h), LARGE_PRINT_PT if large else MIN_AID_PT)
    setter = Setter(gctx.layouts, region_h=frame.height)
    setter.missing = missing
    if ref.spec.template:
        try:
            front = aid_face(gctx, bleed, ink_saver)
        except PnpError as exc:
            return [], exc.findings
        return [AidCard(front, _back(setter, RefLook(gctx, frame.least), game, ref.text(ref.spec.title, ["title"]), w, h, bleed))], []
    mine = on_aid(sections)
    if not mine:
        return [], []
    fitted = largest_fitting(frame.sizes, lambda size: pack(section_blocks(setter, RefLook(gctx, size), mine), frame.width, frame.height), _cards)
    fitted = fitted._replace(regions=balance(fitted.regions, frame.width, lambda region: frame.height, FACES_PER_CARD))
    look = RefLook(gctx, fitted.size)
    heading = ref.text(ref.spec.title, ["title"])
    faces = []
    for n, region in enumerate(fitted.regions, 1):
        els = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, look.paper, None, 0.0, 0.0, None),
               Rect(BAND_INSET, BAND_INSET, w - 2 * BAND_INSET, frame.band_h - BAND_INSET, look.accent, None, 0.0, BAND_RADIUS, None)]
        band = setter.fit(heading, frame.width, text_height(1, frame.band_style), frame.band_style, frame.least)
        els.append(Text(CARD_SAFE, CARD_SAFE, band.ops))
        els += region_elements(region, CARD_SAFE * K, frame.text_top * K, lambda block: block.key in read)
        laid = setter.lay(f"{escape(game.title)}   {n} / {len(fitted.regions)}", frame.width, frame.foot_style)
        els.append(Text(CARD_SAFE, frame.foot_top, laid.ops))
        faces.append(Face(w, h, bleed, tuple(els), icons_used(els)))
    if len(faces) % 2:
        faces.append(_back(setter, look, game, heading, w, h, bleed))
    cards = [AidCard(faces[i], faces[i + 1]) for i in range(0, len(faces), 2)]
    findings = overflowed(fitted.overflow, sections, f"a {w:g} × {h:g} mm card", ref)
    if faces and not band.fits:
        findings.append(warning("aid-title-long", f"the player aid's title does not fit on one line of its band on a {w:g} × {h:g} mm card even at "
                                f"{frame.least:g} pt, so it runs out of the band: shorten the title", ref.raw.loc_of("title") if "title" in ref.raw else ref.raw.loc,
                                game=game.slug))
    if len(cards) > 1:
        findings.append(warning("aid-cards", f"the player aid needs {len(cards)} cards per player: its sections fill {len(fitted.regions)} card sides of "
                                             f"{w:g} × {h:g} mm even at {frame.least:g} pt, and one card has {FACES_PER_CARD}. Mark the sections the aid can do "
                                             "without `only: sheet` (the sheet keeps them), shorten them, or choose a larger card_size",
                                ref.raw.loc_of("card_size") if "card_size" in ref.raw else ref.raw.loc, game=game.slug))
    return cards, findings


def _back(setter, look, game, heading, w, h, bleed) -> Face:
    title = Style(look.title_family, 15 if w < 66 else 18, 1.1, bold=True, color=look.on_accent, align="center")
    sub = Style(look.body.family, 8 if look.size < LARGE_PRINT_PT else look.size, 1.2, color=look.on_accent, align="center")
    inner = (w - 2 * CARD_SAFE) * K
    t = setter.lay(escape(game.title), inner - 8, title)
    s = setter.lay(heading, inner - 8, sub)
    th, sh = text_height(t.lines, title), text_height(s.lines, sub)
    top = (h * K - th - 6 - sh) / 2
    els = (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, look.paper, None, 0.0, 0.0, None),
           Rect(BAND_INSET, BAND_INSET, w - 2 * BAND_INSET, h - 2 * BAND_INSET, look.accent, None, 0.0, BAND_RADIUS, None),
           rect(CARD_SAFE * K, CARD_SAFE * K, inner, (h - 2 * CARD_SAFE) * K, None, look.on_accent, 0.8, 2.5 * K),
           Text(CARD_SAFE + 4 / K, top / K, t.ops),
           Text(CARD_SAFE + 4 / K, (top + th + 6) / K, s.ops))
    return Face(w, h, bleed, els, icons_used(els))


class PlayerAids(NamedTuple):
    """The player-aid cards alone, for exports: each card's two sides, and how many sets the game needs."""

    title: str
    size: tuple[float, float]
    cards: list[AidCard]
    copies: int


def player_aids(gctx: GameContext, bleed: float) -> tuple[PlayerAids | None, list]:
    """The game's player-aid cards at `bleed`, with findings; None when the game has no reference.yaml or it has errors."""
    game = gctx.game
    if game.reference is None or game.reference_data is None:
        return None, []
    ref = Reference(gctx)
    sections = ref.sections()
    copies = ref.copies()
    missing: set = set()
    try:
        cards, found = card_faces(gctx, ref, sections, bleed, missing)
    except ValueError as exc:
        return None, [*ref.findings, error("reference-layout", str(exc), ref.raw.loc, game=game.slug)]
    findings = ref.findings + ref.facts.warnings + found + missing_glyphs(missing, ref)
    if any(f.severity == "error" for f in findings):
        return None, findings
    return PlayerAids(ref.text(ref.spec.title, ["title"]), tuple(ref.spec.card_size), cards, copies), findings
