"""The whole game on a browser table (playingcards.io, virtualtabletop.io): each piece's images and where it starts.

Both tables are a surface of 1600 × 1000 px (virtualtabletop.io's room; the
.pcio files its importer reads use the same coordinates unchanged) on which a
poker card is 160 px high by default. The plan puts every component on it at
one scale, so a board keeps its true size beside the cards: the boards, each
deck as a shuffled pile in a holder (with the cards game.yaml's `setup:` turns
face up beside it), each token set as a stack per item, the dice; then a row of
seats, each with the cards it is dealt and a set of player aids; and a hand
along the bottom. The scale is the largest, up to the tables' own, at which all
of that fits inside the surface.

What a format writes (pnp.targets.export_pcio, export_vtt) follows from this
plan, which names each piece's widget and where each deck lies for both, and
writes their zip (write_table_file); nothing here knows either format.
"""
from __future__ import annotations

import functools
import hashlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image

from pnp.checks.setup import setup_plan
from pnp.core.shapes import RECTANGLE
from pnp.outputs.context import GameContext
from pnp.targets.components import Component, collect
from pnp.targets.die_images import die_pictures
from pnp.targets.packaging import PictureStore, Stored, digest_name, zip_file
from pnp.targets.png import PngEncoder
from pnp.targets.rendering import EXTRA_BLEED_MM, cut_mask, distinct_faces, png_bytes, raster
from pnp.targets.staging import Export, ExportRequest

TABLE_PX = (1600, 1000)  # virtualtabletop.io's surface; a .pcio file's coordinates, read unchanged by its importer
POKER_PX_PER_MM = 160 / 88.9  # both tables' default card is 160 px high: a poker card (88.9 mm) at that size
MARGIN_PX = 20  # between the surface's edge and anything on it
GAP_PX = 12  # between pieces and blocks
LABEL_PX = 24  # room above a holder or a stack for its name
NAME_MIN_PX = 100  # a token set takes at least this width on the table, for its name
NAME_FONT_PX = 16  # a name above a holder or a stack: virtualtabletop.io's label (client/css/widgets/label.css), Roboto
NAME_PAD_PX = 8  # … and room beside its text, for the text box's edges
HOLDER_PAD_PX = 4  # a holder's edge round its cards: playingcards.io's 111 × 168 px holder round a 103 × 160 px card
SEAT_PX = 40  # a seat's marker
HAND_MIN_PX = 100  # the hand along the bottom is at least this high
SHRINK = 0.92  # the scale tried next when a layout does not fit
MIN_PX_PER_MM = 0.05  # the smallest scale tried
TOKEN_COLUMNS = 6  # a token set's stacks per row
DIE_MIN_PX = 36  # a die is at least this big on the table, to be clicked
TABLE_IMAGE_DPI = 150  # the most an image for a browser table uses (`--dpi` lower: lower): sharp when a card is enlarged
TABLE_MAX_IMAGE_PX = 2048  # … and no side longer than this
BLANK_BACK = "#d0d0d0"  # the back of a card whose deck has none
CONTROL_PX = (96, 44)  # a button (deal, reset) at the right end of the hand's row; two of them, one above the other
SHUFFLE_PX = 64  # a deck's shuffle button, on its name's row right of the name


