"""Version stamps: which revision of a card is on the table.

A card's stamp is the game's `version:` and a short code made from what the card's front prints from: the card's
resolved values (its deck's defaults merged with its own) and the source of its front template and of each template that one
runs (a frame it extends, macros it imports). The same card gives the
same code on any machine (no paths, no dates, line endings made alike), and an edit to one card changes its code
alone. `pnp changes` compares the codes and values of a build with those of the last marked print.
"""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path

from pnp.core.files import stays_inside
from pnp.core.json_text import JsonText
from pnp.core.units import STAMP_INSET_MM
from pnp.data.located import EmptyCell
from pnp.data.project import Card, Deck, Game
from pnp.data.schema import DEFAULT_STAMP_CORNER
from pnp.data.template_syntax import templates_run

CODE_LENGTH = 6  # base32: 30 bits, a one-in-a-billion chance that an edited card keeps its code
CODE_BYTES = 5  # the digest's bytes base32 makes the code's letters from (the first of its 8-letter groups)


@dataclass(frozen=True)
class Stamp:
    """What a card's front carries: `text` (the version and the code) in `corner`."""

    code: str
    text: str
    corner: str
    inset: float = STAMP_INSET_MM  # mm from the trim to the stamp's box, on both sides of its corner
    link: str | None = None  # `stamps: {qr: true}`: the feedback form's address with this card filled in, printed as a QR code


def plain(value):
    """A value read from a file as plain JSON data (its places dropped), for hashing and for `pnp changes`."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def card_values(card: Card) -> dict:
    """The values a card's face is made from: every field but `count` (a copy more prints the same face)."""
    return card_name(card).values


def card_name(card: Card) -> CardName:
    """What names `card`'s fields, made the first time anything asks (its face drawn, its stamp, its record) and carried
    on the card: a card's fields do not change once read, and a card read again alike is the same object (pnp.data.project)."""
    named = card.named
    if named is None:
        named = card.named = CardName(card.fields)
    return named


_NATIVE = frozenset({str, int, float, bool, type(None), EmptyCell})  # values JSON writes as they are: plain() leaves them be


class CardName:
    """A card's fields serialised and hashed once, for everything that names them: the stamp's values (`values`, every
    field but `count`) and their text (`text`), which the stamp's code hashes with its front's template (`code`); and
    `key`, the digest of the fields whole (the values' hash and the count), the card's part of its face's key in the
    face store (pnp.pipeline.cache.FaceStore.key) and of the kept results' card digest (pnp.pipeline.card_digest).

    `key` is None where the text does not tell the fields apart as their JSON does (a key that is not text, a value JSON
    does not write, which plain() writes as its str): such a card is named from its fields' JSON, as before."""

    __slots__ = ("_code", "key", "text", "values")

    def __init__(self, fields):
        values, exact = {}, True
        for name, value in fields.items():
            if type(value) not in _NATIVE:
                exact = exact and _exact(value)
                value = plain(value)
            if type(name) is not str:
                exact, name = False, str(name)  # a field named 2 in a card's YAML: its values' JSON sorts its keys, all text
            if name != "count":
                values[name] = value
        self.values = values
        self.text = _values_text(values)
        self._code: tuple[bytes, str] | None = None  # (the template's source, the code) last asked
        count = fields.get("count")
        count = str(count) if type(count) is int else _VALUES_JSON(count) if "count" in fields else ""  # no JSON text is empty
        self.key = f"{hashlib.sha256(self.text).hexdigest()}/{count}" if exact else None

    def code(self, template_source: bytes) -> str:
        """The stamp's code of this card drawn from `template_source` (the stamp and the record of what was printed ask alike)."""
        known = self._code
        if known is None or known[0] != template_source:
            # hashed again from the text when asked, not from a hash object every card would keep until the build ends
            known = self._code = (template_source, _letters(hashlib.sha256(self.text), template_source))
        return known[1]

    def __reduce__(self):  # made again from what it holds, without running __init__
        return _named_again, (self.values, self.text, self.key)


def _named_again(values: dict, text: bytes, key: str | None) -> CardName:
    named = CardName.__new__(CardName)
    named.values, named.text, named.key, named._code = values, text, key, None
    return named


