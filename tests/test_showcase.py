"""`pnp showcase`: pictures for a game page, the same bytes every run, of the asked size, showing the faces."""
from __future__ import annotations

import io

import numpy as np
from conftest import run_pnp
from PIL import Image, ImageChops, ImageStat

TABLE = (52, 84, 66)
# the tiny game's palette (data/tiny/game.yaml): a hero's header is its side's colour, its face paper, its back ink
SIDES = {"red": (0xC0, 0x39, 0x2B), "blue": (0x2E, 0x6D, 0xA4)}
PAPER, INK = (0xFB, 0xF8, 0xF0), (0x1D, 0x24, 0x33)


def table_pixels(image: Image.Image) -> int:
    """How many pixels are the bare table colour."""
    differs = ImageChops.difference(image, Image.new("RGB", image.size, TABLE)).convert("L")
    return differs.histogram()[0]


def pictures(project, *args) -> dict[str, bytes]:
    result = run_pnp(project, "showcase", "tiny", *args)
    assert result.exit_code == 0, result.output
    folder = project / "output" / "tiny" / "showcase"
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.png"))}


def test_a_hand_a_table_and_a_contact_sheet_per_deck_the_same_bytes_twice(project):
    first = pictures(project, "--width", "480")
    assert set(first) == {"hand.png", "table.png", "heroes-contact.png"}
    again = pictures(project, "--width", "480")
    assert first == again


def test_pictures_are_the_asked_width_and_show_more_than_the_table(project):
    for name, data in pictures(project, "--width", "400").items():
        image = Image.open(io.BytesIO(data)).convert("RGB")
        assert image.width == 400, name
        if name != "heroes-contact.png":
            assert image.height == 250, name  # 16:10, a game page's picture
        assert max(ImageStat.Stat(image).var) > 500, f"{name} is nearly one colour"
        table_px = table_pixels(image)
        assert table_px < 0.9 * image.width * image.height, f"{name} shows little but the table"


def test_the_hand_holds_the_cards_asked_for(project):
    two = Image.open(io.BytesIO(pictures(project, "--width", "400", "--cards", "heroes/knight,heroes/mage")["hand.png"])).convert("RGB")
    one = Image.open(io.BytesIO(pictures(project, "--width", "400", "--cards", "heroes/knight")["hand.png"])).convert("RGB")
    covered = [im.width * im.height - table_pixels(im) for im in (one, two)]
    assert covered[1] > covered[0] * 1.3


def test_an_unknown_card_is_refused_in_one_line(project):
    result = run_pnp(project, "showcase", "tiny", "--cards", "heroes/nobody")
    assert result.exit_code == 2
    assert "heroes/nobody" in result.output and "Traceback" not in result.output


def test_a_showcased_card_has_its_rounded_corners_cut(project):
    """The tiny heroes are poker cards, which print services cut with rounded corners: the one card of a hand lies
    upright in the picture, its paper-coloured face filling its own box but for its corners, where the table (or the
    card's shadow) shows."""
    hand = Image.open(io.BytesIO(pictures(project, "--width", "800", "--cards", "heroes/knight")["hand.png"])).convert("L")
    left, top, right, bottom = hand.point(lambda v: 255 if v > 200 else 0).getbbox()  # the card's light paper
    assert right - left > 200 and bottom - top > 280, (left, top, right, bottom)
    for x, y in ((left + 1, top + 1), (right - 2, top + 1)):
        assert hand.getpixel((x, y)) < 150, f"corner at {(x, y)} is the card's paper"
    assert hand.getpixel((left + 20, top + 1)) > 200, "the card's top edge, past its corner"


SOLID = {"a": ("#e6194b", "#3cb44b"), "b": ("#ffe119", "#4363d8"), "c": ("#f58231", "#911eb4"), "d": ("#46f0f0", "#f032e6")}


