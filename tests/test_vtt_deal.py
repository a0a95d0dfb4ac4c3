"""virtualtabletop.io's Deal and Reset in each shipped game's room (issue 99 item 2), played by the routine rules of the
client (tests/table_routines.py) on the shared export (conftest.shipped_export): Deal deals the players seated what
the game's rulebook deals each player, once, and Reset gathers every card back. The counts come from the rulebooks,
the room from the file as the server loads it (tests/table_readers.read_vtt)."""
from __future__ import annotations

import json

import pytest
import yaml
from conftest import ROOT
from table_readers import read_vtt
from table_routines import Room
from test_export import GAMES

# what each shipped game's rulebook deals at setup: deck → (cards to each player, cards turned face up)
RULES_DEAL = {"organ-match": {"patients": (7, 0)},  # seed: "Deal seven Patient cards to each player"
              "narco-empire": {"cartel": (1, 0)},  # rulebook, Set up 5: "Shuffle the Cartel deck and deal 1 card to each player"
              "police-precinct": {"police": (2, 0)},  # rulebook, Setting up 4: "… one donut and two police cards"
              "organ-trail": {"criminals": (0, 9)},  # rulebook, Setting up 1: the criminals face up in a 3 × 3 grid
              "germ-tycoon": {}}  # deals money, no cards




def _button(room: Room, text: str) -> str:
    (button,) = [w["id"] for w in room.widgets.values() if w.get("type") == "button" and w.get("text") == text and not w.get("parent")]
    return button


@pytest.mark.parametrize("game", GAMES)
def test_deal_deals_each_player_seated_what_the_rulebook_says_once_and_reset_gathers_all_back(game, shipped_export):
    """With every number of players seated from 1 to the game's most: each seated player's hand holds the cards the rulebook deals each
    player, no card lies at a seat, the cards it turns up lie face up, every other card of each deck is face down in
    its draw pile, and no card is lost or doubled; a second press changes nothing; Reset gathers every card back face
    down and unowned (a game whose rules deal no card has only Reset)."""
    table = read_vtt(shipped_export(game) / game / "vtt" / f"{game}.vtt")
    buttons = {w["text"] for w in table.of_type("button") if not w.get("parent")}  # beside the hand (a Shuffle lies on each deck's name row)
    assert buttons == ({"Deal", "Reset"} if RULES_DEAL[game] else {"Reset"})
    players = yaml.safe_load((ROOT / "data" / game / "game.yaml").read_text(encoding="utf-8"))["players"]
    seats = sorted(table.of_type("seat"), key=lambda s: s["index"])
    assert len(seats) == players["max"]
    decks = [d for d in table.of_type("deck") if d["id"].startswith("deck-")]
    for seated in range(1, players["max"] + 1):  # one alone (to try the table) up to the most
        room = Room(table.widgets)
        for n, seat in enumerate(seats[:seated]):
            room.sit(seat["id"], f"player {n + 1}")
        button = _button(room, "Deal" if RULES_DEAL[game] else "Reset")
        room.click(button, "player 1")
        assert room.problems == []
        for deck in decks:
            _dealt_as_the_rules_say(room, table, deck["id"], seats, seated, RULES_DEAL[game].get(deck["id"].removeprefix("deck-"), (0, 0)))
        if RULES_DEAL[game]:  # Deal deals once
            dealt = json.dumps(room.widgets, sort_keys=True)
            room.click(button, "player 2")
            assert room.problems == [] and json.dumps(room.widgets, sort_keys=True) == dealt, seated
        room.click(_button(room, "Reset"), "player 1")
        assert room.problems == []
        for deck in decks:
            assert all(room.holder_of(c) == f"pile-{deck['id']}" and not c.get("activeFace") and not c.get("owner") for c in room.cards(deck["id"]))


def _dealt_as_the_rules_say(room: Room, table, deck: str, seats: list[dict], seated: int, rule: tuple[int, int]) -> None:
    each, up = rule
    cards = room.cards(deck)
    assert len({c["id"] for c in cards}) == len(cards) == sum(1 for w in table.of_type("card") if w["deck"] == deck)
    for n, seat in enumerate(seats):
        held = [c for c in room.hand_of(seat["id"]) if c["deck"] == deck]
        assert len(held) == (each if n < seated else 0), (deck, seated, seat["id"])
    assert not [c for c in cards if (room.holder_of(c) or "").startswith("seat-")], (deck, seated)
    assert [c.get("activeFace", 0) for c in cards if room.holder_of(c) is None] == [1] * up, (deck, seated)
    pile = [c for c in cards if room.holder_of(c) == f"pile-{deck}"]
    assert len(pile) == len(cards) - seated * each - up and not any(c.get("activeFace") for c in pile), (deck, seated)


def test_reset_makes_deal_ready_again_and_a_second_deal_deals_the_players_seated_then(shipped_export):
    """Narco Empire's rulebook deals one Cartel card to each player (Set up 5): after Deal and Reset, Deal reads Deal
    again, and a press deals each player seated then, a third one who sat down after the first deal among them, one
    Cartel card each, and reads Dealt."""
    game = "narco-empire"
    table = read_vtt(shipped_export(game) / game / "vtt" / f"{game}.vtt")
    seats = sorted(table.of_type("seat"), key=lambda s: s["index"])
    room = Room(table.widgets)
    for n, seat in enumerate(seats[:2]):
        room.sit(seat["id"], f"player {n + 1}")
    deal = _button(room, "Deal")
    room.click(deal, "player 1")
    room.click(_button(room, "Reset"), "player 1")
    assert room.problems == [] and room.widgets[deal]["text"] == "Deal"
    room.sit(seats[2]["id"], "player 3")
    room.click(deal, "player 3")
    assert room.problems == [] and room.widgets[deal]["text"] == "Dealt"
    held = [len([c for c in room.hand_of(seat["id"]) if c["deck"] == "deck-cartel"]) for seat in seats]
    assert held == [1, 1, 1] + [0] * (len(seats) - 3)


@pytest.mark.parametrize("game", GAMES)
def test_the_readme_tells_of_deal_only_where_the_room_has_a_deal_button(game, shipped_export):
    """README.txt beside the room says what its buttons do: press Deal where the rulebook deals cards (the room then
    has a Deal button), and where it deals none (Germ Tycoon deals money) Reset alone, Deal never named."""
    folder = shipped_export(game) / game / "vtt"
    table = read_vtt(folder / f"{game}.vtt")
    readme = " ".join((folder / "README.txt").read_text(encoding="utf-8").split())
    deals = any(w.get("text") == "Deal" for w in table.of_type("button"))
    assert deals == bool(RULES_DEAL[game])
    assert ("press Deal" in readme) == deals and ("Deal" in readme) == deals, readme
    assert "Reset gathers every card back into its draw pile, shuffled" in readme
