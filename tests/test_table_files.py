"""What a browser table's file says of a small planned table, in process (issue #76 item 1: the exports' mutants).

test_tables.py exports whole games in a new process and reads the files back; mutmut maps tests to functions only in
its own process, so these call the writers (pnp.targets.export_vtt.vtt_state, export_pcio.pcio_widgets) on a table
planned by hand: a deck of two cards (one with its own back, one with none) in its draw pile, a card turned up beside
it, a stack of three tokens, the player aids at a seat, a board, a die, two seats and the hand. The expected values
are the tables' rules (tests/table_readers.py names where each comes from), never read from the writers.
"""
from __future__ import annotations

import json
import zlib
from types import SimpleNamespace

import pytest
from table_readers import VTT_2024, asset_id
from table_routines import Room

from pnp.targets.export_pcio import pcio_widgets
from pnp.targets.export_vtt import vtt_state
from pnp.targets.table import Collection, Deal, Picture, Piece, PieceType, Place, Spot, Table, name_px

PAD = 4  # playingcards.io's holder edge round its card: a 111 × 168 px holder round a 103 × 160 px card


def _pic(name: str) -> Picture:
    return Picture(name, name.encode() * 3, (10, 10))


FRONT_A, FRONT_B, BACK, TOKEN, AID, BOARD, FACE1, FACE2 = (_pic(n) for n in ("a.png", "b.png", "back.png", "t.png", "aid.png", "board.png", "f1.png", "f2.png"))


def _table(deals: bool = True, each: int = 2) -> Table:
    a, b = PieceType("a", "Heart", FRONT_A, BACK), PieceType("b", "Lung", FRONT_B, None)
    deck = Collection("deck", "cards", "Organs", (63.5, 88.9), "rectangle", {"a": a, "b": b}, (100.0, 140.25))
    token = PieceType("t", "Coin", TOKEN, None)
    tokens = Collection("tok", "tokens", "Coins", (20, 20), "circle", {"t": token}, (40.0, 40.0))
    aid = PieceType("aid", "Aid", AID, BACK)
    aids = Collection("aids", "player-aids", "Aids", (63.5, 88.9), "rectangle", {"aid": aid}, (100.0, 140.25))
    die = Collection("die", "dice", "D2", (16, 16), "rectangle", {"f1": PieceType("f1", "1", FACE1, None), "f2": PieceType("f2", "2", FACE2, None)},
                     (36.0, 36.0))
    spots = [Spot("deck-pile", 100, 100, 108, 148.25, "Organs", True, [Piece(deck, a, False), Piece(deck, b, False)]),
             Spot("deck-up", 230.35, 100, 100, 140.25, "", False, [Piece(deck, b, True)]),
             Spot("tok-stack", 500, 100, 40, 40, "Coins", False, [Piece(tokens, token, True)] * 3),
             Spot("seat-1-cards", 100, 600, 108, 148.25, "Seat 1", True, [Piece(aids, aid, True)]),
             Spot("seat-2-cards", 300, 600, 108, 148.25, "Seat 2", True, [])]
    table = Table("Organ Match", "2-4", 1.575, [deck, tokens, aids, die], [Place("board", "Board", 700, 100, 300, 200, picture=BOARD)], spots,
                  [Place("die-1", "D2", 1100, 100, 36, 36, collection=die)],
                  [Place("seat-1", "Seat 1", 100, 560, 40, 40, index=1), Place("seat-2", "Seat 2", 300, 560, 40, 40, index=2)],
                  (20, 800, 1400, 180), controls=(1450, 800, 96, 100))
    if deals:
        table.deals = [Deal("deck", "deck-pile", each, ((230.35, 100.0),) if each else ())]
    return table


GAME = SimpleNamespace(language="en", spec=SimpleNamespace(play_time=30))


# per test, not per module: mutmut maps a function to the tests that call it, a module fixture's calls to its first test
@pytest.fixture
def room() -> dict:
    return vtt_state(_table(), GAME)


