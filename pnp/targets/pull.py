"""`pnp pull`: fetch each live sheet (a deck whose `cards_from` is a web address) and save its snapshot in the project.

The one place pnp reaches the network, and only when asked. A fetch that fails (the server down, a 404, a partial
or HTML answer instead of the whole sheet, a file past the size limit packed or unpacked, a server too slow to finish,
a sheet pnp cannot read) keeps the snapshot there was and says why; a good one replaces it and says which cards were
added, removed or changed. The address is untrusted like the game that names it: the whole download has one
deadline, one for the whole command whatever number of sheets it fetches (a server trickling a byte at a time never
times out a step), and a body packed by the server
(`Content-Encoding: gzip`, once or twice) is unpacked here a slice at a time, so no layer unpacks past the size limit.
"""
from __future__ import annotations

import asyncio
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from pnp.core.errors import Finding, PnpError
from pnp.core.files import LinkedFolder, game_files, remove_file, trial_file
from pnp.data.live import SNAPSHOT_SUFFIXES, is_live, snapshot_of, snapshot_path
from pnp.data.schema import MAX_CARDS_PER_DECK, SheetOptions, check_shape
from pnp.data.sheet_rows import MAX_SHEET_BYTES, SheetSource
from pnp.data.source import load_yaml
from pnp.data.spreadsheet import read_cards
from pnp.data.stamps import changed_fields, plain

TIMEOUT_S = 30.0  # one step (connecting, the next bytes): a published sheet of a few thousand rows arrives in a second or two
TOTAL_S = 120.0  # the whole of one `pnp pull`, every sheet of it, however the servers space their bytes (`--timeout`)
ZIP_MAGIC = b"PK\x03\x04"  # an XLSX workbook is a zip file
PACKINGS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": 32 + zlib.MAX_WBITS}  # zlib's wbits for each
MAX_PACKINGS = 2  # content codings one answer may stack (servers use one)
PIECE = 1 << 16  # bytes unpacked at a time
PAGE_TYPES = ("text/html", "application/xhtml+xml")  # a sign-in page or an unpublished sheet, never a sheet


class FetchFailed(Exception):
    """Why a sheet could not be fetched, in words for the designer."""


@dataclass
class Pulled:
    """What pulling one deck's sheet did: `failed` says why the old snapshot was kept; else the cards' changes."""

    deck: str  # the deck YAML, relative to the project
    url: str
    snapshot: str = ""
    failed: str = ""
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[tuple[str, list[str]]] = field(default_factory=list)  # (card id, the fields that changed)


def live_decks(project, slug: str, refused: list[Finding]) -> list[tuple[Path, SheetOptions]]:
    """The decks of a game whose cards come from a web address, with their sheet options. A deck file the path rule
    refuses (a link leading out of the project, a named pipe: pnp.core.files.inside) is not read, and said in
    `refused`; one that fails to parse is the build's to report."""
    out = []
    for path in game_files(project.data_dir / slug / "decks", "*.yaml"):
        rel = project.rel(path)
        try:
            project.inside_data(path, rel)
        except PnpError as exc:
            refused += [f.in_game(slug) for f in exc.findings]
            continue
        try:
            data = load_yaml(path, rel)
        except PnpError:
            continue
        if isinstance(data, dict) and isinstance(data.get("cards_from"), str) and is_live(data["cards_from"]):
            options, _ = check_shape(SheetOptions, data, rel, game=slug)
            if options is not None:
                out.append((path, options))
    return out


