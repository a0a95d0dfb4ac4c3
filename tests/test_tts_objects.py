"""What a Tabletop Simulator save says of each object (pnp/targets/tts.py), in process: which face is up, which image a
back shows, each object's real size, where it lies, and its GUID. Expected values are TTS's save format (its knowledge
base and typed declarations: rotZ 180 lies face down, a CardID is its sheet's key × 100 + its cell, a deck of one is a
CardCustom, a tile's Type 0 box 1 hex 2 circle 3 rounded) and the pieces' sizes, a poker card being TTS's card at
scale 1 and one unit an inch."""
from __future__ import annotations

import pytest

from pnp.targets.tts import (
    Sheet,
    bag_object,
    board_object,
    card_scale,
    deck_object,
    dice_object,
    die_model_object,
    figurine_object,
    footprint,
    places,
    save_file,
    tile_object,
    token_object,
    transform,
    with_guids,
)

ROW = 60.0  # the row width these layouts are worked out for
SHEETS = [Sheet(1, "faces1.png", "back.png", 10, 7, False), Sheet(2, "faces2.png", "backs2.png", 2, 1, True)]


def test_a_deck_lies_face_down_facing_the_first_seat_with_a_card_per_copy():
    deck = deck_object("Heroes", (63.5, 88.9), SHEETS, [("Knight", 100, 2), ("Mage", 101, 1), ("Twin", 200, 1)])
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Heroes"
    assert deck["Transform"]["rotZ"] == 180 and deck["Transform"]["rotY"] == 180
    assert deck["DeckIDs"] == [100, 100, 101, 200]
    assert [(c["Nickname"], c["CardID"], list(c["CustomDeck"])) for c in deck["ContainedObjects"]] == [
        ("Knight", 100, ["1"]), ("Knight", 100, ["1"]), ("Mage", 101, ["1"]), ("Twin", 200, ["2"])]
    assert all(c["Transform"]["rotZ"] == 180 for c in deck["ContainedObjects"])
    one, two = deck["CustomDeck"]["1"], deck["CustomDeck"]["2"]
    assert (one["FaceURL"], one["BackURL"], one["NumWidth"], one["NumHeight"], one["UniqueBack"]) == ("faces1.png", "back.png", 10, 7, False)
    assert (two["FaceURL"], two["BackURL"], two["UniqueBack"], two["BackIsHidden"]) == ("faces2.png", "backs2.png", True, False)


def test_a_deck_of_one_card_is_a_single_card_face_down():
    card = deck_object("Solo", (63.5, 88.9), SHEETS, [("Only", 105, 1)])
    assert card["Name"] == "CardCustom" and card["Nickname"] == "Only" and card["CardID"] == 105
    assert card["Transform"]["rotZ"] == 180 and "ContainedObjects" not in card


@pytest.mark.parametrize("cut, kind", [("rectangle", 0), ("rounded", 0), ("hexagon", 3), ("circle", 4), ("outline", 0)])
def test_a_decks_card_shape_is_tts_own(cut, kind):
    deck = deck_object("D", (63.5, 88.9), SHEETS[:1], [("A", 100, 2)], cut)
    assert deck["CustomDeck"]["1"]["Type"] == kind


def test_a_card_is_scaled_from_the_poker_card_tts_draws_at_scale_1():
    assert card_scale((63.5, 88.9)) == (1.0, 1.0, 1.0)
    assert card_scale((44.0, 68.0)) == pytest.approx((44 / 63.5, 1.0, 68 / 88.9))
    deck = deck_object("Mini", (44.0, 68.0), SHEETS[:1], [("A", 100, 2)])
    assert (deck["Transform"]["scaleX"], deck["Transform"]["scaleZ"]) == (round(44 / 63.5, 4), round(68 / 88.9, 4))


def test_a_transform_faces_the_first_seat_face_up_unless_asked():
    t = transform(1.23456, 2.5, y=3.0, scale=(2.0, 1.0, 0.5))
    assert t == {"posX": 1.2346, "posY": 3.0, "posZ": 2.5, "rotX": 0, "rotY": 180, "rotZ": 0, "scaleX": 2.0, "scaleY": 1.0, "scaleZ": 0.5}
    assert transform(face_down=True)["rotZ"] == 180 and transform()["posY"] == 1.0


def test_a_board_is_locked_at_its_real_size():
    board = board_object("Town", "board.png", (254.0, 508.0))  # 10 × 20 inches: its longer side 20 units
    assert board["Locked"] is True and board["CustomImage"]["ImageURL"] == "board.png"
    assert (board["Transform"]["scaleX"], board["Transform"]["scaleZ"]) == (20.0, 20.0) and board["Transform"]["rotZ"] == 0


