"""What the page shows of each component: sections of tiles, each tile with its images, size and origin.

Every image comes from the code that draws the print files: card faces from
render_deck, boards from render_board, token sets from render_set, the
reference from reference_faces, all drawn by the FaceDrawer; the rulebook is
the built rulebook PDF, page by page. A section function returns plain,
JSON-ready values and the findings met on the way; a face that failed to
render has no image here (the session puts the last good one back).
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from pnp.core.errors import Finding, PnpError
from pnp.core.shapes import RECTANGLE, Shape
from pnp.core.units import BLEED_MM, SAFE_MM, counted, paper_size
from pnp.data.kinds import KINDS, load_named
from pnp.data.located import LocDict
from pnp.data.tokens import token_variants
from pnp.outputs.boards import render_board
from pnp.outputs.cards import Rendered, render_deck
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.outputs.reference import reference_faces
from pnp.outputs.rulebook.build import build_rulebook
from pnp.outputs.tokens import render_set, sized_sets, token_cut
from pnp.pipeline.results import VALIDATED
from pnp.serve.images import ImageStore, scale_for

CARD_DPI = 150  # a poker card is 410 px wide with its bleed: sharp at 2× zoom on a laptop
PAGE_DPI = 100  # reference sheet and rulebook pages: readable at full width
MAX_BOARD_PX = 2000  # a 60 cm board at 150 dpi would be 3,500 px; 2,000 px is sharp on any screen
MAX_SHOWN_CHARS = 300  # a field value longer than this is cut in the card detail

Section = dict[str, Any]


def shown(value) -> str:
    """A field value as the designer wrote it, in YAML's words for true, false and null."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    text = str(value) if isinstance(value, (str, int, float)) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= MAX_SHOWN_CHARS else text[:MAX_SHOWN_CHARS] + "…"


def field_rows(fields: LocDict) -> list[list[str]]:
    """[key, value, where] for each field, where = the file:line:col that set it (a deck's defaults, or the item itself;
    a sheet's cell): every reader of a game's data gives its fields their places (pnp.data.located.LocDict)."""
    return [[str(k), shown(v), str(fields.loc_of(k))] for k, v in fields.items()]


def image(side: str, name: str | None) -> dict:
    return {"side": side, "src": f"/img/{name}" if name else None, "stale": False}


def tile(key: str, ident: str, name: str, count: int, images: list[dict], size: tuple[float, float], bleed: float, *,
         where: str, fields: list | None = None, overlays: bool = True, cut: Shape = RECTANGLE) -> dict:
    """One tile of the grid: what the page needs to show, search, outline and explain a component; a piece cut to a shape
    (pnp.core.shapes) brings its trim's and safe area's outlines, in mm from the trim's top-left, for the overlays to follow."""
    shaped = None
    if overlays and (cut.kind != "rectangle" or cut.corner_radius(*size)):
        shaped = {"kind": cut.kind, "trim": [[round(x, 2), round(y, 2)] for x, y in cut.outline(*size)],
                  "safe": [[round(x, 2), round(y, 2)] for x, y in cut.outline(*size, -SAFE_MM)]}
    return {"key": key, "id": ident, "name": name, "count": count, "images": images, "w": size[0], "h": size[1], "bleed": bleed,
            "safe": SAFE_MM if overlays else None, "where": where, "fields": fields or [], "cut": shaped}


def render_decks(gctx: GameContext) -> tuple[dict[str, list[Rendered]], list[Finding]]:
    """Every deck's cards rendered with bleed, as `pnp validate` renders them to inspect: (deck id → rendered cards, findings)."""
    findings: list[Finding] = []
    return {deck.id: render_deck(gctx, deck, VALIDATED, findings) for deck in gctx.game.decks.values()}, findings