def pull_deck(project, path: Path, options: SheetOptions, deadline: Deadline) -> Pulled:
    """Fetch one deck's sheet within what is left of the command's `deadline`, check that it reads as cards, compare
    it with the old snapshot, and save it."""
    url = options.cards_from.strip()
    done = Pulled(project.rel(path), url)
    try:
        body, suffix = fetch(url, deadline)
    except FetchFailed as exc:
        done.failed = str(exc)
        return done
    final = snapshot_path(path, suffix)
    old = _old_cards(project, path, options)
    try:
        with trial_file(final, body) as (trial, keep):  # read under the snapshot's own name (its suffix says its format)
            new = _cards(trial, project.rel(final), options)
            if len(new) > MAX_CARDS_PER_DECK:  # a snapshot every build would refuse is no sheet of cards
                done.failed = f"it holds {len(new):,} cards, over the {MAX_CARDS_PER_DECK:,} a deck may hold: split the sheet"
                return done
            keep()
        for other in SNAPSHOT_SUFFIXES:
            if other != suffix:
                remove_file(snapshot_path(path, other))  # the sheet is now published in the other format: one snapshot is read
    except PnpError as exc:
        done.failed = f"not a sheet of cards pnp can read: {exc.findings[0].message}"
        return done
    except LinkedFolder as exc:
        done.failed = f"{project.rel(exc.path)} {exc.reason()}"
        return done
    done.snapshot = project.rel(final)
    done.added = [i for i in new if i not in old]
    done.removed = [i for i in old if i not in new]
    done.changed = [(i, changed_fields(old[i], new[i])) for i in new if i in old and old[i] != new[i]]
    return done


def _old_cards(project, path: Path, options: SheetOptions) -> dict[str, dict]:
    """The cards of the snapshot there was (none before the first pull, or when it no longer reads, or when the path
    rule refuses it: a snapshot linked out of the project is replaced, never read)."""
    old_path = snapshot_of(path)
    try:
        if old_path is None:
            return {}
        project.inside_data(old_path, project.rel(old_path))
        return _cards(old_path, project.rel(old_path), options)
    except PnpError:
        return {}


def _cards(path: Path, rel: str, options: SheetOptions) -> dict[str, dict]:
    """A sheet's cards by id, as plain values (their places dropped)."""
    source = SheetSource.of_deck(path, rel, options)
    return {str(card.get("id")): plain(card) for card in read_cards(source)}


@dataclass(frozen=True)
class Deadline:
    """One `pnp pull`'s time, shared by every sheet it fetches: a game of many sheets on a slow server takes no more
    than `--timeout` in all, not that much a sheet."""

    seconds: float
    ends: float  # time.monotonic() when the command's time is up

    @classmethod
    def starting_now(cls, seconds: float = TOTAL_S) -> Deadline:
        return cls(seconds, time.monotonic() + seconds)

    def left(self) -> float:
        return self.ends - time.monotonic()


def fetch(url: str, deadline: Deadline) -> tuple[bytes, str]:
    """The sheet at `url` and its snapshot suffix (.xlsx or .csv): the whole of a 200 answer, within what is left of
    `deadline`, no more than MAX_SHEET_BYTES sent or unpacked."""
    late = (f"the pull's {deadline.seconds:g} s (--timeout, for all its sheets together) ran out before the whole sheet came: "
            f"try again later, pull fewer games at once, or raise --timeout")
    if deadline.left() <= 0:
        raise FetchFailed(late.replace("before the whole sheet came", "before this sheet was asked for"))
    try:
        return asyncio.run(asyncio.wait_for(_download(url), deadline.left()))
    except TimeoutError:
        raise FetchFailed(late) from None


async def _download(url: str) -> tuple[bytes, str]:
    try:
        async with httpx.AsyncClient(follow_redirects=True, timeout=TIMEOUT_S, headers={"Accept-Encoding": ", ".join(PACKINGS)}) as client, \
                client.stream("GET", url) as response:
            kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
            _check_answer(response, kind)
            body = bytearray()
            unpack = _unpacking(response.headers.get("content-encoding", ""))
            async for chunk in response.aiter_raw():
                for piece in unpack(chunk):
                    body += piece
                    if len(body) > MAX_SHEET_BYTES:
                        raise FetchFailed(f"the sheet is over {MAX_SHEET_BYTES:,} bytes, the limit: split the deck")
            unpack(None)
    except (httpx.HTTPError, httpx.InvalidURL) as exc:  # an address httpx cannot send (a line break in it) is no HTTPError
        raise FetchFailed(f"could not fetch it ({exc.__class__.__name__}: {exc}): check the address and your connection") from None
    return bytes(body), _suffix(bytes(body), kind)


