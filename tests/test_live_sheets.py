"""Live sheets: `pnp pull` fetches a deck's published sheet (CSV or XLSX) into a snapshot in the project, says which
cards were added, removed or changed, keeps the old snapshot when the fetch fails, and builds read only the snapshot."""
from __future__ import annotations

import http.server
import socket
import sys
import threading
from pathlib import Path

import pytest
from conftest import run_pnp
from test_spreadsheet_decks import HEAD, HEADER, ROWS, write_csv, write_xlsx

DECK = "data/tiny/decks/heroes.yaml"
SNAPSHOT = "data/tiny/decks/heroes.pulled"
LOOPBACK = ("127.0.0.1", "::1", "localhost")


@pytest.fixture(autouse=True)
def _no_network(monkeypatch):
    """Only this machine's own address may be reached: the sheet server below runs on it (conftest's fixture refuses all)."""
    connect = socket.socket.connect

    def local_only(self, address, *args):
        if not (isinstance(address, tuple) and address[0] in LOOPBACK):
            raise OSError("network access is disabled in tests")
        return connect(self, address, *args)

    monkeypatch.setattr(socket.socket, "connect", local_only)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # the server's log would mix with pnp's output
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):  # pnp hanging up on a sheet past its limit is the test's point
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Sheets:
    """A web server in a thread serving the files of one folder, as a sheet service publishes them."""

    def __init__(self, folder: Path):
        handler = lambda *a, **k: QuietHandler(*a, directory=str(folder), **k)  # noqa: E731
        self.folder = folder
        self.server = QuietServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def sheets(tmp_path):
    folder = tmp_path / "served"
    folder.mkdir()
    served = Sheets(folder)
    yield served
    served.stop()


def live_deck(project: Path, url: str) -> None:
    (project / DECK).write_text(HEAD + f"cards_from: {url}\n")


def pull(project: Path):
    return run_pnp(project, "pull", "tiny")


def test_a_build_before_any_pull_says_to_pull(project, sheets):
    live_deck(project, f"{sheets.url}/heroes.csv")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 1
    assert f"{DECK}:6:13" in result.output and "pnp pull tiny" in result.output


def test_pull_saves_a_csv_snapshot_and_reports_added_removed_and_changed_cards(project, sheets):
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    live_deck(project, f"{sheets.url}/heroes.csv")
    first = pull(project)
    assert first.exit_code == 0, first.output
    assert "5 added" in first.output and (project / f"{SNAPSHOT}.csv").is_file()
    rows = [row[:] for row in ROWS if row[0] != "att"]  # att removed
    rows[0][1] = "Sir Knight"  # knight renamed
    rows.append(["bard", "Bard", 1, 6, "Sing.", "", "", 1])  # bard added
    write_csv(sheets.folder / "heroes.csv", [HEADER, *rows])
    second = pull(project)
    assert second.exit_code == 0, second.output
    assert "1 added (bard), 1 removed (att), 1 changed" in second.output
    assert "changed knight: name" in second.output


def test_an_address_whose_scheme_is_in_capitals_is_a_live_sheet(project, sheets):
    """A web address's scheme is read without regard to case (RFC 3986, 3.1): HTTP:// is pulled as http:// is."""
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    live_deck(project, sheets.url.replace("http://", "HTTP://") + "/heroes.csv")
    result = pull(project)
    assert result.exit_code == 0 and "5 added" in result.output, result.output
    assert (project / f"{SNAPSHOT}.csv").is_file()


def test_pull_names_the_first_eight_cards_added_and_marks_the_rest_with_an_ellipsis(project, sheets):
    rows = [[f"hero{i}", f"Hero {i}", 1, i, "Go.", "", "", 1] for i in range(1, 10)]
    write_csv(sheets.folder / "heroes.csv", [HEADER, *rows])
    live_deck(project, f"{sheets.url}/heroes.csv")
    result = pull(project)
    assert result.exit_code == 0, result.output
    assert "9 added (hero1, hero2, hero3, hero4, hero5, hero6, hero7, hero8 …)" in result.output, result.output


def test_pull_with_no_live_sheet_says_there_is_nothing_to_pull_and_succeeds(project):
    result = pull(project)
    assert result.exit_code == 0 and "no deck reads its cards from a web address" in result.output, result.output


