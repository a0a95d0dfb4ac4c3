"""Every component of a game as faces for the exporters: decks, boards, token sets and player aids.

The exporters (print-service PNG, Tabletop Simulator, print-on-demand PDF)
all want the same thing: each distinct piece once, with how many copies the
game needs, its front and back, and its trim size and shape. This module
renders them at the bleed a target asks for; each target then rasterises or
draws them its own way. Nothing here knows about a target.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import Finding, PnpError
from pnp.core.files import file_name
from pnp.core.shapes import RECTANGLE, Shape
from pnp.core.units import SAFE_MM
from pnp.data.card_names import NAME_JOIN, card_name
from pnp.layout.elements import STAMP_PT, Face
from pnp.outputs.boards import render_board
from pnp.outputs.cards import render_deck
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.outputs.player_aids import player_aids
from pnp.outputs.tokens import sized_sets, standee_face, token_cut, token_faces

KINDS = ("cards", "boards", "tokens", "player-aids")  # the order components are exported and listed in


@dataclass(frozen=True)
class Item:
    """One distinct piece: a card, a board, a token face (an item in a colour), a player-aid card."""

    id: str  # stable within its component, safe in file names
    name: str  # what the piece says it is (Tabletop Simulator's nickname)
    copies: int
    front: Face
    back: Face | None


@dataclass
class Component:
    """Pieces of one size and kind: a deck, a board, a token set, the player aids."""

    kind: str  # one of KINDS
    id: str
    name: str
    trim: tuple[float, float]  # mm
    shape: str  # card, board, circle, square, rounded, hexagon, rectangle, standee
    items: list[Item]
    cut: Shape = RECTANGLE  # what each piece is cut to inside its trim (pnp.core.shapes): exports' masks and TTS's card type follow it

    def stem(self, item: Item) -> str:
        """A file name stem naming the item after its component: heroes-knight, coins-c1, town (pnp.core.files.file_name:
        a long one is shortened)."""
        if item.id == self.id or item.id.startswith(self.id + "-"):
            return file_name(item.id)
        return file_name(f"{self.id}-{item.id}")

    @property
    def file_id(self) -> str:
        """The component's id as the files and folders named for it carry it (pnp.core.files.file_name: a deck's file
        name, a token set's id may be longer than a file name can be)."""
        return file_name(self.id)

    @property
    def copies(self) -> int:
        return sum(i.copies for i in self.items)

    @property
    def deck_like(self) -> bool:
        """Cards and player aids: shuffled, dealt, held in a hand."""
        return self.kind in ("cards", "player-aids")


@dataclass
class _ExportOptions(Options):
    export_bleed: float = 0.0

    @property
    def bleed_mm(self) -> float:
        return self.export_bleed


def collect(gctx: GameContext, bleed: float, findings: list[Finding], decks: tuple[str, ...] = (), stamps: bool = True,
            stamp_pt: float = STAMP_PT, stamp_safe_mm: float = SAFE_MM) -> list[Component]:
    """Every component of the game rendered with `bleed` mm of art past the trim; `decks` limits the export to those decks;
    without `stamps`, no card front carries the game's playtest stamp (a print run for sale). The stamp is set at
    `stamp_pt` inside `stamp_safe_mm` (pnp.outputs.stamping): pnp's own, or a print shop's larger ones."""
    options = _ExportOptions(export_bleed=bleed, stamps=stamps, stamp_pt=stamp_pt, stamp_safe_mm=stamp_safe_mm)
    components = _decks(gctx, options, findings, decks)
    if not decks:
        components += _boards(gctx, bleed, findings) + _tokens(gctx, bleed, findings) + _player_aids(gctx, bleed, findings)
    return components


def _decks(gctx: GameContext, options: _ExportOptions, findings: list[Finding], only: tuple[str, ...]) -> list[Component]:
    out = []
    for deck in gctx.game.decks.values():
        if only and deck.id not in only:
            continue
        rendered = [(card, front, back) for card, front, back in render_deck(gctx, deck, options, findings) if front is not None]
        items = [Item(card.id, card_name(deck, card), card.count, front, back) for card, front, back in rendered if card.count]
        if items:
            out.append(Component("cards", deck.id, deck.name, tuple(deck.size), "card", items, deck.shape))
    return out


def _boards(gctx: GameContext, bleed: float, findings: list[Finding]) -> list[Component]:
    game = gctx.game
    if not game.boards or not game.boards_data:
        return []
    out = []
    for spec, raw in zip(game.boards.boards, game.boards_data["boards"], strict=False):
        try:
            face = render_board(gctx, spec, raw, bleed=bleed)
        except PnpError as exc:
            findings += exc.findings
            continue
        out.append(Component("boards", spec.id, spec.name, tuple(spec.size), "board", [Item(spec.id, spec.name, 1, face, None)]))
    return out


def _tokens(gctx: GameContext, bleed: float, findings: list[Finding]) -> list[Component]:
    out = []
    for spec, raw, size in sized_sets(gctx.game, findings):
        items = [Item(name.replace("/", "-"), _token_name(spec, raw, name), count, front, back)
                 for name, count, front, back in token_faces(gctx, spec, raw, size, bleed, findings)]
        cut = token_cut(spec, size)
        shape = "standee" if spec.standee else "outline" if cut.kind == "outline" else spec.shape  # a drawn outline, not its file's name
        if items:
            out.append(Component("tokens", spec.id, spec.name, size, shape, items, cut))
    return out


def _token_name(spec, raw, variant: str) -> str:
    """A token face's name: the item's own name (or id) and colour after the set's name."""
    parts = variant.split("/")[1:]
    items = {str(i.get("id")): i for i in raw.get("items") or []}
    words = [str(items[p].get("name", p)) if p in items else p for p in parts]
    return NAME_JOIN.join([spec.name, *words])


def _player_aids(gctx: GameContext, bleed: float, findings: list[Finding]) -> list[Component]:
    aids, found = player_aids(gctx, bleed)
    findings += found
    if aids is None or not aids.copies or not aids.cards:
        return []
    n = len(aids.cards)
    items = [Item(f"aid-{i}", f"{aids.title} {i} / {n}", aids.copies, card.front, card.back) for i, card in enumerate(aids.cards, 1)]
    return [Component("player-aids", "player-aids", aids.title, aids.size, "card", items)]


def printed_sides(component: Component, item: Item, bleed: float) -> tuple[Face, Face | None]:
    """The faces a printer receives: a standee as its one fold-over piece (no back), anything else as it is.

    A standee's halves sit 2 × bleed apart, so it is folded with the target's bleed, not the (larger) bleed it was rendered with;
    each half's art is cut at the fold (pnp.outputs.tokens.standee_face)."""
    if component.shape == "standee":
        return standee_face(item.front, item.back or item.front, bleed), None
    return item.front, item.back


def printed_trim(component: Component, bleed: float) -> tuple[float, float]:
    """The trim a printer cuts: a standee's is its whole fold-over strip."""
    if component.shape == "standee":
        face = printed_sides(component, component.items[0], bleed)[0]
        return face.w, face.h
    return component.trim
