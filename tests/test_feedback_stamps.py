"""Feedback by stamp (issue #80 item 1): a card's stamp can print as a QR code that a phone reads as the playtest form's
address with the game's version, the card and its stamp code filled in; the code and its quiet zone lie in the safe
area; `pnp feedback import` joins each answer of the form's sheet to its card by that code, refuses at its cell a row
it cannot join, and keeps the answers once each in a file of the game; `pnp list` counts them, `pnp changes` lists
them under the card an edit changed, and `pnp serve` shows them beside the card, newest first. A QR stamp needs the
form's address and the form's field that carries the card or its code: given the code's field alone, a game of this
format validates clean."""
from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from conftest import apply_edits, quick_findings, run_pnp

MM = 72 / 25.4
SAFE_MM = 3.0  # the safe area: 3 mm inside the trim (PRINTING.md)
QUIET_MODULES = 4  # ISO/IEC 18004's quiet zone, in modules
FORM = "https://docs.google.com/forms/d/e/1FAIpQLSe-test/viewform"
FIELDS = {"version": "entry.333", "card": "entry.111", "code": "entry.222"}
DPI = 300


def make_project(root: Path, stamps: str = "{qr: true}") -> Path:
    """A game `fb` at version 1.2 whose two cards (three prints) are a dark fill edge to edge: a QR code without its
    own light ground and quiet zone would not read on it."""
    files = {
        "data/fb/game.yaml": f"""\
            title: Feedback
            version: "1.2"
            players: {{min: 1, max: 2}}
            stamps: {stamps}
            feedback:
              form: {FORM}
              fields: {{version: {FIELDS['version']}, card: {FIELDS['card']}, code: {FIELDS['code']}}}
            """,
        "data/fb/decks/heroes.yaml": """\
            name: Heroes
            size: poker
            front: fb/front.j2
            back: fb/back.j2
            cards:
              - {id: knight, name: Knight, count: 2}
              - {id: mage, name: Mage}
            """,
        "templates/fb/front.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#3a2a55") }}\n{{ text(card.name, 5, 8, face.w - 10, 10, size=14, color="#ffffff") }}\n',
        "templates/fb/back.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#555555") }}\n',
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The game built once (its cards): the build counts as its first print."""
    root = make_project(tmp_path_factory.mktemp("fb") / "project")
    result = run_pnp(root, "build", "fb", "-q", "--only", "cards", "--strict")
    assert result.exit_code == 0, result.output
    return root


def codes(root: Path) -> dict[str, str]:
    """deck/card → the stamp code `pnp list` gives it."""
    result = run_pnp(root, "list", "fb", "--format", "json")
    rows = json.loads(result.output[: result.output.rindex("]") + 1])
    return {f"{d['id']}/{c['id']}": c["stamp"]["code"] for row in rows for d in row["decks"] for c in d["card_list"]}


@pytest.fixture(scope="module")
def read_back(built):
    """The cards' sheet rasterised (its upper half, where the one row of cards is) and its QR codes read as a phone would:
    (greyscale image, page height in points, the codes zxing-cpp found)."""
    import pypdfium2 as pdfium
    import zxingcpp

    doc = pdfium.PdfDocument(built / "output/fb/fb-cards.pdf")
    try:
        page = doc[0]
        image, height_pt = page.render(scale=DPI / 72).to_pil().convert("L"), page.get_height()
    finally:
        doc.close()
    image = image.crop((0, 0, image.width, image.height // 2))
    return image, height_pt, [r for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode]


def test_each_front_carries_a_qr_code_a_phone_reads_as_the_form_with_its_card_filled_in(built, read_back):
    found = sorted(r.text for r in read_back[2])
    assert len(found) == 3, found  # one a printed front: the knight twice, the mage once
    links = {(urlsplit(t).scheme, urlsplit(t).netloc, urlsplit(t).path): dict(parse_qsl(urlsplit(t).query)) for t in found}
    assert set(links) == {tuple(getattr(urlsplit(FORM), k) for k in ("scheme", "netloc", "path"))}
    filled = sorted((q[FIELDS["card"]], q[FIELDS["code"]], q[FIELDS["version"]]) for q in (dict(parse_qsl(urlsplit(t).query)) for t in found))
    now = codes(built)
    assert filled == sorted([("heroes/knight", now["heroes/knight"], "1.2")] * 2 + [("heroes/mage", now["heroes/mage"], "1.2")])
    listed = json.loads((out := run_pnp(built, "list", "fb", "--format", "json").output)[: out.rindex("]") + 1])
    assert sorted(c["stamp"]["link"] for d in listed[0]["decks"] for c in d["card_list"] for _ in range(c["count"])) == found  # `pnp list` gives each link


def test_the_qr_code_and_its_quiet_zone_lie_in_the_safe_area_on_light_ground(built, read_back):
    """Each code read back: its symbol widened by the 4-module quiet zone lies 3 mm inside its card's trim, and every
    pixel of that quiet zone is light, though the card is dark to its edges."""
    import numpy
    from printable import read

    image, height_pt, symbols = read_back
    trims = [face.trim for face in read(built / "output/fb/fb-cards.pdf")[0].faces]
    pixels = numpy.asarray(image)
    assert len(symbols) == 3
    for symbol in symbols:
        p = symbol.position
        xs, ys = [c.x for c in (p.top_left, p.top_right, p.bottom_left, p.bottom_right)], [c.y for c in (p.top_left, p.top_right, p.bottom_left, p.bottom_right)]
        module_px = (max(xs) - min(xs)) / (17 + 4 * int(symbol.extra["Version"]))  # a version v symbol is 17 + 4v modules across
        quiet = (min(xs) - QUIET_MODULES * module_px, min(ys) - QUIET_MODULES * module_px, max(xs) + QUIET_MODULES * module_px, max(ys) + QUIET_MODULES * module_px)
        x0, x1 = quiet[0] * 72 / DPI, quiet[2] * 72 / DPI
        y0, y1 = height_pt - quiet[3] * 72 / DPI, height_pt - quiet[1] * 72 / DPI
        trim = next(t for t in trims if t.x0 <= (x0 + x1) / 2 <= t.x1 and t.y0 <= (y0 + y1) / 2 <= t.y1)
        depth = min(x0 - trim.x0, trim.x1 - x1, y0 - trim.y0, trim.y1 - y1) / MM
        assert depth >= SAFE_MM - 0.2, depth
        ring = pixels[int(quiet[1]) + 2:int(quiet[3]) - 1, int(quiet[0]) + 2:int(quiet[2]) - 1].copy()
        ring[int(min(ys) - quiet[1]) - 4:int(max(ys) - quiet[1]), int(min(xs) - quiet[0]) - 4:int(max(xs) - quiet[0])] = 255  # the symbol itself
        assert ring.size and ring.min() > 200, "the quiet zone is light all round"


HEADER = ["Timestamp", "Email Address", "Card", "Code", "Version", "How did it play? (1-5)", "What would you change?"]
REFUSED_ROWS = {5: ("Card", "heroes/rogue"), 12: ("Code", "ZZZZZZ"), 19: ("Code", "")}  # the sheet's line → the cell that cannot be joined


def answer_rows(now: dict[str, str]) -> list[list[str]]:
    """20 answers as a Google Forms sheet gives them (its two ways of writing a time): 17 name a card, by the card and
    code the QR stamp filled in, by a code typed from the card, or by the card with an older code; 3 name none."""
    knight, mage = now["heroes/knight"], now["heroes/mage"]
    rows = []
    for n in range(20):
        line = n + 2  # the header is line 1
        time = f"2026/11/{n + 1:02d} 2:03:04 PM GMT+1" if n % 2 else f"11/{n + 1:02d}/2026 09:{n:02d}:00"
        card, code = [("heroes/knight", knight), ("", mage), ("knight", "AAAAAA"), ("heroes/mage", f"v1.2 · {mage}")][n % 4]
        if line in REFUSED_ROWS:
            column, text = REFUSED_ROWS[line]
            card, code = (text, knight) if column == "Card" else ("", text)
        rows.append([time, f"tester{n}@example.org", card, code, "", str(1 + n % 5), f"note {n}"])
    return rows


def write_csv(path: Path, rows: list[list[str]]) -> Path:
    import csv

    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([HEADER, *rows])
    return path


@pytest.fixture(scope="module")
def imported(built, tmp_path_factory):
    """The sheet of 20 answers imported once: (its path, what the import said, its exit code)."""
    sheet = write_csv(tmp_path_factory.mktemp("answers") / "answers.csv", answer_rows(codes(built)))
    result = run_pnp(built, "feedback", "import", str(sheet))
    return sheet, result.output, result.exit_code


def test_an_import_keeps_each_joinable_answer_and_refuses_each_other_row_at_its_cell(built, imported):
    from pnp.data.answers import read_answers

    _, output, code = imported
    assert code == 1, output
    refused = [line for line in output.splitlines() if ": error" in line]
    at = sorted((int(m.group(1)), int(m.group(2))) for m in (re.search(r"answers\.csv:(\d+):(\d+): error", line) for line in refused) if m)
    assert at == sorted((line, HEADER.index(column) + 1) for line, (column, _) in REFUSED_ROWS.items()), output
    answers, found = read_answers(built / "data/fb", "data/fb")
    assert not found and len(answers) == 17
    now = codes(built)
    assert {a.card for a in answers} == {"heroes/knight", "heroes/mage"}
    assert sum(a.older(now[a.card], "1.2") for a in answers) == 4  # the four rows naming the knight by an older code
    assert all("Email Address" not in dict(a.answers) for a in answers), "who answered is not kept in the project's files"
    times = [a.time for a in answers]
    assert "2026-11-02 14:03:04" in times and "2026-11-01 09:00:00" in times  # both of the form's ways of writing a time


def test_importing_the_same_sheet_again_adds_nothing_and_leaves_the_file_as_it_was(built, imported):
    sheet, _, _ = imported
    path = built / "data/fb/feedback/answers.yaml"
    before = path.read_bytes()
    again = run_pnp(built, "feedback", "import", str(sheet))
    assert "0 new answers" in again.output and path.read_bytes() == before, again.output
    body = before.decode("utf-8")
    assert body.count("- card:") == 17 and "tester" not in body


def test_pnp_list_counts_each_cards_answers_and_those_given_on_an_older_version(built, imported):
    result = run_pnp(built, "list", "fb", "--format", "json")
    rows = json.loads(result.output[: result.output.rindex("]") + 1])
    counted = {c["id"]: (c["answers"], c["older_answers"]) for d in rows[0]["decks"] for c in d["card_list"]}
    assert counted == {"knight": (9, 4), "mage": (8, 0)}  # 17 kept; the knight's 4 named by an older code
    assert "17 playtest answers on 2 cards, 4 given on an older version" in run_pnp(built, "list", "fb").output


def test_pnp_changes_lists_the_answers_given_since_each_card_last_changed_under_the_card_edited(built, imported, tmp_path):
    import shutil

    root = tmp_path / "copy"
    shutil.copytree(built, root)
    deck = root / "data/fb/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("name: Mage}", "name: Mage the Wise}"))
    output = run_pnp(root, "changes", "fb").output
    lines = output.splitlines()
    assert re.search(r"heroes/mage\s+changed\s+[A-Z2-7]{6} → [A-Z2-7]{6}\s+fields: name", output), output
    assert "13 answers given since their card last changed" in output, output  # 5 on the knight and 8 on the mage: not the knight's 4 on an older code
    mage = lines.index(next(line for line in lines if line.startswith("  heroes/mage") and "changed since" in line))
    notes = [int(re.search(r"note (\d+)", line).group(1)) for line in lines[mage + 1:] if line.startswith("    ")]
    times = [line.split()[0] + " " + line.split()[1] for line in lines[mage + 1:] if line.startswith("    ")]
    assert len(notes) == 8 and times == sorted(times, reverse=True), output  # every answer on the printed mage, newest first


def test_pnp_changes_shows_a_long_answer_cut_short_on_its_one_line(built, imported, tmp_path):
    """A playtester's essay is not the list's to show whole: its first 200 characters (its question's name among them),
    and an ellipsis."""
    import shutil

    root = tmp_path / "copy"
    shutil.copytree(built, root)
    essay = "The mage " + "wins every time " * 30 + "THE END"
    with (root / "data/fb/feedback/answers.yaml").open("a", encoding="utf-8") as f:
        f.write(f"- card: heroes/mage\n  time: '2026-12-31 23:00:00'\n  code: ''\n  version: '1.2'\n  answers:\n    Notes: {essay}\n")
    output = run_pnp(root, "changes", "fb").output
    line = next(line for line in output.splitlines() if "The mage wins" in line)
    shown = line[line.index("Notes: "):]
    assert shown.endswith("…") and "THE END" not in line, line
    assert len(shown) - 1 == 200 and ("Notes: " + essay).startswith(shown[:-1]), shown


def test_pnp_serve_shows_each_cards_answers_beside_it_newest_first_and_marks_those_on_an_older_version(built, imported, tmp_path):
    """The page's state, as `pnp serve`'s app hands it to the page (in process: starlette's TestClient)."""
    import shutil
    import time

    from starlette.testclient import TestClient

    from pnp.data.project import Project
    from pnp.serve.app import create_app

    root = tmp_path / "served"
    shutil.copytree(built, root)
    port, token = 8766, "feedback-test-token"
    with TestClient(create_app(Project(root), ["fb"], port, token, log=lambda line: None), base_url=f"http://127.0.0.1:{port}") as client:
        assert client.get(f"/?token={token}").status_code == 200
        deadline = time.monotonic() + 120  # a deadline for a loaded machine, not a measure of speed
        while True:
            games = client.get("/api/state").json()["games"]
            if (games and games[0]["state"] == "ready") or time.monotonic() > deadline:
                break
            time.sleep(0.05)
    assert games and games[0]["state"] == "ready", games
    tiles = {i["key"]: i for s in games[0]["sections"] for i in s["items"]}
    knight, mage = tiles["deck:heroes:knight"]["answers"], tiles["deck:heroes:mage"]["answers"]
    assert len(knight) == 9 and len(mage) == 8
    for answers in (knight, mage):
        assert [a["time"] for a in answers] == sorted((a["time"] for a in answers), reverse=True)
    assert sorted(a["older"] for a in knight) == [False] * 5 + [True] * 4 and not any(a["older"] for a in mage)
    assert all(a["code"] == "AAAAAA" for a in knight if a["older"])
    assert ["What would you change?", "note 18"] in knight[0]["answers"] and knight[0]["older"]  # the newest, given on an older knight


def test_a_microsoft_forms_workbook_is_read_with_its_times_and_without_who_answered(built, tmp_path):
    """Microsoft Forms' export: an XLSX whose times are dates, and ID, Email and Name columns that stay out of the project."""
    import datetime

    from openpyxl import Workbook

    from pnp.data.answers import Cards, join_rows
    from pnp.data.schema import FeedbackSpec
    from pnp.data.sheet_rows import sheet_rows

    now = codes(built)
    book = Workbook()
    sheet = book.active
    sheet.title = "Sheet1"
    sheet.append(["ID", "Start time", "Completion time", "Email", "Name", "Code", "Rating"])
    sheet.append([1, datetime.datetime(2026, 11, 20, 9, 0), datetime.datetime(2026, 11, 20, 9, 5, 30), "a@example.org", "Ann", now["heroes/mage"], 4])
    sheet.append([2, datetime.datetime(2026, 11, 21, 9, 0), datetime.datetime(2026, 11, 21, 9, 1), "b@example.org", "Bo", "QQQQQQ", 2])
    book.save(tmp_path / "answers.xlsx")
    rows, where = sheet_rows(tmp_path / "answers.xlsx", "answers.xlsx")
    answers, refused = join_rows(rows, where, FeedbackSpec(), Cards(now, {}, "1.2"))
    assert [(a.card, a.time, a.code, a.version, a.answers) for a in answers] == [("heroes/mage", "2026-11-20 09:05:30", now["heroes/mage"], "1.2", (("Rating", "4"),))]
    assert [str(f.loc) for f in refused if f.severity == "error"] == ["answers.xlsx[Sheet1]!F3"]  # the second row's code, in the spreadsheet's own words
    left_out = [f for f in refused if f.severity == "warning"]
    assert len(left_out) == 1 and all(f"{c} '{h}'" in left_out[0].message for c, h in (("A", "ID"), ("B", "Start time"), ("D", "Email"), ("E", "Name")))


def test_a_qr_stamp_without_a_form_to_open_is_an_error_at_its_line(tmp_path):
    from pnp.data.project import Project

    root = make_project(tmp_path / "p")
    game = root / "data/fb/game.yaml"
    game.write_text(game.read_text().replace(f"  form: {FORM}\n", ""))
    _, found = Project(root).load_game("fb")
    assert [(f.severity, f.loc.line) for f in found] == [("error", 4)] and "feedback: {form: https://" in found[0].message, found


def test_a_typed_sheets_own_headers_and_day_first_times_are_read_as_game_yaml_names_them(tmp_path):
    """A sheet typed from the paper feedback sheet: its headers named in feedback.columns, its times day first."""
    from pnp.data.answers import Cards, join_rows
    from pnp.data.schema import FeedbackSpec
    from pnp.data.sheet_rows import sheet_rows

    path = tmp_path / "typed.csv"
    path.write_text("Played on;Stamp printed;Remarks\n03/11/2026 20:15;v1.2 · abcdef;too slow\n31/11/2026 20:15;ABCDEF;no such day\n", encoding="utf-8")
    spec = FeedbackSpec(columns={"time": "Played on", "code": "Stamp printed"}, time_format="%d/%m/%Y %H:%M")
    rows, where = sheet_rows(path, "typed.csv")
    answers, refused = join_rows(rows, where, spec, Cards({"heroes/knight": "ABCDEF"}, {}, "1.2"))
    assert [(a.card, a.time, a.code, a.answers) for a in answers] == [("heroes/knight", "2026-11-03 20:15:00", "ABCDEF", (("Remarks", "too slow"),))]
    assert [str(f.loc) for f in refused] == ["typed.csv:3:1"] and "time_format" in refused[0].message


@pytest.mark.parametrize("corner", ["bottom-left", "top-right"])
def test_on_a_round_card_the_qr_code_moves_in_until_its_square_is_in_the_safe_area(corner):
    """A 60 mm round card: every corner of the code's square (its quiet zone too) lies 3 mm inside the circle."""
    import math

    from pnp.core.shapes import Shape
    from pnp.layout.elements import Face, Qr
    from pnp.layout.stamp import stamped

    link = f"{FORM}?entry.111=heroes%2Fknight&entry.222=ABCDEF"
    face = stamped(Face(60.0, 60.0, 3.0, (), frozenset()), "v1.2 · ABCDEF", corner, "Helvetica", "#222222", shape=Shape("circle"), link=link)
    code = next(el for el in face.elements if type(el) is Qr)
    corners = [(code.x + dx, code.y + dy) for dx in (0, code.size) for dy in (0, code.size)]
    assert max(math.dist(c, (30, 30)) for c in corners) <= 30 - SAFE_MM + 1e-6, corners


def test_the_paper_feedback_sheets_version_column_gives_the_code_and_the_version(tmp_path):
    """Typed from the bundle's feedback sheet, whose Version column holds the whole stamp: `v1.2 · ABCDEF`."""
    from pnp.data.answers import Cards, join_rows
    from pnp.data.schema import FeedbackSpec
    from pnp.data.sheet_rows import sheet_rows

    path = tmp_path / "paper.csv"
    path.write_text("Time,Card,Version,Notes\n2026-11-03 20:15,knight,v1.2 · ABCDEF,fine\n2026-11-04 20:15,knight,v1.1 · QQQQQQ,slow\n", encoding="utf-8")
    rows, where = sheet_rows(path, "paper.csv")
    answers, refused = join_rows(rows, where, FeedbackSpec(), Cards({"heroes/knight": "ABCDEF"}, {}, "1.2"))
    assert not refused and [(a.code, a.version, a.older("ABCDEF", "1.2")) for a in answers] == [("ABCDEF", "1.2", False), ("QQQQQQ", "1.1", True)]


def test_a_card_too_small_for_its_qr_stamp_keeps_the_text_and_the_deck_is_warned_once(tmp_path):
    root = make_project(tmp_path / "small")
    deck = root / "data/fb/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("size: poker", "size: 20 x 30"))  # a 13 mm safe width: the code is 16 mm
    result = run_pnp(root, "build", "fb", "--only", "cards")
    warned = [line for line in result.output.splitlines() if "no room in the safe area for its QR stamp" in line]
    assert result.exit_code == 0 and len(warned) == 1 and warned[0].startswith("data/fb/game.yaml:4:"), result.output
    import pypdfium2 as pdfium
    import zxingcpp

    doc = pdfium.PdfDocument(root / "output/fb/fb-cards.pdf")
    try:
        image = doc[0].render(scale=200 / 72).to_pil().convert("L")
    finally:
        doc.close()
    assert not zxingcpp.read_barcodes(image.crop((0, 0, image.width, image.height // 3))), "no QR code on a card it does not fit"


def test_the_answers_file_reads_back_as_written_whatever_a_playtester_typed(tmp_path):
    """Answers that YAML 1.1 writes bare and YAML 1.2 reads as other things (1e3, a number) come back as the text typed."""
    from pnp.data.answers import Answer, answers_path, answers_text, read_answers

    typed = ["1e3", "no", "0x1F", "~", "2026-11-20", ".inf", "a: b", "- x", "#x", "multi\nline", "=SUM(A1)", "🙂", "1" * 400]
    answers = [Answer("heroes/knight", "2026-11-20 10:00:00", "ABCDEF", "1.2", tuple((f"q{n}", text) for n, text in enumerate(typed)))]
    answers_path(tmp_path).parent.mkdir()
    answers_path(tmp_path).write_text(answers_text(answers), encoding="utf-8")
    assert read_answers(tmp_path, "data/fb") == (answers, [])


def test_an_answers_file_that_links_out_of_the_game_is_never_read(tmp_path):
    from pnp.data.answers import answers_path, read_answers

    secret = tmp_path / "secret.yaml"
    secret.write_text("- {card: heroes/knight, time: x, code: ABCDEF, version: '1', answers: {q: private}}\n", encoding="utf-8")
    game = tmp_path / "data/fb"
    answers_path(game).parent.mkdir(parents=True)
    answers_path(game).symlink_to(secret)
    answers, found = read_answers(game, "data/fb")
    assert answers == [] and [f.code for f in found] == ["answers-outside"]


def test_the_qr_stamp_sizes_editions_md_gives_are_the_ones_a_poker_card_prints():
    """docs/editions.md: 22.8 mm for a Google form's address with three fields filled in, 19.6 mm with the code alone."""
    from pnp.layout.elements import Face, Qr
    from pnp.layout.stamp import stamped

    form = "https://docs.google.com/forms/d/e/1FAIpQLSf" + "x" * 48 + "/viewform"  # a Google form's address: 100 characters
    assert len(form) == 100
    sizes = []
    for query in ("?entry.1180324551=crew%2Fsafecracker&entry.553112874=QHTPHJ&entry.907182233=0.4", "?entry.553112874=QHTPHJ"):
        face = stamped(Face(63.5, 88.9, 3.0, (), frozenset()), "v0.4 · QHTPHJ", "bottom-left", "Helvetica", "#222222", link=form + query)
        sizes.append(next(el.size for el in face.elements if type(el) is Qr))
    text = " ".join((Path(__file__).resolve().parent.parent / "docs/editions.md").read_text(encoding="utf-8").split())
    assert f"{sizes[0]:.1f} mm a side for a Google form (its address is 100 characters)" in text and f"{sizes[1]:.1f} mm with the code alone" in text, sizes


def test_an_answer_of_the_wrong_shape_is_an_error_at_its_item(tmp_path):
    """An item of the answers file with no `card:` and `answers:` is said at its own line and column, not as the packed
    number the reader keeps its place in."""
    from pnp.data.answers import answers_path, read_answers

    path = answers_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("- card: a/b\n  answers: {q: y}\n- nothing: here\n")
    answers, found = read_answers(tmp_path, "data/fb")
    assert len(answers) == 1
    assert [(f.code, str(f.loc)) for f in found] == [("answers-shape", "data/fb/feedback/answers.yaml:3:3")]


def test_a_game_of_this_format_with_a_qr_stamp_joined_by_the_cards_code_validates(project):
    """docs/data-format.md: `format_version: 1` is the format this pnp reads, and a QR stamp needs the form's address
    and the form's field that carries the card, or its code: given the code's field alone, the game validates clean."""
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["stamps: false", 'format_version: 1\nstamps: {qr: true}\nfeedback: {form: "https://forms.example.org/tiny", fields: {code: entry.11}}\n#']}])
    assert quick_findings(project) == (0, [])
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["format_version: 1", "format_version: 2"]}])
    code, found = quick_findings(project)
    assert code == 1 and len(found) == 1 and "newer than the format 1 this pnp reads" in found[0], found


