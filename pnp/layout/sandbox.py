"""The template sandbox and its caps: templates are untrusted input.

Jinja's sandbox refuses unsafe attribute access; on top of it this module caps
what a template can grow (long ranges, huge repeated strings, runaway loops),
keeps template files inside the project's template folders, and names a missing
field the way a designer wrote it.
"""
from __future__ import annotations

import os
import re
import signal
import threading
from contextlib import contextmanager
from pathlib import Path

import jinja2
from jinja2.compiler import CodeGenerator
from jinja2.sandbox import SandboxedEnvironment

from pnp.core.errors import LayoutError, did_you_mean
from pnp.core.files import Refused, inside
from pnp.data.fields import Fields, wrap

MAX_RANGE = 10_000
MAX_STRING = 100_000  # characters of a text, or items of a list, a template builds (`~`, `+`, `*`, join, filters, methods)
MAX_OUTPUT = 1_000_000  # characters a template (or a macro, or a text in a data file) writes out in all
GROWTH_FILTERS = frozenset({"join", "replace", "center", "indent", "format", "wordwrap", "sum", "list", "string", "urlize", "tojson", "pprint"})
WIDTH_FILTERS = frozenset({"center", "indent"})  # filters whose number argument is a width of text they make
FACE_SECONDS = 10  # processor seconds: a template that uses more on one face is looping away


class FieldUndefined(jinja2.StrictUndefined):
    """Names a missing field the way a designer wrote it, with a suggestion.

    A field a card does not have is false in a test (`{% if card.art %}`), so
    optional fields need no default; using it as a value is still an error.
    """

    def __bool__(self):
        if isinstance(self._undefined_obj, Fields):
            return False
        return self._fail_with_undefined_error()

    @property
    def _undefined_message(self):
        obj, name = self._undefined_obj, self._undefined_name
        if isinstance(obj, Fields):
            return f"{obj._what} has no field '{name}'{did_you_mean(name, obj._data.keys())}"
        if obj is jinja2.utils.missing:
            return f"'{name}' is undefined"
        return super()._undefined_message



class ProjectLoader(jinja2.FileSystemLoader):
    """A FileSystemLoader that refuses templates whose real path leaves the template folders (symlinks out).

    It compiles each template from the syntax tree `parsed` gives (the one the
    checks read), so no template is parsed twice in a run."""

    def __init__(self, searchpath, parsed=None, root: Path | None = None):
        super().__init__(searchpath)
        self.parsed = parsed  # name → (file name, syntax tree), remembered by Layouts
        self.root = root  # the project: a template folder under it, linked elsewhere, is refused too

    def load(self, environment, name, globals=None):
        source, filename, uptodate = self.get_source(environment, name)
        cache = environment.bytecode_cache
        bucket = cache.get_bucket(environment, name, filename, source) if cache is not None else None
        code = bucket.code if bucket is not None else None
        if code is None:
            tree = self.parsed(name)[1] if self.parsed is not None else environment.parse(source, name, filename)
            code = environment.compile(tree, name, filename)
            if bucket is not None:
                bucket.code = code
                cache.set_bucket(bucket)
        return environment.template_class.from_code(environment, code, environment.make_globals(globals), uptodate)

    def get_source(self, environment, template):
        if "\x00" in template or template.startswith("/") or ".." in template.split("/"):
            raise LayoutError(f"template name '{template}' must be a path inside templates/ (no '..', no absolute paths)", template)
        for folder in self.searchpath:  # as FileSystemLoader looks, but each file is checked before it is opened
            path = Path(folder, *template.split("/"))
            if os.path.exists(path) and not os.path.isdir(path):  # a file, or a named pipe or device refused below by its kind
                bounds = [folder, self.root] if self.root is not None and path.is_relative_to(self.root) else [folder]
                try:
                    inside(path, *bounds)
                except Refused as exc:
                    raise LayoutError(f"template {exc.advice(template, 'templates/')}", template) from None
                break
        return super().get_source(environment, template)



