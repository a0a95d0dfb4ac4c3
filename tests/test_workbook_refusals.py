"""A workbook refused before it is read, and the sheet it names (issue #101): a zip that is damaged, a part that is
not well formed or cut short, a sheet of any kind stored outside the XML parts, each refusal with its code and place as
`pnp validate` gives them; what an .ods sheet's cells count for; a macro workbook's formulas; a feedback workbook's
sheet. Each workbook is written as the program that makes such a file writes it (its XML by hand, ECMA-376 for .xlsx,
ODF 1.2 for .ods) with test_spreadsheet_promises' helpers."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from conftest import run_pnp
from test_spreadsheet_promises import (
    DECKS,
    HERO_HEADER,
    MAIN,
    OFFICE_RELS,
    PAST_THE_LIMIT,
    WORKSHEET,
    _json_errors,
    _refusal,
    errors,
    hero_row,
    ods,
    ods_cell,
    text,
    use_workbook,
    xlsx,
)


def _damaged(how: str) -> bytes:
    """A workbook's zip (PKWARE's APPNOTE.TXT layout) damaged one way: a local header naming its part otherwise than the
    central directory does (the name starts at byte 30 of the header), the directory claiming more bytes than the file
    holds (the sizes at bytes 20 and 24 of its entry), or a deflated part whose compressed bytes are garbled."""
    import io
    import struct

    made = io.BytesIO()
    with zipfile.ZipFile(made, "w", zipfile.ZIP_DEFLATED if how == "garbled" else zipfile.ZIP_STORED) as z:
        z.writestr("xl/workbook.xml", f'<workbook xmlns="{MAIN}">{"<sheets/>" * 500}</workbook>')
    data = bytearray(made.getvalue())
    if how == "renamed":
        data[30 + 3] = ord("W")  # xl/Workbook.xml
    elif how == "short":
        struct.pack_into("<II", data, data.index(b"PK\x01\x02") + 20, 100_000, 100_000)
    else:
        start = 30 + len("xl/workbook.xml")
        data[start:start + 10] = bytes(b ^ 0xFF for b in data[start:start + 10])
    return bytes(data)


def test_a_workbook_whose_zip_is_damaged_is_one_error_at_the_file_saying_what_is_wrong(project):
    """A file that is no zip, a zip whose headers disagree, one cut short and one whose compressed bytes are garbled:
    each is one error at the file (never an internal error) in the zip reader's words, without a full stop inside the
    brackets, or the kind of its refusal where the reader says nothing."""
    use_workbook(project, "heroes.xlsx", "Heroes")
    book = project / f"{DECKS}/heroes.xlsx"
    advice = "): save it again from the spreadsheet program, as .xlsx or .ods"
    for data, reason in ((b"id,name\nspy,Spy\n", "File is not a zip file"),
                         (_damaged("renamed"), "File name in directory 'xl/workbook.xml' and header b'xl/Workbook.xml' differ"),
                         (_damaged("short"), "EOFError"), (_damaged("garbled"), "Error -3 while decompressing data: ")):
        book.write_bytes(data)
        result = run_pnp(project, "validate", "--quick", "tiny")
        (line,) = [line for line in result.output.splitlines() if ": error: " in line] or [result.output]
        assert line.startswith(f"data/tiny/decks/heroes.xlsx: error: this workbook is damaged or not a workbook ({reason}"), line
        assert line.endswith(advice) and "." + advice not in line, line
    assert _json_errors(project) == [("sheet-unreadable", "data/tiny/decks/heroes.xlsx", 0, 0)]  # the code tools read, at the file


def test_a_stretched_sheet_is_called_by_its_tab_wherever_its_part_lies_or_by_its_part_where_the_workbook_does_not_say(tmp_path):
    """The sheet a stray cell stretches is named by the name on its tab, its part reached by an absolute target (as
    openpyxl writes it, here in a folder whose name starts with X); a workbook without the relationships part that
    ties its sheets to their parts (ECMA-376 Part 2: `xl/_rels/workbook.xml.rels`) has the sheet called by its part."""
    stray = PAST_THE_LIMIT["every place written"]
    xlsx(tmp_path / "absolute.xlsx", {"Notes": '<row r="1"><c r="A1"/></row>', "Heroes": stray}, targets={"Heroes": "/Xtra/cards.xml"})
    assert _refusal(tmp_path / "absolute.xlsx").startswith("absolute.xlsx[Heroes]!A1001: error: sheet 'Heroes' spans 1,001 rows"), \
        _refusal(tmp_path / "absolute.xlsx")
    xlsx(tmp_path / "full.xlsx", {"Heroes": stray})
    with zipfile.ZipFile(tmp_path / "full.xlsx") as full, zipfile.ZipFile(tmp_path / "unbound.xlsx", "w") as unbound:
        for part in full.namelist():
            if part != "xl/_rels/workbook.xml.rels":
                unbound.writestr(part, full.read(part))
    refused = _refusal(tmp_path / "unbound.xlsx")
    assert refused.startswith("unbound.xlsx[xl/worksheets/sheet1.xml]!A1001: error: sheet 'xl/worksheets/sheet1.xml' spans 1,001 rows"), refused


def test_a_sheet_stored_in_a_part_that_is_not_xml_is_sheet_unreadable_at_the_file(project):
    """Tools reading `--format json` get the refusal's code: a sheet whose relationship names a binary part."""
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Heroes": HERO_HEADER + "</row>"}, targets={"Heroes": "worksheets/sheet1.bin"})
    use_workbook(project, "heroes.xlsx", "Heroes")
    assert _json_errors(project) == [("sheet-unreadable", "data/tiny/decks/heroes.xlsx", 0, 0)]


