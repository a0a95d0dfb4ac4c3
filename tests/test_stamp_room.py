"""Every card front of the five games carries its version stamp, and the stamp prints where nothing else does.

Read from the card sheets themselves (tests/stamp_room.py, pdfplumber): a stamp is a line of 5 pt characters reading
`vVERSION · CODE`; no other character, and no edge of a drawn path, rectangle or image, comes within 0.25 mm of its
box. The expected number of stamps is the number of card fronts the decks ask for (each card's `count`, summed): one
more would be a stamp on a back, one fewer a front without one."""
from __future__ import annotations

import csv
import re

import pytest
import yaml
from conftest import ROOT
from stamp_room import STAMP_PT, stamps_in

GAMES = sorted(p.parent.name for p in (ROOT / "data").glob("*/game.yaml"))
EDITIONS = [(slug, None) for slug in GAMES] + [("organ-match", "de")]  # the German edition's longer words move lines too
MIN_LEGIBLE_PT = 5.0  # the least type size a player can read on a card (docs/editions.md)


@pytest.fixture(scope="module")
def card_sheets(shared_build):
    """(slug, lang) → the card sheets PDF of that edition: the plain build's and the German edition's, both built once
    per run and read by other files too (conftest.shared_build: tests/test_languages.py, test_margin_words.py)."""
    plain = shared_build()
    german = shared_build("organ-match", "--lang", "de", "--strict")
    return {(slug, lang): (plain / slug / f"{slug}-cards.pdf" if lang is None else german / slug / f"{slug}-cards-{lang}.pdf")
            for slug, lang in EDITIONS}


def fronts(slug: str) -> int:
    """How many card fronts the game's decks print: each card's count (1 unless given), summed, read from the decks'
    YAML and sheets."""
    total = 0
    for deck in sorted((ROOT / "data" / slug / "decks").glob("*.yaml")):
        data = yaml.safe_load(deck.read_text())
        if "generate" in data:
            spec = data["generate"]
            combos = 1
            for values in spec["values"].values():
                combos *= len(values)
            total += (combos - len(spec.get("except", []))) * spec.get("copies", 1)
        elif "cards_from" in data:  # a sheet of one row per card (Organ Match's patients)
            with open(deck.parent / data["cards_from"], newline="", encoding="utf-8") as rows:
                total += sum(int(row.get("count") or 1) for row in csv.DictReader(rows))
        else:
            total += sum(card.get("count", 1) for card in data.get("cards", []))
    return total


@pytest.mark.parametrize("slug,lang", EDITIONS, ids=[f"{s}-{lang}" if lang else s for s, lang in EDITIONS])
def test_every_front_carries_a_stamp_on_ground_no_other_ink_touches(card_sheets, pdfium_reader, slug, lang):
    version = str(yaml.safe_load((ROOT / "data" / slug / "game.yaml").read_text())["version"])
    stamps = stamps_in(card_sheets[slug, lang], pdfium_reader)
    assert len(stamps) == fronts(slug)
    assert all(re.fullmatch(rf"v{re.escape(version)} · [A-Z2-7]{{6}}", s.text) for s in stamps), {s.text for s in stamps}
    assert STAMP_PT >= MIN_LEGIBLE_PT
    clashing = [f"page {s.page + 1} {s.text}: {'; '.join(s.clashes[:3])}" for s in stamps if s.clashes]
    assert not clashing, f"{len(clashing)} stamps print over other ink:\n" + "\n".join(clashing[:10])
