"""Every component to every target (issue 25): print-service PNGs with a manifest, Tabletop Simulator, print-on-demand PDFs.

Expected counts and sizes come from the game data and the services' templates
(300 dpi, 1/8 in bleed: poker 825 × 1125 px, tarot 900 × 1500, mini 600 × 825),
never from the exporter.
"""
from __future__ import annotations

import csv
import itertools
import json
from pathlib import Path

import numpy as np
import pytest
import streams
import yaml
from conftest import EXPORT_BASE_URL, EXPORT_DPI, MM, ROOT, add_crowd_deck, build_log, most_images_alive, pdf_fonts, run_pnp
from PIL import Image
from pypdf import PdfReader

GAMES = ["germ-tycoon", "narco-empire", "organ-match", "organ-trail", "police-precinct"]
BASE = EXPORT_BASE_URL
BLEED_IN = 0.125
# The Game Crafter's upload sizes at 300 dpi with 1/8 in bleed (PRINTING.md)
SERVICE_PX = {"poker": (825, 1125), "mini": (600, 825), "tarot": (900, 1500)}
# ... and at the shared export's 72 dpi: the same inches, 72/300 of the pixels (each a whole number)
SERVICE_PX_AT = {size: (w * EXPORT_DPI // 300, h * EXPORT_DPI // 300) for size, (w, h) in SERVICE_PX.items()}
assert all(w * EXPORT_DPI % 300 == h * EXPORT_DPI % 300 == 0 for w, h in SERVICE_PX.values())


def _ok(result):
    assert result.exit_code == 0, result.output + (result.stderr if result.stderr_bytes else "")
    return result


def _yaml(path: Path):
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) if path.is_file() else None


def _sheet_rows(path: Path) -> list[dict]:
    """The rows of a CSV deck, read with the standard library (one row, one card)."""
    import csv

    with path.open(encoding="utf-8-sig", newline="") as f:
        return [row for row in csv.DictReader(f) if any(v.strip() for v in row.values())]


def _px(mm: float, dpi: int = 300) -> int:
    """mm plus 1/8 in bleed each side, at `dpi`."""
    return round((mm / 25.4 + 2 * BLEED_IN) * dpi)


def _generated(block: dict) -> list[dict]:
    """The cards a deck's `generate:` block stands for, worked out here from its lists (docs/editions.md), not by pnp."""
    combos = [dict(zip(block["values"], values, strict=True)) for values in itertools.product(*block["values"].values())]
    kept = [c for c in combos if not any(all(c.get(k) == v for k, v in rule.items()) for rule in block.get("except", []))]
    return [{**c, "count": block.get("copies", 1)} for c in kept]


def _expected(root: Path, game: str) -> dict:
    """What the data says the game holds: copies per deck, boards and sizes, token copies and sides, player-aid sets."""
    data = root / "data" / game
    game_yaml = _yaml(data / "game.yaml")
    decks = {}
    for path in sorted((data / "decks").glob("*.yaml")):
        deck = _yaml(path)
        cards = deck["cards"] if "cards" in deck else _generated(deck["generate"]) if "generate" in deck else _sheet_rows(path.parent / deck["cards_from"])
        decks[path.stem] = {"size": deck["size"], "copies": sum(int(c.get("count") or 1) for c in cards),
                            "back": bool(deck.get("back")) or all(c.get("back") for c in cards)}
    boards = {b["id"]: tuple(float(v) for v in str(b["size"]).split("x")) for b in (_yaml(data / "boards.yaml") or {"boards": []})["boards"]}
    tokens = {}
    for t in (_yaml(data / "tokens.yaml") or {"tokens": []})["tokens"]:
        per_colour = sum(i.get("count", 1) for i in t["items"]) if t.get("items") else t.get("count", 1)
        tokens[t["id"]] = {"copies": per_colour * max(1, len(t.get("colors") or [])), "two_sided": bool(t.get("back")) and not t.get("standee"),
                           "standee": bool(t.get("standee")), "shape": t["shape"], "name": t["name"]}
    ref = _yaml(data / "reference.yaml")
    aid_sets = None
    if ref is not None:
        copies = ref.get("copies", 1)
        aid_sets = game_yaml["players"]["max"] if copies == "players.max" else copies
    dice = (_yaml(data / "dice.yaml") or {"dice": []})["dice"]
    d6 = sum(d.get("count", 1) for d in dice if d["shape"] == "d6")  # TTS custom dice
    setup = game_yaml.get("setup") or {}
    return {"decks": decks, "boards": boards, "tokens": tokens, "aid_sets": aid_sets, "d6": d6, "dice": sum(d.get("count", 1) for d in dice),
            "setup": bool(setup.get("deal") or setup.get("face_up"))}


def _urls(node):
    """Every non-empty value of a key ending in URL, anywhere in a TTS save."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key.endswith("URL") and isinstance(value, str) and value:
                yield value
            else:
                yield from _urls(value)
    elif isinstance(node, list):
        for value in node:
            yield from _urls(value)


# Every shipped game, every target ----------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_each_shipped_game_exports_every_component_to_every_target(game, shipped_export):
    """One export per game (--format all, PNGs at 72 dpi: conftest.shipped_export, shared with the dice and ink tests):
    each target's checks below read its folder. Every game stays: each alone ships something the others do not (dice,
    a standee, generated and spreadsheet decks, mini and tarot cards, a tiled board)."""
    out = shipped_export(game)
    want = _expected(ROOT, game)
    _png_has_every_component_in_the_manifest_and_on_disk_at_the_services_sizes(out / game / "png", want)
    _tts_save_holds_the_whole_game_with_names_and_hosted_urls(out / game / "tts", game, want)
    _pod_boards_and_tokens_pass_the_print_preflight(out / game / "pod", game, want)
    _the_export_ends_with_what_to_do_one_line_per_target(build_log(out), game)


def _png_has_every_component_in_the_manifest_and_on_disk_at_the_services_sizes(folder: Path, want: dict) -> None:
    rows = list(csv.DictReader((folder / "manifest.csv").open(encoding="utf-8")))
    for row in rows:
        with Image.open(folder / row["file"]) as img:
            assert img.size == (int(row["width_px"]), int(row["height_px"])) and img.mode == "RGB", row["file"]
    on_disk = {p.relative_to(folder).as_posix() for p in folder.rglob("*.png")}
    assert on_disk == {r["file"] for r in rows}
    by = lambda kind, cid: [r for r in rows if r["component"] == kind and r["id"] == cid]  # noqa: E731
    for deck, info in want["decks"].items():
        deck_rows = by("cards", deck)
        fronts = [r for r in deck_rows if r["side"] == "front"]
        assert len(fronts) == info["copies"], deck
        if info["back"]:
            assert len(deck_rows) == 2 * info["copies"], deck
        if info["size"] in SERVICE_PX_AT:
            assert {(int(r["width_px"]), int(r["height_px"])) for r in deck_rows} == {SERVICE_PX_AT[info["size"]]}, deck
    for board, (w, h) in want["boards"].items():
        (row,) = by("boards", board)
        assert (int(row["width_px"]), int(row["height_px"])) == (_px(w, EXPORT_DPI), _px(h, EXPORT_DPI)), board
    for token, info in want["tokens"].items():
        token_rows = by("tokens", token)
        assert len(token_rows) == info["copies"] * (2 if info["two_sided"] else 1), token
    if want["aid_sets"]:
        aid_rows = by("player-aids", "player-aids")
        assert aid_rows and all(int(r["copies"]) == want["aid_sets"] for r in aid_rows)
    kinds = [r["component"] for r in rows]
    assert kinds == sorted(kinds, key=["cards", "boards", "tokens", "player-aids"].index)  # cards first, then boards, tokens, aids


def _tts_save_holds_the_whole_game_with_names_and_hosted_urls(folder: Path, game: str, want: dict) -> None:
    save = json.loads((folder / f"{game}-tts-save.json").read_text(encoding="utf-8"))
    objects = [o for o in save["ObjectStates"] if o["Name"] != "HandTrigger"]  # the seats' hand zones: tests/test_tts_save.py
    names = [o["Name"] for o in objects]
    assert names.count("Custom_Board") == len(want["boards"])
    assert names.count("DeckCustom") + names.count("CardCustom") == len(want["decks"]) + (1 if want["aid_sets"] else 0)
    assert names.count("Custom_Dice") == want["d6"]
    assert names.count("Custom_Model") == want["dice"] - want["d6"]  # every other die: a model of type Dice
    assert names.count("BlockSquare") == (1 if want["setup"] else 0)  # the setup button (pnp.targets.tts_setup)
    assert len(objects) == len(want["decks"]) + len(want["boards"]) + len(want["tokens"]) + (1 if want["aid_sets"] else 0) + want["dice"] + want["setup"]
    for obj in objects:
        assert obj["Nickname"]
        if obj["Name"] == "DeckCustom":
            # every card carries what it says: no card is named by its bare id
            for card in obj["ContainedObjects"]:
                assert (card["Nickname"] and " " in card["Nickname"]) or not card["Nickname"].islower() or "·" in card["Nickname"], card["Nickname"]
            assert len(obj["DeckIDs"]) == len(obj["ContainedObjects"])
    for deck, info in want["decks"].items():
        deck_obj = next(o for o in objects if o["Nickname"].endswith(":" + " " + json.loads((folder / f"{deck}.json").read_text())["pnp"]["name"]))
        held = len(deck_obj.get("ContainedObjects") or [deck_obj])
        assert held == info["copies"], deck
    for token, info in want["tokens"].items():
        held = [o for o in objects if o["Name"] == "Bag" and o["Nickname"] == info["name"]]
        pieces = held[0]["ContainedObjects"] if held else [o for o in objects if o["Nickname"].startswith(info["name"])]
        assert len(pieces) == info["copies"], token
        kinds = {p["Name"] for p in pieces}
        assert kinds == ({"Figurine_Custom"} if info["standee"] else {"Custom_Tile"} if info["two_sided"] else {"Custom_Token"}), token
    urls = list(_urls(save))
    assert urls and all(u.startswith(f"{BASE}/{game}/") for u in urls)
    for u in urls:
        assert (folder / u[len(f"{BASE}/{game}/"):]).is_file(), u
    for sheet in folder.glob("*.png"):
        with Image.open(sheet) as img:
            assert max(img.size) < 4096 and img.mode == "RGB"
    board_files = {o["Nickname"]: folder / o["CustomImage"]["ImageURL"][len(f"{BASE}/{game}/"):] for o in objects if o["Name"] == "Custom_Board"}
    names_of = {b["id"]: b["name"] for b in (_yaml(ROOT / "data" / game / "boards.yaml") or {"boards": []})["boards"]}
    for board in want["boards"]:
        with Image.open(board_files[names_of[board]]) as img:
            assert max(img.size) < 4096
            w, h = want["boards"][board]
            assert img.width / img.height == pytest.approx(w / h, rel=0.002)  # the board's proportions, not stretched


def _pod_boards_and_tokens_pass_the_print_preflight(folder: Path, game: str, want: dict) -> None:
    bleed = BLEED_IN * 72
    # a board's file is <game>-boards-<id>.pdf, or <game>-board.pdf for a board whose id is `board` (Narco Empire's)
    files = [(f"{game}-board.pdf" if b == "board" else f"{game}-boards-{b}.pdf", size, 1) for b, size in want["boards"].items()]
    files += [(f"{game}-tokens-{t}.pdf", None, info["copies"] * (2 if info["two_sided"] else 1)) for t, info in want["tokens"].items()]
    for name, size, pages in files:
        reader, drawn = PdfReader(folder / name), streams.Document(folder / name)
        assert len(reader.pages) == pages, name
        for index, page in enumerate(reader.pages[:3]):
            media = [float(v) for v in page.mediabox]
            if size is not None:
                assert media[2:] == pytest.approx([size[0] * MM + 2 * bleed, size[1] * MM + 2 * bleed], abs=0.02), name
            assert [float(v) for v in page["/TrimBox"]] == pytest.approx([bleed, bleed, media[2] - bleed, media[3] - bleed], abs=0.01), name
            ops = {op for _, op in streams.throughout(drawn.page(index))}  # the page's operators and its forms
            assert not ops & {b"rg", b"RG", b"sc", b"scn"}, name  # CMYK only
        assert all(pdf_fonts(reader).values()), name
        assert reader.trailer["/Info"]["/GTS_PDFXVersion"] == "PDF/X-1a:2003"


def _the_export_ends_with_what_to_do_one_line_per_target(output: str, game: str) -> None:
    tail = output.split("What to do with it:\n", 1)[1].strip().splitlines()
    assert [line.split("→ ")[1].split(":")[0] for line in tail] == ["png", "tts", "pod", "pcio", "vtt", "sprites"]
    assert f"{BASE}/{game}" in tail[1]



def test_tts_images_use_the_dpi_asked_and_stay_under_4096_px(shipped_export):
    """`--dpi` bounds Tabletop Simulator's images as it sets the print-service PNGs (the shared export asks 72): a
    poker card of 2.5 × 3.5 in is a 180 × 252 px cell where the sheet has room, no cell or image is finer than asked,
    and every sheet stays under TTS's 4096 px a side."""
    folder = shipped_export("organ-match") / "organ-match" / "tts"
    patients = json.loads((folder / "patients.json").read_text(encoding="utf-8"))["pnp"]
    assert patients["card_mm"] == [63.5, 88.9] and patients["cell_px"] == [180, 252]
    for summary in (json.loads(p.read_text(encoding="utf-8"))["pnp"] for p in folder.glob("*.json") if p.name != "organ-match-tts-save.json"):
        w_mm, h_mm = summary["card_mm"]
        cw, ch = summary["cell_px"]
        assert cw <= w_mm / 25.4 * EXPORT_DPI + 1e-6 and ch <= h_mm / 25.4 * EXPORT_DPI + 1e-6, summary["deck"]
        for sheet in summary["sheets"]:
            with Image.open(folder / sheet["file"]) as img:
                assert img.size == (sheet["columns"] * cw, sheet["rows"] * ch) and max(img.size) < 4096, sheet["file"]
    for board in (folder / "boards").glob("*.png"):
        with Image.open(board) as img:
            assert max(img.size) < 4096
    assert "(72 dpi)" in build_log(shipped_export("organ-match"))