class CappedCode(CodeGenerator):
    """Jinja's compiler, but `a ~ b` joins through the environment's `join_text`, which counts before it joins
    (Jinja's own `str_join` is a module function the sandbox cannot intercept)."""

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.join_text((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


def too_long(what: str, size: int, limit: int, needle: str) -> LayoutError:
    return LayoutError(f"{what} would be {size:,} long (limit {limit:,}): a template builds text and lists for one face, "
                       f"so look for a loop that keeps doubling or joining, and build less", needle)


def _size(value) -> int:
    return len(value) if isinstance(value, (str, list, tuple)) else 0


class Sandbox(SandboxedEnvironment):
    """Jinja's sandbox plus caps on what a template can grow: templates are untrusted input.

    Every way a template makes a text or list longer is counted before the
    memory is taken: `~` (join_text), `+` and `*` (call_binop), a template's or
    macro's output (concat), the filters that grow text (GROWTH_FILTERS) and
    the methods of strings and lists (call)."""

    intercepted_binops = frozenset(["*", "**", "+"])
    code_generator_class = CappedCode

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.filters = {name: _capped_filter(name, f) if name in GROWTH_FILTERS else f for name, f in self.filters.items()}

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 100:
            raise LayoutError(f"exponent {right} is too large (limit 100)", "**")
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_STRING:
                    raise LayoutError(f"repeating a text or list {n} times is too large (limit {MAX_STRING:,} items)", "*")
        if operator == "+" and _size(left) + _size(right) > MAX_STRING and isinstance(left, (str, list, tuple)):
            raise too_long("adding these with +", _size(left) + _size(right), MAX_STRING, "+")
        return super().call_binop(context, operator, left, right)

    @staticmethod
    def join_text(parts) -> str:
        """`a ~ b ~ c`: the parts as text, joined once their length is counted."""
        texts = [p if type(p) is str else str(p) for p in parts]
        size = sum(map(len, texts))
        if size > MAX_STRING:
            raise too_long("joining text with ~", size, MAX_STRING, "~")
        return "".join(texts)

    @staticmethod
    def concat(pieces) -> str:
        """What a template, macro or filter block writes out, joined; it stops the template where its output passes MAX_OUTPUT."""
        if isinstance(pieces, list):
            size = sum(len(p) for p in pieces)
            if size > MAX_OUTPUT:
                raise too_long("the text this writes out", size, MAX_OUTPUT, "{{")
            return "".join(pieces)
        out, size = [], 0
        for piece in pieces:
            size += len(piece)
            if size > MAX_OUTPUT:
                problem = too_long("the text this template writes out", size, MAX_OUTPUT, "{{")
                if hasattr(pieces, "throw"):
                    pieces.throw(problem)  # raised inside the template, at the line that wrote past the cap
                raise problem
            out.append(piece)
        return "".join(out)

    def wrap_str_format(self, value):
        """Jinja's safe `str.format`, refused first where the format asks for a field wider than the cap."""
        fmt = super().wrap_str_format(value)
        if fmt is not None:
            _check_spec(value.__self__, value.__name__)
        return fmt

    def call(self, context, obj, /, *args, **kwargs):
        _check_method(obj, args)
        result = super().call(context, obj, *args, **kwargs)
        if _size(result) > MAX_STRING:
            raise too_long("a call's result", _size(result), MAX_STRING, getattr(obj, "__name__", "("))
        return result

    def getattr(self, obj, attribute):
        # `card.name` is most of a template's attribute lookups. A Fields object holds
        # only data, so its fields need none of the sandbox's checks; anything else
        # (methods, underscore names) still goes through them.
        if type(obj) is Fields and type(attribute) is str:
            value = obj._data.get(attribute, _ABSENT)
            if value is not _ABSENT:
                obj.read(attribute)  # a card shown outside its sheet records the field (pnp.data.fields.CardReads)
                return wrap(value, f"{obj._what}.{attribute}")
        return super().getattr(obj, attribute)


_ABSENT = object()
_WIDTH_METHODS = frozenset({"ljust", "rjust", "center", "zfill", "expandtabs"})
_NUMBER = re.compile(r"\d+")


def _check_spec(spec, needle: str) -> None:
    """A format string (`'%9d'`, `'{:9}'`) asking for a field wider than MAX_STRING is refused before it is filled."""
    if isinstance(spec, str):
        widest = max((int(n) for n in _NUMBER.findall(spec) if len(n) < 30), default=0)
        if widest > MAX_STRING:
            raise too_long("a formatted field", widest, MAX_STRING, needle)


def _check_method(obj, args) -> None:
    """Refuse a string or list method that would grow past the caps before it takes the memory."""
    owner, name = getattr(obj, "__self__", None), getattr(obj, "__name__", "")
    if isinstance(owner, str):
        if name in _WIDTH_METHODS and any(isinstance(a, int) and a > MAX_STRING for a in args):
            raise too_long(f"text made by .{name}()", max(a for a in args if isinstance(a, int)), MAX_STRING, name)
        if name == "join" and args:
            items = list(args[0]) if not isinstance(args[0], (list, tuple)) else args[0]
            size = sum(len(str(i)) for i in items) + len(owner) * max(len(items) - 1, 0)
            if size > MAX_STRING:
                raise too_long("text made by .join()", size, MAX_STRING, name)
        if name == "replace" and len(args) >= 2:
            _check_replace(owner, args[0], args[1], name)
    elif isinstance(owner, list) and name in ("append", "extend", "insert"):
        added = len(args[-1]) if name == "extend" and args and hasattr(args[-1], "__len__") else 1
        if len(owner) + added > MAX_STRING:
            raise too_long(f"a list grown by .{name}()", len(owner) + added, MAX_STRING, name)


def _check_replace(text, old, new, needle: str) -> None:
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
        hits = len(text) + 1 if not old else text.count(old)
        size = len(text) + hits * (len(new) - len(old))
        if size > MAX_STRING:
            raise too_long("text made by replace", size, MAX_STRING, needle)


def _capped_filter(name: str, f):
    """A Jinja filter that can grow text, refused before it makes more than MAX_STRING (and checked after)."""
    def capped(*args, **kwargs):
        values = [a for a in args if not isinstance(a, (jinja2.runtime.Context, jinja2.nodes.EvalContext, jinja2.Environment))]
        numbers = [a for a in [*values[1:], *kwargs.values()] if isinstance(a, int) and not isinstance(a, bool)]
        if name in WIDTH_FILTERS and numbers and max(numbers) > MAX_STRING:
            raise too_long(f"the {name} filter's width", max(numbers), MAX_STRING, name)
        if name == "format" and values:
            _check_spec(values[0], name)
        if name == "join" and values and isinstance(values[0], (list, tuple)):
            size = sum(len(str(i)) for i in values[0])
            if size > MAX_STRING:
                raise too_long("text made by the join filter", size, MAX_STRING, name)
        if name == "replace" and len(values) >= 3:
            _check_replace(values[0], values[1], values[2], name)
        result = f(*args, **kwargs)
        if _size(result) > MAX_STRING:
            raise too_long(f"text made by the {name} filter", _size(result), MAX_STRING, name)
        return result

    for attr in ("jinja_pass_arg",):  # pass_context / pass_eval_context / pass_environment
        if hasattr(f, attr):
            setattr(capped, attr, getattr(f, attr))
    return capped


def capped_range(*args):
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise LayoutError(f"range of {len(r):,} is too long (limit {MAX_RANGE:,})", "range")
    return r


@contextmanager
def time_limit(seconds: float):
    """Stop a template that loops away once it has used `seconds` of CPU time (not of the clock: on a busy machine a
    face waits for the processor, and the same template must not fail under load and pass later); only the main thread
    can take the signal."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def _stop(signum, frame):
        raise LayoutError(f"the template used over {seconds:g} s of processor time on one face: look for a runaway loop")

    previous = signal.signal(signal.SIGPROF, _stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)  # counts this process's CPU time, user and system
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
