"""The designer's spreadsheets whole (issue #101): a deck's CSV, TSV, XLSX or ODS sheet read as a spreadsheet program
shows it, each finding at the cell as the program names it (column letters, row numbers, the sheet's own name); a
formula that carries no saved value never read as a blank and never run; a zipped workbook measured before it is read.

Each test writes the sheet it reads, as the program that makes such a file writes it (the workbook's XML by hand
where the test is about what that XML says, ECMA-376 for .xlsx, ODF 1.2 for .ods), points the tiny game's deck at
it and runs `pnp validate` or `pnp build`, reading back what the designer sees."""
from __future__ import annotations

import zipfile
from pathlib import Path

from conftest import run_pnp

DECKS = "data/tiny/decks"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
OFFICE_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
WORKSHEET = f"{OFFICE_RELS}/worksheet"


def xlsx(path: Path, sheets: dict[str, str], targets: dict[str, str] | None = None) -> None:
    """A workbook as a program writes its zip: `sheets` maps each sheet's name to its rows' XML (`<row>`s in
    SpreadsheetML's default namespace), in order; `targets` gives a sheet's relationship target where it is not
    the usual `worksheets/sheetN.xml` beside the workbook part."""
    targets = targets or {}
    names = list(sheets)
    book = "".join(f'<sheet name="{name}" sheetId="{n}" r:id="rId{n}"/>' for n, name in enumerate(names, 1))
    rels = "".join(f'<Relationship Id="rId{n}" Type="{WORKSHEET}" Target="{targets.get(name, f"worksheets/sheet{n}.xml")}"/>'
                   for n, name in enumerate(names, 1))
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" '
                               'ContentType="application/xml"/><Default Extension="rels" '
                               'ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="{PACKAGE_RELS}"><Relationship Id="rId1" Type="{OFFICE_RELS}/officeDocument" '
                       'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{OFFICE_RELS}"><sheets>{book}</sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{PACKAGE_RELS}">{rels}</Relationships>',
    }
    for n, (name, rows) in enumerate(sheets.items(), 1):
        target = targets.get(name, f"worksheets/sheet{n}.xml")
        parts[target.lstrip("/") if target.startswith("/") else f"xl/{target}"] = \
            f'<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for part, data in parts.items():
            z.writestr(part, data)


def text(ref: str, value: str) -> str:
    """A cell holding text, written inline (as many exporters do)."""
    return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'


def number(ref: str, value: int) -> str:
    return f'<c r="{ref}"><v>{value}</v></c>'


def hero_row(row: int, card: str, *more: str) -> str:
    """A row of the tiny game's heroes: an id, a name, stars, number and text, then `more` cells."""
    return (f'<row r="{row}">{text(f"A{row}", card)}{text(f"B{row}", card.title())}{number(f"C{row}", 2)}{number(f"D{row}", row)}'
            f'{text(f"E{row}", "Some text.")}{"".join(more)}</row>')


HERO_HEADER = '<row r="1">' + "".join(text(f"{c}1", h) for c, h in zip("ABCDE", ("id", "name", "stars", "number", "text"), strict=True))


def use_workbook(project: Path, name: str, sheet: str) -> None:
    (project / f"{DECKS}/heroes.yaml").write_text(f"name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
                                                  f"cards_from: {name}\nsheet: {sheet}\n", encoding="utf-8")


def errors(project: Path, *args: str) -> list[str]:
    result = run_pnp(project, "validate", "--quick", "tiny", *args)
    return [line for line in result.output.splitlines() if ": error: " in line]


# Formulas with no saved value -------------------------------------------------------------------------------------
def test_each_formula_without_a_saved_value_is_one_error_at_its_cell_and_a_saved_one_is_none(project):
    """ECMA-376 stores a formula's last result in the cell's `<v>`; a program that never computed it writes `<f>` alone
    (a shared formula's later cells carry no formula text of their own). The sheet 'Heroes' is reached by an absolute
    part name (`/xl/...`, as some writers give it) and sits second, behind a sheet whose own formula has no value.
    Saved results, a number, a text and an empty text (`t="str"`, `<v></v>`), are no finding; each unsaved one is
    one error at its cell as Excel names it (AB is column 28), naming the formula the designer typed."""
    notes = '<row r="1"><c r="A1"><f>1+1</f></c></row>'
    saved = ('<c r="AB2"><f>D2*2</f><v>4</v></c><c r="AC2" t="str"><f>"x"&amp;"y"</f><v>xy</v></c>'
             '<c r="AD2" t="str"><f>""</f><v></v></c>')
    rows = (HERO_HEADER + text("AB1", "bonus") + text("AC1", "tag") + text("AD1", "note") + "</row>" + hero_row(2, "spy", saved)
            + hero_row(3, "thief", '<c r="AB3"><f t="shared" ref="AB3:AB4" si="0">D3*2</f></c>')
            + hero_row(4, "mole", '<c r="AB4"><f t="shared" si="0"/></c>'))
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Notes": notes, "Heroes": rows}, targets={"Heroes": "/xl/worksheets/cards.xml"})
    use_workbook(project, "heroes.xlsx", "Heroes")
    found = errors(project)
    assert [line.split(": error: ")[0] for line in found] == ["data/tiny/decks/heroes.xlsx[Heroes]!AB3", "data/tiny/decks/heroes.xlsx[Heroes]!AB4"], found
    assert "the formula =D3*2 has no saved value" in found[0] and "a shared formula has no saved value" in found[1], found
    assert all("save it" in line for line in found), found