@pytest.fixture
def widgets() -> dict:
    return {w["id"]: w for w in pcio_widgets(_table())}


def _cards(state: dict, deck: str) -> list[dict]:
    return [w for w in state.values() if isinstance(w, dict) and w.get("type") == "card" and w.get("deck") == deck]


def test_a_vtt_room_is_stamped_with_a_format_a_2024_server_migrates_and_that_knows_every_field_it_uses(room):
    # MOVEXY's resetOwner came with format 11 (fileupdater.mjs v11OwnerMOVEXY); a 2024 server (15) refuses a newer file
    assert 11 <= room["_meta"]["version"] <= VTT_2024
    assert room["_meta"]["info"] == {"name": "Organ Match", "players": "2-4", "variant": "", "language": "en", "time": "30",
                                     "attribution": "Exported by pnp (print-and-play)"}
    untimed = vtt_state(_table(), SimpleNamespace(language="de", spec=SimpleNamespace(play_time=None)))["_meta"]["info"]
    assert (untimed["time"], untimed["language"]) == ("", "de")


def test_every_vtt_widget_is_of_the_type_the_table_draws_it_as_and_whole_pixels_are_written_whole(room):
    types = {"deck": "deck", "tok": "deck", "aids": "deck", "deck-pile": "holder", "deck-pile.label": "label", "deck-pile.shuffle": "button",
             "deck-pile.pile": "pile", "tok-stack.pile": "pile", "tok-stack.label": "label", "seat-1-cards": "holder", "seat-1-cards.label": "label",
             "seat-1": "seat", "seat-2": "seat", "die-1": "dice", "hand": "holder", "button-deal": "button", "button-reset": "button",
             "card.deck.a.1": "card", "card.deck.b.2": "card", "card.tok.t.3": "card", "card.aids.aid.1": "card"}
    assert {k: room[k].get("type") for k in types} == types
    assert "type" not in room["board"]  # a board is a basic widget: an image that does not move
    assert json.dumps(room["deck"]["cardDefaults"]["width"]) == "100" and json.dumps(room["deck"]["cardDefaults"]["height"]) == "140.2"  # of 100.0 and 140.25
    assert room["deck-pile.shuffle"]["css"] == "font-size: 12px; border-width: 2px"  # its text inside its 22 px


def _with_crc(target: int) -> bytes:
    """Four bytes whose CRC-32 is `target`: CRC-32 of a fixed length is affine in its bits, so solve over GF(2)."""
    base = zlib.crc32(bytes(4))
    rows = [(zlib.crc32((1 << bit).to_bytes(4, "little")) ^ base, 1 << bit) for bit in range(32)]
    want, chosen = target ^ base, 0
    for bit in range(32):
        pivot = next((r for r in rows if r[0] >> bit & 1), None)
        if pivot is None:
            continue
        rows = [(a ^ pivot[0], b ^ pivot[1]) if a >> bit & 1 and (a, b) != pivot else (a, b) for a, b in rows if (a, b) != pivot]
        if want >> bit & 1:
            want, chosen = want ^ pivot[0], chosen ^ pivot[1]
    data = chosen.to_bytes(4, "little")
    assert zlib.crc32(data) == target
    return data


def test_a_vtt_asset_is_named_by_its_signed_crc32_and_its_length():
    high = next(bytes([i]) * 3 for i in range(256) if zlib.crc32(bytes([i]) * 3) >= 1 << 31)  # a CRC read back negative
    low = next(bytes([i]) * 3 for i in range(256) if zlib.crc32(bytes([i]) * 3) < 1 << 31)
    edge, under = _with_crc(1 << 31), _with_crc((1 << 31) - 1)  # the least CRC read back negative, and the one before it
    assert asset_id(edge) == f"{-(1 << 31)}_4" and asset_id(under) == f"{(1 << 31) - 1}_4"
    for data in (high, low, b"", edge, under):
        assert vtt_state(Table("t", "1", 1, [], [Place("b", "B", 0, 0, 1, 1, picture=Picture("x", data, (1, 1)))], [], [], [], (0, 0, 1, 1)),
                         GAME)["b"]["image"] == f"/assets/{asset_id(data)}"
    assert asset_id(high).startswith("-")