def name_px(text: str) -> float:
    """The width a name takes on the table: its text in Helvetica at NAME_FONT_PX, wider than the tables' Roboto, so a
    name measured so is never cut ("Charact" for "Characters" in a card's width)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return math.ceil(stringWidth(text, "Helvetica", NAME_FONT_PX)) + NAME_PAD_PX


@dataclass(frozen=True)
class Picture:
    """An image on the table: its file name (named by its content: pnp.targets.packaging.digest_name), bytes (kept in
    the table's PictureStore as it was made), pixels."""

    name: str
    data: bytes | Stored
    size: tuple[int, int]


class Pictures(dict):
    """Every image of a table by name, once, its bytes in `store`: a deck's images are written there as each is made
    and held by none, so what a table holds does not grow with its art."""

    def __init__(self, store: PictureStore):
        super().__init__()
        self.store = store

    def keep(self, stem: str, image: Image.Image, data: bytes) -> Picture:
        name = digest_name(stem, data)
        if name not in self:
            self[name] = Picture(name, self.store.add(data), image.size)
        return self[name]


@dataclass(frozen=True)
class PieceType:
    """One kind of piece of a collection: a card, a token item, a die face (its front is the face)."""

    id: str  # unique in its collection
    name: str
    front: Picture
    back: Picture | None


@dataclass
class Collection:
    """What a table draws pieces of one size from: a deck, the player aids, a token set, a die's faces."""

    id: str  # unique on the table
    kind: str  # cards, player-aids, tokens, dice
    name: str
    trim: tuple[float, float]  # mm
    shape: str
    types: dict[str, PieceType]
    size: tuple[float, float] = (0.0, 0.0)  # a piece on the table, px: set once the scale is known


@dataclass(frozen=True)
class Piece:
    collection: Collection
    type: PieceType
    face_up: bool


@dataclass
class Spot:
    """Where pieces start: a holder (a deck's draw pile, a seat's dealt cards) or a stack loose on the table, its
    pieces bottom first."""

    id: str
    x: float
    y: float
    w: float
    h: float
    label: str
    holder: bool
    pieces: list[Piece]


@dataclass(frozen=True)
class Place:
    """A board, a die or a seat's marker: what it is and its box on the table (px)."""

    id: str
    name: str
    x: float
    y: float
    w: float
    h: float
    picture: Picture | None = None  # a board's image
    collection: Collection | None = None  # a die's faces
    index: int = 0  # a seat's number, from 1


@dataclass(frozen=True)
class Deal:
    """What a table's deal button does with one deck, as game.yaml's `setup:` says: every card back in its draw pile,
    shuffled, `each` dealt to each player seated, then one card turned up at each spot of `face_up`."""

    deck: str  # the deck's collection id
    pile: str  # its draw pile's holder
    each: int
    face_up: tuple[tuple[float, float], ...]  # the top-left of each card turned up (px)


@dataclass
class Table:
    """The plan: every picture, collection and piece in its place (px from the surface's top-left)."""

    title: str
    players: str
    scale: float  # px per mm
    collections: list[Collection]
    boards: list[Place]
    spots: list[Spot]
    dice: list[Place]
    seats: list[Place]
    hand: tuple[float, float, float, float]
    pictures: dict[str, Picture] = field(default_factory=dict)  # by name: every image, once
    controls: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # the buttons' column, right of the hand
    deals: list[Deal] = field(default_factory=list)  # every deck's draw pile, in table order

    def homes(self) -> dict[str, Spot]:
        """Where each collection's deck widget lies: a deck in its draw pile (even one its deal left empty), any other
        at the first spot holding one of its pieces; a die's faces, which no spot holds, nowhere."""
        spots = {spot.id: spot for spot in self.spots}
        home = {deal.deck: spots[deal.pile] for deal in self.deals}
        for spot in self.spots:
            for piece in spot.pieces:
                home.setdefault(piece.collection.id, spot)
        return home

    def piece_ids(self) -> dict[str, list[str]]:
        """Each spot's pieces' widget ids, bottom first: `card.<collection>.<type>.<n>`, n counting that type's copies in
        table order, so that both tables' files name a piece alike."""
        count: dict[tuple[str, str], int] = {}
        ids: dict[str, list[str]] = {}
        for spot in self.spots:
            ids[spot.id] = []
            for piece in spot.pieces:
                key = piece.collection.id, piece.type.id
                count[key] = count.get(key, 0) + 1
                ids[spot.id].append(f"card.{key[0]}.{key[1]}.{count[key]}")
        return ids


def px(value: float) -> float:
    """A coordinate or size as a table's file holds it: to a tenth of a pixel, an integer where it is one."""
    v = round(value, 1)
    return int(v) if v == int(v) else v


def write_table_file(gctx: GameContext, request: ExportRequest, result: Export, findings: list, name: str, assets: str,
                     entries: Callable[[Table], list[tuple[str, bytes]]]) -> Table | None:
    """The game planned and written as `name`, a zip of what `entries(table)` gives and every picture under `assets`:
    each image written to the staging folder as it is made, then copied into the zip (a deck of photographic art is
    never held whole). None when a finding stops the plan."""
    target = result.files.path_of(name)
    with PictureStore(target.parent) as store:
        table = plan_table(gctx, request, findings, store)
        if table is None:
            return None
        members = [*entries(table), *((assets + picture, table.pictures[picture].data) for picture in sorted(table.pictures))]
        result.files[name] = zip_file(target, members)
    return table


def plan_table(gctx: GameContext, request: ExportRequest, findings: list, store: PictureStore | None = None) -> Table | None:
    """The game laid out on a browser table, its images' bytes in `store` (in memory without one); None when a finding
    (a bad `setup:`, a face that failed) stops it."""
    game = gctx.game
    components = collect(gctx, EXTRA_BLEED_MM, findings, request.decks)
    dice = _table_dice(game, request.decks)
    setup = setup_plan(game)  # checked with the game's data (`pnp validate`): here for `export --no-validate`
    findings += setup.findings
    if not setup.ok or any(f.severity == "error" for f in findings):
        return None
    plan = _Planning(gctx, min(request.dpi, TABLE_IMAGE_DPI) / 25.4, [_SeatBlock(i) for i in range(1, setup.seats + 1)], Pictures(store or PictureStore()))
    for component in components:
        plan.place(component, setup.dealt)
    dice_places = []
    for spec, raw in dice:
        collection = _die_collection(gctx, spec, raw, plan.px_per_mm, plan.ids, plan.pictures, findings)
        if collection is not None:
            plan.collections.append(collection)
            dice_places += [(collection, plan.ids.new(f"die-{spec.id}")) for _ in range(spec.count)]
    if any(f.severity == "error" for f in findings):
        return None
    if dice_places:
        plan.blocks.append(_DiceBlock(dice_places))
    return _laid_out(game, plan.collections, plan.in_table_order(), plan.seat_blocks, plan.pictures)


def _table_dice(game, decks: tuple) -> list:
    """(spec, located data) of each die the game puts on the table: none when the export is of some decks only."""
    if decks or not game.dice or not game.dice_data:
        return []
    return [(spec, raw) for spec, raw in zip(game.dice.dice, game.dice_data["dice"], strict=False) if spec.count]


@dataclass
class _Planning:
    """What plan_table gathers as it goes through the components: each image once, the collections, the boards, the
    blocks of pieces and what each seat is dealt, with ids given in the order the components come."""

    gctx: GameContext
    px_per_mm: float
    seat_blocks: list
    pictures: Pictures
    ids: _Ids = field(default_factory=lambda: _Ids())
    collections: list = field(default_factory=list)
    boards: list = field(default_factory=list)
    blocks: list = field(default_factory=list)

    def place(self, component: Component, setup: dict[str, tuple[int, int]]) -> None:
        """A board on the table; tokens in a block; a set of player aids at each seat (the rest in a pile); a deck
        shuffled, dealt to the seats and turned face up as `setup:` asks, the rest in a pile."""
        if component.kind == "boards":
            self.boards.append(_BoardBlock(self.ids.new(f"board-{component.file_id}"), component.name, component.trim,
                                           _board_picture(self.gctx, component, self.px_per_mm, self.pictures)))
            return
        collection = _collection(self.gctx, component, self.px_per_mm, self.ids, self.pictures)
        self.collections.append(collection)
        if component.kind == "tokens":
            self.blocks.append(_TokenBlock(collection, [(collection.types[i.id], i.copies) for i in component.items], self.ids))
        elif component.kind == "player-aids":
            left = _aids_at_seats(collection, component, self.seat_blocks)
            if left:
                self.blocks.append(_PileBlock(collection, left, [], self.ids))
        else:
            self.blocks.append(self._dealt(collection, component, *setup.get(component.id, (0, 0))))

    def _dealt(self, collection: Collection, component: Component, deal: int, face_up: int) -> _PileBlock:
        """The deck's pile after `deal` cards to each seat and `face_up` turned up beside it."""
        pile = _shuffled(collection, component, self.gctx.game.slug)
        for _ in range(deal):
            for seat in self.seat_blocks:
                seat.dealt.append(Piece(collection, pile.pop().type, False))
        row = [Piece(collection, pile.pop().type, True) for _ in range(face_up)]
        return _PileBlock(collection, pile, row, self.ids, deal)

    def in_table_order(self) -> list:
        """The boards first, then the piles, the tokens and the dice."""
        tokens = [b for b in self.blocks if isinstance(b, _TokenBlock)]
        return self.boards + [b for b in self.blocks if not isinstance(b, _TokenBlock | _DiceBlock)] + tokens + [b for b in self.blocks if isinstance(b, _DiceBlock)]


def _shuffled(collection: Collection, component: Component, slug: str) -> list[Piece]:
    """Every copy of the deck's cards face down, in an order shuffled the same way on every export (seeded by the
    game and deck), so two exports give the same bytes; the top of the pile is the end of the list."""
    pile = [Piece(collection, collection.types[item.id], False) for item in component.items for _ in range(item.copies)]
    seed = int(hashlib.sha256(f"{slug}/{component.id}".encode()).hexdigest()[:16], 16)
    random.Random(seed).shuffle(pile)
    return pile


def _aids_at_seats(collection: Collection, component: Component, seats: list[_SeatBlock]) -> list[Piece]:
    """A set of the player aids face up at each seat, as far as the copies go; the copies left over."""
    left = []
    for item in component.items:
        kind = collection.types[item.id]
        for n in range(item.copies):
            if n < len(seats):
                seats[n].aids.append(Piece(collection, kind, True))
            else:
                left.append(Piece(collection, kind, True))
    return left


# pictures -------------------------------------------------------------------------------
def _image_scale(trim: tuple[float, float], px_per_mm: float) -> tuple[tuple[int, int], float]:
    """Pixel size of an image of `trim` mm at `px_per_mm`, no side longer than TABLE_MAX_IMAGE_PX."""
    scale = min(px_per_mm, TABLE_MAX_IMAGE_PX / max(trim))
    return (max(1, math.floor(trim[0] * scale)), max(1, math.floor(trim[1] * scale))), scale


def _board_picture(gctx, component: Component, px_per_mm: float, pictures: Pictures) -> Picture:
    size, scale = _image_scale(component.trim, px_per_mm)
    image = next(raster(gctx, [component.items[0].front], size, scale))
    return pictures.keep(component.file_id, image, png_bytes(image))


def _collection(gctx, component: Component, px_per_mm: float, ids: _Ids, pictures: Pictures) -> Collection:
    """A deck, the player aids or a token set with each distinct face rendered once (a token cut to its shape)."""
    size, scale = _image_scale(component.trim, px_per_mm)
    faces = distinct_faces(f for item in component.items for f in (item.front, item.back))
    uses: dict = {}
    for item in component.items:
        for side, face in (("front", item.front), ("back", item.back)):
            if face is not None:
                uses.setdefault(face, []).append((item, side))
    mask = cut_mask(component.cut, size, component.trim) if component.cut != RECTANGLE else None
    named: dict = {}

    def kept(face, image, data: bytes) -> None:
        item, side = uses[face][0]
        stem = f"{component.file_id}-{side}" if len({i.id for i, _ in uses[face]}) > 1 else f"{component.stem(item)}-{side}"
        named[face] = pictures.keep(stem, image, data)

    with PngEncoder(png_bytes) as encoder:
        for face, image in zip(faces, raster(gctx, faces, size, scale), strict=True):
            if mask is not None:
                image.putalpha(mask)
            encoder.add(image, functools.partial(kept, face, image))
    blank = None
    if component.kind != "tokens" and any(item.back is None for item in component.items):
        image = Image.new("RGB", size, BLANK_BACK)
        blank = pictures.keep(f"{component.file_id}-blank-back", image, png_bytes(image))
    types = {item.id: PieceType(item.id, item.name, named[item.front], named[item.back] if item.back is not None else blank) for item in component.items}
    prefix = {"cards": "deck", "player-aids": "aids", "tokens": "tokens"}[component.kind]
    return Collection(ids.new(f"{prefix}-{component.file_id}"), component.kind, component.name, component.trim, component.shape, types)


def _die_collection(gctx, spec, raw, px_per_mm: float, ids: _Ids, pictures: Pictures, findings: list) -> Collection | None:
    """A die's faces, a square picture each (pnp.targets.die_images), face 1 first."""
    cell = max(16, min(TABLE_MAX_IMAGE_PX, round(spec.size * px_per_mm)))
    images = die_pictures(gctx, spec, raw, cell, findings)
    if images is None:
        return None
    types = {}
    for number, image in enumerate(images, 1):
        picture = pictures.keep(f"{spec.id}-{number}", image, png_bytes(image))
        types[f"f{number}"] = PieceType(f"f{number}", str(number), picture, None)
    return Collection(ids.new(f"dice-{spec.id}"), "dice", spec.name or spec.id, (spec.size, spec.size), spec.shape, types)


# layout ---------------------------------------------------------------------------------
class _Ids:
    """Widget ids, each unique on the table: a second use of a name gets -2, -3… (A writer derives the ids of a
    widget's parts with dots, `<id>.label`, which no id of a game's data contains.)"""

    def __init__(self):
        self.used: set[str] = set()

    def new(self, base: str) -> str:
        name, n = base, 1
        while name in self.used:
            n += 1
            name = f"{base}-{n}"
        self.used.add(name)
        return name


class _BoardBlock:
    def __init__(self, id_: str, name: str, trim, picture: Picture):
        self.id, self.name, self.trim, self.picture = id_, name, trim, picture

    def size(self, s: float) -> tuple[float, float]:
        return self.trim[0] * s, self.trim[1] * s

    def place(self, x: float, y: float, s: float, table: Table) -> None:
        table.boards.append(Place(self.id, self.name, x, y, *self.size(s), picture=self.picture))


class _PileBlock:
    """A deck's draw pile in a holder (its name above it), and the cards `setup:` turns face up in a row beside it."""

    def __init__(self, collection: Collection, pile: list[Piece], row: list[Piece], ids: _Ids, dealt: int | None = None):
        self.collection, self.pile, self.row = collection, pile, row
        self.dealt = dealt  # cards to each seat for a deck; None for the player aids left over
        self.holder_id = ids.new(f"pile-{collection.id}")
        self.row_ids = [ids.new(f"{collection.id}-up-{n}") for n in range(1, len(row) + 1)]

    def size(self, s: float) -> tuple[float, float]:
        cw, ch = self.collection.trim[0] * s, self.collection.trim[1] * s
        cards = cw + 2 * HOLDER_PAD_PX + len(self.row) * (GAP_PX + cw)
        name = name_px(self.collection.name) + (GAP_PX + SHUFFLE_PX if self.dealt is not None else 0)  # a deck's name and its shuffle button
        return max(cards, name), LABEL_PX + ch + 2 * HOLDER_PAD_PX

    def place(self, x: float, y: float, s: float, table: Table) -> None:
        cw, ch = self.collection.trim[0] * s, self.collection.trim[1] * s
        top = y + LABEL_PX
        table.spots.append(Spot(self.holder_id, x, top, cw + 2 * HOLDER_PAD_PX, ch + 2 * HOLDER_PAD_PX, self.collection.name, True, self.pile))
        left = x + cw + 2 * HOLDER_PAD_PX + GAP_PX
        up = []
        for spot_id, piece in zip(self.row_ids, self.row, strict=True):
            table.spots.append(Spot(spot_id, left, top + HOLDER_PAD_PX, cw, ch, "", False, [piece]))
            up.append((left, top + HOLDER_PAD_PX))
            left += cw + GAP_PX
        if self.dealt is not None:
            table.deals.append(Deal(self.collection.id, self.holder_id, self.dealt, tuple(up)))


class _TokenBlock:
    """A token set: its name, then a stack of each item, TOKEN_COLUMNS to a row."""

    def __init__(self, collection: Collection, stacks: list[tuple[PieceType, int]], ids: _Ids):
        self.collection, self.stacks = collection, stacks
        self.ids = [ids.new(f"{collection.id}-{kind.id}") for kind, _ in stacks]

    def _grid(self) -> tuple[int, int]:
        cols = min(len(self.stacks), TOKEN_COLUMNS)
        return cols, math.ceil(len(self.stacks) / cols)

    def size(self, s: float) -> tuple[float, float]:
        cols, rows = self._grid()
        tw, th = self.collection.trim[0] * s, self.collection.trim[1] * s
        return max(NAME_MIN_PX, name_px(self.collection.name), cols * (tw + GAP_PX) - GAP_PX), LABEL_PX + rows * (th + GAP_PX) - GAP_PX

    def place(self, x: float, y: float, s: float, table: Table) -> None:
        cols, _ = self._grid()
        tw, th = self.collection.trim[0] * s, self.collection.trim[1] * s
        for n, (spot_id, (kind, count)) in enumerate(zip(self.ids, self.stacks, strict=True)):
            r, c = divmod(n, cols)
            label = self.collection.name if n == 0 else ""
            pieces = [Piece(self.collection, kind, True) for _ in range(count)]
            table.spots.append(Spot(spot_id, x + c * (tw + GAP_PX), y + LABEL_PX + r * (th + GAP_PX), tw, th, label, False, pieces))


class _DiceBlock:
    def __init__(self, dice: list[tuple[Collection, str]]):
        self.dice = dice

    def _side(self, collection: Collection, s: float) -> float:
        return max(DIE_MIN_PX, collection.trim[0] * s)  # the collection's size once the scale is set: _laid_out

    def size(self, s: float) -> tuple[float, float]:
        return sum(self._side(c, s) + GAP_PX for c, _ in self.dice) - GAP_PX, max(self._side(c, s) for c, _ in self.dice)

    def place(self, x: float, y: float, s: float, table: Table) -> None:
        for collection, die_id in self.dice:
            side = self._side(collection, s)
            table.dice.append(Place(die_id, collection.name, x, y, side, side, collection=collection))
            x += side + GAP_PX


class _SeatBlock:
    """A seat: its marker, a holder of the cards it is dealt (face down) and its player aids (face up)."""

    def __init__(self, index: int):
        self.index = index
        self.dealt: list[Piece] = []
        self.aids: list[Piece] = []

    def _card(self, pieces: list[Piece], s: float) -> tuple[float, float]:
        return (max(p.collection.trim[0] for p in pieces) * s, max(p.collection.trim[1] for p in pieces) * s) if pieces else (0.0, 0.0)

    def size(self, s: float) -> tuple[float, float]:
        (dw, dh), (aw, ah) = self._card(self.dealt, s), self._card(self.aids, s)
        cards = max(dw + 2 * HOLDER_PAD_PX, name_px(f"Seat {self.index}"))
        w = SEAT_PX + (GAP_PX + cards if self.dealt else 0) + (GAP_PX + aw if self.aids else 0)
        return w, LABEL_PX + max(SEAT_PX, dh + 2 * HOLDER_PAD_PX if self.dealt else 0, ah)

    def place(self, x: float, y: float, s: float, table: Table) -> None:
        (dw, dh), (aw, ah) = self._card(self.dealt, s), self._card(self.aids, s)
        top = y + LABEL_PX
        table.seats.append(Place(f"seat-{self.index}", f"Seat {self.index}", x, top, SEAT_PX, SEAT_PX, index=self.index))
        x += SEAT_PX + GAP_PX
        if self.dealt:
            table.spots.append(Spot(f"seat-{self.index}-cards", x, top, dw + 2 * HOLDER_PAD_PX, dh + 2 * HOLDER_PAD_PX, f"Seat {self.index}", True, self.dealt))
            x += max(dw + 2 * HOLDER_PAD_PX, name_px(f"Seat {self.index}")) + GAP_PX
        if self.aids:
            table.spots.append(Spot(f"seat-{self.index}-aids", x, top, aw, ah, "", False, self.aids))


def _hand_height(collections: list[Collection], s: float) -> float:
    cards = [c.trim[1] * s for c in collections if c.kind in ("cards", "player-aids")]
    return max([HAND_MIN_PX, *[h + 2 * HOLDER_PAD_PX for h in cards]])


def _rows(blocks: list, s: float, width: float) -> list[list]:
    rows: list[list] = [[]]
    x = 0.0
    for block in blocks:
        w, _ = block.size(s)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append(block)
        x += w + GAP_PX
    return [r for r in rows if r]


def _fits(blocks: list, seats: list, collections: list, s: float) -> bool:
    width = TABLE_PX[0] - 2 * MARGIN_PX
    if any(b.size(s)[0] > width for b in blocks + seats):
        return False
    height = sum(max(b.size(s)[1] for b in row) + GAP_PX for part in (blocks, seats) for row in _rows(part, s, width))
    return height + _hand_height(collections, s) <= TABLE_PX[1] - 2 * MARGIN_PX


def _laid_out(game, collections: list[Collection], blocks: list, seats: list, pictures: dict) -> Table:
    """The blocks in rows from the top-left, the seats in rows below them and the hand along the bottom, at the
    largest scale up to the tables' own at which it all fits."""
    s = POKER_PX_PER_MM
    while s > MIN_PX_PER_MM and not _fits(blocks, seats, collections, s):
        s *= SHRINK
    for c in collections:
        c.size = (c.trim[0] * s, c.trim[1] * s) if c.kind != "dice" else (max(DIE_MIN_PX, c.trim[0] * s),) * 2  # a die as _DiceBlock places it
    players = f"{game.spec.players.min}-{game.spec.players.max}" if game.spec.players.min != game.spec.players.max else str(game.spec.players.min)
    hand_h = _hand_height(collections, s)
    hand_w = TABLE_PX[0] - 2 * MARGIN_PX - CONTROL_PX[0] - GAP_PX
    table = Table(game.title, players, s, collections, [], [], [], [], (MARGIN_PX, TABLE_PX[1] - MARGIN_PX - hand_h, hand_w, hand_h), pictures,
                  controls=(MARGIN_PX + hand_w + GAP_PX, TABLE_PX[1] - MARGIN_PX - hand_h, CONTROL_PX[0], hand_h))
    y = MARGIN_PX
    width = TABLE_PX[0] - 2 * MARGIN_PX
    for part in (blocks, seats):
        for row in _rows(part, s, width):
            x = MARGIN_PX
            for block in row:
                block.place(x, y, s, table)
                x += block.size(s)[0] + GAP_PX
            y += max(b.size(s)[1] for b in row) + GAP_PX
    return table
