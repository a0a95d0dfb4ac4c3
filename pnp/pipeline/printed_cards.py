"""What was printed: each card's stamp code and values at the last build and at the last marked print, and the codes
of every print marked (`history`), which a playtester's answer may name.

Kept beside the game's build cache (`.pnp-cache/<game>.stamps.json` in the output folder): the first build counts as
the first print, `pnp printed` (or `build --mark-printed`) takes the last build as printed, and `pnp changes` lists the
cards whose code differs from the printed one, with the fields that changed.
"""
from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass
from pathlib import Path

from pnp.core.files import write_atomic_with, write_cache
from pnp.core.json_text import JsonText
from pnp.core.sealed import open_own
from pnp.data.stamps import Stamper, card_values, changed_fields, game_stamps
from pnp.pipeline.cache import CACHE_DIR


def stamps_path(out_root: Path, slug: str) -> Path:
    return out_root / CACHE_DIR / f"{slug}.stamps.json"


MAX_RECORD_BYTES = 50_000_000  # far past the record of 20,000 cards a deck, times a few decks


def _read(path: Path) -> dict:
    """The record, or none when it cannot be one pnp wrote: plain data, but the cache's folder may have come with a
    game, so it is read as the cache's entries are (pnp.core.sealed.open_own: never through a link, from a pipe or a
    device), within MAX_RECORD_BYTES, and a value nested past what JSON's reader can follow is no record either."""
    try:
        with open_own(path) as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
        data = json.loads(raw) if len(raw) <= MAX_RECORD_BYTES else None
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(path: Path, data: dict) -> None:
    """A cache (losing it costs work, not output), written unindented: an indent sends json to its pure-Python encoder,
    which spent a tenth of a large deck's build on this file. Streamed a card at a time (`_json_chunks`), the bytes
    those of `json.dumps(data, sort_keys=True, ensure_ascii=False)`: a 10,000-card deck's record, built whole as
    dicts, a string and its bytes, was the top of its build's memory. The cards as printed are most often the cards as
    built (a first build, a build marked printed): their bytes are copied from the file as written, not made again.
    Written as every cache is (write_cache): a build cache removed while the build runs is made again, not reported as a
    file gone."""

    def write(f) -> None:
        written: dict[int, tuple[int, int]] = {}  # id of a record's cards → where their bytes lie in the file
        for chunk in _json_chunks(data):
            if type(chunk) is not _CardsNow:
                f.write(chunk.encode())
            elif id(chunk) in written:
                f.flush()
                _copy_back(f, *written[id(chunk)])
            else:
                start = f.tell()
                for part in chunk.pieces():
                    f.write(part.encode())
                written[id(chunk)] = (start, f.tell())
    write_cache(lambda: write_atomic_with(path, write, durable=False))


def _copy_back(f, start: int, end: int) -> None:
    """Append the bytes the file holds from `start` to `end` (written and flushed), a megabyte at a time."""
    while start < end:
        piece = os.pread(f.fileno(), min(end - start, 1 << 20), start)
        if not piece:
            raise OSError(f"the record's file ended at byte {start:,} of {end:,}")
        f.write(piece)
        start += len(piece)


class _CardsNow:
    """Every card of a game as `pnp changes` keeps it (pnp.data.stamps.game_stamps), made a card at a time as the
    record is written, in the order json's sort_keys gives: the record is never held whole."""

    def __init__(self, templates_dir: Path, game):
        self.stamper = Stamper(templates_dir, game)
        self.cards = sorted(((f"{deck.id}/{card.id}", deck, card) for deck in game.decks.values() for card in deck.cards), key=lambda c: c[0])

    def items(self):
        for name, deck, card in self.cards:
            yield name, {"code": self.stamper.code(deck, card), "values": card_values(card)}


    def pieces(self):
        """The cards' JSON (`json.dumps(…, sort_keys=True, ensure_ascii=False)` of them as a dict) in pieces, a few
        hundred cards at a time, each by json's own encoder."""
        yield "{"
        items, between = self.items(), ""
        for batch in iter(lambda: list(itertools.islice(items, 256)), []):
            yield between + ", ".join(_NAME_JSON(name) + ": " + _CARD_JSON(card) for name, card in batch)
            between = ", "
        yield "}"


_NAME_JSON, _CARD_JSON = JsonText(ensure_ascii=False), JsonText(sort_keys=True, ensure_ascii=False)  # each card's, made once


