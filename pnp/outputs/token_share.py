"""Token sets on the card sheets' last sheet: decided once, from the data and options alone.

A game whose cards leave their last sheet mostly empty and whose tokens all fit
in that free space prints the tokens there, after the last card, by the same
imposition (paper, bleed, gutter, marks, duplex backs behind their fronts), and
writes no tokens PDF: Organ Trail's last card sheet held one row of 3 cards, and
its tokens took a sheet of their own a third full. Cards and tokens print on the
same stock, so sharing costs the designer nothing. When they do not all fit,
nothing changes.

The card sheets' builder and the tokens builder both ask `tokens_share`, and a
build may run them in different processes, so it reads nothing drawn: the decks'
sizes and counts, the token sets' sizes, shapes and counts, and the options,
through the same packing plan the sheets are laid out by (pnp.render.packing),
which is cheap. A build of some decks or cards, sleeve inserts or edge bleed
keeps the tokens on their own sheets.
"""
from __future__ import annotations

from pnp.data.tokens import token_variants
from pnp.outputs import tokens
from pnp.outputs.options import Options
from pnp.outputs.tokens import set_key, sized_sets, token_groups, token_slivers, token_spacing
from pnp.render.cutter_names import sheet_margin
from pnp.render.packing import DoesNotFit, plan_pages, printed_pages
from pnp.render.sheets import Group, Piece


def build_tokens(gctx, options: Options):
    """The tokens PDF (pnp.outputs.tokens.build_tokens), or nothing when the tokens print on the last card sheet: the card
    sheets' builder then renders them and reports what they show."""
    if gctx.game.tokens and gctx.game.tokens_data and tokens_share(gctx.game, options):
        return [], []
    return tokens.build_tokens(gctx, options)


def tokens_share(game, options: Options) -> bool:
    """Whether the game's tokens print on its last card sheet: every token fits in the free space that sheet leaves, so
    the card sheets print as many pages with them as without."""
    if options.decks or options.cards or options.insert or options.edge_bleed or not game.decks:
        return False
    tokens = _token_plan(game, options)
    cards = _card_plan(game, options)
    if not tokens or not cards:
        return False
    printable, machine = _sheet(options)
    groups = cards + tokens
    try:
        alone = _pages(cards, options, printable, machine)
        together = _pages(groups, options, printable, machine)
    except DoesNotFit:
        return False
    if len(together) != len(alone) or printed_pages(together, _backs(groups)) != printed_pages(alone, _backs(cards)):
        return False
    return all(p.group < len(cards) for page in together[:-1] for p in page)


def _sheet(options: Options) -> tuple:
    """(printable margin, cutting machine) the sheets are laid out with (as write_sheets does)."""
    return sheet_margin(options.cutter, options.paper, options.printable_mm)


def _pages(groups: list[Group], options: Options, printable: float, machine) -> list:
    """The packing plan of `groups` as the card sheets lay them out."""
    return plan_pages(options.paper, [(g.size, len(g.pieces)) for g in groups], options.gutter, options.bleed_mm, printable, options.layout,
                      options.fold_rotation, _backs(groups), [False] * len(groups), [g.spacing(options.gutter, options.bleed_mm) for g in groups],
                      machine, [g.nest for g in groups])


def _backs(groups: list[Group]) -> list[bool]:
    return [any(p.back is not None for p in g.pieces) for g in groups]


_FACE = object()  # stands for a face in a planned piece: the plan reads only whether a piece has a back


def _stand_ins(count: int, backs: bool) -> list[Piece]:
    return [Piece(_FACE, _FACE if backs else None, "")] * count  # type: ignore[arg-type]


def _card_plan(game, options: Options) -> list[Group]:
    """The decks as the card sheets group them (pnp.outputs.cards.DeckSheets.group), pieces standing in for their faces."""
    out = []
    for deck in game.decks.values():
        count = sum(card.count for card in deck.cards)
        backs = options.printed.backs and (deck.back is not None or any(card.back for card in deck.cards))
        if count:
            out.append(Group(deck.id, deck.name, options.printed.size(deck.size), _stand_ins(count, backs), shape=deck.shape,
                             bleed_mm=deck.shape.bleed(0.0) or None, outlined=not deck.shape.straight))
    return out


def _token_plan(game, options: Options) -> list[Group]:
    """The token sets as the tokens builder groups them (pnp.outputs.tokens.token_groups), counted from tokens.yaml. A set
    whose backs print `auto` counts as backed: a back page the card sheet prints anyway."""
    bleed, gutter = token_spacing(options)
    groups: dict[tuple, Group] = {}
    for spec, raw, size in sized_sets(game, []):
        count = sum(v.count for v in token_variants(raw) if v.count)
        key = set_key(spec, size, bleed)
        backs = not spec.standee and spec.print_back != "never"
        group = groups.setdefault(key, Group(spec.id, spec.name, key[2], [], shape=key[1], gutter_mm=gutter, bleed_mm=bleed))
        group.pieces += _stand_ins(count, backs)
    return [g for g in groups.values() if g.pieces]


def shared_tokens(gctx, options: Options) -> tuple[list[Group], dict, list]:
    """The token groups the card sheets print after their last card, when they share (`tokens_share`): (groups, each
    piece's name → its set, what rendering them found); nothing when they print on their own sheets."""
    if not gctx.game.tokens or not gctx.game.tokens_data or not tokens_share(gctx.game, options):
        return [], {}, []
    findings: list = []
    groups, sets = token_groups(gctx, options, findings)
    return groups, sets, findings


def shared_token_slivers(gctx, options: Options, slivers: list, sets: dict) -> tuple[list, list]:
    """The card sheets' slivers split: (those a card shows, for the cards to word; the tokens' words, at their lines)."""
    mine = [s for s in slivers if s.shower.piece.label in sets]
    theirs = [s for s in slivers if s.shower.piece.label not in sets]
    words = token_slivers(gctx, mine, sets, token_spacing(options)[0], options.ink_saver) if mine else []
    return theirs, words
