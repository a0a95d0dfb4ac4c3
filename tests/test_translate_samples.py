"""Translation sheets as spreadsheet programs save them back (issue #101 item 2), kept in tests/samples/translate/ with
their sources: each imports into a fresh `pnp new gems` game, whatever its program did to the sheet (a byte-order mark,
CRLF or LF, a line break inside a quoted cell, `;` between cells, every value quoted, a workbook's sheet named after its
file, the export's `'` guard kept as text), with its rows in another order and a translator's `notes` column kept aside.
Also the messages about a sheet too big or too wide (issue #100 item 6), each about the sheet and one short line."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from conftest import run_pnp
from test_translate import copy_game, german_gems, letters, read_csv, write_csv

SAMPLES = Path(__file__).parent / "samples" / "translate"
TYPED = {  # what the translator typed in the sample sheets, by where it is written in the game
    "title@de": "Edelsteine",
    "pitch@de": "Sammelt Kristallsätze, bevor die Höhlen einstürzen.",
}
CARDS = {("ruby-1", "name"): "Rubinsplitter", ("ruby-3", "text"): "Nimm zwei Edelsteine.\nDann passe.",
         ("emerald-1", "text"): "- Nimm einen Edelstein.", ("sapphire-2", "name"): "Saphirflut"}
ENGLISH = {("ruby-1", "name"): "Ruby shard", ("ruby-3", "text"): "Take two gems.\nThen pass.", ("emerald-1", "text"): "Take a gem.",
           ("sapphire-2", "name"): "Sapphire tide"}


@pytest.fixture(scope="module")
def blank(tmp_path_factory) -> Path:
    return german_gems(tmp_path_factory.mktemp("samples") / "blank")


def test_the_samples_carry_what_their_programs_write():
    """What the README says of each sample holds of its bytes (no checkout has normalised them)."""
    excel, libre, semi = (SAMPLES / name for name in ("excel-utf8.csv", "libreoffice.csv", "excel-semicolon.csv"))
    for path in (excel, semi):
        data = path.read_bytes()
        assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\r\n") == 9 and b"Edelsteine.\nDann" in data
    assert semi.read_bytes().split(b"\r\n")[0].count(b";") == 7
    data = libre.read_bytes()
    assert not data.startswith(b"\xef\xbb\xbf") and b"\r" not in data and data.startswith(b'"id","where"')
    for name in ("libreoffice.xlsx", "libreoffice.ods"):
        with zipfile.ZipFile(SAMPLES / name) as zf:
            meta = zf.read("docProps/app.xml" if name.endswith(".xlsx") else "meta.xml").decode()
        assert "LibreOffice/7.4.7.2" in meta


@pytest.mark.parametrize("sample", ["libreoffice.xlsx", "libreoffice.ods", "libreoffice.csv", "excel-utf8.csv", "excel-semicolon.csv"])
def test_a_sheet_as_a_spreadsheet_program_saved_it_imports_whole(blank, tmp_path, sample):
    root = copy_game(blank, tmp_path)
    result = run_pnp(root, "translate", "import", str(SAMPLES / sample))
    assert result.exit_code == 0 and "warning" not in result.output and "error" not in result.output, result.output
    assert "data/gems/game.yaml: 2 translations written" in result.output
    assert "data/gems/decks/crystals.yaml: 1 translation written" in result.output
    assert "data/gems/decks/crystals.csv: 4 translations written" in result.output
    assert "1 column kept aside, not read (H notes): the import writes the 'de' column only" in result.output
    game = (root / "data/gems/game.yaml").read_text(encoding="utf-8")
    assert "title@de: Edelsteine\n" in game and f"pitch@de: {TYPED['pitch@de']}\n" in game
    assert f"name@de: Kristalle\nname@de~src: {letters('Crystals')}" in (root / "data/gems/decks/crystals.yaml").read_text(encoding="utf-8")
    rows = read_csv(root / "data/gems/decks/crystals.csv")
    head, cards = rows[0], {row[0]: row for row in rows[1:]}
    for (card, name), german in CARDS.items():
        assert cards[card][head.index(f"{name}@de")] == ("'" + german if german.startswith("-") else german)  # the guard again
        assert cards[card][head.index(f"{name}@de~src")] == letters(ENGLISH[card, name])
    assert "notes" not in head and not (root / "data/gems/rulebook.de.md").exists()  # an empty cell writes nothing


def test_300000_extra_columns_are_kept_aside_in_one_short_line(blank, tmp_path):
    root = copy_game(blank, tmp_path)
    head = ["id", "where", "en", "de", "status", "fits", "face", *(f"note {i}" for i in range(300_000))]
    write_csv(root / "wide.csv", [head, ["data/gems/game.yaml#title", "", "Gems", "Edelsteine", "missing", "", ""]])
    result = run_pnp(root, "translate", "import", str(root / "wide.csv"))
    assert result.exit_code == 0 and "data/gems/game.yaml: 1 translation written" in result.output, result.output[:2000]
    assert max(len(line) for line in result.output.splitlines()) < 400
    assert "300,000 columns kept aside, not read (H note 0, I note 1" in result.output and "and 299,992 more" in result.output
    head[0] = "key"  # no id column: the one error names a few of its headers, not all 300,007
    write_csv(root / "wide.csv", [head, ["data/gems/game.yaml#title", "", "Gems", "Edelsteine", "missing", "", ""]])
    result = run_pnp(root, "translate", "import", str(root / "wide.csv"))
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and len(errors[0]) < 600, result.output[:2000]
    assert errors[0].startswith("wide.csv:1:1: error: the header row must name id") and "and 299,999 more" in errors[0]


@pytest.mark.parametrize("command", [("translate", "import"), ("feedback", "import")])
def test_a_sheet_over_the_size_limit_is_an_error_about_the_sheet(blank, tmp_path, command):
    """Both imports: the advice is to import the sheet in parts, not to split a deck."""
    root = copy_game(blank, tmp_path)
    with (root / "big.csv").open("wb") as f:
        f.truncate(20_000_001)  # a byte over the 20 MB any sheet may hold (docs/limits.md), without writing them
    result = run_pnp(root, *command, str(root / "big.csv"))
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    where, _, said = errors[0].partition(": error: ")
    assert where.endswith("big.csv") and said.startswith("file is 20,000,001 bytes") and "deck" not in said, errors[0]
    assert "split its rows between two sheets, each under the header row, and import each" in errors[0]


def test_rows_in_any_order_import_alike(blank, tmp_path):
    """The sample's rows sorted back into the export's order give the same files as the re-sorted sample."""
    rows = read_csv(SAMPLES / "excel-utf8.csv")
    write_csv(tmp_path / "sorted.csv", [rows[0], *sorted(rows[1:])])
    first, second = copy_game(blank, tmp_path / "a"), copy_game(blank, tmp_path / "b")
    assert run_pnp(first, "translate", "import", str(SAMPLES / "excel-utf8.csv")).exit_code == 0
    assert run_pnp(second, "translate", "import", str(tmp_path / "sorted.csv")).exit_code == 0
    files = sorted(p.relative_to(first).as_posix() for p in (first / "data").rglob("*") if p.is_file())
    assert all((first / f).read_bytes() == (second / f).read_bytes() for f in files)


def test_a_workbook_stretched_past_the_cell_limit_is_an_error_about_the_sheet(blank, tmp_path):
    """A translator's workbook with one stray value in row 1,000,001: over the million cells a sheet may span, said at
    that cell, with an imported sheet's advice (no word of cards or decks)."""
    from openpyxl import Workbook

    root = copy_game(blank, tmp_path)
    book = Workbook()
    book.active.title = "de"
    book.active.append(["id", "where", "en", "de", "status", "fits", "face"])
    book.active["A1000001"] = "stray"
    book.save(root / "de.xlsx")
    result = run_pnp(root, "translate", "import", str(root / "de.xlsx"))
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].startswith("de.xlsx[de]!A1000001: error: sheet 'de' spans 1,000,001 rows"), errors[0]
    assert "delete the rows and columns past the table, or split its rows between two sheets" in errors[0]
    assert "card" not in errors[0] and "deck" not in errors[0]
