"""Box styles: the nets of a card box of a given inner size, one function a style, listed by name in BOX_STYLES.

Panels allow for the board the box is printed on (`board`, 0.3 mm by default):
folded, a panel's two folds each take half the board's thickness from the
room inside, so a panel between two folds is the inner size plus one board
thickness, and a wall with one fold and a free edge plus half of one. A 40-card
poker deck's tuck box (inside 64.5 × 89.9 × 14.3 mm) has a front of 64.8 ×
90.2 mm and sides 14.6 mm deep. A lid slides over its tray: inside it is the
tray's outside (its base and two walls of board) and LID_PLAY_MM. Faces
are laid out so that each reads upright on the closed box: the front and back
with their tops at the lid, the sides reading bottom to top, the lid's top from
the front.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from pnp.data.boxes import INSERT_PLAY_MM
from pnp.layout.nets import Arc, Net, Panel, Seg, Slot, polygon, rect, tab


@dataclass(frozen=True)
class BoxStyle:
    """A style: its pieces for an inner (w, h, d), and the same cut in two where one piece is too large for a sheet (or None)."""

    pieces: Callable[[float, float, float, float], list[Net]]  # (inner w, h, d, board) -> nets
    split: Callable[[float, float, float, float], list[Net]] | None
    about: str
    marked: str  # the panel retail markings print on: the back, or the tray's base (the box's bottom) with no back to print


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


# Tuck box ------------------------------------------------------------------------------
def tuck_parts(w: float, h: float, d: float) -> dict:
    """The panels of a reverse tuck-end box, by name: back, side, front, side, glue tab in a row; the lid and its
    tuck flap on the back's top, the bottom lid and its tuck on the front's bottom (so the two tucks close
    opposite ways), dust flaps on both ends of the sides and a thumb notch in the front's top edge."""
    glue = _clamp(0.8 * d, 7.0, 12.0)
    tuck = min(_clamp(d, 12.0, 20.0), h / 4)
    dust = _clamp(0.9 * d, 8.0, w / 3)
    notch = min(10.0, w / 5, h / 6)
    radius = min(tuck / 2, 6.0)
    xs = [0.0, w, w + d, 2 * w + d, 2 * w + 2 * d]  # back | side | front | side
    mid = xs[2] + w / 2
    front_outline = (Seg(xs[2], 0, mid - notch, 0), Arc(mid, 0, notch, 180, -180), Seg(mid + notch, 0, xs[3], 0),
                     Seg(xs[3], 0, xs[3], h), Seg(xs[3], h, xs[2], h), Seg(xs[2], h, xs[2], 0))
    parts = {
        "back": rect("back", "face", xs[0], 0, w, h, "back"),
        "side-left": rect("side-left", "face", xs[1], 0, d, h, "side", 270),
        "front": Panel("front", "face", front_outline, (Slot(mid, h / 2, w, h, 0, "front"),)),
        "side-right": rect("side-right", "face", xs[3], 0, d, h, "side", 270),
        "glue": tab("glue", (xs[4], 0), (xs[4], h), glue),
        "lid": rect("lid", "face", xs[0], -d, w, d, "top", 180),
        "tuck-top": _tuck(xs[0], -d, w, -tuck, radius),
        "lid-bottom": rect("lid-bottom", "flap", xs[2], h, w, d),
        "tuck-bottom": _tuck(xs[2], h + d, w, tuck, radius),
    }
    for i, side in ((1, "left"), (3, "right")):
        parts[f"dust-top-{side}"] = _dust(xs[i], 0, d, -dust)
        parts[f"dust-bottom-{side}"] = _dust(xs[i], h, d, dust)
    return parts


def _tuck(x: float, y: float, w: float, depth: float, r: float) -> Panel:
    """A tuck flap on the edge from (x, y) to (x + w, y), reaching `depth` (negative: upwards), its far corners rounded."""
    s = 1 if depth > 0 else -1
    far = y + depth
    outline = (Seg(x + w, y, x, y), Seg(x, y, x, far - s * r), Arc(x + r, far - s * r, r, 180, -90 * s),
               Seg(x + r, far, x + w - r, far), Arc(x + w - r, far - s * r, r, 90 * s, -90 * s), Seg(x + w, far - s * r, x + w, y))
    return Panel("tuck", "flap", outline)


def _dust(x: float, y: float, w: float, depth: float) -> Panel:
    """A dust flap on the edge from (x, y) to (x + w, y): its outer corner cut away so it slips in under the lid."""
    lean = min(abs(depth) * 0.5, w * 0.4)
    return polygon("dust", "flap", [(x + w, y), (x, y), (x, y + depth), (x + w - lean, y + depth)])


def tuck_pieces(w: float, h: float, d: float, board: float = 0.0) -> list[Net]:
    """The tuck box of inner w × h × d, every panel between two folds `board` larger (see the module's docstring)."""
    return [Net("tuck box", tuple(tuck_parts(w + board, h + board, d + board).values()))]


