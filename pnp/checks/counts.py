"""Checks beyond shape: component counts against the rules, declared constraints, and rendering.

A game states in game.yaml what the rules list (`components`) and what must
hold (`constraints`, each of a kind in pnp.checks.constraints); this module
counts what the data really contains and reports each difference in plain
words at the place a designer would fix it.
No game has Python of its own: the vocabulary here is the whole language.
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter
from contextlib import nullcontext

from jinja2.sandbox import SandboxedEnvironment

from pnp.checks.items import Collections, Item
from pnp.checks.values import MISSING, field_value, hashable, show_value
from pnp.core.errors import LEFT_OUT, Finding, Loc, did_you_mean, error, warning
from pnp.core.memo import Keeps, memo
from pnp.data.fields import ANY, Fields


def _named_at(raw, key: str, name: str) -> Loc:
    """Where a count or constraint writes field `name` under `key`: its item in a list (`fields:`), its key in a
    mapping (`by:`), the value itself (`field:`)."""
    value = raw.get(key)
    if isinstance(value, list) and name in value and hasattr(value, "loc_of"):
        return value.loc_of(value.index(name))
    if isinstance(value, dict) and hasattr(value, "key_loc") and value.has_key_loc(name):
        return value.key_loc(name)
    return raw.loc_of(key)


def _fingerprint(value) -> str:
    """A short text, equal for equal data: a key hashed once (the game's data, nested tuples, took longer to hash
    at every lookup than the expression took to evaluate)."""
    return hashlib.sha256(repr(hashable(value)).encode("utf-8", "surrogatepass")).hexdigest()


def _reason(exc: Exception) -> str:
    """Why an expression failed, in the data's words: a field an item lacks, rather than the class the sandbox names."""
    missing = re.search(r"has no attribute '([^']+)'", str(exc))
    if missing:
        return f"the items named have no field '{missing.group(1)}': give them the field, or test for it first (card.{missing.group(1)} is defined and …)"
    return str(exc)


MAX_ANSWERS = 100_000  # a watch session's edits each add a few; past this many they start again