def test_a_vtt_deck_shows_its_back_on_face_0_and_its_front_on_face_1_and_a_card_without_a_back_shows_its_front(room):
    deck = room["deck"]
    assert [f["objects"][0]["dynamicProperties"]["value"] for f in deck["faceTemplates"]] == ["back", "face"]
    assert deck["cardTypes"]["a"] == {"face": f"/assets/{asset_id(FRONT_A.data)}", "back": f"/assets/{asset_id(BACK.data)}"}
    assert deck["cardTypes"]["b"] == {"face": f"/assets/{asset_id(FRONT_B.data)}", "back": f"/assets/{asset_id(FRONT_B.data)}"}
    for face in deck["faceTemplates"]:
        assert face["border"] is False and face["radius"] == 8  # a cut card's rounded corners
        assert face["objects"][0] | {"dynamicProperties": None} == {"type": "image", "x": 0, "y": 0, "width": 100, "height": 140.2,
                                                                    "color": "transparent", "dynamicProperties": None}
    assert deck["cardDefaults"] == {"width": 100, "height": 140.2, "enlarge": 2.85}  # 400 px high under the pointer
    assert room["tok"]["faceTemplates"][0]["radius"] is False and room["tok"]["cardDefaults"]["enlarge"] == 5  # a 40 px coin shown 200 px across
    assert room["aids"]["faceTemplates"][1]["radius"] == 8 and room["aids"]["cardDefaults"]["enlarge"] == 2.85
    assert "die" not in room  # a die's faces are its own


def test_a_vtt_pile_takes_its_bottom_cards_size():
    table = _table()
    aids = table.collections[2]
    aids.size = (90.0, 60.0)
    table.spots[3].pieces = [Piece(aids, aids.types["aid"], True), Piece(table.collections[0], table.collections[0].types["a"], False)]
    pile = vtt_state(table, GAME)["seat-1-cards.pile"]
    assert (pile["width"], pile["height"], pile["parent"]) == (90, 60, "seat-1-cards")


def test_a_large_vtt_card_is_still_enlarged_half_again():
    table = _table()
    table.collections[0].size = (300.0, 420.0)
    assert vtt_state(table, GAME)["deck"]["cardDefaults"]["enlarge"] == 1.5


def test_a_vtt_card_face_down_shows_face_0_and_one_turned_up_face_1(room):
    faces = {(c["cardType"], c.get("parent")): c.get("activeFace", 0) for c in _cards(room, "deck")}
    assert faces == {("a", "deck-pile.pile"): 0, ("b", "deck-pile.pile"): 0, ("b", None): 1}
    assert all(c.get("activeFace", 0) == 1 for c in _cards(room, "tok") + _cards(room, "aids"))


def test_vtt_cards_lie_in_their_holders_pile_bottom_first_or_loose_where_their_spot_is(room):
    pile = room["deck-pile.pile"]
    assert (pile["parent"], pile["x"], pile["y"], pile["width"], pile["height"]) == ("deck-pile", PAD, PAD, 100, 140.2)
    in_pile = sorted(_cards(room, "deck"), key=lambda c: c.get("z", 0))
    up = room["card.deck.b.2"]
    assert (up["x"], up["y"], up.get("parent")) == (round(230.35, 1), 100, None)
    assert [c["id"] for c in in_pile if c.get("parent") == "deck-pile.pile"] == ["card.deck.a.1", "card.deck.b.1"]
    assert [room["card.deck.a.1"]["z"], room["card.deck.b.1"]["z"]] == [1, 2]
    assert "x" not in room["card.deck.a.1"]  # a card in a pile lies where the pile is
    assert room["deck"]["parent"] == "deck-pile"  # the deck in its draw pile
    assert [c["z"] for c in _cards(room, "tok")] == [1, 2, 3] and room["tok-stack.pile"]["x"] == 500 and "parent" not in room["tok-stack.pile"]
    aid = _cards(room, "aids")[0]
    assert (aid["parent"], aid["x"], aid["y"]) == ("seat-1-cards", PAD, PAD) and "seat-1-cards.pile" not in room
    assert room["tok"]["x"] == 500 and room["tok"]["y"] == 100 and "parent" not in room["tok"]  # a loose stack's deck lies on it