def test_the_default_hand_holds_two_cards_a_deck_and_seven_at_most(project):
    """`pnp showcase` without --cards fans the first two cards of each deck, in the game's order of decks, seven at
    most: of four decks of two cards each painted its own colour (read before the heroes), the hand shows the first
    seven colours and not the eighth."""
    (project / "templates/tiny/solid.j2").write_text(
        "{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill=card.bg) }}\n", encoding="utf-8")
    for deck, (one, two) in SOLID.items():
        (project / f"data/tiny/decks/{deck}.yaml").write_text(
            f"name: {deck.upper()}\nsize: poker\nfront: tiny/solid.j2\nback: tiny/solid.j2\ncards:\n  - {{id: {deck}1, bg: '{one}'}}\n"
            f"  - {{id: {deck}2, bg: '{two}'}}\n", encoding="utf-8")
    hand = Image.open(io.BytesIO(pictures(project, "--width", "800")["hand.png"])).convert("RGB")
    counts = {rgb: n for n, rgb in hand.getcolors(hand.width * hand.height)}
    shown = [sum(n for rgb, n in counts.items() if max(abs(a - int(colour[i:i + 2], 16)) for a, i in zip(rgb, (1, 3, 5), strict=True)) <= 6)
             for pair in SOLID.values() for colour in pair]
    assert all(n > 500 for n in shown[:7]) and shown[7] == 0, shown