def _check_answer(response: httpx.Response, kind: str) -> None:
    """Refuse an answer that is not the whole sheet: an error, a part (206) or any status but 200, a web page, a body
    declared past the size limit."""
    if response.status_code >= 400:
        raise FetchFailed(f"the server answered {response.status_code} {response.reason_phrase}: check the address, and that the sheet is published")
    if response.status_code != 200:
        raise FetchFailed(f"the server answered {response.status_code} {response.reason_phrase}, not the whole sheet (200 OK): check the address")
    if kind in PAGE_TYPES:
        raise FetchFailed(WEB_PAGE)
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_SHEET_BYTES:
        raise FetchFailed(f"the sheet is {int(declared):,} bytes; the limit is {MAX_SHEET_BYTES:,}: split the deck")


WEB_PAGE = "the address gives a web page, not a sheet: publish the sheet as CSV or XLSX (File → Share → Publish to web) and use that address"


def _unpacking(codings: str):
    """A function taking each chunk of the body as sent (None at its end) and giving the pieces of the body with the
    server's content codings undone, layer by layer, each layer no more than MAX_SHEET_BYTES unpacked."""
    names = [c.strip().lower() for c in codings.split(",") if c.strip() and c.strip().lower() != "identity"]
    unknown = [n for n in names if n not in PACKINGS]
    if unknown:
        raise FetchFailed(f"the server packed the sheet as '{unknown[0]}', which pnp does not unpack: check the address")
    if len(names) > MAX_PACKINGS:
        raise FetchFailed(f"the server packed the sheet {len(names)} times over; pnp unpacks at most {MAX_PACKINGS}: check the address")
    layers = [_Layer(PACKINGS[n]) for n in reversed(names)]  # the last coding applied is undone first

    def unpack(chunk: bytes | None) -> list[bytes]:
        if chunk is None:
            for layer in layers:
                layer.end()
            return []
        pieces = [chunk]
        for layer in layers:
            pieces = [out for piece in pieces for out in layer.unpack(piece)]
        return pieces
    return unpack


class _Layer:
    """One content coding undone a slice at a time: zlib is never asked for more than PIECE bytes at once."""

    def __init__(self, wbits: int):
        self.zlib = zlib.decompressobj(wbits)
        self.total = 0

    def unpack(self, data: bytes):
        try:
            while not self.zlib.eof:
                out = self.zlib.decompress(data, PIECE)
                data = self.zlib.unconsumed_tail
                if not out and not data:
                    return
                self.total += len(out)
                if self.total > MAX_SHEET_BYTES:
                    raise FetchFailed(f"the sheet unpacks to over {MAX_SHEET_BYTES:,} bytes, the limit: split the deck")
                yield out
        except zlib.error as exc:
            raise FetchFailed(f"the server's packed answer does not unpack ({exc}): try again, or check the address") from None

    def end(self) -> None:
        if not self.zlib.eof:
            raise FetchFailed("the server's packed answer was cut short: try again")


def _suffix(body: bytes, kind: str) -> str:
    """.xlsx for a workbook, .csv for text; a web page (a sign-in page, a sheet not published) is refused, by its type
    or by its first bytes (a sheet's first row is its header, never a tag)."""
    if body.startswith(ZIP_MAGIC):
        return ".xlsx"
    head = body[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if kind in PAGE_TYPES or head.startswith(b"<") or any(tag in head for tag in (b"<!doctype", b"<html", b"<head", b"<body")):
        raise FetchFailed(WEB_PAGE)
    try:
        body.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FetchFailed("the address gives neither CSV text (UTF-8) nor an XLSX workbook: publish the sheet as CSV or XLSX") from None
    return ".csv"


def pull_game(project, slug: str, refused: list[Finding], deadline: Deadline) -> list[Pulled]:
    """Pull every live sheet of one game within what is left of the command's `deadline`; the deck files the path rule
    refuses are said in `refused`."""
    return [pull_deck(project, path, options, deadline) for path, options in live_decks(project, slug, refused)]