def test_a_vtt_draw_pile_turns_a_card_face_down_has_a_shuffle_button_and_names_above_it(room):
    pile = room["deck-pile"]
    assert pile["onEnter"] == {"activeFace": 0} and (pile["dropOffsetX"], pile["dropOffsetY"]) == (PAD, PAD)
    assert (pile["x"], pile["y"], pile["width"], pile["height"]) == (100, 100, 108, 148.2)
    label = room["deck-pile.label"]
    assert (label["parent"], label["x"], label["y"], label["height"], label["text"]) == ("deck-pile", 0, -24, 22, "Organs")
    assert label["width"] == name_px("Organs")
    button = room["deck-pile.shuffle"]
    assert (button["parent"], button["x"], button["y"], button["width"], button["height"], button["text"]) == ("deck-pile", name_px("Organs") + 12, -24, 64, 22, "Shuffle")
    assert button["clickRoutine"] == [{"func": "SHUFFLE", "holder": "deck-pile"}]
    seat = room["seat-1-cards"]
    assert "onEnter" not in seat and "seat-1-cards.shuffle" not in room and room["seat-2-cards.label"]["width"] == max(108, name_px("Seat 2"))
    wide, named = _table(), _table()
    wide.spots[2].w = 150.0
    named.spots[2].label = "Coins of the Realm and Their Keepers"
    assert vtt_state(wide, GAME)["tok-stack.label"]["width"] == 150 and vtt_state(named, GAME)["tok-stack.label"]["width"] == name_px(named.spots[2].label)
    assert room["tok-stack.label"] | {} == {"id": "tok-stack.label", "type": "label", "x": 500, "y": 76, "width": max(100, name_px("Coins")), "height": 22,
                                            "text": "Coins"}


def test_vtt_seats_count_from_1_and_show_their_number_and_the_hand_shows_a_cards_front(room):
    assert [(room[s]["index"], room[s]["display"], room[s]["displayEmpty"]) for s in ("seat-1", "seat-2")] == [(1, "seatIndex", "seatIndex"), (2, "seatIndex", "seatIndex")]
    assert (room["seat-2"]["x"], room["seat-2"]["y"], room["seat-2"]["width"], room["seat-2"]["css"]) == (300, 560, 40, "font-size: 16px")
    hand = room["hand"]
    assert (hand["type"], hand["x"], hand["y"], hand["width"], hand["height"]) == ("holder", 20, 800, 1400, 180)
    assert hand["onEnter"] == {"activeFace": 1} and hand["onLeave"] == {"activeFace": 0} and hand["childrenPerOwner"] is True
    assert hand.get("alignChildren", True) is True and hand["stackOffsetX"] == 40  # fanned out as the client's own hand (editmode.js #addHand)
    assert room["seat-1"]["hand"] == room["seat-2"]["hand"] == "hand"  # a seat's player's cards go there
    board = room["board"]
    assert (board["x"], board["y"], board["width"], board["height"], board["movable"], board["layer"]) == (700, 100, 300, 200, False, -4)
    die = room["die-1"]
    assert die["type"] == "dice" and die["movable"] is True and (die["x"], die["y"], die["width"], die["height"]) == (1100, 100, 36, 36)
    assert (room["seat-1"]["width"], room["seat-1"]["height"]) == (40, 40)
    assert die["faces"] == [{"image": f"/assets/{asset_id(FACE1.data)}"}, {"image": f"/assets/{asset_id(FACE2.data)}"}]


