"""Readability check of a game: contrast of every text run and icon, and colour codes every reader can tell apart.

Renders every face a game prints (cards, tokens, boards, boxes, dice, player
aids) and, where one reads too faintly, draws it again with template tracing
on, so each finding names the template line that drew the faint text; the
checks themselves live in pnp.layout.readability.
"""
from __future__ import annotations

from collections.abc import Iterator

from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc, PnpError
from pnp.layout.elements import Face, Rect
from pnp.layout.readability import PaletteNames, coded_backs, coded_fields, colour_code_findings, contrast_findings, low_contrast
from pnp.outputs.cards import render_cards, render_deck
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options


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
    """The faces of a game's tokens, boards, boxes, dice and player aids, as `game_faces` gives them: every kind of piece
    is read as cards are. A box's or die's face is read on the colour its net prints under it. Each kind's builder is
    imported for a game that has such pieces (a build imports only what it draws: pnp.data.kinds): a deck alone
    needs none of them."""
    game = gctx.game
    if game.tokens and game.tokens_data:
        from pnp.outputs.tokens import sized_sets, token_faces

        for spec, raw, size in sized_sets(game, ignored):
            for name, _, front, back in token_faces(gctx, spec, raw, size, options.bleed_mm, ignored, options.ink_saver):
                for side, face in (("front", front), ("back", back)):
                    if face is not None:
                        yield face, f"tokens/{name} {side}", raw.loc, f"tokens {spec.id}"
    if game.boards and game.boards_data:
        from pnp.outputs.boards import render_board

        for spec, raw in zip(game.boards.boards, game.boards_data["boards"], strict=False):
            try:
                face = render_board(gctx, spec, raw, options.ink_saver)
            except PnpError:
                continue
            yield face, f"boards/{spec.id}", raw.loc, f"board {spec.id}"
    for face, what, loc, template, fill in _on_nets(gctx, options):
        yield _on_ground(face, fill), what, loc, template
    aids = _player_aids(gctx, options.bleed_mm)
    if aids is not None:
        where = game.reference_data.loc_of("card_size") if "card_size" in game.reference_data else game.reference_data.loc
        for n, card in enumerate(aids.cards, 1):
            for side, face in (("front", card.front), ("back", card.back)):
                yield face, f"player aid {n} {side}", where, "the player aid (drawn by pnp from reference.yaml)"


def _on_nets(gctx: GameContext, options: Options) -> list[tuple]:
    """The faces the game's boxes, then its dice, print on their nets (pnp.outputs.boxes.box_faces, pnp.outputs.dice.all_die_faces),
    each builder imported for a game that has such pieces."""
    game = gctx.game
    found: list[tuple] = []
    if game.boxes and game.boxes_data:
        from pnp.outputs.boxes import box_faces

        found += box_faces(gctx, options)
    if game.dice and game.dice_data:
        from pnp.outputs.dice import all_die_faces

        found += all_die_faces(gctx, options)
    return found


def _player_aids(gctx: GameContext, bleed: float):
    """The game's player-aid cards (pnp.outputs.reference.player_aids), None without any. The reference sheet's module
    (Platypus's flowables with it) is imported only for a game that has a reference.yaml: a deck alone never needs it."""
    if gctx.game.reference is None:
        return None
    from pnp.outputs.reference import player_aids

    return player_aids(gctx, bleed)[0]


def _on_ground(face: Face, fill: str) -> Face:
    """The face as printed on a net filled with `fill`: that colour under whatever the face draws."""
    return Face(face.w, face.h, face.bleed, (Rect(0.0, 0.0, face.w, face.h, fill, None, 0.0, 0.0, None), *face.elements), face.icons)


@paused
def readability_check(gctx: GameContext) -> list[Finding]:
    """Contrast and colour-vision warnings for one game, each at the template line or palette entry to change.

    The faces are drawn as a build draws them; only when they show something
    to report are the faces that show it drawn again with the templates traced,
    so that each finding names the line that drew it (tracing is slow). The
    findings are then worked out again on the same faces: elements are values,
    so the traced drawing of a face finds the lines of the first drawing's
    elements."""
    faint = _kept_by_face(gctx, "faint marks", low_contrast)
    cards: dict = {}
    faces = list(game_faces(gctx, Options(), cards))
    names = palette_names(gctx)
    colours = colour_code_findings(_colour_codes(gctx, cards), names, gctx.game.slug)  # at palette entries: no line to find
    # worked out without wording the findings first: before the faces are traced no line is known, so a deck whose
    # every card has faint text would word a warning for each card, each with its suggested colour, only to throw them away
    wanted = {id(face) for face, *_ in faces if faint(face)}
    if not wanted:
        return colours
    with gctx.layouts.tracing() as origins:
        _draw_traced(gctx, wanted, cards)
    return contrast_findings(faces, origins, names, gctx.game.slug, faint) + colours


def _colour_codes(gctx: GameContext, cards: dict) -> list:
    """The colour codes of the game's decks: the fields that tell cards apart by colour, and their distinct backs."""
    codes = []
    for deck_id, rendered in cards.items():
        codes += coded_fields(deck_id, rendered, gctx.game.spec.palette)
    return codes + coded_backs(distinct_backs(cards))


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


def _kept_by_face(gctx: GameContext, name: str, work):
    """`work(face)`, kept by the face's size and drawing: faces alike are worked out once, and a process that stays up
    works out only the faces a one-card edit changed (a plain build keeps nothing between builds)."""
    kept = gctx.engine.memo_by_value(name)

    def by_face(face: Face):
        return kept((face.w, face.h, face.elements), lambda _: work(face))
    return by_face
