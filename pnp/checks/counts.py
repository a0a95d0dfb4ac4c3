"""Checks beyond shape: component counts against the rules, declared constraints, and rendering.

A game states in game.yaml what the rules list (`components`) and what must
hold (`constraints`); this module counts what the data really contains and
reports each difference in plain words at the place a designer would fix it.
No game has Python of its own: the vocabulary here is the whole language.
"""
from __future__ import annotations

import hashlib
import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache

from jinja2.sandbox import SandboxedEnvironment

from pnp.core.errors import Finding, Loc, did_you_mean, error, warning
from pnp.core.memo import memo
from pnp.data.fields import Fields
from pnp.data.source import LocDict, LocList
from pnp.data.tokens import token_variants


@dataclass
class Item:
    """One entry of a collection: its fields, how many physical copies, where it was written, its name."""

    fields: dict
    count: int
    loc: Loc
    name: str


class Collections:
    """Resolves `in:` paths such as decks.patients, tokens.agents or boards.body.spaces to items."""

    def __init__(self, game):
        self.game = game

    def names(self) -> list[str]:
        g = self.game
        names = [f"decks.{d}" for d in g.decks]
        if g.tokens_data:
            names += [f"tokens.{t['id']}" for t in g.tokens_data["tokens"]]
        if g.boards_data:
            for b in g.boards_data["boards"]:
                names.append(f"boards.{b['id']}")
                names += [f"boards.{b['id']}.{k}" for k, v in b.items() if isinstance(v, list)]
        if g.reference_data:
            names += [f"reference.{k}" for k, v in g.reference_data.items() if isinstance(v, list)]
        return names

    def resolve(self, path: str) -> tuple[list[Item], Loc] | None:
        g = self.game
        parts = path.split(".")
        head = parts[0]
        if head == "decks" and len(parts) == 2 and parts[1] in g.decks:
            deck = g.decks[parts[1]]
            items = [Item(c.fields, c.count, c.loc, f"{deck.id}/{c.id}") for c in deck.cards]
            return items, deck.data.key_loc("cards")
        if head == "tokens" and len(parts) == 2 and g.tokens_data:
            for t in g.tokens_data["tokens"]:
                if t.get("id") == parts[1]:
                    return _token_items(t), t.loc
        if head == "boards" and g.boards_data:
            boards = g.boards_data["boards"]
            if len(parts) == 1:
                return [Item(b, 1, b.loc, b.get("id", "?")) for b in boards], boards.loc
            for b in boards:
                if b.get("id") == parts[1]:
                    if len(parts) == 2:
                        return [Item(b, 1, b.loc, b["id"])], b.loc
                    if len(parts) == 3 and isinstance(b.get(parts[2]), list):
                        return _list_items(b[parts[2]], f"{b['id']}.{parts[2]}"), b.loc_of(parts[2])
        if head == "reference" and len(parts) == 2 and g.reference_data and isinstance(g.reference_data.get(parts[1]), list):
            return _list_items(g.reference_data[parts[1]], f"reference.{parts[1]}"), g.reference_data.loc_of(parts[1])
        return None


def _list_items(values: list, prefix: str) -> list[Item]:
    out = []
    for i, v in enumerate(values):
        fields = v if isinstance(v, dict) else {"value": v}
        count = fields.get("count", 1) if isinstance(fields.get("count", 1), int) else 1
        loc = values.loc_of(i) if isinstance(values, LocList) else Loc("")
        out.append(Item(fields, count, loc, f"{prefix}[{fields.get('id', i)}]"))
    return out


def _token_items(t: LocDict) -> list[Item]:
    """A token set's pieces: one item per (item × colour), copies = its count."""
    return [Item(v.fields, v.count, v.source.loc, v.name) for v in token_variants(t)]


def field_value(fields: dict, path: str):
    """The value of a dotted field path, or a sentinel when absent."""
    node = fields
    for step in path.split("."):
        if isinstance(node, dict) and step in node:
            node = node[step]
        else:
            return _MISSING
    return node


class _Missing:
    def __repr__(self):
        return "(missing)"


_MISSING = _Missing()


def _hashable(value):
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value


def _fingerprint(value) -> str:
    """A short text, equal for equal data: a key hashed once (the game's data, nested tuples, took longer to hash
    at every lookup than the expression took to evaluate)."""
    return hashlib.sha256(repr(_hashable(value)).encode("utf-8", "surrogatepass")).hexdigest()