def test_a_one_sided_token_shows_its_front_and_is_cut_from_its_image():
    token = token_object("Coin", "coin.png", (25.4, 12.7))
    assert token["Name"] == "Custom_Token" and token["CustomImage"]["ImageURL"] == "coin.png" and token["CustomImage"]["ImageSecondaryURL"] == ""
    assert token["Transform"]["scaleX"] == 1.0 and token["CustomImage"]["CustomToken"]["Stackable"] is True


@pytest.mark.parametrize("shape, kind", [("square", 0), ("rectangle", 0), ("hexagon", 1), ("circle", 2), ("rounded", 3), ("outline", 0)])
def test_a_two_sided_tile_shows_its_front_up_and_its_back_below(shape, kind):
    tile = tile_object("Shield", "front.png", "back.png", shape, (50.8, 25.4))
    image = tile["CustomImage"]
    assert (image["ImageURL"], image["ImageSecondaryURL"]) == ("front.png", "back.png")
    assert image["CustomTile"]["Type"] == kind and tile["Transform"]["rotZ"] == 0 and tile["Transform"]["scaleX"] == 2.0


def test_a_standee_stands_front_forward_at_its_height():
    figure = figurine_object("Hero", "front.png", "back.png", (25.4, 76.2))
    assert (figure["CustomImage"]["ImageURL"], figure["CustomImage"]["ImageSecondaryURL"]) == ("front.png", "back.png")
    assert (figure["Transform"]["scaleX"], figure["Transform"]["scaleY"], figure["Transform"]["scaleZ"]) == (3.0, 3.0, 3.0)


@pytest.mark.parametrize("shape, kind", [("d4", 0), ("d6", 1), ("d8", 2), ("d10", 3), ("d12", 4), ("d20", 5)])
def test_a_die_is_tts_own_shape_at_its_size(shape, kind):
    die = dice_object("D", "die.png", shape, 12.7)
    assert die["CustomImage"]["CustomDice"]["Type"] == kind and die["Transform"]["scaleY"] == 0.5


def test_a_die_of_any_shape_is_a_plastic_model_rolled_as_a_die():
    model = die_model_object("D7", "d7.obj", "d7.png", 25.4)
    mesh = model["CustomMesh"]
    assert (mesh["MeshURL"], mesh["DiffuseURL"], mesh["TypeIndex"], mesh["MaterialIndex"], mesh["Convex"]) == ("d7.obj", "d7.png", 2, 0, True)
    assert model["Transform"]["scaleX"] == 1.0


def test_a_bag_holds_its_copies_and_takes_three_units():
    coins = [token_object("Coin", "c.png", (20.0, 20.0))] * 3
    bag = bag_object("Coins", coins)
    assert bag["ContainedObjects"] == coins and footprint(bag, (999.0, 999.0)) == (3.0, 3.0)
    assert footprint(coins[0], (50.8, 25.4)) == (2.0, 1.0)


def test_objects_are_laid_out_in_rows_a_unit_apart_centred_and_never_overlapping():
    """Three of 20 units (with 1 between, 62 > 60 on the third): two in the first row, the third in the next."""
    layout = places([(20.0, 10.0)] * 3 + [(5.0, 4.0)], ROW)
    placed = dict(zip("abcd", layout.centres, strict=True))
    # rows: [a, b] 41 wide, 10 deep; [c, d] 26 wide, 10 deep; 41 wide in all, 21 deep
    assert placed["a"] == (-10.5, 5.5) and placed["b"] == (10.5, 5.5)
    assert placed["c"] == (-10.5, -5.5) and placed["d"] == (3.0, -5.5)
    assert (layout.width, layout.depth) == (41.0, 21.0)


def test_a_first_object_wider_than_a_row_still_starts_the_first_row():
    assert places([(80.0, 2.0), (2.0, 2.0)], ROW).centres == [(0.0, 1.5), (-39.0, -1.5)]


def test_every_object_and_card_has_its_own_guid_the_same_on_every_build():
    deck = deck_object("Heroes", (63.5, 88.9), SHEETS, [("Knight", 100, 3)])
    objs = [deck, token_object("Coin", "c.png", (20.0, 20.0)), token_object("Coin", "c.png", (20.0, 20.0))]
    first, again = with_guids(objs), with_guids(objs)
    assert first == again
    guids = [first[0]["GUID"], *(c["GUID"] for c in first[0]["ContainedObjects"]), first[1]["GUID"], first[2]["GUID"]]
    assert len(set(guids)) == 6 and all(len(g) == 6 and int(g, 16) >= 0 for g in guids)
    assert "GUID" not in objs[0], "the objects given are left as they were"


