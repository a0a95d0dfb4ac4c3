"""What `pnp export --format png` promises a print service and the designer who exported before: every copy and side
its own file, numbered from 1, listed in manifest.csv fronts first (the order the services' upload pages take), no
cell a spreadsheet would run as a formula, a rounded deck's cut as a mask beside its images; and, each time, what the
export changed since the last one of its target (pnp.targets.staging). The tiny game's heroes: 12 cards of 5 kinds."""
from __future__ import annotations

import csv
import io
from pathlib import Path

from conftest import run_pnp

DECK = "data/tiny/decks/heroes.yaml"
KNIGHT = '{id: knight, name: "<Knight>", stars: 3, number: 1, text: "Draw **two** cards & gain :star:.", count: 2}'


def _export(project: Path):
    result = run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes")
    assert result.exit_code == 0, result.output
    return result.output


def _edit(project: Path, old: str, new: str) -> None:
    path = project / DECK
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def _manifest(project: Path) -> list[dict]:
    return list(csv.DictReader(io.StringIO((project / "output/tiny/png/manifest.csv").read_text(encoding="utf-8"))))


def test_the_manifest_lists_every_front_then_every_back_each_copy_numbered_from_one(project):
    _export(project)
    rows = _manifest(project)
    assert [r["side"] for r in rows] == ["front"] * 12 + ["back"] * 12  # 12 cards: their fronts, then their backs
    knights = [(r["file"], r["copy"]) for r in rows if r["item"] == "knight"]
    assert knights == [("cards/heroes/heroes-knight-1-front.png", "1"), ("cards/heroes/heroes-knight-2-front.png", "2"),
                       ("cards/heroes/heroes-knight-1-back.png", "1"), ("cards/heroes/heroes-knight-2-back.png", "2")]
    folder = project / "output/tiny/png"
    assert all((folder / r["file"]).is_file() for r in rows)



def test_the_whole_games_manifest_names_every_image_at_its_own_size_and_skips_no_back_it_prints(project):
    """The whole tiny game at 100 dpi, its heroes with no deck back (the two Twins keep their own): manifest.csv names
    the images of every deck, board, token set and the player aids, each row the size of its file in pixels and its
    piece's trim in mm (a board's from boards.yaml, 380 x 300), at the dpi asked; the heroes' backs are the Twins' two,
    though the ten cards before them print none."""
    from PIL import Image

    deck = project / DECK
    deck.write_text("".join(line for line in deck.read_text(encoding="utf-8").splitlines(keepends=True) if not line.startswith("back:")),
                    encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "100")
    assert result.exit_code == 0, result.output + result.stderr
    rows = _manifest(project)
    assert {r["component"] for r in rows} == {"cards", "boards", "tokens", "player-aids"}
    for row in rows:
        with Image.open(project / "output/tiny/png" / row["file"]) as image:
            assert image.size == (int(row["width_px"]), int(row["height_px"])) and row["dpi"] == "100", row
    assert "boards/town: 1 board, " in result.output and "cards/heroes: 12 cards, " in result.output, result.output  # a board by its own name
    town = [r for r in rows if r["component"] == "boards" and r["id"] == "town"]
    assert town and all(r["trim_mm"] == "380 x 300" and int(r["width_px"]) > int(r["height_px"]) for r in town)
    assert [r["item"] for r in rows if r["id"] == "heroes" and r["side"] == "back"] == ["twin", "twin"]

def test_a_card_named_like_a_formula_is_text_in_the_manifest(project):
    """OWASP's advice against CSV injection: a cell starting with = + - @ gets a leading single quote."""
    _edit(project, 'name: "<Knight>"', 'name: "=HYPERLINK(1)"')
    _export(project)
    assert {r["name"] for r in _manifest(project) if r["item"] == "knight"} == {"'=HYPERLINK(1)"}


