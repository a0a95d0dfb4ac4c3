"""A deck in pnp's Tabletop Simulator save against a real deck TTS saved itself (tests/samples/tts, source in its
README): every key pnp writes on a deck, on a card in it and on a sheet of its CustomDeck is a key TTS writes there,
with a value of the same JSON type; a sheet carries all seven keys TTS writes for one; and CardIDs follow the rule the
real deck shows (the sheet's key × 100 + the card's cell on that sheet, NumWidth × NumHeight cells).

pnp leaves out keys TTS fills with its defaults (ColorDiffuse, Locked, Snap, …), so the real deck's keys are the
ceiling, not the floor; a sheet's keys are the exception, as TTS needs each to cut a card from its image.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.targets.tts import Sheet, deck_object, save_file, with_guids

SAMPLE = Path(__file__).parent / "samples" / "tts" / "saved-objects" / "wskca-motivation-cards-deck.json"
# A card's own CustomDeck is optional in TTS's format: this saved object leaves it out of its cards, while the whole
# save it came from (github.com/kylejames0408/WSKCA TS_Save_1.json, same commit) repeats it on every card of a deck.
CARD_MAY_ALSO_HAVE = {"CustomDeck"}


def _kind(value) -> str:
    """A value's JSON type; an int where TTS wrote a float counts as a number, as JSON does not tell them apart."""
    return "number" if isinstance(value, int | float) and not isinstance(value, bool) else type(value).__name__


def _types(obj: dict) -> dict[str, str]:
    return {key: _kind(value) for key, value in obj.items()}


def _real_deck() -> dict:
    (deck,) = json.loads(SAMPLE.read_text(encoding="utf-8"))["ObjectStates"]
    return deck


def _our_deck() -> dict:
    """A deck as pnp's save holds it: two sheets (one with a back per card), a card in two copies, GUIDs given."""
    sheets = [Sheet(1, "https://example.org/g/faces-1.png", "https://example.org/g/back.png", 10, 7, False),
              Sheet(2, "https://example.org/g/faces-2.png", "https://example.org/g/backs-2.png", 3, 2, True)]
    deck = deck_object("Heroes", (63.5, 88.9), sheets, [("Knight", 100, 2), ("Mage", 169, 1), ("Twin", 205, 1)])
    save = save_file("Tiny", "", with_guids([deck]), 1)
    return next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")


def _card_ids_follow_their_sheets(deck: dict) -> list[str]:
    """What breaks TTS's rule for a deck's cards: each DeckIDs entry is the CardID of the card at that place, and each
    CardID is a sheet's key × 100 plus a cell that sheet has."""
    wrong = []
    ids = [card["CardID"] for card in deck["ContainedObjects"]]
    if deck["DeckIDs"] != ids:
        wrong.append(f"DeckIDs {deck['DeckIDs']} are not the cards' CardIDs {ids}")
    for card_id in ids:
        sheet = deck["CustomDeck"].get(str(card_id // 100))
        if sheet is None or card_id % 100 >= sheet["NumWidth"] * sheet["NumHeight"]:
            wrong.append(f"CardID {card_id} names no cell of a sheet")
    return wrong


def test_the_sample_is_a_custom_deck_tts_saved():
    deck = _real_deck()
    assert deck["Name"] == "DeckCustom" and len(deck["ContainedObjects"]) == 8
    assert _card_ids_follow_their_sheets(deck) == []


def test_every_key_pnp_writes_on_a_deck_is_a_key_tts_writes_there_with_its_type():
    real, ours = _types(_real_deck()), _types(_our_deck())
    assert {key: kind for key, kind in ours.items() if real.get(key) != kind} == {}
    assert _types(_our_deck()["Transform"]) == _types(_real_deck()["Transform"])


def test_a_sheet_of_pnps_custom_deck_has_every_key_tts_writes_for_one_with_its_type():
    (real,) = _real_deck()["CustomDeck"].values()
    ours = _our_deck()["CustomDeck"]
    assert all(key.isdigit() for key in ours) and all(key.isdigit() for key in _real_deck()["CustomDeck"])
    assert [_types(sheet) for sheet in ours.values()] == [_types(real)] * 2


def test_every_key_pnp_writes_on_a_card_in_a_deck_is_a_key_tts_writes_there_with_its_type():
    real = _types(_real_deck()["ContainedObjects"][0]) | {key: "dict" for key in CARD_MAY_ALSO_HAVE}
    for card in _our_deck()["ContainedObjects"]:
        assert {key: kind for key, kind in _types(card).items() if real.get(key) != kind} == {}
        assert _types(card["Transform"]) == _types(_real_deck()["ContainedObjects"][0]["Transform"])


@pytest.mark.parametrize("field", ["DeckIDs", "ContainedObjects", "CustomDeck", "Transform", "Name"])
def test_pnps_deck_carries_what_tts_needs_to_lay_it_out(field):
    """The keys without which TTS shows no deck: every one the real deck has, pnp's has."""
    assert field in _real_deck() and field in _our_deck()


def test_pnps_card_ids_follow_the_sheets_as_in_the_real_deck():
    assert _card_ids_follow_their_sheets(_our_deck()) == []
