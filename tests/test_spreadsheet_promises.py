"""The designer's spreadsheets whole (issue #101): a deck's CSV, TSV, XLSX or ODS sheet read as a spreadsheet program
shows it, each finding at the cell as the program names it (column letters, row numbers, the sheet's own name); a
formula that carries no saved value never read as a blank and never run; a zipped workbook measured before it is read.

Each test writes the sheet it reads, as the program that makes such a file writes it (the workbook's XML by hand
where the test is about what that XML says, ECMA-376 for .xlsx, ODF 1.2 for .ods), points the tiny game's deck at
it and runs `pnp validate` or `pnp build`, reading back what the designer sees."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
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


def _calamine_reads(path: Path) -> bool:
    """Whether the installed python-calamine opens the workbook at `path` (its floor in .ci/floors.txt may not)."""
    from python_calamine import CalamineWorkbook

    try:
        CalamineWorkbook.from_path(str(path))
    except Exception:  # calamine's own refusal, whatever its kind
        return False
    return True


# Formulas with no saved value -------------------------------------------------------------------------------------
@pytest.mark.parametrize("part", ["worksheets/cards.xml", "/xl/worksheets/cards.xml", "/Xtra/cards.xml"], ids=["relative", "absolute", "elsewhere"])
def test_each_formula_without_a_saved_value_is_one_error_at_its_cell_and_a_saved_one_is_none(project, part):
    """ECMA-376 stores a formula's last result in the cell's `<v>`; a program that never computed it writes `<f>` alone
    (a shared formula's later cells carry no formula text of their own). The sheet 'Heroes' is reached by its part's
    name relative to the workbook's (as Excel writes it) or by an absolute one (`/xl/...`, as openpyxl writes it, or
    in a folder of another name), and sits second, behind a sheet whose own formula has no value.
    Saved results, a number, a text and an empty text (`t="str"`, `<v></v>`), are no finding; each unsaved one is
    one error at its cell as Excel names it (AB is column 28), naming the formula the designer typed, a row and cells
    written without their `r` too (each just after the one before it: the seventh cell of row 5 is G5, the third of
    row 8 C8)."""
    notes = '<row r="1"><c r="A1"><f>1+1</f></c></row>'
    saved = ('<c r="AB2"><f>D2*2</f><v>4</v></c><c r="AC2" t="str"><f>"x"&amp;"y"</f><v>xy</v></c>'
             '<c r="AD2" t="str"><f>""</f><v></v></c>')
    rows = (HERO_HEADER + text("AB1", "bonus") + text("AC1", "tag") + text("AD1", "note") + "</row>" + hero_row(2, "spy", saved)
            + hero_row(3, "thief", '<c r="AB3"><f t="shared" ref="AB3:AB4" si="0">D3*2</f></c>')
            + hero_row(4, "mole", '<c r="AB4"><f t="shared" si="0"/></c>')
            + "<row>" + "".join(f"<c><v>{n}</v></c>" for n in range(5)) + "<c/><c><f>D5+1</f></c></row>"
            + '<row r="8"><c/><c/><c><f>B8</f></c></row>')
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Notes": notes, "Heroes": rows}, targets={"Heroes": part})
    use_workbook(project, "heroes.xlsx", "Heroes")
    found = errors(project)
    if not _calamine_reads(project / f"{DECKS}/heroes.xlsx"):  # python-calamine before 0.9 finds no sheet outside xl/
        assert [line.split(": error: ")[1][:32] for line in found] == ["cannot read this workbook (Calam"], found
        return
    assert [line.split(": error: ")[0] for line in found] == ["data/tiny/decks/heroes.xlsx[Heroes]!AB3", "data/tiny/decks/heroes.xlsx[Heroes]!AB4",
                                                             "data/tiny/decks/heroes.xlsx[Heroes]!G5", "data/tiny/decks/heroes.xlsx[Heroes]!C8"], found
    assert "the formula =D3*2 has no saved value" in found[0] and "a shared formula has no saved value" in found[1], found
    assert "the formula =D5+1 has no saved value" in found[2], found
    assert all("save it" in line for line in found), found


# A zipped workbook measured before it is read (docs/limits.md: 1,000,000 cells, the rectangle from A1 to the
# farthest cell counted; 100,000,000 bytes unpacked) ---------------------------------------------------------------
LIMIT = "over the 1,000,000 cell limit"
ODS = "urn:oasis:names:tc:opendocument:xmlns"


def empty_cells(count: int) -> str:
    """`count` cells with no `r`, each after the one before it in its row (ECMA-376 §18.3.1.4)."""
    return "<c/>" * count


# Each sheet reaches row 1,001 with 1,000 columns: one cell past the 1,000,000 of a 1,000 x 1,000 sheet, the last cell
# written at A1001, however the writer spelt its places (ECMA-376 lets a row and a cell leave out `r`, and then each
# stands just after the one before it)
PAST_THE_LIMIT = {
    "every place written": '<row r="1"><c r="A1"/><c r="ALL1"/></row><row r="1001"><c r="A1001"/></row>',
    "cells after the one before": f'<row r="1"><c r="A1"/>{empty_cells(999)}</row><row r="1001"><c/></row>',
    "rows after the one before": '<row r="1"><c r="ALL1"/></row><row r="999"><c/></row><row><c/></row><row><c r="A"/></row>',
    "a column letter alone": '<row r="1"><c r="ALL"/></row><row r="1001"><c r="A"/></row>',
    "a prefix no program writes": '<x:row xmlns:x="urn:x" r="1"><x:c r="ALL1"/></x:row><x:row xmlns:x="urn:x" r="1001"><x:c/></x:row>',
    "a cell placed past its row's place": '<row r="1"><c r="ALL1"/><c r="A1001"/></row>',  # calamine puts a cell where its own `r` says
}
CELLS_WRITTEN = {"every place written": 3, "cells after the one before": 1001, "rows after the one before": 4, "a column letter alone": 2,
                 "a prefix no program writes": 2, "a cell placed past its row's place": 2}  # the <c> elements up to A1001's, counted in the XML


def test_a_sheet_one_cell_past_a_thousand_by_a_thousand_is_refused_at_its_last_cell_and_one_at_it_is_read(tmp_path):
    from pnp.core.errors import PnpError
    from pnp.data.workbooks import check_workbook

    for how, rows in PAST_THE_LIMIT.items():
        path = tmp_path / "cards.xlsx"
        xlsx(path, {"Cards": rows})
        try:
            check_workbook(path, "cards.xlsx")
            raise AssertionError(f"{how}: not refused")
        except PnpError as exc:
            (finding,) = exc.findings
        assert finding.format().startswith("cards.xlsx[Cards]!A1001: error: sheet 'Cards' spans 1,001 rows × 1,000 columns"), (how, finding.format())
        assert LIMIT in finding.format() and f"({CELLS_WRITTEN[how]:,} cells written)" in finding.format(), (how, finding.format())
    xlsx(tmp_path / "full.xlsx", {"Cards": '<row r="1"><c r="ALL1"/></row><row r="1000"><c r="A1000"/></row>'})
    check_workbook(tmp_path / "full.xlsx", "full.xlsx")  # 1,000 x 1,000: at the limit, read
    xlsx(tmp_path / "rows.xlsx", {"Cards": '<row r="1"><c r="ALL1"/></row>' + "<row><c/></row>" * 999})
    check_workbook(tmp_path / "rows.xlsx", "rows.xlsx")  # rows 2 to 1,000 each just after the one before: at the limit, read


def test_a_decks_workbook_stretched_by_a_stray_cell_is_one_error_at_that_cell_of_its_sheet_by_name(project):
    """The deck's sheet 'Heroes' is stored as worksheets/sheet2.xml behind a sheet 'Notes': the refusal names the sheet
    as the designer sees it on its tab, and the cell as the program names it, and says what to delete."""
    rows = HERO_HEADER + "</row>" + hero_row(2, "spy", '<c r="ALL2" t="inlineStr"><is><t>x</t></is></c>') + '<row r="1001"><c r="C1001"><v>1</v></c></row>'
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Notes": '<row r="1"><c r="A1"><v>1</v></c></row>', "Heroes": rows})
    use_workbook(project, "heroes.xlsx", "Heroes")
    (line,) = errors(project)
    assert line.startswith("data/tiny/decks/heroes.xlsx[Heroes]!C1001: error: sheet 'Heroes' spans 1,001 rows × 1,000 columns"), line
    assert line.endswith("over the 1,000,000 cell limit: delete the rows and columns past the cards (a stray value far away stretches the sheet)"), line


def test_a_workbook_claiming_more_shared_texts_than_the_limit_is_refused_and_one_at_it_is_read(tmp_path):
    from pnp.core.errors import PnpError
    from pnp.data.workbooks import check_workbook

    def book(count: int) -> Path:
        path = tmp_path / f"{count}.xlsx"
        xlsx(path, {"Cards": '<row r="1"><c r="A1"/></row>'})
        with zipfile.ZipFile(path, "a") as z:
            z.writestr("xl/sharedStrings.xml", f'<sst xmlns="{MAIN}" count="1" uniqueCount="{count}"><si><t>id</t></si></sst>')
        return path

    check_workbook(book(1_000_000), "cards.xlsx")
    try:
        check_workbook(book(1_000_001), "cards.xlsx")
        raise AssertionError("not refused")
    except PnpError as exc:
        (finding,) = exc.findings
    assert finding.format() == ("cards.xlsx: error: this workbook's part xl/sharedStrings.xml claims 1,000,001 different texts, over the 1,000,000 "
                                "limit: save the cards alone in a new workbook (or as CSV)") and finding.code == "sheet-too-big", finding.format()


def ods(path: Path, rows: str, sheet: str = "Cards") -> None:
    """An OpenDocument spreadsheet (ODF 1.2) as LibreOffice zips it: its mimetype first, a manifest, content.xml."""
    content = (f'<office:document-content xmlns:office="{ODS}:office:1.0" xmlns:table="{ODS}:table:1.0" xmlns:text="{ODS}:text:1.0">'
               f'<office:body><office:spreadsheet><table:table table:name="{sheet}">{rows}</table:table></office:spreadsheet></office:body>'
               '</office:document-content>')
    manifest = (f'<manifest:manifest xmlns:manifest="{ODS}:manifest:1.0"><manifest:file-entry manifest:full-path="/" '
                'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" '
                'manifest:media-type="text/xml"/></manifest:manifest>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/manifest.xml", manifest)
        z.writestr("content.xml", content)


def ods_cell(value: str = "", repeated: int = 1) -> str:
    repeat = f' table:number-columns-repeated="{repeated}"' if repeated > 1 else ""
    if not value:
        return f"<table:table-cell{repeat}/>"
    return f'<table:table-cell{repeat} office:value-type="string"><text:p>{value}</text:p></table:table-cell>'


def _refusal(path: Path, code: str = "") -> str:
    """The one finding check_workbook gives `path`, as pnp prints it; its code, where given, checked too (the code
    `pnp validate --format json` gives tools)."""
    from pnp.core.errors import PnpError
    from pnp.data.workbooks import check_workbook

    try:
        check_workbook(path, path.name)
    except PnpError as exc:
        (finding,) = exc.findings
        assert not code or finding.code == code, (finding.code, finding.format())
        return finding.format()
    return "read"


def test_an_ods_sheets_repeated_rows_and_cells_count_up_to_its_last_value(tmp_path):
    """ODF writes a run of like rows or cells once, with `number-rows-repeated` or `number-columns-repeated`, and a
    cell hidden under a merged one as a `covered-table-cell`; LibreOffice ends each row with a run of empty cells to
    its last column and the sheet with a run of empty rows to its last row. Those runs after the last value are
    nothing; a run before a value is as many rows or cells as it says. Row 1 here reaches column 1,000 (AML), the
    last value stands in column A of row 1,000 (read) or 1,001 (refused there)."""
    trailing = f"{ods_cell(repeated=16384)}</table:table-row>"
    first = f"<table:table-row>{ods_cell('id')}{ods_cell(repeated=997)}<table:covered-table-cell/>{ods_cell('x')}{trailing}"
    end = f'<table:table-row table:number-rows-repeated="1048000">{ods_cell(repeated=16384)}</table:table-row>'

    def sheet(empty_rows: int) -> str:
        return f'{first}<table:table-row table:number-rows-repeated="{empty_rows}">{trailing}<table:table-row>{ods_cell("last")}{trailing}{end}'

    ods(tmp_path / "full.ods", sheet(998))
    assert _refusal(tmp_path / "full.ods") == "read"
    ods(tmp_path / "past.ods", sheet(999))
    refused = _refusal(tmp_path / "past.ods")
    assert refused.startswith("past.ods[Cards]!A1001: error: sheet 'Cards' spans 1,001 rows × 1,000 columns") and LIMIT in refused, refused


def test_an_ods_text_saying_more_spaces_than_the_limit_is_refused_at_its_cell(tmp_path):
    """`<text:s text:c="N"/>` is N spaces (ODF 1.2 §6.1.3): a few bytes that say a million spaces are refused at the
    cell that says them; a million are read."""
    def spaced(count: int) -> str:
        return (f"<table:table-row>{ods_cell('id')}{ods_cell('name')}</table:table-row><table:table-row>{ods_cell('spy')}"
                f'<table:table-cell office:value-type="string"><text:p>a<text:s text:c="{count}"/>b</text:p></table:table-cell></table:table-row>')

    ods(tmp_path / "million.ods", spaced(1_000_000))
    assert _refusal(tmp_path / "million.ods") == "read"
    ods(tmp_path / "more.ods", spaced(1_000_001))
    refused = _refusal(tmp_path / "more.ods", "sheet-too-big")
    assert refused == ("more.ods[Cards]!B2: error: sheet 'Cards' says 1,000,001 spaces in its texts (`<text:s text:c>`) by B2, over the "
                       "1,000,000 limit: no card's text holds that many: retype the cell"), refused
    halves = spaced(500_000).replace("b</text:p>", 'b<text:s text:c="500001"/>c</text:p>')  # one text, two runs of spaces: they add up
    ods(tmp_path / "halves.ods", halves)
    assert _refusal(tmp_path / "halves.ods").startswith("halves.ods[Cards]!B2: error: sheet 'Cards' says 1,000,001 spaces in its texts")


# Card rows from a CSV, TSV or workbook, each value at its cell -----------------------------------------------------
NOTHING = "  - {check: allowed, in: decks.heroes, field: %s, values: [nothing]}\n"  # names each card's value at its cell


def shown(project: Path, field: str, deck: str = "", *, sheet: bytes | None = None, name: str = "heroes.csv") -> dict[str, str]:
    """{the cell: the value} of each card's `field`, as `pnp validate` names them: the game is given a rule that no
    value meets (values: [nothing]), so each card's value is said once, at the place it was read from."""
    if sheet is not None:
        (project / f"{DECKS}/{name}").write_bytes(sheet)
    (project / f"{DECKS}/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
                                                  f"cards_from: {name}\n{deck}", encoding="utf-8")
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("constraints:\n", "constraints:\n" + NOTHING % field, 1), encoding="utf-8")
    said = {}
    for line in errors(project):
        place, _, message = line.partition(": error: ")
        if f"{field} '" in message and "' is not one of nothing" in message:
            said[place] = message.split(f"{field} '", 1)[1].split("' is not one of nothing", 1)[0]
    return said


