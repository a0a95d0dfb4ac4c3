"""The shapes of a game's files besides game.yaml and its decks: boards, tokens, boxes, dice, the reference and the
rulebook's front matter, declared as pydantic models as pnp.data.schema declares the rest (strict, unknown keys
refused, each error a Finding through pnp.data.schema.check_shape).

Apart from pnp.data.schema so that a process reading no such file makes none of their models (issue #77): each
name is also read through pnp.data.schema (its PART_NAMES), where pnp.data.kinds' `part` names them.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, PrivateAttr, model_validator

from pnp.data.schema_base import ID_PATTERN, MAX_CARDS_PER_DECK, MAX_COPIES, CardSize, FreeSize, Open, Strict, cut_named


class BoardSpec(Open):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    size: FreeSize
    template: str


class BoardsFile(Strict):
    keep_fields: list[str] = []  # board fields no template reads, kept on purpose
    boards: list[BoardSpec] = Field(min_length=1)


class TokenItem(Open):
    id: str = Field(pattern=ID_PATTERN)
    count: int = Field(default=1, ge=0, le=MAX_COPIES)


class TokenSet(Open):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    shape: Annotated[str, cut_named(("circle", "square", "rounded", "hexagon", "rectangle"))]
    size: FreeSize
    corner_radius: float = Field(default=0.0, ge=0, le=50)  # mm: a rounded set's corners (else 15 % of its shorter side), or a square's
    hex_top: Literal["flat", "pointy"] = "flat"  # a hexagon's top: a flat side, or a corner
    count: int = Field(default=1, ge=0, le=MAX_COPIES)
    colors: list[str] = []
    front: str
    back: str | None = None
    # whether the set's backs print: auto leaves out backs that carry nothing (every back blank or one plain colour),
    # never leaves them out whatever they show (a back that only repeats the front), always prints them
    print_back: Literal["auto", "always", "never"] = "auto"
    standee: bool = False
    items: list[TokenItem] = []

    @model_validator(mode="after")
    def _pieces_within_limit(self):
        """A set is its items (or its count) once per colour: each list within its limit, the product may still not be."""
        pieces = (sum(item.count for item in self.items) if self.items else self.count) * max(len(self.colors), 1)
        if pieces > MAX_CARDS_PER_DECK:
            raise ValueError(f"this set makes {pieces:,} pieces (its counts times its {max(len(self.colors), 1)} colours), over the "
                             f"{MAX_CARDS_PER_DECK:,} a set may make: split it, or count fewer")
        return self
    _outline: tuple = PrivateAttr(default=())  # an .svg `shape`'s corners, once the loader read them (pnp.data.outlines.token_outlines)


class TokensFile(Strict):
    keep_fields: list[str] = []  # token fields no template reads, kept on purpose
    tokens: list[TokenSet] = Field(min_length=1)


# Box styles and die shapes a game may name: the registries (pnp.layout.boxes.BOX_STYLES, pnp.layout.dice.DIE_SHAPES)
# hold one function per name, and tests/test_boxes.py and test_dice.py hold them to these tables, as CHECK_KEYS is held.
BOX_STYLE_NAMES = ("tuck", "two-piece")
DIE_SHAPE_NAMES = ("d4", "d6", "d8", "d10", "d12", "d20")
DEFAULT_STOCK_MM = 0.32  # a 300 gsm card is 0.30–0.35 mm thick (PRINTING.md "Boxes and stock")
DEFAULT_BOARD_MM = 0.3  # the card a box is printed on: 300 gsm, the thinnest that holds a deck's shape


GS1_MAGNIFICATION = (0.8, 2.0)  # GS1 General Specifications 5.2.3.4: EAN-13/UPC-A print at 80 %–200 % of the 0.33 mm module


class MarkingsSpec(Strict):
    """A box's retail markings (pnp.layout.markings): who made it, where, when and which batch, its warnings and address,
    and the barcode number (EAN-13: 13 digits, UPC-A: 12, each with its check digit), printed on the box's back."""

    batch: str = ""
    maker: str = ""
    place: str = ""  # where it was made
    date: str = ""  # when, as the maker writes it
    address: str = ""
    warnings: list[str] = []
    barcode: str | int | None = None  # digits; quote a number that starts with 0
    magnification: float = Field(default=1.0, ge=GS1_MAGNIFICATION[0], le=GS1_MAGNIFICATION[1])
    contents: bool = True  # list the decks inside and their counts
    ground: str = "#ffffff"  # the solid colour the block prints on (palette name or #rrggbb)