# The tiny game: details of each target ---------------------------------------------------------

def test_tts_without_a_base_url_points_at_local_files_and_says_so(tiny_export):
    project = tiny_export("tts")
    folder = project / "output/tiny/tts"
    urls = list(_urls(json.loads((folder / "tiny-tts-save.json").read_text())))
    assert urls and all(u.startswith("file://") for u in urls)
    assert "this machine only" in build_log(project)


def test_a_base_url_must_be_a_web_address(project):
    result = run_pnp(project, "export", "tiny", "--format", "tts", "--base-url", "example.org/x")
    assert result.exit_code == 2 and "--base-url" in result.output


def test_a_vendors_export_refuses_a_bleed_or_dpi_of_the_designers_own(project):
    """A vendor's files are made at its own numbers (MBPrint: 3 mm of bleed at 300 dpi): a --bleed or --dpi given with
    --vendor is a usage error naming each to leave out, and nothing is written, rather than taken and silently not
    used; the same options at their default values, unwritten, are no error."""
    for given, named in ((("--bleed", "3mm"), "--bleed"), (("--bleed", "0", "--dpi", "600"), "--bleed and --dpi")):
        result = run_pnp(project, "export", "tiny", "--vendor", "mbprint", "--deck", "heroes", *given)
        assert result.exit_code == 2, result.output
        assert f"--vendor mbprint prints at that vendor's own bleed and dpi: leave out {named}" in result.output
    assert not (project / "output/tiny/vendor-mbprint").exists()


