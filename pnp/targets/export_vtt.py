"""The virtualtabletop.io export: `<game>.vtt`, a zip of one room state (`0.json`) and its images under assets/.

A state is a mapping of widget id to widget, plus `_meta` with the file
format's `version` (the server migrates older ones; it refuses a newer one)
and the game's `info`. The server reads the zip as its file loader does
(server/fileloader.mjs): every top-level `<n>.json` is variant n, every file
under assets/ (under 10 MiB) is stored as `<crc32>_<bytes>` (the CRC as the
crc-32 package gives it, a signed 32-bit number), which is how a widget names
it: `/assets/<crc32>_<bytes>`.

Widgets (client/js/widgets/): a `deck` holds the card types and the face
templates (face 0 the back, face 1 the front, each an image read from the
card type's property through `dynamicProperties`); a `card` names its deck and
type; a `pile` stacks cards; a `holder` is where they are dropped (its label a
`label` widget above it); a widget with an `image` and `faces` is a board or a
two-sided piece; `dice` has a face image each; `seat` a number; a `button` runs
its `clickRoutine`, a list of operations (client/js/widgets/widget.js
evaluateRoutine): here RECALL, SHUFFLE, SELECT, FOREACH, MOVE, MOVEXY, IF and
SET, which deal the decks to the players seated as game.yaml's `setup:` says
(pnp.targets.table.Deal). A seat's `hand` names the holder its player's cards
go to: the one hand along the bottom, whose cards each player sees only their
own of (`childrenPerOwner`).

The file is stamped with the oldest format version whose fields it uses
(VTT_FIELDS_SINCE), not the newest: a server migrates an older file up
(server/fileupdater.mjs) but refuses a newer one, so servers from 2023 on load
it.
"""
from __future__ import annotations

import json
import zlib

from pnp.core.plurals import count_text
from pnp.outputs.context import GameContext
from pnp.targets.packaging import Stored
from pnp.targets.staging import Export, ExportRequest
from pnp.targets.table import (
    CONTROL_PX,
    GAP_PX,
    HOLDER_PAD_PX,
    LABEL_PX,
    NAME_MIN_PX,
    SHUFFLE_PX,
    Collection,
    Deal,
    Picture,
    Spot,
    Table,
    name_px,
    px,
    write_table_file,
)

# Each field this file writes whose meaning a version of the format fixed, and that version: server/fileupdater.mjs
# migrates a file of an older version (v5DynamicFaceProperties moved a face's dynamic `value` into dynamicProperties;
# v11OwnerMOVEXY gave MOVEXY its resetOwner). A seat's text is written as `displayEmpty`, its name before version 22
# (v22SeatProperties renames it `emptyText` on load), so the stamp must stay under 22.
# The Deal routine's SELECT, FOREACH, IF, SET, `${PROPERTY …}` and a MOVE to a seat's hand for its player all came
# before format 11 (the client's widget.js from 2021-2022), so they add no entry.
VTT_FIELDS_SINCE = {"faceTemplates[].objects[].dynamicProperties": 5, "MOVEXY.resetOwner": 11}
VTT_VERSION = max(VTT_FIELDS_SINCE.values())  # 11: virtualtabletop.io's format from January 2023 (15 in 2024, 22 now)
ENLARGED_PX = 400  # a card under the pointer is shown this high (the `enlarge` factor of its deck's cards), to be read
TOKEN_ENLARGED_PX = 200  # … and a token this big on its longer side (a widget's `enlarge`, client/js/widgets/widget.js showEnlarged)
ENLARGE_MIN = 1.5  # the least enlargement worth showing
HAND_ID = "hand"  # the hand along the bottom; a seat's `hand` (client/js/widgets/seat.js: 'hand' by default)
HAND_STACK_PX = 40  # a card in the hand lies this far right of the one before (editmode.js #addHand: virtualtabletop.io's own hand)
DEAL_ID = "button-deal"
SEATED = "seated"  # the Deal routine's collection of the seats a player sits at
SEAT_TEXT = "seatIndex"  # an empty or taken seat shows its number, which fits its marker (the default "click to sit" spilt onto the aids)
SEAT_FONT_PX = 16
SHUFFLE_CSS = "font-size: 12px; border-width: 2px"  # a button on a name's row: its text inside its 22 px
ASSETS = "assets/"
README = "README.txt"
CARD_RADIUS = 8  # px: a cut card's rounded corners


