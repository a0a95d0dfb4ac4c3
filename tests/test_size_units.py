"""A size as a designer writes it (docs/data-format.md): a preset name, or mm unless a unit follows, `cm`, `in` or `pt`, and each side may
carry its own. A poker card is 2.5 × 3.5 in, 63.5 × 88.9 mm (an inch is exactly 25.4 mm, a PostScript point 1/72 in:
180 × 252 pt), however its size is written; `pnp list` says the size each deck prints at."""
from __future__ import annotations

from conftest import listing

WRITTEN = {"cm": "6.35 x 8.89 cm", "mm_in": "63.5 mm x 3.5 in", "in_mm": "2.5 in x 88.9 mm", "pt": "180 x 252 pt"}


def test_a_poker_card_written_in_any_unit_or_two_is_63_5_by_88_9_mm(project):
    decks = project / "data/tiny/decks"
    heroes = (decks / "heroes.yaml").read_text(encoding="utf-8")
    for deck, size in WRITTEN.items():  # the heroes deck again, as four decks each with its size written another way
        (decks / f"{deck}.yaml").write_text(heroes.replace("size: poker", f"size: {size}", 1), encoding="utf-8")
    sizes = {deck["id"]: deck["size"] for deck in listing(project, "tiny")["decks"]}
    assert {deck: sizes[deck] for deck in WRITTEN} == {deck: [63.5, 88.9] for deck in WRITTEN}, sizes


# The US sizes print services cut, in inches: tarot 2.75 × 4.75 (The Game Crafter's 900 × 1500 px at 300 dpi, 1/8 in of
# bleed on each side), bridge 2.25 × 3.5
PRESETS = {"tarot": (2.75, 4.75), "bridge": (2.25, 3.5)}


def test_a_preset_card_size_is_the_size_print_services_cut_to_the_hundredth_of_a_mm(project):
    decks = project / "data/tiny/decks"
    heroes = (decks / "heroes.yaml").read_text(encoding="utf-8")
    for preset in PRESETS:
        (decks / f"{preset}.yaml").write_text(heroes.replace("size: poker", f"size: {preset}", 1), encoding="utf-8")
    sizes = {deck["id"]: deck["size"] for deck in listing(project, "tiny")["decks"]}
    assert {preset: sizes[preset] for preset in PRESETS} == {preset: [round(w * 25.4, 2), round(h * 25.4, 2)] for preset, (w, h) in PRESETS.items()}, sizes
