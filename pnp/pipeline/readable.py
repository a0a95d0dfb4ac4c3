"""Readability check of a game: contrast of every text run and icon, and colour codes every reader can tell apart.

Renders every face a game prints (cards, tokens, boards, boxes, dice, player
aids) and, where one reads too faintly, draws it again with template tracing
on, so each finding names the template line that drew the faint text; the
checks themselves live in pnp.layout.readability.

The faces are judged in parts, each kept in the game's results by what it
reads (pnp.pipeline.results.checks_parts): each deck's cards (`deck_contrast`),
each kind of piece (`piece_contrast`), and the colour codes of all the decks
(`colour_codes`). A one-card edit judges that card's deck and the colour codes
again, not the game's tokens, boards, boxes, dice and player aids.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc, PnpError
from pnp.data.project import Deck
from pnp.layout.elements import Face, Rect
from pnp.layout.readability import PaletteNames, coded_backs, coded_fields, colour_code_findings, contrast_findings, low_contrast
from pnp.outputs.cards import Rendered, render_cards, render_deck
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.pipeline.results import JUDGED_PIECES

Faces = Iterator[tuple[Face, str, Loc, str]]  # (face, what, where it is chosen, template)


def palette_names(gctx: GameContext) -> PaletteNames:
    game = gctx.game
    palette = game.data.get("palette")
    return PaletteNames(dict(game.spec.palette), palette.loc_of if palette is not None else (lambda name: Loc(game.rel + "/game.yaml")), palette or ())


def game_faces(gctx: GameContext, options: Options, cards_out: dict | None = None) -> Faces:
    """Every face a game prints, as (face, what, where it is chosen, template); render errors are left to the other checks.

    `cards_out`, when given, receives deck id → [(card, (front, back))] for the colour-code checks."""
    ignored: list[Finding] = []
    for deck in gctx.game.decks.values():
        rendered = deck_faces(gctx, deck, options, ignored)
        if cards_out is not None:
            cards_out[deck.id] = [(card, (front, back)) for card, front, back in rendered if front is not None]
        yield from _card_sides(deck, rendered)
    for kind in JUDGED_PIECES:
        yield from PIECES[kind](gctx, options, ignored)


def deck_faces(gctx: GameContext, deck: Deck, options: Options, ignored: list[Finding]) -> list[Rendered]:
    """The deck's cards as drawn with `options`. A deck this process's card sheets (or another part of the checks) drew
    already with no bleed or ink saver (GameContext.plain_decks) is not drawn again: the files its faces read are
    reported as read again, so the part judging them is kept by them."""
    kept = gctx.plain_decks.get(deck.id) if options.plain_faces else None
    if kept is not None and kept[0] is deck:
        gctx.files_read.update(kept[3])
        return kept[1]
    return render_deck(gctx, deck, options, ignored)


def _card_sides(deck: Deck, rendered: list[Rendered]) -> Faces:
    for card, front, back in rendered:
        for side, face, template in (("front", front, card.front or deck.front), ("back", back, card.back or deck.back)):
            if face is not None:
                yield face, f"{deck.id}/{card.id} {side}", card.loc, template


def _token_faces(gctx: GameContext, options: Options, ignored: list[Finding]) -> Faces:
    """A game's tokens' faces. Each kind's builder is imported for a game that has such pieces (a build imports only
    what it draws: pnp.data.kinds): a deck alone needs none of them."""
    if not (gctx.game.tokens and gctx.game.tokens_data):
        return
    from pnp.outputs.tokens import sized_sets, token_faces

    for spec, raw, size in sized_sets(gctx.game, ignored):
        for name, _, front, back in token_faces(gctx, spec, raw, size, options.bleed_mm, ignored, options.ink_saver):
            for side, face in (("front", front), ("back", back)):
                if face is not None:
                    yield face, f"tokens/{name} {side}", raw.loc, f"tokens {spec.id}"


def _board_faces(gctx: GameContext, options: Options, ignored: list[Finding]) -> Faces:
    game = gctx.game
    if game.boards and game.boards_data:
        from pnp.outputs.boards import render_board

        for spec, raw in zip(game.boards.boards, game.boards_data["boards"], strict=False):
            try:
                face = render_board(gctx, spec, raw, options.ink_saver)
            except PnpError:
                continue
            yield face, f"boards/{spec.id}", raw.loc, f"board {spec.id}"


def _box_faces(gctx: GameContext, options: Options, ignored: list[Finding]) -> Faces:
    """A box's faces, each read on the colour its net prints under it."""
    if not (gctx.game.boxes and gctx.game.boxes_data):
        return
    from pnp.outputs.boxes import box_faces

    for face, what, loc, template, fill in box_faces(gctx, options):
        yield _on_ground(face, fill), what, loc, template


def _die_faces(gctx: GameContext, options: Options, ignored: list[Finding]) -> Faces:
    """A die's faces, each read on the colour its net prints under it."""
    if not (gctx.game.dice and gctx.game.dice_data):
        return
    from pnp.outputs.dice import all_die_faces

    for face, what, loc, template, fill in all_die_faces(gctx, options):
        yield _on_ground(face, fill), what, loc, template


# what draws a templated aid's back: pnp's decorative back (pnp.outputs.player_aids), never a line of the aid's template
AID_BACK = "the player aid's back (drawn by pnp from game.yaml's title and palette)"