def test_each_export_says_what_it_changed_since_the_last_one(project):
    assert "first export of this target" in _export(project)
    assert "nothing changed since the last export" in _export(project)
    _edit(project, KNIGHT, KNIGHT.replace("count: 2", "count: 1"))  # the knight's second copy is no longer printed ...
    _edit(project, "Swap *one* card with a [blue]blue[/] player.\", count: 2", "Swap *one* card with a [blue]blue[/] player.\", count: 3")
    said = _export(project)  # ... and the agent has a third (the game's stated count of red cards holds)
    assert "since the last export: 2 added (cards/heroes/heroes-att-3-back.png, cards/heroes/heroes-att-3-front.png); " \
           "1 changed (manifest.csv); 2 removed (cards/heroes/heroes-knight-2-back.png, cards/heroes/heroes-knight-2-front.png)" in said, said
    assert not (project / "output/tiny/png/cards/heroes/heroes-knight-2-front.png").exists()
    leftovers = [p.name for p in (project / "output/tiny").iterdir() if p.name.startswith(".png")]
    assert not leftovers, leftovers  # the export's folder replaced whole: neither the old one nor a staging folder is left beside it



def test_a_change_line_names_six_files_of_a_kind_then_counts_the_rest(project):
    """docs/exports.md: up to six names of each kind, then how many more. A new back for the deck changes the back of
    each of the 10 copies that share it (the twins' two print their own), in name order."""
    _export(project)
    (project / "templates/tiny/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#203040") }}\n', encoding="utf-8")
    said = _export(project)
    shown = ", ".join(f"cards/heroes/heroes-{card}-back.png" for card in ("att-1", "att-2", "knight-1", "knight-2", "mage-1", "mage-2"))
    assert f"since the last export: 10 changed ({shown} and 4 more)" in said, said


def test_a_change_line_of_exactly_six_files_of_a_kind_names_them_all_and_counts_no_more(project):
    """docs/exports.md: up to six names of each kind, then how many more; six are all named, with no 'and 0 more'.
    Three more knights add three fronts and three backs."""
    export = ("export", "tiny", "--format", "png", "--deck", "heroes", "--no-validate")  # the game's stated 12 cards become 15
    assert run_pnp(project, *export).exit_code == 0
    _edit(project, KNIGHT, KNIGHT.replace("count: 2", "count: 5"))
    result = run_pnp(project, *export)
    assert result.exit_code == 0, result.output
    shown = ", ".join(f"cards/heroes/heroes-knight-{n}-{side}.png" for n in (3, 4, 5) for side in ("back", "front"))
    assert f"since the last export: 6 added ({shown}); 1 changed (manifest.csv)" in result.output, result.output


def test_a_table_files_change_line_says_which_of_its_members_came_and_which_left(project):
    """A .pcio file is a zip of the table's widgets and a picture per face, each named by its bytes: with the mage's
    cards gone, the line counts the members the new zip has that the old lacks as added and those it lost as removed,
    the mage's front among them, as a zip reader lists them."""
    import zipfile

    def export() -> tuple[str, set[str]]:
        result = run_pnp(project, "export", "tiny", "--format", "pcio", "--no-validate")  # the stated count of blue cards no longer holds
        assert result.exit_code == 0, result.output
        with zipfile.ZipFile(project / "output/tiny/pcio/tiny.pcio") as table:
            return result.output, set(table.namelist())

    _, before = export()
    path = project / DECK
    path.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True) if "id: mage," not in line), encoding="utf-8")
    said, after = export()
    came, left = after - before, before - after
    assert any(name.startswith("userassets/heroes-mage-front-") for name in left) and len(came) < len(left), (came, left)
    assert f"since the last export: 1 changed (tiny.pcio: {len(came)} added, 1 changed, {len(left)} removed inside)" in said, said


def test_a_rounded_deck_gets_its_cut_as_a_mask_white_inside_its_corners(project):
    from PIL import Image

    _edit(project, "size: poker\n", "size: poker\ncorner_radius: 3\n")
    said = _export(project)
    assert "cards/heroes/heroes-cut-mask.png: the rounded cut of every image of Heroes, white inside" in said, said
    with Image.open(project / "output/tiny/png/cards/heroes/heroes-cut-mask.png") as mask:
        grey = mask.convert("L")
        assert grey.size == (825, 1125)  # the images' own size: 63.5 × 88.9 mm and 1/8 in bleed a side at 300 dpi
        assert tuple(round(d) for d in mask.info["dpi"]) == (300, 300)  # and their dpi, so a service lays it over them
        assert grey.getpixel((412, 562)) == 255  # the middle is kept
        # the trim's corner (1/8 in = 37.5 px in) is cut off by a 3 mm radius: nothing kept there
        assert grey.getpixel((38, 38)) == 0 and grey.getpixel((786, 1086)) == 0