def deck_sections(gctx: GameContext, images: ImageStore, decks: dict[str, list[Rendered]]) -> list[Section]:
    """A section per deck: each card's front and back with its bleed, copies, fields and the line that defines it."""
    sections = []
    answers = card_answers(gctx)
    for deck in gctx.game.decks.values():
        rendered = decks[deck.id]
        faces = [f for _, front, back in rendered for f in (front, back) if f is not None]
        names = iter(images.faces(gctx, faces, CARD_DPI))  # none for a deck whose every face failed
        tiles = []
        for card, front, back in rendered:
            shots = [image("front", next(names) if front is not None else None)]
            if back is not None or card.back or deck.back:
                shots.append(image("back", next(names) if back is not None else None))
            name = card.fields.get("name", card.fields.get("title", card.id))
            tiles.append(tile(f"deck:{deck.id}:{card.id}", card.id, shown(name), card.count, shots, deck.size, BLEED_MM,
                              where=str(card.loc), fields=field_rows(card.fields), cut=deck.shape))
            tiles[-1]["answers"] = answers(deck, card)
        w, h = deck.size
        sections.append({"key": f"deck:{deck.id}", "kind": "deck", "title": deck.name,
                         "note": f"{counted(deck.total, 'card')}, {counted(len(deck.cards), 'face')}, {w:g} × {h:g} mm", "where": deck.rel, "items": tiles})
    return sections


def card_answers(gctx: GameContext) -> Callable:
    """What shows a card's playtest answers (pnp.data.answers) beside it: newest first, each marked `older` when given
    on a version other than the one the card's data and template make now."""
    from pnp.data.answers import by_card, read_answers
    from pnp.data.stamps import Stamper

    kept, _ = read_answers(gctx.game.dir, gctx.game.rel)  # a damaged file is `pnp feedback import`'s to report
    given = by_card(kept)
    stamper = Stamper(gctx.project.templates_dir, gctx.game)

    def answers(deck, card) -> list[dict]:
        mine = given.get(f"{deck.id}/{card.id}", [])
        code = stamper.code(deck, card) if mine else ""
        return [{"time": a.time, "code": a.code, "version": a.version, "older": a.older(code, stamper.version),
                 "answers": [[q, shown(v)] for q, v in a.answers]} for a in mine]

    return answers


def board_section(gctx: GameContext, images: ImageStore, base: Options | None = None) -> tuple[Section | None, list[Finding]]:
    """Every board whole, at a size that keeps its longer side within MAX_BOARD_PX."""
    game = gctx.game
    if not game.boards or not game.boards_data:
        return None, []
    tiles, findings = [], []
    for spec, raw in zip(game.boards.boards, game.boards_data["boards"], strict=True):
        try:
            face = render_board(gctx, spec, raw)
            name = images.faces(gctx, [face], scale_for(*spec.size, CARD_DPI, MAX_BOARD_PX))[0]
        except PnpError as exc:
            findings += exc.findings
            name = None
        tiles.append(tile(f"board:{spec.id}", spec.id, spec.name, 1, [image("front", name)], spec.size, 0.0,
                          where=str(raw.loc), fields=field_rows(raw)))
    return {"key": "boards", "kind": "boards", "title": "Boards", "note": counted(len(tiles), "board"), "where": f"{game.rel}/boards.yaml", "items": tiles}, findings


