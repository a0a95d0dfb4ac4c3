"""The shipped games: counts as the rules give them, breakage in a copy caught, PDFs a printer and a player can use.

Each game in data/ has a case file tests/games/<slug>.yaml:

  rules:    component name in game.yaml → what the rules say, either a count or
            {count: N, by: {field: {value: n}}}. Restated here, apart from the data,
            so that changing game.yaml and the decks together cannot hide a wrong count.
  outputs:  the PDFs the game must produce (cards, boards, tokens, reference, rulebook).
  broken:   edits to a copy of the game (as in tests/corpus/cases.yaml) and the finding
            each must produce: code, and message (exact), message_start or message_has.
"""
from __future__ import annotations

import csv
import functools
import itertools
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from conftest import MM, ROOT, apply_edits, build_log, pdf_fonts, run_pnp
from pdftext import page_texts
from pypdf import PdfReader

CASES_DIR = Path(__file__).parent / "games"
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
LETTER_PT = (612.0, 792.0)


@functools.cache
def _case_file(game: str) -> dict:
    """A game's case file, read once per test process (each of its 150-odd broken cases looks itself up in it): read-only."""
    return yaml.load((CASES_DIR / f"{game}.yaml").read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _broken_cases():
    for game in GAMES:
        path = CASES_DIR / f"{game}.yaml"
        for case in (_case_file(game).get("broken") or []) if path.is_file() else []:
            yield pytest.param(game, case, id=f"{game}: {case['name']}")


def _copy_project(dest: Path, games: list[str]) -> Path:
    """A project holding `games` and their templates (fonts and shared icons ship with pnp): a copy the test may change."""
    for game in games:
        shutil.copytree(ROOT / "data" / game, dest / "data" / game)
    shutil.copytree(ROOT / "templates", dest / "templates")
    if (ROOT / "pnp.yaml").is_file():
        shutil.copy(ROOT / "pnp.yaml", dest / "pnp.yaml")
    return dest


@pytest.fixture(scope="module")
def built(shared_build) -> Path:
    """Every shipped game built once, as `pnp build` builds it (conftest.shared_build: shared with other files)."""
    return shared_build()


def _pdfs(built: Path, game: str) -> list[Path]:
    return sorted((built / game).glob("*.pdf"))


QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "\u00ad": None, "\ufffe": None, "\x02": None})


def _squeezed(text: str) -> str:
    """Text compared without spacing, line breaks, markup or quote styles: how a wrapped name still reads."""
    return re.sub(r"\s+|\*|\\", "", text.translate(QUOTES))


# Every game is covered ---------------------------------------------------------------

def test_every_shipped_game_has_a_case_file():
    assert GAMES, "no games under data/"
    assert sorted(p.stem for p in CASES_DIR.glob("*.yaml")) == GAMES


# Counts against the rules ------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_game_yaml_states_the_rules_counts(game):
    rules = _case_file(game)["rules"]
    components = {c["name"]: c for c in yaml.safe_load((ROOT / "data" / game / "game.yaml").read_text(encoding="utf-8"))["components"]}
    for name, expected in rules.items():
        assert name in components, f"game.yaml lists no component '{name}'; it has {sorted(components)}"
        expected = expected if isinstance(expected, dict) else {"count": expected}
        assert components[name]["count"] == expected["count"], name
        for field, per_value in (expected.get("by") or {}).items():
            assert components[name]["by"][field] == per_value, f"{name} by {field}"


def _case_slug(game: str, number: int) -> str:
    return f"{game}-broken{number:03d}"


@pytest.fixture(scope="module")
def broken_findings(tmp_path_factory):
    """`get(game)`: (exit code, findings by game) of one `pnp validate --quick --format json` of a project holding the
    game as shipped and, beside it, one copy of its data per broken case (data/<game>-brokenNNN/), each changed as its
    case says. Every case's edits stay inside its own copy's data (the templates are shared, unchanged), and a game is
    checked on its own data alone, so each copy shows the findings its case alone would: one validate checks them all
    (each case's own test reads its copy's findings), and the game as shipped, checked beside them, must stay clean."""
    runs: dict[str, tuple[int, dict[str, list[dict]]]] = {}

    def get(game: str) -> tuple[int, dict[str, list[dict]]]:
        if game not in runs:
            root = _copy_project(tmp_path_factory.mktemp(game), [game])
            for number, case in enumerate(_case_file(game)["broken"]):
                slug = _case_slug(game, number)
                shutil.copytree(root / "data" / game, root / "data" / slug)
                for edit in case["edits"]:
                    assert edit["file"].startswith(f"data/{game}/"), f"{case['name']}: an edit outside the game's data needs a project of its own"
                apply_edits(root, [{**edit, "file": f"data/{slug}/" + edit["file"].removeprefix(f"data/{game}/")} for edit in case["edits"]])
            result = run_pnp(root, "validate", "--quick", "--format", "json")  # data checks: tests/test_findings.py holds them equal to a full validate's
            by_game: dict[str, list[dict]] = {}
            for finding in json.loads(result.output):
                by_game.setdefault(finding["game"], []).append(finding)
            runs[game] = (result.exit_code, by_game)
        return runs[game]

    return get


