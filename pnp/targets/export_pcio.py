"""The playingcards.io export: `<game>.pcio`, a zip of widgets.json, schemaVersion and userassets/ with every image.

The widgets are those of PlayingCards.io's file format 8 as the open-source
importer of virtualtabletop.io reads them (server/pcioimport.mjs, which knows
formats up to 8): `holder` (a pile, with its label and a shuffle button),
`cardDeck` (a collection: `cardTypes` with each type's images, a face and a back
template drawing them, `collectionType` cards, pieces or dice), `card` and
`piece` (its deck, its type, its holder, face up or not; pieces at the same
spot stack), `board` (`boardImage`), `dice` (a collection of type dice, one
card type per face), `seat` (`seatIndex` from 0) and the `hand`. An image is
`package://userassets/<file>`, its file in the zip. Positions are the table's
(pnp.targets.table), in px from the surface's top-left; a card in a holder
lies at the holder's corner plus its edge.
"""
from __future__ import annotations

import json

from pnp.core.plurals import count_text
from pnp.outputs.context import GameContext
from pnp.targets.staging import Export, ExportRequest
from pnp.targets.table import HOLDER_PAD_PX, LABEL_PX, NAME_MIN_PX, Collection, Picture, Table, name_px, px, write_table_file

PCIO_SCHEMA = 8  # the newest PlayingCards.io file format the public importer was written against (pcioimport.mjs knownSchemaVersion)
ASSETS = "userassets/"
README = "README.txt"
CARD_RADIUS = True  # includeRadius: rounded corners, as a cut card has
LABEL_TEXT_PX = 14
COLLECTION_TYPES = {"cards": "cards", "player-aids": "cards", "tokens": "pieces", "dice": "dice"}


def pcio_name(slug: str) -> str:
    return f"{slug}.pcio"


def pcio_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """The whole game as one .pcio file (pnp.targets.table.write_table_file), and README.txt beside it."""
    name = pcio_name(gctx.game.slug)
    widgets: list[dict] = []

    def entries(table: Table) -> list[tuple[str, bytes]]:
        widgets.extend(pcio_widgets(table))
        return [("widgets.json", json.dumps(widgets, indent=1, ensure_ascii=False).encode("utf-8")), ("schemaVersion", str(PCIO_SCHEMA).encode())]

    table = write_table_file(gctx, request, result, findings, name, ASSETS, entries)
    if table is None:
        return
    cards = sum(len(s.pieces) for s in table.spots)
    dice = count_text(len(table.dice), "die", "dice")
    result.notes.append(f"{name}: {count_text(len(widgets), 'widget')} ({cards} cards and pieces, {count_text(len(table.boards), 'board')}, {dice}, "
                        f"{count_text(len(table.seats), 'seat')}), {count_text(len(table.pictures), 'image')}, at {table.scale * 25.4:.0f} px per inch of the table")
    result.files[README] = pcio_readme(table.title, gctx.game.slug).encode("utf-8")
    result.next_step = f"pcio: in a playingcards.io room, import {name} in the room's editor; it is for PlayingCards.io only (see {README})"


def pcio_readme(title: str, slug: str) -> str:
    """README.txt beside the .pcio file: which table takes it and how, and why virtualtabletop.io takes the .vtt file
    instead (its importer of December 2024, server/pcioimport.mjs, knows a card holder only as the older `cardPile`;
    a widget type it does not know, as `holder`, becomes a red-striped placeholder: the last branch of its widget loop)."""
    return (f"{title}: PlayingCards.io\n\n"
            f"{pcio_name(slug)} is a table for PlayingCards.io. In a room there, open the room's editor and import\n"
            f"{pcio_name(slug)}: the table is set up as exported.\n\n"
            f"This file is for PlayingCards.io only. virtualtabletop.io's importer does not know its card holders\n"
            f"(the decks' draw piles and each seat's cards) and loses them: for virtualtabletop.io, export the .vtt file\n"
            f"(pnp export {slug} --format vtt) and upload that from the room's game shelf.\n")