def test_the_vtt_deal_button_deals_once_into_the_hand_of_each_player_seated_and_reset_gathers_all_back(room):
    """Played by the client's routine rules (tests/table_routines.py) with a player at seat 2 only: the 3 cards of the
    deck gathered, 2 into Bo's hand (face up to Bo, owned by Bo), none for the empty seat 1, the last turned up where
    `setup:` lays it; a second press changes nothing; Reset gathers all 3 face down into the draw pile, unowned."""
    play = Room({k: v for k, v in room.items() if k != "_meta"})
    play.sit("seat-2", "Bo")
    play.click("button-deal", "Al")
    assert play.problems == []
    hand = play.hand_of("seat-2")
    assert len(hand) == 2 and all(c["deck"] == "deck" and c["activeFace"] == 1 and c["owner"] == "Bo" for c in hand)
    assert play.hand_of("seat-1") == [] and play.children("deck-pile") == [] and play.children("seat-2-cards") == []
    (up,) = [c for c in play.cards("deck") if play.holder_of(c) is None]
    assert (up["x"], up["y"], up["activeFace"]) == (round(230.35, 1), 100, 1)
    assert play.widgets["button-deal"]["text"] == "Dealt"
    dealt = json.dumps(play.widgets, sort_keys=True)
    play.click("button-deal", "Bo")
    assert json.dumps(play.widgets, sort_keys=True) == dealt and play.problems == []
    play.click("button-reset", "Bo")
    assert play.problems == [] and play.widgets["button-deal"]["text"] == "Deal"
    assert [(play.holder_of(c), c["activeFace"], c.get("owner")) for c in play.cards("deck")] == [("deck-pile", 0, None)] * 3
    deal, reset = room["button-deal"], room["button-reset"]
    assert (reset["text"], deal["text"]) == ("Reset", "Deal")
    assert (deal["x"], deal["y"], deal["width"], deal["height"]) == (1450, 800, 96, 44)
    assert (reset["x"], reset["y"], reset["width"], reset["height"]) == (1450, 800 + 44 + 12, 96, 44)


def test_a_vtt_deal_of_two_decks_deals_the_player_seated_from_each_and_gathers_both_back():
    """A second deck dealing 1 a player: Bo, alone at seat 2, holds 2 cards of the first deck and 1 of the second;
    the second's other 3 stay in its draw pile; Reset gathers both decks back."""
    table = _table()
    events = Collection("events", "cards", "Events", (63.5, 88.9), "rectangle", {"e": PieceType("e", "Storm", FRONT_A, BACK)}, (100.0, 140.25))
    table.collections.append(events)
    table.spots.append(Spot("events-pile", 100, 300, 108, 148.25, "Events", True, [Piece(events, events.types["e"], False)] * 4))
    table.deals.append(Deal("events", "events-pile", 1, ()))
    play = Room({k: v for k, v in vtt_state(table, GAME).items() if k != "_meta"})
    play.sit("seat-2", "Bo")
    play.click("button-deal", "Bo")
    assert play.problems == []
    assert sorted(c["deck"] for c in play.hand_of("seat-2")) == ["deck", "deck", "events"] and play.hand_of("seat-1") == []
    assert len(play.children("events-pile")) == 3
    play.click("button-reset", "Bo")
    assert play.problems == [] and len(play.children("events-pile")) == 4 and len(play.children("deck-pile")) == 3


def test_with_no_player_seated_deal_deals_no_hand_and_still_lays_the_face_up_card():
    play = Room({k: v for k, v in vtt_state(_table(), GAME).items() if k != "_meta"})
    play.click("button-deal")
    assert play.problems == [] and len(play.children("deck-pile")) == 2 and play.hand_of("seat-1") == play.hand_of("seat-2") == []
    assert [c["activeFace"] for c in play.cards("deck") if play.holder_of(c) is None] == [1]