def vtt_name(slug: str) -> str:
    return f"{slug}.vtt"


def asset_id(data: bytes | Stored) -> str:
    """The name the server stores an asset's bytes under: its CRC-32 as a signed 32-bit number, an underscore, its length
    (bytes kept in an export's PictureStore carry their CRC, taken as they were stored)."""
    crc = data.crc if isinstance(data, Stored) else zlib.crc32(data)
    return f"{crc - (1 << 32) if crc >= 1 << 31 else crc}_{len(data)}"


def vtt_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """The whole game as one room file (pnp.targets.table.write_table_file), and README.txt beside it."""
    name = vtt_name(gctx.game.slug)
    state: dict = {}

    def entries(table: Table) -> list[tuple[str, bytes]]:
        state.update(vtt_state(table, gctx.game))
        return [("0.json", json.dumps(state, indent=1, ensure_ascii=False).encode("utf-8"))]

    table = write_table_file(gctx, request, result, findings, name, ASSETS, entries)
    if table is None:
        return
    result.files[README] = vtt_readme(table.title, gctx.game.slug, DEAL_ID in state).encode("utf-8")
    result.notes.append(f"{name}: {count_text(len(state) - 1, 'widget')}, {count_text(len(table.pictures), 'image')}, format {VTT_VERSION}")
    result.next_step = (f"vtt: in a virtualtabletop.io room, upload {name} from the game shelf (it becomes a game of the room, set up as exported); "
                        f"it is for virtualtabletop.io only (see {README})")


def vtt_readme(title: str, slug: str, deals: bool) -> str:
    """README.txt beside the room file: which table takes it, how to load it, what its buttons do, and which file
    goes to the other browser table."""
    buttons = ("Sit at a seat each, then press Deal: each player seated is dealt their cards into the hand along the\n"
               "bottom (each sees only their own), and any cards the game starts face up are turned up. Deal deals\n"
               "once and then reads Dealt; Reset gathers every card back into its draw pile, shuffled, and makes Deal\n"
               "ready again (for a new game, or for a player who sat down later).\n"
               if deals else "Reset gathers every card back into its draw pile, shuffled.\n")
    return (f"{title}: virtualtabletop.io\n\n"
            f"{vtt_name(slug)} is a room file for virtualtabletop.io. In a room there, open the game shelf and upload\n"
            f"{vtt_name(slug)}: it becomes a game of the room, set up as exported.\n\n{buttons}\n"
            f"This file is for virtualtabletop.io only. For PlayingCards.io, export the .pcio file\n"
            f"(pnp export {slug} --format pcio) and import that there.\n")


