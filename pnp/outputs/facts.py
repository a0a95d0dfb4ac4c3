"""Facts from a game's data, for the Jinja in rulebook.md and reference.yaml.

`decks.<deck>.total`, `decks.<deck>.by.<field>.<value>`, `tokens.<set>.total`
and `components()` are counted from the data at build time, so the rules
stay true when a designer changes a count. Text is rendered in the same
sandbox as the layouts, with the same limits.
"""
from __future__ import annotations

import re
import traceback
from collections import Counter

import jinja2

from pnp.checks.items import Collections
from pnp.checks.values import field_value
from pnp.core.errors import LayoutError, Loc, PnpError, did_you_mean, error, warning
from pnp.data.fields import ANY, Fields
from pnp.data.tokens import token_sets
from pnp.data.words import count_of, words_of
from pnp.layout.growth import number_words
from pnp.outputs.context import GameContext, card_fields
from pnp.render.text_setting import escape

MAX_RENDERED = 1_000_000  # characters a rulebook may grow to after Jinja
# Field names that sort cards into kinds in card games generally, tried in this order when the rules do not say;
# a game whose cards sort by a word of its own names it in game.yaml (`components: [{in: decks.<id>, by: {<field>: ...}}]`).
TYPE_FIELDS = ("type", "kind", "category", "suit", "family", "class", "group", "side", "colour", "color", "faction")
NOT_TYPES = frozenset({"id", "name", "title", "text", "count", "back", "front", "art", "image", "flavour", "flavor", "rules", "description"})
MAX_BREAKDOWN = 8  # values in a guessed "by type" breakdown; more reads as a list, not a breakdown
MAX_DECLARED_BREAKDOWN = 16  # a breakdown the rules themselves give (components `by:`) may list more kinds


class Counts:
    """Copies per value of one field (`decks.<deck>.by.<field>`); a value no card has counts 0, with a warning."""

    def __init__(self, counts: dict, what: str, facts: Facts):
        self._counts = counts
        self._what = what
        self._facts = facts

    def _get(self, key):
        key = _key(key)
        if key in self._counts:
            return self._counts[key]
        self._facts.note(f"no item of {self._what} has the value '{key}'{did_you_mean(key, self._counts)}: it prints as 0")
        return 0

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self._get(name)

    def __getitem__(self, key):
        return self._get(key)

    def __contains__(self, key):
        return _key(key) in self._counts

    def __iter__(self):
        return iter(self._counts)

    def __len__(self):
        return len(self._counts)

    def items(self):
        return list(self._counts.items())

    def keys(self):
        return list(self._counts)

    def values(self):
        return list(self._counts.values())

    def __str__(self):
        return ", ".join(f"{n} {v}" for v, n in self._counts.items())