def test_a_sheet_without_ids_names_each_card_from_its_name_cell_in_row_order_or_by_its_row(project):
    """No id column: each card's id is made from its name (lower case, a dash for each run of other characters), a
    repeated name numbered -2, -3 in row order, a name of no letter or digit 'card', and a row with no name is named by
    its row's number as the program shows it (the header on row 2, below an empty row 1; an empty row 5 skipped)."""
    sheet = ",,,\nName,stars,number,text\nSpy,1,1,a\nSpy,2,2,b\n,,,\nÜber Dog!,1,3,c\n!!!,1,4,d\n,1,5,e\nSpy,1,6,f\n"
    ids = shown(project, "id", sheet=sheet.encode())
    assert ids == {"data/tiny/decks/heroes.csv:3:1": "spy", "data/tiny/decks/heroes.csv:4:1": "spy-2", "data/tiny/decks/heroes.csv:6:1": "ber-dog",
                   "data/tiny/decks/heroes.csv:7:1": "card", "data/tiny/decks/heroes.csv:8:1": "8", "data/tiny/decks/heroes.csv:9:1": "spy-3"}


def test_every_formula_of_a_long_sheet_without_its_value_is_found(project):
    """A sheet is read a slice at a time; each of 3,000 formulas with no saved value is one error at its own cell,
    wherever a slice ends."""
    rows = HERO_HEADER + text("F1", "bonus") + "</row>" + "".join(f'<row r="{n}"><c r="F{n}"><f>D{n}*2+C{n}</f></c></row>' for n in range(2, 3002))
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Heroes": rows})
    use_workbook(project, "heroes.xlsx", "Heroes")
    found = errors(project)
    assert [line.split(": error: ")[0] for line in found] == [f"data/tiny/decks/heroes.xlsx[Heroes]!F{n}" for n in range(2, 3002)]


