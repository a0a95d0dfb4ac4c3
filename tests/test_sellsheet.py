"""A sell sheet (issue 79 item 6): `pnp sellsheet GAME` writes one page a publisher reads, from what game.yaml says
(title, pitch, players, age, time), the components the game prints and the showcase's pictures, in the game's fonts
and palette. Read back from the PDF: its words and where they stand, its pictures, its fonts; and from the PNG, the
title band's colour. The tiny game's numbers are its game.yaml's: 2–4 players, age 8, 15 minutes, 12 hero cards (its
`components:` count), its title in Comfortaa, its ink #1d2433 (it names no accent, so the band is in its ink).
"""
from __future__ import annotations

import shutil

import pytest
from conftest import TEST_PROJECT, run_pnp

PLAYERS = "players: {min: 2, max: 4}"
PUBLISHER_KEYS = """version: "0.3"
designer: Ada Rook
contact: ada@example.com
genre: duelling card game
play: Each turn you play a hero against the villain in front of you; the higher strength wins the pair, and the first to win five pairs wins the game. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round. A tie goes to the villain. You may swap one hero a round.
"""


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    """The tiny game's sell sheet on A4, with its decks and player aids alone (its board, tokens and rulebook left out:
    every command that makes something of a game draws all it prints first, and one of each kind shows the table)."""
    root = tmp_path_factory.mktemp("sellsheet") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output", "boards.yaml", "tokens.yaml", "rulebook*.md"))
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text() + PUBLISHER_KEYS, encoding="utf-8")
    result = run_pnp(root, "sellsheet", "tiny", "--paper", "a4", "--width", "500")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/tiny-sellsheet-a4.pdf", result.output


def test_the_sell_sheet_is_one_page_saying_the_title_pitch_facts_and_components(sheet):
    import pdfplumber

    with pdfplumber.open(sheet[0]) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (round(page.width / 72 * 25.4), round(page.height / 72 * 25.4)) == (210, 297)  # A4
        text = page.extract_text()
        words = page.extract_words()
        images = page.images
    for said in ("Tiny Test Game", "A deck of heroes & villains, for testing.", "2–4 players", "Age 8+", "15 min", "Components"):
        assert said in text, said
    heroes = next(line for line in text.splitlines() if line.startswith("Heroes"))
    assert "12 cards" in heroes and "63.5 × 88.9 mm" in heroes  # its components: count, a poker card's size
    title = next(w for w in words if w["text"] == "Tiny")
    assert title["top"] < 297 * 72 / 25.4 * 0.12  # the title stands at the top, above everything else
    assert len(images) == 3 and max(i["width"] for i in images) > page.width * 0.5  # the table spread, the hand and the pieces laid out


def test_the_sell_sheet_carries_what_a_publisher_asks_for(sheet):
    """A publisher's sell sheet names the designer and how to reach them, the genre, and says in a paragraph how it plays."""
    import pdfplumber

    with pdfplumber.open(sheet[0]) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    for said in ("Ada Rook", "ada@example.com", "duelling card game", "How it plays",
                 "Each turn you play a hero against the villain in front of you; the higher strength wins the pair"):
        assert said in text, f"{said!r} not on the sell sheet:\n{text}"


def test_the_sell_sheets_total_counts_every_copy_a_publisher_prints(sheet):
    """'In all' is what a print quote starts from: the tiny game's 12 hero cards (its `components:` count: five cards in
    2 + 2 + 3 + 3 + 2 copies) and its player aids, one a player at most (`players: {max: 4}`), not the kinds of each."""
    import pdfplumber

    with pdfplumber.open(sheet[0]) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "In all: 12 cards · 4 player aids" in text, text


def test_the_footer_names_the_game_and_the_version_the_sheet_shows(sheet):
    """A publisher holding two sell sheets of one game tells them apart by the version game.yaml gives ("0.3" in the
    fixture), printed in the footer line under the title's name, at the page's bottom."""
    import pdfplumber

    with pdfplumber.open(sheet[0]) as pdf:
        page = pdf.pages[0]
        bottom = " ".join(page.crop((0, page.height * 0.9, page.width, page.height)).extract_text().split())
    assert "Tiny Test Game · version 0.3 · a print-and-play prototype" in bottom, bottom


def test_the_paragraph_of_play_takes_at_most_six_lines_above_the_pictures(sheet):
    """A long `play:` is the start of a pitch meeting, not the rules: the sheet gives it six lines (the rest is the rulebook's)."""
    import pdfplumber

    with pdfplumber.open(sheet[0]) as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        pictures = min(image["top"] for image in page.images)
    heading = next(w for w in words if w["text"] == "How")
    lines = {round(w["top"]) for w in words if heading["bottom"] < w["top"] < pictures and abs(w["size"] - 10.5) < 0.05}
    assert len(lines) == 6, sorted(lines)


