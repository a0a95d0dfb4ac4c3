"""What a template may make and spend on one face, and how big a thing would be, counted before it is made.

A template is untrusted input, and one Python call can take gigabytes (`'%*d' % (999999999, 1)`) or minutes before
anything after it can look. So the sandbox (pnp.layout.sandbox) asks this module, before each call that could grow
something, how long its result would be: a format from its widths, precisions and values, a filter from its
arguments, a value's text from a walk of what it holds. Each face gets an `Allowance`: one thing it makes may hold
MAX_STRING characters or items, everything it makes together MAX_MADE, and its loops, macros and calls are counted
against FACE_SECONDS of the processor time of the thread drawing it, which works in any thread (`pnp serve` draws
in one of its own) and lets whoever draws the face stop it early (a newer save).
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sized
from itertools import islice

from jinja2.utils import Namespace

from pnp.core.errors import LayoutError, OverBudget
from pnp.data.fields import Fields

MAX_RANGE = 10_000
MAX_STRING = 100_000  # characters of a text, or items of a list or dict, one thing a template makes may hold
MAX_OUTPUT = 1_000_000  # characters a template (or a macro, block, or a text in a data file) writes out in all
MAX_MADE = 2_000_000  # characters and items one face's template makes in all, what it throws away included
MAX_NUMBER_BITS = 14_000  # a whole number a template computes: about 4,200 digits, under the 4,300 Python writes as text
FACE_SECONDS = 10  # processor seconds: a template that uses more on one face is looping away
# A command (a build, a `watch` save, a `serve` refresh) may spend on its faces in all COMMAND_FACES faces' limits plus
# FACE_SHARE of one for each face it draws (docs/limits.md gives the figures). The five games and a 10,000-card deck use
# a small fraction of theirs (docs/limits.md); a deck whose every face loops stops after about 20 faces, not 20,000.
COMMAND_FACES = 20
FACE_SHARE = 0.05
SLOWEST_SHOWN = 3  # the slowest faces the finding names
TICKS_PER_LOOK = 64  # the clock is read every this many loop turns, macro calls, filters and calls
RUNAWAY = "face-time"  # the code of a face that passed its own processor time: its template is not drawn again (pnp.outputs.faces)


def too_long(what: str, size: int, limit: int, needle: str) -> LayoutError:
    return LayoutError(f"{what} would be {size:,} long (limit {limit:,}): a template builds text and lists for one face, "
                       f"so ask for less (a smaller width, count or text), or look for a loop that keeps doubling or joining", needle)


class Interrupted(BaseException):
    """Whoever draws the face asked it to stop (a newer save in `pnp serve`): the face is drawn again, so nothing is reported.
    Not an Exception: it is no fault of the template's, and passes every `except Exception` that turns one into a finding."""


class CommandBudget:
    """The processor time one command may spend on faces in all: COMMAND_FACES face limits, plus FACE_SHARE of one for
    each face it draws; and the slowest faces so far, which its finding names."""

    def __init__(self, face_seconds: float):
        self.base = COMMAND_FACES * face_seconds
        self.share = FACE_SHARE * face_seconds
        self.spent = 0.0
        self.faces = 0
        self.slowest: list[tuple[float, str]] = []

    def left(self) -> float:
        """What a face about to begin may use before the command is over its budget (its own share counted)."""
        return self.base + self.share * (self.faces + 1) - self.spent

    def add(self, seconds: float, what: str) -> None:
        self.spent += seconds
        self.faces += 1
        if len(self.slowest) == SLOWEST_SHOWN and seconds <= self.slowest[-1][0]:
            return  # no faster than the slowest kept: the stable sort below would put it past them
        self.slowest = sorted([*self.slowest, (seconds, what)], key=lambda sw: -sw[0])[:SLOWEST_SHOWN]

    def over(self, seconds: float, what: str) -> OverBudget:
        """The stop of a command whose face `what`, `seconds` into its drawing, passed the budget."""
        slowest = sorted([*self.slowest, (seconds, what)], key=lambda sw: -sw[0])[:SLOWEST_SHOWN]
        names = ", ".join(f"{w or 'a text'} ({s:.1f} s)" for s, w in slowest)
        return OverBudget(f"this command's templates used {self.spent + seconds:.1f} s of processor time on {self.faces + 1:,} faces, over "
                          f"its budget of {self.base:g} s plus {self.share:g} s a face; the slowest: {names}: look for a loop that runs long "
                          f"on every face")