def test_a_csv_cell_behind_the_formula_guard_is_the_text_after_it_in_any_delimiter(project):
    """A spreadsheet program shows `'=1+1` as the text =1+1 (the leading quote keeps it from being run); a quote before
    any other text is part of the text. Excel writes `;` between cells where a comma is the decimal mark, a .txt may
    use tabs: the delimiter is the one the header row uses most, a comma where none is."""
    rows = [["id", "name", "text"], ["a", "A", "'=1+1"], ["b", "B", "''=2"], ["c", "C", "'plain"], ["d", "D", "'-x"], ["e", "E", "'@sum"]]
    wanted = {"=1+1", "'=2", "'plain", "-x", "@sum"}
    for delimiter, name in ((",", "heroes.csv"), (";", "heroes.csv"), ("\t", "heroes.txt"), ("\t", "heroes.tsv")):
        body = "\n".join(delimiter.join(row) for row in rows) + "\n"
        texts = shown(project, "text", sheet=body.encode(), name=name)
        assert set(texts.values()) == wanted, (delimiter, name, texts)
        assert sorted(texts) == [f"data/tiny/decks/{name}:{n}:3" for n in range(2, 7)]
        game = project / "data/tiny/game.yaml"
        game.write_text(game.read_text(encoding="utf-8").replace(NOTHING % "text", ""), encoding="utf-8")


