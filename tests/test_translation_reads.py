"""What a translator's sheet and the German check say of a file they cannot read (pnp.data.translations): a link out
of the project, a byte that is not UTF-8, a deck's sheet outside its game's folder or missing, each one error at its
place, the one `validate` gives, held through `pnp translate export`, `import` and `validate` run in process on the
`pnp new` game of tests/test_translation_texts.py (docs/editions.md, "A translator's round trip")."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_pnp
from test_translate import read_csv, write_csv
from test_translation_texts import BOOK, copy_of, deck_options, new_gems, warnings_of


@pytest.fixture(scope="module")
def blank(tmp_path_factory) -> Path:
    return new_gems(tmp_path_factory.mktemp("reads") / "blank")


@pytest.fixture
def root(blank, tmp_path) -> Path:
    return copy_of(blank, tmp_path)


@pytest.mark.parametrize("bad", [BOOK, "data/gems/rulebook.de.md"])
def test_a_rulebook_that_is_not_utf8_is_one_error_at_its_byte_in_the_export_and_in_the_german_check(root, bad):
    """The sheet reads both files, and the German check rulebook.md for its stale sections: a byte that is not UTF-8 in
    either is one error at that byte's line and column (the fifth character of line 2 here) in `pnp translate export`,
    and in rulebook.md in `validate --lang de --quick` too (which renders nothing, so reads rulebook.de.md for nothing)."""
    (root / BOOK).write_text("# Goal\nWin it now.\n", encoding="utf-8")
    (root / "data/gems/rulebook.de.md").write_text("# Ziel\nGewinnt.\n", encoding="utf-8")
    (root / bad).write_bytes((root / bad).read_bytes().split(b"\n")[0] + b"\nWin \xff now.\n")
    for command in (("translate", "export", "gems", "--lang", "de", "--dpi", "30"), ("validate", "gems", "--lang", "de", "--quick"))[:2 if bad == BOOK else 1]:
        result = run_pnp(root, *command)
        errors = [e for e in result.output.splitlines() if ": error: " in e]
        assert len(errors) == 1 and errors[0].startswith(f"{bad}:2:5: error: ") and "UTF-8" in errors[0], result.output


def test_every_file_that_does_not_read_is_said_by_the_import_each_at_its_place(root):
    """`pnp translate import` reads every file of the game for its texts: a deck, a part's file and the rulebook that
    do not read are three errors, each at its own place (docs/editions.md: "a file of the game that does not read
    gives its own"), and nothing is written."""
    (root / "data/gems/decks/crystals.yaml").write_text("name: [Crystals\n", encoding="utf-8")
    (root / "data/gems/tokens.yaml").write_text("tokens:\n  - id: gems\n    name: [Gems\n", encoding="utf-8")
    (root / BOOK).write_bytes(b"# Goal\nWin \xff now.\n")
    write_csv(root / "de.csv", [["id", "en", "de"], ["data/gems/game.yaml#title", "Gems", "Edelsteine"]])
    before = (root / "data/gems/game.yaml").read_bytes()
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    errors = sorted(e.split(": error: ")[0] for e in result.output.splitlines() if ": error: " in e)
    assert result.exit_code == 1 and errors == ["data/gems/decks/crystals.yaml:2:1", f"{BOOK}:2:5", "data/gems/tokens.yaml:4:1"], result.output
    assert (root / "data/gems/game.yaml").read_bytes() == before


def test_a_broken_rulebook_in_another_language_hides_no_stale_german_section(root):
    """The German check reads rulebook.md and rulebook.de.md: a Czech rulebook (named before the German one) that does
    not read (not UTF-8) is the Czech edition's to say, and the stale German section is still warned of."""
    (root / BOOK).write_text("# Goal\nWin.\n", encoding="utf-8")
    (root / "data/gems/rulebook.de.md").write_text("# Ziel\n{# src: aaaaaaaa #}\nGewinnt.\n", encoding="utf-8")
    (root / "data/gems/rulebook.cs.md").write_bytes("# Cíl\nVyhrajte.\n".encode("latin-1") + b"\xff\n")
    result = run_pnp(root, "validate", "gems", "--lang", "de", "--quick")
    stale = [w for w in warnings_of(result) if "made from an older text" in w]
    assert len(stale) == 1 and stale[0].startswith("data/gems/rulebook.de.md:1:1: warning: translation of the rulebook's section 'goal'"), result.output
    assert ": error: " not in result.output, result.output


@pytest.mark.parametrize("name", ["rulebook.md", "rulebook.de.md"])
def test_a_rulebook_linked_from_outside_the_project_is_read_by_no_command_and_said_once(root, tmp_path_factory, name):
    """Nothing is read from outside the project: a rulebook (or its German translation) that is a link to a file
    elsewhere gives one error naming it, in the export and in validate, and none of its text reaches the sheet."""
    outside = tmp_path_factory.mktemp("elsewhere") / name
    outside.write_text("# Geheim\n{# src: aaaaaaaa #}\nSecret words.\n", encoding="utf-8")
    link = root / "data/gems" / name
    if link.exists():
        link.unlink()
    link.symlink_to(outside)
    if name == "rulebook.md":
        (root / "data/gems/rulebook.de.md").write_text("# Geheim\n{# src: aaaaaaaa #}\nGeheime Worte.\n", encoding="utf-8")
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].startswith(f"data/gems/{name}: error: "), result.output
    assert "outside the project's data/ folder" in errors[0]
    sheet = (root / "output/gems/translate/gems-de.csv").read_text(encoding="utf-8-sig")
    assert "Secret" not in sheet and "Geheim" not in sheet and "rulebook.md#" not in sheet
    for lang in (("--lang", "de"), ()):  # the German check alone reads rulebook.md for its stale sections: it says the link too
        result = run_pnp(root, "validate", "gems", *lang, "--quick")
        errors = [line for line in result.output.splitlines() if ": error: " in line]
        assert not warnings_of(result) and "internal error" not in result.output, result.output
        assert len(errors) == 1 and errors[0].startswith(f"data/gems/{name}: error: ") and "outside the project's data/ folder" in errors[0], result.output


