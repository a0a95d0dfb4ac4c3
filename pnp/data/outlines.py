"""A die-cut outline drawn in an SVG (`shape: outlines/star.svg` on a deck or a token set): one closed path, read as a
polygon in fractions of its bounding box, which the piece's size then fills (pnp.core.shapes.Shape, kind "outline").

The file passes the checks every SVG of a project passes (pnp.data.svgfiles: size, depth, links), is read by svglib
(which applies its transforms and turns arcs and quadratic curves into cubic ones), and its curves are flattened to a
polyline within FLATTEN_MM of the curve at the printed size. A file with no path, an open path, or several paths is
refused with what to do, said at the `shape:` that names it; so is one outside the game's folder (the path rule).
"""
from __future__ import annotations

import io
import math
import os
from pathlib import Path
from typing import NamedTuple

from pnp.core.errors import Loc, error, warning
from pnp.core.files import Refused, inside
from pnp.core.shapes import RECTANGLE, Shape
from pnp.data.svgfiles import IconRefused, check_svg_file, svg_reader

FLATTEN_MM = 0.02  # a curve of the outline becomes straight pieces at most this far from it on the printed piece
CLOSE_ENOUGH = 1e-6  # an open path whose ends meet this close (a fraction of its size) is closed
MAX_OUTLINE_POINTS = 20_000  # corners of the flattened outline: a cut line needs far fewer, and every check walks them
MAX_CROSSING_WORK = 1_000_000  # grid cells filed and pairs of sides compared by the crossing check, at most (about a second)
MOVE, LINE, CURVE, CLOSE = 0, 1, 2, 3  # reportlab's path operators, as svglib writes them
STRETCH_SAID = 0.01  # the stretch past which filling its piece's size is said (a star drawn square on a poker card)


class Outline(NamedTuple):
    """A drawn outline: its corners in fractions of its bounding box (y down), and that box's width over its height."""

    points: tuple[tuple[float, float], ...]
    aspect: float


class OutlineRefused(ValueError):
    """An outline file pnp will not cut to; the message names the file and says what to do, `at` the (line, column) of
    the mistake in the file where the XML reader names one."""

    def __init__(self, message: str, at: tuple[int, int] | None = None):
        super().__init__(message)
        self.at = at


def deck_shape(spec, data, path: Path, root: Path, slug: str, findings: list) -> Shape:
    """A deck's cut, as its YAML (`data`, the file at `path`) says it: `shape: rect` (with `corner_radius:` mm, rounded),
    `round`, `hex` (`hex_top: flat|pointy`) or an outline's .svg file beside the deck; a rectangle, with the finding
    at its `shape:`, when that file is refused. A `corner_radius:` on a shape with no corners is a warning at it."""
    if spec.shape != "rect" and "corner_radius" in data:
        findings.append(warning("corner-radius-unused", f"corner_radius rounds a rect deck's corners, and a '{spec.shape}' deck has none: remove it, "
                                "or make the deck `shape: rect`", data.loc_of("corner_radius"), game=slug))
    if spec.shape == "round":
        return Shape("circle")
    if spec.shape == "hex":
        return Shape("hexagon", 0.0, spec.hex_top == "pointy")
    if spec.shape != "rect":
        return outline_shape(spec.shape, path.parent, path.parent.parent, root, spec.size, data.loc_of("shape"), slug, findings)
    return Shape("rounded", spec.corner_radius) if spec.corner_radius else RECTANGLE


def token_outlines(parsed, raw, path: Path, root: Path, slug: str, findings: list) -> None:
    """Read the outline of each token set of tokens.yaml (`parsed`, as written `raw`, the file at `path`) whose `shape`
    names an .svg beside it, onto the set (its `_outline`), each refusal an error at its `shape:`."""
    for spec, written in zip(parsed.tokens, raw["tokens"], strict=False):
        if spec.shape.lower().endswith(".svg"):
            cut = outline_shape(spec.shape, path.parent, path.parent, root, spec.size, written.loc_of("shape"), slug, findings)
            spec._outline = cut.points


def deck_cuts_key(game, keeps=None) -> str:
    """What the card sheets read of the loaded game beyond their files (pnp.data.kinds: OutputKind.keyed_on): each
    deck's cut, whose outline an .svg beside the deck draws, for their cache key. Here, not beside the sheets' builder,
    so that a build whose every output is answered by the cache imports no drawing code to ask."""
    return " ".join(f"{deck.id}: {deck.shape.key}" for deck in game.decks.values())