@pytest.mark.parametrize("form, said", [
    ("http://192.168.1.20/forms/tiny", []),  # a form served on the table's own network: http is a web address too
    ("forms.example.org/tiny", ["expected a web address starting with https:// or http:// (no spaces), got 'forms.example.org/tiny'"]),
    ("https://forms.example.org/tiny form", ["expected a web address starting with https:// or http:// (no spaces), got 'https://forms.example.org/tiny form'"]),
])
def test_a_form_s_address_is_taken_with_either_web_scheme_and_refused_without_one(project, form, said):
    """A QR stamp opens the form in a phone's browser, which opens an http:// address as it does an https:// one; an
    address without its scheme would open nothing, and one with a space (no character of a URI, RFC 3986) would open
    another address than the one typed: each is one error at its place in game.yaml."""
    line = f'feedback: {{form: "{form}", fields: {{code: entry.11}}}}'
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": ["stamps: false", f"stamps: {{qr: true}}\n{line}\n#"]}])
    number = (project / "data/tiny/game.yaml").read_text(encoding="utf-8").splitlines().index(line) + 1
    at = f"data/tiny/game.yaml:{number}:{line.index(form)}: error: feedback.form: "
    assert quick_findings(project) == (1 if said else 0, [at + s for s in said])


def test_a_forms_address_that_has_a_query_already_keeps_it_and_the_cards_fields_follow_it(project):
    """A Microsoft Forms address carries its form in its query (`ResponsePage.aspx?id=…`), and a pre-filled one adds
    each question as `&r…=`: the QR link keeps the form's `id` and joins the card's fields after it with `&` (one `?`
    starts a query, RFC 3986), as `pnp list --format json` gives the link the stamp opens."""
    form = "https://forms.office.com/Pages/ResponsePage.aspx?id=AbC123"
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": [
        "stamps: false", f"stamps: {{qr: true}}\nfeedback: {{form: \"{form}\", fields: {{card: r1, code: r2}}}}\n#"]}])
    result = run_pnp(project, "list", "tiny", "--format", "json")
    assert result.exit_code == 0, result.output + result.stderr
    knight = json.loads(result.output)[0]["decks"][0]["card_list"][0]
    link = knight["stamp"]["link"]
    assert link.count("?") == 1 and link.startswith(form + "&"), link
    assert parse_qsl(urlsplit(link).query) == [("id", "AbC123"), ("r1", "heroes/knight"), ("r2", knight["stamp"]["code"])], link


