"""The constraint kinds a game's `constraints:` may ask for, one function each, listed by name in one table.

A constraint in game.yaml names its kind (`check: unique`); `CONSTRAINTS`
maps that name to the function that checks it. The names a designer may write,
and the keys each kind needs, are part of the data format and live with the
schema (pnp.data.schema.CHECK_KEYS, from which the schema's allowed `check:`
values are derived): the data layer sits below the checks and cannot import
them. tests/test_constraints.py holds the two tables to the same names, so a
kind is never accepted by the schema without a function here, nor the reverse.

Each function reports through the `Checking` it is given (the game's
pnp.checks.counts.Checker): findings at the field a designer would fix, each
naming the constraint's line in game.yaml.
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Protocol

from pnp.checks.items import Collections, Item
from pnp.checks.values import MISSING, field_loc, field_value, hashable, is_empty, quoted_value, ranges, show_value
from pnp.core.errors import Loc, did_you_mean
from pnp.core.plurals import count_text


class Checking(Protocol):
    """What a constraint function asks of the checker running it."""

    collections: Collections

    def fail(self, spec, raw, message: str, loc: Loc, item_name: str = "") -> None: ...

    def report(self, code: str, message: str, loc: Loc, component: str = "", severity: str = "error") -> None: ...

    def unknown(self, path: str, where: Loc, known: str = "") -> None: ...

    def compile_expression(self, expression: str, where: Loc): ...

    def evaluate(self, expression: str, test, item: Item, where: Loc) -> bool | None: ...


def check_unique(checker: Checking, spec, items: list[Item], raw) -> None:
    """No two items share a value. An empty value (a sheet's empty cell, `""`) is no value to share: two cards that
    leave the field empty are not duplicates of each other (docs/data-format.md, Constraints)."""
    seen: dict = {}
    for i in items:
        value = hashable(field_value(i.fields, spec.field))
        if value is MISSING:
            checker.fail(spec, raw, f"{i.name} has no '{spec.field}'", i.loc, i.name)
            continue
        if is_empty(value):
            continue
        if i.count > 1:  # said at the count to change (the entry where its count is not written)
            checker.fail(spec, raw, f"{spec.field} {show_value(value)} is on {i.count} copies of {i.name}: a unique value needs count 1",
                         field_loc(i, "count"), i.name)
        if value in seen:  # said at the second value, naming the first's line
            checker.fail(spec, raw, f"{spec.field} {show_value(value)} is used by {seen[value].name} ({field_loc(seen[value], spec.field).place()}) "
                         f"and {i.name}: each must differ", field_loc(i, spec.field), i.name)
        else:
            seen[value] = i


def check_range(checker: Checking, spec, items: list[Item], raw) -> None:
    for i in items:
        value = field_value(i.fields, spec.field)
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and not math.isnan(value) and spec.min <= value <= spec.max
        if not ok:
            checker.fail(spec, raw, f"{i.name}: {spec.field} is {_as_written(value)}, allowed {spec.min:g}–{spec.max:g}", field_loc(i, spec.field), i.name)


def _as_written(value) -> str:
    """A value a range refuses, as the designer would recognise it: a number as itself; what is no number said so, in
    YAML's words (text quoted, true and false, nothing), since `'3'` shown as 3 would read as within its bounds."""
    if isinstance(value, bool):
        return f"{'true' if value else 'false'}, not a number"
    if isinstance(value, str):
        return f"the text '{value}', not a number"
    if value is None or value is MISSING:
        return "not given"
    return show_value(value)


def check_allowed(checker: Checking, spec, items: list[Item], raw) -> None:
    allowed = {hashable(v) for v in spec.values}
    for i in items:
        value = field_value(i.fields, spec.field)
        for v in value if isinstance(value, list) else [value]:
            if hashable(v) not in allowed:
                hint = did_you_mean(v, [str(a) for a in spec.values])
                checker.fail(spec, raw, f"{i.name}: {spec.field} {quoted_value(v)} is not one of {', '.join(show_value(a) for a in spec.values)}{hint}", field_loc(i, spec.field), i.name)


def check_contiguous(checker: Checking, spec, items: list[Item], raw) -> None:
    counts = Counter()
    for i in items:
        value = field_value(i.fields, spec.field)
        if isinstance(value, int) and not isinstance(value, bool):
            counts[value] += i.count
        else:
            checker.fail(spec, raw, f"{i.name}: {spec.field} must be a whole number, got {show_value(value)}", field_loc(i, spec.field), i.name)
    expected = set(range(spec.from_, spec.to + 1))
    missing = sorted(expected - set(counts))
    extra = sorted(set(counts) - expected)
    repeated = sorted(v for v, n in counts.items() if n > 1)
    where = items[0].loc if items else raw.loc
    if missing:
        checker.fail(spec, raw, f"{spec.field} runs {spec.from_}–{spec.to} but {ranges(missing)} {'is' if len(missing) == 1 else 'are'} missing", where)
    if extra:
        checker.fail(spec, raw, f"{spec.field} {ranges(extra)} {'is' if len(extra) == 1 else 'are'} outside {spec.from_}–{spec.to}", where)
    if repeated:
        checker.fail(spec, raw, f"{spec.field} {ranges(repeated)} appear{'s' if len(repeated) == 1 else ''} more than once", where)


def check_each(checker: Checking, spec, items: list[Item], raw) -> None:
    import itertools

    counts = _combination_counts(spec.fields, items)
    axes = [_axis(spec.values, counts, n, f) for n, f in enumerate(spec.fields)]
    wanted = {tuple(hashable(v) for v in combo) for combo in itertools.product(*axes)}
    where = items[0].loc if items else raw.loc
    problems = _combination_problems(wanted, counts, spec.count)
    if problems:
        checker.fail(spec, raw, f"each {' × '.join(spec.fields)} must occur {count_text(spec.count, 'time')}: " + "; ".join(problems), where)


def _combination_counts(fields: list[str], items: list[Item]) -> Counter:
    """Copies of each combination of the fields' values; an item listing two values counts once for each, and items
    without these fields take no part in the combinations."""
    import itertools

    counts = Counter()
    for i in items:
        values = [field_value(i.fields, f) for f in fields]
        if any(v is MISSING or v is None for v in values):
            continue
        lists = [v if isinstance(v, list) else [v] for v in values]
        for combo in itertools.product(*lists):
            counts[tuple(hashable(v) for v in combo)] += i.count
    return counts


def _axis(values, counts: Counter, n: int, field: str) -> list:
    """The values field `n` must take: those the constraint lists for it, else every value the items show."""
    listed = values.get(field) if isinstance(values, dict) else None
    return listed or sorted({k[n] for k in counts}, key=str)


def _combination_problems(wanted: set, counts: Counter, count: int) -> list[str]:
    """What is wrong with each combination, in order: one not allowed, or one not found `count` times."""
    problems = []
    for combo in sorted(wanted | set(counts), key=str):
        have = counts.get(combo, 0)
        if combo not in wanted:
            problems.append(f"{' × '.join(show_value(c) for c in combo)} is not an allowed combination ({have})")
        elif have != count:
            problems.append(f"{' × '.join(show_value(c) for c in combo)} has {have}, needs {count}")
    return problems


def check_value_sets(checker: Checking, spec, items: list[Item], raw) -> None:
    groups, first = defaultdict(Counter), {}
    for i in items:
        key = hashable(field_value(i.fields, spec.group_by))
        first.setdefault(key, i)
        if i.count:
            groups[key][frozenset(hashable(field_value(i.fields, f)) for f in spec.fields)] += i.count
    wanted = Counter(frozenset(hashable(v) for v in s) for s in spec.sets)

    def show(sets: Counter) -> str:
        return ", ".join(sorted("{" + " & ".join(sorted(show_value(v) for v in s)) + "}" + (f" ×{n}" if n > 1 else "") for s, n in sets.items())) or "none"

    for key, item in sorted(first.items(), key=lambda kv: str(kv[0])):
        have = groups[key]
        if have != wanted:
            checker.fail(spec, raw, f"{spec.group_by} {show_value(key)} has {show(have)}; expected exactly {show(wanted)}", item.loc, item.name)


def check_expression(checker: Checking, spec, items: list[Item], raw) -> None:
    test = checker.compile_expression(spec.test, raw.loc_of("test"))
    if test is None:
        return
    for i in items:
        if checker.evaluate(spec.test, test, i, raw.loc_of("test")) is False:  # None: not worked out, and said so at the test
            checker.fail(spec, raw, f"{i.name} fails '{spec.test}'", i.loc, i.name)


def check_present(checker: Checking, spec, items: list[Item], raw) -> None:
    seen = set()
    for i in items:
        value = field_value(i.fields, spec.field)
        for v in value if isinstance(value, list) else [value]:
            seen.add(hashable(v))
    missing = [v for v in spec.values if hashable(v) not in seen]
    if missing:
        checker.fail(spec, raw, f"no item has {spec.field} {', '.join(show_value(v) for v in missing)}", items[0].loc if items else raw.loc)


def check_reference(checker: Checking, spec, items: list[Item], raw) -> None:
    target = checker.collections.resolve(spec.target)
    if target is None:
        checker.unknown(spec.target, raw.loc_of("target"))
        return
    target_items, _target_loc = target
    names = {}
    for t in target_items:
        names.setdefault(hashable(field_value(t.fields, spec.target_field)), t)
    uses = Counter()
    for i in items:
        value = field_value(i.fields, spec.field)
        if value is MISSING or value is None:
            continue
        for v in value if isinstance(value, list) else [value]:
            key = hashable(v)
            if key not in names:
                checker.fail(spec, raw, f"{i.name}: {spec.field} {quoted_value(v)} names no {spec.target} item{did_you_mean(v, [str(n) for n in names])}", field_loc(i, spec.field), i.name)
            else:
                uses[key] += 1
                _agrees(checker, spec, raw, i, names[key])
    for key, t in names.items():
        n = uses.get(key, 0)
        if spec.times is not None and n != spec.times:
            checker.fail(spec, raw, f"{t.name} is named {count_text(n, 'time')} by {spec.in_}.{spec.field}; it must be named exactly {spec.times}", t.loc, t.name)
        elif spec.at_least is not None and n < spec.at_least:
            checker.fail(spec, raw, f"{t.name} is named {count_text(n, 'time')} by {spec.in_}.{spec.field}; it must be named at least {spec.at_least}", t.loc, t.name)


def _agrees(checker: Checking, spec, raw, item: Item, named: Item) -> None:
    """`same: {here: there}`: the item and the one it names hold equal values (a board space's colour group and its card's)."""
    for here, there in (spec.same or {}).items():
        mine, theirs = field_value(item.fields, here), field_value(named.fields, there)
        if hashable(mine) != hashable(theirs):
            checker.fail(spec, raw, f"{item.name}: {here} is {show_value(mine)}, but {named.name}, which it names, has {there} {show_value(theirs)}", field_loc(item, here), item.name)


CONSTRAINTS: dict[str, Callable[..., None]] = {
    "unique": check_unique,
    "range": check_range,
    "allowed": check_allowed,
    "contiguous": check_contiguous,
    "each": check_each,
    "value_sets": check_value_sets,
    "expression": check_expression,
    "reference": check_reference,
    "present": check_present,
}
