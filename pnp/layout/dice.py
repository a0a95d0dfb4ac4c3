"""Die shapes: each a convex solid, listed by name in DIE_SHAPES, unfolded into a flat net with glue tabs.

A shape is its vertices; its faces are found as the solid's supporting planes,
so every face is exactly regular (or, for the d10, the kite of the pentagonal
trapezohedron dual to the uniform antiprism: angles 36°, 108°, 108°, 108°).
The net is a spanning tree of faces unfolded about their shared edges; the
tree is chosen among several (each face as root, breadth- and depth-first) so
that no faces or tabs overlap and the net is compact. Every edge the tree cuts
is met by its partner on the folded die: one of the two gets a glue tab.

Face numbering: data face i sits opposite face n − 1 − i, so faces listed 1..n
give the usual opposite sums (7 on a d6). A d4 is read at its top corner: face
i's content is printed in the corner of vertex i on the three faces meeting there.
"""
from __future__ import annotations

import functools
import itertools
import math
from collections import deque
from dataclasses import dataclass

from pnp.layout.nets import Net, Slot, polygon

PHI = (1 + 5 ** 0.5) / 2
TAB_SHARE = 0.28  # a glue tab's depth as a share of the edge
TAB_MM = (3.0, 7.0)  # … held between these depths
TAB_ANGLES = (60.0, 40.0, 25.0)  # a tab's ends leave its edge at the first of these that overlaps nothing
V3 = tuple[float, float, float]


@dataclass(frozen=True)
class DieShape:
    """A solid to unfold: its vertices, and how a face's content is oriented ('vertex': towards its pole or highest
    corner; 'axis': along the solid's z or y axis projected on the face; 'corners': a d4's three corner readings)."""

    faces: int
    vertices: tuple[V3, ...]
    up: str


def _signs(*values):
    return [tuple(v) for v in itertools.product(*[(x, -x) if x else (0.0,) for x in values])]


def _cyclic(a, b, c):
    return [p for s in _signs(a, b, c) for p in ((s[0], s[1], s[2]), (s[2], s[0], s[1]), (s[1], s[2], s[0]))]


def _trapezohedron() -> tuple[V3, ...]:
    """A d10: poles at ±(5 + √5)/4 and a zig-zag ring at heights ±(3 − √5)/4 (unit ring radius)."""
    z, pole = (3 - 5 ** 0.5) / 4, (5 + 5 ** 0.5) / 4
    ring = tuple((math.cos(math.radians(36 * k)), math.sin(math.radians(36 * k)), z if k % 2 == 0 else -z) for k in range(10))
    return ((0.0, 0.0, pole), (0.0, 0.0, -pole), *ring)


DIE_SHAPES: dict[str, DieShape] = {
    "d4": DieShape(4, ((1.0, 1.0, 1.0), (1.0, -1.0, -1.0), (-1.0, 1.0, -1.0), (-1.0, -1.0, 1.0)), "corners"),
    "d6": DieShape(6, tuple(_signs(1.0, 1.0, 1.0)), "axis"),
    "d8": DieShape(8, tuple(dict.fromkeys(_cyclic(1.0, 0.0, 0.0))), "vertex"),
    "d10": DieShape(10, _trapezohedron(), "vertex"),
    "d12": DieShape(12, tuple(dict.fromkeys(_signs(1.0, 1.0, 1.0) + _cyclic(0.0, 1 / PHI, PHI))), "vertex"),
    "d20": DieShape(20, tuple(dict.fromkeys(_cyclic(0.0, 1.0, PHI))), "vertex"),
}


# vectors --------------------------------------------------------------------------------
def _sub(a, b):
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _unit(a):
    n = math.sqrt(_dot(a, a))
    return tuple(x / n for x in a)


def solid_faces(vertices) -> list[tuple[int, ...]]:
    """The faces of the convex hull of `vertices`, each as vertex indices counter-clockwise seen from outside,
    ordered so that face i is opposite face n − 1 − i where the solid has opposite faces."""
    found = {}
    for i, j, k in itertools.combinations(range(len(vertices)), 3):
        n = _cross(_sub(vertices[j], vertices[i]), _sub(vertices[k], vertices[i]))
        if _dot(n, n) < 1e-9:
            continue
        n = _unit(n)
        d = _dot(n, vertices[i])
        side = [_dot(n, v) - d for v in vertices]
        if all(s <= 1e-7 for s in side) or all(s >= -1e-7 for s in side):
            on = tuple(sorted(m for m, s in enumerate(side) if abs(s) < 1e-7))
            found[on] = n if d > 0 else tuple(-x for x in n)
    faces = [_ccw(on, normal, vertices) for on, normal in found.items()]
    return _paired(faces, [found[tuple(sorted(f))] for f in faces])