def test_a_one_column_sheet_and_a_header_split_alike_by_commas_and_semicolons_read_with_commas(project):
    ids = shown(project, "id", sheet=b"id\nknight\nrogue\n")
    assert sorted(ids.values()) == ["knight", "rogue"]
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(NOTHING % "id", ""), encoding="utf-8")
    ids = shown(project, "id", sheet=b"id,name;note\nknight,Knight;x\n")  # read with ';', it would have no id column
    assert ids == {"data/tiny/decks/heroes.csv:2:1": "knight"}


def test_a_sheet_pnp_cannot_read_is_one_error_at_the_file_saying_what_to_save_it_as(project):
    for name, content, said in (
            ("heroes.xls", b"\xd0\xcf\x11\xe0" + bytes(100), "cannot read 'heroes.xls' as cards: save it as .xlsx (an .xls or .xlsb workbook cannot be measured before it is read)"),
            ("heroes.xlsb", b"PK" + bytes(100), "cannot read 'heroes.xlsb' as cards: save it as .xlsx (an .xls or .xlsb workbook cannot be measured before it is read)"),
            ("heroes.numbers", b"PK" + bytes(100), "cannot read 'heroes.numbers' as cards: use a .csv, .tsv, .xlsx or .ods file"),
            ("heroes.csv", b"id,name\nspy,Sp\xffy\n", "byte 0xff is not UTF-8: save the sheet as \"CSV UTF-8\"")):
        (project / f"{DECKS}/{name}").write_bytes(content)
        use_workbook(project, name, "x")
        found = errors(project)
        where = f"data/tiny/decks/{name}" + (":2:2" if name.endswith(".csv") else "")
        assert found == [f"{where}: error: {said}"], (name, found)
        place = ("not-utf8", f"data/tiny/decks/{name}", 2, 2) if name.endswith(".csv") else ("sheet-format", f"data/tiny/decks/{name}", 0, 0)
        assert _json_errors(project) == [place], name  # the code and place tools read
        (project / f"{DECKS}/{name}").unlink()


def test_an_option_naming_a_column_the_header_lacks_is_an_error_at_the_option_offering_the_headers(project):
    """The name is mended in the deck: each option naming a column the header row (`id,name,text`) lacks is one error
    at the name as the deck writes it (line 5; a list's or mapping's own item), listing the columns there are and
    offering the nearest (`Nmae`: did you mean 'name'?)."""
    (project / f"{DECKS}/heroes.csv").write_text("id,name,text\nspy,Spy,x\n", encoding="utf-8")
    there = "which the header row of heroes.csv does not have"
    for option, column, at, hint in (("id_column: Code", "Code", 12, ""), ("count_column: Copies", "Copies", 15, ""),
                                     ("text_columns: [text, Code]", "Code", 22, ""), ("list_columns: {Code: '|'}", "Code", 16, ""),
                                     ("id_column: Nmae", "Nmae", 12, " (did you mean 'name'?)")):
        (project / f"{DECKS}/heroes.yaml").write_text(f"name: Heroes\nsize: poker\nfront: tiny/hero.j2\ncards_from: heroes.csv\n{option}\n", encoding="utf-8")
        key = option.split(":")[0]
        assert errors(project) == [f"data/tiny/decks/heroes.yaml:5:{at}: error: {key} names column '{column}', {there}{hint}; its columns: id, name, text"], option
    assert _json_errors(project) == [("sheet-no-column", "data/tiny/decks/heroes.yaml", 5, 12)]  # the code tools read


def test_a_row_whose_quotes_run_past_the_field_limit_is_an_error_at_its_line(project):
    """A quote left open swallows the rest of the file into one cell; past the CSV reader's 131,072 characters that is
    an error at the line the row starts on, saying to check its quotes."""
    sheet = "id,name,text\nspy,Spy,fine\nmole,\"Mole,open\n" + "more text, " * 13_000 + "\n"
    (project / f"{DECKS}/heroes.csv").write_text(sheet, encoding="utf-8")
    use_workbook(project, "heroes.csv", "x")
    (line,) = errors(project)
    assert line.startswith("data/tiny/decks/heroes.csv:3:1: error: CSV: ") and line.endswith("check the quotes on this row"), line
    assert _json_errors(project) == [("sheet-syntax", "data/tiny/decks/heroes.csv", 3, 1)]  # the code tools read


def test_a_sheet_file_over_twenty_million_bytes_is_refused_unread_saying_to_split_the_deck(project):
    """One byte past 20,000,000 is refused before a byte is read; a file of 20,000,000 is read."""
    (project / f"{DECKS}/heroes.csv").write_bytes(b"id\n" + b"x" * (20_000_001 - 3))
    use_workbook(project, "heroes.csv", "x")
    assert errors(project) == ["data/tiny/decks/heroes.csv: error: file is 20,000,001 bytes; the limit is 20,000,000: split the deck"]
    assert _json_errors(project) == [("file-too-big", "data/tiny/decks/heroes.csv", 0, 0)]  # the code tools read
    (project / f"{DECKS}/heroes.csv").write_bytes(b"id\n" + b"x" * (20_000_000 - 3))  # at the limit: read, its one long cell refused by the reader
    assert [code for code, *_ in _json_errors(project)] == ["sheet-syntax"]