def pcio_widgets(table: Table) -> list[dict]:
    """Every widget of the table, in the order the table stacks them (z from 1: boards lowest)."""
    widgets: list[dict] = []
    z = iter(range(1, 1_000_000))
    for board in table.boards:
        widgets.append({"id": board.id, "type": "board", "x": px(board.x), "y": px(board.y), "z": next(z), "width": px(board.w), "height": px(board.h),
                        "boardImage": _asset(board.picture)})
    home = table.homes()  # where a collection's cardDeck sits
    for spot in table.spots:
        if not spot.holder and spot.label:  # a token set's name over its first stack
            widgets.append({"id": f"{spot.id}.label", "type": "labelText", "labelContent": spot.label, "x": px(spot.x), "y": px(spot.y - LABEL_PX),
                            "z": next(z), "width": px(max(spot.w, NAME_MIN_PX, name_px(spot.label))), "height": LABEL_PX - 2,
                            "mainTextStyle": {"size": LABEL_TEXT_PX}})
        if spot.holder:
            widget = {"id": spot.id, "type": "holder", "x": px(spot.x), "y": px(spot.y), "z": next(z), "width": px(spot.w), "height": px(spot.h),
                      "label": spot.label}
            if spot.pieces and not spot.id.startswith("seat-"):
                widget["hasShuffleButton"] = True
            widgets.append(widget)
    for collection in table.collections:
        spot = home.get(collection.id)
        deck = _deck(collection)
        if spot is not None:
            deck.update({"x": px(spot.x), "y": px(spot.y)})
            if spot.holder:
                deck["parent"] = spot.id
        widgets.append(deck)
    ids = table.piece_ids()
    for spot in table.spots:
        x, y = (spot.x + HOLDER_PAD_PX, spot.y + HOLDER_PAD_PX) if spot.holder else (spot.x, spot.y)
        for piece, card_id in zip(spot.pieces, ids[spot.id], strict=True):
            widget = {"id": card_id, "type": "piece" if piece.collection.kind == "tokens" else "card",
                      "deck": piece.collection.id, "cardType": piece.type.id, "x": px(x), "y": px(y), "z": next(z), "faceup": piece.face_up}
            if spot.holder:
                widget["parent"] = spot.id
            widgets.append(widget)
    for die in table.dice:
        widgets.append({"id": die.id, "type": "dice", "deck": die.collection.id, "x": px(die.x), "y": px(die.y), "z": next(z), "diceValue": "f1"})
    for seat in table.seats:
        widgets.append({"id": seat.id, "type": "seat", "seatIndex": seat.index - 1, "x": px(seat.x), "y": px(seat.y), "z": next(z)})
    hx, hy, hw, hh = table.hand
    widgets.append({"id": "hand", "type": "hand", "x": px(hx), "y": px(hy), "z": next(z), "width": px(hw), "height": px(hh)})
    return widgets


def _deck(collection: Collection) -> dict:
    """A collection: its card types' images and the templates that draw them (a die: one type per face)."""
    w, h = collection.size
    kind = COLLECTION_TYPES[collection.kind]
    deck = {"id": collection.id, "type": "cardDeck", "label": collection.name, "collectionType": kind, "cardWidth": px(w), "cardHeight": px(h)}
    if kind == "dice":
        deck["cardTypes"] = {t.id: {"label": t.name, "image": _asset(t.front)} for t in collection.types.values()}
        deck["faceTemplate"] = _template("image", w, h, radius=False)
        return deck
    deck["cardTypes"] = {t.id: {"label": t.name, "face": _asset(t.front), "back": _asset(t.back or t.front)} for t in collection.types.values()}
    rounded = CARD_RADIUS and kind == "cards"
    deck["faceTemplate"] = _template("face", w, h, radius=rounded)
    deck["backTemplate"] = _template("back", w, h, radius=rounded)
    deck["enlarge"] = kind == "cards"
    return deck


def _template(key: str, w: float, h: float, radius: bool) -> dict:
    """A face that is one image filling the card, read from the card type's `key`."""
    return {"includeBorder": False, "includeRadius": radius,
            "objects": [{"type": "image", "x": 0, "y": 0, "w": px(w), "h": px(h), "valueType": "dynamic", "value": key, "color": "transparent"}]}


def _asset(picture: Picture) -> str:
    return f"package://{ASSETS}{picture.name}"

