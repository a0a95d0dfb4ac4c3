"""Readability check of a game: contrast of every text run and icon, and colour codes every reader can tell apart.

Renders every card, token and board face with template tracing on, so each
finding names the template line that drew the faint text; the checks
themselves live in pnp.layout.readability.
"""
from __future__ import annotations

from collections.abc import Iterator

from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc, PnpError
from pnp.layout.elements import Face
from pnp.layout.readability import PaletteNames, coded_backs, coded_fields, colour_code_findings, contrast_findings, grounds_of, low_contrast
from pnp.layout.slivers import edges, sliver_findings, slivers
from pnp.outputs.boards import render_board
from pnp.outputs.cards import render_cards, render_deck
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.outputs.tokens import sized_sets, token_faces


def palette_names(gctx: GameContext) -> PaletteNames:
    game = gctx.game
    palette = game.data.get("palette")
    return PaletteNames(dict(game.spec.palette), palette.loc_of if palette is not None else (lambda name: Loc(game.rel + "/game.yaml")))


def game_faces(gctx: GameContext, options: Options, cards_out: dict | None = None) -> Iterator[tuple[Face, str, Loc, str]]:
    """Every face a game prints, as (face, what, where it is chosen, template); render errors are left to the other checks.

    `cards_out`, when given, receives deck id → [(card, (front, back))] for the colour-code checks. A deck this
    process's card sheets drew already with no bleed or ink saver (GameContext.plain_decks) is not drawn again."""
    game = gctx.game
    ignored: list[Finding] = []
    for deck in game.decks.values():
        kept = gctx.plain_decks.get(deck.id) if options.plain_faces else None
        rendered = kept[1] if kept is not None and kept[0] is deck else render_deck(gctx, deck, options, ignored)
        if cards_out is not None:
            cards_out[deck.id] = [(card, (front, back)) for card, front, back in rendered if front is not None]
        for card, front, back in rendered:
            for side, face, template in (("front", front, card.front or deck.front), ("back", back, card.back or deck.back)):
                if face is not None:
                    yield face, f"{deck.id}/{card.id} {side}", card.loc, template
    yield from _pieces(gctx, options, ignored)


def _pieces(gctx: GameContext, options: Options, ignored: list[Finding]) -> Iterator[tuple[Face, str, Loc, str]]:
    """The faces of a game's tokens and boards, as `game_faces` gives them."""
    game = gctx.game
    for spec, raw, size in sized_sets(game, ignored):
        for name, _, front, back in token_faces(gctx, spec, raw, size, options.bleed_mm, ignored, options.ink_saver):
            for side, face in (("front", front), ("back", back)):
                if face is not None:
                    yield face, f"tokens/{name} {side}", raw.loc, f"tokens {spec.id}"
    if game.boards and game.boards_data:
        for spec, raw in zip(game.boards.boards, game.boards_data["boards"], strict=False):
            try:
                face = render_board(gctx, spec, raw, options.ink_saver)
            except PnpError:
                continue
            yield face, f"boards/{spec.id}", raw.loc, f"board {spec.id}"


@paused
def readability_check(gctx: GameContext) -> list[Finding]:
    """Contrast and colour-vision warnings for one game, each at the template line or palette entry to change.

    The faces are drawn as a build draws them; only when they show something
    to report are the faces that show it drawn again with the templates traced,
    so that each finding names the line that drew it (tracing is slow). The
    findings are then worked out again on the same faces: elements are values,
    so the traced drawing of a face finds the lines of the first drawing's
    elements."""
    measures = _kept_by_face(gctx, "faint marks", low_contrast), _kept_by_face(gctx, "edge strips", edges, grounds_of)
    cards: dict = {}
    faces = list(game_faces(gctx, Options(), cards))
    names = palette_names(gctx)
    colours = colour_code_findings(_colour_codes(gctx, cards), names, gctx.game.slug)  # at palette entries: no line to find
    if not _shows_a_line_problem(faces, cards, measures):
        return colours
    with gctx.layouts.tracing() as origins:
        _draw_traced(gctx, _needing_lines(faces, cards, measures), cards)
    faint, edges_of = measures
    return contrast_findings(faces, origins, names, gctx.game.slug, faint) + colours + sliver_findings(_sheet_sides(cards), origins, gctx.game.slug, edges_of)