def test_a_csv_of_more_than_a_million_cells_is_refused_at_the_line_that_passes_it(project):
    """1,000 cells a line: line 1,000 holds the millionth cell, line 1,001 the one past the limit."""
    (project / f"{DECKS}/heroes.csv").write_text("id" + "," * 999 + "\n" + ("x" + "," * 999 + "\n") * 1000, encoding="utf-8")
    use_workbook(project, "heroes.csv", "x")
    import json

    result = run_pnp(project, "validate", "--quick", "tiny", "--format", "json")
    (found,) = [f for f in json.loads(result.output) if f["severity"] == "error"]
    assert (found["code"], found["file"], found["line"], found["column"]) == ("sheet-too-big", "data/tiny/decks/heroes.csv", 1001, 1), found
    assert found["message"].startswith("the sheet holds over 1,000,000 cells: split the deck"), found


def test_each_workbook_cell_is_the_value_the_program_shows(project):
    """A workbook stores every number as a double: 3 typed in a cell is the whole number 3, 2.5 stays 2.5; a date is
    written as ISO 8601 (2024-05-01, 13:30:00); a number in a text column is its text as shown (7, not 7.0; 2.5 as 2.5); a list
    column is split at its separator, each item a value (the first said here), an empty one empty; a TRUE or FALSE cell a yes
    or no, said as YAML writes one (true). Written with openpyxl, as a spreadsheet program stores them."""
    import datetime

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Heroes"
    for row in (["id", "name", "stars", "number", "text", "when", "at", "tags", "code"],
                ["spy", "Spy", 3.0, 2.5, "x", datetime.date(2024, 5, 1), datetime.time(13, 30), "Red| 2 |", 7.0],
                ["mole", "Mole", 1, 4, "y", datetime.datetime(2024, 5, 1, 9, 0), True, "", "B7"],
                ["owl", "Owl", 2, 5, "z", datetime.date(2024, 5, 2), False, "Blue", 2.5]):
        sheet.append(row)
    book.save(project / f"{DECKS}/heroes.xlsx")
    game = project / "data/tiny/game.yaml"
    fields = ("stars", "number", "when", "at", "tags", "code")
    game.write_text(game.read_text(encoding="utf-8").replace("constraints:\n", "constraints:\n" + "".join(NOTHING % f for f in fields), 1), encoding="utf-8")
    (project / f"{DECKS}/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.xlsx\n"
                                                  "text_columns: [code]\nlist_columns: {tags: '|'}\n", encoding="utf-8")
    said = {line.split(": error: ")[0].rsplit("!", 1)[1]: line.split("' is not one of nothing")[0].split(" '", 1)[1]
            for line in errors(project) if "is not one of nothing" in line}
    assert said == {"C2": "3", "D2": "2.5", "F2": "2024-05-01", "G2": "13:30:00", "H2": "Red", "I2": "7",
                    "C3": "1", "D3": "4", "F3": "2024-05-01T09:00:00", "G3": "true", "H3": "", "I3": "B7",
                    "C4": "2", "D4": "5", "F4": "2024-05-02", "G4": "false", "H4": "Blue", "I4": "2.5"}, said


def test_a_workbook_unpacking_past_a_hundred_million_bytes_is_refused_before_any_part_is_read(tmp_path):
    """The zip's directory says what each part unpacks to: past 100,000,000 bytes in all the workbook is refused at the
    file, saying to save the cards alone; at 100,000,000 it is read."""
    def book(extra: int) -> Path:
        path = tmp_path / f"{extra}.xlsx"
        xlsx(path, {"Cards": '<row r="1"><c r="A1"/></row>'})
        with zipfile.ZipFile(path) as z:
            written = sum(info.file_size for info in z.infolist())
        with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as z:
            z.writestr("xl/media/padding.bin", bytes(100_000_000 - written + extra))
        return path

    assert _refusal(book(0)) == "read"
    assert _refusal(book(1), "sheet-too-big") == ("1.xlsx: error: this workbook unpacks to 100,000,001 bytes, over the 100,000,000 byte limit: "
                                 "save the cards alone in a new workbook (or as CSV)")


def test_a_workbook_part_no_program_writes_is_refused_as_damaged_at_the_file(tmp_path):
    """A DTD declaring entities (no workbook does: one can make a reader expand without end), XML that is not well formed,
    and a sheet stored under a part that is not XML, which no count could measure, are each one error at the file."""
    doctype = tmp_path / "doctype.xlsx"
    xlsx(doctype, {"Cards": '<row r="1"><c r="A1"/></row>'})
    with zipfile.ZipFile(doctype, "a") as z:
        z.writestr("xl/styles.xml", '<!DOCTYPE x [<!ENTITY a "aaaa">]><styleSheet/>')
    assert _refusal(doctype) == ("doctype.xlsx: error: this workbook is damaged: its part xl/styles.xml is not well-formed XML (it declares "
                                 "entities in a DTD, which no workbook does): save it again from the spreadsheet program")
    broken = tmp_path / "broken.xlsx"
    xlsx(broken, {"Cards": '<row r="1"><c r="A1"></row>'})
    assert _refusal(broken).startswith("broken.xlsx: error: this workbook is damaged: its part xl/worksheets/sheet1.xml is not well-formed XML "
                                       "(line 1, column "), _refusal(broken)
    binary = tmp_path / "binary.xlsx"
    xlsx(binary, {"Cards": '<row r="1"><c r="A1"/></row>'}, targets={"Cards": "worksheets/sheet1.bin"})
    assert _refusal(binary) == ("binary.xlsx: error: this workbook is damaged: xl/_rels/workbook.xml.rels names the sheet 'worksheets/sheet1.bin', "
                                "not an XML part: save it again from the spreadsheet program")


def test_an_ods_repeat_calamine_cannot_read_as_a_number_counts_once(tmp_path):
    """A `number-rows-repeated` or `number-columns-repeated` that is no whole number stands for one row or cell, and a
    negative one for none (the reader stops counting there): the sheet is measured as 1,000 x 1,000 and read."""
    row = (f"<table:table-row>{ods_cell('id')}{ods_cell(repeated=997)}"
           f'<table:table-cell table:number-columns-repeated="lots"/>{ods_cell("x")}</table:table-row>')
    rows = (row + f'<table:table-row table:number-rows-repeated="998">{ods_cell()}</table:table-row>'
            f'<table:table-row table:number-rows-repeated="-4">{ods_cell("gone")}</table:table-row>'
            f'<table:table-row table:number-rows-repeated="many">{ods_cell("last")}</table:table-row>')
    ods(tmp_path / "odd.ods", rows)
    assert _refusal(tmp_path / "odd.ods") == "read"
    ods(tmp_path / "past.ods", rows + f"<table:table-row>{ods_cell('past')}</table:table-row>")
    assert _refusal(tmp_path / "past.ods").startswith("past.ods[Cards]!A1001: error: sheet 'Cards' spans 1,001 rows × 1,000 columns")


