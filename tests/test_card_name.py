"""A card's fields are written out and hashed once, the first time it is drawn or stamped, and what names the card
starts from that one value (issue 77 item 2): its faces' key in the face store and the kept results' digest of a card
read whole tell two cards apart exactly where a template can (its count too; a mapping's key 2 or true apart from the
text "2" or "true", which the fields' JSON once wrote alike), and its stamp's code is the one the code's definition
gives, whichever asks for it first."""
from __future__ import annotations

import base64
import copy
import decimal
import hashlib
import json
from types import SimpleNamespace

import pytest

from pnp.core.errors import Loc
from pnp.data.fields import ANY, Fields
from pnp.data.located import EmptyCell
from pnp.data.project import Card
from pnp.data.stamps import Stamper, card_name, card_values
from pnp.pipeline.cache import FaceStore
from pnp.pipeline.card_digest import cards_digest

HERE = Loc("decks/d.yaml", 1, 1)

# fields of cards, each differing from some other in one way a template may or may not see
FIELDS = [
    {"name": "Ada", "cost": 3, "count": 1},
    {"name": "Ada", "cost": 3, "count": 2},  # one copy more: `card.count` prints differently
    {"name": "Ada", "cost": 3},  # no count at all
    {"name": "Ada", "cost": 3, "count": "2"},
    {"name": "Ada", "cost": 3.0, "count": 1},  # 3.0 is not 3 to a template
    {"name": "Ada", "cost": True, "count": 1},
    {"name": "Ada", "cost": 1, "count": 1},
    {"cost": 3, "name": "Ada", "count": 1},  # the same fields written in another order: alike
    {"name": "Ada", "cost": 3, "count": 1, "note": EmptyCell()},  # an empty cell reads as ""
    {"name": "Ada", "cost": 3, "count": 1, "note": ""},
    {"name": "Ada", "cost": 3, "count": 1, "note": None},
    {"name": "Ada\u00e9 \u2605 \"q\"", "cost": 3, "count": 1},
    {"name": "Ada", "cost": 3, "count": 1, "tags": ["a", "b"]},
    {"name": "Ada", "cost": 3, "count": 1, "tags": ("a", "b")},  # a list read as a tuple: JSON writes both alike
    {"name": "Ada", "cost": 3, "count": 1, "tags": ["b", "a"]},
    {"name": "Ada", "cost": 3, "count": 1, "on": {"true": 1}},
    {"name": "Ada", "cost": 3, "count": 1, "on": {True: 1}},  # JSON writes this key as "true", but `card.on[true]` is not `card.on["true"]`
    {"name": "Ada", "cost": 3, "count": 1, "on": {"True": 1}},  # its str, "True", is another key
    {"name": "Ada", "cost": 3, "count": 1, "on": {"2": 1}},
    {"name": "Ada", "cost": 3, "count": 1, "on": {2: 1}},  # nor `card.on[2]` `card.on["2"]`
    {"name": "Ada", "cost": 3, "count": 1, "at": "1.5"},
    {"name": "Ada", "cost": 3, "count": 1, "at": decimal.Decimal("1.5")},  # no stable text: never kept, as before
]