def test_a_shared_text_table_that_gives_no_count_is_read(tmp_path):
    """ECMA-376 §18.4.9 makes `uniqueCount` optional: a shared strings table without it (as some exporters write it)
    makes no claim to measure, and the workbook is read."""
    path = tmp_path / "uncounted.xlsx"
    xlsx(path, {"Cards": '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'})
    with zipfile.ZipFile(path, "a") as z:
        z.writestr("xl/sharedStrings.xml", f'<sst xmlns="{MAIN}"><si><t>id</t></si></sst>')
    assert _refusal(path) == "read"


def test_an_ods_cell_holding_a_formula_alone_or_a_type_alone_counts_as_a_value(tmp_path):
    """ODF 1.2: a cell may carry its formula with no value saved (`table:formula`), or say only its
    value's type (`office:value-type="string"`, its text in a paragraph, or none). Either is a cell the reader keeps:
    row 1 reaches column 1,000 with a formula alone, row 1,001 holds a typed cell with no text."""
    formula = '<table:table-cell table:formula="of:=1+1"/>'
    typed = '<table:table-cell office:value-type="string"/>'
    rows = (f"<table:table-row>{ods_cell('id')}{ods_cell(repeated=998)}{formula}</table:table-row>"
            f'<table:table-row table:number-rows-repeated="999">{ods_cell()}</table:table-row><table:table-row>{typed}</table:table-row>')
    ods(tmp_path / "alone.ods", rows)
    refused = _refusal(tmp_path / "alone.ods")
    assert refused.startswith("alone.ods[Cards]!A1001: error: sheet 'Cards' spans 1,001 rows × 1,000 columns"), refused


def test_an_ods_row_is_refused_at_the_first_cell_past_the_limit_and_a_repeated_row_at_its_last_repeat(tmp_path):
    """999 rows 1,000 cells wide, then a row whose values stand in columns 1,001 and 2,000: the sheet passes a million
    cells at column 1,001 (ALM) of row 1,000, and is refused there, not at a later cell. A row of 1,000 values
    repeated 1,001 times (`number-rows-repeated`) passes it at its last repeat, row 1,001."""
    wide = f"{ods_cell('x', repeated=1000)}"
    rows = (f'<table:table-row table:number-rows-repeated="999">{wide}</table:table-row>'
            f"<table:table-row>{ods_cell(repeated=1000)}{ods_cell('far')}{ods_cell(repeated=998)}{ods_cell('farther')}</table:table-row>")
    ods(tmp_path / "wide.ods", rows)
    refused = _refusal(tmp_path / "wide.ods", "sheet-too-big")
    assert refused.startswith("wide.ods[Cards]!ALM1000: error: sheet 'Cards' spans 1,000 rows × 1,001 columns"), refused
    ods(tmp_path / "repeated.ods", f'<table:table-row table:number-rows-repeated="1001">{wide}</table:table-row>')
    refused = _refusal(tmp_path / "repeated.ods")
    assert refused.startswith("repeated.ods[Cards]!ALL1001: error: sheet 'Cards' spans 1,001 rows × 1,000 columns"), refused
    ods(tmp_path / "full.ods", f'<table:table-row table:number-rows-repeated="1000">{wide}</table:table-row>')
    assert _refusal(tmp_path / "full.ods") == "read"