class SleeveSpec(Strict):
    """The sleeves a box's cards wear: their outside size, and what one sleeve adds to a card's thickness (a pair of
    films: about 0.1 mm for a standard sleeve, PRINTING.md "Boxes and stock")."""

    size: FreeSize  # 'W x H' mm, outside the sleeve
    thickness: float = Field(default=0.1, gt=0, le=1)


class BoxSpec(Open):
    """A box for one deck or a group of decks; its inner size comes from the cards (pnp.data.boxes)."""

    id: str = Field(pattern=ID_PATTERN)
    name: str = ""
    style: Literal[BOX_STYLE_NAMES]  # type: ignore[valid-type]
    decks: list[str] = Field(min_length=1)
    stock: float = Field(default=DEFAULT_STOCK_MM, gt=0, le=2)  # mm a card (sleeved cards: about 0.1 mm more)
    clearance: float = Field(default=1.0, ge=0, le=10)  # mm added to the cards' width and height
    depth_clearance: float = Field(default=1.5, ge=0, le=20)  # mm added to the stack's depth
    board: float = Field(default=DEFAULT_BOARD_MM, ge=0, le=3)  # mm: the thickness of what the box is printed on; its panels allow for it at the folds
    color: str = "paper"  # palette name or #rrggbb: flaps, tabs and what the faces leave bare
    front: str
    back: str | None = None
    side: str | None = None
    top: str | None = None
    markings: MarkingsSpec | None = None  # opt-in retail markings on the back (a two-piece box: the tray's bottom)
    sleeves: SleeveSpec | None = None  # the cards wear sleeves: the box and its insert's wells are sized for them
    tokens: list[str] = []  # token sets it also holds, each in a well of the insert after the decks
    dice: list[str] = []  # dice it also holds, in one well after the tokens
    inner: list[float] | None = Field(default=None, min_length=3, max_length=3)  # [w, h, d] mm: a box of a set size; else sized from its contents


class BoxesFile(Strict):
    keep_fields: list[str] = []
    boxes: list[BoxSpec] = Field(min_length=1)


class DieSpec(Open):
    """A die: its shape, size (the length of a face's longest edge) and faces, each a mapping its face template reads."""

    id: str = Field(pattern=ID_PATTERN)
    name: str = ""
    shape: Literal[DIE_SHAPE_NAMES]  # type: ignore[valid-type]
    size: float = Field(gt=4, le=80)
    count: int = Field(default=1, ge=0, le=MAX_COPIES)
    color: str = "paper"
    face: str  # the template that draws one face
    faces: list[dict[str, Any]] = Field(min_length=4, max_length=20)

    @model_validator(mode="after")
    def _faces_fit_shape(self):
        wanted = int(self.shape[1:])
        if len(self.faces) != wanted:
            raise ValueError(f"a {self.shape} has {wanted} faces, got {len(self.faces)}: list one mapping a face")
        return self


class DiceFile(Strict):
    keep_fields: list[str] = []
    dice: list[DieSpec] = Field(min_length=1)


class RefTable(Strict):
    header: list[str] = []
    rows: list[list[str | int | float]]


class LegendItem(Strict):
    icon: str
    text: str


class RefSection(Strict):
    title: str
    text: str = ""
    steps: list[str] = []
    bullets: list[str] = []
    table: RefTable | None = None
    legend: list[LegendItem] = []
    id: str = ""
    only: Literal["sheet", "aid"] | None = None  # print on the reference sheet only, or on the player aid only; both when absent


class ReferenceFile(Open):
    title: str = "Quick reference"
    card_size: CardSize = Field(default="poker", validate_default=True)  # the preset read as its size, as a written one is
    copies: int | str = 1
    columns: int = Field(default=2, ge=1, le=3)
    sections: list[RefSection] = Field(min_length=1)
    template: str = ""  # the player aid's front drawn by this template (<game>/aid.j2), as a board's is; else laid out from the sections


class RulebookMatter(Strict):
    title: str = ""
    subtitle: str = ""
    pitch: str = ""
    paper: str = ""
    align: Literal["left", "justify"] = "left"  # the paragraphs' and list items' alignment; justified text hyphenates in the edition's language