def _exact(value) -> bool:
    """Whether JSON writes `value` as it is, as a card's data: text keys, values of JSON's own kinds all the way down."""
    if isinstance(value, dict):
        return all(type(k) is str and _exact(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return all(_exact(v) for v in value)
    return value is None or isinstance(value, (str, int, float))


def _values_text(values: dict) -> bytes:
    return _VALUES_JSON(values).encode()


_VALUES_JSON = JsonText(sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)  # made for every card


def stamp_code(values: dict, template_source: bytes) -> str:
    """The short code of a face: a hash of its values and its template's source."""
    return _code(_values_text(values), template_source)


def _code(text: bytes, template_source: bytes) -> str:
    return _letters(hashlib.sha256(text), template_source)


def _letters(digest, template_source: bytes) -> str:
    """The code of values hashed into `digest` (sha256 of their text) and drawn from `template_source`."""
    digest.update(b"\0")
    digest.update(_alike(template_source))
    # the first CODE_LENGTH letters base32 writes the digest's first CODE_BYTES in (each 5 bits, the highest first),
    # looked up two at a time: base64.b32encode, written in Python, cost more than the digest
    bits = int.from_bytes(digest.digest()[:CODE_BYTES], "big") >> (CODE_BYTES * 8 - CODE_LENGTH * 5)
    return "".join(_PAIRS[(bits >> shift) & 1023] for shift in range(CODE_LENGTH * 5 - 10, -1, -10))


BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # RFC 4648's letters, base64.b32encode's
_PAIRS = [a + b for a in BASE32 for b in BASE32]  # each 10 bits as two letters (CODE_LENGTH is even)


@functools.lru_cache(maxsize=64)
def _alike(template_source: bytes) -> bytes:
    """A template's source with its line endings made alike (each template's once)."""
    return template_source.replace(b"\r\n", b"\n")


def stamp_text(version: str, code: str) -> str:
    return f"v{version} · {code}" if version else code


class Stamper:
    """The stamps of one game's cards, each template's source read once; `None` for every card when the game says `stamps: false`."""

    def __init__(self, templates_dir: Path, game: Game):
        self.templates_dir = templates_dir
        stamps = getattr(game.spec, "stamps", True)
        self.on = bool(stamps)
        feedback = getattr(game.spec, "feedback", None)
        self.form = feedback if getattr(stamps, "qr", False) and feedback is not None and feedback.form else None
        self.title = str(getattr(game.spec, "title", ""))
        version = getattr(game.spec, "version", None)
        self.version = "" if version is None else str(version)
        self._sources: dict[str, bytes] = {}

    def source(self, template: str) -> bytes:
        """What a card's code hashes of its front `template`: its source, then each template it runs (extends,
        includes or imports, and those they run) under its name, so an edit to a frame or a macro a front runs
        changes the codes of the cards drawn with it. A template that runs none gives its source alone."""
        if template not in self._sources:
            found: dict[str, bytes] = {}
            self._collect(template, found)
            own = found.pop(template, b"")
            self._sources[template] = own + b"".join(b"\0" + name.encode() + b"\0" + text for name, text in found.items())
        return self._sources[template]

    def _collect(self, template: str, found: dict[str, bytes]) -> None:
        """Each template's source, `template`'s first, then those it runs, depth first, each once; a missing one is
        reported by the build and stamps nothing."""
        if template in found:
            return
        path = self.templates_dir / template
        try:
            text = found[template] = path.read_bytes() if stays_inside(path, self.templates_dir) else b""  # never read from outside
        except OSError:
            found[template] = b""
            return
        for name in templates_run(text.decode("utf-8", "replace")):
            self._collect(name, found)

    def code(self, deck: Deck, card: Card) -> str:
        return card_name(card).code(self.source(card.front or deck.front))

    def __call__(self, deck: Deck, card: Card) -> Stamp | None:
        if not self.on:
            return None
        code = self.code(deck, card)
        link = None
        if self.form is not None:

            values = {"game": self.title, "version": self.version, "card": f"{deck.id}/{card.id}", "code": code}
            link = form_link(self.form.form, self.form.fields, values)
        return Stamp(code, stamp_text(self.version, code), str(deck.data.get("stamp_corner") or DEFAULT_STAMP_CORNER),
                     float(deck.data.get("stamp_inset") or STAMP_INSET_MM), link)


def game_stamps(templates_dir: Path, game: Game) -> dict[str, dict]:
    """Every card of `game` as `pnp changes` keeps it: deck/card → {code, values} (whether or not faces carry stamps)."""
    stamper = Stamper(templates_dir, game)
    return {f"{deck.id}/{card.id}": {"code": stamper.code(deck, card), "values": card_values(card)}
            for deck in game.decks.values() for card in deck.cards}


def changed_fields(before: dict, now: dict) -> list[str]:
    """The fields whose values differ between two records of a card (added and removed fields included)."""
    return sorted(k for k in set(before) | set(now) if before.get(k) != now.get(k))


def form_link(form: str, fields: dict[str, str], values: dict[str, str]) -> str:
    """The form's address with each field the game names filled in with its value (game, version, card, code): what
    a card's QR stamp opens."""
    from urllib.parse import urlencode  # a game with a feedback form alone

    query = urlencode([(fields[k], values[k]) for k in ("game", "version", "card", "code") if k in fields and values.get(k)])
    return f"{form}{'&' if '?' in form else '?'}{query}" if query else form