def test_the_sell_sheets_picture_is_the_page_at_100_dpi(sheet):
    """A4 at 100 dpi: 210 × 297 mm is 826.8 × 1169.3 px (a rasteriser rounds either way), a picture for a web page or an email."""
    from PIL import Image

    with Image.open(sheet[0].with_suffix(".png")) as picture:
        w, h = picture.size
    assert abs(w - 210 / 25.4 * 100) < 1 and abs(h - 297 / 25.4 * 100) < 1, (w, h)


def test_the_sell_sheet_is_set_in_the_games_fonts_and_palette(sheet):
    import subprocess

    import numpy as np
    from PIL import Image

    fonts = subprocess.run(["pdffonts", str(sheet[0])], capture_output=True, text=True, check=True).stdout
    assert "Comfortaa" in fonts and "NotoSans" in fonts and " no " not in fonts.split("\n", 2)[2].replace("emb sub uni", "")
    band = np.asarray(Image.open(sheet[0].with_suffix(".png")).convert("RGB"))[10:40, 10:40].reshape(-1, 3)
    assert {tuple(p) for p in band} == {(0x1D, 0x24, 0x33)}


def test_a_game_yaml_without_pitch_age_or_time_is_a_warning_each_and_a_wrong_type_an_error(sheet, tmp_path):
    """Each fact a publisher asks for that game.yaml leaves out is one warning at the file, saying what to add; a
    game.yaml with every one says none (the `sheet` above); a fact of the wrong type is an error at its value."""
    assert ": warning: " not in sheet[1], sheet[1]
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output", "boards.yaml", "tokens.yaml", "rulebook*.md"))
    yaml = root / "data/tiny/game.yaml"
    text = yaml.read_text()
    solo = text.replace(PLAYERS, "players: {min: 1, max: 1}")  # and a solo game, said in the singular
    yaml.write_text(solo.replace("pitch: A deck of heroes & villains, for testing.\n", "").replace("age: 8\n", "").replace("play_time: 15\n", ""))
    result = run_pnp(root, "sellsheet", "tiny", "--paper", "a4", "--width", "500")
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert result.exit_code == 0 and len(warned) == 7 and all(line.startswith("data/tiny/game.yaml:1:1: warning: ") for line in warned), result.output
    import pdfplumber

    with pdfplumber.open(root / "output/tiny/tiny-sellsheet-a4.pdf") as pdf:
        said = " ".join(pdf.pages[0].extract_text().split())
    assert "1 player" in said and "1 players" not in said, said
    assert "quick reference 1 player aid 63.5" in said and "1 player aids" not in said, said  # one aid a player: one, in the singular
    assert sorted(line.split("add ")[1].split(" (`")[0] for line in warned) == sorted([
        "a one- or two-sentence pitch", "the youngest age it is for", "how long a game takes", "the designer's name",
        "a contact for the designer", "a genre", "a paragraph of how it plays"])
    yaml.write_text(text.replace("pitch: A deck of heroes & villains, for testing.", "pitch: [a, list]"))
    result = run_pnp(root, "sellsheet", "tiny")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and errors == ["data/tiny/game.yaml:3:8: error: pitch: expected text, got ['a', 'list']"], result.output

def test_each_edition_has_its_own_sell_sheet_in_its_words(tmp_path):
    """`--lang all`: the source's sheet and the German one beside it, named for it, listing the deck by its German name."""
    import pdfplumber
    from test_languages import DECK, GAME

    (tmp_path / "data/duo/decks").mkdir(parents=True)
    (tmp_path / "templates/duo").mkdir(parents=True)
    (tmp_path / "data/duo/game.yaml").write_text(GAME, encoding="utf-8")
    (tmp_path / "data/duo/decks/beasts.yaml").write_text(DECK, encoding="utf-8")
    (tmp_path / "templates/duo/card.j2").write_text('{{ text(card.name, 5, 5, 50, 10) }}', encoding="utf-8")
    result = run_pnp(tmp_path, "sellsheet", "duo", "--lang", "all", "--width", "400")
    assert result.exit_code == 0, result.output + result.stderr
    names = {}
    for stem in ("duo-sellsheet", "duo-sellsheet-de"):
        assert (tmp_path / f"output/duo/{stem}.png").is_file()
        with pdfplumber.open(tmp_path / f"output/duo/{stem}.pdf") as pdf:
            names[stem] = pdf.pages[0].extract_text()
    assert "Beasts" in names["duo-sellsheet"] and "Biester" in names["duo-sellsheet-de"] and "Beasts" not in names["duo-sellsheet-de"]


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    """The tiny game as a two-player duel with a subtitle, a play time said in words and an accent in its palette (a
    dark red: it reads on white as it is); its sell sheet on Letter, its decks and player aids alone."""
    root = tmp_path_factory.mktemp("duel") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output", "boards.yaml", "tokens.yaml", "rulebook*.md"))
    game = root / "data/tiny/game.yaml"
    text = game.read_text().replace(PLAYERS, "players: {min: 2, max: 2}").replace("play_time: 15", "play_time: 2–3 hours")
    game.write_text(text.replace("palette:\n", 'palette:\n  accent: "#7a1f2b"\n') + "subtitle: A duel of heroes\n", encoding="utf-8")
    result = run_pnp(root, "sellsheet", "tiny", "--width", "400")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/tiny-sellsheet.pdf"


