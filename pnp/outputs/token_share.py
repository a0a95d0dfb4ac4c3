"""Token sets on the card sheets' last sheet: decided once, from the data and options alone.

A game whose cards leave their last sheet mostly empty prints there, after the
last card, the token sets that fit in that free space, by the same imposition
(paper, bleed, gutter, marks, duplex backs behind their fronts): Organ Trail's
last card sheet held one row of 3 cards, and its tokens took a sheet of their
own a third full. When they all fit the game writes no tokens PDF; when only
some do, they move where that prints fewer token pages (a last token sheet a
quarter full, and its back page, gone), the others keep their own sheets. Cards
and tokens print on the same stock, so sharing costs the designer nothing.

The card sheets' builder and the tokens builder both ask `token_split`, and a
build may run them in different processes, so it reads nothing drawn: the decks'
sizes and counts, the token sets' sizes, shapes and counts, and the options,
through the same packing plan the sheets are laid out by (pnp.render.packing),
which is cheap. A build of some decks or cards, sleeve inserts or edge bleed
keeps the tokens on their own sheets.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import NamedTuple

from pnp.data.tokens import token_sets, token_variants
from pnp.outputs import tokens
from pnp.outputs.options import Options
from pnp.outputs.stats import TOKENS_SHARED
from pnp.outputs.tokens import set_key, sized_sets, token_groups, token_slivers, token_spacing
from pnp.render.cutter_names import sheet_margin
from pnp.render.packing import DoesNotFit, plan_pages, printed_pages
from pnp.render.sheet_plan import Group, Piece


class TokenSplit(NamedTuple):
    """Which token sets print on the last card sheet: `shared` their ids; `whole` when that is every set that prints,
    so the game writes no tokens PDF."""

    shared: frozenset[str] = frozenset()
    whole: bool = False


def build_tokens(gctx, options: Options):
    """The tokens PDF of the sets that do not print on the last card sheet (pnp.outputs.tokens.build_tokens), or nothing
    when they all do: the card sheets' builder then renders them and reports what they show."""
    if not gctx.game.tokens or not gctx.game.tokens_data:
        return tokens.build_tokens(gctx, options)
    split = token_split(gctx.game, options)
    if split.whole:
        return [], []
    return tokens.build_tokens(gctx, options, leave_out=split.shared)


def tokens_share(game, options: Options) -> bool:
    """Whether every token set of the game prints on its last card sheet, so it has no tokens PDF (`token_split`)."""
    return token_split(game, options).whole


def token_split(game, options: Options) -> TokenSplit:
    """The token sets that print on the last card sheet: the choice of the game's token groups (sets alike in shape and
    size) that fits in the free space that sheet leaves, so the card sheets print as many pages with them as without,
    and leaves the tokens' own sheets the fewest pages; nothing when no choice saves a page. Police Precinct's
    upgrades, blocked tokens, murderer and markers fit below its last two aid cards on Letter: its other tokens then
    print on one page, not three. Germ Tycoon's colonies fit below its last four cards and its bacteria beside the
    fourth, alone in its row (pnp.render.packing): its tokens print the 7 pages of its money notes, not 9."""
    if options.decks or options.cards or options.insert or options.edge_bleed or not game.decks:
        return TokenSplit()
    planned = _token_plan(game, options)
    cards = _card_plan(game, options)
    if not planned or not cards:
        return TokenSplit()
    printable, machine = _sheet(options)
    try:
        alone = _pages(cards, options, printable, machine)
    except DoesNotFit:
        return TokenSplit()
    groups = [group for group, _ in planned]
    best, fewest = (), _token_pages(groups, options, printable, machine)
    for chosen in _choices(len(groups)):
        rest = [g for k, g in enumerate(groups) if k not in chosen]
        if (pages := _token_pages(rest, options, printable, machine)) < fewest and _fits(cards, [groups[k] for k in chosen], alone, options, printable, machine):
            best, fewest = chosen, pages
    shared = frozenset(set_id for k in best for set_id in planned[k][1])
    return TokenSplit(shared, len(best) == len(planned))


_MOST_GROUPS = 8  # token groups tried in every choice; a game with more tries all of them or each alone


def _choices(n: int) -> list[tuple[int, ...]]:
    """The choices of token groups to try, every group first, then fewer: all of them up to _MOST_GROUPS groups."""
    if n > _MOST_GROUPS:
        return [tuple(range(n)), *((k,) for k in range(n))]
    return [chosen for size in range(n, 0, -1) for chosen in combinations(range(n), size)]


def _fits(cards: list[Group], chosen: list[Group], alone: list, options: Options, printable: float, machine) -> bool:
    """Whether `chosen` print after the last card without another page: the same sheets, the same back pages, and no
    token on a sheet before the last."""
    groups = cards + chosen
    try:
        together = _pages(groups, options, printable, machine)
    except DoesNotFit:
        return False
    if len(together) != len(alone) or printed_pages(together, _backs(groups)) != printed_pages(alone, _backs(cards)):
        return False
    return all(p.group < len(cards) for page in together[:-1] for p in page)