def _seen(value):
    """What a template can tell of a value: a list and a tuple alike, an empty cell as "", a number not its text, 3 not
    3.0, true not 1, a mapping's key by its kind too; anything else by its kind and str."""
    if isinstance(value, dict):
        return "map", sorted(((type(k).__name__, str(k)), _seen(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "list", [_seen(v) for v in value]
    if isinstance(value, str):
        return "str", str(value)
    if value is None or isinstance(value, (int, float)):
        return type(value).__name__, repr(value)
    return "other", type(value).__name__, str(value)


def _writable(fields: dict) -> bool:
    """Whether JSON writes the fields (a face whose data has no stable text is drawn every time, never kept)."""
    try:
        json.dumps(fields)
        return True
    except TypeError:
        return False


def _card(fields: dict, name: str = "ada") -> Card:
    return Card(name, fields.get("count", 1), fields, None, HERE)


def _face_key(store: FaceStore, card: Card) -> str | None:
    """The key of `card`'s front as the card sheets ask it: the card's part from its carried name where it has one."""
    named = card_name(card).key
    context = {"card": Fields(card.fields, "card"), "face": Fields({"w": 63.5, "h": 88.9}, "face"), "ink_saver": False}
    return store.key("g/front.j2", "front", (63.5, 88.9), 3.0, "d/ada cut rectangle", context, {"card": named} if named is not None else None)


def test_a_cards_faces_are_keyed_apart_exactly_where_a_template_tells_its_fields_apart(tmp_path):
    store = FaceStore(tmp_path / "g.faces", "shared")
    keys = [_face_key(store, _card(fields)) for fields in FIELDS]
    assert [key is not None for key in keys] == [_writable(fields) for fields in FIELDS]
    kept = [(fields, key) for fields, key in zip(FIELDS, keys, strict=True) if key is not None]
    for fields, key in kept:
        for other, other_key in kept:
            assert (key == other_key) == (_seen(fields) == _seen(other)), (fields, other)
    assert [_face_key(store, _card(dict(fields))) for fields in FIELDS] == keys  # the same fields read again: the same keys


def _definition(fields: dict, source: bytes) -> str:
    """A stamp's code as stamps are defined: the first six base32 letters of the sha256 of the card's values but its
    count (sorted, compact, unescaped JSON, a mapping's keys and anything JSON does not write by their str), a zero
    byte, and the template's source with its line endings made alike."""
    values = json.dumps({k: _by_str(v) for k, v in fields.items() if k != "count"}, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                        default=str)
    return base64.b32encode(hashlib.sha256(values.encode() + b"\0" + source.replace(b"\r\n", b"\n")).digest())[:6].decode()


def _by_str(value):
    return {str(k): _by_str(v) for k, v in value.items()} if isinstance(value, dict) else value


def test_a_cards_stamp_is_its_definitions_and_follows_its_template(tmp_path):
    """Each card's code is its definition's, whichever asks first (the stamp or the record of what was printed); the same
    card object asked again after its template was edited (a process that stays up keeps a card read alike) gets the
    edited template's code."""
    template = tmp_path / "g" / "front.j2"
    template.parent.mkdir()
    deck = SimpleNamespace(id="d", front="g/front.j2", data={})
    game = SimpleNamespace(spec=SimpleNamespace(stamps=True, version="1"))
    for source in (b"{{ card.name }}\r\n{{ card.cost }}", b"{{ card.name }} edited\n"):
        template.write_bytes(source)
        stamper = Stamper(tmp_path, game)
        for number, fields in enumerate(FIELDS):
            card = _card(fields, f"c{number}")
            card_values(card) if number % 2 else None  # the record asked first, for every other card
            assert stamper.code(deck, card) == _definition(fields, source), fields
            assert stamper(deck, card).text == f"v1 · {_definition(fields, source)}"
    card = _card(FIELDS[0])
    assert Stamper(tmp_path, game).code(deck, card) == _definition(FIELDS[0], b"{{ card.name }} edited\n")
    template.write_bytes(b"{{ card.cost }}")
    assert Stamper(tmp_path, game).code(deck, card) == _definition(FIELDS[0], b"{{ card.cost }}")
    assert Stamper(tmp_path, game).code(deck, copy.deepcopy(card)) == _definition(FIELDS[0], b"{{ card.cost }}")


def _game(fields: dict) -> SimpleNamespace:
    """A game of one deck of one card: what the kept results' digest reads of a game."""
    card = _card(fields)
    deck = SimpleNamespace(id="d", name="D", size=(63.5, 88.9), front="g/front.j2", back=None, back_shows_rules=False, name_field=("name",),
                           source=None, data={"name": "D"}, cards=[card])
    return SimpleNamespace(decks={"d": deck})


@pytest.mark.parametrize("read", [("d", ANY, ANY), ("d", "ada", ANY)], ids=["every-card", "one-card"])
def test_the_kept_results_digest_of_a_card_read_whole_moves_exactly_where_a_template_tells_its_fields_apart(read):
    digests = [cards_digest(_game(fields), [read]) for fields in FIELDS]
    for fields, digest in zip(FIELDS, digests, strict=True):
        for other, other_digest in zip(FIELDS, digests, strict=True):
            assert (digest == other_digest) == (_seen(fields) == _seen(other)), (fields, other)