def _ccw(on, normal, vertices) -> tuple[int, ...]:
    c = _centre([vertices[m] for m in on])
    u = _unit(_sub(vertices[on[0]], c))
    w = _cross(normal, u)
    return tuple(sorted(on, key=lambda m: math.atan2(_dot(_sub(vertices[m], c), w), _dot(_sub(vertices[m], c), u))))


def _centre(points):
    return tuple(sum(p[i] for p in points) / len(points) for i in range(3))


def _paired(faces, normals) -> list[tuple[int, ...]]:
    order = sorted(range(len(faces)), key=lambda i: tuple(-round(x, 6) for x in reversed(normals[i])))
    n = len(faces)
    out: list = [None] * n
    low = 0
    for i in order:
        if any(f is faces[i] for f in out if f is not None):
            continue
        opposite = next((j for j in order if j != i and all(abs(a + b) < 1e-6 for a, b in zip(normals[i], normals[j], strict=True))), None)
        if opposite is None:  # a d4 has no opposite faces: faces in order
            return [faces[k] for k in order]
        out[low], out[n - 1 - low] = faces[i], faces[opposite]
        low += 1
    return out


# unfolding ------------------------------------------------------------------------------
@dataclass
class _Placed:
    """A face laid flat: its vertices' positions (y up) by vertex index, and the rigid map from its own plane."""

    points: dict
    angle: float
    tx: float
    ty: float
    basis: tuple  # (centre, u, w): the face's own 2D frame in 3D


def _local(face, vertices):
    c = _centre([vertices[m] for m in face])
    normal = _unit(_cross(_sub(vertices[face[1]], vertices[face[0]]), _sub(vertices[face[2]], vertices[face[0]])))
    u = _unit(_sub(vertices[face[0]], c))
    w = _cross(normal, u)
    return (c, u, w), {m: (_dot(_sub(vertices[m], c), u), _dot(_sub(vertices[m], c), w)) for m in face}


def _rigid(src_a, src_b, dst_a, dst_b) -> tuple[float, float, float]:
    angle = math.atan2(dst_b[1] - dst_a[1], dst_b[0] - dst_a[0]) - math.atan2(src_b[1] - src_a[1], src_b[0] - src_a[0])
    ca, sa = math.cos(angle), math.sin(angle)
    return angle, dst_a[0] - (src_a[0] * ca - src_a[1] * sa), dst_a[1] - (src_a[0] * sa + src_a[1] * ca)


def _apply(p, angle, tx, ty):
    ca, sa = math.cos(angle), math.sin(angle)
    return p[0] * ca - p[1] * sa + tx, p[0] * sa + p[1] * ca + ty


def unfold(faces, vertices, root: int, depth_first: bool) -> tuple[dict, set]:
    """Faces laid flat along a spanning tree from `root`: ({face: _Placed}, the tree's edges as vertex pairs)."""
    by_edge: dict = {}
    for f, face in enumerate(faces):
        for a, b in zip(face, face[1:] + face[:1], strict=True):
            by_edge.setdefault(frozenset((a, b)), []).append(f)
    basis, local = _local(faces[root], vertices)
    placed = {root: _Placed(local, 0.0, 0.0, 0.0, basis)}
    tree: set = set()
    todo = deque([root])
    while todo:
        f = todo.pop() if depth_first else todo.popleft()
        face = faces[f]
        for a, b in zip(face, face[1:] + face[:1], strict=True):
            g = next(x for x in by_edge[frozenset((a, b))] if x != f)
            if g in placed:
                continue
            basis, local = _local(faces[g], vertices)
            angle, tx, ty = _rigid(local[b], local[a], placed[f].points[b], placed[f].points[a])
            placed[g] = _Placed({m: _apply(p, angle, tx, ty) for m, p in local.items()}, angle, tx, ty, basis)
            tree.add(frozenset((a, b)))
            todo.append(g)
    return placed, tree