def test_a_vtt_table_that_deals_nothing_has_only_reset_and_one_without_decks_no_button():
    quiet = vtt_state(_table(each=0), GAME)
    assert "button-deal" not in quiet and quiet["button-reset"]["clickRoutine"][0] == {"func": "RECALL", "holder": "deck-pile"}
    bare = vtt_state(_table(deals=False), GAME)
    assert not any(k.startswith("button-") for k in bare) and "onEnter" not in bare["deck-pile"]


def test_a_pcio_card_type_shows_its_back_on_the_back_template_and_a_card_without_one_its_front(widgets):
    deck = widgets["deck"]
    assert deck["cardTypes"] == {"a": {"label": "Heart", "face": "package://userassets/a.png", "back": "package://userassets/back.png"},
                                 "b": {"label": "Lung", "face": "package://userassets/b.png", "back": "package://userassets/b.png"}}
    assert deck["faceTemplate"]["objects"][0]["value"] == "face" and deck["backTemplate"]["objects"][0]["value"] == "back"
    for template in (deck["faceTemplate"], deck["backTemplate"]):
        assert template["includeRadius"] is True and template["includeBorder"] is False
        assert template["objects"][0] == {"type": "image", "x": 0, "y": 0, "w": 100, "h": 140.2, "valueType": "dynamic", "value": template["objects"][0]["value"],
                                          "color": "transparent"}
    assert (deck["type"], deck["label"], deck["collectionType"], deck["cardWidth"], deck["cardHeight"], deck["enlarge"]) == ("cardDeck", "Organs", "cards", 100, 140.2, True)
    assert (deck["parent"], deck["x"], deck["y"]) == ("deck-pile", 100, 100)
    tok = widgets["tok"]
    assert tok["collectionType"] == "pieces" and tok["enlarge"] is False and tok["faceTemplate"]["includeRadius"] is False and "parent" not in tok
    assert widgets["aids"]["collectionType"] == "cards" and widgets["aids"]["enlarge"] is True
    die = widgets["die"]
    assert die["collectionType"] == "dice" and "backTemplate" not in die and die["faceTemplate"]["objects"][0]["value"] == "image"
    assert die["cardTypes"] == {"f1": {"label": "1", "image": "package://userassets/f1.png"}, "f2": {"label": "2", "image": "package://userassets/f2.png"}}
    assert die["faceTemplate"]["includeRadius"] is False and (die["cardWidth"], die["cardHeight"]) == (36, 36) and "x" not in die


def test_pcio_cards_are_face_down_in_the_draw_pile_turned_up_beside_it_and_tokens_are_pieces(widgets):
    cards = {w["id"]: w for w in widgets.values() if w["type"] in ("card", "piece")}
    assert {i: (w["type"], w["faceup"], w.get("parent")) for i, w in cards.items()} == {
        "card.deck.a.1": ("card", False, "deck-pile"), "card.deck.b.1": ("card", False, "deck-pile"), "card.deck.b.2": ("card", True, None),
        "card.tok.t.1": ("piece", True, None), "card.tok.t.2": ("piece", True, None), "card.tok.t.3": ("piece", True, None),
        "card.aids.aid.1": ("card", True, "seat-1-cards")}
    # a card in a holder lies at the holder's corner plus its edge; a loose one at its spot
    assert (cards["card.deck.a.1"]["x"], cards["card.deck.a.1"]["y"]) == (100 + PAD, 100 + PAD)
    assert (cards["card.aids.aid.1"]["x"], cards["card.aids.aid.1"]["y"]) == (100 + PAD, 600 + PAD)
    assert (cards["card.deck.b.2"]["x"], cards["card.deck.b.2"]["y"]) == (round(230.35, 1), 100)
    assert cards["card.tok.t.1"]["deck"] == "tok" and cards["card.deck.a.1"]["cardType"] == "a"