def tuck_split(w: float, h: float, d: float, board: float = 0.0) -> list[Net]:
    """The tuck box in two pieces cut along the fold between the left side and the front: the first gains a glue
    tab (A) on that edge, which glues under the front's left edge, marked A on the second."""
    w, h, d = w + board, h + board, d + board
    parts = tuck_parts(w, h, d)
    first = ("back", "side-left", "lid", "tuck-top", "dust-top-left", "dust-bottom-left")
    edge = w + d
    extra = tab("glue A", (edge, 0), (edge, h), _clamp(0.8 * d, 7.0, 12.0))
    one = Net("tuck box, piece 1 of 2", (*(parts[k] for k in first), extra))
    two = Net("tuck box, piece 2 of 2", tuple(p for k, p in parts.items() if k not in first), marks=((edge - 2.5, h / 2, "A: glue tab A under this edge"),))
    return [one, two]


# Two-piece box --------------------------------------------------------------------------
LID_PLAY_MM = 0.5  # the lid's inside is this much wider and longer than the tray's outside: it slides off without sticking


def open_box(name: str, w: float, h: float, d: float, top: str | None) -> Net:
    """A tray (or lid, with `top` naming its face's template): a w × h base, walls `d` high on its four sides, and glue
    tabs on the ends of the top and bottom walls that fold in behind the side walls."""
    base = rect("base", "face" if top else "flap", 0, 0, w, h, top)
    walls = [
        rect("wall-top", "face" if top else "flap", 0, -d, w, d, "side" if top else None, 180),
        rect("wall-bottom", "face" if top else "flap", 0, h, w, d, "side" if top else None, 0),
        rect("wall-left", "face" if top else "flap", -d, 0, d, h, "side" if top else None, 90),
        rect("wall-right", "face" if top else "flap", w, 0, d, h, "side" if top else None, 270),
    ]
    depth = min(0.8 * d, 10.0)
    tabs = [tab("glue", (0, 0), (0, -d), depth), tab("glue", (w, -d), (w, 0), depth),
            tab("glue", (w, h), (w, h + d), depth), tab("glue", (0, h + d), (0, h), depth)]
    return Net(name, (base, *walls, *tabs))


def two_piece_pieces(w: float, h: float, d: float, board: float = 0.0) -> list[Net]:
    """A tray of inner w × h × d and a lid over it: the tray's base `board` larger than the inside (two folds), its walls
    half a board higher (one fold); the lid's inside the tray's outside (base and two walls: w + 2 board) and the play,
    its base a board larger again."""
    tray = (w + board, h + board)
    lid = (w + 3 * board + LID_PLAY_MM, h + 3 * board + LID_PLAY_MM)
    wall = d + board / 2
    return [open_box("tray", *tray, wall, None), open_box("lid", *lid, wall, "front")]


BOX_STYLES: dict[str, BoxStyle] = {
    "tuck": BoxStyle(tuck_pieces, tuck_split, "one piece: front, back, sides, tuck flaps, dust flaps, glue tab, thumb notch", "back"),
    "two-piece": BoxStyle(two_piece_pieces, None, "a tray and a lid that slides over it", "base"),
}


# Inserts ----------------------------------------------------------------------------------
LIFT_MM = 10.0  # a lift tab's height: it stands against the box's end, to pull the insert out by


def insert_strip(w: float, wells: list[tuple[float, str]], wall: float) -> Net:
    """A box's card-stock insert, `w` wide (the box's inside less the play): a strip that lies along the box's depth,
    a floor under each well ((depth, label) in order), and between two wells a divider `wall` high, folded up and
    straight back down (two thicknesses of board, no glue: the cards on either side hold it). A lift tab, a third of
    the width, folds up at each end. Each floor carries its well's label, to say what goes where."""
    width = w - INSERT_PLAY_MM
    third = width / 3
    panels, marks, y = [], [], 0.0
    for index, (depth, label) in enumerate(wells):
        first, last = index == 0, index == len(wells) - 1
        panels.append(_floor(f"floor {index + 1}", width, y, depth, lift_top=first, lift_bottom=last))
        marks.append((width / 2, y + depth / 2, label))
        if first:
            panels.append(rect("lift", "flap", third, y - LIFT_MM, third, LIFT_MM))
        if last:
            panels.append(rect("lift", "flap", third, y + depth, third, LIFT_MM))
        y += depth
        if not last:
            panels += [rect(f"divider {index + 1} up", "flap", 0, y, width, wall), rect(f"divider {index + 1} down", "flap", 0, y + wall, width, wall)]
            y += 2 * wall
    return Net("insert", tuple(panels), tuple(marks))


def _floor(name: str, width: float, y: float, depth: float, lift_top: bool, lift_bottom: bool) -> Panel:
    """A well's floor, its top and bottom edges cut in thirds where a lift tab folds from the middle one."""
    third = width / 3

    def edge(at: float, forward: bool, lifted: bool) -> list[Seg]:
        xs = [0.0, third, 2 * third, width] if lifted else [0.0, width]
        xs = xs if forward else xs[::-1]
        return [Seg(a, at, b, at) for a, b in pairwise(xs)]

    outline = (*edge(y, True, lift_top), Seg(width, y, width, y + depth), *edge(y + depth, False, lift_bottom), Seg(0, y + depth, 0, y))
    return Panel(name, "flap", outline)