def test_a_game_for_exactly_two_players_is_said_2_players(duel):
    import pdfplumber

    with pdfplumber.open(duel) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "2 players" in text and "2–2" not in text, text


def test_a_play_time_given_in_words_is_printed_as_written(duel):
    """`play_time: 2–3 hours` is the designer's own words: printed as they are, no unit added ('min' is for a number)."""
    import pdfplumber

    with pdfplumber.open(duel) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "2–3 hours" in text and "hours min" not in text, text


def test_the_title_band_is_in_the_palettes_accent(duel):
    """docs/showcase-and-draw.md: the band is on the palette's `accent` (here #7a1f2b, dark enough to stay as it is), not its ink."""
    import numpy as np
    from PIL import Image

    band = np.asarray(Image.open(duel.with_suffix(".png")).convert("RGB"))[10:40, 10:40].reshape(-1, 3)
    assert {tuple(p) for p in band} == {(0x7A, 0x1F, 0x2B)}


def test_the_subtitle_stands_under_the_title_in_the_band(duel):
    import pdfplumber

    with pdfplumber.open(duel) as pdf:
        words = pdf.pages[0].extract_words()
    top = {}
    for w in words:
        top.setdefault(w["text"], w["top"])  # each word where it first stands
    assert "duel" in top, [w["text"] for w in words]
    assert top["Tiny"] < top["duel"] < top["deck"], top  # under the title, above the pitch ("A deck of heroes …")


LONG_TITLE = "The Long and Winding Road of Heroes"  # 35 characters: wider than an A4 band at 40 pt, narrower at 18 pt
LONG_SUBTITLE = ("A duel of heroes and villains across a kingdom of many small towns, told in twelve cards, a board, "
                 "a bag of tokens and an evening of friends around the kitchen table")  # past the band's width at 13 pt


@pytest.fixture(scope="module")
def long_band(tmp_path_factory):
    """The tiny game with a long title and subtitle, its sell sheet on A4 at the default --width (its decks and player
    aids alone); the PDF and what the command printed."""
    root = tmp_path_factory.mktemp("long-band") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output", "boards.yaml", "tokens.yaml", "rulebook*.md"))
    game = root / "data/tiny/game.yaml"
    text = game.read_text().replace("title: Tiny Test Game", f"title: {LONG_TITLE}", 1)
    game.write_text(text + f"subtitle: {LONG_SUBTITLE}\n", encoding="utf-8")
    result = run_pnp(root, "sellsheet", "tiny", "--paper", "a4")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/tiny-sellsheet-a4.pdf", result.output


def band_lines(pdf_path) -> list[str]:
    """The lines of the sell sheet's title band (its top 104 pt), as read off the page."""
    import pdfplumber

    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        return page.crop((0, 0, page.width, 104)).extract_text().splitlines()


def test_a_long_title_is_set_smaller_to_fit_the_band_whole(long_band):
    """docs/showcase-and-draw.md: the title band holds `title:`; a title too wide at the band's size is set smaller
    (down to 18 pt) rather than cut, so all 35 characters print."""
    lines = band_lines(long_band[0])
    assert LONG_TITLE in lines, lines


def test_a_subtitle_too_long_for_the_band_ends_in_an_ellipsis(long_band):
    """A subtitle wider than the page is cut where the band ends, and the cut is shown ('…'): a publisher never reads a
    clipped sentence as the whole one."""
    line = next(line for line in band_lines(long_band[0]) if line.startswith("A duel of heroes"))
    assert line.endswith("…") and line != LONG_SUBTITLE and LONG_SUBTITLE.startswith(line[:-1].rstrip()), line


def test_the_picture_of_the_game_on_the_table_is_1400_pixels_wide_unless_asked(long_band):
    """`pnp sellsheet --help` and docs/showcase-and-draw.md: `--width` pixels wide, 1400 by default (about 190 ppi
    across the page)."""
    import pikepdf

    with pikepdf.open(long_band[0]) as pdf:
        widths = [int(image.Width) for image in (pdf.get_object(obj.objgen) for obj in pdf.objects if isinstance(obj, pikepdf.Stream))
                  if image.get("/Subtype") == "/Image"]
    assert max(widths) == 1400, widths


def test_the_sell_sheets_line_names_the_paper_it_was_set_on(long_band):
    """`pnp sellsheet --paper a4` says it wrote one A4 page (docs/showcase-and-draw.md's line: 'one letter page' on Letter)."""
    said = [line for line in long_band[1].splitlines() if line.startswith("output/")]
    assert said == ["output/tiny/tiny-sellsheet-a4.pdf and .png: the sell sheet, one a4 page"], long_band[1]