def test_format_pngs_images_are_the_game_crafters_own_pixels_at_its_bleed_and_dpi(project):
    """One writer: `--format png --bleed 1/8in` at 300 dpi asks for The Game Crafter's numbers, so each of its images
    is the very image The Game Crafter's export makes of that face (a copy's front its card's front, each copy's back
    the deck's shared back or the card's own), pixel for pixel."""
    from PIL import Image, ImageChops

    for target in (("--format", "png", "--bleed", "1/8in", "--dpi", "300"), ("--vendor", "thegamecrafter")):
        result = run_pnp(project, "export", "tiny", *target, "--deck", "heroes")
        assert result.exit_code == 0, result.output + result.stderr
    png, shop = project / "output/tiny/png/cards/heroes", project / "output/tiny/vendor-thegamecrafter/cards/heroes"
    same = {"heroes-knight.png": ["heroes-knight-1-front.png", "heroes-knight-2-front.png"], "heroes-mage.png": ["heroes-mage-3-front.png"],
            "back.png": ["heroes-knight-1-back.png", "heroes-mage-2-back.png"], "heroes-twin-back.png": ["heroes-twin-2-back.png"],
            "heroes-twin.png": ["heroes-twin-1-front.png"]}
    for theirs, ours in same.items():
        with Image.open(shop / theirs) as image:
            want = image.convert("RGB")
        for name in ours:
            with Image.open(png / name) as image:
                got = image.convert("RGB")
            assert got.size == want.size == (825, 1125) and ImageChops.difference(got, want).getbbox() is None, (theirs, name)



def test_format_pngs_images_are_at_the_dpi_asked_and_say_it(project):
    """`--dpi 200` with the 1/8 in bleed: a poker card (2.5 × 3.5 in) and its bleed is 2.75 × 3.75 in, so 550 × 750 px,
    and each image carries 200 dpi for the service that reads it, every copy's front and back alike."""
    assert _heroes_pngs(project, "1/8in", "200") == {((550, 750), (200, 200))}