def test_an_export_asks_for_a_format_or_a_vendor_and_never_both(project):
    """`--format png --vendor mbprint` asks for two sets of files at two sets of numbers: a usage error (exit 2) that
    names both options, and nothing written, not one of them taken silently; neither given is the same error."""
    for given in (("--format", "png", "--vendor", "mbprint"), ()):
        result = run_pnp(project, "export", "tiny", "--deck", "heroes", *given)
        assert result.exit_code == 2, result.output
        assert "give --format FORMAT or --vendor NAME (one of them)" in result.output, result.output
    assert not (project / "output/tiny").exists()


def test_the_player_aid_goes_to_a_print_service_as_aid_1_of_1_once_for_each_player(project, tmp_path):
    """The tiny game's reference.yaml asks `copies: players.max` and its game.yaml says `players: {max: 4}`: its one
    aid card (titled 'Tiny · quick reference') is sent as aid 1 of 1, four copies, each a front and a back, counted
    from 1 in manifest.csv and in the files' names as every other piece is."""
    _ok(run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "72", "--no-validate", "--out", str(tmp_path)))
    folder = tmp_path / "tiny/png"
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as f:
        rows = [row for row in csv.DictReader(f) if row["component"] == "player-aids"]
    sent = [(side, str(n)) for n in range(1, 5) for side in ("front", "back")]
    assert sorted((r["item"], r["name"], r["side"], r["copy"], r["copies"]) for r in rows) == sorted(
        ("aid-1", "Tiny · quick reference 1 / 1", side, n, "4") for side, n in sent)
    assert sorted(p.name for p in (folder / "player-aids").iterdir()) == sorted(f"player-aids-aid-1-{n}-{side}.png" for side, n in sent)

def test_tts_lays_every_object_out_without_overlap(tiny_export):
    project = tiny_export("tts")  # where the images are kept plays no part in the layout
    objects = [o for o in json.loads((project / "output/tiny/tts/tiny-tts-save.json").read_text())["ObjectStates"] if o["Name"] != "HandTrigger"]
    boards = {b["name"]: [float(v) / 25.4 for v in b["size"].split("x")] for b in _yaml(project / "data/tiny/boards.yaml")["boards"]}
    poker = (63.5 / 25.4, 88.9 / 25.4)
    boxes = []
    for o in objects:
        w, d = boards[o["Nickname"]] if o["Name"] == "Custom_Board" else poker if o["Name"] == "DeckCustom" else (3.0, 3.0)  # a bag: 3 units
        x, z = o["Transform"]["posX"], o["Transform"]["posZ"]
        boxes.append((x - w / 2, z - d / 2, x + w / 2, z + d / 2))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    # a board keeps its real proportions through its scale
    town = next(o for o in objects if o["Nickname"] == "Tiny Town")
    assert town["Transform"]["scaleX"] == town["Transform"]["scaleZ"] == pytest.approx(380 / 25.4, abs=1e-3)