def token_cuts_key(game, keeps=None) -> str:
    """The same for the token sheets: each set's drawn outline (its corners, as token_outlines read them)."""
    sets = game.tokens.tokens if game.tokens else []
    return " ".join(f"{spec.id}: {Shape('outline', points=spec._outline).key}" for spec in sets if spec.shape.lower().endswith(".svg"))


def card_sheets_key(game, keeps=None) -> str:
    """What the card sheets read of the loaded game: the decks' cuts, and the token sets' too, as the tokens print on
    the last card sheet where they fit (pnp.outputs.token_share)."""
    return f"{deck_cuts_key(game)} | {token_cuts_key(game)}"


def token_sheets_key(game, keeps=None) -> str:
    """What the token sheets read of the loaded game: the sets' outlines, and what decides whether the tokens print on
    the last card sheet instead (pnp.outputs.token_share): each deck's size, shape, copies and whether it has backs."""
    decks = " ".join(f"{d.id}: {d.size} {d.shape.key} {sum(c.count for c in d.cards)} {d.back is not None or any(c.back for c in d.cards)}"
                     for d in game.decks.values())
    return f"{token_cuts_key(game)} | {decks}"


def outline_shape(written: str, beside: Path, game_dir: Path, root: Path, size_mm, loc, slug: str, findings: list) -> Shape:
    """The outline `written` in a file in `beside` as a Shape; a rectangle, with the error at `loc`, when it is refused."""
    try:
        real = outline_path(written, beside, game_dir, root)
        outline = read_outline(real, written, game_dir, tuple(size_mm))
        findings += _stretched(outline.aspect, written, tuple(size_mm), loc, slug)
        return Shape("outline", points=outline.points)
    except OutlineRefused as exc:
        if exc.at:  # a mistake in the file's XML: said at its character, where it is mended
            findings.append(error("outline-file", str(exc), Loc(Path(os.path.relpath(beside / written, root)).as_posix(), *exc.at), game=slug))
        else:
            findings.append(error("outline-file", f"shape: {exc}", loc, game=slug))
    except OSError as exc:
        findings.append(error("outline-file", f"shape: outline file {written} cannot be read ({exc.strerror or exc}): check it exists "
                              "beside the YAML file naming it and you may read it", loc, game=slug))
    return RECTANGLE


def _stretched(aspect: float, written: str, size_mm: tuple[float, float], loc, slug: str) -> list:
    """A warning when filling the piece's size stretches the outline out of the proportions it was drawn in."""
    w, h = size_mm
    stretch = (w / h) / aspect
    if abs(stretch - 1) <= STRETCH_SAID:
        return []
    how = f"{abs(stretch - 1) * 100:.0f} % wider" if stretch > 1 else f"{abs(1 / stretch - 1) * 100:.0f} % taller"
    drawn = "as wide as high" if f"{aspect:.3g}" == "1" else f"{aspect:.3g} times as wide as high"
    return [warning("outline-stretched", f"shape: outline file {written} is drawn {drawn}, and the piece's size "
                    f"{w:g} × {h:g} mm stretches it {how} than drawn: draw it in the piece's proportions, or make the size "
                    f"{w:g} x {w / aspect:.4g} mm", loc, game=slug)]


def outline_path(written: str, beside: Path, game_dir: Path, root: Path) -> Path:
    """The real path of the outline `written` in a file in `beside`: refused (OutlineRefused) outside the game's folder."""
    try:
        if "\0" in written:
            raise OutlineRefused(f"outline '{written}' is no file name: name an .svg file inside the game's folder")
        return inside(beside / written, root, game_dir)
    except Refused as exc:
        raise OutlineRefused(f"outline {exc.advice(written, 'the game folder')}") from None


