"""`pnp pull`: fetch each live sheet (a deck whose `cards_from` is a web address) and save its snapshot in the project.

The one place pnp reaches the network, and only when asked. A fetch that fails (the server down, a 404, an HTML page
instead of a sheet, a file past the size limit, a sheet pnp cannot read) keeps the snapshot there was and says why;
a good one replaces it and says which cards were added, removed or changed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import httpx

from pnp.core.errors import Finding, PnpError
from pnp.core.files import LinkedFolder, game_files, remove_file, trial_file
from pnp.data.live import SNAPSHOT_SUFFIXES, is_live, snapshot_of, snapshot_path
from pnp.data.schema import SheetOptions, check_shape
from pnp.data.source import load_yaml
from pnp.data.spreadsheet import MAX_SHEET_BYTES, SheetSource, read_cards
from pnp.data.stamps import changed_fields, plain

TIMEOUT_S = 30.0  # a published sheet of a few thousand rows arrives in a second or two
ZIP_MAGIC = b"PK\x03\x04"  # an XLSX workbook is a zip file


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


def pull_deck(project, path: Path, options: SheetOptions, client: httpx.Client) -> Pulled:
    """Fetch one deck's sheet, check that it reads as cards, compare it with the old snapshot, and save it."""
    url = options.cards_from.strip()
    done = Pulled(project.rel(path), url)
    try:
        body, suffix = fetch(client, url)
    except FetchFailed as exc:
        done.failed = str(exc)
        return done
    final = snapshot_path(path, suffix)
    old = _old_cards(project, path, options)
    try:
        with trial_file(final, body) as (trial, keep):  # read under the snapshot's own name (its suffix says its format)
            new = _cards(trial, project.rel(final), options)
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
    source = SheetSource(path, rel, options.sheet, options.id_column, options.count_column, tuple(options.text_columns), dict(options.list_columns))
    return {str(card.get("id")): plain(card) for card in read_cards(source)}


def fetch(client: httpx.Client, url: str) -> tuple[bytes, str]:
    """The sheet at `url` and its snapshot suffix (.xlsx or .csv), read no further than MAX_SHEET_BYTES."""
    try:
        with client.stream("GET", url) as response:
            if response.status_code >= 400:
                raise FetchFailed(f"the server answered {response.status_code} {response.reason_phrase}: check the address, and that the sheet is published")
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > MAX_SHEET_BYTES:
                raise FetchFailed(f"the sheet is {int(declared):,} bytes; the limit is {MAX_SHEET_BYTES:,}: split the deck")
            body = bytearray()
            for chunk in response.iter_bytes():
                body += chunk
                if len(body) > MAX_SHEET_BYTES:
                    raise FetchFailed(f"the sheet is over {MAX_SHEET_BYTES:,} bytes, the limit: split the deck")
            kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
    except httpx.HTTPError as exc:
        raise FetchFailed(f"could not fetch it ({exc.__class__.__name__}: {exc}): check the address and your connection") from None
    return bytes(body), _suffix(bytes(body), kind)


def _suffix(body: bytes, kind: str) -> str:
    """.xlsx for a workbook, .csv for text; an HTML page (a sign-in page, a sheet not published) is refused."""
    if body.startswith(ZIP_MAGIC):
        return ".xlsx"
    head = body[:512].lstrip().lower()
    if kind == "text/html" or head.startswith((b"<!doctype html", b"<html")):
        raise FetchFailed("the address gives a web page, not a sheet: publish the sheet as CSV or XLSX (File → Share → Publish to web) and use that address")
    try:
        body.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FetchFailed("the address gives neither CSV text (UTF-8) nor an XLSX workbook: publish the sheet as CSV or XLSX") from None
    return ".csv"


def pull_game(project, slug: str, refused: list[Finding]) -> list[Pulled]:
    """Pull every live sheet of one game; the deck files the path rule refuses are said in `refused`."""
    decks = live_decks(project, slug, refused)
    if not decks:
        return []
    with httpx.Client(follow_redirects=True, timeout=TIMEOUT_S) as client:
        return [pull_deck(project, path, options, client) for path, options in decks]