def test_tts_cuts_one_sided_tokens_to_their_shape_and_gives_two_sided_ones_a_tile(tiny_export):
    folder = tiny_export("tts") / "output/tiny/tts"
    (pawn_file,) = folder.glob("tokens/pawns/pawns-red-front-*.png")  # named by its content
    pawn = np.asarray(Image.open(pawn_file))
    h, w = pawn.shape[:2]
    assert pawn.shape[2] == 4
    assert pawn[h // 2, w // 2, 3] == 255 and pawn[h // 2, 3, 3] > 250  # centre and the left corner of a flat-topped hexagon
    assert pawn[1, 1, 3] == 0 and pawn[h - 2, w - 2, 3] == 0  # outside it: transparent
    (wall_file,) = folder.glob("tokens/walls/walls-front-*.png")
    wall = np.asarray(Image.open(wall_file))
    assert wall[1, 1, 3] == 255  # a square token is opaque to its corners
    objects = json.loads((folder / "tiny-tts-save.json").read_text())["ObjectStates"]
    coins = next(o for o in objects if o["Nickname"] == "Coins")
    assert coins["Name"] == "Bag" and len(coins["ContainedObjects"]) == 12
    tile = coins["ContainedObjects"][0]
    assert tile["Name"] == "Custom_Tile" and tile["CustomImage"]["CustomTile"]["Type"] == 2  # TTS's circle
    assert tile["CustomImage"]["ImageURL"] != tile["CustomImage"]["ImageSecondaryURL"]
    assert {o["Nickname"] for o in coins["ContainedObjects"]} == {"Coins · c1", "Coins · c5"}


def test_a_token_item_with_a_name_is_called_by_it_on_the_table(project):
    """A token set's item is named on the table by the name the designer gave it, after its set's (docs/components.md:
    each item its own face); an item with no name keeps its id."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("{id: c1, value: 1,", "{id: c1, name: Gold penny, value: 1,"), encoding="utf-8")
    _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate"))
    objects = json.loads((project / "output/tiny/tts/tiny-tts-save.json").read_text(encoding="utf-8"))["ObjectStates"]
    coins = next(o for o in objects if o["Nickname"] == "Coins")
    assert {o["Nickname"] for o in coins["ContainedObjects"]} == {"Coins · Gold penny", "Coins · c5"}


def test_card_names_come_from_the_field_the_deck_names(project):
    deck_file = project / "data/tiny/decks/heroes.yaml"
    deck_file.write_text(deck_file.read_text().replace("front: tiny/hero.j2", "front: tiny/hero.j2\nname_field: [name, side]"))
    _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes"))
    deck = json.loads((project / "output/tiny/tts/heroes.json").read_text())["ObjectStates"][0]
    assert {c["Nickname"] for c in deck["ContainedObjects"]} == {"<Knight> · red", "AT&T Agent · red", "Rogue · blue", "Mage · blue", "Twin · red"}


def test_a_name_fields_empty_value_leaves_no_empty_part_in_the_cards_name(project):
    """A card whose second name field is blank (its deck's default, or a spreadsheet's empty cell) is named by its first
    alone: 'Rogue', not 'Rogue · '."""
    assert named_by(project, "title", ("name: Mage,", "name: Mage, title: the Wise,")) == {"<Knight>", "AT&T Agent", "Rogue", "Mage · the Wise", "Twin"}


def named_by(project, field: str, card_edit: tuple[str, str]) -> set[str]:
    """The heroes deck named by `name_field: [name, FIELD]` (FIELD empty unless a card gives it: `card_edit` replaces
    one card's text), exported for Tabletop Simulator: its cards' nicknames on the table."""
    deck_file = project / "data/tiny/decks/heroes.yaml"
    text = deck_file.read_text().replace("front: tiny/hero.j2", f"front: tiny/hero.j2\nname_field: [name, {field}]\nkeep_fields: [{field}]")
    deck_file.write_text(text.replace("defaults: {side: red}", f'defaults: {{side: red, {field}: ""}}').replace(*card_edit))
    _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes"))
    deck = json.loads((project / "output/tiny/tts/heroes.json").read_text())["ObjectStates"][0]
    return {c["Nickname"] for c in deck["ContainedObjects"]}


def test_a_name_fields_value_of_zero_is_a_part_of_the_cards_name(project):
    """A name field holding 0 is a value like any other (only an empty one leaves no part): `name_field: [name, level]`
    calls a rogue of level 0 'Rogue · 0' on the table, and the heroes whose level is left empty by their names alone."""
    assert named_by(project, "level", ("name: Rogue,", "name: Rogue, level: 0,")) == {"<Knight>", "AT&T Agent", "Rogue · 0", "Mage", "Twin"}


def test_a_deck_without_names_is_named_by_id_with_a_warning(project):
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text().replace("card.name", "card.id"))
    deck_file = project / "data/tiny/decks/heroes.yaml"
    deck_file.write_text(deck_file.read_text().replace("name: \"<Knight>\", ", "").replace("name: \"AT&T Agent\", ", "")
                         .replace("name: Rogue, ", "").replace("name: Mage, ", "").replace("name: Twin, ", ""))
    result = _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes", "--no-validate"))
    assert "data/tiny/decks/heroes.yaml:1:1: warning: no card of deck 'heroes' has a name field" in result.output
    deck = json.loads((project / "output/tiny/tts/heroes.json").read_text())["ObjectStates"][0]
    assert {c["Nickname"] for c in deck["ContainedObjects"]} == {"knight", "att", "rogue", "mage", "twin"}


def test_a_generated_card_with_no_name_is_called_on_the_table_by_its_whole_id(project):
    """docs/editions.md: a generated card is the card you would have typed, `{id: red-1, ...}`; one with no name field
    is called by its id on the table, dashes and all (`red-1`), as `--cards` and the findings name it."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/back.j2\nback: tiny/back.j2\nkeep_fields: [side, rank]\n"
        "generate:\n  values: {side: [red, blue], rank: [1, 2]}\n  id: \"{side}-{rank}\"\n", encoding="utf-8")
    _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "made", "--no-validate"))
    deck = json.loads((project / "output/tiny/tts/made.json").read_text())["ObjectStates"][0]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == ["red-1", "red-2", "blue-1", "blue-2"], deck["ContainedObjects"]


