"""Files no one here wrote, read by pnp as a designer hands them over (issue #101 item 2): a CSV Microsoft Excel saved
as "CSV UTF-8" (a byte-order mark, CRLF between rows, a line break inside a quoted cell, no line end after the last
row) read as a deck's sheet and written into by `pnp translate import`; a Microsoft Forms export saved from Excel the
same way, and a workbook Microsoft Forms gave, read by `pnp feedback import`. Where each comes from, and what was changed: tests/samples/excel/README.md
and tests/samples/feedback/README.md."""
from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import run_pnp
from test_feedback_import import kept, make_game

SAMPLES = Path(__file__).parent / "samples"
EXCEL_CSV = SAMPLES / "excel" / "crlf-csv-utf8.csv"
FORMS_CSV = SAMPLES / "feedback" / "microsoft-forms-excel-utf8.csv"
BOM = b"\xef\xbb\xbf"
DECK = "name: Excel\nsize: poker\nfront: tiny/excel.j2\nback: tiny/back.j2\ncards_from: excel.csv\n"
FRONT = '{{ text(card.Normal, 5, 5, face.w - 10, 10, size=8) }}\n{{ text(card["abc\\ndef"], 5, 20, face.w - 10, 30, size=8) }}\n'


def test_the_samples_hold_what_excel_wrote():
    """What the READMEs say of the bytes holds (no checkout normalised them): Excel's BOM, CRLF between rows and no
    line end after the last, a cell's own line break kept inside its quotes (LF typed in the cell, CRLF from CHAR(13)&CHAR(10))."""
    data = EXCEL_CSV.read_bytes()
    assert data == BOM + b'Normal,"abc\ndef"\r\nFormula,"abc\r\ndef"\r\nTest,'
    forms = FORMS_CSV.read_bytes()
    assert forms.startswith(BOM + b"ID,Start time,Completion time,Email,Name,Last modified time,") and not forms.endswith(b"\n")
    assert forms.count(b"\r\n") == forms.count(b"\n") == 4 and b'"[""White"",""Black""]"' in forms


@pytest.fixture
def excel_deck(project):
    """The tiny game with a deck whose sheet is Excel's CSV as Excel wrote it, and a front printing both its columns."""
    shutil.copy(EXCEL_CSV, project / "data/tiny/decks/excel.csv")
    (project / "data/tiny/decks/excel.yaml").write_text(DECK, encoding="utf-8")
    (project / "templates/tiny/excel.j2").write_text(FRONT, encoding="utf-8")
    return project


def test_excels_csv_prints_each_cell_as_excel_shows_it(excel_deck):
    """The header's first cell is `Normal` (the byte-order mark is no part of it); the cell Excel shows on two lines
    prints on two lines, its CRLF one line break as its LF would be."""
    result = run_pnp(excel_deck, "build", "tiny", "--only", "cards", "--deck", "excel", "--out", str(excel_deck / "out"))
    assert result.exit_code == 0 and "2 pieces" in result.output, result.output  # a card a row under the header
    with pdfplumber.open(excel_deck / "out/tiny/tiny-cards-excel.pdf") as pdf:
        page = pdf.pages[0]
        words = {w["text"]: w for w in page.extract_words()}
    assert {"Formula", "Test", "abc", "def"} <= set(words), sorted(words)
    step = words["def"]["top"] - words["abc"]["top"]
    assert 0 < step < 1.5 * 8, step  # the next line at 8 pt, not a blank line between (CR and LF read as two breaks)
    assert abs(words["abc"]["x0"] - words["def"]["x0"]) < 0.5  # each line starts at the text's left edge


def test_a_wrong_value_in_excels_csv_is_one_error_at_the_line_an_editor_shows(excel_deck):
    """`Test`, the sheet's third row, starts on line 5 of the file: the header's cell runs over lines 1-2 and Formula's
    over lines 3-4, whichever line end Excel wrote inside the quotes. The error names line 5, column 1 (A)."""
    game = excel_deck / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "constraints:\n", "constraints:\n  - {check: allowed, in: decks.excel, field: Normal, values: [Formula]}\n", 1), encoding="utf-8")
    result = run_pnp(excel_deck, "validate", "tiny")
    errors = [line for line in result.output.splitlines() if ": error" in line]
    assert result.exit_code != 0 and len(errors) == 1, result.output
    assert errors[0].startswith("data/tiny/decks/excel.csv:5:1: error") and "Test" in errors[0], errors[0]