def test_an_ods_table_without_its_name_is_called_by_its_part(tmp_path):
    """ODF 1.2 gives every table a `table:name`, and LibreOffice writes it before the table's style; a table
    stretched past the limit is refused by that name, and one written without it by its part, content.xml, as an
    .xlsx sheet its workbook does not name is (never an internal error)."""
    wide = f'<table:table-row table:number-rows-repeated="1001">{ods_cell("x", repeated=1000)}</table:table-row>'
    ods(tmp_path / "named.ods", wide)
    named = zipfile.ZipFile(tmp_path / "named.ods").read("content.xml").decode()
    for name, table in (("styled", ' table:name="Cards" table:style-name="ta1"'), ("nameless", ' table:style-name="ta1"')):
        with zipfile.ZipFile(tmp_path / f"{name}.ods", "w") as z:
            z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
            z.writestr("content.xml", named.replace(' table:name="Cards"', table))
    assert _refusal(tmp_path / "styled.ods").startswith("styled.ods[Cards]!ALL1001: error: sheet 'Cards' spans 1,001 rows"), _refusal(tmp_path / "styled.ods")
    refused = _refusal(tmp_path / "nameless.ods")
    assert refused.startswith("nameless.ods[content.xml]!ALL1001: error: sheet 'content.xml' spans 1,001 rows × 1,000 columns"), refused


def _rewritten(path: Path, part: str, old: str, new: str) -> Path:
    """The workbook at `path` with `old` replaced by `new` in one of its parts (as another writer would have put it)."""
    with zipfile.ZipFile(path) as book:
        parts = {name: book.read(name) for name in book.namelist()}
    assert old in parts[part].decode(), (part, old)
    parts[part] = parts[part].decode().replace(old, new).encode()
    with zipfile.ZipFile(path, "w") as book:
        for name, data in parts.items():
            book.writestr(name, data)
    return path


def test_every_kind_of_sheet_a_relationship_names_must_be_an_xml_part_and_other_relationships_are_not_sheets(tmp_path):
    """ECMA-376 ties a workbook's worksheets, chartsheets and dialogsheets to their parts by relationships whose Type
    ends in that kind; each must lead to an XML part, the only parts measured (one with no Target leads to none). A relationship of another kind, of an
    empty Type or none, names no sheet and is read past."""
    rels = "xl/_rels/workbook.xml.rels"
    for kind in ("chartsheet", "dialogsheet"):
        path = tmp_path / f"{kind}.xlsx"
        xlsx(path, {"Cards": '<row r="1"><c r="A1"/></row>'})
        _rewritten(path, rels, "</Relationships>", f'<Relationship Id="rId9" Type="{OFFICE_RELS}/{kind}" Target="{kind}s/sheet1.bin"/></Relationships>')
        assert _refusal(path) == (f"{kind}.xlsx: error: this workbook is damaged: xl/_rels/workbook.xml.rels names the sheet '{kind}s/sheet1.bin', "
                                  "not an XML part: save it again from the spreadsheet program"), _refusal(path)
    path = tmp_path / "nowhere.xlsx"  # a worksheet's relationship with no Target leads to no XML part either
    xlsx(path, {"Cards": '<row r="1"><c r="A1"/></row>'})
    _rewritten(path, rels, "</Relationships>", f'<Relationship Id="rId9" Type="{WORKSHEET}"/></Relationships>')
    assert _refusal(path) == ("nowhere.xlsx: error: this workbook is damaged: xl/_rels/workbook.xml.rels names the sheet '', not an XML part: "
                              "save it again from the spreadsheet program"), _refusal(path)
    path = tmp_path / "others.xlsx"
    xlsx(path, {"Cards": '<row r="1"><c r="A1"/></row>'})
    _rewritten(path, rels, "</Relationships>", f'<Relationship Id="rId7" Type="{OFFICE_RELS}/styles" Target="styles.bin"/>'
                                               '<Relationship Id="rId8" Type="" Target="empty.bin"/><Relationship Id="rId9" Target="none.bin"/></Relationships>')
    assert _refusal(path) == "read"