def _titles_headed(project, header: str):
    """The tiny game's heroes with their titles under `header` instead of `name`, read so by its template; the deck file."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text().replace("card.name", f"card.{header}"))
    deck_file = project / "data/tiny/decks/heroes.yaml"
    deck_file.write_text(deck_file.read_text().replace("{id: knight, name:", f"{{id: knight, {header}:").replace(", name: ", f", {header}: ")
                         .replace("{name: ", f"{{{header}: "))
    return deck_file


def test_a_deck_whose_titles_are_headed_name_in_capitals_is_told_the_name_field_to_write(project):
    """A sheet from Squib heads its titles `Name`: Tabletop Simulator would show ids, and the warning names the field
    the cards do have, so the fix is the one line it gives."""
    deck_file = _titles_headed(project, "Name")
    result = _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes", "--no-validate"))
    assert ("data/tiny/decks/heroes.yaml:1:1: warning: no card of deck 'heroes' has a name field (did you mean 'Name'?), so Tabletop Simulator "
            "names the cards by id: name the field holding each card's title with name_field: Name") in result.output, result.output
    deck_file.write_text(deck_file.read_text().replace("front: tiny/hero.j2", "front: tiny/hero.j2\nname_field: Name"))
    result = _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes", "--no-validate"))
    assert "tts" in result.output and "has a name field" not in result.output, result.output
    deck = json.loads((project / "output/tiny/tts/heroes.json").read_text())["ObjectStates"][0]
    assert "Rogue" in {c["Nickname"] for c in deck["ContainedObjects"]}


def test_a_deck_whose_titles_are_headed_title_is_told_that_column_not_an_example(project):
    """A sheet heading its cards' titles `Title` (no `name`): the warning names that column in the one line to write."""
    _titles_headed(project, "Title")
    result = _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes", "--no-validate"))
    assert ("data/tiny/decks/heroes.yaml:1:1: warning: no card of deck 'heroes' has a name field (did you mean 'Title'?), so Tabletop Simulator "
            "names the cards by id: name the field holding each card's title with name_field: Title") in result.output, result.output


def test_a_deck_whose_own_name_field_every_card_leaves_empty_is_told_the_column_written_in_capitals(project):
    """`name_field: hero`, a field every card has empty (a default left blank), the titles under `Hero`: Tabletop
    Simulator would show ids, and the warning offers the column the deck's own name field meant, in the one line to
    write (a header keeps its capitals), not a guess at `name` or `title`."""
    deck_file = _titles_headed(project, "Hero")
    deck_file.write_text(deck_file.read_text().replace("front: tiny/hero.j2", "front: tiny/hero.j2\nname_field: hero")
                         .replace("defaults: {side: red}", 'defaults: {side: red, hero: ""}'))
    result = _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes", "--no-validate"))
    assert ("data/tiny/decks/heroes.yaml:1:1: warning: no card of deck 'heroes' has a hero field (did you mean 'Hero'?), so Tabletop Simulator "
            "names the cards by id: name the field holding each card's title with name_field: Hero") in result.output, result.output


def test_a_tts_export_of_one_deck_says_one_object_on_the_table(project):
    """`--deck heroes` puts one deck on the table: the export's note says '1 object', not '1 objects', and the four
    hand zones of the tiny game's four players (game.yaml: players up to 4)."""
    result = _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes", "--no-validate"))
    assert "  tiny-tts-save.json: 1 object on the table (1 DeckCustom) and 4 hand zones" in result.output.splitlines(), result.output


def test_a_tts_export_of_a_solo_game_says_one_hand_zone(project):
    """A game for one player (game.yaml: players 1 to 1) seats one player: the export's note says '1 hand zone', not
    '1 hand zones'."""
    game = project / "data" / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("players: {min: 2, max: 4}", "players: {min: 1, max: 1}"))
    result = _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes", "--no-validate"))
    assert "  tiny-tts-save.json: 1 object on the table (1 DeckCustom) and 1 hand zone" in result.output.splitlines(), result.output