def _copies(project: Path, sheet: str, option: str = "") -> list[str]:
    """What `pnp validate` says of the deck's copies: the rules' count of hero cards against the data's, or the errors."""
    (project / f"{DECKS}/heroes.csv").write_text(sheet, encoding="utf-8")
    (project / f"{DECKS}/heroes.yaml").write_text(f"name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.csv\n{option}",
                                                  encoding="utf-8")
    found = errors(project)
    counted = [line.split("Hero cards: ")[1].split(";")[0].split(" — ")[0] for line in found if "Hero cards: the data has" in line]
    return counted or found


def test_a_copies_column_is_count_qty_or_quantity_in_any_case_or_the_one_the_deck_names(project):
    """Spreadsheet users head the copies column Count, Qty or Quantity; a deck may name another (`count_column`), or
    say none gives copies (`count_column: none`, one card a row). Two columns that both give copies are one error at
    the second, naming both."""
    rows = "a,A,1,1,x,3,9\nb,B,2,2,y,4,9\n"
    for header in ("Count", "QTY", "quantity"):
        assert _copies(project, f"id,name,stars,number,text,{header},other\n{rows}") == ["the data has 7, the rules say 12"], header
    assert _copies(project, f"id,name,stars,number,text,Copies,count\n{rows}", "count_column: Copies\n") == \
        ["data/tiny/decks/heroes.csv:1:7: error: column G 'count' repeats column F 'Copies' (both give field 'count'): rename or remove one"]
    assert _copies(project, f"id,name,stars,number,text,pips,Copies\n{rows}", "count_column: ' Copies '\n") == ["the data has 18, the rules say 12"]
    assert _copies(project, f"id,name,stars,number,text,count,other\n{rows}", "count_column: None\n") == ["the data has 2, the rules say 12"]
    assert _copies(project, f"id,name,stars,number,text,Qty,quantity\n{rows}") == \
        ["data/tiny/decks/heroes.csv:1:7: error: column G 'quantity' repeats column F 'Qty' (both give field 'count'): rename or remove one"]
    assert _json_errors(project) == [("sheet-duplicate-header", "data/tiny/decks/heroes.csv", 1, 7)]  # the code tools read


def test_a_value_left_empty_is_found_at_its_own_cell_and_one_a_short_row_lacks_at_the_row(project):
    """An empty cell is an empty value, said at that cell (C4: the row above holds a text of two lines, so this row
    starts on line 4, as a text editor numbers it); a row that ends before the column is said at its row's first cell
    (A5), where the designer sees the row stop."""
    (project / f"{DECKS}/heroes.csv").write_text('id,name,stars,number,text\nspy,Spy,2,1,"a\nb"\nmole,Mole,,2,b\nowl,Owl\n', encoding="utf-8")
    use_workbook(project, "heroes.csv", "x")
    said = [line.split(": error: ")[0] for line in errors(project) if ": stars is " in line]
    assert said == ["data/tiny/decks/heroes.csv:4:3", "data/tiny/decks/heroes.csv:5:1"], said


def _readers_words(path: Path, sheet: str | None = None) -> str:
    """The first line of what python-calamine itself says when it opens `path` (and reads `sheet`)."""
    from python_calamine import CalamineWorkbook

    try:
        book = CalamineWorkbook.from_path(str(path))
        book.get_sheet_by_name(sheet).to_python()
    except Exception as exc:  # the reader's refusal, whatever its kind
        return str(exc).strip().splitlines()[0]
    raise AssertionError(f"python-calamine reads {path}")


def test_a_workbook_python_calamine_cannot_open_or_read_is_one_error_at_the_file_or_its_sheet_giving_its_words(project):
    """A workbook that passes the measure but that the reader refuses is one error, never an internal one: at the file
    where the workbook cannot be opened at all (a zip with no package relationships, ECMA-376 Part 2's `_rels/.rels`),
    at the sheet's first cell where the sheet cannot be read (a cell reference `1A`, digits before letters, which
    ECMA-376 §18.3.1.4 does not allow); each gives the reader's own words and says to save the workbook again."""
    import zipfile

    bare = project / f"{DECKS}/heroes.xlsx"
    with zipfile.ZipFile(bare, "w") as z:
        z.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
    use_workbook(project, "heroes.xlsx", "Heroes")
    (line,) = errors(project)
    assert line.startswith("data/tiny/decks/heroes.xlsx: error: cannot read this workbook (CalamineError: "), line
    assert line.endswith("): save it again from the spreadsheet program, as .xlsx or .ods"), line
    assert f"(CalamineError: {_readers_words(bare)}): save it" in line, line  # the reader's own words, not its kind alone
    xlsx(bare, {"Heroes": HERO_HEADER + "</row>" + '<row r="2"><c r="2A" t="inlineStr"><is><t>spy</t></is></c></row>'})
    (line,) = errors(project)
    assert line.startswith("data/tiny/decks/heroes.xlsx[Heroes]!A1: error: cannot read this workbook (CalamineError: "), line
    assert f"(CalamineError: {_readers_words(bare, 'Heroes')}): save it" in line, line


def test_a_feedback_sheet_too_big_says_to_import_its_rows_in_parts(project):
    """`pnp feedback import` reads a sheet under the same limits as a deck's, but the advice is for a sheet to import
    (split its rows, each part under the header row), not for a deck: 1,000 cells a line, line 1,001 passes a
    million."""
    sheet = project / "answers.csv"
    sheet.write_text("Card" + "," * 999 + "\n" + ("x" + "," * 999 + "\n") * 1000, encoding="utf-8")
    result = run_pnp(project, "feedback", "import", str(sheet), "--game", "tiny")
    (line,) = [line for line in result.output.splitlines() if ": error: " in line]
    assert line == (f"{sheet}:1001:1: error: the sheet holds over 1,000,000 cells: split its rows between two sheets, each under the header "
                    "row, and import each, or delete the empty columns"), line