def _shows_a_line_problem(faces: list, cards: dict, measures: tuple) -> bool:
    """Whether any face reads too faintly or any edge leaves a sliver, worked out without wording the findings: before
    the faces are traced no line is known, so a deck whose every card has faint text would word a warning for each
    card, each with its suggested colour, only to throw them all away."""
    faint, edges_of = measures
    return any(faint(face) for face, *_ in faces) or any(slivers(side_faces, edges_of) for _, side_faces, _ in _sheet_sides(cards))


def _colour_codes(gctx: GameContext, cards: dict) -> list:
    """The colour codes of the game's decks: the fields that tell cards apart by colour, and their distinct backs."""
    codes = []
    for deck_id, rendered in cards.items():
        codes += coded_fields(deck_id, rendered, gctx.game.spec.palette)
    return codes + coded_backs(distinct_backs(cards))


def _needing_lines(faces: list, cards: dict, measures: tuple) -> set[int]:
    """The faces (by id) whose findings name a template line: those with a faint mark, and for each sliver one face
    whose edge it is."""
    faint, edges_of = measures
    wanted = {id(face) for face, *_ in faces if faint(face)}
    for _, side_faces, _ in _sheet_sides(cards):
        for s in slivers(side_faces, edges_of):
            face = next(f for f in side_faces if any(s.element in edge.elements for edge in edges_of(f).values()))
            wanted.add(id(face))
    return wanted


def _draw_traced(gctx: GameContext, wanted: set[int], cards: dict) -> None:
    """Draw again, with the templates traced, the cards with a face in `wanted`, and the tokens and boards if any of
    theirs is: a face drawn again is the same value, its elements now mapped to their template lines."""
    on_cards = set()
    for deck in gctx.game.decks.values():
        again = [card for card, sides in cards.get(deck.id, []) if any(id(f) in wanted for f in sides)]
        on_cards |= {id(f) for _, sides in cards.get(deck.id, []) for f in sides}
        if again:
            render_cards(gctx, deck, Options(), again)
    if wanted - on_cards:
        for _ in _pieces(gctx, Options(), []):
            pass


def distinct_backs(cards: dict) -> list[tuple[str, Face, Loc]]:
    """Each distinct back of the decks (deck id → [(card, (front, back))]) once, as (what it is the back of, back, where):
    a deck's one shared back is named by its deck, distinct backs by their cards.

    Each back is hashed a few times, not once for every card: a large deck's
    backs compared card by card were most of `pnp validate`."""
    backs: dict = {}
    for deck_id, rendered in cards.items():
        one_back = len({b for _, (_, b) in rendered}) <= 1
        for card, (_, back) in rendered:
            if back is not None:
                backs.setdefault(back.elements, (deck_id if one_back else f"{deck_id}/{card.id}", back, card.loc))
    return list(backs.values())


def _kept_by_face(gctx: GameContext, name: str, work, drawing=lambda elements: elements):
    """`work(face)`, kept by the face's size and the part of its drawing it reads (`drawing(face.elements)`: all of it
    unless told): faces alike in that part are worked out once, and a process that stays up works out only the faces
    a one-card edit changed (a plain build keeps nothing between builds)."""
    kept = gctx.engine.memo_by_value(name)

    def by_face(face: Face):
        return kept((face.w, face.h, drawing(face.elements)), lambda _: work(face))
    return by_face


def _sheet_sides(cards: dict) -> list:
    """(deck and side, its faces, where the deck is written): the faces that share cut lines on a sheet side."""
    out = []
    for deck_id, rendered in cards.items():
        if not rendered:
            continue
        loc = rendered[0][0].loc  # the deck's first card: a sliver is the template's, found at its line when traced
        for i, side in enumerate(("fronts", "backs")):
            faces = list({f[i].elements: f[i] for _, f in rendered if f[i] is not None}.values())  # each drawing once
            if faces:
                out.append((f"{deck_id} {side}", faces, loc))
    return out
