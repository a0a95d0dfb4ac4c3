"""Every component ordered or named (issue #98, item 3): for every vendor, each deck, board, token set, box, die and the
player aids of a build is either in that vendor's files (or ordered from its own template) or listed in README.txt under
"Not offered by this vendor", with a product of the same kind at another vendor, never another kind's.

What a build holds is read here from the games' own data files (a deck's `name`, each board's, token set's, box's and
die's), and the kind each must be matched to from which file declares it; the vendors' products are their records'.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, TEST_PROJECT, run_pnp

from pnp.data.project import Project
from pnp.outputs.context import Engine
from pnp.targets.export import bleed_mm, export_game
from pnp.targets.staging import ExportRequest
from pnp.targets.vendors import VENDORS, vendor_named

GAMES = ("germ-tycoon", "narco-empire", "organ-match", "organ-trail", "police-precinct")
SECTIONS = ("Components in these files:", "Ordered from the vendor's own template", "Not offered by this vendor:")
UNIT_WORDS = {"cards": " card", "boards": " board", "tokens": " token", "boxes": "(a box for", "dice": " di"}  # how README counts each kind
KIND_OF_FILE = {"decks": "cards", "reference.yaml": "cards", "boards.yaml": "boards", "tokens.yaml": "tokens", "boxes.yaml": "boxes", "dice.yaml": "dice"}


def _yaml(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None


def build_components(game_dir: Path) -> dict[str, str]:
    """Every component a game's data declares: its name → the kind of product it must go to."""
    decks = {p.stem: _yaml(p) for p in sorted((game_dir / "decks").glob("*.yaml"))}
    found = {deck.get("name", stem): "cards" for stem, deck in decks.items()}
    for file, key in (("boards.yaml", "boards"), ("tokens.yaml", "tokens"), ("dice.yaml", "dice")):
        for item in (_yaml(game_dir / file) or {}).get(key, []):
            found[item.get("name") or item["id"]] = KIND_OF_FILE[file]
    for box in (_yaml(game_dir / "boxes.yaml") or {}).get("boxes", []):
        found[box.get("name") or " & ".join(decks[d].get("name", d) for d in box["decks"])] = "boxes"
    reference = _yaml(game_dir / "reference.yaml")
    if reference and reference.get("title"):
        found[reference["title"]] = "cards"
    return found


def sections(readme: str) -> dict[str, list[str]]:
    """README.txt's three lists of components: its section heading → its lines."""
    out: dict[str, list[str]] = {}
    current = None
    for line in readme.splitlines():
        if not line.startswith("  "):
            current = next((s for s in SECTIONS if line.startswith(s)), None)
            continue
        if current:
            out.setdefault(current, []).append(line.strip())
    return out


def check_order(readme: str, components: dict[str, str], vendor) -> list[str]:
    """What is wrong with one README: a component in none of its lists, or one matched to another kind's product, here
    or at another vendor."""
    listed = sections(readme)
    wrong = []
    for name, kind in components.items():
        unit = UNIT_WORDS[kind]
        lines = [(s, line) for s, lines in listed.items() for line in lines if line.startswith(f"{name} (") and unit in line[len(name):].split(")")[0]]
        if not lines:
            wrong.append(f"{name}: in no list")
        for section, line in lines:
            wrong += _other_kind(name, kind, line, vendor) if section == SECTIONS[2] else _own_kind(name, kind, line, vendor)
    return wrong


def _kind_of(vendor, product: str) -> str | None:
    return next((p.kind for p in vendor.products if p.name == product), None)


def _own_kind(name: str, kind: str, line: str, vendor) -> list[str]:
    """An ordered line names the vendor's product after the piece: 'Coins (20 tokens of 16 × 16 mm): small punchout slug (…)'."""
    rest = line[len(name):].split("): ", 1)[1]
    product = rest.removeprefix("order the ").rsplit(" (", 1)[0] if rest.startswith("order the ") else rest.rsplit(" (", 1)[0]
    product = re.sub(r" \((any size|up to [^)]*|[\d.]+ × [\d.]+ mm)\).*$", "", product)
    return [] if _kind_of(vendor, product) == kind else [f"{name} ({kind}) ordered as {vendor.title}'s {product}"]


def _other_kind(name: str, kind: str, line: str, vendor) -> list[str]:
    """A not-offered line may name the nearest product here and one at another vendor: each must be of the piece's kind."""
    wrong = []
    here = re.search(r"the nearest [a-z ]+ here is the (.+?) \((?:any size|up to|[\d.]+ ×)", line)
    if here and _kind_of(vendor, here.group(1)) != kind:
        wrong.append(f"{name} ({kind}) pointed at {vendor.title}'s {here.group(1)}")
    there = re.search(r"; ([^;]+?) makes its kind: the (.+?) \((?:any size|up to|[\d.]+ ×)", line)
    if there:
        other = next((v for v in VENDORS if v.title.lower() == there.group(1).lower()), None)  # a generic one's article in lower case
        if other is None or other.name == vendor.name or _kind_of(other, there.group(2)) != kind:
            wrong.append(f"{name} ({kind}) pointed at {there.group(1)}'s {there.group(2)}")
    elif "no vendor pnp knows makes" not in line:
        wrong.append(f"{name}: names no other vendor")
    return wrong