def _json_chunks(value, depth: int = 0):
    """`json.dumps(value, sort_keys=True, ensure_ascii=False)` in pieces, a record's cards (`_CardsNow`) given as
    themselves, for the writer to write (`_CardsNow.pieces`) or copy. A mapping is split down to its cards (the
    record, then a kept set of cards: `depth` 2), each card encoded whole: split to every field, a `pnp watch` save
    re-encoded the cards as printed, read back, a value at a time (docs/performance.md, this round's watch save)."""
    if isinstance(value, _CardsNow):
        yield value
        return
    if not isinstance(value, dict) or depth >= 2:
        yield _CARD_JSON(value)
        return
    yield "{"
    for number, (key, item) in enumerate(sorted(value.items(), key=lambda item: item[0])):
        yield (", " if number else "") + _NAME_JSON(key) + ": "
        yield from _json_chunks(item, depth + 1)
    yield "}"


def record_build(out_root: Path, templates_dir: Path, game, mark: bool = False, built: bool = True) -> None:
    """Keep the cards of a build (`built`: it rendered an output; else only the first time); they are the printed ones
    too when none were yet, or when `mark` says so."""
    path = stamps_path(out_root, game.slug)
    if not game.decks or (not built and not mark and path.is_file()):
        return
    data = _read(path)
    data["built"] = _CardsNow(templates_dir, game)
    if mark or "printed" not in data:
        data["printed"] = data["built"]
        _remember_printed(data)
    _write(path, data)


def mark_printed(out_root: Path, slug: str) -> bool:
    """Take the last build's cards as printed; False when the game was not built into `out_root`."""
    path = stamps_path(out_root, slug)
    data = _read(path)
    if "built" not in data:
        return False
    data["printed"] = data["built"]
    _remember_printed(data)
    _write(path, data)
    return True


def _remember_printed(data: dict) -> None:
    """Add the codes of the cards just taken as printed to the record's `history` (code → deck/card), which keeps every
    print's: a playtester may answer on a card two prints old, and its answer must still join (known_codes)."""
    history = data.get("history") if isinstance(data.get("history"), dict) else {}
    printed = data["printed"]
    for name, card in printed.items():
        if isinstance(card, dict) and isinstance(card.get("code"), str):
            history[card["code"]] = name
    data["history"] = history


def changes_since_print(out_root: Path, templates_dir: Path, game) -> list[CardChange] | None:
    """The cards of `game` as it is now that differ from the last marked print, in deck and card order; None before any print."""

    printed = _read(stamps_path(out_root, game.slug)).get("printed")
    if not _as_written(printed):
        return None
    now = game_stamps(templates_dir, game)
    out = []
    for name, card in now.items():
        before = printed.get(name)
        if before is None:
            out.append(CardChange(name, "added", "", card["code"], tuple(sorted(card["values"]))))
        elif before.get("code") != card["code"]:
            out.append(CardChange(name, "changed", before.get("code", ""), card["code"], tuple(changed_fields(before.get("values", {}), card["values"]))))
    out += [CardChange(name, "removed", card.get("code", ""), "", ()) for name, card in printed.items() if name not in now]
    return out


def _as_written(cards) -> bool:
    """Whether `cards` is a set of cards as pnp writes one (deck/card → its code and values): the cache's folder may
    have come with a game, and a record holding anything else is no print pnp marked."""
    return isinstance(cards, dict) and all(isinstance(card, dict) and isinstance(card.get("code"), str) and isinstance(card.get("values", {}), dict)
                                           for card in cards.values())


def known_codes(out_root: Path, slug: str) -> dict[str, str]:
    """Stamp code → deck/card of the cards as last built and as printed at every marked print: a playtester's answer
    names the code printed on the card, which an edit since has changed (pnp.data.answers.Cards)."""
    data = _read(stamps_path(out_root, slug))
    out: dict[str, str] = {}
    history = data.get("history")
    if isinstance(history, dict):  # every code a print gave a card (30 bits: two cards sharing one is one in a billion)
        out.update({code: name for code, name in history.items() if isinstance(name, str)})
    for kept in (data.get("built"), data.get("printed")):  # the printed one wins: it is what the playtesters hold
        if isinstance(kept, dict):
            out.update({card["code"]: name for name, card in kept.items() if isinstance(card, dict) and isinstance(card.get("code"), str)})
    return out


def printed_codes(out_root: Path, slug: str) -> dict[str, str]:
    """deck/card → its stamp code at the last marked print (none before a print)."""
    printed = _read(stamps_path(out_root, slug)).get("printed")
    if not isinstance(printed, dict):
        return {}
    return {name: card["code"] for name, card in printed.items() if isinstance(card, dict) and isinstance(card.get("code"), str)}


@dataclass(frozen=True)
class CardChange:
    """One card that differs from the last marked print: `kind` is changed, added or removed."""

    card: str  # deck/card
    kind: str
    code_before: str
    code_now: str
    fields: tuple[str, ...]