def read_outline(path: Path, shown: str, game_dir: Path, size_mm: tuple[float, float]) -> Outline:
    """The outline in `path` (named `shown`) as points in fractions of its bounding box, y down, flattened within
    FLATTEN_MM at `size_mm`; OutlineRefused with what to do when it is not one closed path."""
    svg2rlg = svg_reader()
    try:
        svg = check_svg_file(path, shown, game_dir)
    except IconRefused as exc:
        raise OutlineRefused(str(exc).replace("icon file", "outline file", 1), exc.at) from None
    try:  # svglib reads path data as far as it can and fails on a broken command with whatever error it meets
        drawing = svg2rlg(io.BytesIO(svg))
        paths = list(_paths(drawing, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))) if drawing is not None else []
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, ArithmeticError) as exc:
        raise OutlineRefused(f"outline file {shown} has path data svglib cannot read ({type(exc).__name__}: {str(exc)[:80]}): "
                             "re-export it as plain SVG, or fix its path's d") from None
    for i in range(len(paths) - 1):  # svglib draws an open, filled path twice: closed to fill it, open to stroke it
        if paths[i][-1][0] == CLOSE and paths[i][:-1] == paths[i + 1]:
            del paths[i]
            break
    if not paths:
        raise OutlineRefused(f"outline file {shown} draws no <path> or <polygon>: draw the cut as one closed path (or polygon) in it")
    if len(paths) > 1 or sum(op == MOVE for op, _ in paths[0]) > 1:
        raise OutlineRefused(f"outline file {shown} has {max(len(paths), 2)} paths: a piece is cut along one closed line, so combine "
                             "them into one path (or delete all but the cut) and keep holes and marks out of it")
    return _normalised(paths[0], shown, size_mm)


def _paths(node, t: tuple):
    """Each path or polygon under `node` as a list of (operator, (x, y) points in the drawing's units), transforms applied."""
    from reportlab.graphics.shapes import Group, Path, Polygon, PolyLine

    if isinstance(node, Group):
        t = _times(t, tuple(node.transform))
        for child in node.contents:
            yield from _paths(child, t)
        return
    if isinstance(node, (Polygon, PolyLine)):
        xy = [_apply(t, node.points[i], node.points[i + 1]) for i in range(0, len(node.points) - 1, 2)]
        yield [(MOVE, [xy[0]])] + [(LINE, [p]) for p in xy[1:]] + ([(CLOSE, [])] if isinstance(node, Polygon) else [])
    elif isinstance(node, Path):
        ops, pts, i = [], node.points, 0
        for op in node.operators:
            n = {MOVE: 1, LINE: 1, CURVE: 3}.get(op, 0)
            ops.append((op, [_apply(t, pts[i + 2 * k], pts[i + 2 * k + 1]) for k in range(n)]))
            i += 2 * n
        if ops:
            yield ops