@pytest.mark.parametrize(("name", "text"), [("decks/crystals.yaml", "Crystals"), ("tokens.yaml", "Gems tokens")])
def test_a_data_file_linked_from_outside_the_project_lends_the_sheet_no_text(root, tmp_path_factory, name, text):
    """A deck or a part's file that is a link to a file elsewhere: its texts are not listed, and the export names it in
    one error."""
    link = root / "data/gems" / name
    outside = tmp_path_factory.mktemp("elsewhere") / link.name
    outside.write_text(link.read_text(encoding="utf-8").replace("name: Gems", "name: Gems tokens"), encoding="utf-8")
    link.unlink()
    link.symlink_to(outside)
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].startswith(f"data/gems/{name}: error: 'data/gems/{name}' is a link"), result.output
    sheet = (root / "output/gems/translate/gems-de.csv").read_text(encoding="utf-8-sig")
    assert text not in sheet and f"data/gems/{name}#" not in sheet


def sheet_elsewhere(root: Path, outside: Path, how: str) -> str:
    """crystals.yaml's sheet put where its deck cannot read it; what `cards_from` then says."""
    sheet = root / "data/gems/decks/crystals.csv"
    if how == "a link out of the project":
        (outside / "crystals.csv").write_bytes(sheet.read_bytes())
        sheet.unlink()
        sheet.symlink_to(outside / "crystals.csv")
        return "crystals.csv"
    if how == "in another game's folder":
        (root / "data/other").mkdir()
        sheet.rename(root / "data/other/crystals.csv")
        return "../../other/crystals.csv"
    sheet.unlink()
    return "crystals.csv"


@pytest.mark.parametrize(("how", "says"), [("a link out of the project", "leads outside the game's folder: keep the sheet inside data/gems"),
                                           ("in another game's folder", "leads outside the game's folder: keep the sheet inside data/gems"),
                                           ("no file", "which is no file beside crystals.yaml")])
def test_a_decks_sheet_it_cannot_read_is_one_error_at_cards_from_in_the_export_as_in_validate(root, tmp_path_factory, how, says):
    """One mistake, one finding (docs/findings.md): a deck whose `cards_from` sheet lies outside the game's folder (a
    link out, another game's folder) or is missing is one error at `cards_from` in `pnp translate export`, the one
    `pnp validate` gives; the sheet's texts are not listed, the deck's own are."""
    name = sheet_elsewhere(root, tmp_path_factory.mktemp("elsewhere"), how)
    deck_options(root, "", name)
    line = (root / "data/gems/decks/crystals.yaml").read_text(encoding="utf-8").split("\n").index(f"cards_from: {name}") + 1
    for command in (("translate", "export", "gems", "--lang", "de", "--dpi", "30"), ("validate", "gems", "--lang", "de", "--quick")):
        result = run_pnp(root, *command)
        errors = [e for e in result.output.splitlines() if ": error: " in e]
        assert result.exit_code == 1 and len(errors) == 1, result.output
        assert errors[0].startswith(f"data/gems/decks/crystals.yaml:{line}:13: error: cards_from") and says in errors[0], result.output
    listed = [row[0] for row in read_csv(root / "output/gems/translate/gems-de.csv")]  # written all the same
    assert "data/gems/decks/crystals.yaml#name" in listed and not any("crystals.csv#" in cid for cid in listed), listed


@pytest.mark.parametrize(("options", "key", "says"), [("", "cards_from", "crystals.xlsx has 2 sheets: name the one holding the cards with `sheet:`"),
                                                      ("sheet: Crystal\n", "sheet", "no sheet 'Crystal' in crystals.xlsx (did you mean 'Crystals'?)")])
def test_a_workbook_sheet_not_named_or_misnamed_is_one_error_at_the_decks_line_in_the_export_as_in_validate(root, options, key, says):
    """A deck reading a workbook of two filled sheets (`Notes`, `Crystals`) names the one holding its cards with `sheet:`: with
    none, or one that is not there, the fix is the deck's, so the one error is at the deck's line (`cards_from`'s value,
    or `sheet`'s), the same in `pnp translate export` as in `pnp validate`."""
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["playtest notes"])  # a sheet holding cells: an empty one is no choice (test_spreadsheet_promises.py)
    sheet = book.create_sheet("Crystals")
    for row in read_csv(root / "data/gems/decks/crystals.csv"):
        sheet.append(row)
    book.save(root / "data/gems/decks/crystals.xlsx")
    deck_options(root, options, "crystals.xlsx")
    lines = (root / "data/gems/decks/crystals.yaml").read_text(encoding="utf-8").split("\n")
    line = next(n for n, text in enumerate(lines, 1) if text.startswith(f"{key}:"))
    for command in (("translate", "export", "gems", "--lang", "de", "--dpi", "30"), ("validate", "gems", "--lang", "de", "--quick")):
        result = run_pnp(root, *command)
        errors = [e for e in result.output.splitlines() if ": error: " in e]
        assert result.exit_code == 1 and len(errors) == 1, result.output
        assert errors[0].startswith(f"data/gems/decks/crystals.yaml:{line}:{len(key) + 3}: error: {says}"), result.output
