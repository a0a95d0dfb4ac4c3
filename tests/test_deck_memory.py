"""What a large deck's build holds. The record of what a build printed (`.pnp-cache/<game>.stamps.json`, pnp.pipeline.printed_cards) is written a few
hundred cards at a time: a 10,000-card deck's record, built whole as dicts, a JSON string and its bytes, was the top
of its build's memory (docs/performance.md, the 10,000-card row). Its bytes are still those of json's whole dump.
The fronts of a deck share one set of the icons they use, not one set each."""
from __future__ import annotations

import json
import tracemalloc

import pytest

from pnp.data.project import Project
from pnp.data.stamps import game_stamps
from pnp.outputs.cards import render_cards
from pnp.outputs.context import Engine
from pnp.outputs.options import Options
from pnp.pipeline.printed_cards import record_build, stamps_path

CARDS = 1500


@pytest.fixture(scope="module")
def big_deck(tmp_path_factory):
    root = tmp_path_factory.mktemp("record")
    (root / "data/big/decks").mkdir(parents=True)
    (root / "templates/big").mkdir(parents=True)
    (root / "data/big/game.yaml").write_text("title: Big\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\nversion: '1.2'\n")
    lines = ["name: Big", "size: poker", "front: big/front.j2", "cards:"]
    lines += [f'  - {{id: c{i}, title: "Card ñ {i}", n: {i}, cost: {i % 7 + 0.5}, text: "Gain {i % 7} :star: coins and draw one card, then discard a card of your choice."}}' for i in range(CARDS)]
    (root / "data/big/decks/big.yaml").write_text("\n".join(lines) + "\n")
    (root / "templates/big/front.j2").write_text('{{ text(card.title, 4, 3, 50, 8) }}\n{{ text(card.text, 4, 20, 50, 30, size=8) }}\n')
    project = Project(root)
    game, findings = project.load_game("big")
    assert not [f for f in findings if f.severity == "error"], findings
    return project, game


def test_the_record_is_json_of_every_card_as_built_and_printed_and_of_every_prints_codes(big_deck, tmp_path):
    project, game = big_deck
    record_build(tmp_path, project.templates_dir, game)
    now = game_stamps(project.templates_dir, game)
    assert len(now) == CARDS
    history = {card["code"]: name for name, card in now.items()}  # every print's codes, which a playtester's answer may name
    assert stamps_path(tmp_path, "big").read_bytes() == json.dumps({"built": now, "history": history, "printed": now}, sort_keys=True, ensure_ascii=False).encode()


def test_the_record_is_never_held_whole(big_deck, tmp_path):
    project, game = big_deck
    game_stamps(project.templates_dir, game)  # each card's values worked out, as stamping the fronts has in a build
    tracemalloc.start()
    try:
        record_build(tmp_path, project.templates_dir, game)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    size = stamps_path(tmp_path, "big").stat().st_size
    # held whole (dicts, the JSON string and its bytes) the record took eight times its size at its top; written a few
    # hundred cards at a time, what is held is the cards' sorted names and one batch: under its size
    assert peak < size, (peak, size)


def test_the_fronts_of_a_deck_share_the_set_of_icons_they_use(big_deck, tmp_path):
    project, game = big_deck
    deck = game.decks["big"]
    rendered, _ = render_cards(Engine(project).for_game(game), deck, Options(out=tmp_path), deck.cards[:3])
    fronts = [front for _, front, _ in rendered]
    assert [{name for name, _ in front.icons} for front in fronts] == [{"star"}] * 3  # each front draws the star inline
    assert fronts[0].icons is fronts[1].icons is fronts[2].icons  # 216 bytes a front otherwise: 2 MB of a 10,000-card deck
