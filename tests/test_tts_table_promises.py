"""The table a Tabletop Simulator save sets and its Setup button, held on the tiny game exported in process (issue 101):
TTS's rectangle table with a hand zone at each seat as TTS itself saves one, the room between the zones where the game
is laid out, the save's top level as TTS writes it, every deck shuffled once at load, and Setup's deal of game.yaml's
`setup:`, once.

Expected values come from a real save TTS wrote of its rectangle table (tests/samples/tts, its source in the README
there) and from TTS's scripting API as its documentation describes it, run against the stand-in of
tests/test_tts_save.py (lupa). Each test exports the game it reads.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import TEST_PROJECT, run_pnp
from PIL import Image

pytest.importorskip("lupa")
from test_tts_save import CARD_UNITS, _box, _overlap, _Tts, _zone_box  # the TTS API's stand-in, once lupa is known to be here

SAMPLES = Path(__file__).parent / "samples" / "tts"
REAL = json.loads((SAMPLES / "soulsfinder-table-rpg-v13.2.2.json").read_text(encoding="utf-8"))  # TTS v13.2.2, Table_RPG, 8 seats
OTHER = json.loads((SAMPLES / "wskca-table-rpg-v13.1.1.json").read_text(encoding="utf-8"))  # TTS v13.1.1, Table_RPG, 6 seats
REAL_ZONES = {o["FogColor"]: o for o in REAL["ObjectStates"] if o["Name"] == "HandTrigger"}
# What a save says of its own game, its day or its editor's tabs, not of the table: never the same in two saves
OWN = {"SaveName", "GameMode", "Note", "LuaScript", "ObjectStates", "EpochTime", "Date", "Sky", "Rules", "TabStates", "VectorLines",
       "SnapPoints"}
MARGIN = 0.5  # units kept clear between the laid-out game and a hand zone (docs/exports.md, Tabletop Simulator)
INCH = 25.4  # a TTS unit is its ruler's inch


def _export(root: Path, setup: str = "", boards: tuple[str, str] | None = None, deck: tuple[str, str] | None = None,
            extra_deck: str | None = None) -> tuple[dict, str]:
    """The tiny game with `setup` added to its game.yaml (a board's size or the heroes' deck changed: old, new; a deck
    of relics added, its file's text) exported to TTS: (its save, what the command printed)."""
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    if extra_deck:
        (root / "data/tiny/decks/relics.yaml").write_text(extra_deck, encoding="utf-8")
    if setup:
        game = root / "data/tiny/game.yaml"
        game.write_text(game.read_text(encoding="utf-8") + setup, encoding="utf-8")
    for name, change in (("boards.yaml", boards), ("decks/heroes.yaml", deck)):
        if change:
            path = root / "data/tiny" / name
            assert change[0] in path.read_text(encoding="utf-8")
            path.write_text(path.read_text(encoding="utf-8").replace(*change, 1), encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads((root / "out/tiny/tts/tiny-tts-save.json").read_text(encoding="utf-8")), result.output


def _zones(save: dict) -> list[dict]:
    return [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]


def _real_box(t: dict) -> tuple[float, float, float, float]:
    """A real zone's room on the table (x0, z0, x1, z1): its size along its edge and across, turned to the nearest
    quarter turn (the real save's Blue zone stands at 179.8°)."""
    quarter = round(t["rotY"] / 90) % 2
    w, d = (t["scaleZ"], t["scaleX"]) if quarter else (t["scaleX"], t["scaleZ"])
    return t["posX"] - w / 2, t["posZ"] - d / 2, t["posX"] + w / 2, t["posZ"] + d / 2


def _room_of_real_table() -> tuple[float, float]:
    """The rectangle no hand zone of the real save reaches, less the margin on each side: (width x, depth z)."""
    boxes = [_real_box(z["Transform"]) for z in REAL_ZONES.values()]
    sides = [b for b in boxes if b[2] - b[0] < b[3] - b[1]]  # the zones at the table's short ends: deeper than wide
    ends = [b for b in boxes if b not in sides]
    half_x = min(min(abs(b[0]), abs(b[2])) for b in sides)
    half_z = min(min(abs(b[1]), abs(b[3])) for b in ends)
    return 2 * (half_x - MARGIN), 2 * (half_z - MARGIN)


def _assert_as_tts_saves_it(zone: dict) -> None:
    """`zone` equal key for key to the hand zone the real save has at its colour's seat: its place and size to the
    hundredth, its turn to a quarter turn (squared), its colour to the thousandth, every other value exactly."""
    real = REAL_ZONES[zone["FogColor"]]
    assert set(zone) - {"GUID"} == set(real) - {"GUID"}, zone["FogColor"]
    assert {k: v for k, v in zone.items() if k not in ("GUID", "Transform", "ColorDiffuse")} == \
           {k: v for k, v in real.items() if k not in ("GUID", "Transform", "ColorDiffuse")}, zone["FogColor"]
    ours, theirs = zone["Transform"], real["Transform"]
    assert set(ours) == set(theirs)
    assert {k: (ours[k], theirs[k]) for k in ours if abs(ours[k] - theirs[k]) > (0.25 if k == "rotY" else 0.01)} == {}, zone["FogColor"]
    assert ours["rotY"] % 90 == 0  # squared: a zone lies along the table's edge
    assert set(zone["ColorDiffuse"]) == set(real["ColorDiffuse"])
    assert {k: (v, real["ColorDiffuse"][k]) for k, v in zone["ColorDiffuse"].items() if abs(v - real["ColorDiffuse"][k]) > 0.001} == {}


def test_each_hand_zone_is_the_one_tts_saves_at_that_seat_of_its_rectangle_table(tmp_path):
    """Eight seats asked: eight hand zones, one per colour in TTS's own order, each equal key for key to the zone TTS
    saved at that colour's seat of the same table (its place and size to the hundredth, its turn to a quarter turn, its
    colour the seat's, locked), and nothing else of the save's is a hand zone; the table has those eight seats, so the
    export warns of nothing."""
    save, said = _export(tmp_path / "p", "setup:\n  seats: 8\n")
    assert ": warning: " not in said, said
    zones = _zones(save)
    assert [z["FogColor"] for z in zones] == ["White", "Red", "Orange", "Yellow", "Green", "Blue", "Purple", "Pink"]
    assert sorted(z["FogColor"] for z in zones) == sorted(REAL_ZONES)
    for zone in zones:
        _assert_as_tts_saves_it(zone)


def test_a_game_of_four_seats_takes_the_first_four_colours_round_the_table(tmp_path):
    """The tiny game seats four (players.max): White, Red, Orange and Yellow, the first four TTS colours going round the
    table, each where the real save has it; and one seat asked gives one hand zone, White's."""
    save, said = _export(tmp_path / "four")
    assert [z["FogColor"] for z in _zones(save)] == ["White", "Red", "Orange", "Yellow"]
    assert all(abs(z["Transform"]["posX"] - REAL_ZONES[z["FogColor"]]["Transform"]["posX"]) <= 0.01 for z in _zones(save))
    assert "4 hand zones" in said
    one, said = _export(tmp_path / "one", "setup:\n  seats: 1\n")
    assert [z["FogColor"] for z in _zones(one)] == ["White"] and "1 hand zone" in said


def test_the_saves_top_level_is_what_tts_writes_for_its_rectangle_table_with_nothing_of_the_day(tmp_path):
    """Every top-level value TTS writes that is about the table and its settings (gravity, play area, grid, lighting,
    hands, turns, tags) is the real save's; the table is TTS's rectangle table, the version that save's; the sky one TTS
    saves; no date or time is written; the save is named for the game."""
    save, _ = _export(tmp_path / "p")
    _assert_top_as_tts_writes_it(save)
    assert save["SaveName"] == save["GameMode"] == "Tiny Test Game"  # data/tiny/game.yaml's title


def _assert_top_as_tts_writes_it(save: dict) -> None:
    """Every top-level value of `save` about the table and its settings the real save's, every key of the real save
    there, a sky TTS saves, and nothing of the day, no rules, tabs, lines or snap points of a game's own."""
    assert {k: (v, REAL[k]) for k, v in save.items() if k not in OWN and REAL[k] != v} == {}
    assert set(REAL) <= set(save)
    assert save["Sky"] in {REAL["Sky"], OTHER["Sky"]}
    assert (save["EpochTime"], save["Date"]) == (0, "")
    assert (save["Rules"], save["TabStates"], save["VectorLines"], save["SnapPoints"]) == ("", {}, [], [])


def test_the_hand_zone_and_the_top_level_tts_table_writes_are_the_real_saves_without_an_export():
    """pnp.targets.tts_table's documented records on their own, as the exports above read them: each of the table's
    eight seats' hand_zone equal key for key to the real save's zone at that colour's seat, and save_top's table and
    settings the real save's, its name, note, objects and script as given. (The export tests hold the same promise
    through `pnp export`; this one answers in a hundredth of a second, so a mutation run's mutants fall at once.)"""
    from pnp.targets import tts_table

    assert sorted(seat.colour for seat in tts_table.SEATS) == sorted(REAL_ZONES)
    for seat in tts_table.SEATS:
        _assert_as_tts_saves_it(tts_table.hand_zone(seat))
    objects = [{"Name": "HandTrigger"}]
    top = tts_table.save_top("A Game", "Its note", objects, "-- its script")
    _assert_top_as_tts_writes_it(top)
    assert (top["SaveName"], top["GameMode"], top["Note"], top["ObjectStates"], top["LuaScript"]) == \
           ("A Game", "A Game", "Its note", objects, "-- its script")


def test_the_game_is_laid_out_in_the_room_between_the_hand_zones_and_a_game_one_board_too_wide_is_warned(tmp_path):
    """The real table's hand zones leave a room 54.3 units across (less half a unit each side): a 1,370 mm town board
    (53.9 units) lies in it, clear of every zone, with no warning; a 1,385 mm one (54.5 units) is said to pass the room
    between the players' hand zones, naming the room's size as the real table's zones give it."""
    width, depth = _room_of_real_table()
    assert 1370 / INCH < width < 1385 / INCH
    save, said = _export(tmp_path / "fits", boards=("size: 380 x 300", "size: 1370 x 300"))
    assert "hand zones" not in said.replace("4 hand zones", "")
    town = next(o for o in save["ObjectStates"] if o.get("Nickname") == "Tiny Town")
    t = town["Transform"]
    box = (t["posX"] - t["scaleX"] / 2, t["posZ"] - 1, t["posX"] + t["scaleX"] / 2, t["posZ"] + 1)
    assert abs(t["scaleX"] - 1370 / INCH) < 0.01 and not [z for z in _zones(save) if _overlap(box, _zone_box(z))]
    assert -width / 2 <= box[0] and box[2] <= width / 2
    _, said = _export(tmp_path / "wide", boards=("size: 380 x 300", "size: 1385 x 300"))
    (line,) = [text for text in said.splitlines() if "between the players' hand zones" in text]
    assert f"more than the {width:.1f} × {depth:.1f} between" in line


def test_a_game_deeper_than_the_room_between_the_near_and_far_hands_is_warned(tmp_path):
    """The room is 33.7 units deep between the near and the far hand zones: a town board 900 mm deep (35.4 units)
    passes it and is warned, at the board's size; one 820 mm deep (32.3 units) fits, with no warning."""
    _, depth = _room_of_real_table()
    assert 820 / INCH < depth < 900 / INCH
    _, said = _export(tmp_path / "deep", boards=("size: 380 x 300", "size: 380 x 900"))
    assert len([text for text in said.splitlines() if "between the players' hand zones" in text]) == 1
    _, said = _export(tmp_path / "fits", boards=("size: 380 x 300", "size: 380 x 820"))
    assert "between the players' hand zones" not in said


def test_every_deck_is_shuffled_once_when_the_save_is_first_loaded_and_never_on_a_reload(tmp_path):
    """The save's own script (TTS runs onLoad with the state its onSave returned): loaded fresh, each deck on the table
    is shuffled exactly once; the state it then saves, handed back at the next load, shuffles none."""
    save, _ = _export(tmp_path / "p")
    tts = _Tts(save, [])
    tts.load()
    assert sorted(tts.table.shuffled) == sorted(tts.decks) and len(tts.decks) >= 2
    state = tts.global_lua.globals().onSave()
    again = _Tts(save, [])
    again.load(global_state=state)
    assert again.table.shuffled == []
    fresh = _Tts(save, [])
    fresh.load(global_state="")
    assert sorted(fresh.table.shuffled) == sorted(tts.decks)


def test_the_setup_block_is_locked_named_and_coloured_as_tts_reads_a_colour(tmp_path):
    """The block that carries Setup cannot be dragged off (locked), is called Setup on the table, is coloured with each
    channel between 0 and 1 (TTS's colour, its r, g and b), carries only keys TTS saves for an object, and lies clear of
    every hand zone and every other object."""
    save, _ = _export(tmp_path / "p", "setup:\n  deal: {heroes: 1}\n")
    (block,) = [o for o in save["ObjectStates"] if o.get("LuaScript")]
    assert block["Locked"] is True and block["Nickname"] == "Setup" and block["Name"] == "BlockSquare"
    assert all(0.0 <= v <= 1.0 for v in block["ColorDiffuse"].values())
    real_keys = set(next(iter(REAL_ZONES.values())))  # the keys TTS saves for an object, a hand zone's among them
    assert set(block) - {"GUID"} <= real_keys and {"r", "g", "b"} <= set(block["ColorDiffuse"]) <= {"r", "g", "b", "a"}
    t = block["Transform"]
    box = (t["posX"] - t["scaleX"] / 2, t["posZ"] - t["scaleZ"] / 2, t["posX"] + t["scaleX"] / 2, t["posZ"] + t["scaleZ"] / 2)
    assert t["scaleX"] > 1 and t["scaleZ"] > 1
    assert not [z["FogColor"] for z in _zones(save) if _overlap(box, _zone_box(z))]


def test_the_setup_block_is_the_blue_block_the_players_are_told_to_look_for(tmp_path):
    """docs/exports.md tells the players to look for "a blue **Setup** block": its colour's hue is blue's (between
    cyan's 180° and violet's 270°), and a colour, not a grey (its strongest channel well above its weakest)."""
    import colorsys

    save, _ = _export(tmp_path / "p", "setup:\n  deal: {heroes: 1}\n")
    (block,) = [o for o in save["ObjectStates"] if o.get("Nickname") == "Setup"]
    c = block["ColorDiffuse"]
    hue, saturation, _ = colorsys.rgb_to_hsv(c["r"], c["g"], c["b"])
    assert 180 <= hue * 360 <= 270 and saturation >= 0.4, c


def test_setup_that_only_turns_cards_up_lays_them_with_nobody_seated_and_says_nothing(tmp_path):
    """A setup that deals no hand (two heroes face up, as Organ Trail lays its criminals) needs no one seated: a press
    lays two heroes face up at two places, each clear of every hand zone, and asks nobody to sit down."""
    save, _ = _export(tmp_path / "p", "setup:\n  face_up: {heroes: 2}\n")
    tts = _Tts(save, [])
    tts.load()
    tts.click()
    assert tts.table.said == [] and tts.table.hands == {}
    places = [place for _, place, flipped in tts.table.face_up if flipped]
    assert len(places) == 2 and len(set(places)) == 2
    zones = [_zone_box(z) for z in _zones(save)]
    assert not [p for p in places if any(_overlap((p[0] - 1.25, p[1] - 1.75, p[0] + 1.25, p[1] + 1.75), z) for z in zones)]


def test_setup_deals_the_hands_of_the_seated_players_with_a_hand_zone_only(tmp_path):
    """Two heroes each: of White, Teal and Red seated, Teal has no hand zone in a four-seat save (TTS's Teal is not one
    of the rectangle table's first four), so White and Red get two heroes each and nobody is dealt to Teal."""
    save, _ = _export(tmp_path / "p", "setup:\n  deal: {heroes: 2}\n")
    tts = _Tts(save, ["White", "Teal", "Red"])
    tts.load()
    tts.click()
    assert tts.hand_sizes() == {"White": 2, "Red": 2} and tts.table.problems == []



def test_a_game_saved_after_setup_dealt_and_loaded_again_deals_no_second_hand(tmp_path):
    """TTS hands a script, at load, the state its onSave returned: a game saved once Setup has dealt White two heroes
    and loaded again keeps Setup dealt, so a press there deals nobody a second hand and says so on the table, once."""
    save, _ = _export(tmp_path / "p", "setup:\n  deal: {heroes: 2}\n")
    tts = _Tts(save, ["White"])
    tts.load()
    tts.click()
    assert tts.hand_sizes() == {"White": 2}
    again = _Tts(save, ["White"])
    again.load(block_state=tts.block.globals().onSave())
    again.click()
    assert again.table.hands == {} and len(again.table.said) == 1

def test_setup_shuffles_each_deck_again_before_it_deals_though_the_load_shuffled_it(tmp_path):
    """The Deal button's tooltip says it shuffles each deck and deals: a game saved after its first load (its decks
    shuffled then, so a reload shuffles nothing) and loaded again, a deck's cards looked through and put back in order,
    a press of Setup shuffles the heroes before it deals White two of them."""
    save, _ = _export(tmp_path / "p", "setup:\n  deal: {heroes: 2}\n")
    tts = _Tts(save, ["White"])
    tts.load(global_state="shuffled")
    assert tts.table.shuffled == []  # the load shuffled nothing: the save was shuffled at its first load
    tts.click()
    (heroes,) = [guid for guid, name in tts.names.items() if name.endswith("Heroes")]
    assert tts.table.shuffled == [heroes] and tts.hand_sizes() == {"White": 2}


ODD_NAME = "Héros «d'À» \\ \"9\" é9"  # a deck name with letters past ASCII (À's UTF-8 ends in byte 128), quotes, a backslash, a digit after é


def test_a_deck_gone_from_the_table_is_said_by_its_name_as_written_whatever_its_letters(tmp_path):
    """The Setup script names a deck by its name as the deck's file writes it: one taken off the table before the press
    is said on the table by that name, every letter, quote and backslash as written; the others are dealt."""
    save, _ = _export(tmp_path / "p", "setup:\n  deal: {heroes: 1}\n", deck=("name: Heroes", "name: " + json.dumps(ODD_NAME, ensure_ascii=False)))
    tts = _Tts(save, ["White"])
    tts.load()
    tts.decks.clear()  # every deck taken off the table
    tts.click()
    assert tts.table.said == [f"{ODD_NAME}: the deck is no longer on the table as loaded; load the save again to deal afresh"]


RELICS = """\
name: Relics
size: poker
front: tiny/hero.j2
back: tiny/back.j2
cards:
  - {id: relic, name: Relic, stars: 1, number: 1, text: "Old.", side: blue, count: 4}
"""


def test_setup_that_deals_a_hand_waits_for_a_seated_player_and_then_deals_each_deck_as_set(tmp_path):
    """One hero dealt each and one relic turned up: with nobody seated a press asks players to sit down and deals
    nothing, lays nothing; once White sits, a press gives White one hero and lays one relic face up."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/decks/relics.yaml").write_text(RELICS, encoding="utf-8")
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "setup:\n  deal: {heroes: 1}\n  face_up: {relics: 1}\n", encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    save = json.loads((root / "out/tiny/tts/tiny-tts-save.json").read_text(encoding="utf-8"))
    tts = _Tts(save, [])
    tts.load()
    tts.click()
    assert tts.table.hands == {} and tts.table.face_up == [] and len(tts.table.said) == 1 and "seat" in tts.table.said[0]
    tts.table.seated.append("White")
    tts.click()
    assert tts.hand_sizes() == {"White": 1} and [name for name, _, _ in tts.table.face_up] == ["Relic"]


@pytest.mark.parametrize(("deck", "up", "side"), [("heroes", 9, 3), ("relics", 36, 6)])
def test_cards_turned_up_lie_in_a_square_grid_clear_of_everything_on_the_table(tmp_path, deck, up, side):
    """Nine heroes turned up, as Organ Trail's rulebook lays its nine criminals (a 3 × 3 grid), or 36 relics, a grid
    six rows deep: a press of Setup lays them in a square grid, each poker card (2.5 × 3.5 units) clear of the others,
    of every object the save places (the decks, the boards, the bags, the Setup block) and of every hand zone, and
    inside the room the real table's eight hand zones leave (where no card starts in a hand, a seat of five or more too)."""
    relics = RELICS.replace("count: 4", f"count: {up}") if deck == "relics" else None
    save, _ = _export(tmp_path / "p", f"setup:\n  face_up: {{{deck}: {up}}}\n", extra_deck=relics)
    tts = _Tts(save, [])
    tts.load()
    tts.click()
    places = [place for _, place, flipped in tts.table.face_up if flipped]
    columns, rows = sorted({round(x, 3) for x, _ in places}), sorted({round(z, 3) for _, z in places})
    assert len(places) == up and len(columns) == len(rows) == side
    assert sorted((round(x, 3), round(z, 3)) for x, z in places) == sorted((x, z) for x in columns for z in rows)
    w, d = CARD_UNITS
    cards = [(x - w / 2, z - d / 2, x + w / 2, z + d / 2) for x, z in places]
    assert not [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:] if _overlap(a, b)]

    def image_size(url: str) -> tuple[int, int]:
        return Image.open(Path(unquote(urlparse(url).path))).size

    objects = [(o.get("Nickname") or o["Name"], _box(o, image_size)) for o in save["ObjectStates"] if o["Name"] != "HandTrigger"]
    zones = [(z["FogColor"], _zone_box(z)) for z in _zones(save)]
    assert [(name, card) for card in cards for name, box in objects + zones if _overlap(card, box)] == []
    width, depth = _room_of_real_table()
    assert [c for c in cards if not (-width / 2 <= c[0] and c[2] <= width / 2 and -depth / 2 <= c[1] and c[3] <= depth / 2)] == []


def test_a_deck_dealt_and_turned_up_to_its_last_card_turns_that_card_up_too(tmp_path):
    """Six relics, one dealt to each of four seated players and two turned up: TTS leaves a deck taken down to one card
    as that card (the deck's `remainder`), and Setup turns it up all the same: two relics face up, none left behind."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/decks/relics.yaml").write_text(RELICS.replace("count: 4", "count: 6"), encoding="utf-8")
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "setup:\n  deal: {relics: 1}\n  face_up: {relics: 2}\n", encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    save = json.loads((root / "out/tiny/tts/tiny-tts-save.json").read_text(encoding="utf-8"))
    tts = _Tts(save, ["White", "Red", "Orange", "Yellow"])
    tts.load()
    tts.click()
    assert tts.hand_sizes() == dict.fromkeys(["White", "Red", "Orange", "Yellow"], 1) and tts.table.said == []
    assert [name for name, _, flipped in tts.table.face_up if flipped] == ["Relic", "Relic"]
    (relics,) = [deck for guid, deck in tts.decks.items() if tts.names[guid].endswith("Relics")]
    assert relics.cards == [] and relics.remainder is not None and relics.remainder.laid