def test_pull_reads_an_xlsx_workbook_and_the_build_prints_its_cards(project, sheets):
    write_xlsx(sheets.folder / "heroes.xlsx", {"Heroes": [HEADER, *ROWS]})
    live_deck(project, f"{sheets.url}/heroes.xlsx")
    assert pull(project).exit_code == 0
    assert (project / f"{SNAPSHOT}.xlsx").is_file()
    listing = run_pnp(project, "list").output
    assert "12 cards" in listing


def test_a_sheet_published_again_as_a_workbook_replaces_the_csv_snapshot(project, sheets):
    """One snapshot a deck: the sheet now published as XLSX leaves no CSV of its older cards beside it."""
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    live_deck(project, f"{sheets.url}/heroes.csv")
    assert pull(project).exit_code == 0
    write_xlsx(sheets.folder / "heroes.xlsx", {"Heroes": [HEADER, *[row for row in ROWS if row[0] != "att"]]})
    live_deck(project, f"{sheets.url}/heroes.xlsx")
    second = pull(project)
    assert second.exit_code == 0, second.output
    assert sorted(p.name for p in (project / "data/tiny/decks").glob("heroes.pulled*")) == ["heroes.pulled.xlsx"]
    assert "10 cards" in run_pnp(project, "list").output  # 12 less att's 2 copies: the workbook's cards


def test_a_failed_fetch_keeps_the_old_snapshot_and_says_why(project, sheets):
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    live_deck(project, f"{sheets.url}/heroes.csv")
    assert pull(project).exit_code == 0
    kept = (project / f"{SNAPSHOT}.csv").read_bytes()
    live_deck(project, f"{sheets.url}/missing.csv")
    missing = pull(project)
    assert missing.exit_code == 1 and "404" in missing.output and "kept the old snapshot" in missing.output
    (sheets.folder / "page.html").write_text("<!DOCTYPE html><html><body>Sign in</body></html>")
    live_deck(project, f"{sheets.url}/page.html")
    page = pull(project)
    assert page.exit_code == 1 and "web page, not a sheet" in page.output
    (sheets.folder / "blank.csv").write_text("\n")  # fetched whole, but not cards pnp can read: no header row
    live_deck(project, f"{sheets.url}/blank.csv")
    unreadable = pull(project)
    assert unreadable.exit_code == 1 and "not a sheet of cards pnp can read" in unreadable.output, unreadable.output
    assert (project / f"{SNAPSHOT}.csv").read_bytes() == kept, "the new sheet is read before it replaces the snapshot"
    live_deck(project, f"{sheets.url}/heroes.csv")
    sheets.stop()
    down = pull(project)
    assert down.exit_code == 1 and "could not fetch it" in down.output
    assert (project / f"{SNAPSHOT}.csv").read_bytes() == kept


def test_a_sheet_past_the_size_limit_is_refused(project, sheets):
    from pnp.data.sheet_rows import MAX_SHEET_BYTES

    (sheets.folder / "big.csv").write_bytes(b"id,name\n" + b"x" * (MAX_SHEET_BYTES + 10))
    live_deck(project, f"{sheets.url}/big.csv")
    result = pull(project)
    assert result.exit_code == 1 and "the sheet is" in result.output and "limit" in result.output
    assert not list((project / "data/tiny/decks").glob("*pull*"))



def test_a_sheet_of_a_decks_20000_cards_is_pulled_and_one_more_card_is_refused(project, sheets):
    """docs/limits.md: a deck holds 20,000 cards. A sheet of exactly that many is saved; a row more and the snapshot
    there was is kept, with what to do. The sheet cut to 1,000 cards then says its 19,000 removed, and those 1,000 each
    given a text its 1,000 changed, as the added count is said, thousands separated."""
    write_csv(sheets.folder / "many.csv", [["id"], *([f"c{i}"] for i in range(20_000))])
    live_deck(project, f"{sheets.url}/many.csv")
    whole = pull(project)
    assert whole.exit_code == 0 and "20,000 added" in whole.output, whole.output
    kept = (project / f"{SNAPSHOT}.csv").read_bytes()
    write_csv(sheets.folder / "many.csv", [["id"], *([f"c{i}"] for i in range(20_001))])
    over = pull(project)
    assert over.exit_code == 1 and "it holds 20,001 cards, over the 20,000 a deck may hold: split the sheet" in over.output, over.output
    assert (project / f"{SNAPSHOT}.csv").read_bytes() == kept
    write_csv(sheets.folder / "many.csv", [["id"], *([f"c{i}"] for i in range(1_000))])
    cut = pull(project)
    assert cut.exit_code == 0 and "0 added, 19,000 removed (c1000, " in cut.output, cut.output
    write_csv(sheets.folder / "many.csv", [["id", "text"], *([f"c{i}", "Reworded."] for i in range(1_000))])
    reworded = pull(project)
    assert reworded.exit_code == 0 and "0 added, 0 removed, 1,000 changed" in reworded.output, reworded.output