@pytest.fixture(scope="module")
def five_games():
    """Each of the five games' components as the exporters collect them (drawn, never rasterised)."""
    from pnp.targets.components import collect

    project = Project(ROOT)
    out = {}
    for slug in GAMES:
        gctx = Engine(project).for_game(project.load_game(slug)[0])
        out[slug] = (gctx, collect(gctx, 3.5, []))
    return out


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_every_component_of_the_five_games_is_ordered_or_named_for_every_vendor(five_games, vendor):
    from pnp.targets.vendor_orders import order_plan, readme

    record = vendor_named(vendor)
    for slug, (gctx, components) in five_games.items():
        text = readme(gctx.game.title, order_plan(gctx, record, components))
        assert check_order(text, build_components(ROOT / "data" / slug), record) == [], (slug, text)


@pytest.fixture(scope="module")
def shop_project(tmp_path_factory):
    """The test project as a shop sees a typical order: 63 × 88 mm cards, round 16 mm tokens, a 520 × 384 mm map and a
    poker tuck box (and its poker-size player aids)."""
    root = tmp_path_factory.mktemp("shop") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    data = root / "data/tiny"
    deck = data / "decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: 63 x 88"), encoding="utf-8")
    tokens = yaml.safe_load((data / "tokens.yaml").read_text(encoding="utf-8"))
    coins = next(t for t in tokens["tokens"] if t["id"] == "coins")
    (data / "tokens.yaml").write_text(yaml.safe_dump({"tokens": [{**coins, "size": 16}]}), encoding="utf-8")
    boards = yaml.safe_load((data / "boards.yaml").read_text(encoding="utf-8"))
    town = next(b for b in boards["boards"] if b["id"] == "town")
    (data / "boards.yaml").write_text(yaml.safe_dump({"boards": [{**town, "name": "Town map", "size": "520 x 384"}]}), encoding="utf-8")
    (data / "boxes.yaml").write_text(yaml.safe_dump({"boxes": [{"id": "heroes", "name": "Hero box", "style": "tuck", "decks": ["heroes"],
                                                               "front": "tiny/back.j2"}]}), encoding="utf-8")
    return root


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_a_typical_order_exports_every_component_or_names_it_for_every_vendor(shop_project, tmp_path, vendor):
    project = Project(shop_project)
    gctx = Engine(project).for_game(project.load_game("tiny")[0])
    folder = tmp_path / vendor
    _, findings = export_game(gctx, "", folder, ExportRequest(bleed_mm("1/8in"), 300, vendor=vendor), rel=lambda p: Path(p).name)
    assert not [f for f in findings if f.severity == "error"], findings
    text = (folder / "README.txt").read_text(encoding="utf-8")
    components = build_components(shop_project / "data/tiny")
    assert set(components) == {"Heroes", "Coins", "Town map", "Hero box", "Tiny · quick reference"}
    assert check_order(text, components, vendor_named(vendor)) == [], text
    written = [str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and p.suffix in (".png", ".pdf")]
    for line in sections(text).get(SECTIONS[0], []):  # every component said to be in the files has a file of its own
        name = line.split(" (", 1)[0]
        ident = {"Heroes": "heroes", "Coins": "coins", "Town map": "board", "Tiny · quick reference": "player-aids"}[name]
        assert any(ident in path or "mm.pdf" in path for path in written), (name, written)
    left = [f for f in findings if f.code == "vendor-product"]
    assert len(left) == len(sections(text).get(SECTIONS[2], []))  # one warning a component not offered
    assert files_written(text) == on_disk(folder), text


def files_written(readme: str) -> dict[str, tuple[int, list[str]]]:
    """README.txt's "Files written:" lines of folders: a folder → the images it says it holds, and its other files."""
    block = readme.split("Files written:\n", 1)[1].split("\n\n", 1)[0]
    said = {}
    for line in block.splitlines():
        m = re.fullmatch(r"  (.+)/: (\d+) images? \(\.png\)((?:, [^,]+)*)", line)
        if m:
            said[m.group(1)] = (int(m.group(2)), [leaf for leaf in m.group(3).split(", ") if leaf])
    return said


def on_disk(folder: Path) -> dict[str, tuple[int, list[str]]]:
    """Each folder below the export's as the shop receives it: its count of .png images, and its other files by name."""
    found: dict[str, tuple[int, list[str]]] = {}
    for sub in sorted(p for p in folder.rglob("*") if p.is_dir() and any(f.is_file() for f in p.iterdir())):
        files = sorted(f.name for f in sub.iterdir() if f.is_file())
        found[sub.relative_to(folder).as_posix()] = (sum(name.endswith(".png") for name in files), [n for n in files if not n.endswith(".png")])
    return found


def test_readme_names_every_file_at_the_top_of_its_folder_itself_included(project):
    """README.txt's 'Files written:' names what the designer will find in the folder: at its top, README.txt itself and
    quote.csv, nothing more and nothing less than the folder holds there (The Game Crafter's export of the heroes)."""
    result = run_pnp(project, "export", "tiny", "--vendor", "thegamecrafter", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output
    folder = project / "output/tiny/vendor-thegamecrafter"
    block = (folder / "README.txt").read_text(encoding="utf-8").split("Files written:\n", 1)[1].split("\n\n", 1)[0]
    top = sorted(line.strip() for line in block.splitlines() if "/" not in line)
    assert top == sorted(p.name for p in folder.iterdir() if p.is_file()) == ["README.txt", "quote.csv"], block
