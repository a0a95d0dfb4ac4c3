"""A card's stamp, its parts one by one, in process (pnp.data.stamps): what the stamp says with and without a version,
where it goes, the feedback link it carries, what a card's name is made of, and which fields `pnp changes` calls
changed. The stamp's code is held by tests/test_card_name.py; a stamp on a printed face by tests/test_stamps.py."""
from __future__ import annotations

import decimal
import hashlib
import json
from pathlib import PurePosixPath
from types import SimpleNamespace
from urllib.parse import parse_qsl, urlsplit

import pytest

from pnp.core.errors import Loc
from pnp.data.project import Card
from pnp.data.stamps import Stamper, card_name, changed_fields, plain

SAFE_LINE_MM = 3.0  # docs/editions.md: a stamp's box sits half a millimetre inside the 3 mm safe line by default
FORM = "https://forms.example/f?lang=en"
FIELDS = {"game": "entry.1", "version": "entry.2", "card": "entry.3", "code": "entry.4"}


def _card(fields: dict, name: str = "ada") -> Card:
    return Card(name, fields.get("count", 1), fields, None, Loc("decks/d.yaml", 1, 1))


def _stamper(tmp_path, **spec) -> Stamper:
    (tmp_path / "g").mkdir(exist_ok=True)
    (tmp_path / "g" / "front.j2").write_text("{{ card.name }}")
    return Stamper(tmp_path, SimpleNamespace(spec=SimpleNamespace(**spec)))


DECK = SimpleNamespace(id="d", front="g/front.j2", data={})


def test_a_stamp_is_the_code_alone_without_a_version_and_stamps_are_on_unless_the_game_says_no(tmp_path):
    card = _card({"name": "Ada"})
    unversioned = _stamper(tmp_path)(DECK, card)  # a game that says nothing of stamps or its version
    assert unversioned.text == unversioned.code and len(unversioned.code) == 6
    assert _stamper(tmp_path, version="1.2")(DECK, card).text == f"v1.2 · {unversioned.code}"
    assert _stamper(tmp_path, version=3)(DECK, card).text == f"v3 · {unversioned.code}"
    assert _stamper(tmp_path, stamps=False, version="1")(DECK, card) is None


def test_a_stamp_sits_in_its_decks_corner_and_inset_else_lower_left_inside_the_safe_line(tmp_path):
    stamper, card = _stamper(tmp_path, version="1"), _card({"name": "Ada"})
    plain_stamp = stamper(DECK, card)
    assert (plain_stamp.corner, plain_stamp.link) == ("bottom-left", None)
    assert plain_stamp.inset == pytest.approx(SAFE_LINE_MM + 0.5)
    placed = stamper(SimpleNamespace(id="d", front="g/front.j2", data={"stamp_corner": "top-right", "stamp_inset": 4.6}), card)
    assert (placed.corner, placed.inset) == ("top-right", 4.6)


def _link_values(link: str) -> dict:
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == FORM.split("?")[0]
    return dict(parse_qsl(parts.query))


def test_a_qr_stamp_links_the_feedback_form_with_the_card_filled_in(tmp_path):
    feedback = SimpleNamespace(form=FORM, fields=FIELDS)
    stamper = _stamper(tmp_path, title="Organ Match", version="2", stamps=SimpleNamespace(qr=True), feedback=feedback)
    stamp = stamper(DECK, _card({"name": "Ada"}))
    assert _link_values(stamp.link) == {"lang": "en", "entry.1": "Organ Match", "entry.2": "2", "entry.3": "d/ada", "entry.4": stamp.code}
    untitled = _stamper(tmp_path, stamps=SimpleNamespace(qr=True), feedback=feedback)(DECK, _card({"name": "Ada"}))
    assert _link_values(untitled.link) == {"lang": "en", "entry.3": "d/ada", "entry.4": untitled.code}  # no title, no version: not asked
    for spec in ({"stamps": SimpleNamespace(qr=False), "feedback": feedback}, {"stamps": True, "feedback": feedback},
                 {"stamps": SimpleNamespace(qr=True)}, {"stamps": SimpleNamespace(qr=True), "feedback": SimpleNamespace(form="", fields=FIELDS)}):
        assert _stamper(tmp_path, version="2", **spec)(DECK, _card({"name": "Ada"})).link is None, spec


def test_a_missing_template_stamps_the_code_of_an_empty_source(tmp_path):
    stamper, card = _stamper(tmp_path), _card({"name": "Ada"})
    missing = SimpleNamespace(id="d", front="g/gone.j2", data={})
    assert stamper.code(missing, card) == card_name(card).code(b"")
    assert stamper.code(missing, card) != stamper.code(DECK, card)


def _json_key(fields: dict) -> str:
    """A card's key by its definition: the sha256 of its values but its count, as sorted compact unescaped JSON, and
    its count's JSON (nothing when it has none)."""
    values = {k: v for k, v in fields.items() if k != "count"}
    text = json.dumps(values, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return f"{hashlib.sha256(text.encode()).hexdigest()}/{json.dumps(fields['count']) if 'count' in fields else ''}"


@pytest.mark.parametrize("fields, exact", [
    ({"name": "Ada", "count": 2}, True),
    ({"name": "Ada"}, True),
    ({"name": "Ada", "count": "2"}, True),
    ({"name": "Ada", "count": None}, True),
    ({"name": "Ada", "on": {"deep": {"er": [1, 2.5, None, "x"]}}}, True),
    ({"name": "Ada", "tags": ("a", "b")}, True),
    ({"name": "Ada", "on": {2: 1}}, False),  # a key JSON would write as text
    ({"name": "Ada", 2: "x"}, False),
    ({"name": "Ada", "on": {"x": decimal.Decimal("1.5")}}, False),  # a value JSON does not write, deep in a mapping
    ({"name": "Ada", "on": [decimal.Decimal("1.5")]}, False),  # … in a list
    ({"name": "Ada", "on": {"x": [PurePosixPath("a")]}}, False),
], ids=lambda value: str(value))
def test_a_cards_name_is_its_fields_json_where_json_writes_them_as_they_are(fields, exact):
    """Where JSON writes a card's fields as they are, its name (the faces' and kept results' part of the card) is the
    digest of their JSON and its count; elsewhere none, and the card is named from its fields' JSON whole, as before."""
    card = _card(fields)
    named = card_name(card)
    assert named.key == (_json_key({k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}) if exact else None)
    assert card_name(card) is named  # carried on the card: made once
    assert named.values == plain({k: v for k, v in fields.items() if k != "count"})  # what `pnp changes` records: JSON's text keys


def test_plain_data_is_json_of_its_own_kinds_with_text_keys():
    assert plain({"a": decimal.Decimal("1.5"), 2: [PurePosixPath("x"), (1, None)], "b": True}) == {
        "a": "1.5", "2": ["x", [1, None]], "b": True}
    assert plain(None) is None and plain(2.5) == 2.5


def test_changed_fields_are_those_whose_values_differ_added_and_removed_ones_too():
    assert changed_fields({"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 5, "d": 4}) == ["b", "c", "d"]
    assert changed_fields({"a": [1]}, {"a": [1]}) == []