def test_a_build_reads_the_snapshot_with_the_network_gone(project, sheets, monkeypatch):
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    live_deck(project, f"{sheets.url}/heroes.csv")
    assert pull(project).exit_code == 0
    sheets.stop()

    def refuse(*args, **kwargs):
        raise OSError("the network is gone")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    first = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / "one"))
    second = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / "two"))
    assert first.exit_code == 0 and second.exit_code == 0, first.output
    assert (project / "one/tiny/tiny-cards.pdf").read_bytes() == (project / "two/tiny/tiny-cards.pdf").read_bytes()


# Links a game may ship: pull reads and writes through the one path rule -------------------------------------------------
MINE = b"the user's own file, not the game's\n"


@pytest.fixture
def mine(tmp_path) -> Path:
    """A folder of the user's outside the project, holding a file of theirs."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_bytes(MINE)
    return folder


def unchanged(folder: Path) -> bool:
    return [p.name for p in folder.iterdir()] == ["notes.txt"] and (folder / "notes.txt").read_bytes() == MINE


def test_pull_writes_no_file_through_a_link_the_game_planted_at_its_names(project, sheets, mine):
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    live_deck(project, f"{sheets.url}/heroes.csv")
    decks = project / "data/tiny/decks"
    for name in (".heroes.pulling.csv", "heroes.pulled.csv", "heroes.pulled.xlsx"):  # the trial file pull once wrote, and both snapshots
        (decks / name).symlink_to(mine / "notes.txt")
    result = pull(project)
    assert result.exit_code == 0, result.output
    assert unchanged(mine)
    snapshot = project / f"{SNAPSHOT}.csv"
    assert not snapshot.is_symlink() and snapshot.read_text().startswith("id,name")


def test_pull_refuses_a_deck_file_linked_outside_the_project(project, sheets, mine):
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    (mine / "deck.yaml").write_text(HEAD + f"cards_from: {sheets.url}/heroes.csv\n")
    (project / DECK).unlink()
    (project / DECK).symlink_to(mine / "deck.yaml")
    result = pull(project)
    assert result.exit_code == 1
    assert f"{DECK}: error: '{DECK}' is a link (or lies in a linked folder) whose real file is outside" in result.output
    assert not list((project / "data/tiny/decks").glob("*pulled*")) and sorted(p.name for p in mine.iterdir()) == ["deck.yaml", "notes.txt"]


@pytest.mark.parametrize("elsewhere", ["outside the project", "in another game's folder"])
def test_pull_writes_no_snapshot_into_a_linked_decks_folder(project, sheets, mine, elsewhere):
    """decks/ linked outside the project: its deck is not read. Linked to another game's folder: its deck is read (the
    link stays inside the project), but pull writes only into real folders. Either way the folder the link leads to
    gets no snapshot and no trial file, and pull says why at the deck."""
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    live_deck(project, f"{sheets.url}/heroes.csv")
    other = mine / "decks" if elsewhere == "outside the project" else project / "data/other-decks"
    (project / "data/tiny/decks").rename(other)
    (project / "data/tiny/decks").symlink_to(other)
    result = pull(project)
    assert result.exit_code == 1
    said = "is a link (or lies in a linked folder) whose real file is outside" if elsewhere == "outside the project" else \
        "data/tiny/decks is a link (or lies in a linked folder): pnp writes only into real folders"
    assert said in result.output and DECK in result.output
    assert [p.name for p in other.iterdir()] == ["heroes.yaml"]


class CsvAnswer(http.server.BaseHTTPRequestHandler):
    """A fake sheet server's handler: `answer` sends a CSV body whole, with any headers of its own, and its log stays
    out of pnp's output."""

    def answer(self, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


# Content codings as a server lists them (RFC 9110, 8.4: in the order applied) ------------------------------------------
class PackedHandler(CsvAnswer):
    """Serves the server's `sheet` packed with the codings its path names, in that order: /gzip+deflate.csv is gzipped,
    then deflated, and says `Content-Encoding: gzip, deflate`; /identity.csv is sent as it is, saying `identity`."""

    def do_GET(self):
        import gzip
        import zlib

        codings = self.path.strip("/").removesuffix(".csv").split("+")
        body = self.server.sheet
        for coding in codings:
            body = {"gzip": gzip.compress, "deflate": zlib.compress, "identity": bytes}[coding](body)
        self.answer(body, {"Content-Encoding": ", ".join(codings)})


@pytest.fixture
def packed(tmp_path):
    write_csv(tmp_path / "sheet.csv", [HEADER, *ROWS])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PackedHandler)
    server.sheet = (tmp_path / "sheet.csv").read_bytes()
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()  # its shutdown waits one poll
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("codings", ["identity", "gzip+deflate", "deflate+gzip"])
def test_a_sheet_sent_in_the_codings_its_server_lists_is_pulled_whole(project, packed, codings):
    """`identity` is no packing; two codings are undone last first. Either way the snapshot is the sheet's own bytes."""
    live_deck(project, f"{packed}/{codings}.csv")
    result = pull(project)
    assert result.exit_code == 0, result.output
    assert "5 added" in result.output, result.output
    write_csv(project / "sheet.csv", [HEADER, *ROWS])
    assert (project / f"{SNAPSHOT}.csv").read_bytes() == (project / "sheet.csv").read_bytes()