def test_a_save_holds_the_objects_with_guids_its_title_and_note():
    save = save_file("Tiny", "Deal 5 each.", [token_object("Coin", "c.png", (20.0, 20.0))], 2)
    assert (save["SaveName"], save["GameMode"], save["Note"]) == ("Tiny", "Tiny", "Deal 5 each.")
    assert [o["Name"] for o in save["ObjectStates"]] == ["HandTrigger", "HandTrigger", "Custom_Token"]  # a hand zone per seat first, as TTS saves
    assert all(len(o["GUID"]) == 6 for o in save["ObjectStates"])


# Each object whole, as TTS's save format spells it: a key misspelt is a key TTS ignores, a value left out its default

UP = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0, "rotY": 180, "rotZ": 0}


def _scaled(x, y, z):
    return {**UP, "scaleX": x, "scaleY": y, "scaleZ": z}


def test_each_image_object_is_written_whole_as_tts_reads_it():
    image = {"ImageScalar": 1.0, "WidthScale": 0.0}
    assert board_object("Town", "b.png", (254.0, 127.0)) == {
        "Name": "Custom_Board", "Nickname": "Town", "Locked": True, "Transform": _scaled(10.0, 1.0, 10.0),
        "CustomImage": {"ImageURL": "b.png", "ImageSecondaryURL": "", **image}}
    assert token_object("Coin", "c.png", (25.4, 25.4)) == {
        "Name": "Custom_Token", "Nickname": "Coin", "Transform": _scaled(1.0, 1.0, 1.0),
        "CustomImage": {"ImageURL": "c.png", "ImageSecondaryURL": "", **image,
                        "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": True}}}
    assert tile_object("Shield", "f.png", "b.png", "hexagon", (50.8, 50.8)) == {
        "Name": "Custom_Tile", "Nickname": "Shield", "Transform": _scaled(2.0, 1.0, 2.0),
        "CustomImage": {"ImageURL": "f.png", "ImageSecondaryURL": "b.png", **image,
                        "CustomTile": {"Type": 1, "Thickness": 0.2, "Stackable": True, "Stretch": True}}}
    assert figurine_object("Hero", "f.png", "b.png", (25.4, 50.8)) == {
        "Name": "Figurine_Custom", "Nickname": "Hero", "Transform": _scaled(2.0, 2.0, 2.0),
        "CustomImage": {"ImageURL": "f.png", "ImageSecondaryURL": "b.png", **image}}
    assert dice_object("D6", "d.png", "d6", 25.4) == {
        "Name": "Custom_Dice", "Nickname": "D6", "Transform": _scaled(1.0, 1.0, 1.0),
        "CustomImage": {"ImageURL": "d.png", "ImageSecondaryURL": "", **image, "CustomDice": {"Type": 1}}}
    assert die_model_object("D7", "m.obj", "t.png", 50.8) == {
        "Name": "Custom_Model", "Nickname": "D7", "Transform": _scaled(2.0, 2.0, 2.0),
        "CustomMesh": {"MeshURL": "m.obj", "DiffuseURL": "t.png", "NormalURL": "", "ColliderURL": "", "Convex": True,
                       "MaterialIndex": 0, "TypeIndex": 2, "CastShadows": True}}
    assert bag_object("Coins", []) == {"Name": "Bag", "Nickname": "Coins", "Transform": _scaled(1.0, 1.0, 1.0), "ContainedObjects": []}