class Allowance:
    """What one face's template has made so far, the processor time it may still use (its own, and what is left of its
    command's), and who may stop it early."""

    __slots__ = ("budget", "deadline", "made", "over_at", "seconds", "started", "stop", "ticks", "what")

    def __init__(self, seconds: float, stop: Callable[[], bool] | None = None, budget: CommandBudget | None = None, what: str = ""):
        self.made = 0
        self.ticks = 0
        self.seconds = seconds
        self.started = time.thread_time()  # this thread's processor time: not the clock, so a busy machine fails nothing
        self.deadline = self.started + seconds
        self.budget, self.what = budget, what
        self.over_at = self.started + budget.left() if budget is not None else float("inf")
        self.stop = stop

    def add(self, size: int, what: str, needle: str, limit: int = MAX_STRING) -> None:
        """Count a thing of `size` characters or items about to be made; refuse it past its own limit or past MAX_MADE in all."""
        if size > limit:
            raise too_long(what, size, limit, needle)
        self.made += size
        if self.made > MAX_MADE:
            raise LayoutError(f"this face's template makes over {MAX_MADE:,} characters and list items in all (what it throws away "
                              f"included): look for a loop that keeps building text, lists or dicts, and build less", needle)

    def tick(self) -> None:
        """One more loop turn, macro call, filter or call: every TICKS_PER_LOOK of them, stop if asked or past the time."""
        self.ticks += 1
        if self.ticks % TICKS_PER_LOOK:
            return
        if self.stop is not None and self.stop():
            raise Interrupted
        now = time.thread_time()
        if now > self.deadline:
            raise LayoutError(f"the template used over {self.seconds:g} s of processor time on one face: look for a runaway loop "
                              f"(the other faces it draws are not drawn until it is fixed)", code=RUNAWAY)
        if now > self.over_at:
            raise self.budget.over(now - self.started, self.what)

    def end(self) -> None:
        """The face is drawn (or failed): count its processor time against its command's budget."""
        if self.budget is not None:
            self.budget.add(time.thread_time() - self.started, self.what)


def face_seconds(environ: Mapping[str, str]) -> float:
    """The processor time a face may use: PNP_FACE_SECONDS if set (a slow machine, or a test), else FACE_SECONDS."""
    wanted = environ.get("PNP_FACE_SECONDS", "").strip()
    if not wanted:
        return FACE_SECONDS
    try:
        seconds = float(wanted)
    except ValueError:
        raise SystemExit(f"PNP_FACE_SECONDS={wanted!r}: give a number of seconds, such as 10") from None
    if not seconds > 0:
        raise SystemExit(f"PNP_FACE_SECONDS={wanted!r}: give a number of seconds above 0, such as 10")
    return seconds


# How long a value's text would be ---------------------------------------------------------------------------------------
class Unprinted(list):
    """A list pnp hands a template that prints as nothing, so `{{ it }}` writes no text and costs none: the cells a
    drawn grid returns (a 100 × 100 map's cells would otherwise count as a text ten times the limit)."""

    def __str__(self) -> str:
        return ""


