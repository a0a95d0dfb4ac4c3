"""Drag to edit, the mechanics: each drawn element of a card face with its call, and the text a move or resize makes of it.

A face the designer clicks is drawn again with its calls traced
(Layouts.tracing_calls): each element comes with the drawing call that drew it,
its file and line, and the numbers it received. The call is found in the
template's text (pnp.layout.call_source), and each argument that places the
element is a literal, an expression with a literal term, or an expression
that cannot take a change. A move or resize maps the element's box to its new
box and each placing argument with it, and only the literal terms that change
are rewritten. pnp.serve.editor takes the page's requests and writes.
"""
from __future__ import annotations

import ast
import hashlib
import inspect
import math
import re
from dataclasses import dataclass, field

import jinja2

from pnp.core.files import Refused, inside
from pnp.core.units import SAFE_MM
from pnp.data.project import Project
from pnp.layout import call_source
from pnp.layout.drawing import DrawnBy
from pnp.layout.elements import Circle, Group, Line, Polygon
from pnp.serve.components import shown

# How each drawing call places what it draws: each argument is a point along x or y, a length along x or y, or a
# length along both (`s`: an icon's size, a circle's radius), which a resize scales by the axis that changed more.
GEOMETRY: dict[str, dict[str, str]] = {
    "rect": {"x": "x", "y": "y", "w": "w", "h": "h"},
    "ellipse": {"x": "x", "y": "y", "w": "w", "h": "h"},
    "image": {"x": "x", "y": "y", "w": "w", "h": "h"},
    "text": {"x": "x", "y": "y", "w": "w", "h": "h"},
    "icon": {"x": "x", "y": "y", "w": "w", "h": "h", "size": "s"},
    "repeat": {"x": "x", "y": "y", "size": "s", "dx": "w", "dy": "h"},
    "circle": {"cx": "x", "cy": "y", "r": "s"},
    "line": {"x1": "x", "y1": "y", "x2": "x", "y2": "y"},
    "track": {"x": "x", "y": "y", "w": "w", "h": "h"},  # helpers: what they draw moves as one, by the helper's own call
    "zone": {"x": "x", "y": "y", "w": "w", "h": "h"},
}
HELPERS = frozenset({"track", "zone"})
FACE_WORDS = {"w": "width", "h": "height", "bleed": "bleed", "safe": "safe margin"}
Box = tuple[float, float, float, float]


