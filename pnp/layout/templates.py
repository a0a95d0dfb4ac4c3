"""Run layout templates: Jinja in a sandbox, whose drawing calls record elements.

A template is parsed once and rendered per face. Its drawing functions
(`rect`, `text`, `icon`, …) append plain tuples to the face being recorded,
so a face is a hashable value: identical faces are drawn once and placed many
times. Text is fitted while recording, so an overflow is reported at the
template line that asked for it.
"""
from __future__ import annotations

import hashlib
import inspect
import io
import math
import pickle
import re
import signal
import sys
import threading
import traceback
from contextlib import contextmanager, suppress
from functools import lru_cache
from pathlib import Path

import jinja2
import jinja2.meta
from jinja2.bccache import FileSystemBytecodeCache
from jinja2.sandbox import SandboxedEnvironment
from reportlab.lib import colors as rl_colors

from pnp.core.errors import Finding, LayoutError, Loc, PnpError, did_you_mean, error, warning
from pnp.core.files import write_atomic
from pnp.core.units import PT_PER_MM
from pnp.data.fields import Fields, wrap
from pnp.data.source import LocDict, LocList
from pnp.layout import markup
from pnp.layout.elements import Circle, Ellipse, Face, Group, Icon, Image, Line, Polygon, Rect, Text
from pnp.layout.fonts import FontBook
from pnp.layout.icons import IconLibrary
from pnp.layout.inspect import RECTANGLE, Cut, safe_area_breaches, safe_area_finding
from pnp.layout.typeset import IconInk, IconOp, Laid, Typesetter

SHRUNK_BELOW_PT = 7.0  # a text fitted smaller than this is hard to read at arm's length: say so
SHRUNK_BELOW_SHARE = 0.75  # or one fitted below three quarters of the size its template asked for
MAX_ELEMENTS_PER_FACE = 50_000
MAX_RANGE = 10_000
MAX_STRING = 100_000
CONDENSE_AFTER = 0.15  # a title shrinks this much in its own face before it switches to the condensed one
FACE_SECONDS = 10  # a template that takes longer than this on one face is looping away


class MarkupError(LayoutError):
    """Rich text with unknown names or unclosed marks; reported at the data that holds the text."""

    def __init__(self, problems: list[markup.Problem]):
        super().__init__("; ".join(p.message for p in problems), problems[0].token)
        self.problems = problems


class _Undefined(jinja2.StrictUndefined):
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


class _ProjectLoader(jinja2.FileSystemLoader):
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