def test_a_sheet_the_workbook_gives_no_name_is_called_by_its_part_and_one_without_its_relationship_is_the_readers_refusal(project, tmp_path):
    """A `<sheet>` without its name (calamine calls it '') is called by its part in a refusal; one without its `r:id`,
    which ties it to its part, passes the measure and is the reader's refusal at the file, never an internal error."""
    path = tmp_path / "nameless.xlsx"
    xlsx(path, {"Cards": PAST_THE_LIMIT["every place written"]})
    _rewritten(path, "xl/workbook.xml", '<sheet name="Cards" ', "<sheet ")
    assert _refusal(path).startswith("nameless.xlsx[xl/worksheets/sheet1.xml]!A1001: error: sheet 'xl/worksheets/sheet1.xml' spans 1,001 rows"), \
        _refusal(path)
    book = project / f"{DECKS}/heroes.xlsx"
    xlsx(book, {"Heroes": HERO_HEADER + "</row>" + hero_row(2, "spy")})
    _rewritten(book, "xl/workbook.xml", ' r:id="rId1"/>', "/>")
    use_workbook(project, "heroes.xlsx", "Heroes")
    (line,) = errors(project)
    assert line.startswith("data/tiny/decks/heroes.xlsx: error: cannot read this workbook (CalamineError: "), line


@pytest.mark.parametrize("name", ["heroes.xlsm", "HEROES.XLSX"])
def test_a_macro_workbook_or_one_named_in_capitals_has_its_unsaved_formulas_found(project, name):
    """Excel saves a workbook with macros as .xlsm, the same SpreadsheetML inside; a file name may be in capitals (as
    old systems write it). Either is read as a workbook, and a formula with no saved value is one error at its cell,
    naming it and saying how to give it its value."""
    rows = HERO_HEADER + "</row>" + hero_row(2, "spy", '<c r="F2"><f>D2*2</f></c>')
    xlsx(project / f"{DECKS}/{name}", {"Heroes": rows})
    use_workbook(project, name, "Heroes")
    assert errors(project) == [f"data/tiny/decks/{name}[Heroes]!F2: error: the formula =D2*2 has no saved value (the program that wrote this "
                               "workbook did not compute it): open the workbook in Excel or LibreOffice and save it, or type the value"]
    assert _json_errors(project) == [("sheet-formula-unsaved", f"data/tiny/decks/{name}", 2, 6)]  # the code tools read, at F2


def test_only_a_formula_without_its_saved_value_is_refused(project):
    """Excel saves a formula's last result beside it (ECMA-376 part 1, 18.3.1.96 `<v>`): the spy's F2 `=D2*2`, saved with
    its 4, is read; the thief's F3, written with no value, is the one error, at its cell."""
    rows = (HERO_HEADER + "</row>" + hero_row(2, "spy", '<c r="F2"><f>D2*2</f><v>4</v></c>')
            + hero_row(3, "thief", '<c r="F3"><f>D3*2</f></c>'))
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Heroes": rows})
    use_workbook(project, "heroes.xlsx", "Heroes")
    assert _json_errors(project) == [("sheet-formula-unsaved", "data/tiny/decks/heroes.xlsx", 3, 6)]


def test_an_unsaved_formula_on_another_sheet_is_no_error_of_the_decks_sheet(project):
    """A workbook's first sheet of notes may hold a formula no program computed; the deck, on its second sheet, is read
    from its own sheet's cells (xl/workbook.xml names each sheet's part): no formula of its is unsaved, and its card is read
    (the one hero then counted against the rules' heroes)."""
    notes = '<row r="1"><c r="A1"><f>1+1</f></c></row>'
    xlsx(project / f"{DECKS}/heroes.xlsx", {"Notes": notes, "Heroes": HERO_HEADER + "</row>" + hero_row(2, "spy")})
    use_workbook(project, "heroes.xlsx", "Heroes")
    codes = {code for code, *_ in _json_errors(project)}
    assert "sheet-formula-unsaved" not in codes and "count-mismatch" in codes, codes