def text_size(value, limit: int = MAX_STRING) -> int:
    """About how long `str(value)` (or its repr) would be, walking what it holds, and stopping once past `limit`.

    A list holding one 100,000-character text 100,000 times costs little memory, but its text would be 10 GB; so
    would thirty lists each holding the one before twice. The walk counts a value each time it is held, as its text
    would, and every item adds to the size, so it visits at most `limit` items before it says so (a list holding
    itself, which prints as `[...]`, is counted as too long)."""
    if isinstance(value, str):
        return len(value)
    size, stack = 0, [value]
    while stack and size <= limit:
        item = stack.pop()
        if isinstance(item, Unprinted):
            continue
        if isinstance(item, str):
            size += len(item) + 4  # quotes and a separator
        elif isinstance(item, (bytes, bytearray)):
            size += len(item) * 4 + 5  # b'\xff'
        elif isinstance(item, (int, float, complex)):
            size += min(item.bit_length() // 3 + 2, MAX_NUMBER_BITS) if isinstance(item, int) else 24
        elif isinstance(item, (list, tuple, set, frozenset, dict, Namespace)):
            size += 2
            if isinstance(item, Namespace):
                item = object.__getattribute__(item, "_Namespace__attrs")
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            else:
                stack.extend(item)
        else:
            size += 100  # a value pnp or Jinja hands templates (a loop, a macro): a short text, or a card's fields
            if isinstance(item, Fields):
                stack.append(item._data)
    return size


def bounded_items(value, needle: str) -> list:
    """An iterator (what `map`, `select` or `slice` give) as a list of at most MAX_STRING items, refused past that
    before the rest is made: Python's own `list()` would take them all first."""
    items = list(islice(value, MAX_STRING + 1))
    if len(items) > MAX_STRING:
        raise LayoutError(f"a sequence of more than {MAX_STRING:,} items (limit {MAX_STRING:,}): look for a filter such as slice or batch "
                          f"given a large number, and ask for fewer", needle)
    return items


SEQUENCES = (str, bytes, bytearray, list, tuple)  # what `+` joins and `*` repeats
TEXTS = (str, bytes, bytearray)  # what has text methods (`str.encode` gives bytes, with the same ones)


_SIZED = (*SEQUENCES, dict, set, frozenset)


def sized(value) -> int:
    """How many characters or items a made value holds (0 for anything that is neither)."""
    return len(value) if isinstance(value, _SIZED) else 0


# Formats -------------------------------------------------------------------------------------------------------------------
_DIGITS = re.compile(r"\d+")


def spec_size(spec: str) -> int:
    """The widest width or precision a `{:...}` field's (already filled in) format spec asks for."""
    return max((int(n) if len(n) < 20 else MAX_STRING * 10 for n in _DIGITS.findall(spec)), default=0)


def printf_size(fmt: str | bytes, args) -> int:
    """How long `fmt % args` would be: its text plus, for each conversion, the widest of its width, its precision and
    its value's text. Widths and precisions written `*` are read from the values, as Python reads them; a key in
    parentheses may hold parentheses itself, as in Python."""
    if not isinstance(fmt, str):
        fmt = bytes(fmt).decode("latin-1")  # bytes format the same way, a byte for a character
    values = args if isinstance(args, tuple) else (args,)
    mapping = args if isinstance(args, Mapping) else None
    size, at, n, taken = 0, 0, len(fmt), 0

    def number(i: int) -> tuple[int, int]:
        nonlocal taken
        if i < n and fmt[i] == "*":
            value = values[taken] if taken < len(values) else 0
            taken += 1
            return (abs(value) if isinstance(value, int) else 0), i + 1
        j = i
        while j < n and fmt[j].isdigit():
            j += 1
        digits = fmt[i:j]
        return (int(digits) if len(digits) < 20 else MAX_STRING * 10) if digits else 0, j

    while True:
        start = fmt.find("%", at)
        if start < 0:
            return size + n - at
        size += start - at
        key, i = _printf_key(fmt, start + 1)
        width, i = number(_skipped(fmt, i, "-+ #0"))
        precision = 0
        if i < n and fmt[i] == ".":
            precision, i = number(i + 1)
        i = _skipped(fmt, i, "hlL")
        conversion = fmt[i] if i < n else ""
        at = i + 1
        if conversion == "%":
            size += 1
            continue
        if key is not None and mapping is not None:
            value = mapping.get(key)
        else:
            value = values[taken] if taken < len(values) else None
            taken += 1
        size += max(width, precision + 2, text_size(value) if conversion in "sra" else 24)


def _printf_key(fmt: str, i: int) -> tuple[str | None, int]:
    """The mapping key of a conversion whose `%` is just before `i` (None when it has none) and where the rest of the
    conversion starts: a key in parentheses may hold parentheses itself, as in Python."""
    if i >= len(fmt) or fmt[i] != "(":
        return None, i
    depth, i = 1, i + 1
    begin = i
    while i < len(fmt) and depth:
        depth += (fmt[i] == "(") - (fmt[i] == ")")
        i += 1
    return fmt[begin:i - 1], i


def _skipped(fmt: str, i: int, chars: str) -> int:
    """Where the run of `chars` (a conversion's flags, its length modifier) from `i` ends."""
    while i < len(fmt) and fmt[i] in chars:
        i += 1
    return i


# Filters: how big each filter that can grow something would make it, from the arguments it was given -------------------------
def _count(n) -> int:
    return n if isinstance(n, int) and not isinstance(n, bool) else 0


def _text(value) -> int:
    return text_size(value)


def _indent(a) -> int:
    width = a["width"]
    pad = len(width) if isinstance(width, str) else _count(width)
    s = a["s"]
    lines = s.count("\n") + 1 if isinstance(s, str) else 1
    return _text(s) + lines * pad


def _wordwrap(a) -> int:
    s, wrap = a["s"], a["wrapstring"]
    size = _text(s)
    return size + (size + 1) * (len(wrap) if isinstance(wrap, str) else 1)  # at worst, a line per character


def _replace(a) -> int:
    s, old, new = a["s"], a["old"], a["new"]
    if not (isinstance(s, str) and isinstance(old, str) and isinstance(new, str)):
        return _text(s)
    return replace_size(s, old, new)


def replace_size(text: str, old: str, new: str) -> int:
    hits = len(text) + 1 if not old else text.count(old)
    return len(text) + hits * (len(new) - len(old))


def _join(a) -> int:
    return joined_size(a["value"], len(str(a["d"])))


def joined_size(items, separator: int) -> int:
    """How long joining `items` with a separator `separator` characters long would be: a text joins its characters,
    a list, tuple, set or range its items, a dict its keys (a one-off iterator comes here made a bounded list). The
    separator counts once between each two: a long one between many items is where a join grows."""
    if isinstance(items, TEXTS):
        return len(items) + separator * max(len(items) - 1, 0)
    if isinstance(items, Mapping):
        items = items.keys()
    try:
        count = len(items)
    except TypeError:
        return 0
    return sum(text_size(i) for i in items) + separator * max(count - 1, 0)


def _sum(a) -> int:
    start, items = a["start"], a["iterable"]
    if not isinstance(start, (str, list, tuple)) or not isinstance(items, (list, tuple)):
        return 0
    return len(start) + sum(sized(i) for i in items)


def _urlize(a) -> int:
    size = _text(a["value"])
    extra = sum(len(a[k]) for k in ("target", "rel") if isinstance(a[k], str))
    return size * 3 + (size // 2 + 1) * (extra + 40)  # each word a link at worst: the address twice and the attributes


def _tojson(a) -> int:
    size = _text(a["value"]) * 6  # \u escapes
    return size * (1 + _count(a["indent"])) if a["indent"] else size


# filter name → size of what it would make from its bound arguments (names as Jinja's filters name them)
_VALUE_FIRST = (("string", "s"), ("pprint", "value"), ("capitalize", "s"), ("lower", "s"), ("upper", "s"), ("title", "s"), ("trim", "value"),
                ("truncate", "s"), ("wordcount", "s"), ("striptags", "value"), ("urlencode", "value"), ("safe", "value"), ("forceescape", "value"))
FILTER_SIZES: dict[str, Callable[[dict], int]] = {
    "batch": lambda a: _count(a["linecount"]) if a["fill_with"] is not None else 0,  # the last batch is filled up to the count
    "slice": lambda a: _count(a["slices"]),
    "center": lambda a: max(_text(a["value"]), _count(a["width"])),
    "indent": _indent,
    "wordwrap": _wordwrap,
    "replace": _replace,
    "join": _join,
    "sum": _sum,
    "format": lambda a: printf_size(a["value"], a["args"] or a["kwargs"]) if isinstance(a["value"], str) else _text(a["value"]),
    "urlize": _urlize,
    "tojson": _tojson,
    "xmlattr": lambda a: _text(a["d"]) * 6,
    **{name: (lambda a, first=first: _text(a[first])) for name, first in _VALUE_FIRST},
}
# filters FILTER_SIZES measures by their value's text alone: given the value alone (`card.n|string`), its text is measured
# without binding the call to the filter's signature, which cost more than the filter
SIZED_BY_VALUE = frozenset(name for name, _ in _VALUE_FIRST)
TEXT_POSITIONAL = frozenset({"e", "escape"})  # filters whose one argument is positional only: the value's text is measured


# Methods: what a string's, list's or dict's method would make, from its arguments -------------------------------------------
_WIDTH_METHODS = frozenset({"ljust", "rjust", "center", "zfill"})
GROWING_METHODS = frozenset({"append", "extend", "insert", "update", "setdefault", "add", "union"})


def method_size(owner, name: str, args: tuple, kwargs: dict) -> tuple[int, str]:
    """(size of what calling `owner.name(*args)` would make or grow `owner` to, what it is): 0 when it grows nothing."""
    if isinstance(owner, TEXTS):
        return _text_method_size(owner, name, args, kwargs)
    if isinstance(owner, (list, dict, set)) and name in GROWING_METHODS:
        added = _items_added(args[-1]) if name in ("extend", "update", "union") and args else 1
        if name == "update" and kwargs:
            added += len(kwargs)
        return len(owner) + added, f"a {type(owner).__name__} grown by .{name}()"
    return 0, ""


def _items_added(value) -> int:
    """The items extending by `value` adds: any it holds that has a length (a range or a dict's keys too, which `sized`
    does not count as made), none for what has no length (an iterator, taken as a bounded list before)."""
    return len(value) if isinstance(value, Sized) else 0


def _text_method_size(owner, name: str, args: tuple, kwargs: dict) -> tuple[int, str]:
    """method_size of a text's method: the texts its padding, tabs, joins, replacements and translations make."""
    if name in _WIDTH_METHODS and args:
        return max(len(owner), _count(args[0])), f"text made by .{name}()"
    if name == "expandtabs":
        tab = _count(args[0]) if args else _count(kwargs.get("tabsize", 8))
        return len(owner) + owner.count("\t" if isinstance(owner, str) else b"\t") * tab, "text made by .expandtabs()"
    if name == "join" and args:
        return joined_size(args[0], len(owner)), "text made by .join()"
    if name == "replace" and len(args) >= 2 and isinstance(args[0], TEXTS) and isinstance(args[1], TEXTS):
        return replace_size(owner, args[0], args[1]), "text made by replace"
    if name == "translate" and args and isinstance(args[0], Mapping):
        longest = max((sized(v) for v in args[0].values()), default=1)
        return len(owner) * max(longest, 1), "text made by .translate()"
    return 0, ""  # a text's format is measured field by field (pnp.layout.sandbox.CappedFormatter)


def number_words(exc: BaseException) -> str | None:
    """What to do, in our words, about a whole number too long for Python to write as text (its own message names
    `sys.set_int_max_str_digits`, which a designer cannot call) or a division by zero (Python's `ZeroDivisionError`
    says what went wrong, not what to check), else None."""
    if isinstance(exc, ValueError) and "int_max_str_digits" in str(exc):
        return "a whole number of over 4,300 digits cannot be written out: make a smaller number (or keep it as text)"
    if isinstance(exc, ZeroDivisionError):
        return "a division by zero: a number this line divides by is 0 (a field or count that is 0 or empty): check it, or divide only when it is not 0"
    return None
