"""The constraint kinds: what the schema lets a designer write in `check:` is exactly what the checks can carry out."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from pnp.checks.constraints import CONSTRAINTS
from pnp.data.schema import CHECK_KEYS, Constraint

EXAMPLE_KEYS = {"field": "rank", "fields": ["suit", "rank"], "min": 1, "max": 3, "values": [1, 2], "from": 1, "to": 3, "count": 1,
                "group_by": "suit", "sets": [[1]], "test": "card.rank > 0", "target": "decks.x", "target_field": "id"}


def test_every_kind_the_schema_accepts_has_one_check_and_no_check_is_unreachable():
    assert list(CONSTRAINTS) == list(CHECK_KEYS)
    assert all(callable(check) for check in CONSTRAINTS.values())


@pytest.mark.parametrize("kind", list(CONSTRAINTS))
def test_the_schema_accepts_each_registered_kind_with_its_keys(kind):
    keys = {k.rstrip("_"): EXAMPLE_KEYS[k.rstrip("_")] for k in CHECK_KEYS[kind]}
    assert Constraint.model_validate({"check": kind, "in": "decks.x", **keys}).check == kind


def test_the_schema_refuses_a_kind_no_check_carries_out():
    assert "sorted" not in CONSTRAINTS
    with pytest.raises(ValidationError, match="unique"):
        Constraint.model_validate({"check": "sorted", "in": "decks.x", "field": "rank"})
