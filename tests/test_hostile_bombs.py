"""A hostile corpus of our own: small files that ask for gigabytes, servers that trickle or lie, and odd files that
once gave "internal error". Each bomb runs in a process of its own under a 1 GiB address-space cap and a processor
time cap, so one that got past its guard fails its test rather than the machine: every one is refused with a message
located at its file (and line, or sheet and cell), exit status 1, and no internal error. Bombs of one kind that live in
a game's own data are met by one capped process, each in a copy of the game's data of its own (`bombs_beside`)."""
from __future__ import annotations

import base64
import gzip
import http.server
import io
import os
import shutil
import subprocess
import sys
import threading
import time
import zipfile
import zlib
from pathlib import Path

import pytest
from conftest import ROOT, TEST_PROJECT, run_pnp
from pdftext import pdf_text
from PIL import Image

CAPPED = ("import resource, runpy, sys\n"
          "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"  # 1 GiB of address space: a bomb fails here
          "resource.setrlimit(resource.RLIMIT_CPU, (60, 60))\n"
          "sys.argv = ['pnp', *sys.argv[1:]]\n"
          "runpy.run_module('pnp', run_name='__main__')\n")


def capped_pnp(project: Path, *args: str) -> tuple[int, str]:
    """(exit status, what it printed) of `pnp ARGS` in a process of its own, capped (CAPPED) and given two minutes."""
    done = subprocess.run([sys.executable, "-c", CAPPED, "--root", str(project), *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PNP_JOBS": "1"}, timeout=120)
    return done.returncode, done.stdout + done.stderr


def assert_refused(status: int, shown: str, message: str, at: str) -> None:
    assert status == 1, shown
    assert message in shown, shown
    assert at in shown, shown
    assert "internal error" not in shown and "Traceback" not in shown, shown


def bombs_beside(tmp_path_factory, makes: dict, *args: str) -> tuple[int, str, dict[str, str]]:
    """Bombs of one kind met by one capped command: beside the tiny game, a copy of its data per bomb
    (data/tiny-bombN/), each changed as `makes[bomb](project)` changes data/tiny/ (put back after), and `pnp ARGS` of
    the copies alone. A game is read on its own data alone, so each copy meets its bomb alone (as tests/test_validator.py
    checks its corpus): (exit status, what it printed, {bomb: its copy's data folder, data/tiny-bombN/})."""
    root = tmp_path_factory.mktemp("bombs") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    tiny, shipped = root / "data/tiny", root.parent / "tiny-as-shipped"
    shutil.copytree(tiny, shipped)
    folders = {}
    for n, (bomb, make) in enumerate(makes.items()):
        make(root)
        tiny.rename(root / f"data/tiny-bomb{n}")
        shutil.copytree(shipped, tiny)
        folders[bomb] = f"data/tiny-bomb{n}/"
    return *capped_pnp(root, *args, *(folder.split("/")[1] for folder in folders.values())), folders


def refused_beside(met: tuple[int, str, dict[str, str]], bomb: str, message: str, at: str) -> None:
    """assert_refused for one bomb of bombs_beside: its message on a line naming its place in its own copy (`at`, said
    of data/tiny/)."""
    status, shown, folders = met
    at = at.replace("data/tiny/", folders[bomb])
    assert status == 1, shown
    assert any(message in line and at in line for line in shown.splitlines()), f"{bomb}: no line at {at} says {message!r}:\n{shown}"
    assert "internal error" not in shown and "Traceback" not in shown, shown


# Workbooks and icons that ask for gigabytes ------------------------------------------------------------------------
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
SHEET_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"


def xlsx_parts(rows: str, sheet_part: str = "worksheets/sheet1.xml", strings: str = "") -> dict[str, str]:
    """The parts of a small workbook written by hand, its one sheet 'Cards' holding `rows` (XML of `x:row`s), every
    element with the prefix x: (which Excel never writes, and any XML reader must take)."""
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" '
                               'ContentType="application/xml"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                       'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<x:workbook xmlns:x="{MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
                           '<x:sheets><x:sheet name="Cards" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="{SHEET_REL}" Target="{sheet_part}"/></Relationships>',
        f"xl/{sheet_part}": f'<x:worksheet xmlns:x="{MAIN}"><x:sheetData>{rows}</x:sheetData></x:worksheet>',
    }
    if strings:
        parts["xl/sharedStrings.xml"] = strings
    return parts


def text_cell(text: str, ref: str = "") -> str:
    return f'<x:c{f" r={chr(34)}{ref}{chr(34)}" if ref else ""} t="inlineStr"><x:is><x:t>{text}</x:t></x:is></x:c>'


HEADER_ROW = f'<x:row r="1">{text_cell("id", "A1")}{text_cell("name", "B1")}</x:row>'


def sheet_deck(project: Path, name: str, parts: dict[str, str | bytes] | bytes) -> None:
    """A deck reading its cards from `name` beside it: a zip of `parts`, or these bytes."""
    decks = project / "data/tiny/decks"
    (decks / "spies.yaml").write_text(f"name: Spies\nsize: poker\nfront: tiny/hero.j2\ncards_from: {name}\n")
    if isinstance(parts, bytes):
        (decks / name).write_bytes(parts)
        return
    with zipfile.ZipFile(decks / name, "w", zipfile.ZIP_DEFLATED) as z:
        for part, data in parts.items():
            z.writestr(part, data)


def _far_cell(project):
    sheet_deck(project, "cards.xlsx", xlsx_parts(HEADER_ROW + f'<x:row r="2">{text_cell("spy", "A2")}{text_cell("far", "XFD1048576")}</x:row>'))
    return "spans 1,048,576 rows × 16,384 columns", "data/tiny/decks/cards.xlsx[Cards]!XFD1048576"


def _far_row(project):
    """A cell with no reference sits in its row, whose own reference is far down."""
    sheet_deck(project, "cards.xlsx", xlsx_parts(f'<x:row r="1">{text_cell("id", "A1")}{text_cell("x", "XFD1")}</x:row>'
                                                 f'<x:row r="1048576">{text_cell("spy")}</x:row>'))
    return "spans 1,048,576 rows × 16,384 columns", "data/tiny/decks/cards.xlsx[Cards]!A1048576"


def _shared_strings(project):
    strings = f'<sst xmlns="{MAIN}" uniqueCount="99999999999999"><si><t>id</t></si></sst>'
    sheet_deck(project, "cards.xlsx", xlsx_parts(HEADER_ROW, strings=strings))
    return "claims 99,999,999,999,999 different texts", "data/tiny/decks/cards.xlsx"


def _sheet_not_xml(project):
    """The sheet stored under a name no XML reader here would open, for the workbook reader to unpack unmeasured."""
    sheet_deck(project, "cards.xlsx", xlsx_parts(HEADER_ROW + f'<x:row>{text_cell("far", "XFD1048576")}</x:row>', sheet_part="worksheets/sheet1.bin"))
    return "names the sheet 'worksheets/sheet1.bin', not an XML part", "data/tiny/decks/cards.xlsx"


ODS_HEAD = ('<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">'
            '<office:body><office:spreadsheet><table:table table:name="Cards">')


def ods_cell(text: str, repeated: int = 1) -> str:
    return f'<table:table-cell office:value-type="string" table:number-columns-repeated="{repeated}"><text:p>{text}</text:p></table:table-cell>'


def _ods_repeats(project):
    """One row of 5,001 cells said 19,000 times over: 95 million cells in 800 bytes."""
    rows = f'<table:table-row>{ods_cell("id")}{ods_cell("name")}</table:table-row>'
    rows += f'<table:table-row table:number-rows-repeated="19000">{ods_cell("spy")}{ods_cell("Spy", 5000)}</table:table-row>'
    sheet_deck(project, "cards.ods", {"mimetype": "application/vnd.oasis.opendocument.spreadsheet",
                                      "content.xml": ODS_HEAD + rows + "</table:table></office:spreadsheet></office:body></office:document-content>"})
    return "spans 19,001 rows × 5,001 columns", "data/tiny/decks/cards.ods[Cards]!GJI19001"


def _ods_spaces(project):
    """A cell's text saying a billion spaces in 30 bytes (`<text:s text:c>`): the workbook reader wrote them all out."""
    spaced = '<table:table-cell office:value-type="string"><text:p>S<text:s text:c="999999999"/>py</text:p></table:table-cell>'
    rows = f'<table:table-row>{ods_cell("id")}{ods_cell("name")}</table:table-row><table:table-row>{ods_cell("spy")}{spaced}</table:table-row>'
    manifest = ('<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry '
                'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')  # calamine reads none without it
    sheet_deck(project, "cards.ods", {"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "META-INF/manifest.xml": manifest,
                                      "content.xml": ODS_HEAD + rows + "</table:table></office:spreadsheet></office:body></office:document-content>"})
    return "says 999,999,999 spaces in its texts", "data/tiny/decks/cards.ods[Cards]!B2"


def embedded_png(width: int, height: int) -> str:
    """A data: address of a black PNG of this many pixels (a few tens of KB however large)."""
    data = io.BytesIO()
    Image.new("1", (width, height)).save(data, "PNG")
    return "data:image/png;base64," + base64.b64encode(data.getvalue()).decode()


def icon_with_images(project: Path, *sizes: tuple[int, int]) -> None:
    images = "".join(f'<image width="5" height="5" xlink:href="{embedded_png(*size)}"/>' for size in sizes)
    (project / "templates/icons").mkdir(parents=True, exist_ok=True)
    (project / "templates/icons/hearts.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                                        f'viewBox="0 0 10 10">{images}</svg>')


def _embedded_image(project):
    icon_with_images(project, (9000, 9000))
    return "the image it embeds claims 9000 × 9000 px, over the 50,000,000 px limit", "templates/icons/hearts.svg"


def _embedded_images_together(project):
    icon_with_images(project, (6000, 6000), (6000, 6000))
    return "which with the 36,000,000 px of the images before it passes the 50,000,000 px limit", "templates/icons/hearts.svg"


SHEETS = [_far_cell, _far_row, _shared_strings, _sheet_not_xml, _ods_repeats, _ods_spaces]  # a game's own data: met together
ICONS = [_embedded_image, _embedded_images_together]  # templates/icons/, which every copy of a game shares: a project each


@pytest.fixture(scope="module")
def sheets_met(tmp_path_factory):
    """The sheet bombs (SHEETS) met by one capped `pnp validate --quick`, each in a copy of the game's data (bombs_beside),
    and {bomb: (message, at)}."""
    said = {}
    met = bombs_beside(tmp_path_factory, {make.__name__: lambda root, make=make: said.__setitem__(make.__name__, make(root)) for make in SHEETS},
                       "validate", "--quick")
    return met, said


@pytest.mark.parametrize("make", SHEETS, ids=lambda make: make.__name__.strip("_"))
def test_a_small_sheet_asking_for_gigabytes_is_refused_within_the_caps(sheets_met, make):
    met, said = sheets_met
    refused_beside(met, make.__name__, *said[make.__name__])


@pytest.mark.parametrize("make", ICONS, ids=lambda make: make.__name__.strip("_"))
def test_a_small_icon_asking_for_gigabytes_is_refused_within_the_caps(project, make):
    message, at = make(project)
    assert_refused(*capped_pnp(project, "validate", "--quick"), message, at)


# Odd files that once gave "internal error" -------------------------------------------------------------------------
def _deck_file_name(project):
    decks = project / "data/tiny/decks"
    (decks / "heroes.v2.yaml").write_bytes((decks / "heroes.yaml").read_bytes())
    return "the deck file name 'heroes.v2.yaml' cannot be a deck's id", "data/tiny/decks/heroes.v2.yaml"


def _long_number_yaml(project):
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("stars: 3", "stars: " + "9" * 100_000))
    return "a whole number of over 1,000 digits", "data/tiny/decks/heroes.yaml:7:43"


def _long_number_csv(project):
    sheet_deck(project, "cards.csv", b"id,name,stars\nspy,Spy," + b"9" * 100_000 + b"\n")
    return "a whole number of over 1,000 digits", "data/tiny/decks/cards.csv:2:3"


def _deep_icon(project):
    (project / "templates/icons").mkdir(parents=True, exist_ok=True)
    (project / "templates/icons/hearts.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' + "<g>" * 5000
                                                        + '<rect width="5" height="5"/>' + "</g>" * 5000 + "</svg>")
    return "nests elements over 100 deep", "templates/icons/hearts.svg"


def _truncated_workbook(project):
    good = io.BytesIO()
    with zipfile.ZipFile(good, "w", zipfile.ZIP_DEFLATED) as z:
        for part, data in xlsx_parts(HEADER_ROW).items():
            z.writestr(part, data)
    sheet_deck(project, "cards.xlsx", good.getvalue()[:300])
    return "this workbook is damaged or not a workbook", "data/tiny/decks/cards.xlsx"


def _workbook_without_its_workbook_part(project):
    parts = xlsx_parts(HEADER_ROW)
    del parts["xl/workbook.xml"]
    sheet_deck(project, "cards.xlsx", parts)
    return "this workbook has no sheets (a part of it is missing)", "data/tiny/decks/cards.xlsx"


def _broken_sheet_xml(project):
    parts = xlsx_parts(HEADER_ROW)
    parts["xl/worksheets/sheet1.xml"] = parts["xl/worksheets/sheet1.xml"][:-30]
    sheet_deck(project, "cards.xlsx", parts)
    return "its part xl/worksheets/sheet1.xml is not well-formed XML", "data/tiny/decks/cards.xlsx"


def _old_excel_file(project):
    sheet_deck(project, "cards.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
    return "save it as .xlsx", "data/tiny/decks/cards.xls"


@pytest.mark.parametrize("make", [_deck_file_name, _long_number_yaml, _long_number_csv, _deep_icon, _truncated_workbook,
                                  _workbook_without_its_workbook_part, _broken_sheet_xml, _old_excel_file],
                         ids=lambda make: make.__name__.strip("_"))
def test_an_odd_file_is_a_located_finding_not_an_internal_error(project, make):
    message, at = make(project)
    result = run_pnp(project, "validate", "--quick")
    assert_refused(result.exit_code, result.output + result.stderr, message, at)


def _png(width: int, height: int) -> bytes:
    data = io.BytesIO()
    Image.new("1", (width, height)).save(data, "PNG")
    return data.getvalue()


def _strip(png: bytes) -> tuple[bytes, str]:
    """A PNG 1 px wide and 40,000 tall: 40,000 pixels, and the memory of 40,000 rows (49 million took 1.3 GB to draw)."""
    return _png(1, 40_000), "claims 1 × 40000 px, over the 30,000 px a side limit"


def _wide_strip(png: bytes) -> tuple[bytes, str]:
    """The same strip lying down: 40,000 px wide and 1 tall, as long a side the other way."""
    return _png(40_000, 1), "claims 40000 × 1 px, over the 30,000 px a side limit"


def _chunk_of_2_gb(png: bytes) -> tuple[bytes, str]:
    """A 20 × 20 PNG whose pixel chunk says it holds 2 GB: the image reader skipped the rest of it by reading 2 GB.
    Its chunks are read to their end (not its pixels, issue 74): the file ends 2 GB early, a file cut short."""
    good = _png(20, 20)
    return good[:33] + b"\x7f\xff\xff\xff" + good[37:], "cannot be read (Truncated File Read): re-export it"


@pytest.mark.parametrize("make", [_strip, _wide_strip, _chunk_of_2_gb], ids=lambda make: make.__name__.strip("_"))
def test_an_image_asking_for_memory_is_drawn_or_refused_within_the_caps(project, make):
    data, refused = make(b"")
    (project / "art").mkdir()
    (project / "art/odd.png").write_bytes(data)
    with (project / "templates/tiny/frame.j2").open("a", encoding="utf-8") as f:
        f.write("{% if card.id == 'knight' %}{{ image('art/odd.png', 5, 40, 20, 20) }}{% endif %}\n")
    status, shown = capped_pnp(project, "build", "--only", "cards", "--cards", "knight")
    assert_refused(status, shown, refused, "templates/tiny/frame.j2:6:")


MILLIONS = {  # name: (the file, its text, what the refusal says)
    "a deck of 20 million copies": ("data/tiny/decks/many.yaml", "name: Many\nsize: poker\nfront: tiny/hero.j2\ndefaults: {side: red, stars: 1, number: 1, text: t, name: n}\ncards:\n"
                                    + "".join(f"  - {{id: c{i}, count: 1000}}\n" for i in range(20000)),
                                    "this deck's cards make 20,000,000 copies, over the 100,000 a deck may make"),
    "a token set of 10 million pieces": ("data/tiny/tokens.yaml", "tokens:\n  - {id: p, name: P, shape: circle, size: 10, count: 1000, front: tiny/token-pawn.j2, colors: ["
                                         + ", ".join(["red"] * 10000) + "]}\n", "this set makes 10,000,000 pieces (its counts times its 10000 colours), over the 20,000"),
}


@pytest.fixture(scope="module")
def millions_met(tmp_path_factory):
    """MILLIONS met by one capped `pnp build`, each in a copy of the game's data (bombs_beside)."""
    return bombs_beside(tmp_path_factory, {name: lambda root, where=where, text=text: (root / where).write_text(text) for name, (where, text, _) in MILLIONS.items()},
                        "build")


@pytest.mark.parametrize("name", MILLIONS)
def test_millions_of_pieces_are_refused_at_their_file_within_the_caps(millions_met, name):
    where, _, message = MILLIONS[name]
    refused_beside(millions_met, name, message, where)


def test_markdown_nested_past_any_rulebook_is_a_located_finding(project):
    """Emphasis inside emphasis twenty thousand deep: markdown-it's syntax tree ran out of Python's stack."""
    (project / "data/tiny/rulebook.md").write_text("# Rules\n\n" + "*a " * 20_000 + "x" + " a*" * 20_000 + "\n")
    result = run_pnp(project, "build", "--only", "rulebook")
    assert_refused(result.exit_code, result.output + result.stderr, "nest over 50 deep here: flatten the text", "data/tiny/rulebook.md:3")


TABLES = {  # name: (the rulebook's table, what the refusal says, where)
    "5,000 rows": ("|a|b|\n|-|-|\n" + "|x|y|\n" * 5_000, "the rulebook's tables have over 2,000 rows in all", "data/tiny/rulebook.md:2004:1"),  # the 2,001st row, the header counted
    "20,000 columns": ("|a" * 20_000 + "|\n" + "|-" * 20_000 + "|\n" + "|b" * 20_000 + "|\n", "this table row has over 50 columns", "data/tiny/rulebook.md:3:1"),
}


@pytest.fixture(scope="module")
def tables_met(tmp_path_factory):
    """TABLES met by one capped `pnp build --only rulebook`, each in a copy of the game's data (bombs_beside)."""
    return bombs_beside(tmp_path_factory, {name: lambda root, table=table: (root / "data/tiny/rulebook.md").write_text("# Rules\n\n" + table)
                                           for name, (table, _, _) in TABLES.items()}, "build", "--only", "rulebook")


@pytest.mark.parametrize("name", TABLES)
def test_a_rulebook_table_past_any_page_is_refused_at_its_line_within_the_caps(tables_met, name):
    """The typesetter takes a few milliseconds a row: 600 KB of `|x|y|` rows took a gigabyte and a minute."""
    _, message, at = TABLES[name]
    refused_beside(tables_met, name, message, at)


# pnp pull against a hostile server --------------------------------------------------------------------------------
def zero_bomb(gigabytes: int) -> bytes:
    """A gzip stream of this many GiB of zero bytes, in a few MB: one compressed block of 16 MiB of zeros, flushed to
    stand alone, said over and over (its check sum is never reached: a reader refuses it long before)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    block = packer.compress(bytes(1 << 24)) + packer.flush(zlib.Z_FULL_FLUSH)
    return b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + block * (64 * gigabytes) + packer.flush() + bytes(8)


class HostileSheets(http.server.BaseHTTPRequestHandler):
    """A sheet server that answers every way but with a whole sheet, by path."""

    def do_GET(self):
        answers = {"/trickle.csv": self._trickle, "/nested.csv": self._nested, "/page.csv": self._page, "/partial.csv": self._partial,
                   "/typed.csv": self._typed, "/many.csv": self._many, "/thrice.csv": self._thrice}
        answers[self.path]()

    def _send(self, status: int, body: bytes, kind: str = "text/csv", **headers) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def _trickle(self):
        """A byte every tenth of a second, each well within any wait for the next bytes, for up to a minute."""
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.end_headers()
        for _ in range(600):
            try:
                self.wfile.write(b"x")
                self.wfile.flush()
            except OSError:
                return
            time.sleep(0.1)

    def _nested(self):
        self._send(200, gzip.compress(zero_bomb(2), 9), Content_Encoding="gzip, gzip")

    def _thrice(self):
        """A small sheet packed three times over: no server packs twice, and a stack of codings is a bomb's way past a cap."""
        self._send(200, gzip.compress(gzip.compress(gzip.compress(b"id,name\nspy,Spy\n"))), Content_Encoding="gzip, gzip, gzip")

    def _page(self):
        self._send(200, b"<div class='signin'>Sign in to see this sheet</div>\n")  # HTML without a doctype, sent as CSV

    def _partial(self):
        self._send(206, b"id,name\nspy,Spy\n", Content_Range="bytes 0-15/400")

    def _many(self):
        self._send(200, b"id,name\n" + b"".join(b"c%d,C\n" % i for i in range(30_000)))  # more cards than a deck may hold

    def _typed(self):
        self._send(200, b"id,name\nspy,Spy\n", "text/html")

    def log_message(self, *args):
        pass


@pytest.fixture
def hostile_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HostileSheets)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


PULL_SECONDS = 60  # the deadline of the pull of the sheets refused for what they hold: never met, however loaded the machine
TRICKLE_SECONDS = 2  # the deadline of a pull of the trickle alone, which it runs out (it is one deadline for all sheets: with
# the others before it, a loaded machine ran it out before the trickle was asked for)
PULL_REFUSALS = {
    "trickle": f"the pull's {TRICKLE_SECONDS} s (--timeout, for all its sheets together) ran out before the whole sheet came",
    "nested": "the sheet unpacks to over 20,000,000 bytes",
    "page": "the address gives a web page, not a sheet",
    "partial": "the server answered 206 Partial Content, not the whole sheet",
    "typed": "the address gives a web page, not a sheet",
    "many": "it holds 30,000 cards, over the 20,000 a deck may hold",
    "thrice": "the server packed the sheet 3 times over; pnp unpacks at most 2",
}


def _deck(name: str) -> str:
    return "zz-trickle" if name == "trickle" else name


def test_pull_refuses_every_answer_but_a_whole_sheet_and_keeps_the_snapshots(project, hostile_server):
    decks = project / "data/tiny/decks"
    kept = {}
    for name in PULL_REFUSALS:
        snapshot = decks / f"{_deck(name)}.pulled.csv"
        snapshot.write_text(f"id,name\n{name},A good {name}\n")
        kept[snapshot] = snapshot.read_bytes()
    shown = ""
    for names, seconds in ([n for n in PULL_REFUSALS if n != "trickle"], PULL_SECONDS), (["trickle"], TRICKLE_SECONDS):
        for name in PULL_REFUSALS:  # the trickle is pulled alone: it takes the whole pull's time (one deadline)
            deck = decks / f"{_deck(name)}.yaml"
            if name in names:
                deck.write_text(f"name: {name}\nsize: poker\nfront: tiny/hero.j2\ncards_from: {hostile_server}/{name}.csv\n")
            else:
                deck.write_text(f"name: {name}\nsize: poker\nfront: tiny/hero.j2\ncards_from: {_deck(name)}.pulled.csv\n")
        status, said = capped_pnp(project, "pull", "tiny", "--timeout", str(seconds))
        assert status == 1, said
        assert "internal error" not in said and "Traceback" not in said, said
        shown += said
    for name, message in PULL_REFUSALS.items():
        assert f"data/tiny/decks/{_deck(name)}.yaml: kept the old snapshot: {hostile_server}/{name}.csv: {message}" in shown, shown
    assert {path: path.read_bytes() for path in kept} == kept
    assert not [p for p in decks.iterdir() if "pulling" in p.name]


def test_pull_says_where_an_address_it_cannot_send_is(project):
    """A line break in the address (YAML's "\\r\\n"): httpx refuses to send it, with an error of its own kind."""
    (project / "data/tiny/decks/live.yaml").write_text('name: Live\nsize: poker\nfront: tiny/hero.j2\ncards_from: "http://127.0.0.1:9/x.csv\\r\\nX-Evil: 1"\n')
    status, shown = capped_pnp(project, "pull", "tiny", "--timeout", "2")
    assert_refused(status, shown, "kept the old snapshot", "data/tiny/decks/live.yaml: ")
    assert "could not fetch it (InvalidURL" in shown, shown


# pnp's own files ---------------------------------------------------------------------------------------------------
def test_an_edit_of_pnps_word_table_is_seen_by_the_next_build(project, tmp_path):
    """The rulebook's contents heading comes from pnp's word table, which the build cache keys on as it does on pnp's
    code: a copy of pnp whose table is edited rebuilds the rulebook rather than reusing it."""
    engine = tmp_path / "engine"
    shutil.copytree(ROOT / "pnp", engine / "pnp")  # with its compiled modules, valid beside sources of the same times: nothing to compile
    words = engine / "pnp/assets/words/words.yaml"
    env = {**os.environ, "PYTHONPATH": str(engine), "PNP_JOBS": "1"}

    def rulebook_text() -> str:
        done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "--only", "rulebook", "-q"], capture_output=True,
                              text=True, cwd=tmp_path, env=env, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        return pdf_text(project / "output/tiny/tiny-rulebook.pdf")

    assert "Contents" in rulebook_text()
    words.write_text(words.read_text(encoding="utf-8").replace("  contents: Contents\n", "  contents: What is inside\n", 1), encoding="utf-8")
    assert "What is inside" in rulebook_text()