def test_a_name_column_the_first_card_leaves_out_is_still_the_one_told(project):
    """A sheet's first row with its `Name` cell left empty (the card has no such field): the warning names the column
    the other cards have, not the example name_field: title."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text().replace('"**" ~ card.name ~ "**"', '"**" ~ (card.Name or card.id) ~ "**"'))
    deck_file = project / "data/tiny/decks/heroes.yaml"
    deck_file.write_text(deck_file.read_text().replace('{id: knight, name: "<Knight>", ', "{id: knight, ").replace(", name: ", ", Name: "))
    result = _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--deck", "heroes", "--no-validate"))
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert warned == ["data/tiny/decks/heroes.yaml:1:1: warning: no card of deck 'heroes' has a name field (did you mean 'Name'?), so Tabletop "
                      "Simulator names the cards by id: name the field holding each card's title with name_field: Name"], result.output


def test_a_name_field_no_card_has_is_an_error_at_its_line(project):
    deck_file = project / "data/tiny/decks/heroes.yaml"
    deck_file.write_text(deck_file.read_text().replace("front: tiny/hero.j2", "front: tiny/hero.j2\nname_field: title"))
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    assert "data/tiny/decks/heroes.yaml:4:13: error: name_field names 'title', which cards knight, att, rogue, mage, twin do not have" in result.output


def test_an_export_whose_every_card_fails_says_that_error_alone_not_that_nothing_was_asked(project):
    """Exported unchecked (--no-validate), a deck whose front names a colour no palette or CSS knows draws none of its
    cards: the one error is that colour at its template line; nothing is written, and no second error says there was
    nothing to export, which would send the designer to look for a wrong --deck."""
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% block body %}\n", '{% block body %}\n{{ rect(5, 74, 10, 6, fill="nocolour") }}\n', 1),
                    encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes", "--no-validate")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert len(errors) == 1 and errors[0].startswith("templates/tiny/hero.j2:3:29: error: unknown colour 'nocolour'"), result.output
    assert not (project / "output/tiny/png").exists()


def test_an_export_of_a_deck_of_no_copies_says_it_had_nothing_to_export_of_the_deck_asked_for(project):
    """Every card of heroes.yaml at `count: 0`: `--deck heroes` prints nothing, said as one error naming the deck asked
    for (so the designer looks at that deck's counts, not at the whole game), and no folder is written."""
    deck_file = project / "data/tiny/decks/heroes.yaml"
    text = deck_file.read_text(encoding="utf-8")
    for count in ("count: 2}", "count: 3}"):
        text = text.replace(count, "count: 0}")
    deck_file.write_text(text, encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes", "--no-validate")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert errors == ["data/tiny/decks/heroes.yaml: error: nothing to export (asked for heroes): no piece asked for prints a copy here; "
                      "give a card a count above 0, or ask for a deck this export takes"], result.output
    assert not (project / "output/tiny/png").exists()


def test_pod_standee_is_one_fold_over_piece_at_its_full_length(tiny_export):
    reader = PdfReader(tiny_export("pod") / "output/tiny/pod/tiny-tokens-hero.pdf")
    assert len(reader.pages) == 2  # two standees, one piece each (its back is folded over, not a second page)
    bleed = BLEED_IN * 25.4
    trim = [float(v) / MM for v in reader.pages[0]["/TrimBox"]]
    # 10 mm tab, back 40 mm, fold band of twice the bleed, front 40 mm, 10 mm tab
    assert trim[3] - trim[1] == pytest.approx(10 + 40 + 2 * bleed + 40 + 10, abs=0.01)
    assert trim[2] - trim[0] == pytest.approx(25, abs=0.01)


def test_png_encoder_hands_on_the_bytes_png_gives_in_the_order_the_images_came():
    """Images encoded on every core come back in order: a large, slow one first and small ones after it still hand on
    after it, and each image's bytes are what encoding it alone gives."""
    import functools

    from pnp.targets.png import PngEncoder
    from pnp.targets.rendering import png_bytes

    rng = np.random.default_rng(7)
    images = [Image.fromarray(rng.integers(0, 255, (600, 800, 3), dtype=np.uint8))] + [Image.new("RGB", (8 + i, 8), (i, 0, 0)) for i in range(9)]
    handed = []
    with PngEncoder(functools.partial(png_bytes, dpi=300)) as encoder:
        for i, image in enumerate(images):
            encoder.add(image, lambda data, i=i: handed.append((i, data)))
    assert [i for i, _ in handed] == list(range(len(images)))
    assert [data for _, data in handed] == [png_bytes(image, 300) for image in images]


@pytest.mark.parametrize(("fmt", "count", "most_alive"), [("png", 24, 8), ("tts", 72, 69 + 3)])
def test_an_export_holds_a_few_face_images_at_a_time_not_the_whole_deck(project, tmp_path, monkeypatch, fmt, count, most_alive):
    """A deck's face images are rendered as they are needed and let go once encoded (png: a few images a core) or once
    the last Tabletop Simulator sheet showing them is made (a sheet holds 69 cards and the common back), where every
    face was held at once (2 GB for 500 cards at 300 dpi)."""
    import importlib

    exporter = importlib.import_module(f"pnp.targets.export_{fmt}")
    add_crowd_deck(project, count)
    crowd = project / "data/tiny/decks/crowd.yaml"  # small cards: faces of a third of a poker card's pixels, held or let go alike
    crowd.write_text(crowd.read_text(encoding="utf-8").replace("size: poker", "size: 36 x 50"), encoding="utf-8")
    most = most_images_alive(monkeypatch, exporter, "raster", most_alive)
    monkeypatch.setenv("PNP_JOBS", "2")
    _ok(run_pnp(project, "export", "tiny", "--format", fmt, "--dpi", "72", "--deck", "crowd", "--no-validate"))
    assert 2 <= most[0] <= most_alive, most[0]


def test_an_exports_files_reach_the_disk_as_they_are_encoded_and_its_folder_is_replaced_whole(project, monkeypatch):
    """Each image's files are written into a folder beside the export as soon as they are encoded, so an export holds
    no deck of encoded images in memory; the old export stays in place until the new one is whole."""

    from pnp.targets import export_png

    _ok(run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "72"))
    folder = project / "output/tiny/png"
    old = {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*.png")}
    add_crowd_deck(project, 150)
    on_disk, in_place = [], []
    real = export_png.png_bytes

    def counted(image, dpi=None):
        on_disk.append(sum(len(list(tmp.rglob("*.png"))) for tmp in folder.parent.glob(".png.*.tmp")))
        in_place.append({p.relative_to(folder): p.read_bytes() for p in folder.rglob("*.png")} == old)
        return real(image, dpi)

    monkeypatch.setattr(export_png, "png_bytes", counted)
    monkeypatch.setenv("PNP_JOBS", "2")
    _ok(run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "72", "--deck", "crowd", "--no-validate"))
    assert len(on_disk) == 151  # the crowd's 150 fronts and their shared back
    assert on_disk[-1] >= 140, on_disk[-1]  # all but the last few images' files are written by the time the last is encoded
    assert all(in_place), "the old export stays whole while the new one is written"
    fronts = sorted(folder.glob("cards/crowd/*-front.png"))
    backs = sorted(folder.glob("cards/crowd/*-back.png"))
    assert len(fronts) == len(backs) == 150
    assert {p.stat().st_ino for p in backs} == {backs[0].stat().st_ino}, "one shared back: one file, linked"
    assert not [p for p in folder.parent.iterdir() if p.name.startswith(".")]