# Answers that are not the whole sheet ---------------------------------------------------------------------------------
class NotWholeHandler(CsvAnswer):
    """Serves the server's `sheet` as no sheet service should: /partial.csv its first half as a 206 part (RFC 9110,
    15.3.7), /cut.csv gzipped and cut off halfway (a whole HTTP answer whose gzip stream never ends, RFC 1952's trailer
    missing), /markup.csv an HTML fragment with no html, head or body tag, sent as text/plain."""

    def do_GET(self):
        import gzip

        sheet = self.server.sheet
        if self.path == "/partial.csv":
            part = sheet[: len(sheet) // 2]
            self.send_response(206)
            self.send_header("Content-Type", "text/csv")
            self.send_header("Content-Range", f"bytes 0-{len(part) - 1}/{len(sheet)}")
            self.send_header("Content-Length", str(len(part)))
            self.end_headers()
            self.wfile.write(part)
        elif self.path == "/cut.csv":
            packed = gzip.compress(sheet)
            self.answer(packed[: len(packed) // 2], {"Content-Encoding": "gzip"})
        else:
            body = b'<div class="notice">This sheet is not published.</div>\n'
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)


@pytest.fixture
def not_whole(tmp_path):
    write_csv(tmp_path / "sheet.csv", [HEADER, *ROWS])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NotWholeHandler)
    server.sheet = (tmp_path / "sheet.csv").read_bytes()
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def refused_pull(project: Path, url: str) -> list[str]:
    """The lines a pull of `url` said, after checking it failed and saved no snapshot."""
    live_deck(project, url)
    result = pull(project)
    assert result.exit_code == 1, result.output
    assert not list((project / "data/tiny/decks").glob("heroes.pulled*")), result.output
    return result.stderr.splitlines()


def test_a_part_of_the_sheet_sent_as_206_partial_content_is_refused(project, not_whole):
    assert refused_pull(project, f"{not_whole}/partial.csv") == [
        f"{DECK}: kept the old snapshot: {not_whole}/partial.csv: the server answered 206 Partial Content, "
        "not the whole sheet (200 OK): check the address"]


def test_a_gzip_answer_cut_off_before_its_end_is_refused_as_cut_short(project, not_whole):
    assert refused_pull(project, f"{not_whole}/cut.csv") == [
        f"{DECK}: kept the old snapshot: {not_whole}/cut.csv: the server's packed answer was cut short: try again"]


def test_an_answer_starting_with_a_tag_is_a_web_page_whatever_its_type_and_tags(project, not_whole):
    assert refused_pull(project, f"{not_whole}/markup.csv") == [
        f"{DECK}: kept the old snapshot: {not_whole}/markup.csv: the address gives a web page, not a sheet: publish the sheet "
        "as CSV or XLSX (File → Share → Publish to web) and use that address"]
