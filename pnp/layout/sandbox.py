"""The template sandbox and its caps: templates are untrusted input.

Jinja's sandbox refuses unsafe attribute access; on top of it this module caps
what a template can grow (long ranges, huge repeated strings, runaway loops),
keeps template files inside the project's template folders, and names a missing
field the way a designer wrote it.
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from pathlib import Path

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from pnp.core.errors import LayoutError, did_you_mean
from pnp.data.fields import Fields, wrap

MAX_RANGE = 10_000
MAX_STRING = 100_000
FACE_SECONDS = 10  # a template that takes longer than this on one face is looping away


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

    def __init__(self, searchpath, parsed=None):
        super().__init__(searchpath)
        self.parsed = parsed  # name → (file name, syntax tree), remembered by Layouts

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
        source, filename, uptodate = super().get_source(environment, template)
        real = Path(filename).resolve()
        if not any(real.is_relative_to(Path(d).resolve()) for d in self.searchpath):
            raise LayoutError(f"template '{template}' leads outside the project (a symlink?): copy the file into templates/", template)
        return source, filename, uptodate



class Sandbox(SandboxedEnvironment):
    """Jinja's sandbox plus caps on output growth: templates are untrusted input."""

    intercepted_binops = frozenset(["*", "**"])

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 100:
            raise LayoutError(f"exponent {right} is too large (limit 100)", "**")
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_STRING:
                    raise LayoutError(f"repeating a text or list {n} times is too large (limit {MAX_STRING:,} items)", "*")
        return super().call_binop(context, operator, left, right)

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


def capped_range(*args):
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise LayoutError(f"range of {len(r):,} is too long (limit {MAX_RANGE:,})", "range")
    return r


@contextmanager
def time_limit(seconds: int):
    """Stop a template that loops away; only the main thread can take the alarm."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def _stop(signum, frame):
        raise LayoutError(f"the template took over {seconds} s on one face: look for a runaway loop")

    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