def test_a_game_with_a_form_whose_stamps_ask_no_qr_code_prints_its_stamps_text_alone(tmp_path):
    """`stamps: true` with a feedback form: the form is for `pnp feedback import` and the paper sheet; the fronts carry
    the version and code as text, and no QR code, until `stamps: {qr: true}` asks for one."""
    import pypdfium2 as pdfium
    import zxingcpp
    from pdftext import pdf_text

    root = make_project(tmp_path / "plain", stamps="true")
    result = run_pnp(root, "build", "fb", "-q", "--only", "cards", "--strict")
    assert result.exit_code == 0, result.output
    assert pdf_text(root / "output/fb/fb-cards.pdf").count("v1.2 ·") == 3  # the knight twice, the mage once
    doc = pdfium.PdfDocument(root / "output/fb/fb-cards.pdf")
    try:
        image = doc[0].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        doc.close()
    assert not zxingcpp.read_barcodes(image), "a QR code printed that the game's stamps: did not ask for"


def test_a_qr_stamp_fills_the_forms_game_field_with_the_games_title(project):
    """docs/editions.md: `fields` names the form's field that `game` (the title) fills in. The tiny game, in its folder
    `tiny`, is titled "Tiny Test Game": its cards' QR links fill the game's field with the title, as a browser sends
    a form's field (spaces as +), and the card's field with deck/card."""
    apply_edits(project, [{"file": "data/tiny/game.yaml", "replace": [
        "stamps: false", f"stamps: {{qr: true}}\nfeedback: {{form: \"{FORM}\", fields: {{game: g, card: c}}}}\n#"]}])
    result = run_pnp(project, "list", "tiny", "--format", "json")
    assert result.exit_code == 0, result.output + result.stderr
    knight = json.loads(result.output)[0]["decks"][0]["card_list"][0]
    assert knight["stamp"]["link"] == f"{FORM}?g=Tiny+Test+Game&c=heroes%2Fknight", knight["stamp"]