def token_section(gctx: GameContext, images: ImageStore, base: Options | None = None) -> tuple[Section | None, list[Finding]]:
    """Each face of each token set (per item and colour) with its copies; fronts carry their cut outline, as printed."""
    game = gctx.game
    if not game.tokens or not game.tokens_data:
        return None, []
    options = Options(bleed=True)
    tiles, findings = [], []
    for spec, raw, size in sized_sets(game, findings):
        pieces = render_set(gctx, spec, raw, size, options.bleed_mm, options, findings)
        by_name = {p.label: p for p in pieces}  # a face's pieces are its copies, as token_variants counts them
        for fields, count, name, source in token_variants(raw):
            piece = by_name.get(name)
            if not count:
                continue
            front = back = None
            if piece is not None:
                front, *rest = images.faces(gctx, [f for f in (piece.front, piece.back) if f is not None], CARD_DPI)
                back = rest[0] if rest else None
            shots = [image("front", front)]
            if back is not None or (isinstance(fields.get("back"), str) and not spec.standee):  # a back that failed keeps its place
                shots.append(image("back", back))
            shown_size = (piece.front.w, piece.front.h) if piece is not None else size
            tiles.append(tile(f"token:{name}", name, f"{spec.name} {name.partition('/')[2]}".strip(), count, shots, shown_size,
                              options.bleed_mm, where=str(source.loc), fields=field_rows(source), cut=token_cut(spec, size)))  # a standee's is a rectangle
    return {"key": "tokens", "kind": "tokens", "title": "Tokens", "note": counted(len(game.tokens.tokens), "set"), "where": f"{game.rel}/tokens.yaml", "items": tiles}, findings


def reference_section(gctx: GameContext, images: ImageStore, base: Options) -> tuple[Section | None, list[Finding]]:
    """The reference sheet's pages and the player-aid cards (front and back), as reference_faces lays them out for print."""
    game = gctx.game
    if game.reference is None or game.reference_data is None:
        return None, []
    options = dataclasses.replace(base, bleed=True)
    laid, findings = reference_faces(gctx, options)
    where = str(game.reference_data.loc)
    if laid is None:
        return {"key": "reference", "kind": "reference", "title": "Reference and player aids", "note": "", "where": where, "items": [], "failed": True}, findings
    sheet_names = images.faces(gctx, laid.sheet.pages, PAGE_DPI)
    tiles = [tile(f"reference:sheet:{n}", f"sheet-{n}", f"Reference sheet, page {n}", 1, [image("front", name)], laid.sheet.page_size, options.bleed_mm, where=where)
             for n, name in enumerate(sheet_names, 1)]
    sides = images.faces(gctx, [face for card in laid.cards for face in card], CARD_DPI)
    for n, (front, back) in enumerate(zip(sides[0::2], sides[1::2], strict=True), 1):
        tiles.append(tile(f"reference:aid:{n}", f"aid-{n}", f"Player aid {n} / {len(laid.cards)}", laid.copies,
                          [image("front", front), image("back", back)], tuple(game.reference.card_size), options.bleed_mm, where=where))
    note = f"{len(laid.sheet.pages)} sheet pages, {len(laid.cards)} player-aid cards × {laid.copies}"
    return {"key": "reference", "kind": "reference", "title": "Reference and player aids", "note": note, "where": where, "items": tiles}, findings


def rulebook_section(gctx: GameContext, images: ImageStore, base: Options) -> tuple[Section | None, list[Finding]]:
    """The rulebook's pages, rasterised from the very PDF `pnp build` writes."""
    game = gctx.game
    if game.rulebook is None:
        return None, []
    files, findings = build_rulebook(gctx, base)
    where = game.rulebook_rel
    names = images.pdf_pages(files[0][1], PAGE_DPI) if files else []
    tiles = [tile(f"rulebook:{n}", f"page-{n}", f"Rulebook page {n}", 1, [image("front", name)], paper_size(base.paper), 0.0, where=where, overlays=False)
             for n, name in enumerate(names, 1)]
    return {"key": "rulebook", "kind": "rulebook", "title": "Rulebook", "note": counted(len(tiles), "page"), "where": where, "items": tiles,
            "failed": not files}, findings


def documents() -> list[tuple[str, Callable]]:
    """(kind, section function) of each output `pnp serve` shows beside the decks (pnp.data.kinds: OutputKind.preview), in
    the order they are refreshed after the cards. Each takes the session's options (paper, draft); boards and tokens need
    neither beyond the game context's draft switch."""
    return [(kind.name, load_named(kind.preview)) for kind in KINDS if kind.preview]