class CompiledTemplates(FileSystemBytecodeCache):
    """Compiled templates kept across runs in a folder (the build cache's), so a rebuild skips Jinja's compiler.

    Jinja checks an entry against the template's source (a hash of it) and the
    Python version; the key adds what else shapes the compiled code: Jinja's
    version and the environment's settings and pnp's own template code (the
    sandbox, the syntax options), so an upgrade never runs stale code."""

    def __init__(self, folder: Path, environment_key: str):
        folder.mkdir(parents=True, exist_ok=True)
        super().__init__(str(folder), "%s.jinja")
        self.folder = folder
        self.environment_key = environment_key

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha256(f"{self.environment_key}|{name}|{filename}".encode()).hexdigest()

    def load_bytecode(self, bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # a damaged entry costs one compilation, never the build
            bucket.reset()

    def tree(self, env: jinja2.Environment, name: str, source: str, parse) -> jinja2.nodes.Template:
        """Template `name`'s syntax tree for `source`, kept beside its compiled code: a rebuild's checks (which
        templates a template runs, which fields it reads) then parse nothing. `parse()` makes it when none is kept."""
        key = hashlib.sha256(f"{self.environment_key}|tree|{name}|".encode() + source.encode("utf-8")).hexdigest()
        path = self.folder / f"{key}.tree"
        try:
            return _TreeUnpickler(io.BytesIO(path.read_bytes()), env).load()
        except Exception:  # none kept yet, or damaged: parse (a syntax error is raised as ever)
            pass
        tree = parse()
        out = io.BytesIO()
        _TreePickler(out, env).dump(tree)
        with suppress(OSError):
            write_atomic(path, out.getvalue(), durable=False)  # a tree a crash cut short fails to load above: it is parsed again
        return tree

    def text_code(self, env: jinja2.Environment, source: str):
        """The compiled code of a template written inside a data file (a rulebook, a reference section), kept by its
        text, so a rebuild that lays a rulebook out again skips Jinja's compiler as it does for template files."""
        bucket = self.get_bucket(env, "text|" + hashlib.sha256(source.encode("utf-8")).hexdigest(), None, source)
        if bucket.code is None:
            bucket.code = env.compile(source)
            with suppress(OSError):
                self.set_bucket(bucket)
        return bucket.code


class _TreePickler(pickle.Pickler):
    """Pickles a syntax tree without its Environment (every node points at it): the loading run's own goes back in."""

    def __init__(self, file, env):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.env = env

    def persistent_id(self, obj):
        return "environment" if obj is self.env else None


class _TreeUnpickler(pickle.Unpickler):
    def __init__(self, file, env):
        super().__init__(file)
        self.env = env

    def persistent_load(self, pid):
        if pid != "environment":
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self.env


def environment_key(env: jinja2.Environment) -> str:
    """What besides a template's source decides its compiled code: Jinja, Python, the environment's options and this module."""
    settings = (jinja2.__version__, sys.version, type(env).__qualname__, env.block_start_string, env.block_end_string, env.variable_start_string,
                env.variable_end_string, env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
                env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized, env.is_async,
                sorted(env.extensions), sorted(getattr(env, "intercepted_binops", ())), sorted(getattr(env, "intercepted_unops", ())))
    return hashlib.sha256(repr(settings).encode() + Path(__file__).read_bytes()).hexdigest()


class _Sandbox(SandboxedEnvironment):
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


def _capped_range(*args):
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


_NAMED = {name.lower(): value.hexval()[2:] for name, value in rl_colors.getAllNamedColors().items()}


class Palette:
    """Colour names of one game, resolved to '#rrggbb' strings."""

    def __init__(self, colours: dict[str, str]):
        self.colours = {k: v.lower() for k, v in colours.items()}
        self._resolve_text = lru_cache(maxsize=4096)(self._resolve_uncached)

    def is_colour(self, name: str) -> bool:
        return name in self.colours or name.startswith("#") or name.lower() in _NAMED

    def resolve(self, value) -> str | None:
        if value is None:
            return None
        if isinstance(value, (list, tuple)) and len(value) == 3:
            return "#{:02x}{:02x}{:02x}".format(*tuple(int(v) for v in value))
        return self._resolve_text(value)

    def _resolve_uncached(self, value) -> str | None:
        text = str(value).strip()
        if text.lower() == "none":
            out = None
        elif text in self.colours:
            out = self.colours[text]
        elif re.fullmatch(r"#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?", text):
            out = text.lower()
        elif re.fullmatch(r"#[0-9a-fA-F]{3}", text):
            out = "#" + "".join(c * 2 for c in text[1:]).lower()
        elif text.lower() in _NAMED:
            out = "#" + _NAMED[text.lower()]
        else:
            raise LayoutError(f"unknown colour '{text}'{did_you_mean(text, self.colours)}: use a palette name or #rrggbb", text)
        return out


_WHOLE = tuple(float(n) for n in range(1024))  # one float object for each small whole number: templates write them on every face


def to_number(value, name) -> float:
    kind = type(value)
    if kind is int:
        return _WHOLE[value] if 0 <= value < len(_WHOLE) else float(value)
    if kind is not float and (isinstance(value, bool) or not isinstance(value, (int, float))):
        if isinstance(value, str):
            raise LayoutError(f"{name} is the text {value!r}, not a number: write it without quotes in the data, or add |float in the template", name)
        raise LayoutError(f"{name} must be a number, got {value!r}", name)
    if not math.isfinite(value):
        raise LayoutError(f"{name} must be a finite number, got {value!r}", name)
    return float(value)


class Recorder:
    """The drawing functions templates call; they append elements to the current face."""

    def __init__(self, layouts: Layouts):
        self.layouts = layouts
        self.game: GameLayouts | None = None  # the game whose face is being recorded
        self.stack: list[list] = [[]]
        self.icons: set = set()
        self.count = 0
        self._lines: dict[tuple[str, int], Loc] = {}  # template lines already located, while tracing

    def reset(self, game: GameLayouts) -> None:
        self.game = game
        self.shrunk: list[tuple] = []  # (asked pt, fitted pt, w, h, text, (template file, line)) of texts fitted much smaller
        self.stack = [[]]
        self.icons = set()
        self.count = 0

    def _add(self, element):
        self.count += 1
        if self.count > MAX_ELEMENTS_PER_FACE:
            raise LayoutError(f"more than {MAX_ELEMENTS_PER_FACE:,} elements on one face")
        self.stack[-1].append(element)
        origins = self.layouts.origins
        if origins is not None and element not in origins:
            origins[element] = self._template_line()
        return ""

    def _template_line(self) -> Loc | None:
        """The template line drawing right now: the innermost frame of compiled template code, mapped back to its source."""
        frame = sys._getframe(2)
        while frame is not None:
            template = frame.f_globals.get("__jinja_template__")
            if template is not None and template.filename:
                key = (template.filename, template.get_corresponding_lineno(frame.f_lineno))
                loc = self._lines.get(key)
                if loc is None:
                    loc = self._lines[key] = self.layouts._loc(*key, None)
                return loc
            frame = frame.f_back
        return None

    def _colour(self, value):
        return self.game.palette.resolve(value)

    # The drawing functions -------------------------------------------------
    def rect(self, x, y, w, h, fill=None, stroke=None, stroke_width=0.3, radius=0, dash=None, edge=False):
        return self._add(Rect(to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h"), self._colour(fill), self._colour(stroke), to_number(stroke_width, "stroke_width"), to_number(radius, "radius"), _dash(dash), bool(edge)))

    def line(self, x1, y1, x2, y2, stroke="ink", stroke_width=0.3, dash=None, edge=False):
        return self._add(Line(to_number(x1, "x1"), to_number(y1, "y1"), to_number(x2, "x2"), to_number(y2, "y2"), self._colour(stroke) or "#000000", to_number(stroke_width, "stroke_width"), _dash(dash), bool(edge)))

    def circle(self, cx, cy, r, fill=None, stroke=None, stroke_width=0.3, dash=None, edge=False):
        return self._add(Circle(to_number(cx, "cx"), to_number(cy, "cy"), to_number(r, "r"), self._colour(fill), self._colour(stroke), to_number(stroke_width, "stroke_width"), _dash(dash), bool(edge)))

    def ellipse(self, x, y, w, h, fill=None, stroke=None, stroke_width=0.3, edge=False):
        return self._add(Ellipse(to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h"), self._colour(fill), self._colour(stroke), to_number(stroke_width, "stroke_width"), bool(edge)))

    def polygon(self, points, fill=None, stroke=None, stroke_width=0.3, closed=True, edge=False):
        try:
            pts = tuple((to_number(p[0], "x"), to_number(p[1], "y")) for p in points)
        except (TypeError, IndexError, KeyError):
            raise LayoutError("polygon points must be a list of [x, y] pairs", "polygon") from None
        if len(pts) < 2:
            raise LayoutError("a polygon needs at least two points", "polygon")
        return self._add(Polygon(pts, self._colour(fill), self._colour(stroke), to_number(stroke_width, "stroke_width"), bool(closed), bool(edge)))

    def text(self, content, x, y, w, h, size=9, min_size=5, font="body", bold=False, italic=False, color="ink", align="left", valign="top", leading=1.2,
             condense=None, decoration=False, edge=False):
        x, y, w, h = to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h")
        size, min_size = to_number(size, "size"), to_number(min_size, "min_size")
        if align not in ("left", "center", "right"):
            raise LayoutError(f"align must be left, center or right, got '{align}'", "align")
        if valign not in ("top", "middle", "bottom"):
            raise LayoutError(f"valign must be top, middle or bottom, got '{valign}'", "valign")
        if not 0.5 <= size <= 400 or min_size > size:
            raise LayoutError(f"size must be between 0.5 and 400 pt and at least min_size, got {size}", "size")
        content = "" if content is None else str(content)
        if len(content) > MAX_STRING:
            raise LayoutError(f"text is {len(content):,} characters long (limit {MAX_STRING:,})", "text")
        condense = font == "title" if condense is None else bool(condense)  # titles condense rather than wrap, unless told not to
        laid = self.game.set_text(content, w, h, size, min_size, font, bool(bold), bool(italic), self._colour(color) or "#000000", align, valign, float(leading),
                                  condense)
        for op in laid.ops:
            if type(op) is IconOp:
                self.icons.add((op.icon, op.color))
        if laid.size < size and (laid.size < SHRUNK_BELOW_PT or laid.size < SHRUNK_BELOW_SHARE * size):
            self.shrunk.append((size, laid.size, w, h, markup.plain(content)[:40], _template_line()))
        return self._add(Text(x, y, laid.ops, bool(decoration), bool(edge)))

    def image(self, path, x, y, w, h, fit="contain"):
        if fit not in ("contain", "cover", "stretch"):
            raise LayoutError(f"fit must be contain, cover or stretch, got '{fit}'", "fit")
        checked = self.game.check_image(str(path))
        return self._add(Image(checked, to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h"), fit))

    def icon(self, name, x, y, size=None, w=None, h=None, color=None, decoration=False, edge=False):
        name = str(name)
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", name):
            raise LayoutError(f"icon name '{name}' may hold only letters, digits, '-' and '_'", "icon")
        if not self.game.icons.exists(name):
            raise LayoutError(f"unknown icon '{name}'{did_you_mean(name, self.game.icons.names())}: add templates/icons/{name}.svg", name)
        side = to_number(size if size is not None else (w or h or 5), "size")
        w = to_number(w, "w") if w is not None else side
        h = to_number(h, "h") if h is not None else side
        colour = self._colour(color)
        self.icons.add((name, colour))
        return self._add(Icon(name, colour, to_number(x, "x"), to_number(y, "y"), w, h, bool(decoration), bool(edge)))

    def repeat(self, n, icon, x, y, size, dx=None, dy=0, color=None, decoration=False, edge=False):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
            raise LayoutError(f"repeat needs a whole number of copies between 0 and 1000, got {n!r}", "repeat")
        step_x = size * 1.1 if dx is None else to_number(dx, "dx")
        for i in range(n):
            self.icon(icon, x + i * step_x, y + i * to_number(dy, "dy"), size, color=color, decoration=decoration, edge=edge)
        return ""

    def group(self, x=0, y=0, rotate=0, scale=1, caller=None):
        self.stack.append([])
        try:
            if caller is not None:
                caller()
        finally:
            children = tuple(self.stack.pop())
        return self._add(Group(to_number(x, "x"), to_number(y, "y"), to_number(rotate, "rotate"), to_number(scale, "scale"), children))


def _dash(value):
    if value in (None, False):
        return None
    try:
        return tuple(float(v) for v in value)
    except TypeError:
        raise LayoutError("dash must be a list of lengths, like [2, 1]", "dash") from None


FITTED_TEXTS = 4096  # fitted texts a game remembers, the most recently used: a deck's repeated texts stay, its 10,000 titles pass
MAX_KEPT_TEXTS = 500  # compiled texts of data files one process keeps (a game has a rulebook and a few dozen reference sections)


class Layouts:
    """The template environment of one project: sandbox, template cache and fonts, shared by its games.

    Per-game state (palette, font roles, icons, fitted texts) lives in the
    `GameLayouts` that `for_game` returns; only its `render` points the drawing
    functions at that game, for the length of one face."""

    def __init__(self, root: Path, template_dirs: list[Path], fonts: FontBook, helpers=None, files_read=None):
        self.root = root
        self.files_read = files_read  # a pnp.core.files.FilesRead told of every template file a face runs
        self.template_dirs = template_dirs
        self.fonts = fonts
        self.typesetter = Typesetter(fonts)
        self.recorder = Recorder(self)
        self.env = _Sandbox(
            loader=_ProjectLoader([str(d) for d in template_dirs], parsed=self.parsed),
            undefined=_Undefined,
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            extensions=["jinja2.ext.loopcontrols", "jinja2.ext.do"],
            optimized=False,  # the compiler's constant folding rewrites the tree in place, and the checks read the same tree
        )
        rec = self.recorder
        self.env.globals.update(
            rect=rec.rect, line=rec.line, circle=rec.circle, ellipse=rec.ellipse, polygon=rec.polygon,
            text=rec.text, image=rec.image, icon=rec.icon, repeat=rec.repeat, group=rec.group, range=_capped_range,
        )
        if helpers:
            self.env.globals.update(helpers(rec))
        self._templates: dict[str, jinja2.Template] = {}
        self._reads: dict[tuple, bool] = {}
        self._files: dict[str, tuple[str, ...]] = {}
        self._asts: dict[str, tuple[str, jinja2.nodes.Template]] = {}
        self._texts: dict[str, object] = {}  # text → compiled code of templates written in data files (see from_text)
        self.template_warnings: list = []
        self.origins: dict | None = None  # element → template line that drew it, while tracing

    def new_run(self) -> None:
        """Start another build with this environment: a long-lived process keeps it while no template, icon or font
        changes. Templates stay compiled and parsed, but each is taken up again on its first use, so what its
        compiling warned of is warned of again; the warnings list starts empty, as a new environment's would."""
        self._templates.clear()
        self.template_warnings.clear()

    def from_text(self, source: str) -> jinja2.Template:
        """A template written inside a data file (a rulebook, a reference section), compiled once per text: in this
        process, and across runs once `keep_compiled` names a folder. Its code is named `<template>`, as Jinja's
        `from_string` names it, which is how an error in it is traced back to its line."""
        code = self._texts.get(source)
        if code is None:
            cache = self.env.bytecode_cache
            code = cache.text_code(self.env, source) if isinstance(cache, CompiledTemplates) else self.env.compile(source)
            if len(self._texts) >= MAX_KEPT_TEXTS:  # a long `pnp watch` sees every version of a rulebook being written
                self._texts.clear()
            self._texts[source] = code
        return self.env.template_class.from_code(self.env, code, self.env.make_globals(None))

    def keep_compiled(self, folder: Path) -> None:
        """Keep compiled templates in `folder` across runs (see CompiledTemplates); the build calls it with its cache folder."""
        current = self.env.bytecode_cache
        if current is None or current.folder != folder:
            self.env.bytecode_cache = CompiledTemplates(folder, environment_key(self.env))

    @contextmanager
    def tracing(self):
        """Remember, for every element recorded inside the block, the template line that drew it (slow: checks only)."""
        self.origins = {}
        try:
            yield self.origins
        finally:
            self.origins = None

    def for_game(self, palette: dict, font_roles: dict, icons: IconLibrary, image_checker=None) -> GameLayouts:
        """The layouts bound to one game's palette, font roles and icons."""
        return GameLayouts(self, Palette(palette), dict(font_roles), icons, image_checker)

    def reads(self, name: str, variable: str) -> bool:
        """Whether template `name` (or any template it extends, includes or imports) uses `variable`.

        A back that never reads `card` is the same for every card of a deck,
        so the build renders it once instead of once per card."""
        key = (name, variable)
        hit = self._reads.get(key)
        if hit is None:
            hit = self._reads[key] = self._reads_uncached(name, variable, set())
        return hit

    def _reads_uncached(self, name: str, variable: str, seen: set) -> bool:
        if name in seen:
            return False
        seen.add(name)
        _, ast = self.parsed(name)
        # Any load of the name, though a loop or `set` may shadow it: a wrong "reads" only renders a shared side once per
        # item, and this walk costs a hundredth of Jinja's find_undeclared_variables (a whole code generation).
        if any(node.name == variable and node.ctx == "load" for node in ast.find_all(jinja2.nodes.Name)):
            return True
        return any(ref is None or self._reads_uncached(ref, variable, seen) for ref in jinja2.meta.find_referenced_templates(ast))

    def parsed(self, name: str) -> tuple[str, jinja2.nodes.Template]:
        """(file name, syntax tree) of template `name`, parsed once per run."""
        hit = self._asts.get(name)
        if hit is None:
            source, filename, _ = self.env.loader.get_source(self.env, name)
            cache = self.env.bytecode_cache
            if isinstance(cache, CompiledTemplates):
                tree = cache.tree(self.env, name, source, lambda: self.env.parse(source, name, filename))
            else:
                tree = self.env.parse(source, name, filename)
            hit = self._asts[name] = (filename, tree)
        return hit

    def files_of(self, name: str) -> tuple[str, ...]:
        """The files template `name` runs: itself and every template it extends, includes or imports (by constant name)."""
        files = self._files.get(name)
        if files is None:
            found: dict[str, None] = {}
            self._collect_files(name, found, set())
            files = self._files[name] = tuple(found)
        return files

    def _collect_files(self, name: str, found: dict, seen: set) -> None:
        if name in seen:
            return
        seen.add(name)
        try:
            filename, ast = self.parsed(name)
        except (jinja2.TemplateNotFound, jinja2.TemplateSyntaxError, LayoutError):
            return
        found[filename] = None
        for ref in jinja2.meta.find_referenced_templates(ast):
            if ref is not None:
                self._collect_files(ref, found, seen)

    def template(self, name: str) -> jinja2.Template:
        """Template `name`, compiled once per run (Jinja's own cache also serves `extends` and `include`)."""
        tmpl = self._templates.get(name)
        if tmpl is None:
            tmpl = self._templates[name] = self.env.get_template(name)
            self._note_ignored_content(name, tmpl.filename)
        return tmpl

    def _note_ignored_content(self, name: str, filename: str) -> None:
        """Warn about drawing calls a child template makes outside its blocks: Jinja never runs them."""
        _, ast = self.parsed(name)
        if not any(isinstance(node, jinja2.nodes.Extends) for node in ast.body):
            return
        for node in ast.body:
            if isinstance(node, jinja2.nodes.Output) and any(
                not (isinstance(child, jinja2.nodes.TemplateData) and not child.data.strip()) for child in node.nodes
            ):
                self.template_warnings.append(
                    warning("template-ignored", "this template extends another, so what it draws outside {% block %} is never drawn: move it into a block", self._loc(filename, node.lineno, None))
                )

    def render(self, game_layouts: GameLayouts, name: str, context: dict, w: float, h: float, bleed: float, what: str, ref_loc: Loc, game: str = "",
               cut: Cut = RECTANGLE) -> Face:
        """Render one face with one game's style; any problem becomes a PnpError at the template line (or `ref_loc`).

        Words, icons and rules within the safe area of its `cut` are warned about
        at the template line that drew them: a face with such a breach is drawn
        again with tracing on to find that line (the others never pay for it)."""
        kept = len(self.template_warnings)
        face = self._render(game_layouts, name, context, w, h, bleed, what, ref_loc, game)
        breaches = safe_area_breaches(face, cut)
        if not breaches:
            return face
        if self.origins is None:
            del self.template_warnings[kept:]  # the traced drawing reports them again
            with self.tracing():
                return self.render(game_layouts, name, context, w, h, bleed, what, ref_loc, game, cut)
        piece = _piece_loc(context) or ref_loc
        self.template_warnings.extend(safe_area_finding(b, self.origins.get(b.element) or ref_loc, what, piece, game) for b in breaches)
        return face

    def _render(self, game_layouts: GameLayouts, name: str, context: dict, w: float, h: float, bleed: float, what: str, ref_loc: Loc, game: str) -> Face:
        """Render one face with one game's style; any problem becomes a PnpError at the template line (or `ref_loc`)."""
        rec = self.recorder
        rec.reset(game_layouts)
        try:
            tmpl = self.template(name)
            if self.files_read is not None:
                self.files_read.update(self.files_of(name))
            with time_limit(FACE_SECONDS):
                tmpl.render(context)
        except PnpError:
            raise
        except jinja2.TemplateNotFound as exc:
            raise PnpError(error("template-missing", f"template '{exc.name}' not found under templates/: check the name", ref_loc, game=game, component=what)) from None
        except jinja2.TemplateSyntaxError as exc:
            loc = self._loc(exc.filename, exc.lineno, None)
            raise PnpError(error("template-syntax", f"template syntax: {exc.message}", loc, game=game, component=what)) from None
        except MarkupError as exc:
            raise PnpError(self._markup_findings(exc, context, ref_loc, what, game)) from None
        except Exception as exc:  # every failure inside a template is the template's input problem
            raise PnpError(self._runtime_finding(exc, ref_loc, what, game)) from None
        if len(rec.stack) != 1:
            rec.stack = [[]]
        self.template_warnings.extend(self._shrunk_findings(rec.shrunk, context, ref_loc, what, game))
        return Face(w, h, bleed, tuple(rec.stack[0]), frozenset(rec.icons))

    def _shrunk_findings(self, shrunk: list[tuple], context: dict, ref_loc: Loc, what: str, game: str) -> list[Finding]:
        """A warning per text fitted much smaller than asked, at the data field it shows (else the template line)."""
        out = []
        for asked, fitted, w, h, snippet, (filename, line) in shrunk:
            drawn_at = self._loc(filename, line, None) if filename else ref_loc
            field, data_loc = _data_holding(context, snippet) if snippet else ("", None)
            where = f"{field}: " if field else ""
            out.append(warning("text-shrunk", f"{where}text shrinks from {asked:g} pt to {fitted:g} pt to fit its {w:g} × {h:g} mm box ('{snippet}…'): "
                                              f"shorten it, enlarge the box, or ask for a smaller size (drawn at {drawn_at})", data_loc or drawn_at, game=game, component=what))
        return out

    def _markup_findings(self, exc: MarkupError, context: dict, ref_loc: Loc, what: str, game: str) -> list:
        """One error per markup problem, at the data field that holds the text (file:line:col), naming the template line that drew it."""
        drawn_at = self._template_loc(exc, exc.needle, ref_loc)
        out = []
        for problem in exc.problems:
            field, loc = _data_holding(context, problem.token)
            where = f"{field}: " if field else ""
            drawn = f" (drawn at {drawn_at})" if loc is not None else ""
            loc = self._column_of(loc, problem.token) if loc is not None else drawn_at
            out.append(error(problem.code, f"{where}{problem.message}{drawn}", loc, game=game, component=what))
        return out

    def _column_of(self, loc: Loc, token: str) -> Loc:
        """`loc` moved to where `token` starts on its line, when it is written there."""
        try:
            text = (self.root / loc.path).read_text(encoding="utf-8").splitlines()[loc.line - 1]
        except (OSError, IndexError, UnicodeDecodeError):
            return loc
        found = text.find(token, max(loc.col - 1, 0))
        return loc._replace(col=found + 1) if found >= 0 else loc

    def _template_loc(self, exc, needle, ref_loc: Loc) -> Loc:
        for frame in reversed(traceback.extract_tb(exc.__traceback__)):
            if any(frame.filename.startswith(str(d)) for d in self.template_dirs):
                return self._loc(frame.filename, frame.lineno, needle)
        return ref_loc

    def source_loc(self, rel: str, token: str) -> Loc:
        """Where `token` is first written in the project file `rel` (a rulebook or reference text has no template line)."""
        try:
            lines = (self.root / rel).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            return Loc(rel)
        for number, line in enumerate(lines, 1):
            col = line.find(token)
            if col >= 0:
                return Loc(rel, number, col + 1)
        return Loc(rel)

    def _runtime_finding(self, exc, ref_loc, what, game):
        message = str(exc) if not isinstance(exc, jinja2.UndefinedError) else exc.message
        code = "template-undefined" if isinstance(exc, jinja2.UndefinedError) else "template-error"
        if isinstance(exc, jinja2.exceptions.SecurityError):
            code, message = "template-unsafe", f"not allowed in a template: {message}"
        elif isinstance(exc, LayoutError):
            code = exc.code
        elif isinstance(exc, TypeError) and (unknown := _unknown_argument(str(exc), self.env.globals)):
            code, message = "template-argument", unknown
        elif not isinstance(exc, jinja2.UndefinedError):
            message = f"{type(exc).__name__}: {message}"
        needle = getattr(exc, "needle", None)
        if needle is None:
            m = re.search(r"field '([^']+)'|'([^']+)' is undefined", message)
            needle = (m.group(1) or m.group(2)) if m else None
        loc = ref_loc
        for frame in reversed(traceback.extract_tb(exc.__traceback__)):
            if any(frame.filename.startswith(str(d)) for d in self.template_dirs):
                loc = self._loc(frame.filename, frame.lineno, needle)
                break
        return error(code, message, loc, game=game, component=what)

    def _loc(self, filename: str | None, line: int | None, needle: str | None) -> Loc:
        if not filename:
            return Loc("templates")
        path = Path(filename)
        try:
            rel = str(path.resolve().relative_to(self.root))
        except ValueError:
            rel = str(path)
        col = 1
        try:
            text = path.read_text(encoding="utf-8").splitlines()[line - 1]
            found = text.find(needle) if needle else -1
            col = found + 1 if found >= 0 else len(text) - len(text.lstrip()) + 1
        except (OSError, IndexError, TypeError):
            pass
        return Loc(rel, line or 0, col)


class GameLayouts:
    """One game's view of the project's layouts: its palette, font roles and icons, and the texts fitted with them.

    Made by `Layouts.for_game` and passed down explicitly, so no output can draw
    with another game's colours or fonts, and a fitted text is remembered only
    for the game it was fitted for."""

    def __init__(self, layouts: Layouts, palette: Palette, font_roles: dict[str, str], icons: IconLibrary, image_checker=None):
        self.layouts = layouts
        self.palette = palette
        self.font_roles = font_roles
        self.icons = icons
        self.icon_ink = IconInk(icons)  # inline icons size to the capitals by their drawings' ink
        self.fonts = layouts.fonts
        self.typesetter = layouts.typesetter
        self.env = layouts.env
        self.image_checker = image_checker
        self._fitted = lru_cache(maxsize=FITTED_TEXTS)(self._fit_text)
        self.markup_problems: dict[markup.Problem, None] = {}  # found by page layouts (rulebook, reference), which have no template line

    def check_markup(self, content: str) -> list[markup.Problem]:
        """The markup mistakes of one text, with did-you-mean against this game's palette and icons."""
        if not markup.check(content, self.palette.is_colour, self.icons.exists):
            return []
        return markup.check(content, self.palette.is_colour, self.icons.exists, self.palette.colours, self.icons.names())

    @property
    def template_warnings(self) -> list:
        return self.layouts.template_warnings

    def render(self, name: str, context: dict, w: float, h: float, bleed: float, what: str, ref_loc: Loc, game: str = "", cut: Cut = RECTANGLE) -> Face:
        """Render one face of template `name` to be cut along `cut`; any problem becomes a PnpError at the template line (or `ref_loc`)."""
        return self.layouts.render(self, name, context, w, h, bleed, what, ref_loc, game, cut)

    def reads(self, name: str, variable: str) -> bool:
        return self.layouts.reads(name, variable)

    def tracing(self):
        """See Layouts.tracing."""
        return self.layouts.tracing()

    def family(self, font: str) -> str:
        family = self.font_roles.get(font, font)
        if family not in self.fonts.families:
            choices = list(self.font_roles) + list(self.fonts.families)
            raise LayoutError(f"unknown font '{font}'{did_you_mean(font, choices)}: use a role from game.yaml fonts or a family in fonts/fonts.yaml", font)
        return family

    def set_text(self, content, w, h, size, min_size, font, bold, italic, color, align, valign, leading, condense=False) -> Laid:
        """Fit rich text into a w × h mm box; the same text in the same box is fitted once.

        Decks repeat their texts (ten copies of a rule, a label on every card), and
        a fitted text is an immutable value, so it is remembered for this game."""
        return self._fitted(content, w, h, size, min_size, font, bold, italic, color, align, valign, leading, condense)

    def _fit_text(self, content, w, h, size, min_size, font, bold, italic, color, align, valign, leading, condense) -> Laid:
        family = self.family(font)
        problems = self.check_markup(content)
        if problems:
            raise MarkupError(problems)
        runs = markup.parse(content, self.palette.is_colour, self.icons.exists)
        runs = [r._replace(color=self.palette.resolve(r.color)) if r.color else r for r in runs]
        items = self._items(runs, family, bold, italic, color)
        box = (w * PT_PER_MM, h * PT_PER_MM)
        laid = self.typesetter.fit(items, *box, size, min_size, leading, align, valign)
        if condense:
            lines = markup.plain(content).count("\n") + 1
            if not laid.fits or laid.lines > lines:
                laid = self._condensed(runs, family, bold, italic, color, box, size, min_size, leading, align, valign, lines) or laid
        if not laid.fits:
            snippet = markup.plain(content)[:40]
            raise LayoutError(
                f"text does not fit its {w:g} × {h:g} mm box even at {min_size:g} pt ('{snippet}…'): shorten it, enlarge the box or lower min_size",
                code="text-overflow",
            )
        return laid

    def _items(self, runs, family: str, bold: bool, italic: bool, color: str) -> list:
        missing: set = set()
        items = self.typesetter.items(runs, family, bold, italic, color, missing, self.icon_ink)
        if missing:
            chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(missing))
            raise LayoutError(f"characters missing from font '{family}' and its fallback: {chars}: replace them or choose another font", code="missing-glyph")
        return items

    def condensed_family(self) -> str | None:
        """The family titles condense to: the game's `condensed` font role, else fonts.yaml's `condensed`."""
        family = self.font_roles.get("condensed") or self.fonts.condensed_family
        return family if family in self.fonts.families else None

    def _condensed(self, runs, family, bold, italic, color, box, size, min_size, leading, align, valign, lines) -> Laid | None:
        """A title that wraps or overflows: shrink a little on its own lines, then condense, and wrap only as a last resort.

        The own face shrinks by at most CONDENSE_AFTER before the condensed face is
        tried from the full size: a condensed title near its size reads better than a
        small one, and a title broken over two lines crowds what sits beside it."""
        fit = self.typesetter.fit
        items = self._items(runs, family, bold, italic, color)
        own = fit(items, *box, size, max(min_size, size * (1 - CONDENSE_AFTER)), leading, align, valign, max_lines=lines)
        if own.fits and own.lines <= lines:
            return own
        narrow = self.condensed_family()
        if narrow is None or narrow == family:
            return None
        condensed = self._items(runs, narrow, bold, italic, color)
        one = fit(condensed, *box, size, min_size, leading, align, valign, max_lines=lines)
        if one.fits and one.lines <= lines:
            return one
        own = fit(items, *box, size, min_size, leading, align, valign)
        if own.fits:
            return own
        wrapped = fit(condensed, *box, size, min_size, leading, align, valign)
        return wrapped if wrapped.fits else None

    def check_image(self, path: str) -> tuple:
        if self.image_checker is None:
            raise LayoutError("images are not available here")
        return self.image_checker(path)


# The data a face draws from, in the order a designer would look for a text.
_DATA_NAMES = ("card", "board", "token", "space", "deck", "game")


def _unknown_argument(message: str, functions: dict) -> str | None:
    """'text() has no argument 'colour' (did you mean 'color'?)' for Python's message about a drawing call, else None."""
    m = re.search(r"(\w+)\(\) got an unexpected keyword argument '(\w+)'", message)
    if not m or not callable(functions.get(m.group(1))):
        return None
    function, argument = m.groups()
    try:
        names = [p for p in inspect.signature(functions[function]).parameters if p not in ("caller",)]
    except (TypeError, ValueError):
        return None
    return f"{function}() has no argument '{argument}'{did_you_mean(argument, names)}: it takes {', '.join(names)}"


def _template_line() -> tuple[str | None, int]:
    """(template file, line) of the template code running now: the innermost compiled-template frame on the stack."""
    frame = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            return template.filename, template.get_corresponding_lineno(frame.f_lineno)
        frame = frame.f_back
    return None, 0


def _piece_loc(context: dict) -> Loc | None:
    """Where the card, token or board a face shows is written in the data, or None."""
    for name in ("card", "token", "board"):
        data = getattr(context.get(name), "_data", None)
        if isinstance(data, LocDict):
            return data.loc
    return None


def _data_holding(context: dict, token: str) -> tuple[str, Loc | None]:
    """('card.text', where it is written) for the first data field whose text holds `token`, else ('', None)."""
    for name in _DATA_NAMES:
        fields = context.get(name)
        data = getattr(fields, "_data", None)
        if not isinstance(data, LocDict):
            continue
        for key, value in data.items():
            if isinstance(value, str) and token in value:
                return f"{name}.{key}", data.loc_of(key)
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, str) and token in item:
                        return f"{name}.{key}[{i}]", value.loc_of(i) if isinstance(value, LocList) else data.loc_of(key)
    return "", None
