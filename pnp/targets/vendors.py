"""Print services, one record each: what every vendor's upload page asks for, with where each number was read.

`pnp export GAME --vendor NAME` (pnp.targets.export_vendor), its preflight
(pnp.targets.vendor_preflight), `pnp validate --vendor` and the vendor table of
docs/exports.md are all read from `VENDORS`: adding a print service is one
record below. Every number a record holds is cited in its `sources`: the
vendor's own page and the day it was read, or "third-party: <where>" where only
another's copy was found, or "unconfirmed: <why>" where none was reached (the
order's README names those as the numbers to check before paying).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.units import SAFE_MM

READ = "read 2026-11-26"
IN = 25.4  # mm an inch

# How a vendor wants the files laid out (pnp.targets.export_vendor writes each).
LAYOUTS = {
    "png-faces": "a PNG per distinct face at the vendor's bleed and dpi, each card's quantity beside it",
    "png-per-copy": "a PNG per copy and side at the asked bleed and dpi, manifest.csv listing every file in upload order",
    "pdf-back-front": "one PDF per deck, a card a page pair: its back, then its front",
    "pdf-front-back-per-size": "one PDF per card size (every deck of that size), a card a page pair: its front, then its back",
    "pdf-fronts-and-backs": "two PDFs per deck: every front a page, and its backs (one page for a shared back, else a back per front)",
    "pdf-per-component": "one PDF per deck, board, token set and the player aids, each copy's front then back",
    "sheets-mirrored": "card sheets of N: a fronts page, then its backs page mirrored left to right",
}


SIZE_TOLERANCE_MM = 1.0
"""How far each side of a piece may be from a product's and still be that product, per side, as a shop takes a file:
63 × 88 mm and 2.5 × 3.5 in (63.5 × 88.9) are both a poker card; a bridge card (57.15 mm wide) is not. Each side is
held to it on its own: two sides' differences are never summed."""
SIZE_PAD_MM = SIZE_TOLERANCE_MM / 2  # art past the bleed, so a piece up to the tolerance smaller than its product still fills its file


@dataclass(frozen=True)
class Product:
    """One thing a vendor prints: its kind and trim size (None: any size of its kind, made to the designer's die line).

    `kind` is one of PRODUCT_KINDS: a token set goes to a token product (a punchboard sheet), never to a card of its
    size; a board never to a tarot card. `up_to`: the trim is the largest piece the product holds (a punchout slug
    holds any token that fits on it), not the one size it cuts."""

    name: str  # as the vendor's catalogue calls it
    kind: str  # one of PRODUCT_KINDS
    trim_mm: tuple[float, float] | None
    source: str  # where its size was read (URL and day), or "third-party: <where>"
    up_to: bool = False

    def takes(self, trim: tuple[float, float]) -> bool:
        """Whether a piece of `trim` mm (either way round) is this product as a shop takes it: each side within
        SIZE_TOLERANCE_MM of the product's, or, for an `up_to` product, no side longer than its own by more than that."""
        if self.trim_mm is None:
            return True
        pairs = zip(sorted(self.trim_mm), sorted(trim), strict=True)
        if self.up_to:
            return all(piece <= side + SIZE_TOLERANCE_MM for side, piece in pairs)
        return all(abs(side - piece) <= SIZE_TOLERANCE_MM for side, piece in pairs)

    def distance(self, trim: tuple[float, float]) -> float:
        """How far a piece of `trim` mm is from this product: its farthest side's difference (0 for one it takes)."""
        if self.takes(trim):
            return 0.0
        return max(abs(side - piece) for side, piece in zip(sorted(self.trim_mm), sorted(trim), strict=True))

    def file_trim(self, trim: tuple[float, float]) -> tuple[float, float]:
        """The trim a file for this product is made at, turned as the piece is: the product's own size for a product
        of one size (a 63 × 88 mm card's file is the 63.5 × 88.9 poker card's), the piece's for any other."""
        if self.trim_mm is None or self.up_to:
            return trim
        short, long = sorted(self.trim_mm)
        return (long, short) if trim[0] > trim[1] else (short, long)


PRODUCT_KINDS = ("cards", "boards", "tokens", "boxes", "dice")


