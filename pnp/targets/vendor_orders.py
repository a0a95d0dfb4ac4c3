"""What one vendor's order holds: every component of a build either ordered there or named as not offered.

A vendor export starts here (pnp.targets.export_vendor writes the files). Each
component of the game (its decks, boards, token sets and player aids, as the
exporters draw them, and its boxes and dice, which pnp draws as nets for home
printing) is one `Piece`. A piece goes to the vendor's product of its own kind
that takes its size (pnp.targets.vendors.Product.takes); one the vendor makes
no such product for is listed as not offered, with the nearest product of the
same kind at another vendor pnp knows. Never another kind's: a token is never
sold as a card of its size, a board is never pointed at a tarot card.

`order_plan` is the one place this is decided; the README, the quote sheet and
the warnings are all written from its answer.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import Finding, Loc, warning
from pnp.core.plurals import count_text
from pnp.targets.components import Component, printed_trim
from pnp.targets.vendor_preflight import ShopFile
from pnp.targets.vendors import VENDORS, Product, Vendor, called, whose

PRODUCT_KIND = {"cards": "cards", "player-aids": "cards", "boards": "boards", "tokens": "tokens", "boxes": "boxes", "dice": "dice"}
UNIT = {"cards": "card", "player-aids": "card", "boards": "board", "tokens": "token", "boxes": "box", "dice": "die"}
PRODUCT_NOUN = {"cards": "card", "boards": "board", "tokens": "token product", "boxes": "box", "dice": "die"}  # a product kind, one of it


@dataclass(frozen=True)
class Piece:
    """One component of the build as an order names it: a deck, a board, a token set, the player aids, a box, a die."""

    name: str
    kind: str  # a component kind (pnp.targets.components.KINDS), "boxes" or "dice"
    size: tuple[float, float]  # the trim a printer cuts, mm; a box: the cards it holds; a die: a face
    count: int  # how many pieces: a deck's cards, a set's tokens, a game's copies of a die
    loc: Loc
    component: Component | None = None  # its faces, for what the vendor's files print

    @property
    def product_kind(self) -> str:
        return PRODUCT_KIND[self.kind]

    @property
    def what(self) -> str:
        """The piece in words: 'Heroes (12 cards of 63 × 88 mm)', 'Heroes box (holds cards of 63 × 88 mm)'."""
        unit = UNIT[self.kind]
        size = f"{self.size[0]:g} × {self.size[1]:g} mm"
        if self.kind == "boxes":
            return f"{self.name} (a box for {self.count} cards of {size})"
        if self.kind == "dice":
            return f"{self.name} ({count_text(self.count, 'die', 'dice')} of {self.size[0]:g} mm)"
        return f"{self.name} ({count_text(self.count, unit)} of {size})"


@dataclass(frozen=True)
class Ordered:
    """A piece the vendor makes, with the product that makes it; `files`: pnp writes its print files (a box or a die
    is printed from the vendor's own template instead)."""

    piece: Piece
    product: Product

    @property
    def files(self) -> bool:
        return self.piece.component is not None


@dataclass(frozen=True)
class NotOffered:
    """A piece the vendor makes no product for: its nearest product of the same kind here (wrong size), if any, and
    the nearest product of the same kind at another vendor (`elsewhere`: that vendor and product), if any."""

    piece: Piece
    nearest: Product | None
    elsewhere: tuple[Vendor, Product] | None

    def line(self) -> str:
        """The README's line: the piece, and where a product of its kind is."""
        here = (f"the nearest {PRODUCT_NOUN[self.piece.product_kind]} here is the {self.nearest.name} ({_size(self.nearest)}), which it does not fit"
                if self.nearest else f"this vendor makes no {self.piece.product_kind}")
        there = (f"{called(self.elsewhere[0])} makes its kind: the {self.elsewhere[1].name} ({_size(self.elsewhere[1])})"
                 if self.elsewhere else f"no vendor pnp knows makes {self.piece.product_kind}")
        return f"{self.piece.what}: {here}; {there}"


@dataclass(frozen=True)
class OrderPlan:
    """One vendor's order: every piece of the build, ordered or not offered."""

    vendor: Vendor
    ordered: tuple[Ordered, ...]
    not_offered: tuple[NotOffered, ...]


def _size(product: Product) -> str:
    if product.trim_mm is None:
        return "any size"
    w, h = product.trim_mm
    return f"{'up to ' if product.up_to else ''}{w:g} × {h:g} mm"


def pieces(gctx, components: list[Component], bleed: float, decks_only: bool = False) -> list[Piece]:
    """Every piece of the build: the exporters' components (a standee as its fold-over strip at the vendor's `bleed`),
    then the game's boxes and dice (none when the export is limited to some decks)."""
    out = [Piece(c.name, c.kind, printed_trim(c, bleed), c.copies, component_loc(gctx, c), c) for c in components]
    return out if decks_only else out + _boxes(gctx.game) + _dice(gctx.game)


def _boxes(game) -> list[Piece]:
    from pnp.data.boxes import game_boxes

    found, _ = game_boxes(game)  # a box naming an unknown deck is reported by the game's own checks
    items = game.boxes_data["boxes"] if game.boxes_data else None
    ids = [str(item.get("id")) if hasattr(item, "get") else "" for item in items or []]
    return [Piece(contents.name, "boxes", contents.card_size, contents.cards,
                  items.loc_of(ids.index(contents.id)) if contents.id in ids else Loc(f"{game.rel}/boxes.yaml")) for contents, _, _ in found]


def _dice(game) -> list[Piece]:
    if not game.dice or not game.dice_data:
        return []
    items = game.dice_data["dice"]
    return [Piece(spec.name or spec.id, "dice", (spec.size, spec.size), spec.count, items.loc_of(i)) for i, spec in enumerate(game.dice.dice)]


def component_loc(gctx, component: Component) -> Loc:
    """Where a component is declared: a deck's `size` line, a board's or token set's item in its file, the player
    aids' `card_size`; the file of its kind when the item is not found."""
    game = gctx.game
    deck = game.decks.get(component.id) if component.kind == "cards" else None
    if deck is not None:
        return deck.loc_of("size")
    data = {"boards": game.boards_data, "tokens": game.tokens_data, "player-aids": game.reference_data}[component.kind]
    file = Loc(f"{game.rel}/{ {'boards': 'boards.yaml', 'tokens': 'tokens.yaml', 'player-aids': 'reference.yaml'}[component.kind]}")
    if data is None:
        return file
    if component.kind == "player-aids":
        return data.loc_of("card_size") if "card_size" in data else file
    items = data.get(component.kind) or []
    return next((items.loc_of(i) for i, item in enumerate(items) if hasattr(item, "get") and str(item.get("id")) == component.id), file)


def shop_file(gctx, name: str, pages: list[tuple[str, Component]], sheet: bool = False) -> ShopFile:
    """File `name` as its findings name it, each page (role, component) at the component's declaration and said as
    what it shows: 'a front of Heroes', or on a sheet of many cards 'a sheet of fronts of Heroes'."""
    at = {c.id: component_loc(gctx, c) for _, c in pages}
    shows = "a sheet of {}s of {}" if sheet else "a {} of {}"
    return ShopFile(name, tuple((at[c.id], shows.format(role, c.name)) for role, c in pages))


def elsewhere(vendor: Vendor, kind: str, size: tuple[float, float]) -> tuple[Vendor, Product] | None:
    """The nearest product of `kind` at another vendor: one that takes `size`, a product of one size before an any-size
    one, else the nearest in size; None when no other vendor makes that kind."""
    offers = [(other, p) for other in VENDORS if other.name != vendor.name for p in other.products if p.kind == kind]
    if not offers:
        return None
    return min(offers, key=lambda o: (o[1].distance(size), o[1].trim_mm is None))


@dataclass(frozen=True)
class Placed:
    """A component the vendor prints, with the product that prints it."""

    component: Component
    product: Product
    trim: tuple[float, float]  # the file's trim: the product's own size (Product.file_trim), turned as the component is

    @property
    def offset(self) -> tuple[float, float]:
        """How far the component's own trim sits inside the file's on each axis (a 63 × 88 mm card on a 63.5 × 88.9
        poker card: 0.25 and 0.45 mm), which its extra bleed (Vendor.pad_mm) fills."""
        own = self.trim if self.component.shape == "standee" else self.component.trim
        return ((self.trim[0] - own[0]) / 2, (self.trim[1] - own[1]) / 2)


def order_plan(gctx, vendor: Vendor, components: list[Component], decks_only: bool = False) -> OrderPlan:
    """Every piece of the build ordered from `vendor` or named as not offered there."""
    ordered, missing = [], []
    for piece in pieces(gctx, components, vendor.bleed_mm, decks_only):
        product, nearest = vendor.product_for(piece.product_kind, piece.size)
        if product is not None:
            ordered.append(Ordered(piece, product))
        else:
            missing.append(NotOffered(piece, nearest, elsewhere(vendor, piece.product_kind, piece.size)))
    return OrderPlan(vendor, tuple(ordered), tuple(missing))


def not_offered_findings(plan: OrderPlan, game: str, listed: bool = True) -> list[Finding]:
    """One warning per piece the vendor does not make, at the line that declares it; pointing to README.txt where it is
    `listed` there (an export that writes no file writes no README.txt either)."""
    vendor = plan.vendor
    where = " (README.txt lists it under 'Not offered by this vendor')" if listed else ""
    return [warning("vendor-product", f"{vendor.title} prints no {n.piece.product_kind} of {n.piece.size[0]:g} × {n.piece.size[1]:g} mm: "
                    f"{n.piece.name} is left out of this export{where}; "
                    + n.line().split(": ", 1)[1], n.piece.loc, game=game) for n in plan.not_offered]


def readme(title: str, plan: OrderPlan, files: list[str] = ()) -> str:
    """README.txt: the files written (`files`, paths from the folder), what they hold for which product, what the vendor
    makes from its own template, what it does not offer (and who does), its upload steps, where its numbers come from,
    and which of them to check on the vendor's current template before paying."""
    vendor = plan.vendor
    lines = [f"{title} for {vendor.title}", "", f"Files: {vendor.naming}.",
             f"Every file: {vendor.bleed_mm:g} mm bleed a side, {vendor.safe_mm:g} mm safe zone, {vendor.dpi} dpi, {vendor.colour}"
             + (f", total ink at most {vendor.ink_limit:.0%}" if vendor.ink_limit else "") + ".", *_written(files), "", "Components in these files:"]
    lines += [f"  {o.piece.what}: {o.product.name} ({_size(o.product)})" for o in plan.ordered if o.files] or ["  none"]
    templated = [o for o in plan.ordered if not o.files]
    if templated:
        lines += ["", "Ordered from the vendor's own template (pnp draws these as nets for home printing, not to the vendor's die line):"]
        lines += [f"  {o.piece.what}: order the {o.product.name} ({_size(o.product)}) and lay its art on the vendor's template" for o in templated]
    if plan.not_offered:
        lines += ["", "Not offered by this vendor:"] + [f"  {n.line()}" for n in plan.not_offered]
    lines += ["", "Upload steps:"] + [f"  {n}. {step}" for n, step in enumerate(vendor.steps, 1)]
    lines += ["", "Where these numbers come from:"] + [f"  {what}: {where}" for what, where in vendor.sources]
    lines += ["", check_before_paying(vendor)]
    return "\n".join(lines) + "\n"


QUOTE_HEAD = ("product", "product size", "component", "kind", "pieces", "sheets", "what to order")


def quote_sheet(plan: OrderPlan) -> bytes:
    """quote.csv: a row per product the order asks of the vendor, with how many pieces, and sheets where the vendor
    prints on sheets, so the designer can price the order on the vendor's site in one pass. It holds no price: prices
    are the vendor's, on its site, on the day."""
    import csv
    import io
    import math

    from pnp.data.sheet_rows import sheet_text
    from pnp.targets.order_files import mpc_bracket

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(QUOTE_HEAD)
    vendor = plan.vendor
    for o in plan.ordered:
        piece = o.piece
        cols, rows = vendor.sheet_grid(o.product.file_trim(piece.size)) if o.files else (0, 0)
        sheets = math.ceil(piece.count / (cols * rows)) if cols * rows else ""
        what = _what_to_order(o, vendor.name == "makeplayingcards" and piece.component is not None and piece.component.deck_like,
                              mpc_bracket(piece.count))
        writer.writerow((o.product.name, _size(o.product), sheet_text(piece.name), UNIT[piece.kind], piece.count, sheets, what))
    return buf.getvalue().encode("utf-8")


def _what_to_order(o: Ordered, mpc: bool, bracket: int) -> str:
    """The line a designer types into the vendor's order page for one piece."""
    piece, product = o.piece, o.product
    if piece.kind == "boxes":
        return f"1 {product.name} for {piece.count} cards, its art laid on the vendor's template"
    cards = count_text(piece.count, "card")
    if mpc:
        return f"1 deck of {cards}, ordered in the {bracket}-card bracket"
    if piece.kind in ("cards", "player-aids"):
        return f"1 deck of {cards}"
    if product.up_to:
        return f"{count_text(piece.count, UNIT[piece.kind])} on {product.name}s (as many as its product page says hold them)"
    return f"{piece.count} {product.name}" + ("s" if piece.count != 1 and not product.name.endswith("s") else "")


def check_before_paying(vendor: Vendor) -> str:
    """The one line naming the numbers not read on the vendor's own page, to check on its current template first."""
    unread = [what for what, where in vendor.sources if where.startswith(("third-party: ", "unconfirmed: "))]
    unread += [f"the {p.name} size" for p in vendor.products if p.source.startswith(("third-party: ", "unconfirmed: ")) and p.trim_mm]
    unread = list(dict.fromkeys(unread))
    if not unread:
        return f"Before paying: every number above was read on {whose(vendor)} own pages; check its current template all the same."
    return f"Before paying, check these against {whose(vendor)} current template (not read on its own pages): {'; '.join(unread)}."


def _written(files: list[str]) -> list[str]:
    """The files written, a line each: a folder of images as its count, every other file by name."""
    if not files:
        return []
    folders: dict[str, list[str]] = {}
    for name in sorted(files):
        folder, _, leaf = name.rpartition("/")
        folders.setdefault(folder, []).append(leaf)
    lines = ["", "Files written:"]
    for folder, leaves in folders.items():
        if not folder:
            lines += [f"  {leaf}" for leaf in leaves]
            continue
        images = [leaf for leaf in leaves if leaf.endswith(".png")]
        others = [leaf for leaf in leaves if not leaf.endswith(".png")]
        lines.append(f"  {folder}/: {count_text(len(images), 'image')} (.png)" + "".join(f", {leaf}" for leaf in others))
    return lines