def _overlap(p, q) -> bool:
    """Whether two convex polygons overlap by more than a touch (separating axis test)."""
    for poly in (p, q):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y2 - y1, x1 - x2
            a = [nx * x + ny * y for x, y in p]
            b = [nx * x + ny * y for x, y in q]
            slack = 1e-6 * math.hypot(nx, ny)
            if max(a) <= min(b) + slack or max(b) <= min(a) + slack:
                return False  # a separating axis: they at most touch
    return True


@dataclass(frozen=True)
class DieNet:
    """A die's net (mm, y down) and its area, for choosing the most compact."""

    net: Net
    area: float


@functools.lru_cache(maxsize=64)
def die_net(shape: str, size: float) -> Net:
    """The flat net of die `shape` whose longest face edge is `size` mm, with glue tabs and a slot a face (or corner)."""
    spec = DIE_SHAPES[shape]
    faces = solid_faces(spec.vertices)
    longest = max(math.dist(spec.vertices[a], spec.vertices[b]) for f in faces for a, b in zip(f, f[1:] + f[:1], strict=True))
    scale = size / longest
    vertices = tuple(tuple(x * scale for x in v) for v in spec.vertices)
    best = None
    for root, depth_first in itertools.product(range(len(faces)), (False, True)):
        placed, tree = unfold(faces, vertices, root, depth_first)
        polys = [[placed[f].points[m] for m in face] for f, face in enumerate(faces)]
        if any(_overlap(a, b) for a, b in itertools.combinations(polys, 2)) or _touching(polys) != len(tree):
            continue  # overlapping faces, or two faces meeting along an edge the tree cuts (it would read as a fold)
        tabs = _tabs(faces, placed, tree, polys, size)
        if tabs is None:
            continue
        candidate = _compact(shape, spec, faces, vertices, placed, polys, tabs)
        if best is None or candidate.area < best.area - 1e-6:
            best = candidate
    if best is None:
        raise ValueError(f"no net of a {shape} without overlaps was found")
    return best.net


def _touching(polys) -> int:
    """How many edges two faces of the flat net share."""
    seen: dict = {}
    for poly in polys:
        for p, q in zip(poly, poly[1:] + poly[:1], strict=True):
            key = tuple(sorted(((round(p[0], 4), round(p[1], 4)), (round(q[0], 4), round(q[1], 4)))))
            seen[key] = seen.get(key, 0) + 1
    return sum(1 for n in seen.values() if n > 1)


def _tabs(faces, placed, tree, polys, size) -> list | None:
    """One glue tab for each edge the tree cuts, on whichever of its two sides overlaps nothing; None if some cannot."""
    depth = min(max(TAB_SHARE * size, TAB_MM[0]), TAB_MM[1])
    out: list = []
    seen = set()
    for f, face in enumerate(faces):
        for a, b in zip(face, face[1:] + face[:1], strict=True):
            key = frozenset((a, b))
            if key in tree or key in seen:
                continue
            seen.add(key)
            g = next(x for x, other in enumerate(faces) if x != f and a in other and b in other)
            options = [(placed[f].points[a], placed[f].points[b]), (placed[g].points[b], placed[g].points[a])]
            quad = next((q for angle in TAB_ANGLES for pa, pb in options for q in [_tab_points(pa, pb, depth, angle)]
                         if not any(_overlap(q, p) for p in polys) and not any(_overlap(q, t) for t in out)), None)
            if quad is None:
                return None  # a narrower tab than half would not hold: another tree may leave room
            out.append(quad)
    return out


def _tab_points(a, b, depth, angle):
    """A tab outside edge a→b of a counter-clockwise face (y up), on its right: its ends leave the edge at `angle` degrees,
    so it keeps clear of a neighbour meeting the edge's end at a wider angle (a d10's kites meet at 36°)."""
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = uy, -ux
    slope = math.tan(math.radians(angle))
    depth = min(depth, 0.8 * length * slope / 2)
    inset = depth / slope
    return [b, a, (a[0] + nx * depth + ux * inset, a[1] + ny * depth + uy * inset), (b[0] + nx * depth - ux * inset, b[1] + ny * depth - uy * inset)]