@dataclass(frozen=True)
class Vendor:
    """One print service: its numbers, its file layout and what it forbids; every number cited in `sources`."""

    name: str  # `--vendor NAME`
    title: str
    layout: str  # a key of LAYOUTS
    bleed_mm: float  # per side
    safe_mm: float  # words and symbols stay this far inside the trim
    dpi: int
    colour: str  # "RGB" or "CMYK": the colour space of every file
    ink_limit: float | None  # total area coverage, 2.4 = 240 %; None: RGB files
    products: tuple[Product, ...]
    forbids: tuple[str, ...]  # what the vendor refuses: crop marks, transparency, RGB…
    naming: str  # how the files are named
    steps: tuple[str, ...]  # the upload steps, for README.txt
    sources: tuple[tuple[str, str], ...]  # (which numbers, where they were read or "third-party: <where>")
    condition: str = ""  # a CMYK file's PDF/X output condition
    sheet_mm: tuple[float, float] | None = None  # sheets-mirrored: the sheet
    sheet_margin_mm: float = 0.0
    pdfx: str = "PDF/X-1a:2003"  # the PDF/X version a CMYK file is marked with
    outlines: bool = False  # text as outlines (filled paths, no fonts): pnp.targets.vendor_pdfx
    min_text_pt: float = 0.0  # no text set smaller than this, pt (0: no rule)
    pad_mm: float = SIZE_PAD_MM  # art drawn past the bleed, for a piece smaller than its product's file (0: every file is its piece's size)

    def sheet_grid(self, trim: tuple[float, float]) -> tuple[int, int]:
        """(columns, rows) of pieces of `trim` mm, each with its bleed, on one of the vendor's sheets inside its margin
        (sheets-mirrored); (0, 0) for a vendor without sheets or a piece too large for one."""
        if self.sheet_mm is None:
            return 0, 0
        cell = (trim[0] + 2 * self.bleed_mm, trim[1] + 2 * self.bleed_mm)
        usable = (self.sheet_mm[0] - 2 * self.sheet_margin_mm, self.sheet_mm[1] - 2 * self.sheet_margin_mm)
        return int(usable[0] // cell[0]), int(usable[1] // cell[1])

    def product_for(self, kind: str, trim: tuple[float, float]) -> tuple[Product | None, Product | None]:
        """(the product of this kind that prints a piece of `trim`, the nearest product of this kind when none does).

        Only products of the same kind are ever offered: (None, None) when the vendor makes nothing of that kind."""
        same = [p for p in self.products if p.kind == kind]
        if not same:
            return None, None
        nearest = min(same, key=lambda p: p.distance(trim))
        return (nearest, None) if nearest.takes(trim) else (None, nearest)


def _cards(source: str, *sizes: tuple[str, float, float]) -> tuple[Product, ...]:
    return tuple(Product(name, "cards", (w, h), source) for name, w, h in sizes)


def _any(source: str, *names: tuple[str, str]) -> tuple[Product, ...]:
    """Products made to any size, to the designer's die line: (name, kind) each."""
    return tuple(Product(name, kind, None, source) for name, kind in names)


POKER, BRIDGE, TAROT, MINI = ("poker", 63.5, 88.9), ("bridge", 57.15, 88.9), ("tarot", 69.85, 120.65), ("mini", 44.45, 63.5)
SQUARE = ("square", 88.9, 88.9)
READ_28 = "read 2026-11-28"
DTC_PAGE = "https://help.drivethrupartners.com/hc/de/articles/12780748203543-Spezifikationen-f%C3%BCr-gedruckte-Karten"
PNP_PAGE = "https://www.printplaygames.com/prototypes/formatting-guidelines/card-formatting-templates/"
LONGPACK_COPY = "https://pdfslide.us/documents/board-game-artwork-guidelines-longpack-games-board-game-artwork-guidelines.html"
LONGPACK_BOARD = "https://help.longpackgames.com/article/61-game-board"
TGC_PUNCHOUTS = "https://help.thegamecrafter.com/article/221-mix-n-match-punchouts"
MEINSPIEL_PAGE = "https://www.meinspiel.de/format-59x91-mm/ and https://www.meinspiel.de/datencheck-und-upload/"
MPC_AUTOFILL = "https://github.com/chilli-axe/mpc-autofill (tests/sample.xml, desktop-tool/src/order.py)"
CARD_TRADE = "third-party: the card trade's sizes (poker 2.5 × 3.5 in, bridge 2.25 × 3.5, tarot 2.75 × 4.75, mini 1.75 × 2.5, square 3.5 × 3.5)"

VENDORS = (
    Vendor(
        "thegamecrafter", "The Game Crafter", "png-faces", bleed_mm=IN / 8, safe_mm=IN / 8, dpi=300, colour="RGB", ink_limit=None,
        products=(*_cards(f"{CARD_TRADE}; The Game Crafter's own card pages were not reached", POKER, BRIDGE, TAROT, MINI, SQUARE),
                  Product("small punchout slug", "tokens", (3.25 * IN, 5.25 * IN), f"{TGC_PUNCHOUTS}, {READ_28}", up_to=True),
                  Product("medium punchout slug", "tokens", (4.5 * IN, 8 * IN), f"{TGC_PUNCHOUTS}, {READ_28}", up_to=True),
                  Product("large punchout slug", "tokens", (8.25 * IN, 10.5 * IN), f"{TGC_PUNCHOUTS}, {READ_28}", up_to=True),
                  Product("bi-fold board", "boards", (18 * IN, 9 * IN), "unconfirmed: 18 × 9 in; The Game Crafter's board page was not reached"),
                  Product("quad-fold board", "boards", (18 * IN, 18 * IN), "unconfirmed: 18 × 18 in; The Game Crafter's board page was not reached"),
                  Product("poker tuck box", "boxes", (63.5, 88.9), "unconfirmed: holds poker cards; The Game Crafter's box page was not reached")),
        forbids=("transparency", "CMYK images"),
        naming="a folder per component (cards/<deck>, tokens/<set>, boards, player-aids): <id>.png for each front, back.png for a "
               "shared back, <id>-back.png for a piece's own, and quantities.csv",
        steps=("Create a game at thegamecrafter.com and add one product per folder (its name is in the folder's quantities.csv).",
               "Drag every front of a folder onto the product's card uploader, then set each card's quantity from quantities.csv.",
               "Upload back.png as the deck's shared back (a card with a file <id>-back.png takes that as its own back).",
               "Tokens: add the punchout product named for them, then upload each token's image to its uploader.",
               "Check each proof: nothing you need lies in the outer 1/8 in."),
        sources=(("300 dpi, 1/8 in bleed, poker 825 × 1125 px, mini 600 × 825, tarot 900 × 1500",
                  "unconfirmed: The Game Crafter's template pages were not reached; the sizes are the card trade's plus 1/8 in a side at 300 dpi"),
                 ("1/8 in safe zone", "unconfirmed: The Game Crafter's template pages were not reached"),
                 ("punchout slugs: small 3.25 × 5.25 in, medium 4.5 × 8 in, large 10.5 × 8.25 in", f"{TGC_PUNCHOUTS}, {READ_28}"),
                 ("file names and quantities.csv", "pnp's own: The Game Crafter's uploader names a card by its file"))),
    Vendor(
        "makeplayingcards", "MakePlayingCards", "png-faces", bleed_mm=36 / 300 * IN, safe_mm=3.0, dpi=300, colour="RGB", ink_limit=None,
        products=_cards(f"{CARD_TRADE}; MakePlayingCards' own size pages were not reached", POKER, TAROT, MINI),
        forbids=("transparency",),
        naming="a folder per component (cards/<deck>, player-aids): <card id>.png for each front, back.png for a shared back, and "
               "quantities.csv; beside them an MPC Autofill order for each poker-size deck, named for its folder (cards-<deck>.xml, "
               "player-aids.xml)",
        steps=("Install MPC Autofill's desktop tool (github.com/chilli-axe/mpc-autofill) and run it in this folder: it reads each cards-<deck>.xml "
               "and fills the order at makeplayingcards.com from the images beside it.",
               "Or upload by hand (MPC Autofill fills poker-size orders only): choose the card size, the quantity, then every front "
               "and the back, as quantities.csv lists them.",
               "An order holds at most 612 cards: a larger deck is split into several orders."),
        sources=(("36 px (3 mm) bleed, 822 × 1122 px poker at 300 dpi",
                  "unconfirmed: MakePlayingCards' own page was not reached; 36 px a side is the bleed MPC Autofill's images carry"),
                 ("order XML: details quantity/bracket/stock/foil, fronts, backs, cardback; brackets 18 … 612", f"third-party: {MPC_AUTOFILL}, {READ}"),
                 ("3 mm safe zone", "unconfirmed: MakePlayingCards' own page was not reached"))),
    Vendor(
        "drivethrucards", "DriveThruCards", "pdf-back-front", bleed_mm=IN / 8, safe_mm=IN / 8, dpi=300, colour="CMYK", ink_limit=2.40,
        products=_cards(f"{CARD_TRADE}; DriveThruCards' size list was not reached", POKER, TAROT, MINI, SQUARE),
        forbids=("crop marks", "die lines", "transparency", "RGB", "PNG images"),
        naming="<game>-<deck>.pdf, one per deck", condition="CGATS TR 001",
        steps=("In your DriveThru publisher account, add a print-on-demand card title of the deck's size.",
               "Upload <game>-<deck>.pdf as its print file: the back of card 1, its front, the back of card 2, …",
               "Order a proof before you publish."),
        sources=(("one PDF a deck; page 1 the back of card 1, page 2 its front, …; 300 dpi; CMYK at most 240 %; 1/8 in bleed; "
                  "nothing within 1/8 in of the edge; no die line; PDF/X-1a:2003, fonts embedded", f"{DTC_PAGE}, {READ}"),)),
    Vendor(
        "printplay", "Print & Play (PrintPlayGames)", "sheets-mirrored", bleed_mm=2.0, safe_mm=2.0, dpi=300, colour="RGB", ink_limit=None,
        products=_cards(f"{CARD_TRADE}; Print & Play's card sizes are on their templates ({PNP_PAGE}, {READ})", POKER, BRIDGE, TAROT, MINI, SQUARE),
        forbids=("template layers (cut lines, safe zone)",),
        naming="<game>-<deck>-sheets.pdf: 12 × 18 in pages, each fronts page followed by its backs page", sheet_mm=(12 * IN, 18 * IN),
        sheet_margin_mm=IN / 4,
        steps=("Order the deck's card product at printplaygames.com and upload <game>-<deck>-sheets.pdf as its print file.",
               "Each fronts page is followed by its backs page, mirrored left to right (the top left front's back is top right)."),
        sources=(("12 × 18 in portrait sheets at 300 dpi; fronts and backs on separate pages, backs mirrored (top left to top right); "
                  "at least 2 mm bleed; nothing within 2 mm of the edge; JPEG, PNG or PDF", f"{PNP_PAGE}, {READ}"),
                 ("a 1/4 in margin around the grid", "pnp's own, so no card reaches the sheet's edge; the page gives none"))),
    Vendor(
        "longpack", "LongPack Games", "pdf-fronts-and-backs", bleed_mm=3.0, safe_mm=3.0, dpi=300, colour="CMYK", ink_limit=3.00,
        products=(*_cards(f"{CARD_TRADE}; LongPack's size list was not reached", POKER, BRIDGE, TAROT, MINI, SQUARE),
                  Product("game board", "boards", (680.0, 950.0), f"{LONGPACK_BOARD}, {READ_28}", up_to=True),
                  *_any(f"third-party: LongPack's Board Game Artwork Guidelines 2018 as copied at {LONGPACK_COPY}, {READ} (punched boards "
                        "with their die-cut file; game boxes)", ("punchboard", "tokens"), ("game box", "boxes"))),
        forbids=("crop marks", "RGB", "transparency", "unembedded fonts"),
        naming="<game>-<deck>-fronts.pdf and <game>-<deck>-backs.pdf for each deck, token set, board and the player aids", condition="FOGRA39",
        steps=("Send each <game>-<deck>-fronts.pdf with its <game>-<deck>-backs.pdf to your LongPack project manager, with the card count.",
               "A fronts file holds every front in print order; its backs file holds the one back all of them share, or, where "
               "backs differ, the back of each front on the same page number.",
               "A game board's file needs 20 mm of wrap-around bleed, not 3 mm: ask your project manager for the board's template."),
        sources=(("PDF 1.4 composite, fonts embedded, CMYK, 300 dpi, 3–5 mm bleed (cards 3–4 mm), total ink 280–300 %",
                  f"third-party: LongPack's Board Game Artwork Guidelines 2018 as copied at {LONGPACK_COPY}, {READ}"),
                 ("game boards up to 680 × 950 mm, 20 mm wrap-around bleed", f"{LONGPACK_BOARD}, {READ_28}"),
                 ("backs in a file of their own; 3 mm margin", "unconfirmed: LongPack's help page on cards was not reached; a reviewer read "
                  "the separate backs file there"))),
    Vendor(
        "mbprint", "MBPrint", "pdf-front-back-per-size", bleed_mm=3.0, safe_mm=4.0, dpi=300, colour="CMYK", ink_limit=3.00,
        products=(*_cards(f"{CARD_TRADE}; MBPrint's size list was not reached", POKER, BRIDGE, TAROT, MINI),
                  Product("standard", "cards", (59.0, 91.0), f"third-party: {MEINSPIEL_PAGE}, {READ}")),
        forbids=("crop marks", "registration marks", "colour bars", "RGB"),
        naming="<game>-<width>x<height>mm.pdf: one per card size, front and back alternating", condition="FOGRA39",
        pdfx="PDF/X-4", outlines=True, min_text_pt=6.0,
        steps=("Upload one PDF per card size to your MBPrint order: every card's front, then its back, card after card.",
               "The files carry no crop marks: MBPrint's own die cuts them."),
        sources=(("3 mm bleed, 4 mm safety from the cut, no crop marks or registration marks, CMYK, total ink at most 300 %, 300 dpi",
                  f"third-party: meinspiel.de's card guide, {MEINSPIEL_PAGE}, {READ}; MBPrint's own page was not reached"),
                 ("one PDF per card size, front/back alternating", "unconfirmed: MBPrint's own page was not reached"),
                 ("text as outlines, PDF/X-4, no text under 6 pt", "unconfirmed: MBPrint's file preparation page (mbprint.pl) was not "
                  "reached here; these are its rules as a reviewer read them there"))),
    Vendor(
        "offset", "A generic offset printer (Cartamundi and the like)", "pdf-per-component", bleed_mm=3.0, safe_mm=3.0, dpi=300,
        colour="CMYK", ink_limit=3.00,
        products=_any("a generic printer makes any size to its die line", ("cards", "cards"), ("board", "boards"), ("punchboard", "tokens"),
                      ("box", "boxes")),
        forbids=("RGB", "transparency", "unembedded fonts"),
        naming="<game>-<component>.pdf, one per deck, board, token set and the player aids", condition="FOGRA39",
        steps=("Send each PDF to your printer with its count: each copy's front then its back, at trim plus 3 mm bleed.",
               "Ask for their dielines for boxes and punchboards: these files are rectangular pieces only."),
        sources=(("CMYK to ISO 12647-2 (FOGRA39), total ink at most 300 %", "unconfirmed: Cartamundi's page was not reached; the common offset figures"),
                 ("3 mm bleed and safe zone, 300 dpi", "unconfirmed: the common metric shop's figures; ask your printer"))),
)


POD = Vendor(
    "pod", "DriveThruCards or The Game Crafter", "pdf-per-component", bleed_mm=IN / 8, safe_mm=IN / 8, dpi=300,
    colour="CMYK", ink_limit=2.40,
    products=_any("pnp's own: each piece's file at its own size; the shop's product for it is chosen on its site", ("cards", "cards"), ("board", "boards"),
                  ("token sheet", "tokens")),
    forbids=("crop marks", "RGB", "transparency", "unembedded fonts"),
    naming="<game>-<deck>.pdf, <game>-boards-<board>.pdf, <game>-tokens-<set>.pdf and <game>-player-aids.pdf", condition="CGATS TR 001",
    steps=("upload each PDF to DriveThruCards or The Game Crafter as its component's print file "
           "(CMYK PDF/X-1a, 1/8 in bleed, one side per page, front before back)",),
    sources=(("CMYK at most 240 %, 1/8 in bleed and safe zone, PDF/X-1a:2003 with fonts embedded", f"{DTC_PAGE}, {READ}"),
             ("a file per component, one side a page, each copy's front then its back", "pnp's own order, kept since pnp's first "
              "print-on-demand export; DriveThruCards' own page asks a card's back first: use `--vendor drivethrucards` for that")))
"""`pnp export GAME --format pod`: the files a print-on-demand shop takes for any component, made and read back as a
vendor's are (pnp.targets.export_vendor.pod_target). Not one of VENDORS: it names no one shop's upload page, so it is
no `--vendor` choice and is offered no piece another vendor leaves out."""


PNG = Vendor(
    "png", "a print service that takes images", "png-per-copy", bleed_mm=IN / 8, safe_mm=SAFE_MM, dpi=300, colour="RGB", ink_limit=None, pad_mm=0.0,
    products=_any("pnp's own: each piece's images at its own size; the service's product for it is chosen on its site", ("cards", "cards"),
                  ("board", "boards"), ("token sheet", "tokens")),
    forbids=("transparency", "CMYK images"),
    naming="a folder per component (cards/<deck>, boards, tokens/<set>, player-aids): <id>-<copy>-<side>.png, and manifest.csv",
    steps=("upload the images of each component in manifest.csv's order, every front, then every back",),
    sources=(("bleed and dpi", "as asked: --bleed (1/8 in: The Game Crafter; 3 mm: MakePlayingCards) and --dpi, 300 by default"),
             ("a file per copy and side, manifest.csv in upload order", "pnp's own, kept since pnp's first PNG export"),
             ("safe zone", "pnp's own 3 mm: each service's wider one is checked by --vendor")))
"""`pnp export GAME --format png`: images for any print service that takes them, made by the same writer as The Game
Crafter's (pnp.targets.export_png), at the bleed and dpi asked (pnp.targets.export_vendor.png_target replaces both).
Not one of VENDORS: it names no one service's upload page. No pad (`pad_mm`): every image is its piece's own size,
so nothing needs drawing past its bleed."""


def whose(vendor: Vendor) -> str:
    """The vendor's name as an owner, in the middle of a sentence: MBPrint's, DriveThruCards', Print & Play's (its
    title's aside left out), a generic offset printer's."""
    name = called(vendor).split(" (")[0]
    return name + ("'" if name.endswith("s") else "'s")


def called(vendor: Vendor) -> str:
    """The vendor's title in the middle of a sentence: as it is, but a generic one's article in lower case (a generic
    offset printer (Cartamundi and the like))."""
    title = vendor.title
    return title[0].lower() + title[1:] if title.startswith(("A ", "An ")) else title


def vendor_names() -> tuple[str, ...]:
    return tuple(v.name for v in VENDORS)


def vendor_named(name: str) -> Vendor:
    """The vendor `name`; a ValueError naming the known ones for any other."""
    for vendor in VENDORS:
        if vendor.name == name:
            return vendor
    raise ValueError(f"unknown vendor '{name}': one of {', '.join(vendor_names())}")


def vendor_table() -> str:
    """The vendor table of docs/exports.md, in Markdown, written from the records (tests/test_vendors.py holds the page to it)."""
    rows = ["| `--vendor` | print service | files | bleed | safe zone | dpi | colour | ink | products |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for v in VENDORS:
        products = ", ".join(f"{p.name} {'up to ' if p.up_to else ''}{p.trim_mm[0]:g} × {p.trim_mm[1]:g}" if p.trim_mm else f"{p.name} (any size)"
                             for p in v.products)
        ink = f"{v.ink_limit:.0%}" if v.ink_limit else "–"
        rows.append(f"| `{v.name}` | {v.title} | {LAYOUTS[v.layout]} | {round(v.bleed_mm, 3):g} mm | {round(v.safe_mm, 3):g} mm | {v.dpi} | {v.colour} | {ink} | {products} |")
    return "\n".join(rows)