def _key(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def _by(items, what: str, facts: Facts, source: tuple | None = None) -> Fields:
    """Copies per value of every scalar (or list-of-scalars) field of `items`, as `.by.<field>.<value>`; `source` records which fields are read."""
    table: dict[str, Counter] = {}
    for item in items:
        for name, value in item.fields.items():
            if isinstance(value, dict):
                continue
            values = value if isinstance(value, list) else [value]
            counter = table.setdefault(name, Counter())
            for v in values:
                if v is None or isinstance(v, (dict, list)):
                    continue
                counter[_key(v)] += item.count
    return Fields({name: Counts(dict(counter), f"{what}.by.{name}", facts) for name, counter in table.items()}, f"{what}.by", source)


class Facts:
    """The names rulebook and reference texts may use, and the warnings their use raised."""

    def __init__(self, gctx: GameContext):
        self.gctx = gctx
        game = gctx.game
        self.game = game
        self.collections = Collections(game)
        self.reads = gctx.card_reads  # which card fields the texts read (pnp.data.fields.CardReads), when the build asks
        self.warnings: list = []
        self.where = Loc(game.rel)

    def _read(self, deck: str, field: str) -> None:
        """Record that the components list read `field` of every card of `deck`."""
        if self.reads is not None:
            self.reads.add(deck, ANY, field)

    def note(self, message: str) -> None:
        found = warning("fact-missing", message, self.where, game=self.game.slug)
        if found not in self.warnings:
            self.warnings.append(found)

    def context(self) -> dict:
        g = self.game
        decks = {}
        for deck in g.decks.values():
            items, _ = self.collections.resolve(f"decks.{deck.id}")
            decks[deck.id] = {
                "id": deck.id, "name": deck.name, "total": deck.total, "size": list(deck.size),
                "cards": card_fields(deck, self.reads, with_id=True),
                "by": _by(items, f"decks.{deck.id}", self, (self.reads, deck.id, ANY) if self.reads is not None else None),
            }
        tokens = {}
        for t in g.tokens_data["tokens"] if g.tokens_data else []:
            items, _ = self.collections.resolve(f"tokens.{t['id']}")
            tokens[t["id"]] = {**t, "total": sum(i.count for i in items), "by": _by(items, f"tokens.{t['id']}", self)}
        boards = {b["id"]: dict(b) for b in g.boards_data["boards"]} if g.boards_data else {}
        return {
            "game": Fields(g.data, "game"),
            "palette": Fields(dict(g.spec.palette), "palette"),
            "decks": Fields(decks, "decks", left_out=g.left_out("decks")),
            "tokens": Fields(tokens, "tokens", left_out=g.left_out("tokens")),
            "boards": Fields(boards, "boards", left_out=g.left_out("boards")),
            "components": self.components,
        }

    # The components list ---------------------------------------------------------------
    def component_rows(self) -> list[tuple[str, str, str]]:
        """(name, count, details) for every deck, board, token set and die, from the data."""
        g = self.game
        words = words_of(g)
        rows = []
        for deck in g.decks.values():
            w, h = deck.size
            size = _size_name(deck.size)
            details = f"{size} {words['size']}, {w:g} × {h:g} mm" if size else f"{w:g} × {h:g} mm"  # the count column already says "cards"
            field = self._type_field(deck)
            if field:
                self._read(deck.id, field)
                items, _ = self.collections.resolve(f"decks.{deck.id}")
                details += f"; {words['by']} {_human(field)}: {_breakdown(items, field, names=g.spec.strings)}"
            rows.append((deck.name, count_of(words, deck.total, "card"), details))
        for b in (g.boards.boards if g.boards else []):
            w, h = b.size
            rows.append((b.name, count_of(words, 1, "board"), f"{w:g} × {h:g} mm"))
        for t, _ in token_sets(g):
            items, _ = self.collections.resolve(f"tokens.{t.id}")
            total = sum(i.count for i in items)
            w, h = t.size
            shape = f"{t.shape}, {w:g} mm" if w == h else f"{t.shape}, {w:g} × {h:g} mm"
            details = ("fold-over standees, " if t.standee else "") + shape
            if t.colors and len(t.colors) > 1:
                details += f"; {_breakdown(items, 'color', names=g.spec.strings)}"
            elif t.items and len(t.items) > 1:
                label = next((k for k in ("name", "value", "label") if _usable(items, k)), "id")
                details += f"; {_breakdown(items, label, numeric_x=True, names=g.spec.strings)}"
            rows.append((t.name, count_of(words, total, "standee" if t.standee else "token"), details))
        for die in (g.dice.dice if g.dice else []):
            rows.append((die.name or die.id, count_of(words, die.count, "die"), f"{die.shape}, {die.size:g} mm"))
        return rows

    def components(self) -> str:
        """The components section as a Markdown table (for `{{ components() }}`)."""
        rows = self.component_rows()
        if not rows:
            return "*This game has no printed components yet.*"
        words = words_of(self.game)
        lines = ["", f"| {words['component']} | {words['count']} | {words['details']} |", "| --- | ---: | --- |"]
        lines += [f"| **{md_escape(n)}** | {md_escape(c)} | {md_escape(d)} |" for n, c, d in rows]
        return "\n".join(lines) + "\n"

    def component_table(self) -> tuple[list[str], list[list[str]]] | None:
        """The components list as a reference section's table (`{{ components() }}` in its text): its header and rows,
        each cell as pnp's rich text prints it; None for a game of no printed components."""
        words, rows = words_of(self.game), self.component_rows()
        return ([words["component"], words["count"], words["details"]], [[f"**{escape(n)}**", escape(c), escape(d)] for n, c, d in rows]) if rows else None

    def _type_field(self, deck) -> str | None:
        """The field that best sorts a deck into kinds: the rules' own `by`, else a type-like field."""
        items, _ = self.collections.resolve(f"decks.{deck.id}")
        for comp in self.game.spec.components:
            if comp.in_ == f"decks.{deck.id}":
                for field in comp.by:
                    self._read(deck.id, field)
                    if _usable(items, field, limit=MAX_DECLARED_BREAKDOWN):
                        return field
        for field in TYPE_FIELDS:
            self._read(deck.id, field)
            if _usable(items, field):
                return field
        self._read(deck.id, ANY)  # the first card's own fields are tried next: any field may decide
        names = [k for k in (items[0].fields if items else {}) if isinstance(k, str) and k not in NOT_TYPES]
        for field in names:
            if _usable(items, field, strict=True):
                return field
        return None


def _usable(items, field: str, strict: bool = False, limit: int = MAX_BREAKDOWN) -> bool:
    values = set()
    for item in items:
        value = field_value(item.fields, field)
        if isinstance(value, (dict, list)) or value is None or type(value).__name__ == "_Missing":
            return False
        if strict and (not isinstance(value, str) or len(value) > 20):
            return False
        values.add(_key(value))
    if strict:
        limit = min(limit, max(2, len(items) // 2))
    return 2 <= len(values) <= limit


def _breakdown(items, field: str, numeric_x: bool = False, names: dict | None = None) -> str:
    """'4 laboratory, 8 transport': copies per value of `field`. A value the game names in its `strings:` (`dea: DEA agent`)
    prints as that name, in the edition's language, so no data value meant for templates and checks reaches a player as is."""
    names = names or {}
    counts: Counter = Counter()
    for item in items:
        counts[_key(field_value(item.fields, field))] += item.count
    counts = {v: n for v, n in counts.items() if n}
    said = {v: names.get(v) or _human(v) for v in counts}
    if len(set(counts.values())) == 1 and len(counts) > 2:
        return f"{next(iter(counts.values()))} each of " + ", ".join(said.values())
    numeric = all(re.fullmatch(r"[-+−]?\d+(\.\d+)?", v) for v in counts)
    return ", ".join(f"{n} × {said[v] if numeric_x else v}" if numeric or numeric_x else f"{n} {said[v]}" for v, n in counts.items())


def _human(value: str) -> str:
    """An identifier-like value ('double_move', 'after-move') as words; names and numbers ('K-9', '-2') as written."""
    text = str(value)
    return text.replace("_", " ").replace("-", " ") if re.fullmatch(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+", text) else text


def _size_name(size) -> str:
    from pnp.core.units import CARD_SIZES

    return next((name for name, dims in CARD_SIZES.items() if tuple(float(v) for v in dims) == tuple(size)), "")


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|<>~])")


def md_escape(text: str) -> str:
    """Text that Markdown (and our rich text after it) prints exactly as written."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


# Rendering Jinja ----------------------------------------------------------------------
def render(gctx: GameContext, source: str, context: dict, loc: Loc, game: str, what: str) -> str:
    """Render `source` in the layouts' sandbox; a problem becomes a PnpError at `loc` plus the template line."""
    try:
        template = gctx.layouts.layouts.from_text(source)
        with template.environment.face():
            out = template.render(context)
    except jinja2.TemplateSyntaxError as exc:
        from pnp.layout.syntax_column import syntax_column, syntax_words  # a text that compiles never needs them
        col = syntax_column(gctx.layouts.layouts.env, source, exc)
        raise PnpError(error("rulebook-syntax" if what == "rulebook" else "reference-syntax", f"Jinja syntax: {syntax_words(exc)}",
                             _at(loc, exc.lineno, source, None, col, gctx.project.root), game=game, component=what)) from None
    except Exception as exc:  # everything a text's Jinja does wrong is the designer's input problem
        raise PnpError(_runtime(exc, loc, source, game, what, gctx.project.root)) from None
    if len(out) > MAX_RENDERED:
        raise PnpError(error("text-too-long", f"the text grows to {len(out):,} characters after Jinja (limit {MAX_RENDERED:,})", loc, game=game, component=what))
    return out


def _runtime(exc, loc, source, game, what, root=None):
    if isinstance(exc, jinja2.UndefinedError):
        code, message = "fact-undefined", exc.message
    elif isinstance(exc, jinja2.exceptions.SecurityError):
        code, message = "template-unsafe", f"not allowed in a template: {exc}"
    elif isinstance(exc, LayoutError):
        code, message = exc.code, str(exc)
    else:
        code, message = "template-error", number_words(exc) or f"{type(exc).__name__}: {exc}"
    line = None
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename == "<template>":
            line = frame.lineno
            break
    needle = getattr(exc, "needle", None)
    if needle is None:
        m = re.search(r"field '([^']+)'|'([^']+)' is undefined|has no attribute '([^']+)'", message)
        needle = next((g for g in m.groups() if g), None) if m else None
    return error(code, message, _at(loc, line, source, needle, root=root), game=game, component=what)


def _at(loc: Loc, line: int | None, source: str, needle: str | None, col: int | None = None, root=None) -> Loc:
    """The file position of template line `line` of a text that starts at `loc`: at column `col` of that line when it
    is known, else at `needle` on it, else at its first character. The text's first line is looked for on the value's
    own line (a plain or quoted value), then below it (a block's, under its `|`); found nowhere, it is the value."""
    if not line:
        return loc
    lines = source.splitlines()
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    col = col or (text.find(needle) + 1 if needle and needle in text else len(text) - len(text.lstrip()) + 1)
    in_file = loc.line and not loc.sheet and root is not None
    if in_file and line == 1:
        on_line = _on_value_line(root / loc.path, loc, text, col)
        if on_line is not None:
            return on_line
    if in_file and text.strip():
        found = _line_in_file(root / loc.path, loc.line, text, col)
        if found is not None:
            return Loc(loc.path, *found)
    return loc if loc.line and line == 1 else Loc(loc.path, loc.line + line - 1 if loc.line else line, col)  # a quoted value's columns are not its text's


def _on_value_line(path, loc: Loc, text: str, col: int) -> Loc | None:
    """Column `col` of a value's first line `text` in the data file: found after the value's start (`loc`) as a whole,
    else up to the column, as a plain or quoted value writes its words; None where the file writes them otherwise (an
    escape before the column), and the value's own place stands."""
    try:
        with open(path, encoding="utf-8") as file:
            written = file.read().splitlines()[loc.line - 1]
    except (OSError, UnicodeDecodeError, IndexError):
        return None
    for words in (text, text[:col - 1]):
        at = written.find(words, loc.col - 1) if words.strip() else -1
        if at >= 0:
            return Loc(loc.path, loc.line, at + col)
    return None


def _line_in_file(path, after: int, text: str, col: int) -> tuple[int, int] | None:
    """(line, column) in the data file of a later line `text` of a YAML value starting at line `after`: a block
    (`text: |`) starts below its `|` and is indented, so its lines are not the value's start plus their number; a quoted
    value's later line (`"…\\n…"`) stands on the value's own line, among its other words."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    words = text.strip()
    for n in range(after, min(len(lines), after + 2000)):  # the value's own lines, below where it starts
        at = lines[n].find(words)
        if at >= 0 and lines[n].strip() == words:
            return n + 1, col + at - text.find(words)
    for n in range(after - 1, min(len(lines), after + 2000)):  # no line of its own: among other words, from the value's first line
        if words in lines[n]:
            return n + 1, col + lines[n].find(words) - text.find(words)
    return None