class Refusal(Exception):
    """An edit not made, with the HTTP status and the sentence the page shows; nothing was written."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Placed:
    """One element of a face as the page selects it: where it is drawn on the face, and the call that drew it."""

    path: str  # its index in the face's elements, with the indices of the groups it lies in: '7', '3.1'
    element: object
    drawn: DrawnBy
    box: Box  # in the template's own coordinates (a group's, inside one)
    face_box: Box  # on the face, in mm from the trim's top-left corner
    scale: float  # how many face millimetres one of the template's make (a scaled group)
    turned: bool  # inside a group turned by some angle: drawn, shown, but not dragged


def placed_elements(elements: tuple, calls: dict) -> list[Placed]:
    """Every element a template call drew, in drawing order (the last on top), groups opened up; what a helper of
    HELPERS drew is one element, its first, placed by the helper's call (a track's spaces move together)."""
    out: list[Placed] = []
    _walk(elements, calls, "", (0.0, 0.0, 1.0, False), out)
    seen: set = set()
    whole = []
    for p in out:
        if p.drawn.function in HELPERS:
            key = (p.drawn.filename, p.drawn.line, p.drawn.function, tuple(sorted(p.drawn.args.items())))
            if key in seen:
                continue
            seen.add(key)
        whole.append(p)
    return whole


def _by_call(drawn: DrawnBy) -> DrawnBy:
    """The call that placed an element: a helper's of HELPERS, which the template made, rather than the drawing call
    inside it."""
    if drawn.helper and drawn.called and drawn.called[0] in HELPERS:
        return DrawnBy(drawn.filename, drawn.line, drawn.called[0], drawn.called[1], "")
    return drawn


def _walk(elements: tuple, calls: dict, prefix: str, at: tuple, out: list[Placed]) -> None:
    gx, gy, gs, turned = at
    for n, element in enumerate(elements):
        path = f"{prefix}{n}"
        if isinstance(element, Group):
            inner = (gx + gs * element.x, gy + gs * element.y, gs * element.scale, turned or element.rotate % 360 != 0)
            _walk(element.children, calls, f"{path}.", inner, out)
            continue
        record = calls.get(id(element))
        if record is None or record[1] is None:  # drawn by pnp itself (a version stamp), not by a template
            continue
        drawn = _by_call(record[1])
        box = _box(element, drawn)
        x, y, w, h = box
        out.append(Placed(path, element, drawn, box, (gx + gs * x, gy + gs * y, gs * w, gs * h), gs, turned))


def _box(element, drawn: DrawnBy) -> Box:
    """The box a call places: its x, y, w, h where it takes them (a text's box, not its ink), else the element's own."""
    a = drawn.args
    if drawn.function != "repeat" and all(k in a for k in ("x", "y", "w", "h")):
        return (a["x"], a["y"], a["w"], a["h"])
    if isinstance(element, Circle):
        return (element.cx - element.r, element.cy - element.r, 2 * element.r, 2 * element.r)
    if isinstance(element, Line):
        return (min(element.x1, element.x2), min(element.y1, element.y2), abs(element.x2 - element.x1), abs(element.y2 - element.y1))
    if isinstance(element, Polygon):
        xs, ys = [p[0] for p in element.points], [p[1] for p in element.points]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return (element.x, element.y, getattr(element, "w", 0.0), getattr(element, "h", 0.0))


def moved(kind: str, value: float, old: Box, new: Box) -> float:
    """A placing argument's new value when its element's box goes from `old` to `new` (a move, a resize, or both); a
    length along both axes follows the one that changed more, the width on a tie."""
    sx = new[2] / old[2] if old[2] > 1e-9 else 1.0
    sy = new[3] / old[3] if old[3] > 1e-9 else 1.0
    if kind == "x":
        return new[0] + (value - old[0]) * sx
    if kind == "y":
        return new[1] + (value - old[1]) * sy
    if kind == "w":
        return value * sx
    if kind == "h":
        return value * sy
    return value * (sx if abs(sx - 1) >= abs(sy - 1) else sy)


@dataclass(frozen=True)
class Source:
    """A template file as the page was shown it: its name in the project, its bytes and their digest."""

    rel: str
    path: object  # its real path, inside templates/
    data: bytes
    digest: str


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def template_source(project: Project, rel: str) -> Source:
    """The template file `rel` (as the project names it), once the one path rule keeps it inside templates/."""
    try:
        real = inside(project.root / rel, project.root, project.templates_dir)
    except Refused as exc:
        raise Refusal(403, f"not written: {exc.advice(rel, 'templates/')}") from None
    try:
        data = real.read_bytes()
    except OSError as exc:
        raise Refusal(404, f"not written: {rel} cannot be read ({exc.strerror or exc})") from None
    return Source(rel, real, data, digest_of(data))


def the_call(env: jinja2.Environment, text: str, drawn: DrawnBy) -> call_source.Call | None:
    """The call written at the drawn line whose literal numbers agree with what it received (the first such)."""
    function = env.globals.get(drawn.function)
    params = [p for p in inspect.signature(function).parameters if p != "caller"] if callable(function) else []
    try:
        found = call_source.calls_at(env, text, drawn.line, drawn.function, params)
        return next((call for call in found if all(_agrees(env, a, drawn.args) for a in call.arguments)), None)
    except call_source.SourceError:  # a file Jinja cannot read now: it changed since it was drawn
        return None


def _agrees(env: jinja2.Environment, argument: call_source.Argument, args: dict) -> bool:
    found = call_source.term(env, argument)
    if found is None or not found.whole or argument.name not in args:
        return True
    return math.isclose(found.value, args[argument.name], abs_tol=1e-6)


@dataclass
class Described:
    """What the page shows of the arguments that place an element, and whether it can be dragged."""

    args: list[dict] = field(default_factory=list)
    why: str = ""


def describe_args(env: jinja2.Environment, text: str, call: call_source.Call, drawn: DrawnBy, explain) -> Described:
    """Each placing argument: its text, value, and whether an edit rewrites it, adjusts a term of it, or cannot."""
    out = Described()
    for name in GEOMETRY.get(drawn.function, {}):
        argument = call.argument(name)
        value = drawn.args.get(name)
        if argument is None:
            if value is not None and value != 0 and not _covered(GEOMETRY[drawn.function][name], call, drawn.function):
                out.args.append({"name": name, "source": "", "value": value, "status": "unwritten",
                                 "note": f"not written in the call (its default, {value:g}): write {name}={value:g} to move it by hand"})
            continue
        found = call_source.term(env, argument)
        reads = call_source.names_read(call_source.expression(env, argument))
        where = "; ".join(explain(r, drawn.line) for r in reads)
        if found is not None and found.whole:
            status, note = "literal", "a number: an edit rewrites it"
        elif found is not None:
            term = call_source.number_text(abs(found.value))
            status, note = "term", f"an expression: an edit changes its {term} only" + (f" ({where})" if where else "")
        else:
            status, note = "fixed", "an expression with no number of its own to change" + (f": {where}" if where else "") + "; it is not overwritten"
        out.args.append({"name": name, "source": argument.source, "value": value, "status": status, "note": note})
    return out


def plan(env: jinja2.Environment, call: call_source.Call, placed: Placed, to: Box) -> list[tuple[int, int, str]]:
    """The text replacements that take the element's box to `to` (face millimetres); Refusal when an argument that
    must change cannot (an expression with no literal term, an argument not written)."""
    old, s = placed.box, placed.scale
    gx, gy = placed.face_box[0] - s * old[0], placed.face_box[1] - s * old[1]
    new = ((to[0] - gx) / s, (to[1] - gy) / s, to[2] / s, to[3] / s)  # into the template's own coordinates
    out, refused = [], []
    for name, kind in GEOMETRY[placed.drawn.function].items():
        value = placed.drawn.args.get(name)
        if value is None:
            continue
        delta = moved(kind, value, old, new) - value
        if abs(delta) < 1e-6:
            continue
        argument = call.argument(name)
        if argument is None:
            if not _covered(kind, call, placed.drawn.function):
                refused.append(f"{name} is not written in the call (its default, {value:g}): write {name}={value:g} in it to move it by hand")
            continue
        found = call_source.term(env, argument)
        if found is None:
            refused.append(f"{name} is `{argument.source}`, an expression with no number of its own to change: change it in the file")
            continue
        out += call_source.changed(found, delta)
    if refused:
        raise Refusal(422, "not written: " + "; ".join(refused))
    return out


def _covered(kind: str, call: call_source.Call, function: str) -> bool:
    """Whether an argument not written follows from one that is: an icon's w and h from its size, its size from them,
    a repeat's spacing from its size."""
    written = {GEOMETRY[function][a.name] for a in call.arguments if a.name in GEOMETRY[function]}
    return (kind in ("w", "h") and "s" in written) or (kind == "s" and bool(written & {"w", "h"}))


def not_movable(placed: Placed, found: tuple | None, call: call_source.Call | None) -> str:
    """Why an element cannot be dragged, or '' when it can; `found` is its template's (text, digest) as drawn, or None."""
    d = placed.drawn
    if d.helper:
        return f"drawn by {d.helper}(), which the template calls at this line: change that call's numbers in the file"
    if d.function not in GEOMETRY:
        why = "its points are a list" if d.function == "polygon" else f"dragging places {', '.join(f'{f}()' for f in GEOMETRY)} only"
        return f"drawn by {d.function}(), which a drag cannot place ({why}): change its numbers in the file"
    if placed.turned:
        return "inside a turned group: change its numbers in the file"
    if found is None:
        return "its template is not a file under templates/ as drawn (it changed since, or lies elsewhere): wait for the redraw"
    if call is None:
        return f"no {d.function}() call at line {d.line} agrees with what was drawn: the file changed since; wait for the redraw"
    return ""


_FIRST_NAME = re.compile(r"[^.\[]*")
_FIRST_INDEX = re.compile(r"""\[('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+)\]""")


def base_and_key(name: str) -> tuple[str, str]:
    """The variable a name an argument reads starts from, and the field it takes of it first (call_source.names_read's
    `card.stars` and `card['stars']` both ('card', 'stars'); `i` ('i', ''))."""
    base = _FIRST_NAME.match(name).group()
    rest = name[len(base):]
    if rest.startswith("."):
        return base, _FIRST_NAME.match(rest, 1).group()
    index = _FIRST_INDEX.match(rest)
    return base, str(ast.literal_eval(index.group(1))) if index else ""


def explainer(env: jinja2.Environment, text: str, card, deck, game, face):
    """A function saying where a name an argument reads takes its value: the face, a data field, a loop, a `set`."""
    try:
        defs = call_source.definitions(env, text)
    except jinja2.TemplateSyntaxError:
        defs = {}
    lines = text.splitlines()
    sizes = {"w": face.w, "h": face.h, "bleed": face.bleed, "safe": SAFE_MM}  # as templates read face.safe (pnp.outputs.context)

    def explain(name: str, line: int) -> str:
        base, key = base_and_key(name)
        if base == "face" and key in sizes:
            return f"{name} is the face's {FACE_WORDS[key]}, {sizes[key]:g} mm"
        data = {"card": card.fields, "deck": deck.data, "game": game.data}.get(base)
        if data is not None and key:
            if key in data:
                return f"{name} is a data field: {shown(data[key])} here, set at {data.loc_of(key)}"
            return f"{name} is a data field this card does not set"
        found = defs.get(base, [])
        before = [d for d in found if d.line <= line] or found
        if not before:
            return f"{base} is a variable of the template"
        d = before[-1]
        if d.kind == "loop":
            return f"{base} is a loop variable (the for at line {d.line})"
        if d.kind == "macro argument":
            return f"{base} is an argument of macro {d.owner} (line {d.line}): its value comes from each call of the macro"
        said = lines[d.line - 1].strip() if 0 < d.line <= len(lines) else ""
        return f"{base} is set at line {d.line}" + (f": {said[:80]}" if said else "")

    return explain