def _heroes_pngs(project, bleed: str, dpi: str) -> set[tuple]:
    """Each (size, dpi) the heroes' 24 images (every copy's front and back) have, exported as pngs at `bleed` and `dpi`."""
    from PIL import Image

    result = run_pnp(project, "export", "tiny", "--format", "png", "--bleed", bleed, "--dpi", dpi, "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    files = sorted((project / "output/tiny/png/cards/heroes").glob("*.png"))
    assert len(files) == 24
    found = set()
    for path in files:
        with Image.open(path) as image:
            found.add((image.size, tuple(round(v) for v in image.info["dpi"])))
    return found


def test_format_pngs_3mm_bleed_is_makeplayingcards_36_pixels(project):
    """`--bleed 3mm` is the bleed MakePlayingCards names so: 36 px a side at 300 dpi, so its poker card's image is
    822 × 1122 px (its upload page's size), every copy's front and back alike."""
    assert {size for size, _ in _heroes_pngs(project, "3mm", "300")} == {(822, 1122)}


def test_a_deck_with_no_back_is_sent_to_the_game_crafter_as_its_fronts_alone(project):
    """The heroes with no deck back and the Twins without their own: The Game Crafter gets a PNG per distinct front and
    no back image, and quantities.csv pairs each front with no back, its copies beside it (2 + 2 + 3 + 3 + 2)."""
    deck = project / DECK
    text = "".join(line for line in deck.read_text(encoding="utf-8").splitlines(keepends=True) if not line.startswith("back:"))
    deck.write_text(text.replace(", back: tiny/twin-back.j2", ""), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--vendor", "thegamecrafter", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    folder = project / "output/tiny/vendor-thegamecrafter/cards/heroes"
    assert sorted(p.name for p in folder.glob("*.png")) == [f"heroes-{card}.png" for card in ("att", "knight", "mage", "rogue", "twin")]
    rows = list(csv.DictReader(io.StringIO((folder / "quantities.csv").read_text(encoding="utf-8"))))
    assert [(r["front"], r["back"], r["quantity"]) for r in rows] == [
        ("heroes-knight.png", "", "2"), ("heroes-att.png", "", "2"), ("heroes-rogue.png", "", "3"), ("heroes-mage.png", "", "3"),
        ("heroes-twin.png", "", "2")]

def test_an_image_too_large_for_a_print_service_is_one_error_at_its_boards_line_and_nothing_is_written(project):
    """A board of 2 × 1.5 m (pnp takes up to 2 m a side) at 120 dpi is 2006.35 × 1506.35 mm with its 1/8 in bleed,
    9479 × 7117 px: 67 million pixels, past the 60 million an export makes of one image. The export says so once, at
    the line that declares the board, its width before its height, asking for a lower --dpi, and leaves no folder."""
    boards = project / "data/tiny/boards.yaml"
    text = boards.read_text(encoding="utf-8")
    line = text.splitlines().index("  - id: town") + 1
    boards.write_text(text.replace("size: 380 x 300", "size: 2000 x 1500", 1), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "120")
    said = [x for x in result.output.splitlines() if "error:" in x]  # (click shows stderr within its output)
    assert result.exit_code == 1 and len(said) == 1, said
    assert said[0].startswith(f"data/tiny/boards.yaml:{line}:") and "9479 × 7117 px at 120 dpi" in said[0] and "lower --dpi" in said[0], said
    assert not (project / "output/tiny/png").exists()


def test_a_failed_export_leaves_the_last_export_as_it_was_and_nothing_beside_it(project):
    """docs/exports.md: an export replaces its folder whole or not at all. A coin drawn in a colour no palette or CSS
    knows fails the export after its cards were written (tokens come after them): the last export's files stay, byte
    for byte, and no half-written folder is left beside them."""
    out = project / "output/tiny"
    assert run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes", "--dpi", "72").exit_code == 0
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    coin = project / "templates/tiny/token-coin.j2"
    coin.write_text(coin.read_text(encoding="utf-8") + '{{ rect(1, 1, 2, 2, fill="nocolour") }}\n', encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "72", "--no-validate")
    assert result.exit_code == 1 and "error: unknown colour 'nocolour'" in result.output, result.output
    assert sorted(p.name for p in out.iterdir()) == ["png"]
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_an_exports_first_line_under_its_folder_is_what_it_changed(project):
    """docs/exports.md: each target's first line says what changed since that target's last export. Under the png
    folder's line, before the deck's note, the first export says it is the first, and the next one that nothing changed."""
    for first in ("  first export of this target", "  nothing changed since the last export"):
        result = run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes", "--dpi", "72", "--no-validate")
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        folder = next(i for i, line in enumerate(lines) if line.startswith("output/tiny/png/: "))
        assert lines[folder + 1] == first, lines
        assert lines[folder + 2].startswith("  cards/heroes: 12 cards, "), lines


def test_the_manifest_says_each_cards_own_count_as_its_copies(project):
    """manifest.csv's `copies` is how many of that card print (data/tiny/decks/heroes.yaml: 2 knights, 3 rogues, 3 mages,
    2 agents, 2 twins), not the deck's 12, on every row of the card, front and back."""
    _export(project)
    copies = {(r["item"], r["side"], r["copies"]) for r in _manifest(project)}
    counts = {"knight": "2", "att": "2", "rogue": "3", "mage": "3", "twin": "2"}
    assert copies == {(item, side, n) for item, n in counts.items() for side in ("front", "back")}, copies


def test_every_image_of_the_whole_games_png_folder_is_one_the_manifest_lists(project):
    """The tiny game has no deck cut to a shape (its coins are round, its pawns hexagonal, but a cut mask is a shaped
    deck's alone): every .png the png export leaves, cards, boards, tokens and player aids, is a file manifest.csv names,
    and every file it names is there."""
    result = run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "72", "--no-validate")
    assert result.exit_code == 0, result.output
    folder = project / "output/tiny/png"
    on_disk = {p.relative_to(folder).as_posix() for p in folder.rglob("*.png")}
    assert on_disk == {r["file"] for r in _manifest(project)}, sorted(on_disk - {r["file"] for r in _manifest(project)})