def _compact(shape, spec, faces, vertices, placed, polys, tabs) -> DieNet:
    """The net turned so its bounding box is smallest, as a Net in mm with y down."""
    pts = [p for poly in polys + tabs for p in poly]
    angles = {round(math.atan2(q[1] - p[1], q[0] - p[0]) % (math.pi / 2), 9) for poly in polys for p, q in zip(poly, poly[1:] + poly[:1], strict=True)}
    def area(t):
        rot = [_apply(p, -t, 0, 0) for p in pts]
        return (max(x for x, _ in rot) - min(x for x, _ in rot)) * (max(y for _, y in rot) - min(y for _, y in rot))
    turn = min(sorted(angles), key=area)
    flat = lambda p: (lambda q: (q[0], -q[1]))(_apply(p, -turn, 0, 0))  # noqa: E731  (y up → y down)
    panels = []
    for f, face in enumerate(faces):
        slots = _slots(spec, f, faces, vertices, placed[f], turn)
        panels.append(polygon(f"face {f + 1}", "face", [flat(placed[f].points[m]) for m in face], slots))
    panels += [polygon("glue", "tab", [flat(p) for p in quad]) for quad in tabs]
    net = Net(f"{shape} net", tuple(panels)).at_origin()
    w, h = net.size
    return DieNet(net, w * h)


def _slots(spec: DieShape, f: int, faces, vertices, placed: _Placed, turn: float) -> tuple[Slot, ...]:
    """Where face f's content prints (a d4: each corner's), its size and the turn that makes it upright."""
    face = faces[f]
    to_flat = lambda p: (lambda q: (q[0], -q[1]))(_apply(_apply(p, placed.angle, placed.tx, placed.ty), -turn, 0, 0))  # noqa: E731
    c, u, w = placed.basis
    local = lambda v: (_dot(_sub(v, c), u), _dot(_sub(v, c), w))  # noqa: E731
    corners = [to_flat(local(vertices[m])) for m in face]
    if spec.up == "corners":
        centre = tuple(sum(p[i] for p in corners) / 3 for i in range(2))
        side = math.dist(corners[0], corners[1])
        out = []
        for m, p in zip(face, corners, strict=True):
            at = (p[0] + 0.42 * (centre[0] - p[0]), p[1] + 0.42 * (centre[1] - p[1]))
            out.append(Slot(at[0], at[1], 0.3 * side, 0.3 * side, _upright(at, p), str(m + 1)))
        return tuple(out)
    if spec.up == "axis":
        n = _unit(_cross(u, w))
        ref = (0.0, 0.0, 1.0) if abs(n[2]) < 0.9 else (0.0, 1.0, 0.0)
        toward = to_flat(local(tuple(ci + ri for ci, ri in zip(c, ref, strict=True))))
    else:
        top = max(face, key=lambda m: (round(abs(vertices[m][2]), 6), round(vertices[m][1], 6), round(vertices[m][0], 6)))
        toward = to_flat(local(vertices[top]))
    centre, r = _incircle(corners, toward)
    return (Slot(centre[0], centre[1], 2 * r, 2 * r, _upright(centre, toward), str(f + 1)),)


def _upright(centre, toward) -> float:
    """The clockwise turn (degrees, y down) that points a face's top from `centre` to `toward`."""
    return math.degrees(math.atan2(toward[0] - centre[0], -(toward[1] - centre[1]))) % 360


def _incircle(corners, toward) -> tuple[tuple[float, float], float]:
    """The largest circle inside a convex face whose centre lies on the line from `toward` through the face's centroid
    (the incircle of a regular face, and of a kite, whose centre is on its axis)."""
    n = len(corners)
    g = (sum(p[0] for p in corners) / n, sum(p[1] for p in corners) / n)

    def clearance(t):
        p = (toward[0] + t * (g[0] - toward[0]), toward[1] + t * (g[1] - toward[1]))
        return min(_distance(p, corners[i], corners[(i + 1) % n]) for i in range(n)), p

    lo, hi = 0.0, 2.0
    for _ in range(80):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if clearance(m1)[0] < clearance(m2)[0]:
            lo = m1
        else:
            hi = m2
    r, p = clearance((lo + hi) / 2)
    return p, r


def _distance(p, a, b) -> float:
    """Distance from p to the line through a and b."""
    return abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / math.dist(a, b)
