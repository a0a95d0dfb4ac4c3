"""The template sandbox: Jinja's, with every way a template grows something measured, and its files kept inside the project.

Jinja's sandbox refuses unsafe attribute access; on top of it this module
hooks every place a template makes a text, list or dict, or spends time (loops,
macros, filters, calls), and asks pnp.layout.growth how big the result would
be before it is made, and names a missing field the way a designer wrote it
(the files a template may load: pnp.layout.template_loader).
"""
from __future__ import annotations

import inspect
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import update_wrapper

import jinja2
from jinja2 import TemplateSyntaxError, nodes
from jinja2.compiler import CodeGenerator
from jinja2.parser import Parser
from jinja2.sandbox import SandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter
from jinja2.utils import generate_lorem_ipsum
from markupsafe import Markup

from pnp.core.errors import LayoutError, did_you_mean
from pnp.data.fields import Fields, wrap
from pnp.layout.growth import (
    FILTER_SIZES,
    GROWING_METHODS,
    MAX_NUMBER_BITS,
    MAX_OUTPUT,
    MAX_RANGE,
    MAX_STRING,
    SEQUENCES,
    SIZED_BY_VALUE,
    TEXT_POSITIONAL,
    TEXTS,
    Allowance,
    CommandBudget,
    bounded_items,
    face_seconds,
    method_size,
    printf_size,
    sized,
    spec_size,
    text_size,
    too_long,
)


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
            return f"{obj._what} has no field '{name}'{did_you_mean(name, obj._data.keys()) or _copies_hint(obj, name)}"
        if obj is jinja2.utils.missing:  # a name not defined, or a value Jinja says why it has none of (a call that raised StopIteration)
            return self._undefined_hint or f"'{name}' is undefined"
        return super()._undefined_message


def _copies_hint(fields: Fields, name: object) -> str:
    """Where a template reads a card's copies column by its header (Squib's `qty`, a sheet's `Quantity`): the sheet gave
    that column to the card's copies, which a template reads as `count`."""
    from pnp.data.spreadsheet import COUNT_HEADERS

    if isinstance(name, str) and name.lower() in COUNT_HEADERS and name != "count" and "count" in fields._data:
        return f" (the card's copies, which a sheet's {name} column gives, are {fields._what}.count)"
    return ""


