"""What a designer's first game leans on: defaults that let a first template work (card text in the game's ink, or the
documented default; `readable` picking the colour that reads), sizes in any unit, a listing of everything."""
from __future__ import annotations

import json

from conftest import listing, run_pnp
from pdftext import page_texts
from pypdf import PdfReader

GAME = "data/tiny/game.yaml"
DECK = "data/tiny/decks/heroes.yaml"


def _edit(project, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new))


def test_a_palette_without_ink_still_draws_text_in_the_default_ink(project):
    _edit(project, GAME, '  ink: "#1d2433"\n', "")
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    page = PdfReader(project / "output/tiny/tiny-cards.pdf").pages[0]
    forms = page["/Resources"]["/XObject"].values()
    content = " ".join(form.get_object().get_data().decode("latin-1") for form in forms)
    assert ".133333 .133333 .133333 rg" in content  # #222222, the documented default ink


def test_age_and_play_time_may_wait_until_the_game_is_tested(project):
    _edit(project, GAME, "age: 8\nplay_time: 15\n", "")
    result = run_pnp(project, "build", "--only", "rulebook")
    assert result.exit_code == 0, result.output + result.stderr
    cover = page_texts(project / "output/tiny/tiny-rulebook.pdf", [0])[0]
    assert "2–4 players" in cover and "age" not in cover and "minutes" not in cover


def test_a_size_in_inches_prints_the_same_cards_as_the_named_size(project):
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0
    named = (project / "output/tiny/tiny-cards.pdf").read_bytes()
    _edit(project, DECK, "size: poker", "size: 2.5 x 3.5 in")  # a poker card is 2.5 × 3.5 in = 63.5 × 88.9 mm
    assert run_pnp(project, "build", "--only", "cards").exit_code == 0
    assert (project / "output/tiny/tiny-cards.pdf").read_bytes() == named


def test_a_size_in_points_is_converted_exactly(project):
    _edit(project, DECK, "size: poker", "size: 180 x 252 pt")  # 2.5 × 3.5 in at 72 pt to the inch
    result = run_pnp(project, "list", "--format", "json")
    deck = next(d for g in json.loads(result.output) if g["game"] == "tiny" for d in g["decks"] if d["id"] == "heroes")
    assert deck["size"] == [63.5, 88.9]


def test_list_shows_every_deck_board_and_token_set_with_sizes_and_counts(project):
    result = run_pnp(project, "list", "--format", "json")
    assert result.exit_code == 0, result.stderr
    tiny = next(g for g in json.loads(result.output) if g["game"] == "tiny")
    assert [(b["id"], b["size"]) for b in tiny["boards"]][:2] == [(tiny["boards"][0]["id"], [380, 300]), (tiny["boards"][1]["id"], [180, 240])]
    pieces = {t["id"]: t["pieces"] for t in tiny["tokens"]}
    # tokens.yaml: coins 8 + 4 items; pawns 3 per colour × 2 colours; shields 4; walls 6; notes 5; hero standees 2
    assert pieces == {"coins": 12, "pawns": 6, "shields": 4, "walls": 6, "notes": 5, "hero": 2}
    assert {t["id"]: t["size"] for t in tiny["tokens"]}["notes"] == [40, 20]
    text = run_pnp(project, "list").output
    assert "board " in text and "tokens coins" in text and "12 pieces" in text


POKER_MM = [63.5, 88.9]  # 2.5 × 3.5 in, an inch being exactly 25.4 mm


def deck_like_heroes(project, deck_id: str, replace: str, by: str) -> None:
    """Another deck of the tiny game: the heroes' file with one line changed."""
    text = (project / DECK).read_text(encoding="utf-8")
    assert replace in text
    (project / DECK).with_name(f"{deck_id}.yaml").write_text(text.replace(replace, by), encoding="utf-8")


def test_a_card_size_in_centimetres_or_inches_written_once_is_the_poker_card_in_millimetres(project):
    """docs/data-format.md: a size is 'W x H' in mm unless a unit follows, and a unit written once, after the second
    number, applies to both. A poker card is 6.35 × 8.89 cm and 2.5 × 3.5 in; written either way (or mixed) it lists
    as 63.5 × 88.9 mm."""
    for deck_id, size in (("cm", "6.35 x 8.89 cm"), ("once", "2.5 x 3.5 in"), ("mixed", "63.5 mm x 3.5 in")):
        deck_like_heroes(project, deck_id, "size: poker", f"size: {size}")
    sizes = {d["id"]: d["size"] for d in listing(project)["decks"]}
    assert sizes == {"heroes": POKER_MM, "cm": POKER_MM, "once": POKER_MM, "mixed": POKER_MM}, sizes


def card_text_colours(project) -> dict[str, tuple]:
    """Each word's fill colour on the first page of the tiny game's card sheets, as a PDF reader reads it."""
    import pdfplumber

    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(project / "output/tiny/tiny-cards.pdf") as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["non_stroking_color"])
    return {w["text"]: tuple(round(v * 255) for v in w["non_stroking_color"]) for w in words}


def test_card_text_prints_in_the_games_ink_or_the_documented_default_and_readable_picks_the_colour_that_reads(project):
    """docs/data-format.md: a palette's `ink` is the text's colour, #222222 when the game leaves it out; docs/layouts.md:
    `readable(fill)` is whichever of ink and paper reads better on `fill` (paper on the dark ink, ink on the light paper)."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("Onink", 5, 72, 20, 5, size=8, color=readable("ink")) }}\n'
                                                              '{{ text("Onpaper", 30, 72, 25, 5, size=8, color=readable("paper")) }}\n{% endblock %}'),
                    encoding="utf-8")
    colours = card_text_colours(project)
    assert (colours["gain"], colours["Onink"], colours["Onpaper"]) == ((0x1D, 0x24, 0x33), (0xFB, 0xF8, 0xF0), (0x1D, 0x24, 0x33)), colours
    _edit(project, GAME, '  ink: "#1d2433"\n', "")
    assert card_text_colours(project)["gain"] == (0x22, 0x22, 0x22)
