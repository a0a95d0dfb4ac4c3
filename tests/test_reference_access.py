"""The reference sheet as a tagged PDF (issue #78 item 5), on Narco Empire's reference built once in this process.

Its structure tree, read back, holds what the sheet shows in reading order: the game's title (H1), each section's
title (H2), its steps, bullets and icon legend as lists (L, LI: the number as Lbl, the text in LBody; a legend's icon a
Figure whose /Alt is the icon's name), its table with header cells (TH, scope Column) and data cells. Expected values
are reference.yaml's, read by yaml on its own, with their facts filled in; the text of each element is what pdfium
reads in its marked content. Footers, bands, rules and the player-aid cards (placed as forms, card-sized, the same
lines again) are artifacts. The catalog gives the edition's language and the title. The structure walk and the page
reading are test_rulebook_access's."""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from test_rulebook_access import _page_objects, _squeeze, _text, _walk

GAME = "narco-empire"


def _build(tmp: Path, slug: str, lang: str | None = None) -> Path:
    from conftest import ROOT

    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options
    from pnp.outputs.reference import build_reference

    project = Project(ROOT, lang=lang) if lang else Project(ROOT)
    gctx = Engine(project).for_game(project.load_game(slug)[0])
    files, findings = build_reference(gctx, Options())
    assert not [f for f in findings if f.severity == "error"]
    (name, data, _), = files
    (tmp / name).write_bytes(data)
    return tmp / name


@pytest.fixture(scope="module")
def pdf(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("refaccess"), GAME)


@pytest.fixture(scope="module")
def sheet(pdf):
    """(reader, elements in reading order, the text drawn for each (page, MCID))."""
    reader = PdfReader(pdf)
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    elems: list[dict] = []
    _walk(reader.trailer["/Root"]["/StructTreeRoot"]["/K"].get_object(), None, pages, elems)
    texts: dict = defaultdict(str)
    for page, objects in enumerate(_page_objects(pdf)):
        for _, marks, text, _ in objects:
            mcid = next((m for _, m in marks if m is not None), None)
            if mcid is not None:
                texts[page, mcid] += text
    return reader, elems, texts


@pytest.fixture(scope="module")
def sections():
    """The sheet's sections as reference.yaml writes them (every one but `only: aid`), their facts filled in."""
    from conftest import ROOT

    facts = yaml.safe_load((ROOT / "data" / GAME / "game.yaml").read_text(encoding="utf-8")).get("facts", {})
    raw = yaml.safe_load((ROOT / "data" / GAME / "reference.yaml").read_text(encoding="utf-8"))

    def filled(value):
        if isinstance(value, dict):
            return {k: filled(v) for k, v in value.items()}
        if isinstance(value, list):
            return [filled(v) for v in value]
        return re.sub(r"\{\{\s*game\.facts\.(\w+)\s*\}\}", lambda m: str(facts[m[1]]), str(value))

    return [filled(sec) for sec in raw["sections"] if sec.get("only") != "aid"]


def _read(text: str) -> str:
    """What a line prints as text: its markup and inline icons (drawn as pictures, spoken by name) left out; a dash
    before a number prints as a minus sign (the typesetter's rule)."""
    return _squeeze(re.sub(r":[a-z0-9-]+:", "", text).replace("**", "").replace("*", "")).replace("–", "−")


def _matches(found: list[str], lines: list[str]) -> bool:
    """Each found text is its line's (a fact beside game.facts, `{{ tokens.x.total }}`, stands for any number)."""
    patterns = [re.escape(_read(line)).replace(r"\{\{", "{{").replace(r"\}\}", "}}") for line in lines]
    patterns = [re.sub(r"\{\{.*?\}\}", r"\\d+", p) for p in patterns]
    return len(found) == len(lines) and all(re.fullmatch(p, f) for p, f in zip(patterns, found, strict=True))