def test_each_game_as_shipped_checks_clean_beside_its_broken_copies(broken_findings):
    """The data checks of `pnp validate --quick` name no error in a game as shipped, and no broken copy's finding lands
    on it, checked in the same validate: each case's copy is alone. (The checks of its faces are the run's shared build's,
    conftest.shared_build, which refuses a game with an error: test_each_output_the_rules_need_is_written fails then.)"""
    for game in GAMES:
        code, by_game = broken_findings(game)
        assert code == 1, game
        assert not [f for f in by_game.get(game, []) if f["severity"] == "error"], json.dumps(by_game.get(game), indent=1, ensure_ascii=False)


@pytest.mark.parametrize("game, case", list(_broken_cases()))
def test_a_broken_copy_of_the_game_is_caught(broken_findings, game, case):
    number = _case_file(game)["broken"].index(case)
    slug = _case_slug(game, number)
    _caught(broken_findings(game)[1].get(slug, []), slug, case)


def _caught(found: list[dict], slug: str, case: dict) -> None:
    matching = [f for f in found if f["code"] == case["code"] and f["severity"] == "error"]
    shown = json.dumps(found, indent=1, ensure_ascii=False)
    assert matching, f"no {case['code']} in {shown}"
    messages = [f["message"] for f in matching]
    if "message" in case:
        assert case["message"] in messages, messages
    if "message_start" in case:
        assert any(m.startswith(case["message_start"]) for m in messages), messages
    if "message_has" in case:
        assert any(case["message_has"] in m for m in messages), messages
    assert all(f["file"] and f["line"] for f in matching), "every finding names its file and line"
    assert all(f["file"].startswith(f"data/{slug}/") for f in matching), [f["file"] for f in matching]  # the broken copy's file


# The PDFs ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_each_output_the_rules_need_is_written(built, game):
    """Each kind of piece the rules need is printed: in its own PDF, or, for tokens that all fit the card sheets' last
    sheet (issue 75), on the card sheets, which the build says."""
    names = {p.name for p in _pdfs(built, game)}
    log = build_log(built)
    for kind in _case_file(game)["outputs"]:
        on_cards = kind == "tokens" and f"{game}-cards.pdf: tokens: on the last card sheet" in log
        assert f"{game}-{kind}.pdf" in names or (on_cards and f"{game}-cards.pdf" in names), names


@pytest.mark.parametrize("game", GAMES)
def test_every_page_is_letter_and_every_font_embedded(built, game):
    for pdf in _pdfs(built, game):
        reader = PdfReader(pdf)
        for n, page in enumerate(reader.pages, 1):
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert sorted(size) == sorted(LETTER_PT), f"{pdf.name} page {n} is {size[0] / MM:.2f} × {size[1] / MM:.2f} mm"
        fonts = pdf_fonts(reader)
        assert fonts and all(fonts.values()), f"{pdf.name}: {fonts}"


def _decks(game: str) -> list[dict]:
    """Each deck's YAML; a deck kept in a CSV gets its rows as `cards`, read with the csv module, not pnp's loader."""
    decks = []
    for path in sorted((ROOT / "data" / game / "decks").glob("*.yaml")):
        deck = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "cards_from" in deck:
            with (path.parent / deck["cards_from"]).open(encoding="utf-8-sig", newline="") as f:
                deck["cards"] = list(csv.DictReader(f))
        if "generate" in deck:
            deck["cards"] = _generated(deck["generate"])
        decks.append(deck)
    return decks


def _generated(block: dict) -> list[dict]:
    """The cards a deck's `generate:` block stands for, worked out here from its lists (docs/editions.md), not by pnp."""
    combos = [dict(zip(block["values"], values, strict=True)) for values in itertools.product(*block["values"].values())]
    kept = [c for c in combos if not any(all(c.get(k) == v for k, v in rule.items()) for rule in block.get("except", []))]
    return [{**c, "count": block.get("copies", 1)} for c in kept]


@pytest.mark.parametrize("game", GAMES)
def test_every_card_name_is_printed_and_every_deck_bookmarked(built, game):
    pdf = built / game / f"{game}-cards.pdf"
    text = _squeezed("".join(page_texts(pdf)))
    decks = _decks(game)
    missing = [f"{d['name']}: {c['name']}" for d in decks for c in d["cards"]
               if isinstance(c.get("name"), str) and "{" not in c["name"] and _squeezed(c["name"]) not in text]
    assert not missing, f"card names not found in {pdf.name}: {missing}"
    bookmarks = {item.title for item in PdfReader(pdf).outline if not isinstance(item, list)}
    assert {d["name"] for d in decks} <= bookmarks, bookmarks


@pytest.mark.parametrize("game", GAMES)
def test_the_rulebook_prints_every_heading(built, game):
    source = (ROOT / "data" / game / "rulebook.md").read_text(encoding="utf-8")
    body = source.split("\n---\n", 1)[1] if source.startswith("---\n") else source
    headings = [m.group(1) for m in re.finditer(r"^#{1,3} +(.+?) *$", body, re.M) if "{" not in m.group(1)]
    assert headings
    text = _squeezed("".join(page_texts(built / game / f"{game}-rulebook.pdf")))
    missing = [h for h in headings if _squeezed(re.sub(r":[a-z0-9_-]+:", "", h)) not in text]
    assert not missing, missing