def test_a_translation_written_into_a_decks_tsv_keeps_its_tabs_and_a_formula_like_text_behind_the_guard(project, tmp_path):
    """A deck's .tsv is tab-separated whatever its header holds (here a column whose name holds more commas than the header has tabs); `pnp translate
    import` adds `name@de` and its digest (docs/editions.md) beside `name`, a translation that starts like a formula
    (`=Spion`) behind the `'` that makes a spreadsheet program show it as text (OWASP's advice on CSV injection)."""
    import hashlib

    (project / f"{DECKS}/heroes.tsv").write_text("id\tname\tstars\tnumber\ttext\tnote, kept, by, the, designer, only, here\nspy\tSpy\t2\t1\tHide.\tx\n",
                                                 encoding="utf-8")
    (project / f"{DECKS}/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.tsv\n",
                                                  encoding="utf-8")
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("\npitch:", "\nlanguages: [en, de]\npitch:", 1), encoding="utf-8")
    (tmp_path / "de.csv").write_text("id,where,en,de,status,fits,face\ndata/tiny/decks/heroes.tsv#cards[spy].name,,Spy,=Spion,missing,,\n",
                                     encoding="utf-8")
    result = run_pnp(project, "translate", "import", str(tmp_path / "de.csv"))
    assert "data/tiny/decks/heroes.tsv: 1 translation written" in result.output, result.output
    digest = "".join(chr(ord("a") + b % 26) for b in hashlib.sha256(b"Spy").digest()[:8])
    assert (project / f"{DECKS}/heroes.tsv").read_text(encoding="utf-8") == (
        "id\tname\tname@de\tname@de~src\tstars\tnumber\ttext\tnote, kept, by, the, designer, only, here\n"
        f"spy\tSpy\t'=Spion\t{digest}\t2\t1\tHide.\tx\n")


def test_a_number_kept_as_written_crosses_to_a_helper_process_as_written(tmp_path):
    """A card's values go to the helper processes that render a large deck pickled: `+1` typed in a cell still prints
    +1 there and still counts as 1."""
    import pickle

    from pnp.data.sheet_rows import SheetSource
    from pnp.data.spreadsheet import read_cards

    (tmp_path / "laws.csv").write_text("id,effect\nsunrise,+1\n", encoding="utf-8")
    (card,) = pickle.loads(pickle.dumps(read_cards(SheetSource(tmp_path / "laws.csv", "laws.csv"))))
    assert (str(card["effect"]), card["effect"] * 2) == ("+1", 2)


def test_a_row_that_ends_before_its_name_column_is_named_by_its_row(project):
    """The name column last and a row that stops before it (a CSV row of fewer cells than the header): the row is
    named by its number, as the program shows it; a row that reaches the column is named from it."""
    ids = shown(project, "id", sheet=b"stars,number,text,Name\n2,1,a\n1,2,b,Spy\n")
    assert ids == {"data/tiny/decks/heroes.csv:2:1": "2", "data/tiny/decks/heroes.csv:3:4": "spy"}, ids


def test_a_row_without_the_cell_its_id_is_made_from_is_one_error_with_its_code_at_the_row(project):
    """`pnp validate --format json` gives the finding's code beside its place, for tools that read it."""
    import json

    (project / f"{DECKS}/heroes.csv").write_text("label,stars\nImp,1\n,2\n", encoding="utf-8")
    (project / f"{DECKS}/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.csv\n"
                                                  "id_column: label\n", encoding="utf-8")
    result = run_pnp(project, "validate", "--quick", "tiny", "--format", "json")
    (found,) = [f for f in json.loads(result.output) if f["severity"] == "error"]
    assert (found["code"], found["file"], found["line"], found["column"]) == ("sheet-no-id", "data/tiny/decks/heroes.csv", 3, 1), found


def _json_errors(project: Path) -> list[tuple]:
    """(code, file, line, column) of each error `pnp validate --format json` gives."""
    import json

    result = run_pnp(project, "validate", "--quick", "tiny", "--format", "json")
    return [(f["code"], f["file"], f["line"], f["column"]) for f in json.loads(result.output) if f["severity"] == "error"]


def test_a_workbook_of_no_sheets_or_one_the_reader_refuses_is_sheet_unreadable_at_the_file_or_the_sheets_first_cell(project):
    """Tools reading `--format json` get each refusal's code and place: a workbook whose list of sheets is empty at the
    file; a sheet the reader refuses at its A1, line 1 and column 1."""
    use_workbook(project, "heroes.xlsx", "Heroes")
    xlsx(project / f"{DECKS}/heroes.xlsx", {})
    assert _json_errors(project) == [("sheet-unreadable", "data/tiny/decks/heroes.xlsx", 0, 0)]  # the file, no cell
    assert errors(project) == ["data/tiny/decks/heroes.xlsx: error: this workbook has no sheets (a part of it is missing): save it again from the "
                               "spreadsheet program"]
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Heroes": '<row r="1"><c r="1A" t="inlineStr"><is><t>id</t></is></c></row>'})
    assert _json_errors(project) == [("sheet-unreadable", "data/tiny/decks/heroes.xlsx", 1, 1)]


def test_a_feedback_workbook_stretched_by_a_stray_cell_says_to_delete_past_the_table_or_import_in_parts(project):
    """The measure of a workbook gives an imported sheet's advice, not a deck's: a stray value at A1001 of a sheet
    1,000 columns wide."""
    book = project / "answers.xlsx"
    xlsx(book, {"Answers": PAST_THE_LIMIT["every place written"]})
    result = run_pnp(project, "feedback", "import", str(book), "--game", "tiny")
    (line,) = [line for line in result.output.splitlines() if ": error: " in line]
    assert line.startswith(f"{book}[Answers]!A1001: error: sheet 'Answers' spans 1,001 rows × 1,000 columns"), line
    assert "limit: delete the rows and columns past the table, or split its rows between two sheets, each under the header row, and import each" in line, line