def _times(a: tuple, b: tuple) -> tuple:
    """The transform that applies `b`, then `a` (a group's own inside its parent's), as reportlab's 6-tuples."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (a0 * b0 + a2 * b1, a1 * b0 + a3 * b1, a0 * b2 + a2 * b3, a1 * b2 + a3 * b3, a0 * b4 + a2 * b5 + a4, a1 * b4 + a3 * b5 + a5)


def _apply(t: tuple, x: float, y: float) -> tuple[float, float]:
    return t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]


def _normalised(ops: list, shown: str, size_mm: tuple[float, float]) -> Outline:
    """The path's corners, curves flattened, as fractions of its bounding box with y down (svglib's drawing has y up)."""
    every = [p for _, ps in ops for p in ps] or [(0.0, 0.0)]
    xs, ys = [p[0] for p in every], [p[1] for p in every]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    if not (span_x > 0 and span_y > 0 and math.isfinite(span_x + span_y)):
        raise OutlineRefused(f"outline file {shown}'s path encloses nothing (it is a point or a line): draw the cut as a closed shape")
    per_mm = min(span_x / size_mm[0], span_y / size_mm[1])  # drawing units a printed mm is, at least: the flattening's bound holds on both axes
    points = _flattened(ops, FLATTEN_MM * per_mm)
    closed = ops[-1][0] == CLOSE or math.dist(points[0], points[-1]) <= CLOSE_ENOUGH * max(span_x, span_y)
    if not closed:
        raise OutlineRefused(f"outline file {shown}'s path is open (its ends do not meet): close it (Z at the end of its d, or "
                             "'close path' in your editor) so the cut goes all the way round")
    if math.dist(points[0], points[-1]) <= CLOSE_ENOUGH * max(span_x, span_y):
        points.pop()
    x0, y1 = min(xs), max(ys)
    crossing = first_crossing(points, shown)
    if crossing is not None:
        across, down = (crossing[0] - x0) / span_x * size_mm[0], (y1 - crossing[1]) / span_y * size_mm[1]
        raise OutlineRefused(f"outline file {shown}'s path crosses itself, {across:.1f} mm from the left and {down:.1f} mm from the top of "
                             "the piece it fills: draw the cut as one line that goes round the piece without crossing itself "
                             "(a figure 8 is two pieces: draw each as its own outline)")
    area = abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True))) / 2
    if len(points) < 3 or area <= CLOSE_ENOUGH * span_x * span_y:
        raise OutlineRefused(f"outline file {shown}'s path encloses nothing (it is a point or a line): draw the cut as a closed shape")
    if len(points) > MAX_OUTLINE_POINTS:
        raise OutlineRefused(f"outline file {shown} makes {len(points):,} corners, over {MAX_OUTLINE_POINTS:,}: simplify the path")
    return Outline(tuple((round((x - x0) / span_x, 9), round((y1 - y) / span_y, 9)) for x, y in points), span_x / span_y)


def _flattened(ops: list, tolerance: float) -> list[tuple[float, float]]:
    """The path's points with each cubic curve split into enough straight pieces to stay within `tolerance` of it: n
    pieces stray at most M / (8 n²) from a curve whose second derivative is at most M = 6 × its control polygon's
    largest second difference."""
    points: list[tuple[float, float]] = []
    for op, ps in ops:
        if op in (MOVE, LINE):
            points.append(ps[0])
        elif op == CURVE and points:
            p0, (p1, p2, p3) = points[-1], ps
            second = max(math.hypot(a[0] - 2 * b[0] + c[0], a[1] - 2 * b[1] + c[1]) for a, b, c in ((p0, p1, p2), (p1, p2, p3)))
            n = max(1, math.ceil(math.sqrt(6 * second / (8 * tolerance)))) if tolerance > 0 else 1
            points += [_bezier(p0, p1, p2, p3, i / n) for i in range(1, n + 1)]
    return points


def _bezier(p0, p1, p2, p3, t: float) -> tuple[float, float]:
    u = 1 - t
    return tuple(u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d for a, b, c, d in zip(p0, p1, p2, p3, strict=True))


def first_crossing(points: list[tuple[float, float]], shown: str) -> tuple[float, float] | None:
    """Where the closed polyline through `points` crosses (or touches) itself, None when it never does. Its sides are
    filed by the cells of a grid about as fine as its corners are many, and only sides in a cell together are compared,
    so a path of many corners (a flattened curve) is checked in time in proportion to its corners; OutlineRefused when a
    path's sides fill more cells, or crowd more into them, than MAX_CROSSING_WORK steps check (no cut line is that intricate)."""
    n = len(points)
    if n < 4:
        return None
    sides = list(zip(points, points[1:] + points[:1], strict=True))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cell = max(max(xs) - min(xs), max(ys) - min(ys)) / (4 * max(math.isqrt(n), 1)) or 1.0
    work = _Work(shown, n)
    grid: dict[tuple[int, int], list[int]] = {}
    for i, ((ax, ay), (bx, by)) in enumerate(sides):
        for gx in range(int(min(ax, bx) // cell), int(max(ax, bx) // cell) + 1):
            work.step(int(max(ay, by) // cell) - int(min(ay, by) // cell) + 1)
            for gy in range(int(min(ay, by) // cell), int(max(ay, by) // cell) + 1):
                grid.setdefault((gx, gy), []).append(i)
    for filed in grid.values():
        for k, i in enumerate(filed):
            for j in filed[k + 1:]:
                if j - i > 1 and not (i == 0 and j == n - 1):  # sides that follow each other share their corner
                    work.step(1)
                    at = _meet(*sides[i], *sides[j])
                    if at is not None:
                        return at
    return None


class _Work:
    """The steps the crossing check has taken, refused past MAX_CROSSING_WORK."""

    def __init__(self, shown: str, corners: int):
        self.shown, self.corners, self.done = shown, corners, 0

    def step(self, steps: int) -> None:
        self.done += steps
        if self.done > MAX_CROSSING_WORK:
            raise OutlineRefused(f"outline file {self.shown}'s {self.corners:,} corners lie so close together and its sides so far across "
                                 "that pnp cannot check that the path never crosses itself: simplify the path (fewer corners)")


def _meet(a, b, c, d) -> tuple[float, float] | None:
    """Where side a–b meets side c–d (one point of it, when they overlap), or None."""
    def turn(p, q, r) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2, d3, d4 = turn(c, d, a), turn(c, d, b), turn(a, b, c), turn(a, b, d)
    if ((d1 > 0) != (d2 > 0) and d1 != 0 and d2 != 0) and ((d3 > 0) != (d4 > 0) and d3 != 0 and d4 != 0):
        t = d1 / (d1 - d2)
        return a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
    for p, q, r, side in ((c, d, a, d1), (c, d, b, d2), (a, b, c, d3), (a, b, d, d4)):  # a corner on the other side
        if side == 0 and min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1]):
            return r
    return None