def test_pcio_seats_count_from_0_and_draw_piles_have_a_shuffle_button_seats_none(widgets):
    assert [(widgets[s]["seatIndex"], widgets[s]["x"], widgets[s]["y"]) for s in ("seat-1", "seat-2")] == [(0, 100, 560), (1, 300, 560)]
    assert widgets["deck-pile"]["hasShuffleButton"] is True and widgets["deck-pile"]["label"] == "Organs"
    assert "hasShuffleButton" not in widgets["seat-1-cards"] and "hasShuffleButton" not in widgets["seat-2-cards"]
    empty = _table()
    empty.spots[0].pieces = []
    emptied = {w["id"]: w for w in pcio_widgets(empty)}
    assert "hasShuffleButton" not in emptied["deck-pile"]
    assert (emptied["deck"]["parent"], emptied["deck"]["x"]) == ("deck-pile", 100)  # a deck lies in its draw pile, even one its deal emptied
    assert (widgets["deck-pile"]["x"], widgets["deck-pile"]["y"], widgets["deck-pile"]["width"], widgets["deck-pile"]["height"]) == (100, 100, 108, 148.2)
    assert (widgets["seat-2-cards"]["x"], widgets["seat-2-cards"]["y"]) == (300, 600)
    assert widgets["tok-stack.label"] == {"id": "tok-stack.label", "type": "labelText", "labelContent": "Coins", "x": 500, "y": 76, "z": widgets["tok-stack.label"]["z"],
                                          "width": 100, "height": 22, "mainTextStyle": {"size": 14}}
    assert "deck-up.label" not in widgets and "deck-pile.label" not in widgets


def test_a_pcio_token_sets_long_name_is_given_a_label_as_wide_as_its_text():
    # the docs (exports.md, "Each name is as wide as its text"): a name longer than its 100 px label wrapped or was cut
    from reportlab.pdfbase.pdfmetrics import stringWidth

    named = _table()
    named.spots[2].label = "Coins of the Realm and Their Keepers"
    label = {w["id"]: w for w in pcio_widgets(named)}["tok-stack.label"]
    assert label["labelContent"] == "Coins of the Realm and Their Keepers"
    assert label["width"] >= stringWidth(label["labelContent"], "Helvetica", label["mainTextStyle"]["size"]) > 200


def test_pcio_widgets_stack_from_z_1_boards_lowest_each_once_and_end_with_the_hand(widgets):
    order = pcio_widgets(_table())
    zs = [w["z"] for w in order if "z" in w]
    assert zs == list(range(1, len(zs) + 1)) and order[0]["type"] == "board"
    assert order[0] | {} == {"id": "board", "type": "board", "x": 700, "y": 100, "z": 1, "width": 300, "height": 200, "boardImage": "package://userassets/board.png"}
    assert order[-1] == {"id": "hand", "type": "hand", "x": 20, "y": 800, "z": zs[-1], "width": 1400, "height": 180}
    assert len({w["id"] for w in order}) == len(order)
    die = widgets["die-1"]
    assert (die["type"], die["deck"], die["x"], die["y"], die["diceValue"]) == ("dice", "die", 1100, 100, "f1")
    # a deck's card lies above its deck, a holder below both
    assert widgets["deck-pile"]["z"] < widgets["card.deck.a.1"]["z"] < widgets["card.deck.b.1"]["z"]


def test_every_pcio_widget_is_of_a_type_the_importer_knows_as_what_it_is_and_whole_pixels_are_written_whole(widgets):
    types = {"board": "board", "deck-pile": "holder", "seat-1-cards": "holder", "tok-stack.label": "labelText", "deck": "cardDeck", "tok": "cardDeck",
             "die": "cardDeck", "card.deck.a.1": "card", "card.tok.t.1": "piece", "die-1": "dice", "seat-1": "seat", "seat-2": "seat", "hand": "hand"}
    assert {k: widgets[k]["type"] for k in types} == types
    assert json.dumps(widgets["deck"]["cardWidth"]) == "100" and json.dumps(widgets["deck"]["cardHeight"]) == "140.2"  # of 100.0 and 140.25