def test_a_deck_and_its_cards_are_written_whole_as_tts_reads_them():
    down = {**UP, "rotZ": 180, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
    sheet = {"FaceURL": "faces1.png", "BackURL": "back.png", "NumWidth": 10, "NumHeight": 7, "BackIsHidden": False, "UniqueBack": False, "Type": 0}
    card = {"Name": "Card", "Nickname": "Knight", "CardID": 100, "Transform": down, "CustomDeck": {"1": sheet}}
    assert deck_object("Heroes", (63.5, 88.9), SHEETS[:1], [("Knight", 100, 2)]) == {
        "Name": "DeckCustom", "Nickname": "Heroes", "Transform": down, "DeckIDs": [100, 100], "CustomDeck": {"1": sheet},
        "ContainedObjects": [card, card]}
    assert deck_object("Solo", (63.5, 88.9), SHEETS[:1], [("Knight", 100, 1)]) == {**card, "Name": "CardCustom"}


def test_a_save_is_written_whole_as_tts_reads_it():
    """The table is TTS's rectangle table; the objects follow the hand zones, each with its GUID first; nothing in the
    save changes from one export to the next (no date, no time)."""
    coin = token_object("Coin", "c.png", (25.4, 25.4))
    save = save_file("Tiny", "Deal 5.", [coin], 1)
    zone, placed = save["ObjectStates"]
    assert placed == {"GUID": placed["GUID"], **coin} and next(iter(placed)) == "GUID"
    assert (zone["Name"], zone["FogColor"], save["Table"], save["EpochTime"], save["Date"]) == ("HandTrigger", "White", "Table_RPG", 0, "")
    assert save == save_file("Tiny", "Deal 5.", [coin], 1)


def test_guids_are_of_each_objects_kind_name_card_and_place_among_its_like():
    """The GUID hashes the object's kind, nickname and card id, which of its like it is, and the object it lies in:
    each change of one gives another GUID; the same save gives the same GUIDs."""
    import hashlib

    def guid(identity: str) -> str:
        return hashlib.sha256(f"{identity}~0".encode()).hexdigest()[:6]

    deck = deck_object("Heroes", (63.5, 88.9), SHEETS[:1], [("Knight", 100, 2)])
    coin = token_object("Coin", "c.png", (25.4, 25.4))
    placed = with_guids([deck, coin, coin])
    assert placed[0]["GUID"] == guid("/DeckCustom|Heroes|#0")
    assert [c["GUID"] for c in placed[0]["ContainedObjects"]] == [guid("/DeckCustom|Heroes|#0/Card|Knight|100#0"),
                                                                   guid("/DeckCustom|Heroes|#0/Card|Knight|100#1")]
    assert [o["GUID"] for o in placed[1:]] == [guid("/Custom_Token|Coin|#0"), guid("/Custom_Token|Coin|#1")]
    assert placed[0]["ContainedObjects"][0]["Nickname"] == "Knight" and "ContainedObjects" not in placed[1]


def _guid(identity: str, tries: int = 0) -> str:
    import hashlib

    return hashlib.sha256(f"{identity}~{tries}".encode()).hexdigest()[:6]


# Three cards whose GUIDs meet, found by search over the names c0, c1, …: c17219's first GUID is c3149's, and its
# second is c530891's first (24-bit hashes meet often enough to find).
A, B, D = "/Card|c3149|#0", "/Card|c17219|#0", "/Card|c530891|#0"


def _card(identity: str) -> dict:
    return {"Name": "Card", "Nickname": identity.split("|")[1]}


def test_an_identity_whose_guid_is_taken_hashes_again_with_a_counter_until_one_is_free():
    assert _guid(B) == _guid(A) and _guid(B, 1) == _guid(D)
    placed = with_guids([_card(A), _card(D), _card(B)])
    assert [o["GUID"] for o in placed] == [_guid(A), _guid(D), _guid(B, 2)]

def test_a_row_holds_objects_up_to_exactly_60_units_and_rows_lie_a_unit_apart():
    """20 + 1 + 20 + 1 + 18 = 60: one row; three rows of depth 2 take 2 + 1 + 2 + 1 + 2 = 8, centred."""
    assert {z for _, z in places([(20.0, 2.0), (20.0, 2.0), (18.0, 2.0)], ROW).centres} == {0.0}
    assert [z for _, z in places([(50.0, 2.0)] * 3, ROW).centres] == [3.0, 0.0, -3.0]


def test_places_and_scales_are_written_to_four_decimals():
    t = transform(1.234567, 2.345678, scale=(1.111111, 2.222222, 3.333333))
    assert (t["posX"], t["posZ"], t["scaleX"], t["scaleY"], t["scaleZ"]) == (1.2346, 2.3457, 1.1111, 2.2222, 3.3333)
    assert places([(10 / 3, 10 / 7), (1.0, 1.0)], ROW).centres == [(-1.0, 0.0), (2.1667, 0.0)]  # 5 1/3 wide in all


def test_the_third_of_three_alike_objects_is_the_third():
    import hashlib

    coin = token_object("Coin", "c.png", (25.4, 25.4))
    third = with_guids([coin, coin, coin])[2]["GUID"]
    assert third == hashlib.sha256(b"/Custom_Token|Coin|#2~0").hexdigest()[:6]


def test_a_taken_guid_tries_the_next_counter_first():
    assert [o["GUID"] for o in with_guids([_card(A), _card(B)])] == [_guid(A), _guid(B, 1)]
    assert [o["GUID"] for o in with_guids([_card(B), _card(A)])] == [_guid(B), _guid(A, 1)]  # the later one in the save's order moves

def test_rows_of_a_third_of_a_unit_are_placed_to_four_decimals():
    """Rows 3 1/3 and 1 deep, a unit apart: 5 1/3 deep in all, their centres 1 and -2 1/6 from the middle."""
    assert [z for _, z in places([(50.0, 10 / 3), (50.0, 1.0)], ROW).centres] == [1.0, -2.1667]
