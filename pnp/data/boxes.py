"""A box's inner size, from the cards it holds: what `pnp list` reports and the box nets are drawn from."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import Finding, did_you_mean, error


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

    def as_listing(self) -> dict:
        w, h, d = self.inner
        return {"id": self.id, "name": self.name, "style": self.style, "decks": list(self.decks), "cards": self.cards,
                "inner_mm": {"width": w, "height": h, "depth": d}, "stock_mm": self.stock, "board_mm": self.board}


def box_contents(game, spec, raw=None) -> tuple[BoxContents | None, list[Finding]]:
    """What box `spec` of `game` holds, or None with a finding naming the unknown deck.

    Inner width and height: the largest card plus `clearance` (about 1 mm, so
    cards slide out); depth: every card's thickness plus `depth_clearance`
    (1–2 mm): PRINTING.md, "Boxes and stock". Its findings also hold a wrong barcode in its markings."""
    unknown = [d for d in spec.decks if d not in game.decks]
    if unknown:
        loc = raw.loc_of("decks") if raw is not None else None
        known = list(game.decks)
        return None, [error("box-deck", f"box '{spec.id}' holds deck '{unknown[0]}', which {game.slug} does not have{did_you_mean(unknown[0], known)}; "
                            f"decks: {', '.join(known) or 'none'}", loc, game=game.slug, component=f"boxes/{spec.id}")]
    decks = [game.decks[d] for d in spec.decks]
    cards = sum(d.total for d in decks)
    card_w = max(d.size[0] for d in decks)
    card_h = max(d.size[1] for d in decks)
    inner = (round(card_w + spec.clearance, 3), round(card_h + spec.clearance, 3), round(cards * spec.stock + spec.depth_clearance, 3))
    name = spec.name or " & ".join(d.name for d in decks)
    return BoxContents(spec.id, name, spec.style, tuple(spec.decks), cards, (card_w, card_h), spec.stock, inner, spec.board), barcode_findings(game, spec, raw)


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
        quoted = " (a number that starts with 0 must be quoted, '0…', or YAML drops its zeros)" if isinstance(marks.barcode, int) else ""
        return [error("box-barcode", f"box '{spec.id}': barcode '{number}' is {len(number)} characters; give the 13 digits of an EAN-13 "
                      f"or the 12 of a UPC-A, check digit last, digits only{quoted}", loc, **where)]
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