def vtt_state(table: Table, game) -> dict:
    """The room state: `_meta` and every widget by id."""
    info = {"name": table.title, "players": table.players, "variant": "", "language": game.language,
            "time": str(game.spec.play_time or ""), "attribution": "Exported by pnp (print-and-play)"}
    state: dict = {"_meta": {"version": VTT_VERSION, "info": info}}

    def add(widget: dict) -> None:
        state[widget["id"]] = widget

    for board in table.boards:
        add({"id": board.id, "x": px(board.x), "y": px(board.y), "width": px(board.w), "height": px(board.h), "image": _asset(board.picture),
             "movable": False, "layer": -4})
    home = table.homes()
    for collection in table.collections:
        if collection.kind != "dice":
            add(_deck(collection, home.get(collection.id)))
    ids = table.piece_ids()
    piles = {deal.pile for deal in table.deals}
    for spot in table.spots:
        _spot(spot, add, ids[spot.id], spot.id in piles)
    for die in table.dice:
        add({"id": die.id, "type": "dice", "x": px(die.x), "y": px(die.y), "width": px(die.w), "height": px(die.h), "movable": True,
             "faces": [{"image": _asset(t.front)} for t in die.collection.types.values()]})
    for seat in table.seats:
        add({"id": seat.id, "type": "seat", "index": seat.index, "x": px(seat.x), "y": px(seat.y), "width": px(seat.w), "height": px(seat.h),
             "display": SEAT_TEXT, "displayEmpty": SEAT_TEXT, "css": f"font-size: {SEAT_FONT_PX}px", "hand": HAND_ID})
    hx, hy, hw, hh = table.hand
    add({"id": HAND_ID, "type": "holder", "x": px(hx), "y": px(hy), "width": px(hw), "height": px(hh), "childrenPerOwner": True,
         "dropOffsetX": HOLDER_PAD_PX, "dropOffsetY": HOLDER_PAD_PX, "stackOffsetX": HAND_STACK_PX, "onEnter": {"activeFace": 1}, "onLeave": {"activeFace": 0}})
    for button in _buttons(table):
        add(button)
    return state


def _buttons(table: Table) -> list[dict]:
    """Deal and Reset, one above the other beside the hand; none when the table has no deck, only Reset when `setup:`
    deals nothing.

    Deal deals once: it gathers every deck back into its draw pile, shuffled, deals each player seated (a seat whose
    `player` is not empty: the SELECT virtualtabletop.io's own games use) the cards `setup:` says into their hand,
    turns the face-up cards up and reads "Dealt"; pressed again it does nothing, for a second deal would gather the
    cards of a game under way. Reset gathers every deck back, shuffled, and makes Deal ready again."""
    if not table.deals:
        return []
    x, y, w, _ = table.controls
    back = [op for deal in table.deals for op in ({"func": "RECALL", "holder": deal.pile}, {"func": "SHUFFLE", "holder": deal.pile})]
    dealt = _deal_ops(table.deals)
    h = CONTROL_PX[1]
    reset = {"id": "button-reset", "type": "button", "x": px(x), "y": px(y + h + GAP_PX), "width": px(w), "height": h, "text": "Reset", "clickRoutine": back}
    if not dealt:
        return [reset]
    reset["clickRoutine"] = back + _deal_state([DEAL_ID], False, "Deal")
    deal = {"id": DEAL_ID, "type": "button", "x": px(x), "y": px(y), "width": px(w), "height": h, "text": "Deal",
            "clickRoutine": [{"func": "IF", "condition": "${PROPERTY dealt}", "elseRoutine": back + dealt + _deal_state("thisButton", True, "Dealt")}]}
    return [deal, reset]


def _deal_state(button, dealt: bool, text: str) -> list[dict]:
    """The Deal button marked dealt or not (its `dealt`, which its routine tests) and saying so."""
    return [{"func": "SET", "collection": button, "property": "dealt", "value": dealt}, {"func": "SET", "collection": button, "property": "text", "value": text}]


def _deal_ops(deals: list[Deal]) -> list[dict]:
    """Each deck's cards into the hand of each seated player, then one card turned up at each of its spots. A MOVE to
    a seat puts the cards in the seat's `hand` holder, owned by its player, who alone sees them (widget.js MOVE)."""
    hands = [{"func": "MOVE", "from": deal.pile, "to": "${widgetID}", "count": deal.each, "face": 0} for deal in deals if deal.each]
    ops: list[dict] = []
    if hands:
        ops += [{"func": "SELECT", "type": "seat", "property": "player", "relation": "!=", "value": "", "collection": SEATED},
                {"func": "FOREACH", "collection": SEATED, "loopRoutine": hands}]
    ops += [{"func": "MOVEXY", "from": deal.pile, "count": 1, "face": 1, "x": px(x), "y": px(y), "resetOwner": True} for deal in deals for x, y in deal.face_up]
    return ops