class CappedCode(CodeGenerator):
    """Jinja's compiler, with the sandbox's hooks where Jinja has none: `a ~ b` joins through `join_text`, which counts
    before it joins (Jinja's own `str_join` is a module function the sandbox cannot intercept); every buffer a macro,
    `caller()`, `{% filter %}`, `{% set %}` block or recursive loop writes into is one of `new_buffer`'s, which counts
    each piece as it is written rather than once the block is done; and each loop turn calls `tick`."""

    _output_call = None  # the call `_output_child_pre` met as a child of `{{ }}`, until `visit_Call` writes it

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.join_text((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def buffer(self, frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.new_buffer()")

    def enter_frame(self, frame) -> None:
        super().enter_frame(frame)
        if frame.loop_frame:  # the body of a for loop: Jinja makes one such frame per loop
            self.writeline("environment.tick()")

    # `{{ value }}` is `finalize(value)` alone, without Jinja's `str()`: the sandbox's finalize (`text_of`) gives a text. `{{ f(...) }}`,
    # most lines of a face's template, is one `call_out`, not a finalized `call`: a drawing call draws and gives its empty text at once.
    def _output_child_pre(self, node, frame, finalize) -> None:
        if frame.eval_ctx.volatile or frame.eval_ctx.autoescape or finalize.src != "environment.finalize(":
            super()._output_child_pre(node, frame, finalize)
        elif type(node) is nodes.Call:
            self._output_call = node
        else:
            self.write(finalize.src)

    def _output_child_post(self, node, frame, finalize) -> None:
        if frame.eval_ctx.volatile or frame.eval_ctx.autoescape or finalize.src != "environment.finalize(":
            super()._output_child_post(node, frame, finalize)
        elif type(node) is not nodes.Call:
            self.write(")")

    def visit_Call(self, node, frame, forward_caller: bool = False) -> None:
        if node is not self._output_call or self.environment.is_async:
            super().visit_Call(node, frame, forward_caller=forward_caller)
            return
        self._output_call = None
        self.write("environment.call_out(context, ")  # the rest as Jinja's visit_Call writes it (an output's call forwards no caller)
        self.visit(node.node, frame)
        self.signature(node, frame, {k: k for k, on in (("_loop_vars", frame.loop_frame), ("_block_vars", frame.block_frame)) if on} or None)
        self.write(")")


class Buffer(list):
    """What a block writes out, counted piece by piece as it is written: a block inside a loop is stopped at the line
    that wrote past MAX_OUTPUT, before its pieces take the memory, not when the block is joined."""

    __slots__ = ("env", "size")

    def __init__(self, env: Sandbox):
        super().__init__()
        self.env, self.size = env, 0

    def append(self, piece) -> None:
        self._count(len(piece))
        super().append(piece)

    def extend(self, pieces) -> None:
        pieces = tuple(pieces)
        self._count(sum(map(len, pieces)))
        super().extend(pieces)

    def _count(self, size: int) -> None:
        self.size += size
        if self.size > MAX_OUTPUT:
            raise too_long("the text this block writes out", self.size, MAX_OUTPUT, "{{")
        self.env.made(size, "the text this block writes out", "{{", MAX_OUTPUT)


class _MeasuredFields:
    """A `str.format` formatter that measures each field (its spec with any nested fields filled in, and its value's
    text) before it formats it: `'{:{}}'.format(1, 999999999)` takes its width from the arguments."""

    def convert_field(self, value, conversion):
        if conversion is not None:  # `{!r}`: the value's repr, made before the field is formatted
            self._env.fits(text_size(value), "a formatted field", "format")
        return super().convert_field(value, conversion)

    def format_field(self, value, format_spec):
        self._env.made(max(spec_size(format_spec), text_size(value)), "a formatted field", "format")
        return super().format_field(value, format_spec)


class CappedFormatter(_MeasuredFields, SandboxedFormatter):
    pass


class CappedEscapeFormatter(_MeasuredFields, SandboxedEscapeFormatter):
    pass


class CappedTemplate(jinja2.Template):
    """A template whose module (what `{% import %}` gives) is written through the sandbox's counted `concat`: Jinja
    would gather the module's output in a plain list first, piece by piece, however many pieces its loops write."""

    def make_module(self, vars=None, shared=False, locals=None):
        context = self.new_context(vars, shared, locals)
        return jinja2.environment.TemplateModule(self, context, [self.environment.concat(self.root_render_func(context))])


MAX_TEMPLATE = 1_000_000  # characters of one template's source, or of a data file's text read as one (a rulebook)


class TemplateBeyondReading(TemplateSyntaxError):
    """A template too long, or nested too deep, for Jinja to read: said at its first line (no column to look for)."""


@contextmanager
def _nesting_said(name, filename, line=lambda: 1, also=()):
    """A template whose tags, brackets or lists nest hundreds deep runs Jinja's parser and compiler (and Python's) out of
    stack, or past the blocks Python's compiler nests (`also`: its IndentationError at a line of the code Jinja made): a
    syntax error at the template line `line()` gives (where the parser stopped, or the deepest node of the template),
    not an internal error or a line of code the designer never wrote."""
    try:
        yield
    except (RecursionError, *also):
        raise TemplateBeyondReading("tags, brackets or lists here nest too deep, past what a template can: flatten them", line(), name,
                                    filename) from None


def deepest_line(tree) -> int:
    """The template line of the most deeply nested node of Jinja's syntax tree `tree` (walked without recursing: it is
    the tree that ran Python out of stack), 1 when it has none."""
    line, deepest, stack = 1, -1, [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > deepest and getattr(node, "lineno", None):
            line, deepest = node.lineno, depth
        stack.extend((child, depth + 1) for child in node.iter_child_nodes())
    return line


class Sandbox(SandboxedEnvironment):
    """Jinja's sandbox plus caps on what a template can grow and spend: templates are untrusted input.

    Every way a template makes a text, list or dict is measured before the memory is taken (pnp.layout.growth):
    `~` (join_text), `+`, `*`, `**` and `%` (call_binop), what a template, macro, block or imported module writes
    out (concat, new_buffer and CappedTemplate), `{{ value }}` (finalize), every filter (the wrapper `_measured_filter` puts around each), the
    methods of texts, lists and dicts and every other call (call), and `str.format` (CappedFormatter). Each face is
    drawn inside `face()`, whose Allowance caps what its template makes in all and the processor time its loops,
    macros, filters and calls use (`tick`), in whatever thread draws it."""

    intercepted_binops = frozenset(["*", "**", "+", "%"])
    code_generator_class = CappedCode
    template_class = CappedTemplate

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.filters = {name: _measured_filter(self, name, f) for name, f in self.filters.items()}
        self.globals.update(range=capped_range, lipsum=capped_lipsum)
        self.finalize = self.text_of
        self.face_seconds = face_seconds(os.environ)
        self.budget = CommandBudget(self.face_seconds)  # what this command's faces may spend in all (new_budget())
        self.allowance: Allowance | None = None  # the face being drawn (face())
        self.stop: Callable[[], bool] | None = None  # asks the face being drawn to stop early (stopped_by())
        self._generating = threading.local()  # the syntax tree each thread's compile last made code from (`_compile`)
        self._plain: dict[int, tuple] = {}  # id → (function, its name): pnp's own functions `call` runs plainly (plain_calls)

    def make_globals(self, d):
        """A template's globals as one plain dict: this environment's (set once, as it is made: pnp.layout.templates.Layouts)
        under the template's own. Jinja copies a template's globals into the context of every face drawn with it: a
        dict is copied whole, where Jinja's own ChainMap over the two is walked a key at a time in Python."""
        return {**self.globals, **(d or {})}

    def _parse(self, source, name, filename):
        """Jinja's parser, given a source of at most MAX_TEMPLATE characters (compiling takes time and memory by the tag:
        two million tags took minutes) and refused, not crashed, where tags or brackets nest past what it can follow."""
        if len(source) > MAX_TEMPLATE:
            raise TemplateBeyondReading(f"this template is {len(source):,} characters long (limit {MAX_TEMPLATE:,}): split it into "
                                      "templates that include each other", 1, name, filename)
        parser = Parser(self, source, name, filename)  # as Jinja's own _parse, keeping the parser to say where it stopped
        with _nesting_said(name, filename, lambda: parser.stream.current.lineno):
            return parser.parse()

    def _generate(self, source, name, filename, defer_init=False):
        self._generating.tree = source  # what `_compile`, next in Jinja's compile, says a nesting error at
        with _nesting_said(name, filename, lambda: deepest_line(source)):
            return super()._generate(source, name, filename, defer_init)

    def _compile(self, source, filename):
        tree, self._generating.tree = getattr(self._generating, "tree", None), None
        with _nesting_said(None, filename, lambda: deepest_line(tree) if tree is not None else 1, also=(SyntaxError,)):
            return super()._compile(source, filename)

    def new_budget(self) -> None:
        """Start another command's budget (pnp.layout.growth.CommandBudget): a build, a `watch` save, a `serve` refresh."""
        self.budget = CommandBudget(self.face_seconds)

    def face(self, what: str = "") -> _FaceScope:
        """Draw one face (or one text of a data file), `what`, within a new Allowance; one drawn inside another counts
        against it. Its processor time counts against the command's budget."""
        return _FaceScope(self, what)

    @contextmanager
    def stopped_by(self, stop: Callable[[], bool]):
        """Within the block, a face being drawn stops (raising growth.Interrupted) as soon as `stop()` is true."""
        outer, self.stop = self.stop, stop
        try:
            yield
        finally:
            self.stop = outer

    def made(self, size: int, what: str, needle: str, limit: int = MAX_STRING) -> None:
        """Count a thing of `size` characters or items the template makes (refused past `limit`) against the face's MAX_MADE."""
        if self.allowance is not None:
            self.allowance.add(size, what, needle, limit)
        elif size > limit:
            raise too_long(what, size, limit, needle)

    @staticmethod
    def fits(size: int, what: str, needle: str, limit: int = MAX_STRING) -> None:
        """Refuse a thing that would be `size` long before it is made (what it turns out to be is counted after)."""
        if size > limit:
            raise too_long(what, size, limit, needle)

    def tick(self) -> None:
        if self.allowance is not None:
            self.allowance.tick()

    def new_buffer(self) -> Buffer:
        """The buffer a macro, `caller()` or block writes into; making one is a step of the face's work (`tick`)."""
        self.tick()
        return Buffer(self)

    def text_of(self, value) -> str:
        """`{{ value }}` and `~`: a value's text, measured before it is made (a list may hold one long text many times)."""
        if type(value) is str:
            return value
        self.made(text_size(value), "the text of this value", "{{")
        return str(value)

    def call_binop(self, context, operator, left, right):
        self.tick()
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 100:
            raise LayoutError(f"exponent {right} is too large (limit 100)", "**")
        if operator in ("*", "**", "+") and type(left) is int and type(right) is int:
            bits = {"*": left.bit_length() + right.bit_length(), "**": left.bit_length() * abs(right),
                    "+": max(left.bit_length(), right.bit_length()) + 1}[operator]
            if bits > MAX_NUMBER_BITS:
                raise LayoutError(f"this number would have about {bits * 3 // 10:,} digits (limit {MAX_NUMBER_BITS * 3 // 10:,}): "
                                  f"look for a loop that keeps multiplying", operator)
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, SEQUENCES) and isinstance(n, int) and len(seq) * n > MAX_STRING:
                    raise LayoutError(f"repeating a text or list {n} times is too large (limit {MAX_STRING:,} items)", "*")
        if operator == "+" and isinstance(left, SEQUENCES):
            self.made(sized(left) + sized(right), "adding these with +", "+")
        if operator == "%" and isinstance(left, TEXTS):
            self.fits(printf_size(left, right), "text made by %", "%")
        result = super().call_binop(context, operator, left, right)
        if operator in ("*", "%"):
            self.made(sized(result), "text or list made by " + operator, operator)
        return result

    def join_text(self, parts) -> str:
        """`a ~ b ~ c`: the parts as text, joined once their length is counted."""
        texts = [self.text_of(p) for p in parts]
        self.made(sum(map(len, texts)), "joining text with ~", "~")
        return "".join(texts)

    def concat(self, pieces) -> str:
        """What a template, macro or block writes out, joined; it stops the template where its output passes MAX_OUTPUT."""
        if isinstance(pieces, Buffer):
            return "".join(pieces)  # counted as it was written
        if isinstance(pieces, list):
            size = sum(len(p) for p in pieces)
            if size > MAX_OUTPUT:
                raise too_long("the text this writes out", size, MAX_OUTPUT, "{{")
            self.made(size, "the text this writes out", "{{", MAX_OUTPUT)
            return "".join(pieces)
        out, size = [], 0
        for piece in pieces:
            if not piece:  # a drawing call's output: nothing to count or keep
                continue
            size += len(piece)
            try:
                if size > MAX_OUTPUT:
                    raise too_long("the text this template writes out", size, MAX_OUTPUT, "{{")
                self.made(len(piece), "the text this template writes out", "{{", MAX_OUTPUT)
            except LayoutError as problem:
                if hasattr(pieces, "throw"):
                    pieces.throw(problem)  # raised inside the template, at the line that wrote past the cap
                raise
            out.append(piece)
        return "".join(out)

    def wrap_str_format(self, value):
        """Jinja's safe `str.format`, each field measured before it is filled (CappedFormatter)."""
        if super().wrap_str_format(value) is None:  # Jinja decides which calls are a text's format
            return None
        text, as_map = value.__self__, value.__name__ == "format_map"
        formatter = CappedEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup) else CappedFormatter(self)

        def fill(*args, **kwargs):
            if as_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument and no keyword arguments")
                args, kwargs = (), args[0]
            return type(text)(formatter.vformat(text, args, kwargs))

        return update_wrapper(fill, value)

    def plain_calls(self, functions: dict) -> None:
        """Mark pnp's own drawing functions and helpers (those a template is given as globals): `call` runs them
        without the checks that can only ever pass for them, which are most of a drawing call's cost in the sandbox.
        Only a function that passes those checks now, and always will, is marked: one Jinja does not mark unsafe, that
        takes no context from Jinja, and is not a method of a text, list, dict or set (whose calls are measured)."""
        for f in functions.values():
            owner = getattr(f, "__self__", None)
            takes_context = any(hasattr(g, "jinja_pass_arg") for g in (f, type(f).__call__))  # as Context.call asks
            if callable(f) and self.is_safe_callable(f) and not takes_context and not isinstance(owner, (*TEXTS, list, dict, set)) \
                    and getattr(f, "__name__", "") != "join":
                self._plain[id(f)] = (f, getattr(f, "__name__", "") or "(")

    def call(self, context, obj, /, *args, **kwargs):
        """Every call a template makes: a method that would grow its text, list or dict past the caps is refused before
        it runs, what it added or returned is counted after. pnp's own drawing functions skip the checks that cannot
        refuse them (plain_calls): each is still a step of the face's work, and what it returns is still counted."""
        plain = self._plain.get(id(obj))
        if plain is not None and plain[0] is obj:
            return self._plainly(obj, plain[1], args, kwargs)
        self.tick()
        owner, name = getattr(obj, "__self__", None), getattr(obj, "__name__", "")
        growing = name in GROWING_METHODS and isinstance(owner, (list, dict, set))
        if growing or name == "join":  # what is added or joined is measured: a one-off iterator is made a bounded list first
            args = tuple(bounded_items(a, name) if isinstance(a, Iterator) else a for a in args)
        named = {k: v for k, v in kwargs.items() if k not in _JINJA_NAMES} if kwargs else kwargs
        size, what = method_size(owner, name, args, named)
        self.fits(size, what, name)
        before = len(owner) if growing else 0
        result = super().call(context, obj, *args, **kwargs)
        if growing:
            self.made(len(owner) - before, what, name)
        elif result is not owner and sized(result):
            self.made(sized(result), "a call's result", name or "(")
        return result

    def call_out(self, context, obj, /, *args, **kwargs) -> str:
        """`{{ f(...) }}`: the call, its result as `{{ }}` writes it (`text_of`); CappedCode writes it for every call a
        template outputs. A drawing call's empty text is its result as it is."""
        plain = self._plain.get(id(obj))
        if plain is not None and plain[0] is obj:
            result = self._plainly(obj, plain[1], args, kwargs)
            return result if type(result) is str else self.text_of(result)
        return self.text_of(self.call(context, obj, *args, **kwargs))

    def _plainly(self, obj, name: str, args: tuple, kwargs: dict):
        """A call of one of pnp's own functions (plain_calls): a step of the face's work, its result counted."""
        allowance = self.allowance
        if allowance is not None:
            allowance.tick()
        if "_loop_vars" in kwargs or "_block_vars" in kwargs:  # what Jinja hands a call in a loop or block, for its own use (as Context.call drops them)
            kwargs.pop("_loop_vars", None)
            kwargs.pop("_block_vars", None)
        try:
            result = obj(*args, **kwargs)
        except StopIteration:  # as Jinja's Context.call: a StopIteration must not end the template's loop
            return self.undefined("value was undefined because a callable raised a StopIteration exception")
        size = len(result) if type(result) is str else sized(result)  # a drawing call's text is empty: nothing made
        if size:
            self.made(size, "a call's result", name)
        return result

    def getattr(self, obj, attribute):
        # `card.name` is most of a template's attribute lookups. A Fields object holds
        # only data, so its fields need none of the sandbox's checks; anything else
        # (methods, underscore names) still goes through them.
        if type(obj) is Fields and type(attribute) is str:
            value = obj._data.get(attribute, _ABSENT)
            if value is not _ABSENT:
                if obj._source is not None:  # a card shown outside its sheet records the field (pnp.data.fields.CardReads)
                    obj.read(attribute)
                return wrap(value, f"{obj._what}.{attribute}") if isinstance(value, (dict, list)) else value  # a text or number as it is
        return super().getattr(obj, attribute)


class _FaceScope:
    """`Sandbox.face`'s block: a class, not a generator's context manager, as every face of a deck opens one (a
    generator's cost more than the Allowance it holds)."""

    __slots__ = ("env", "outer", "what")

    def __init__(self, env: Sandbox, what: str):
        self.env, self.what = env, what

    def __enter__(self) -> None:
        env = self.env
        self.outer = env.allowance
        if self.outer is None:
            env.allowance = Allowance(env.face_seconds, env.stop, env.budget, self.what)

    def __exit__(self, *exc) -> None:
        env = self.env
        try:
            if self.outer is None:
                env.allowance.end()
        finally:
            env.allowance = self.outer


_ABSENT = object()
_JINJA_NAMES = frozenset({"_loop_vars", "_block_vars"})  # what Jinja's code hands every call in a loop or block, for its own use
_CONTEXTS = (jinja2.runtime.Context, jinja2.nodes.EvalContext, jinja2.Environment)


def _measured_filter(env: Sandbox, name: str, f):
    """Filter `f`, measured: an iterator it is given is taken as a list of at most MAX_STRING items first, what it would
    make is measured from its arguments before it runs (growth.FILTER_SIZES), and what it made is counted after."""
    size_of = FILTER_SIZES.get(name)
    try:
        signature = inspect.signature(f) if size_of is not None else None
    except (TypeError, ValueError):
        signature = None
    # Jinja's filters that also run async show the signature of their plain version, without the context they are passed
    bind_all = signature is not None and next(iter(signature.parameters), "") in ("environment", "env", "eval_ctx", "context")

    def measured(*args, **kwargs):
        env.tick()
        lead = next((i for i, a in enumerate(args) if not isinstance(a, _CONTEXTS)), len(args))
        if lead < len(args) and isinstance(args[lead], Iterator):
            args = (*args[:lead], bounded_items(args[lead], name), *args[lead + 1:])
        if name in SIZED_BY_VALUE and lead == len(args) - 1 and not kwargs:  # the value alone: what binding it would measure
            env.fits(text_size(args[lead]), f"what the {name} filter makes", name)
        elif signature is not None:
            try:
                bound = signature.bind(*(args if bind_all else args[lead:]), **kwargs)
            except TypeError:
                bound = None  # the filter says what is wrong with its arguments
            if bound is not None:
                bound.apply_defaults()
                env.fits(size_of(bound.arguments), f"what the {name} filter makes", name)
        elif name in TEXT_POSITIONAL and lead < len(args):
            env.fits(text_size(args[lead]), f"what the {name} filter makes", name)
        result = f(*args, **kwargs)
        if sized(result):
            env.made(sized(result), f"what the {name} filter makes", name)
        return result

    if hasattr(f, "jinja_pass_arg"):  # pass_context / pass_eval_context / pass_environment
        measured.jinja_pass_arg = f.jinja_pass_arg
    return update_wrapper(measured, f)


def capped_lipsum(n=5, html=True, min=20, max=100):
    """Jinja's `lipsum`, refused before it writes more than MAX_STRING characters (a word is at most 12 with its space)."""
    words = (n if isinstance(n, int) else 0) * (max if isinstance(max, int) else 0)
    Sandbox.fits(words * 12, "placeholder text made by lipsum", "lipsum")
    return generate_lorem_ipsum(n, html, min, max)


def capped_range(*args):
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise LayoutError(f"range of {len(r):,} is too long (limit {MAX_RANGE:,})", "range")
    return r


def running_line(exc: BaseException, template_dirs) -> tuple[str, int] | None:
    """The template file and line a face was running when `exc` stopped it, if in one of `template_dirs`. Jinja rewrites
    the traceback of an Exception to its templates' lines; of a BaseException (growth's OverBudget) it does not, so
    each frame of compiled template code is mapped back here as Jinja maps it."""
    tb, at = exc.__traceback__, None
    while tb is not None:
        template = tb.tb_frame.f_globals.get("__jinja_template__")
        if template is not None and template.filename and any(template.filename.startswith(str(d)) for d in template_dirs):
            at = (template.filename, template.get_corresponding_lineno(tb.tb_lineno))
        tb = tb.tb_next
    return at