def test_a_deck_of_fewer_than_eight_cards_fills_its_contact_sheets_width_in_one_row(project):
    """docs/showcase-and-draw.md: a contact sheet is every card of a deck once, eight a row; the heroes' five cards
    make one row of five as wide as the picture, never five cards in eight columns' room beside bare felt: the right
    fifth of the picture shows cards, over half of it."""
    sheet = Image.open(io.BytesIO(pictures(project, "--width", "400")["heroes-contact.png"])).convert("RGB")
    right = sheet.crop((sheet.width * 4 // 5, 0, sheet.width, sheet.height))
    assert table_pixels(right) < 0.5 * right.width * right.height, (table_pixels(right), right.size)
    assert sheet.height < sheet.width / 5 * 2, sheet.size  # one row of poker cards (88.9 mm tall to 63.5 wide), not two


def test_a_face_that_fails_is_one_error_at_its_template_line_and_no_picture_is_written(project):
    """A hero's front names a colour no palette or CSS knows: `pnp showcase` says so once, at the template line, and
    writes no picture around the cards it could not draw (as no build writes its files past an error)."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% block body %}\n", '{% block body %}\n{{ rect(5, 74, 10, 6, fill="nocolour") }}\n', 1),
                    encoding="utf-8")
    result = run_pnp(project, "showcase", "tiny", "--width", "400")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert len(errors) == 1 and errors[0].startswith("templates/tiny/hero.j2:3:29: error: unknown colour 'nocolour'"), result.output
    assert not list((project / "output/tiny/showcase").glob("*.png"))


def test_the_table_spread_is_laid_on_the_largest_board(project):
    """Of two boards, each painted a colour of its own over its whole face, the table picture shows the larger (400 ×
    300 mm, whichever comes first in boards.yaml) as the table's centrepiece, and not the smaller one."""
    (project / "templates/tiny/painted.j2").write_text("{{ rect(0, 0, face.w, face.h, fill=board.paint) }}\n", encoding="utf-8")
    (project / "data/tiny/boards.yaml").write_text(
        "boards:\n"
        "  - {id: small, name: Small, size: 200 x 150, template: tiny/painted.j2, paint: '#f032e6'}\n"
        "  - {id: large, name: Large, size: 400 x 300, template: tiny/painted.j2, paint: '#bcf60c'}\n", encoding="utf-8")
    table = Image.open(io.BytesIO(pictures(project, "--width", "400")["table.png"])).convert("RGB")

    def share(colour: str) -> float:
        """The part of the picture in `colour`, within a few steps (the picture is shrunk from twice its size)."""
        rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return sum(n for n, seen in table.getcolors(table.width * table.height) if max(abs(a - b) for a, b in zip(seen, rgb, strict=True)) <= 8) / (
            table.width * table.height)

    assert share("#bcf60c") > 0.2 and share("#f032e6") == 0, (share("#bcf60c"), share("#f032e6"))


def test_each_edition_has_its_own_folder_and_the_source_keeps_its_pictures(tmp_path):
    """`--lang all` (docs: output/<game>/showcase, showcase-<lang> for another edition): the source's pictures in
    showcase/ are the bytes a run of the source alone writes, and the German edition's, showing its own words, are beside
    them in showcase-de/, each folder said in its line."""
    from test_languages import DECK, GAME

    (tmp_path / "data/duo/decks").mkdir(parents=True)
    (tmp_path / "templates/duo").mkdir(parents=True)
    (tmp_path / "data/duo/game.yaml").write_text(GAME, encoding="utf-8")
    (tmp_path / "data/duo/decks/beasts.yaml").write_text(DECK, encoding="utf-8")
    (tmp_path / "templates/duo/card.j2").write_text('{{ text(card.name, 5, 5, 50, 10) }}', encoding="utf-8")

    def folder(name: str) -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in sorted((tmp_path / "output/duo" / name).glob("*.png"))}

    assert run_pnp(tmp_path, "showcase", "duo", "--width", "200").exit_code == 0
    source = folder("showcase")
    result = run_pnp(tmp_path, "showcase", "duo", "--lang", "all", "--width", "200")
    assert result.exit_code == 0, result.output + result.stderr
    assert [line.split(":")[0] for line in result.output.splitlines()] == ["output/duo/showcase", "output/duo/showcase-de"], result.output
    german = folder("showcase-de")
    assert set(source) == set(german) == {"hand.png", "table.png", "beasts-contact.png"}
    assert folder("showcase") == source
    assert german["beasts-contact.png"] != source["beasts-contact.png"]  # Drache, Eule: the German names


def near(image: Image.Image, rgb: tuple[int, int, int], steps: int = 8) -> np.ndarray:
    """Where the picture is `rgb`, within a few steps (it is shrunk from twice its size): a boolean array, rows by columns."""
    return (np.abs(np.asarray(image.convert("RGB"), dtype=int) - rgb).max(axis=2) <= steps)


def test_the_hand_fans_the_cards_in_the_order_asked_the_first_at_the_left(project):
    """docs/showcase-and-draw.md: `--cards` sets which cards the hand holds, in that order. Asked for the Rogue (a blue
    hero) before the Knight (a red one), the hand shows the blue header left of the red one, though the Knight comes
    first in the deck and in the alphabet."""
    hand = Image.open(io.BytesIO(pictures(project, "--width", "400", "--cards", "heroes/rogue,heroes/knight")["hand.png"]))
    middles = {side: np.nonzero(near(hand, rgb))[1].mean() for side, rgb in SIDES.items()}  # each header's mean column
    assert middles["blue"] < middles["red"], middles


def test_a_contact_sheet_shows_the_deck_in_its_order(project):
    """The heroes' five cards, in the order of decks/heroes.yaml: Knight and AT&T Agent red, Rogue and Mage blue
    (`side: blue`), Twin red again; each fifth of the contact sheet (one row of five) shows its card's header colour."""
    sheet = Image.open(io.BytesIO(pictures(project, "--width", "500")["heroes-contact.png"]))
    fifths = [[side for side, rgb in SIDES.items() if near(sheet.crop((k * 100, 0, (k + 1) * 100, sheet.height)), rgb).sum() > 200]
              for k in range(5)]
    assert fifths == [["red"], ["red"], ["blue"], ["blue"], ["red"]], fifths


def test_the_pictures_show_the_cards_fronts_not_their_backs(project):
    """A hero's back is the ink colour over all but a 3 mm rim (templates/tiny/back.j2), its front the paper colour
    under a coloured header: the hand and the contact sheet are mostly paper, their backs' ink next to nowhere."""
    made = pictures(project, "--width", "400")
    for name in ("hand.png", "heroes-contact.png"):
        image = Image.open(io.BytesIO(made[name]))
        cards = ~near(image, TABLE, 24)  # what is not the felt (nor a shadow on it)
        paper, ink = near(image, PAPER)[cards].mean(), near(image, INK)[cards].mean()
        assert paper > 0.4 and ink < 0.1, (name, paper, ink)


def test_the_width_of_a_picture_is_1600_pixels_unless_asked(tmp_path):
    """docs/showcase-and-draw.md: `--width PX` (default 1600) sets how wide each picture is; the command's help says
    the same default (a run at 1600 px draws the cards at four times the pixels of the other tests' runs)."""
    result = run_pnp(tmp_path, "showcase", "--help")
    assert result.exit_code == 0, result.output
    assert "Width of each picture in pixels. [default: 1600;" in " ".join(result.output.split()), result.output


def test_a_showcased_hexagon_token_keeps_the_corners_it_is_printed_with(project):
    """The tiny game's pawns are hexagons 16 mm corner to corner, their corners left and right (tokens.yaml; a flat-top
    hexagon's flat sides lie 16 × cos 30° = 13.86 mm apart, 1.07 mm inside its box's top and bottom). The showcase cuts
    such a token as it prints: at 10 px a mm its left and right corners show, the box's top middle above the flat side
    is cut away, and the face just below that side shows."""
    from pnp.cli.common import open_project, read_games
    from pnp.core.errors import Report
    from pnp.targets.components import collect
    from pnp.targets.showcase import Piece, face_image

    loaded, engine = read_games(open_project(project), ["tiny"], Report())
    gctx = engine.for_game(loaded[0])
    pawns = next(c for c in collect(gctx, 0.0, []) if c.id == "pawns")
    alpha = face_image(gctx, Piece(pawns, pawns.items[0]), 10.0).getchannel("A")
    assert alpha.size == (160, 160)
    assert alpha.getpixel((1, 80)) > 200 and alpha.getpixel((158, 80)) > 200, "a corner cut away"
    assert alpha.getpixel((80, 4)) < 50 and alpha.getpixel((80, 155)) < 50, "the box above or below a flat side shown"
    assert alpha.getpixel((80, 16)) > 200 and alpha.getpixel((80, 143)) > 200, "the face below the flat top cut away"


def test_out_writes_the_pictures_into_the_folder_given_and_none_under_output(project, tmp_path):
    """docs/showcase-and-draw.md: `--out FOLDER` writes the pictures somewhere else: all three there (the hand, the table
    and the heroes' contact sheet), the line naming that folder, and no showcase folder under output/."""
    page = tmp_path / "game-page"
    result = run_pnp(project, "showcase", "tiny", "--width", "200", "--out", str(page))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in page.iterdir()) == ["hand.png", "heroes-contact.png", "table.png"]
    assert not (project / "output/tiny/showcase").exists()
    assert "3 pictures 200 px wide (hand.png, table.png, heroes-contact.png)" in result.output, result.output


