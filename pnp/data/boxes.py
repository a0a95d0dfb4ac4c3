"""A box's inner size, from what it holds: what `pnp list` reports and the box nets and insert are drawn from.

A box holds its decks, then any token sets and dice it names, each in a well of
its own along the box's depth (pnp.outputs.box_inserts draws the card-stock
insert that makes them). A deck's well is its cards' thickness (sleeves
included) and the depth clearance; a token set lies in flat stacks in a tray
that lifts out of its well, as many stacks across as the tray is wide inside and
as high as the box is tall; the dice sit in a tray of their own in rows of
cubes, each the cube its die fits in. A tray's walls (two boards) stand in its
well's clearance. Between two wells
stands a divider, two thicknesses of board (the insert folds it up and down).
So one deck's box is as deep as it always was, and each further well adds its
own depth and a divider's.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.core.errors import Finding, did_you_mean, error, warning

# The side of the cube a die fits in, for an edge of 1 (its `size` is a face's longest edge): the regular solids' axis
# extents (a tetrahedron sits in a cube of side a/√2; an octahedron's opposite corners are a√2 apart; a dodecahedron
# and an icosahedron fit cubes of φ²a and φa), and the d10's pole-to-pole length over its kite's long edge
DIE_SPAN = {"d4": 0.7071, "d6": 1.0, "d8": 1.4142, "d10": 1.9021, "d12": 2.618, "d20": 1.618}
INSERT_PLAY_MM = 0.5  # the insert (and a tray in it) is this much narrower than the box's inside, so it drops in


@dataclass(frozen=True)
class Well:
    """One compartment of a box's insert, along the box's depth: what it holds, the depth that takes with no room to
    spare (`needs`), and its depth with the clearance that lets a hand take the contents out (`depth`)."""

    kind: str  # "deck", "tokens" or "dice"
    id: str
    name: str
    count: int  # cards, pieces or dice
    needs: float  # mm along the depth
    depth: float  # mm along the depth, clearance included
    side: float = 0.0  # a token's or a die's footprint, mm (a deck's well: 0)
    layer: float = 0.0  # what one piece adds to its stack, mm: a token's stock, a die's own side


@dataclass(frozen=True)
class BoxContents:
    """The decks one box holds and the room they need inside it, in mm."""

    id: str
    name: str
    style: str
    decks: tuple[str, ...]
    cards: int
    card_size: tuple[float, float]  # the largest card of its decks, width × height
    stock: float  # mm a card
    inner: tuple[float, float, float]  # width, height, depth
    board: float = 0.3  # mm: the box's own card, which its panels allow for at the folds (pnp.layout.boxes)
    wells: tuple[Well, ...] = ()  # the insert's compartments, in the order they lie along the depth

    @property
    def divider(self) -> float:
        """A divider's thickness between two wells: the insert's board folded up and down."""
        return 2 * self.board

    def as_listing(self) -> dict:
        w, h, d = self.inner
        return {"id": self.id, "name": self.name, "style": self.style, "decks": list(self.decks), "cards": self.cards,
                "inner_mm": {"width": w, "height": h, "depth": d}, "stock_mm": self.stock, "board_mm": self.board,
                "wells": [{"kind": well.kind, "id": well.id, "count": well.count, "depth_mm": well.depth} for well in self.wells]}


def box_contents(game, spec, raw=None) -> tuple[BoxContents | None, list[Finding]]:
    """What box `spec` of `game` holds, or None with a finding naming the deck, token set or die it does not know.

    Inner width and height: the largest card (or its sleeve) plus `clearance`
    (about 1 mm, so cards slide out); depth: the wells' depths and the dividers
    between them (the module's docstring), unless the box sets its own `inner`
    size; then a finding says when its contents do not fit it."""
    unknown = _unknown(game, spec, raw)
    if unknown:
        return None, unknown
    decks = [game.decks[d] for d in spec.decks]
    cards = sum(d.total for d in decks)
    card_w, card_h = _footprint(decks, spec)
    sized = (round(card_w + spec.clearance, 3), round(card_h + spec.clearance, 3))
    wells = _deck_wells(decks, spec) + _token_wells(game, spec, sized) + _dice_wells(game, spec, sized)
    depth = round(sum(w.depth for w in wells) + (len(wells) - 1) * 2 * spec.board, 3)
    inner = tuple(spec.inner) if spec.inner else (*sized, depth)
    name = spec.name or " & ".join(d.name for d in decks)
    contents = BoxContents(spec.id, name, spec.style, tuple(spec.decks), cards, (card_w, card_h), spec.stock, inner, spec.board, tuple(wells))
    return contents, barcode_findings(game, spec, raw) + fit_findings(game, contents, spec, raw)


def _unknown(game, spec, raw) -> list[Finding]:
    """One error for the first deck, token set or die the box names that the game does not have, at its list's line."""
    tokens = {t.id: t for t in game.tokens.tokens} if game.tokens else {}
    dice = {d.id: d for d in game.dice.dice} if game.dice else {}
    for key, what, known in (("decks", "deck", game.decks), ("tokens", "token set", tokens), ("dice", "die", dice)):
        missing = [i for i in getattr(spec, key) if i not in known]
        if missing:
            loc = raw.loc_of(key) if raw is not None else None
            return [error("box-deck" if key == "decks" else f"box-{key}",
                          f"box '{spec.id}' holds {what} '{missing[0]}', which {game.slug} does not have{did_you_mean(missing[0], list(known))}; "
                          f"{key}: {', '.join(known) or 'none'}", loc, game=game.slug, component=f"boxes/{spec.id}")]
    return []


def _per_card(spec) -> float:
    """A card's thickness in the box: its stock, and a sleeve's when it wears one."""
    return spec.stock + (spec.sleeves.thickness if spec.sleeves else 0.0)


def _footprint(decks, spec) -> tuple[float, float]:
    """The largest card's width and height, or the sleeves' when the cards wear them."""
    if spec.sleeves is not None:
        return tuple(spec.sleeves.size)
    return max(d.size[0] for d in decks), max(d.size[1] for d in decks)


def _deck_wells(decks, spec) -> list[Well]:
    return [Well("deck", d.id, d.name, d.total, round(d.total * _per_card(spec), 3), round(d.total * _per_card(spec) + spec.depth_clearance, 3))
            for d in decks]


def _stacked(count: int, side: float, thickness: float, across: float, tall: float) -> float | None:
    """The depth `count` pieces `side` wide take lying flat in stacks `thickness` a piece, as many stacks across as
    `across` holds and each up to `tall`: rows of stacks, each row `side` deep. None when not one stack fits."""
    columns, per_stack = math.floor(across / side), math.floor(tall / thickness)
    if columns < 1 or per_stack < 1:
        return None
    return math.ceil(count / (columns * per_stack)) * side if count else 0.0


def tray_inside(box_width: float, board: float) -> float:
    """The inside width of a token or dice tray in a box this wide inside: the insert's play and the tray's two walls less."""
    return box_width - INSERT_PLAY_MM - 2 * board


def _piece_well(kind: str, ident: str, name: str, count: int, side: float, layer: float, spec, sized: tuple[float, float]) -> Well:
    """The well of `count` pieces `side` wide stacked `layer` a piece in a tray of the box (a tray where not one fits
    takes its side, and fit_findings says so)."""
    needs = _stacked(count, side, layer, tray_inside(sized[0], spec.board), sized[1] - spec.clearance)
    needs = side if needs is None else needs
    return Well(kind, ident, name, count, round(needs, 3), round(needs + spec.depth_clearance, 3), side, layer)


def _token_wells(game, spec, sized: tuple[float, float]) -> list[Well]:
    sets = {t.id: t for t in game.tokens.tokens} if game.tokens else {}
    return [_piece_well("tokens", set_id, token.name, (sum(i.count for i in token.items) if token.items else token.count) * max(len(token.colors), 1),
                        max(token.size), spec.stock, spec, sized)
            for set_id, token in ((i, sets[i]) for i in spec.tokens)]


def _dice_wells(game, spec, sized: tuple[float, float]) -> list[Well]:
    if not spec.dice:
        return []
    known = {d.id: d for d in game.dice.dice}
    dice = [known[i] for i in spec.dice]
    side = max(d.size * DIE_SPAN[d.shape] for d in dice)
    return [_piece_well("dice", "+".join(spec.dice), " & ".join(d.name or d.id for d in dice), sum(d.count for d in dice), side, side, spec, sized)]


def fit_findings(game, contents: BoxContents, spec, raw) -> list[Finding]:
    """One error for each box whose contents do not fit inside it: a piece wider or taller than the box's inside, or
    wells deeper than a box of a set `inner` size; the finding names the well and the millimetres missing."""
    w, h, d = contents.inner
    loc = raw.loc_of("inner" if spec.inner else "decks") if raw is not None else None
    where = {"game": game.slug, "component": f"boxes/{spec.id}"}
    card_w, card_h = contents.card_size
    if card_w > w or card_h > h:
        return [error("box-contents-fit", f"box '{spec.id}': its cards ({card_w:g} × {card_h:g} mm) are larger than its inside ({w:g} × {h:g} mm): "
                      "give `inner` a larger width and height, or leave it out to size the box from its cards", loc, **where)]
    tight = _tight(spec, contents, loc, where)
    for well in contents.wells:
        if well.kind != "deck" and _stacked(1, well.side, well.layer, tray_inside(w, spec.board), h - spec.clearance) is None:
            return [error("box-contents-fit", f"box '{spec.id}': the {well.kind} '{well.id}' do not lie in its inside ({w:g} × {h:g} mm) "
                          f"with {spec.clearance:g} mm to spare: put them in a box of larger cards, or leave them out of `{well.kind}`", loc, **where), *tight]
    wanted = sum(well.needs for well in contents.wells) + max(len(contents.wells) - 1, 0) * contents.divider
    if wanted > d + 1e-6:
        fullest = max(contents.wells, key=lambda well: well.needs)
        return [error("box-contents-fit", f"box '{spec.id}': its wells need {wanted:.1f} mm of depth, {wanted - d:.1f} mm more than its inside's {d:g} mm "
                      f"(the deepest, {fullest.kind} '{fullest.id}', {fullest.needs:.1f} mm): make `inner`'s depth at least {math.ceil(wanted * 10) / 10:g}, "
                      "or move a deck to another box", loc, **where), *tight]
    return tight


def _tight(spec, contents: BoxContents, loc, where: dict) -> list[Finding]:
    """A warning when a box of a set `inner` size holds its cards with less play than its `clearance` (1 mm unless
    said): cards that touch the walls bind in a tuck box and fray as they are drawn. `clearance: 0` says it is meant."""
    (w, h, _), (card_w, card_h) = contents.inner, contents.card_size
    if not spec.inner or min(w - card_w, h - card_h) >= spec.clearance - 1e-6:
        return []
    least = f"{card_w + spec.clearance:g} × {card_h + spec.clearance:g} mm"
    return [warning("box-contents-tight", f"box '{spec.id}': its cards ({card_w:g} × {card_h:g} mm) leave {min(w - card_w, h - card_h):g} mm of play "
                    f"in its inside ({w:g} × {h:g} mm), less than its clearance of {spec.clearance:g} mm, and bind: make `inner` at least {least} "
                    "wide and high, or set `clearance: 0` if a tight fit is meant", loc, **where)]


BARCODE_KINDS = {13: "EAN-13", 12: "UPC-A"}  # digits with the check digit → the symbol that carries them (GS1 General Specifications)


def check_digit(body: str) -> str:
    """The GS1 check digit of the digits before it (EAN-13's first 12, UPC-A's first 11): the digits weighted 3, 1, 3, …
    from the right, and what brings their sum up to a multiple of ten (GS1 General Specifications, 7.9.1)."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return str(-total % 10)


def barcode_findings(game, spec, raw) -> list[Finding]:
    """One error at the `barcode:` line when the number is not 13 (EAN-13) or 12 (UPC-A) digits ending in their check
    digit, saying the check digit the others give; none for a box without markings or barcode."""
    marks = spec.markings
    if marks is None or marks.barcode is None:
        return []
    number = str(marks.barcode).strip()
    block = raw.get("markings") if raw is not None else None
    loc = block.loc_of("barcode") if hasattr(block, "loc_of") else (raw.loc_of("markings") if raw is not None else None)
    where = {"game": game.slug, "component": f"boxes/{spec.id}"}
    if not number.isdigit() or len(number) not in BARCODE_KINDS:
        return [error("box-barcode", f"box '{spec.id}': barcode '{number}' is {len(number)} characters; give the 13 digits of an EAN-13 "
                      "or the 12 of a UPC-A, check digit last, digits only", loc, **where)]
    right = check_digit(number[:-1])
    if number[-1] != right:
        return [error("box-barcode", f"box '{spec.id}': barcode {number} ({BARCODE_KINDS[len(number)]}) ends in {number[-1]}, but the check digit "
                      f"of {number[:-1]} is {right}: write {number[:-1]}{right}, or check the number against the one you were given", loc, **where)]
    return []


def game_boxes(game) -> tuple[list[tuple[BoxContents, object, object]], list[Finding]]:
    """Every box of `game` with its spec and raw data: [(contents, spec, raw)], and the findings of those that name unknown decks."""
    if not game.boxes or not game.boxes_data:
        return [], []
    out, findings = [], []
    for spec, raw in zip(game.boxes.boxes, game.boxes_data["boxes"], strict=False):
        contents, found = box_contents(game, spec, raw)
        findings += found
        if contents is not None:
            out.append((contents, spec, raw))
    return out, findings