def _deck(collection: Collection, spot: Spot | None) -> dict:
    """A deck: its card types' images and its two faces, the back first; it lies in its draw pile's holder."""
    w, h = px(collection.size[0]), px(collection.size[1])
    radius = CARD_RADIUS if collection.kind in ("cards", "player-aids") else False
    defaults: dict = {"width": w, "height": h}
    if collection.kind in ("cards", "player-aids"):
        defaults["enlarge"] = round(max(ENLARGE_MIN, ENLARGED_PX / h), 2)
    elif collection.kind == "tokens":
        defaults["enlarge"] = round(max(ENLARGE_MIN, TOKEN_ENLARGED_PX / max(w, h)), 2)
    deck = {"id": collection.id, "type": "deck", "cardDefaults": defaults,
            "cardTypes": {t.id: {"face": _asset(t.front), "back": _asset(t.back or t.front)} for t in collection.types.values()},
            "faceTemplates": [_face("back", w, h, radius), _face("face", w, h, radius)]}
    if spot is not None and spot.holder:
        deck["parent"] = spot.id
    elif spot is not None:
        deck.update({"x": px(spot.x), "y": px(spot.y)})
    return deck


def _face(key: str, w: float, h: float, radius) -> dict:
    return {"border": False, "radius": radius,
            "objects": [{"type": "image", "x": 0, "y": 0, "width": w, "height": h, "color": "transparent", "dynamicProperties": {"value": key}}]}


def _spot(spot: Spot, add, ids: list[str], draw_pile: bool) -> None:
    """A holder or a loose stack with its pieces: more than one piece lie in a pile, bottom first. A deck's draw pile
    turns a card gathered back into it face down."""
    parent = None
    if spot.holder:
        holder = {"id": spot.id, "type": "holder", "x": px(spot.x), "y": px(spot.y), "width": px(spot.w), "height": px(spot.h),
                  "dropOffsetX": HOLDER_PAD_PX, "dropOffsetY": HOLDER_PAD_PX}
        if draw_pile:
            holder["onEnter"] = {"activeFace": 0}
        add(holder)
        label_w = name_px(spot.label) if draw_pile else max(spot.w, name_px(spot.label))
        if spot.label:
            add({"id": f"{spot.id}.label", "type": "label", "parent": spot.id, "x": 0, "y": -LABEL_PX, "width": px(label_w), "height": LABEL_PX - 2,
                 "text": spot.label})
        if draw_pile:
            add({"id": f"{spot.id}.shuffle", "type": "button", "parent": spot.id, "x": px(label_w + GAP_PX), "y": -LABEL_PX, "width": SHUFFLE_PX,
                 "height": LABEL_PX - 2, "text": "Shuffle", "css": SHUFFLE_CSS, "clickRoutine": [{"func": "SHUFFLE", "holder": spot.id}]})
        parent = spot.id
    elif spot.label:
        add({"id": f"{spot.id}.label", "type": "label", "x": px(spot.x), "y": px(spot.y - LABEL_PX), "width": px(max(spot.w, NAME_MIN_PX, name_px(spot.label))),
             "height": LABEL_PX - 2, "text": spot.label})
    if not spot.pieces:
        return
    at = {"x": HOLDER_PAD_PX, "y": HOLDER_PAD_PX} if spot.holder else {"x": px(spot.x), "y": px(spot.y)}
    if len(spot.pieces) > 1:
        w, h = spot.pieces[0].collection.size
        pile = {"id": f"{spot.id}.pile", "type": "pile", **at, "width": px(w), "height": px(h)}
        if parent:
            pile["parent"] = parent
        add(pile)
        parent, at = pile["id"], {}
    for z, (piece, card_id) in enumerate(zip(spot.pieces, ids, strict=True), 1):
        card = {"id": card_id, "type": "card", "deck": piece.collection.id, "cardType": piece.type.id, **at, "z": z}
        if parent:
            card["parent"] = parent
        if piece.face_up:
            card["activeFace"] = 1
        add(card)


def _asset(picture: Picture) -> str:
    return f"/assets/{asset_id(picture.data)}"