def test_the_catalog_names_the_language_and_the_title(sheet):
    reader, elems, _ = sheet
    root = reader.trailer["/Root"]
    assert root["/Lang"] == "en"
    assert root["/MarkInfo"]["/Marked"] == True  # noqa: E712  (pypdf reads a PDF boolean as its BooleanObject)
    assert root["/ViewerPreferences"]["/DisplayDocTitle"] == True  # noqa: E712
    assert reader.metadata.title == "Narco Empire — reference"
    assert elems[0]["role"] == "Document"


def test_the_headings_are_the_games_title_and_each_sections_title_in_order(sheet, sections):
    _, elems, texts = sheet
    assert [_text(e, texts).strip() for e in elems if e["role"] == "H1"] == ["Narco Empire"]
    assert [_squeeze(_text(e, texts)) for e in elems if e["role"] == "H2"] == [_read(s["title"]) for s in sections]


def _after_each_heading(elems: list[dict], texts: dict) -> dict[str, list[dict]]:
    """The Document's kids after each H2, up to the next one: what its section holds."""
    out: dict = {}
    current = None
    for kid in elems[0]["kids"]:
        if kid["role"] == "H2":
            current = out.setdefault(_squeeze(_text(kid, texts)), [])
        elif current is not None:
            current.append(kid)
    return out


def test_steps_bullets_and_legends_are_lists_of_their_lines(sheet, sections):
    _, elems, texts = sheet
    held = _after_each_heading(elems, texts)
    checked = 0
    for sec in sections:
        lists = [e for e in held[_read(sec["title"])] if e["role"] == "L"]
        expected = [lines for lines in (sec.get("steps"), sec.get("bullets"), [i["text"] for i in sec.get("legend", [])] or None) if lines]
        assert len(lists) == len(expected), sec["title"]
        for found, lines in zip(lists, expected, strict=True):
            assert [k["role"] for k in found["kids"]] == ["LI"] * len(lines)
            bodies = [next(k for k in item["kids"] if k["role"] == "LBody") for item in found["kids"]]
            found = [_squeeze(_text(b, texts)).replace("–", "−") for b in bodies]
            assert _matches(found, lines), (found, lines)
            checked += len(lines)
        if sec.get("steps"):
            labels = [next(k for k in item["kids"] if k["role"] == "Lbl") for item in lists[0]["kids"]]
            assert [_text(label, texts).strip() for label in labels] == [f"{n}." for n in range(1, len(sec["steps"]) + 1)]
    assert checked > 20


def test_a_legends_icons_are_figures_named_by_their_icons(sheet, sections):
    _, elems, _ = sheet
    figures = [e for e in elems if e["role"] == "Figure"]
    assert [str(f["alt"]) for f in figures] == [i["icon"].replace("-", " ") for s in sections for i in s.get("legend", [])]
    assert all(f["parent"]["role"] == "Lbl" and f["marks"] for f in figures)