def test_a_part_that_is_not_well_formed_is_refused_at_the_line_and_column_a_text_editor_shows(tmp_path):
    """A cell left open (`<c>` closed by `</row>`) is found where the closing tag's name stands: its line, and its column
    counted from 1 as an editor counts it."""
    for rows, line in (('<row r="1"><c r="A1"></row>', 1), ('<row r="1">\n  <c r="A1">\n</row>', 3)):
        xlsx(tmp_path / "broken.xlsx", {"Cards": rows})
        written = f'<worksheet xmlns="{MAIN}"><sheetData>{rows}'.splitlines()[line - 1]
        column = written.index("</row>") + len("</") + 1
        assert f"(line {line}, column {column}: mismatched tag)" in _refusal(tmp_path / "broken.xlsx"), (_refusal(tmp_path / "broken.xlsx"), column)


def test_a_part_is_read_to_its_end_however_long_and_one_cut_short_is_damaged(tmp_path):
    """A sheet part of over a megabyte (5,000 rows of text, as a big deck's is) is read through, slice after slice, to
    its end; a part whose XML stops before its root element closes (a zip written by a program that crashed) is
    refused as damaged, just after its last character."""
    rows = HERO_HEADER + "</row>" + "".join(hero_row(n, f"card{n}", text(f"F{n}", "x" * 100)) for n in range(2, 5002))
    xlsx(tmp_path / "long.xlsx", {"Cards": rows})
    with zipfile.ZipFile(tmp_path / "long.xlsx") as z:
        assert z.getinfo("xl/worksheets/sheet1.xml").file_size > 1 << 20
    assert _refusal(tmp_path / "long.xlsx") == "read"
    xlsx(tmp_path / "cut.xlsx", {"Cards": '<row r="1"><c r="A1"/></row>'})
    written = zipfile.ZipFile(tmp_path / "cut.xlsx").read("xl/worksheets/sheet1.xml").decode()
    cut = written[:written.index("</sheetData>")]
    _rewritten(tmp_path / "cut.xlsx", "xl/worksheets/sheet1.xml", written, cut)
    assert _refusal(tmp_path / "cut.xlsx", "sheet-unreadable") == (
        f"cut.xlsx: error: this workbook is damaged: its part xl/worksheets/sheet1.xml is not well-formed XML (line 1, column {len(cut) + 1}: "
        "no element found): save it again from the spreadsheet program")


def test_a_feedback_workbooks_sheet_is_the_one_sheet_names_and_a_misspelt_one_is_named_with_the_sheets_there_are(project):
    """`pnp feedback import --sheet` picks the workbook's sheet holding the answers; a name no sheet has is one error at
    the file, with the closest name and every sheet's."""
    book = project / "answers.xlsx"
    xlsx(book, {"Notes": '<row r="1"><c r="A1"><v>1</v></c></row>', "Answers": '<row r="1"><c r="A1"><v>1</v></c></row>'})
    result = run_pnp(project, "feedback", "import", str(book), "--game", "tiny", "--sheet", "Answerz")
    (line,) = [line for line in result.output.splitlines() if ": error: " in line]
    assert line == f"{book}: error: no sheet 'Answerz' in answers.xlsx (did you mean 'Answers'?); sheets: Notes, Answers", line


def test_an_ods_whose_macros_name_an_outside_dtd_is_read_and_a_part_declaring_entities_is_damaged(tmp_path):
    """LibreOffice writes each Basic macro module of a workbook (`Basic/Standard/Module1.xml`) under a DOCTYPE naming its
    outside `module.dtd`: it declares nothing, and the workbook is read. A part whose DOCTYPE declares entities (an
    internal subset, where an entity can grow without end) is one no program writes, and is refused as damaged."""
    doctype = '<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd"{}>'
    module = ('<?xml version="1.0" encoding="UTF-8"?>\n{}\n<script:module xmlns:script="http://openoffice.org/2000/script" '
              'script:name="Module1" script:language="StarBasic">REM macro\n</script:module>')
    for name, subset in (("macros", ""), ("entities", ' [<!ENTITY a "aaaa">]')):
        ods(tmp_path / f"{name}.ods", f"<table:table-row>{ods_cell('id')}</table:table-row><table:table-row>{ods_cell('hero')}</table:table-row>")
        with zipfile.ZipFile(tmp_path / f"{name}.ods", "a") as z:
            z.writestr("Basic/Standard/Module1.xml", module.format(doctype.format(subset)))
    assert _refusal(tmp_path / "macros.ods") == "read"
    refused = _refusal(tmp_path / "entities.ods")
    assert "Basic/Standard/Module1.xml" in refused and "declares entities" in refused, refused