def _aid_faces(gctx: GameContext, options: Options, ignored: list[Finding]) -> Faces:
    aids = _player_aids(gctx, options.bleed_mm)
    if aids is not None:
        game = gctx.game
        where = game.reference_data.loc_of("card_size") if "card_size" in game.reference_data else game.reference_data.loc
        drawn_by = game.reference.template or "the player aid (drawn by pnp from reference.yaml)"  # its own template, if it names one
        where = game.reference_data.loc_of("template") if game.reference.template else where
        for n, card in enumerate(aids.cards, 1):
            for side, face in (("front", card.front), ("back", card.back)):
                yield face, f"player aid {n} {side}", where, drawn_by if side == "front" or not game.reference.template else AID_BACK


# The faces of each kind of piece besides cards, by the name of the output that prints them (the player aids: the
# reference's), each judged in a part of its own (JUDGED_PIECES gives their order): every kind of piece is read as cards are.
PIECES: dict[str, Callable[[GameContext, Options, list[Finding]], Faces]] = {
    "tokens": _token_faces, "boards": _board_faces, "boxes": _box_faces, "dice": _die_faces, "reference": _aid_faces}


def _player_aids(gctx: GameContext, bleed: float):
    """The game's player-aid cards (pnp.outputs.player_aids.player_aids), None without any. The player aids' module
    (Platypus's flowables with it) is imported only for a game that has a reference.yaml: a deck alone never needs it."""
    if gctx.game.reference is None:
        return None
    from pnp.outputs.player_aids import player_aids

    return player_aids(gctx, bleed)[0]


def _on_ground(face: Face, fill: str) -> Face:
    """The face as printed on a net filled with `fill`: that colour under whatever the face draws."""
    return Face(face.w, face.h, face.bleed, (Rect(0.0, 0.0, face.w, face.h, fill, None, 0.0, 0.0, None), *face.elements), face.icons)


@paused
def deck_contrast(gctx: GameContext, deck_id: str) -> list[tuple[str, Finding]]:
    """Contrast warnings of one deck's faces, each at the template line to change (`contrast`), with what makes it one
    with another part's (pnp.layout.readability.contrast_findings)."""
    deck = gctx.game.decks[deck_id]
    rendered = deck_faces(gctx, deck, Options(), [])
    faces = list(_card_sides(deck, rendered))

    def traced(wanted: set[int]) -> None:  # the cards with a face in `wanted`, drawn again: the same values, now traced
        again = [card for card, front, back in rendered if front is not None and (id(front) in wanted or id(back) in wanted)]
        render_cards(gctx, deck, Options(), again)
    return _contrast(gctx, faces, traced)


@paused
def piece_contrast(gctx: GameContext, kind: str) -> list[tuple[str, Finding]]:
    """Contrast warnings of one kind of piece's faces (PIECES), as `deck_contrast` gives a deck's."""
    faces = list(PIECES[kind](gctx, Options(), []))

    def traced(wanted: set[int]) -> None:
        for _ in PIECES[kind](gctx, Options(), []):
            pass
    return _contrast(gctx, faces, traced)


def _contrast(gctx: GameContext, faces: list, traced: Callable[[set[int]], None]) -> list[tuple[str, Finding]]:
    """The contrast warnings of `faces`, each at the template line that drew the faint mark.

    The faces are drawn as a build draws them; only when they show something
    to report are the faces that show it drawn again (`traced`) with the
    templates traced, so that each finding names the line that drew it
    (tracing is slow). The findings are then worked out again on the same
    faces: elements are values, so the traced drawing of a face finds the
    lines of the first drawing's elements."""
    faint = _kept_by_face(gctx, "faint marks", low_contrast)
    # worked out without wording the findings first: before the faces are traced no line is known, so a deck whose
    # every card has faint text would word a warning for each card, each with its suggested colour, only to throw them away
    wanted = {id(face) for face, *_ in faces if faint(face)}
    if not wanted:
        return []
    with gctx.layouts.tracing() as origins:
        traced(wanted)
    return contrast_findings(faces, origins, palette_names(gctx), gctx.game.slug, faint)


@paused
def colour_codes(gctx: GameContext) -> list[Finding]:
    """Colour-vision warnings of the game's decks, at the palette entries to change: the fields that tell cards apart by
    colour, and their distinct backs, read on every deck's faces."""
    cards = {}
    for deck in gctx.game.decks.values():
        cards[deck.id] = [(card, (front, back)) for card, front, back in deck_faces(gctx, deck, Options(), []) if front is not None]
    codes = []
    for deck_id, rendered in cards.items():
        codes += coded_fields(deck_id, rendered, gctx.game.spec.palette)
    return colour_code_findings(codes + coded_backs(distinct_backs(cards)), palette_names(gctx), gctx.game.slug)


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
    """`work(face)`, kept by the face's size and drawing in a process that stays up: faces alike are worked out once,
    and after a one-card edit only the faces it changed. A plain build keeps nothing between builds and keeps it by
    the face itself: a deck's shared back is one face, and hashing every front's drawing cost more than it found alike."""
    if gctx.engine.keeps is None:
        return functools.partial(gctx.engine.memo(name), make=work)
    kept = gctx.engine.memo_by_value(name)

    def by_face(face: Face):
        return kept((face.w, face.h, face.elements), lambda _: work(face))
    return by_face
