"""Decks generated from lists of values: every combination, some copies of each, less the exclusions.

A deck YAML may say, instead of `cards:`,

    generate:
      values: {organ: [liver, heart, lungs], category: [lavender, mauve, green, blue]}
      copies: 2
      except: [{organ: heart, category: blue}]
      id: "{suit}-{rank}"

and this module writes out the cards a designer would have typed: one per combination, the first list varying
slowest (as the lists read), each with `count: copies` and an id made from its values. Every generated value keeps
the place it was written in the lists, so a finding about a card points at the value that made it.
"""
from __future__ import annotations

import itertools
import re
import string
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from pnp.core.errors import Finding, error
from pnp.data.located import LocDict, LocList

MAX_GENERATED = 20_000  # the schema's MAX_CARDS_PER_DECK: a product of long lists grows fast


class GenerateSpec(BaseModel):
    """The `generate:` block of a deck."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True, defer_build=True)
    values: dict[str, list[str | int | float | bool]] = Field(min_length=1)
    copies: int = Field(default=1, ge=1, le=1000)
    except_: list[dict[str, str | int | float | bool]] = Field(default=[], alias="except")
    id: str = Field(min_length=1)


def generated_cards(block: LocDict, spec: GenerateSpec, game: str) -> tuple[LocList | None, list[Finding]]:
    """The cards `spec` generates, as a deck's `cards:` list would have been read; (None, findings) when it cannot."""
    findings = _check(block, spec, game)
    if findings:
        return None, findings
    names = list(spec.values)
    total = 1
    for name in names:
        total *= len(spec.values[name])
    if total > MAX_GENERATED:
        return None, [error("generate-too-many", f"generate: {total} combinations; a deck holds at most {MAX_GENERATED}: shorten a list", block.key_loc("values"), game=game)]
    cards = LocList(block.loc, block.path)
    first_id: dict[str, Any] = {}
    for combo in itertools.product(*(range(len(spec.values[n])) for n in names)):
        values = {n: spec.values[n][i] for n, i in zip(names, combo, strict=True)}
        if any(all(k in values and _same(values[k], v) for k, v in rule.items()) for rule in spec.except_):
            continue
        card = _card(block, names, combo, values, spec)
        if card["id"] in first_id:
            findings.append(error("generate-duplicate-id", f"generate: id '{spec.id}' makes '{card['id']}' twice ({_say(first_id[card['id']])} and {_say(values)}): put every list's field in it",
                                  block.loc_of("id"), game=game))
            return None, findings
        first_id[card["id"]] = values
        cards.append(card)
        cards.locs.append(card.loc)
    if not cards:
        return None, [error("generate-empty", "generate: `except` removes every combination: the deck has no cards", block.key_loc("except"), game=game)]
    return cards, []


def _card(block: LocDict, names: list[str], combo: tuple, values: dict, spec: GenerateSpec) -> LocDict:
    """One generated card: its id at the `id:` pattern, its count at `copies:`, each value where its list holds it."""
    lists = block["values"]
    card = LocDict(block.loc, block.path)
    card["id"] = _made_id(spec.id, values)
    card.set_loc("id", block.loc_of("id"))
    card["count"] = spec.copies
    card.set_loc("count", block.loc_of("copies"))
    for name, index in zip(names, combo, strict=True):
        card[name] = values[name]
        items = lists[name]
        card.places[name] = (items.loc_of(index) if isinstance(items, LocList) else lists.loc_of(name),
                             lists.key_loc(name) if isinstance(lists, LocDict) else block.loc)
    return card


def _made_id(pattern: str, values: dict) -> str:
    text = pattern.format(**{k: _text(v) for k, v in values.items()})
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _say(values: dict) -> str:
    return ", ".join(f"{k}: {v}" for k, v in values.items())


def _check(block: LocDict, spec: GenerateSpec, game: str) -> list[Finding]:
    """Located mistakes the shape check cannot see: empty lists, repeated values, an id naming no list, exclusions
    naming a field or a value the lists do not have (which would exclude nothing, silently)."""
    findings = _list_findings(block["values"], spec, game)
    try:
        fields = {f for _, f, _, _ in string.Formatter().parse(spec.id) if f is not None}
    except ValueError as exc:
        return [*findings, error("generate-id", f"generate.id: {exc}: write field names in braces, like \"{{suit}}-{{rank}}\"", block.loc_of("id"), game=game)]
    for name in sorted(fields - set(spec.values)):
        findings.append(error("generate-id", f"generate.id: '{{{name}}}' names no list of values; lists: {', '.join(spec.values)}", block.loc_of("id"), game=game))
    if not fields and spec.id:
        findings.append(error("generate-id", "generate.id: name the lists' fields in braces, like \"{suit}-{rank}\", so each card gets its own id", block.loc_of("id"), game=game))
    return findings + _except_findings(block, spec, game)


def _list_findings(lists: LocDict, spec: GenerateSpec, game: str) -> list[Finding]:
    """The lists of values: none named as generate's own fields, none empty, no value twice."""
    findings = []
    for name, items in spec.values.items():
        if name in ("id", "count"):
            findings.append(error("generate-field", f"generate.values: '{name}' is made by generate itself (`id:` and `copies:`): rename the list", lists.key_loc(name), game=game))
        if not items:
            findings.append(error("generate-empty-list", f"generate.values.{name}: an empty list makes no cards: give it values", lists.loc_of(name), game=game))
        seen = set()
        for i, item in enumerate(items):
            if (type(item), item) in seen:
                findings.append(error("generate-repeated", f"generate.values.{name}: '{item}' is listed twice: use `copies:` for more of each card", lists[name].loc_of(i), game=game))
            seen.add((type(item), item))
    return findings


def _same(a, b) -> bool:
    """Whether a value of an exclusion is a value of its list: equal, and a true or false only ever a true or false
    (Python holds True == 1, so `except: [{rank: true}]` would drop rank 1 unsaid)."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def _except_findings(block: LocDict, spec: GenerateSpec, game: str) -> list[Finding]:
    """Each exclusion's keys name lists, and its values are in them: one that does not would exclude nothing, silently."""
    findings = []
    rules = block.get("except") or []
    for i, rule in enumerate(spec.except_):
        where = rules[i] if isinstance(rules, list) and i < len(rules) else block
        for key, value in rule.items():
            if key not in spec.values:
                findings.append(error("generate-except", f"generate.except[{i}]: '{key}' names no list of values; lists: {', '.join(spec.values)}", where.key_loc(key) if isinstance(where, LocDict) else block.loc, game=game))
            elif not any(_same(value, item) for item in spec.values[key]):
                findings.append(error("generate-except", f"generate.except[{i}].{key}: '{_text(value)}' is not in its list ({', '.join(map(_text, spec.values[key]))}), so it excludes nothing: fix the value",
                                      where.loc_of(key) if isinstance(where, LocDict) else block.loc, game=game))
    return findings