def test_translations_written_into_excels_csv_keep_its_bytes(excel_deck, tmp_path):
    """`pnp translate import` adds the German columns to Excel's file: every row keeps its CRLF, each cell its own line
    break, the file its byte-order mark and its last row without a line end, so Excel reads it as before."""
    game = excel_deck / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("\npitch:", "\nlanguages: [en, de]\npitch:", 1), encoding="utf-8")
    assert run_pnp(excel_deck, "translate", "export", "tiny", "--lang", "de", "--dpi", "30", "--out", str(tmp_path / "out")).exit_code == 0
    with (tmp_path / "out/tiny/translate/tiny-de.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    german = {"Formula": "Formel", "Test": "Probe"}
    filled = [rows[0]] + [[*row[:3], german[row[2]], *row[4:]] for row in rows[1:] if row[0].startswith("data/tiny/decks/excel.csv#")]
    assert len(filled) == 3, filled  # the deck's two Normal cells
    with (tmp_path / "de.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(filled)
    result = run_pnp(excel_deck, "translate", "import", str(tmp_path / "de.csv"))
    assert "data/tiny/decks/excel.csv: 2 translations written" in result.output, result.output
    data = (excel_deck / "data/tiny/decks/excel.csv").read_bytes()
    assert data.startswith(BOM + b"Normal,Normal@de,Normal@de~src,") and not data.endswith(b"\n"), data
    assert data.count(b"\r\n") == 3 and b'"abc\ndef"\r\n' in data and b'"abc\r\ndef"\r\n' in data, data  # two rows' ends, B2's own
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert [row[:2] for row in table] == [["Normal", "Normal@de"], ["Formula", "Formel"], ["Test", "Probe"]]
    assert [row[-1] for row in table] == ["abc\ndef", "abc\r\ndef", ""]  # each row's last cell as Excel left it
    assert "0 errors" in run_pnp(excel_deck, "validate", "tiny").output


def forms_with_cards(path: Path, cards: list[str]) -> Path:
    """The Microsoft Forms sample with a `Card` question's answers after its last question (column L), as a designer's
    form has one; written as Excel writes CSV UTF-8 (BOM, CRLF, quotes where needed, no line end after the last row)."""
    rows = list(csv.reader(io.StringIO(FORMS_CSV.read_bytes().decode("utf-8-sig"), newline="")))
    rows = [[*row[:11], card, *row[11:]] for row, card in zip(rows, ["Card", *cards], strict=True)]
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    path.write_bytes(BOM + out.getvalue().removesuffix("\r\n").encode("utf-8"))
    return path


def test_a_microsoft_forms_export_saved_by_excel_keeps_its_answers_and_not_who_gave_them(tmp_path):
    root = make_game(tmp_path / "project")
    sheet = forms_with_cards(tmp_path / "responses.csv", ["gems/opal-1", "rewards/ruby-1", "gems/opal-1", "opal-1"])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0 and "4 new answers" in result.output, result.output
    answers = {a["time"]: a for a in kept(root)}
    # Completion time as the sheet shows it (US month/day/year, as Excel in English writes Microsoft Forms' dates)
    assert sorted(answers) == ["2024-03-12 15:42:03", "2024-03-12 16:11:03", "2024-03-12 16:37:48", "2024-03-19 17:05:22"]
    assert answers["2024-03-12 16:11:03"]["card"] == "rewards/ruby-1"
    given = answers["2024-03-12 16:11:03"]["answers"]
    assert set(given) == {"Upload an Image", "Year", "Category", "Colour", "Description"}, given  # the questions, nothing of the form's own
    assert given["Colour"] == '["White","Orange","Yellow"]' and given["Description"] == "Yay, its a PDF" and given["Year"] == "2023"
    said = [line for line in result.output.splitlines() if "left out" in line]
    assert len(said) == 1 and said[0].startswith(f"{sheet}:1:1: warning"), result.output  # at the ID header, A1
    assert all(f"{col} '{head}'" in said[0] for col, head in zip("ABDEF", ("ID", "Start time", "Email", "Name", "Last modified time"), strict=True))
    text = (root / "data/gm/feedback/answers.yaml").read_text(encoding="utf-8")
    # Microsoft Forms names an uploaded file after who sent it (…_Ann%20Lee.pdf): the name is left out of the link too
    for who in ("a.lee@example.ac.uk", "b.stonehale@example.ac.uk", "Ann Lee", "Ann%20Lee", "Bea Stone Hale", "Bea%20Stone%20Hale"):
        assert who not in text, who
    assert given["Upload an Image"].endswith("/Question/2401414_[name left out].pdf"), given["Upload an Image"]


def test_a_row_of_the_export_naming_no_card_is_refused_at_its_cell(tmp_path):
    root = make_game(tmp_path / "project")
    sheet = forms_with_cards(tmp_path / "responses.csv", ["gems/opal-1", "gems/opal-9", "gems/opal-1", "gems/opal-1"])
    result = run_pnp(root, "feedback", "import", str(sheet))
    errors = [line for line in result.output.splitlines() if ": error" in line]
    assert len(errors) == 1 and errors[0].startswith(f"{sheet}:3:12: error") and "opal-9" in errors[0], result.output  # the row on line 3, column L
    assert len(kept(root)) == 3


QUIZ = SAMPLES / "feedback" / "microsoft-forms-quiz.xlsx"


def test_microsoft_forms_own_workbook_without_a_card_column_is_one_error_at_its_header(tmp_path):
    """The workbook as Microsoft Forms gave it (and Excel saved it): nothing in it names a card, so nothing is kept, and
    the one error, at the sheet's first cell, lists its headers (read from Excel's shared strings, umlauts whole)."""
    root = make_game(tmp_path / "project")
    result = run_pnp(root, "feedback", "import", str(QUIZ))
    errors = [line for line in result.output.splitlines() if ": error" in line]
    assert result.exit_code != 0 and len(errors) == 1, result.output
    assert errors[0].startswith(f"{QUIZ}[Sheet1]!A1: error: no code column") and "Welche Aufgabe hat der Reviewer während" in errors[0], errors[0]
    assert not (root / "data/gm/feedback/answers.yaml").exists()


def quiz_with_cards(path: Path, card: str) -> Path:
    """The workbook with a `Card` column after its last (Q): one inline-text cell added to each row of its sheet's XML,
    every other part and byte of Excel's file as it was."""
    import re
    import zipfile

    def cell(match) -> str:
        row = int(match.group(1))
        return f'{match.group(0)[:-6]}<c r="Q{row}" t="inlineStr"><is><t>{"Card" if row == 1 else card}</t></is></c></row>'

    with zipfile.ZipFile(QUIZ) as book, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for part in book.infolist():
            data = book.read(part)
            if part.filename == "xl/worksheets/sheet1.xml":
                data = re.sub(r'<row r="(\d+)".*?</row>', cell, data.decode("utf-8"), flags=re.S).encode("utf-8")
            out.writestr(part, data)
    return path


def test_microsoft_forms_own_workbook_keeps_each_answer_as_excel_shows_it(tmp_path):
    """Read with a Card column: each answer's time is its Completion time (a date cell), each answer the text Excel
    shows (openpyxl, a reader pnp does not use), line breaks and all; the form's own columns are left out."""
    openpyxl = pytest.importorskip("openpyxl")
    shown = list(openpyxl.load_workbook(QUIZ, read_only=True)["Sheet1"].iter_rows(values_only=True))
    root = make_game(tmp_path / "project")
    result = run_pnp(root, "feedback", "import", str(quiz_with_cards(tmp_path / "quiz.xlsx", "gems/opal-1")))
    assert result.exit_code == 0 and "10 new answers" in result.output, result.output
    answers = {a["time"]: a["answers"] for a in kept(root)}
    assert sorted(answers) == sorted(row[2].strftime("%Y-%m-%d %H:%M:%S") for row in shown[1:])
    for row in shown[1:]:
        given = answers[row[2].strftime("%Y-%m-%d %H:%M:%S")]
        assert given == {q: a for q, a in zip(shown[0][6:], row[6:], strict=True) if a}, given  # an unanswered question is absent
    assert "\n" in answers["2024-06-28 16:45:35"][shown[0][6]]
    said = next(line for line in result.output.splitlines() if "left out" in line)
    assert said.startswith(f"{tmp_path / 'quiz.xlsx'}[Sheet1]!A1: warning")
    assert all(f"{col} '{head}'" in said for col, head in zip("ABDEF", ("ID", "Start time", "Email", "Name", "Last modified time"), strict=True))
    text = (root / "data/gm/feedback/answers.yaml").read_text(encoding="utf-8")
    assert "notused" not in text and "First Name" not in text and "Tenth Name" not in text


def test_who_answered_is_left_out_where_an_answer_repeats_it_and_nowhere_else(tmp_path):
    """The mend the upload links asked for, at its edges (docs/editions.md, Who answered is left out): the row's own
    name and address, typed in any case or percent-encoded as a link writes them, are left out of its other answers;
    the same letters inside a longer word are not a name."""
    from test_feedback_import import write_csv

    root = make_game(tmp_path / "project")
    said = "Ann Leeds liked it; ann lee played, see ann.lee%40example.org or /files/deck_Ann%20Lee.pdf"
    sheet = write_csv(tmp_path / "answers.csv", ["Timestamp", "Card", "Name", "Email", "Notes"],
                      [["11/20/2026 10:00:00", "gems/opal-1", "Ann Lee", "ann.lee@example.org", said]])
    result = run_pnp(root, "feedback", "import", str(sheet))
    assert result.exit_code == 0, result.output
    assert [a["answers"] for a in kept(root)] == [
        {"Notes": "Ann Leeds liked it; [name left out] played, see [e-mail left out] or /files/deck_[name left out].pdf"}]