def _show(value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return repr(value)


_EXPRESSIONS = SandboxedEnvironment()


@lru_cache(maxsize=1024)
def _compiled(expression: str):
    """A constraint's expression compiled once per process: `pnp watch` checks a game again after every save, and
    compiling is most of the cost of a check that only reads a few cards."""
    return _EXPRESSIONS.compile_expression(expression)


_ANSWERS: dict | None = None  # (expression, item's fields, game's data) → truth, kept by a process that stays up (keep_answers)
MAX_ANSWERS = 100_000  # a watch session's edits each add a few; past this many they start again


def keep_answers() -> None:
    """Remember what each constraint's expression said of each item's fields, for the checks of later builds in this
    process (`pnp watch`): after a save only the items whose fields changed are asked again, not every card of the
    game (580 evaluations, most of a rebuild's checks, in Organ Match). An expression sees nothing but the item's
    fields and the game's data, through copies that record nothing."""
    global _ANSWERS
    if _ANSWERS is None:
        _ANSWERS = {}


class Checker:
    """Runs one game's component and constraint checks."""

    def __init__(self, game):
        self.game = game
        self.collections = Collections(game)
        self.findings: list[Finding] = []
        self.game_rel = f"{game.rel}/game.yaml"
        self._item_keys = memo("answer fingerprints")  # an item's fields → their fingerprint
        self._game_key = None

    def _err(self, code, message, loc, component="", severity="error"):
        make = error if severity == "error" else warning
        self.findings.append(make(code, message, loc, game=self.game.slug, component=component))

    def _items(self, spec_in, where: Loc) -> list[tuple[str, list[Item], Loc]] | None:
        paths = spec_in if isinstance(spec_in, list) else [spec_in]
        out = []
        for path in paths:
            found = self.collections.resolve(path)
            if found is None:
                self._err("check-unknown-collection", f"'{path}' names nothing in this game{did_you_mean(path, self.collections.names())}; known: {', '.join(self.collections.names())}", where)
                return None
            out.append((path, *found))
        return out

    # Counts against the rules ------------------------------------------------
    def components(self) -> None:
        raw_list = self.game.data.get("components") or []
        for spec, raw in zip(self.game.spec.components, raw_list, strict=False):
            where = raw.loc
            resolved = self._items(spec.in_, raw.loc_of("in"))
            if resolved is None:
                continue
            items = [i for _, group, _ in resolved for i in group]
            first_loc = resolved[0][2]
            total = sum(i.count for i in items)
            problems = []
            if total != spec.count:
                problems.append(f"the data has {total}, the rules say {spec.count}")
            for field, expected in spec.by.items():
                actual = Counter()
                for i in items:
                    value = field_value(i.fields, field)
                    for v in value if isinstance(value, list) else [value]:
                        actual[_hashable(v)] += i.count
                for value in sorted(set(expected) | set(actual), key=str):
                    want = expected.get(value, 0)
                    have = actual.get(value, 0)
                    if have != want and not (value is _MISSING and want == 0):
                        label = "no value" if value is _MISSING else _show(value)
                        problems.append(f"{field} {label} has {have}, the rules say {want}")
            if problems:
                source = f" ({spec.source})" if spec.source else ""
                self._err(
                    "count-mismatch",
                    f"{spec.name}: " + "; ".join(problems) + f" — as stated at {self.game_rel}:{where.line}{source}: fix the data or the stated count",
                    first_loc,
                    component=spec.name,
                )

    # Constraints ----------------------------------------------------------------
    def constraints(self) -> None:
        raw_list = self.game.data.get("constraints") or []
        for spec, raw in zip(self.game.spec.constraints, raw_list, strict=False):
            resolved = self._items(spec.in_, raw.loc_of("in"))
            if resolved is None:
                continue
            items = [i for _, group, _ in resolved for i in group]
            if spec.where:
                items = self._filter(items, spec.where, raw.loc_of("where"))
            getattr(self, f"_check_{spec.check}")(spec, items, raw)

    def _filter(self, items, expression, where):
        test = self._compile(expression, where)
        return [i for i in items if test and self._eval(expression, test, i, where)]

    def _compile(self, expression, where):
        try:
            return _compiled(expression)
        except Exception as exc:
            self._err("check-expression", f"cannot read expression '{expression}': {exc}", where)
            return None

    def _eval(self, expression: str, test, item: Item, where) -> bool:
        key = self._answer_key(expression, item) if _ANSWERS is not None else None
        known = _ANSWERS.get(key) if key is not None else None
        if known is not None:
            return known
        try:
            wrapped = Fields(item.fields, "card")
            answer = bool(test(card=wrapped, item=wrapped, game=Fields(self.game.data, "game")))
        except Exception as exc:
            self._err("check-expression", f"expression failed on {item.name}: {exc}", where)
            return False
        if key is not None:
            if len(_ANSWERS) >= MAX_ANSWERS:
                _ANSWERS.clear()
            _ANSWERS[key] = answer
        return answer

    def _answer_key(self, expression: str, item: Item) -> tuple | None:
        """What an expression's answer for `item` depends on, as a hashable value; None when some value has no such copy."""
        try:
            if self._game_key is None:
                self._game_key = _fingerprint(self.game.data)
            known = self._item_keys(item.fields, _fingerprint)
        except TypeError:  # a value that cannot be sorted: asked every time
            return None
        return expression, known, self._game_key

    def _fail(self, spec, raw, message, loc, item_name=""):
        text = spec.message + ": " + message if spec.message else message
        self._err(f"constraint-{spec.check.replace('_', '-')}", text + f" (constraint at {self.game_rel}:{raw.loc.line})", loc, component=item_name)

    def _check_unique(self, spec, items, raw):
        seen: dict = {}
        for i in items:
            value = _hashable(field_value(i.fields, spec.field))
            if value is _MISSING:
                self._fail(spec, raw, f"{i.name} has no '{spec.field}'", i.loc, i.name)
                continue
            if i.count > 1:
                self._fail(spec, raw, f"{spec.field} {_show(value)} is on {i.count} copies of {i.name}: a unique value needs count 1", i.loc, i.name)
            if value in seen:
                self._fail(spec, raw, f"{spec.field} {_show(value)} is used by {seen[value].name} (line {seen[value].loc.line}) and {i.name}: each must differ", i.loc, i.name)
            else:
                seen[value] = i

    def _check_range(self, spec, items, raw):
        for i in items:
            value = field_value(i.fields, spec.field)
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and not math.isnan(value) and spec.min <= value <= spec.max
            if not ok:
                self._fail(spec, raw, f"{i.name}: {spec.field} is {_show(value)}, allowed {spec.min:g}–{spec.max:g}", _field_loc(i, spec.field), i.name)

    def _check_allowed(self, spec, items, raw):
        allowed = {_hashable(v) for v in spec.values}
        for i in items:
            value = field_value(i.fields, spec.field)
            for v in value if isinstance(value, list) else [value]:
                if _hashable(v) not in allowed:
                    hint = did_you_mean(v, [str(a) for a in spec.values])
                    self._fail(spec, raw, f"{i.name}: {spec.field} '{_show(v)}' is not one of {', '.join(_show(a) for a in spec.values)}{hint}", _field_loc(i, spec.field), i.name)

    def _check_contiguous(self, spec, items, raw):
        counts = Counter()
        for i in items:
            value = field_value(i.fields, spec.field)
            if isinstance(value, int) and not isinstance(value, bool):
                counts[value] += i.count
            else:
                self._fail(spec, raw, f"{i.name}: {spec.field} must be a whole number, got {_show(value)}", _field_loc(i, spec.field), i.name)
        expected = set(range(spec.from_, spec.to + 1))
        missing = sorted(expected - set(counts))
        extra = sorted(set(counts) - expected)
        repeated = sorted(v for v, n in counts.items() if n > 1)
        where = items[0].loc if items else raw.loc
        if missing:
            self._fail(spec, raw, f"{spec.field} runs {spec.from_}–{spec.to} but {_ranges(missing)} {'is' if len(missing) == 1 else 'are'} missing", where)
        if extra:
            self._fail(spec, raw, f"{spec.field} {_ranges(extra)} {'is' if len(extra) == 1 else 'are'} outside {spec.from_}–{spec.to}", where)
        if repeated:
            self._fail(spec, raw, f"{spec.field} {_ranges(repeated)} appear{'s' if len(repeated) == 1 else ''} more than once", where)

    def _check_each(self, spec, items, raw):
        import itertools

        counts = Counter()
        for i in items:
            values = [field_value(i.fields, f) for f in spec.fields]
            if any(v is _MISSING or v is None for v in values):
                continue  # items without these fields take no part in the combinations
            lists = [v if isinstance(v, list) else [v] for v in values]
            for combo in itertools.product(*lists):  # a patient needing two organs counts for each
                counts[tuple(_hashable(v) for v in combo)] += i.count
        if isinstance(spec.values, dict):
            axes = [spec.values.get(f) or sorted({k[n] for k in counts}, key=str) for n, f in enumerate(spec.fields)]
        else:
            axes = [sorted({k[n] for k in counts}, key=str) for n in range(len(spec.fields))]

        wanted = {tuple(_hashable(v) for v in combo) for combo in itertools.product(*axes)}
        where = items[0].loc if items else raw.loc
        problems = []
        for combo in sorted(wanted | set(counts), key=str):
            have = counts.get(combo, 0)
            if combo not in wanted:
                problems.append(f"{' × '.join(_show(c) for c in combo)} is not an allowed combination ({have})")
            elif have != spec.count:
                problems.append(f"{' × '.join(_show(c) for c in combo)} has {have}, needs {spec.count}")
        if problems:
            self._fail(spec, raw, f"each {' × '.join(spec.fields)} must occur {spec.count} times: " + "; ".join(problems), where)

    def _check_value_sets(self, spec, items, raw):
        groups, first = defaultdict(Counter), {}
        for i in items:
            key = _hashable(field_value(i.fields, spec.group_by))
            first.setdefault(key, i)
            if i.count:
                groups[key][frozenset(_hashable(field_value(i.fields, f)) for f in spec.fields)] += i.count
        wanted = Counter(frozenset(_hashable(v) for v in s) for s in spec.sets)

        def show(sets: Counter) -> str:
            return ", ".join(sorted("{" + " & ".join(sorted(_show(v) for v in s)) + "}" + (f" ×{n}" if n > 1 else "") for s, n in sets.items())) or "none"

        for key, item in sorted(first.items(), key=lambda kv: str(kv[0])):
            have = groups[key]
            if have != wanted:
                self._fail(spec, raw, f"{spec.group_by} {_show(key)} has {show(have)}; expected exactly {show(wanted)}", item.loc, item.name)

    def _check_expression(self, spec, items, raw):
        test = self._compile(spec.test, raw.loc_of("test"))
        if test is None:
            return
        for i in items:
            if not self._eval(spec.test, test, i, raw.loc_of("test")):
                self._fail(spec, raw, f"{i.name} fails '{spec.test}'", i.loc, i.name)

    def _check_present(self, spec, items, raw):
        seen = set()
        for i in items:
            value = field_value(i.fields, spec.field)
            for v in value if isinstance(value, list) else [value]:
                seen.add(_hashable(v))
        missing = [v for v in spec.values if _hashable(v) not in seen]
        if missing:
            self._fail(spec, raw, f"no item has {spec.field} {', '.join(_show(v) for v in missing)}", items[0].loc if items else raw.loc)

    def _check_reference(self, spec, items, raw):
        target = self.collections.resolve(spec.target)
        if target is None:
            self._err("check-unknown-collection", f"'{spec.target}' names nothing in this game{did_you_mean(spec.target, self.collections.names())}", raw.loc_of("target"))
            return
        target_items, _target_loc = target
        names = {}
        for t in target_items:
            names.setdefault(_hashable(field_value(t.fields, spec.target_field)), t)
        uses = Counter()
        for i in items:
            value = field_value(i.fields, spec.field)
            if value is _MISSING or value is None:
                continue
            for v in value if isinstance(value, list) else [value]:
                key = _hashable(v)
                if key not in names:
                    self._fail(spec, raw, f"{i.name}: {spec.field} '{_show(v)}' names no {spec.target} item{did_you_mean(v, [str(n) for n in names])}", _field_loc(i, spec.field), i.name)
                else:
                    uses[key] += 1
                    self._agrees(spec, raw, i, names[key])
        for key, t in names.items():
            n = uses.get(key, 0)
            if spec.times is not None and n != spec.times:
                self._fail(spec, raw, f"{t.name} is named {n} time{'s' * (n != 1)} by {spec.in_}.{spec.field}; it must be named exactly {spec.times}", t.loc, t.name)
            elif spec.at_least is not None and n < spec.at_least:
                self._fail(spec, raw, f"{t.name} is named {n} time{'s' * (n != 1)} by {spec.in_}.{spec.field}; it must be named at least {spec.at_least}", t.loc, t.name)


    def _agrees(self, spec, raw, item: Item, named: Item) -> None:
        """`same: {here: there}`: the item and the one it names hold equal values (a board space's colour group and its card's)."""
        for here, there in (spec.same or {}).items():
            mine, theirs = field_value(item.fields, here), field_value(named.fields, there)
            if _hashable(mine) != _hashable(theirs):
                self._fail(spec, raw, f"{item.name}: {here} is {_show(mine)}, but {named.name}, which it names, has {there} {_show(theirs)}", _field_loc(item, here), item.name)


def _field_loc(item: Item, path: str) -> Loc:
    node, loc = item.fields, item.loc
    for step in path.split("."):
        if isinstance(node, LocDict) and step in node:
            loc, node = node.loc_of(step), node[step]
        else:
            break
    return loc


def _ranges(values: list[int]) -> str:
    """[1, 2, 3, 7] → '1–3, 7'."""
    out, start, prev = [], None, None
    for v in [*values, None]:
        if start is None:
            start = prev = v
        elif v is not None and isinstance(v, int) and v == prev + 1:
            prev = v
        else:
            out.append(f"{start}" if start == prev else f"{start}–{prev}")
            start = prev = v
    return ", ".join(out)