def _token_pages(groups: list[Group], options: Options, printable: float, machine) -> int:
    """Pages the token sheets of `groups` print, as pnp.outputs.tokens.build_tokens writes them: a file of the two-sided
    sets and one of the one-sided where that prints fewer pages than one file of both."""
    if not groups:
        return 0
    bleed, gutter = token_spacing(options)
    whole = _printed(groups, options, printable, machine, gutter, bleed)
    one_sided = [g for g in groups if not any(p.back is not None for p in g.pieces)]
    if not one_sided or len(one_sided) == len(groups) or options.layout != "duplex" or options.duplex == "none":
        return whole
    two_sided = [g for g in groups if g not in one_sided]
    return min(whole, _printed(one_sided, options, printable, machine, gutter, bleed) + _printed(two_sided, options, printable, machine, gutter, bleed))


def _printed(groups: list[Group], options: Options, printable: float, machine, gutter: float, bleed: float) -> int:
    """Pages one token file of `groups` prints: in a file printed double-sided with any back, a sheet with none still
    gets a blank back page unless it is the last (pnp.render.sheets)."""
    backs = _backs(groups)
    try:
        plan = _pages(groups, options, printable, machine, gutter, bleed)
    except DoesNotFit:
        return 1 << 30  # a token too large for the paper: the tokens builder says so; no choice is judged by it
    own_backs = [printed_pages([page], backs) - 1 for page in plan]
    if options.duplex == "none" or not any(own_backs):
        return len(plan) + sum(own_backs)
    return sum(1 + (bool(back) or n < len(plan) - 1) for n, back in enumerate(own_backs))


def _sheet(options: Options) -> tuple:
    """(printable margin, cutting machine) the sheets are laid out with (as write_sheets does)."""
    return sheet_margin(options.cutter, options.paper, options.printable_mm)


def _pages(groups: list[Group], options: Options, printable: float, machine, gutter: float | None = None, bleed: float | None = None) -> list:
    """The packing plan of `groups` as the card sheets lay them out (with the build's gutter and bleed), or as the token
    sheets do (with the tokens' `gutter` and `bleed`)."""
    gutter = options.gutter if gutter is None else gutter
    bleed = options.bleed_mm if bleed is None else bleed
    return plan_pages(options.paper, [(g.size, len(g.pieces)) for g in groups], gutter, bleed, printable, options.layout,
                      options.fold_rotation, _backs(groups), [False] * len(groups), [g.spacing(gutter, bleed) for g in groups],
                      machine, [g.nest for g in groups], guests=[g.guest for g in groups])


def _backs(groups: list[Group]) -> list[bool]:
    return [any(p.back is not None for p in g.pieces) for g in groups]


_FACE = object()  # stands for a face in a planned piece: the plan reads only whether a piece has a back


def _names_a_back(raw) -> bool:
    """Whether a set's tokens name a back template, the set's or an item's own (as pnp.outputs.tokens.token_faces reads
    them): one with none prints no back."""
    return any(isinstance(fields.get("back"), str) for fields, count, *_ in token_variants(raw) if count)


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


def _token_plan(game, options: Options) -> list[tuple[Group, list[str]]]:
    """The token sets as the tokens builder groups them (pnp.outputs.tokens.token_groups), counted from tokens.yaml. A set
    whose backs print `auto` counts as backed: a back page the card sheet prints anyway; one that names no back
    template has none, as the tiny game's pawns. Each group with its sets' ids."""
    bleed, gutter = token_spacing(options)
    groups: dict[tuple, tuple[Group, list[str]]] = {}
    for spec, raw, size in sized_sets(game, []):
        count = sum(v.count for v in token_variants(raw) if v.count)
        key = set_key(spec, size, bleed)
        backs = not spec.standee and spec.print_back != "never" and _names_a_back(raw)
        group, ids = groups.setdefault(key, (Group(spec.id, spec.name, key[2], [], shape=key[1], gutter_mm=gutter, bleed_mm=bleed, guest=True), []))
        group.pieces += _stand_ins(count, backs)
        ids.append(spec.id)
    return [(g, ids) for g, ids in groups.values() if g.pieces]


class SharedTokens(NamedTuple):
    """The token groups the card sheets print after their last card, each piece's name → its set, what rendering them
    found, and the build's line saying where they went."""

    groups: list[Group]
    sets: dict
    findings: list
    line: str = ""


def shared_tokens(gctx, options: Options) -> SharedTokens:
    """The token groups the card sheets print after their last card (`token_split`); nothing when they print on their
    own sheets. A set's size refused is said by the tokens builder while some sets print there, so it is said once."""
    if not gctx.game.tokens or not gctx.game.tokens_data:
        return SharedTokens([], {}, [])
    split = token_split(gctx.game, options)
    if not split.shared:
        return SharedTokens([], {}, [])
    findings: list = []
    groups, sets = token_groups(gctx, options, findings, keep=split.shared.__contains__, sizes_said=split.whole)
    groups = [replace(group, guest=True) for group in groups]  # each may print beside the last cards' short row (pnp.render.packing)
    names = ", ".join(spec.name for spec, _ in token_sets(gctx.game) if spec.id in split.shared)
    return SharedTokens(groups, sets, findings, TOKENS_SHARED if split.whole else f"tokens: {names} {TOKENS_SHARED.removeprefix('tokens: ')}")


def shared_token_slivers(gctx, options: Options, slivers: list, sets: dict) -> tuple[list, list]:
    """The card sheets' slivers split: (those a card shows, for the cards to word; the tokens' words, at their lines)."""
    mine = [s for s in slivers if s.shower.piece.label in sets]
    theirs = [s for s in slivers if s.shower.piece.label not in sets]
    words = token_slivers(gctx, mine, sets, token_spacing(options)[0], options.ink_saver) if mine else []
    return theirs, words