def test_a_workbook_of_several_sheets_none_named_or_one_misnamed_is_one_error_with_its_code_at_the_decks_line(project):
    """Two sheets and no `sheet:` in the deck: sheet-choose, at `cards_from`'s value (line 5, column 13), where `sheet:`
    goes; `sheet:` naming none of them: sheet-unknown, at its value (line 6, column 8). The fix is the deck's, not the
    workbook's."""
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Notes": '<row r="1"><c r="A1"><v>1</v></c></row>', "Heroes": HERO_HEADER + "</row>"})
    (project / f"{DECKS}/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.xlsx\n",
                                                  encoding="utf-8")
    assert _json_errors(project) == [("sheet-choose", "data/tiny/decks/heroes.yaml", 5, 13)]
    use_workbook(project, "heroes.xlsx", "Heros")
    assert _json_errors(project) == [("sheet-unknown", "data/tiny/decks/heroes.yaml", 6, 8)]


def test_a_workbook_whose_other_sheets_are_empty_is_read_from_its_one_filled_sheet_without_naming_it(project):
    """Excel's new workbook holds Sheet1, Sheet2 and Sheet3; a designer fills the first and saves (Squib's own samples
    are such files). With no `sheet:` in the deck, the one sheet holding cells is the cards', each card found at its
    cell of that sheet; the empty sheets are no choice to make, first or not."""
    rows = HERO_HEADER + "</row>" + hero_row(2, "imp") + hero_row(3, "spy")
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Sheet1": rows, "Sheet2": "", "Sheet3": ""})
    ids = shown(project, "id", name="heroes.xlsx")
    assert ids == {"data/tiny/decks/heroes.xlsx[Sheet1]!A2": "imp", "data/tiny/decks/heroes.xlsx[Sheet1]!A3": "spy"}, ids
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Notes": "", "Heroes": rows})
    said = [line for line in errors(project) if "' is not one of nothing" in line]
    assert [line.split(": error: ")[0] for line in said] == ["data/tiny/decks/heroes.xlsx[Heroes]!A2", "data/tiny/decks/heroes.xlsx[Heroes]!A3"], said


def test_each_row_without_the_cell_its_id_is_made_from_is_an_error_at_that_cell(project):
    """protograf's counters sheet: `ID` in column D, `COPIES` in E, and marker rows with no ID. With `id_column: ID`,
    each such row is its own error, at its row and the ID column (D3, D4: line 3 and 4, column 4), not at the row's
    first cell and not only the first row."""
    (project / f"{DECKS}/heroes.csv").write_text("NATION,TYPE,VALUE,ID,COPIES\nger,INF,4-6-5,36/17,1\nrus,MARKER,,,3\nger,MARKER,,,3\n",
                                                 encoding="utf-8")
    (project / f"{DECKS}/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.csv\n"
                                                  "id_column: ID\ncount_column: COPIES\n", encoding="utf-8")
    said = "error: this row has no 'ID', from which its id is made: fill it in"
    assert errors(project) == [f"data/tiny/decks/heroes.csv:3:4: {said}", f"data/tiny/decks/heroes.csv:4:4: {said}"]


def test_a_board_reading_a_copies_word_is_told_only_that_it_has_no_such_field(project):
    """The copies hint is a card's: a board has no copies column, so a board template reading `board.quantity` is one
    error at its line saying the board has no such field, with no word of a sheet's copies or of `board.count`."""
    template = project / "templates/tiny/board-town.j2"
    template.write_text(template.read_text(encoding="utf-8") + "{{ text(board.quantity|string, 5, 5, 10, 7) }}\n", encoding="utf-8")
    line = len(template.read_text(encoding="utf-8").splitlines())
    said = run_pnp(project, "validate", "tiny").output.splitlines()
    assert [found for found in said if "quantity" in found] == [
        f"templates/tiny/board-town.j2:{line}:15: error: board has no field 'quantity' [boards/town]"]

def test_a_row_ending_before_its_id_cell_is_an_error_where_that_cell_goes(project):
    """A CSV row a program cut short (`rus,MARKER`: its last cells not written, not even empty) has no cell for
    `id_column: ID`, the header's fourth: the error stands at row 3, column 4 (D3), where the designer types the ID."""
    (project / f"{DECKS}/heroes.csv").write_text("NATION,TYPE,VALUE,ID,COPIES\nger,INF,4-6-5,36/17,1\nrus,MARKER\n", encoding="utf-8")
    (project / f"{DECKS}/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.csv\n"
                                                  "id_column: ID\ncount_column: COPIES\n", encoding="utf-8")
    assert errors(project) == ["data/tiny/decks/heroes.csv:3:4: error: this row has no 'ID', from which its id is made: fill it in"]

def test_a_template_reading_the_copies_column_by_its_header_is_told_the_copies_are_card_count(project):
    """Squib's samples head the copies column `qty` and its templates read `qty`; pnp takes that column for the card's
    copies, so a template reading `card.Qty` gets one error at its line saying where the copies are."""
    (project / f"{DECKS}/heroes.csv").write_text("name,Qty\nBasilisk,3\nHigh Templar,1\n", encoding="utf-8")
    (project / "templates/tiny/copies.j2").write_text('{{ text(card.name ~ " x" ~ card.Qty, 5, 5, 50, 9) }}\n', encoding="utf-8")
    (project / f"{DECKS}/heroes.yaml").write_text("name: Heroes\nsize: poker\nfront: tiny/copies.j2\nback: tiny/back.j2\ncards_from: heroes.csv\n",
                                                  encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    (found,) = [line for line in result.output.splitlines() if "copies.j2" in line and ": error: " in line]
    assert found.startswith("templates/tiny/copies.j2:1:"), found
    assert ": error: card has no field 'Qty' (the card's copies, which a sheet's Qty column gives, are card.count) (on 2 pieces:" in found, found