# Hostile names and stable saves (issue 49 item 5) ---------------------------------------------

def test_manifest_cells_a_spreadsheet_would_run_as_formulas_read_as_text(project):
    """OWASP's CSV injection advice: a cell starting with = + - @ tab or CR gets a leading single quote."""
    deck_file = project / "data/tiny/decks/heroes.yaml"
    names = {"rogue": "=1+1", "mage": "@SUM(A1:A9)", "twin": "-2+3"}
    text = deck_file.read_text()
    for card, name in names.items():
        text = text.replace(f"name: {card.title()},", f'name: "{name}",')
    deck_file.write_text(text)
    _ok(run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes", "--no-validate"))
    rows = list(csv.DictReader((project / "output/tiny/png/manifest.csv").open(encoding="utf-8")))
    shown = {r["item"]: r["name"] for r in rows}
    assert {card: shown[card] for card in names} == {card: "'" + name for card, name in names.items()}
    assert shown["att"] == "AT&T Agent"  # text that starts like text is left as written
    assert not [cell for r in rows for cell in r.values() if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]


def _guids(node):
    """Every object's GUID in a TTS save, in the save's order (contained objects included)."""
    if isinstance(node, dict):
        if "Name" in node and "Transform" in node:
            yield node.get("GUID")
        for value in node.values():
            yield from _guids(value)
    elif isinstance(node, list):
        for value in node:
            yield from _guids(value)


def test_every_tts_object_has_a_unique_six_hex_digit_guid_that_a_rebuild_keeps(project, tiny_export):
    """The run's shared export (conftest.tiny_export) and one more of the same game, elsewhere, with a base URL."""
    _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--base-url", BASE))
    saves = [{p.name: list(_guids(json.loads(p.read_text(encoding="utf-8")))) for p in sorted(folder.glob("*.json"))}
             for folder in (tiny_export("tts") / "output/tiny/tts", project / "output/tiny/tts")]
    first, second = saves
    whole = first["tiny-tts-save.json"]
    assert len(whole) > 20  # every card copy, token copy and board: the tiny game lays out dozens of objects
    for name, guids in first.items():
        assert all(isinstance(g, str) and len(g) == 6 and all(c in "0123456789abcdef" for c in g) for g in guids), name
        assert len(set(guids)) == len(guids), f"{name}: GUIDs repeat"
    assert first == second


def test_a_png_exports_notes_count_each_token_set_and_the_player_aids_in_their_own_words(project):
    """The tiny game's data: coins of 8 + 4, walls made a set of one, and an aid per player of four (game.yaml's
    players.max): the export's notes say '12 tokens', '1 token' and '4 player-aid cards', each noun once and in the
    singular for one."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("    size: 14\n    count: 6\n", "    size: 14\n    count: 1\n", 1), encoding="utf-8")
    said = _ok(run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "72", "--no-validate")).output.splitlines()
    notes = {line.split(": ")[0].strip(): line.split(": ", 1)[1].split(",")[0] for line in said if " px (" in line}
    assert (notes["tokens/coins"], notes["tokens/walls"], notes["player-aids"]) == ("12 tokens", "1 token", "4 player-aid cards"), said


RED, BLUE = (255, 0, 0), (0, 0, 255)


def test_a_print_service_png_centres_the_trim_with_the_bleed_asked_on_every_side_and_says_its_dpi(project):
    """A card painted blue over its whole bleed and red over its trim, exported as print-service PNGs at 300 dpi with
    MakePlayingCards' bleed (36 px a side at 300 dpi): each image is that service's poker template, 822 × 1122 px, its
    red trim the card's 63.5 × 88.9 mm (750 × 1050 px) with 36 px of blue on every side (the service trims as much off
    each edge), and the file says the 300 dpi it was drawn at, as a print service reads a PNG's size in inches. The
    export's note gives the card's size as the standard does, width first."""
    (project / "templates/tiny/framed.j2").write_text(
        "{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill='#0000ff') }}\n"
        "{{ rect(0, 0, face.w, face.h, fill='#ff0000') }}\n", encoding="utf-8")
    (project / "data/tiny/decks/framed.yaml").write_text(
        "name: Framed\nsize: poker\nfront: tiny/framed.j2\ncards:\n  - {id: one, name: One}\n", encoding="utf-8")
    result = _ok(run_pnp(project, "export", "tiny", "--format", "png", "--deck", "framed", "--bleed", "3mm", "--dpi", "300", "--no-validate"))
    assert "  cards/framed: 1 card, 822 × 1122 px (63.5 × 88.9 mm) at 300 dpi with 3.048 mm bleed" in result.output.splitlines()
    image = Image.open(project / "output/tiny/png/cards/framed/framed-one-1-front.png")
    assert image.size == (822, 1122)
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    pixels = np.asarray(image.convert("RGB"), dtype=np.int16)
    red = np.argwhere(np.abs(pixels - RED).max(axis=2) < 60)
    (top, left), (bottom, right) = red.min(axis=0), red.max(axis=0)
    margins = (left, top, image.width - 1 - right, image.height - 1 - bottom)
    assert all(abs(m - 36) <= 1 for m in margins), margins
    for x, y in ((5, 5), (image.width - 6, image.height - 6), (5, image.height - 6), (image.width - 6, 5)):
        assert tuple(pixels[y, x]) == BLUE, (x, y)


def test_a_print_service_png_of_a_board_carries_the_bleed_asked_on_every_side(project):
    """A board painted blue over its whole bleed and red over its trim, exported as print-service PNGs at 72 dpi with
    the default 1/8 in of bleed: the red trim has 9 px (1/8 in at 72 dpi) of blue on every side, as a card has."""
    (project / "templates/tiny/board-town.j2").write_text(
        "{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill='#0000ff') }}\n"
        "{{ rect(0, 0, face.w, face.h, fill='#ff0000') }}\n", encoding="utf-8")
    _ok(run_pnp(project, "export", "tiny", "--format", "png", "--dpi", "72", "--no-validate"))
    image = Image.open(project / "output/tiny/png/boards/town-1-front.png")
    pixels = np.asarray(image.convert("RGB"), dtype=np.int16)
    red = np.argwhere(np.abs(pixels - RED).max(axis=2) < 60)
    (top, left), (bottom, right) = red.min(axis=0), red.max(axis=0)
    margins = (left, top, image.width - 1 - right, image.height - 1 - bottom)
    assert all(abs(m - 9) <= 1 for m in margins), margins
    for x, y in ((2, 2), (image.width - 3, image.height - 3)):
        assert tuple(pixels[y, x]) == BLUE, (x, y)


def test_a_solo_games_playingcards_io_export_says_one_seat_in_the_singular(project, tmp_path):
    """A game for one player lays out one seat: playingcards.io's note says "1 seat" (each count in its noun's number,
    as the TTS note's "1 object"), and no die is "0 dice"."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("players: {min: 2, max: 4}", "players: {min: 1, max: 1}"), encoding="utf-8")
    said = run_pnp(project, "export", "tiny", "--format", "pcio", "--out", str(tmp_path / "out")).output
    assert ", 1 seat), " in said and "0 dice" in said and "1 seats" not in said, said