class Checker:
    """Runs one game's component and constraint checks."""

    def __init__(self, game, keeps: Keeps | None = None, expressions: SandboxedEnvironment | None = None):
        """`keeps`: what a process that stays up (`pnp watch`) keeps between builds (pnp.core.memo.Keeps), whose
        `answers` remember what each constraint's expression said of each item's fields: after a save only the items
        whose fields changed are asked again, not every card of the game. An expression sees nothing but the item's
        fields and the game's data, through copies that record nothing.

        `expressions`: the sandbox expressions run in, the templates' own (pnp.layout.sandbox.Sandbox, passed in by
        the pipeline: this layer sits below it), whose caps bound what an expression makes and the time it takes as
        they bound a face's; a bare Jinja sandbox (no caps) only where no caller gives one."""
        self.game = game
        self.expressions = expressions if expressions is not None else SandboxedEnvironment()
        self._answers = keeps.answers if keeps is not None else None
        self.collections = Collections(game)
        self.findings: list[Finding] = []
        self.game_rel = f"{game.rel}/game.yaml"
        self._item_keys = memo("answer fingerprints", keeps)  # an item's fields → their fingerprint
        self._game_key = None

    def report(self, code, message, loc, component="", severity="error"):
        make = error if severity == "error" else warning
        self.findings.append(make(code, message, loc, game=self.game.slug, component=component))

    def unknown(self, path: str, where: Loc, known: str = "") -> None:
        """Say `path` names nothing in the game; or, when errors in its file left it out (a game loaded in part), say
        which file as a note: that file's errors are the mistake, counted once."""
        head, _, rest = path.partition(".")
        left_out = self.game.left_out(head)
        file = left_out.get(rest.split(".")[0]) or left_out.get(ANY)
        if file:
            self.findings.append(Finding("note", LEFT_OUT, f"'{path}' is left out: {file} has errors: fix them first", where, self.game.slug))
            return
        self.report("check-unknown-collection", f"'{path}' names nothing in this game{did_you_mean(path, self.collections.names())}{known}", where)

    def _items(self, spec_in, where: Loc) -> list[tuple[str, list[Item], Loc]] | None:
        paths = spec_in if isinstance(spec_in, list) else [spec_in]
        out = []
        for path in paths:
            found = self.collections.resolve(path)
            if found is None:
                self.unknown(path, where, f"; known: {', '.join(self.collections.names())}")
                return None
            out.append((path, *found))
        return out

    # Counts against the rules ------------------------------------------------
    def components(self) -> None:
        raw_list = self.game.data.get("components") or []
        for spec, raw in zip(self.game.spec.components, raw_list, strict=False):
            where = raw.loc
            chosen = self._chosen(spec, raw)
            if chosen is None:
                continue
            items, first_loc = chosen
            total = sum(i.count for i in items)
            problems = []
            if total != spec.count:
                problems.append(f"the data has {total}, the rules say {spec.count}")
            for field, expected in spec.by.items():
                if not self._field_held(field, items, _named_at(raw, "by", field), spec.in_):
                    continue
                actual = Counter()
                for i in items:
                    value = field_value(i.fields, field)
                    for v in value if isinstance(value, list) else [value]:
                        actual[hashable(v)] += i.count
                for value in sorted(set(expected) | set(actual), key=str):
                    if value is MISSING:
                        continue  # cards lacking the field: the rules' counts name values (text or numbers), never an absence
                    want, have = expected.get(value, 0), actual.get(value, 0)
                    if have != want:
                        problems.append(f"{field} {show_value(value)} has {have}, the rules say {want}")
            if problems:
                source = f" ({spec.source})" if spec.source else ""
                self.report(
                    "count-mismatch",
                    f"{spec.name}: " + "; ".join(problems) + f" — as stated at {self.game_rel}:{where.line}{source}: fix the data or the stated count",
                    first_loc,
                    component=spec.name,
                )

    # Constraints ----------------------------------------------------------------
    def constraints(self) -> None:
        raw_list = self.game.data.get("constraints") or []
        if not raw_list:
            return
        from pnp.checks.constraints import CONSTRAINTS  # a game with constraints alone imports their checks

        for spec, raw in zip(self.game.spec.constraints, raw_list, strict=False):
            chosen = self._chosen(spec, raw)
            if chosen is not None and self._fields_held(spec, raw, chosen[0]):
                CONSTRAINTS[spec.check](self, spec, chosen[0], raw)

    def _fields_held(self, spec, raw, items: list[Item]) -> bool:
        """Whether some judged piece has each field the constraint names (`field`, `fields`, `group_by`), and some piece
        of a reference's `target` its `target_field`; each name none has is one error at it (`_field_held`), and the
        constraint is not judged piece by piece."""
        named = [(key, getattr(spec, key)) for key in ("field", "group_by") if isinstance(getattr(spec, key), str)]
        named += [("fields", name) for name in spec.fields or []]
        held = [self._field_held(name, items, _named_at(raw, key, name), spec.in_) for key, name in named]
        targets = self.collections.resolve(spec.target) if isinstance(spec.target, str) and isinstance(spec.target_field, str) else None
        if targets is not None:
            held.append(self._field_held(spec.target_field, targets[0], _named_at(raw, "target_field", spec.target_field), spec.target))
        return all(held)

    def _field_held(self, field: str, items: list[Item], where: Loc, paths) -> bool:
        """Whether some of `items` has `field`: a name none of them has is misspelt (or names another collection's
        field), one error at the name offering the nearest field they have, where each piece would say it again."""
        if not items or any(field_value(i.fields, field) is not MISSING for i in items):
            return True
        names = sorted({str(key) for i in items for key in i.fields})
        said = paths if isinstance(paths, str) else ", ".join(paths)
        self.report("check-field-unknown", f"no piece of {said} has a field '{field}'{did_you_mean(field, names)}: fix the name, or give the pieces "
                    "the field", where)
        return False

    def _chosen(self, spec, raw) -> tuple[list[Item], Loc] | None:
        """The items a count or a constraint judges (its `in`, narrowed by its `where`) and where the first of them is
        written; None when either cannot be read (its own finding says what to fix)."""
        resolved = self._items(spec.in_, raw.loc_of("in"))
        if resolved is None:
            return None
        items = [i for _, group, _ in resolved for i in group]
        if spec.where:
            items = self._filter(items, spec.where, raw.loc_of("where"))
            if items is None:
                return None
        return items, resolved[0][2]

    def _filter(self, items, expression, where) -> list[Item] | None:
        """The items `expression` (a count's or a constraint's `where`) keeps; None where it cannot be read, or cannot be
        worked out on some item: its own finding says what to fix, and what it narrows is not judged on a part of its
        items (a count of none of them would be a second finding of the same mistake)."""
        test = self.compile_expression(expression, where)
        if test is None:
            return None
        answers = [(i, self.evaluate(expression, test, i, where)) for i in items]
        return None if any(answer is None for _, answer in answers) else [i for i, answer in answers if answer]

    def compile_expression(self, expression, where):
        try:
            return self.expressions.compile_expression(expression)  # once a check: a sandbox is one build's (its caps count that build's work)
        except Exception as exc:
            self.report("check-expression", f"cannot read expression '{expression}': {exc}", where)
            return None

    def evaluate(self, expression: str, test, item: Item, where) -> bool | None:
        """What `expression` says of `item`: True or False, or None where it cannot be worked out on it (reported here,
        so a caller judges nothing more of the item: the expression's mistake is its one finding)."""
        answers = self._answers
        key = self._answer_key(expression, item) if answers is not None else None
        known = answers.get(key) if key is not None else None
        if known is not None:
            return known
        try:
            wrapped = Fields(item.fields, "card")
            with self._capped():
                answer = bool(test(card=wrapped, item=wrapped, game=Fields(self.game.data, "game")))
        except Exception as exc:  # one mistake in the expression, however many items it fails on: one finding, on those items
            self.report("check-expression", f"cannot work out '{expression}': {_reason(exc)}", where, component=item.name)
            return None
        if key is not None:
            if len(answers) >= MAX_ANSWERS:
                answers.clear()
            answers[key] = answer
        return answer

    def _capped(self):
        """What bounds one expression's work: the sandbox's allowance for one face, where it has one."""
        face = getattr(self.expressions, "face", None)
        return face() if face is not None else nullcontext()

    def _answer_key(self, expression: str, item: Item) -> tuple | None:
        """What an expression's answer for `item` depends on, as a hashable value; None when some value has no such copy."""
        try:
            if self._game_key is None:
                self._game_key = _fingerprint(self.game.data)
            known = self._item_keys(item.fields, _fingerprint)
        except TypeError:  # a value that cannot be sorted: asked every time
            return None
        return expression, known, self._game_key

    def fail(self, spec, raw, message, loc, item_name=""):
        text = spec.message + ": " + message if spec.message else message
        self.report(f"constraint-{spec.check.replace('_', '-')}", text + f" (constraint at {self.game_rel}:{raw.loc.line})", loc, component=item_name)