def test_a_legend_icons_figure_says_its_name_as_words_without_dashes_or_underscores(project):
    """A reader hears a legend's `crossed-swords` as "crossed swords" and a game's own `gold_coin` as "gold coin", the
    words the rules' inline icons are read by, never the file's name spelt out."""
    import pikepdf
    from conftest import run_pnp

    (project / "templates/icons").mkdir(exist_ok=True)
    (project / "templates/icons/gold_coin.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c90"/></svg>\n', encoding="utf-8")
    reference = project / "data/tiny/reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8") + '      - {icon: crossed-swords, text: "Fight"}\n'
                         '      - {icon: gold_coin, text: "Gold"}\n', encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "reference")
    assert result.exit_code == 0, result.output + result.stderr
    with pikepdf.open(project / "output/tiny/tiny-reference.pdf") as pdf:
        said = [str(obj.get("/Alt")) for obj in pdf.objects
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/S") == pikepdf.Name.Figure]
    assert said == ["star", "crossed swords", "gold coin"], said


def test_a_table_has_its_header_cells_and_its_rows(sheet, sections):
    _, elems, texts = sheet
    tables = [e for e in elems if e["role"] == "Table"]
    written = [s["table"] for s in sections if s.get("table")]
    assert len(tables) == len(written) == 1
    rows = [[(c["role"], _squeeze(_text(c, texts))) for c in row["kids"]] for row in tables[0]["kids"]]
    header, body = written[0]["header"], written[0]["rows"]
    assert rows[0] == [("TH", _read(str(c))) for c in header]
    assert rows[1:] == [[("TD", _read(str(c))) for c in row] for row in body]
    th = next(c for row in tables[0]["kids"] for c in row["kids"] if c["role"] == "TH")
    assert th["attrs"]["/Scope"] == "/Column"


def test_everything_drawn_is_an_elements_content_or_an_artifact(pdf, sheet):
    """Each text, path or form on a page is marked: the footer, bands and the player aids are artifacts."""
    reader, elems, _ = sheet
    for n, objects in enumerate(_page_objects(pdf)):
        unmarked = [(kind, text[:30]) for kind, marks, text, _ in objects if not any(mcid is not None or name == "Artifact" for name, mcid in marks)]
        assert not unmarked, f"page {n + 1}: {unmarked[:5]}"
    tree = reader.trailer["/Root"]["/StructTreeRoot"]
    nums = tree["/ParentTree"]["/Nums"]
    by_key = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
    for n, page in enumerate(reader.pages):
        marked = sorted(m for e in elems for m in e["marks"] if m[0] == n)
        assert [m for _, m in marked] == list(range(len(by_key[page["/StructParents"]]))), f"page {n + 1}"


def test_a_german_edition_says_it_is_german(tmp_path):
    """Organ Match's German edition: the reference's /Lang is its edition's, its headings the German ones."""
    reader = PdfReader(_build(tmp_path, "organ-match", "de"))
    assert reader.trailer["/Root"]["/Lang"] == "de"


def test_the_ink_savers_reference_keeps_its_structure(tmp_path, sheet):
    """`--ink-saver` redraws each face lighter (pnp.render.inksaver): the sheet it prints is read as the full one is."""
    from conftest import ROOT

    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options
    from pnp.outputs.reference import build_reference

    project = Project(ROOT)
    (_, data, _), = build_reference(Engine(project).for_game(project.load_game(GAME)[0]), Options(ink_saver=True))[0]
    (tmp_path / "light.pdf").write_bytes(data)
    reader = PdfReader(tmp_path / "light.pdf")
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    light: list[dict] = []
    _walk(reader.trailer["/Root"]["/StructTreeRoot"]["/K"].get_object(), None, pages, light)
    assert [e["role"] for e in light] == [e["role"] for e in sheet[1]]


def test_aid_only_sections_the_sheet_does_not_print_are_read_once_from_their_player_aid(tmp_path):
    """Police Precinct's turn summary (`only: aid`) prints on its player aids alone (its sheet has two pages, no back
    to spare): the first copy of each aid card is read, so every section's title is a heading once, and the other
    copies, like the rest of the page, are artifacts."""
    from conftest import ROOT

    pdf = _build(tmp_path, "police-precinct")
    raw = yaml.safe_load((ROOT / "data" / "police-precinct" / "reference.yaml").read_text(encoding="utf-8"))
    reader = PdfReader(pdf)
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    elems: list[dict] = []
    _walk(reader.trailer["/Root"]["/StructTreeRoot"]["/K"].get_object(), None, pages, elems)
    texts: dict = defaultdict(str)
    for n, objects in enumerate(_page_objects(pdf)):
        for _, marks, text, _ in objects:
            mcid = next((m for _, m in marks if m is not None), None)
            assert mcid is not None or any(name == "Artifact" for name, _ in marks), f"page {n + 1}: {text[:30]}"
            if mcid is not None:
                texts[n, mcid] += text
    assert any(s.get("only") == "aid" for s in raw["sections"])
    assert sorted(_squeeze(_text(e, texts)) for e in elems if e["role"] == "H2") == sorted(_read(s["title"]) for s in raw["sections"])