def test_a_playingcards_io_export_of_one_board_and_one_die_says_each_in_the_singular(project, tmp_path):
    """A game of one board (the score sheet, its town left out) and one d6: playingcards.io's note says "1 board, 1 die",
    never "1 boards" or "1 dice"."""
    boards = project / "data/tiny/boards.yaml"
    text = boards.read_text(encoding="utf-8")
    boards.write_text(text[:text.index("  - id: town")] + text[text.index("  - id: scores"):], encoding="utf-8")
    (project / "data/tiny/dice.yaml").write_text("dice:\n  - {id: pawn, shape: d6, size: 16, face: tiny/die.j2, faces: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}]}\n",
                                                 encoding="utf-8")
    (project / "templates/tiny/die.j2").write_text("{{ text(die_face.n|string, 0, 0, face.w, face.h, size=10, align='center') }}\n", encoding="utf-8")
    said = _ok(run_pnp(project, "export", "tiny", "--format", "pcio", "--out", str(tmp_path / "out"))).output
    assert ", 1 board, 1 die, " in said, said


def _one_board_alone(project):
    """The tiny game cut down to one board (the score sheet): no deck, token set, reference or rulebook."""
    data = project / "data/tiny"
    for part in [*(data / "decks").iterdir(), data / "tokens.yaml", data / "reference.yaml", data / "rulebook.md"]:
        part.unlink()
    boards, game = data / "boards.yaml", data / "game.yaml"
    text = boards.read_text(encoding="utf-8")
    boards.write_text(text[:text.index("  - id: town")] + text[text.index("  - id: scores"):], encoding="utf-8")
    text = game.read_text(encoding="utf-8")
    game.write_text(text[:text.index("components:")], encoding="utf-8")  # the counts and constraints of the heroes gone with them


def test_a_virtualtabletop_io_export_of_one_board_alone_says_one_image_in_the_singular(project, tmp_path):
    """A game of one board alone (the score sheet; no deck, token set or reference): its virtualtabletop.io room holds
    one picture, and the note says "1 image", never "1 images"."""
    import zipfile

    _one_board_alone(project)
    said = _ok(run_pnp(project, "export", "tiny", "--format", "vtt", "--out", str(tmp_path / "out"))).output
    with zipfile.ZipFile(tmp_path / "out/tiny/vtt/tiny.vtt") as room:
        pictures = [name for name in room.namelist() if name.startswith("assets/")]
    assert len(pictures) == 1, pictures
    assert ", 1 image, format 11" in said and "1 images" not in said, said


def test_a_playingcards_io_export_of_one_board_alone_says_one_image_in_the_singular(project, tmp_path):
    """The same game of one board alone exported for playingcards.io: its .pcio file holds one picture under
    userassets/, and the note says "1 image", never "1 images"."""
    import zipfile

    _one_board_alone(project)
    said = _ok(run_pnp(project, "export", "tiny", "--format", "pcio", "--out", str(tmp_path / "out"))).output
    with zipfile.ZipFile(tmp_path / "out/tiny/pcio/tiny.pcio") as room:
        pictures = [name for name in room.namelist() if name.startswith("userassets/") and not name.endswith("/")]
    assert len(pictures) == 1, pictures
    assert "), 1 image, at " in said and "1 images" not in said, said


def test_a_playingcards_io_exports_note_gives_the_tables_scale_in_px_per_inch(project, tmp_path):
    """The heroes deck alone fits the table at the tables' own scale, a poker card (88.9 mm, 3.5 in) 160 px high: its
    .pcio file's cards are 160 px high and the note says the table's 160 / 3.5 = 45.7 px an inch, "at 46 px per inch"."""
    import zipfile

    said = _ok(run_pnp(project, "export", "tiny", "--format", "pcio", "--deck", "heroes", "--out", str(tmp_path / "out"))).output
    with zipfile.ZipFile(tmp_path / "out/tiny/pcio/tiny.pcio") as room:
        decks = [w for w in json.loads(room.read("widgets.json")) if w["type"] == "cardDeck"]
    assert [round(d["cardHeight"]) for d in decks] == [160], decks
    note = next(line for line in said.splitlines() if line.strip().startswith("tiny.pcio: "))
    assert note.endswith(", at 46 px per inch of the table"), note


def test_a_virtualtabletop_io_exports_note_counts_the_rooms_widgets_and_images_as_the_file_holds_them(project, tmp_path):
    """The note's "N widgets, M images" is what the room file holds: the widgets of its state (its `_meta` is the
    file's header, no widget) and the pictures under assets/."""
    import zipfile

    said = run_pnp(project, "export", "tiny", "--format", "vtt", "--out", str(tmp_path / "out")).output
    with zipfile.ZipFile(tmp_path / "out/tiny/vtt/tiny.vtt") as room:
        widgets = [key for key in json.loads(room.read("0.json")) if key != "_meta"]
        images = [name for name in room.namelist() if name.startswith("assets/")]
    assert f"  tiny.vtt: {len(widgets)} widgets, {len(images)} images, format 11" in said.splitlines(), said