def test_a_deck_of_more_than_eight_cards_shows_eight_a_row_on_its_contact_sheet(project):
    """docs/showcase-and-draw.md: a contact sheet shows every card of a deck once, eight cards a row. The heroes with
    five more cards (ten different) make a first row of eight headers side by side and a second of two."""
    deck = project / "data/tiny/decks/heroes.yaml"
    more = "".join(f'  - {{id: squire{n}, name: "Squire {n}", stars: 1, number: {5 + n}, text: "Plain."}}\n' for n in range(1, 6))
    deck.write_text(deck.read_text(encoding="utf-8").rstrip("\n") + "\n" + more, encoding="utf-8")
    game = project / "data/tiny/game.yaml"  # the count its rules state: five more red heroes
    game.write_text(game.read_text(encoding="utf-8").replace("count: 12", "count: 17").replace("{red: 6, blue: 6}", "{red: 11, blue: 6}"), encoding="utf-8")
    sheet = Image.open(io.BytesIO(pictures(project, "--width", "480")["heroes-contact.png"]))
    header = near(sheet, SIDES["red"]) | near(sheet, SIDES["blue"])
    half = header.shape[0] // 2

    def cards_across(rows: np.ndarray) -> int:
        """How many headers stand side by side: runs of columns holding a header's colour (a name's letters leave no gap)."""
        columns = rows.any(axis=0)
        return int((columns[1:] & ~columns[:-1]).sum() + columns[0])

    assert (cards_across(header[:half]), cards_across(header[half:])) == (8, 2)
