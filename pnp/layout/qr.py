"""QR codes on components: the modules segno encodes, and whether a phone will read them as printed.

Two rules, each a warning at the template line that drew the code:
- a module (one square of the code) at least MIN_MODULE_MM wide as it prints: GS1's General Specifications
  (section 5.12.3.1) give 0.396 mm as the smallest X-dimension of a QR code that retail scanners and phones read,
  and the smaller a code the closer a phone must come and the sharper the print must be;
- a quiet zone of QUIET_MODULES light modules all round (ISO/IEC 18004 asks for 4): no later element drawn into it
  and none of it cut off, or a phone may not find the code's corners. And the modules must stand out from their
  ground (at least WCAG's 3:1 for graphics, dark on light).
"""
from __future__ import annotations

import functools
import math
from typing import NamedTuple

from pnp.core.colour import contrast, luminance
from pnp.core.errors import LayoutError
from pnp.layout.elements import Group, Line, Qr, Rect
from pnp.layout.inspect import face_bounds, group_transform

MIN_MODULE_MM = 0.396  # GS1 General Specifications 5.12.3.1: the smallest X-dimension of a QR code read at retail
QUIET_MODULES = 4  # light modules around the symbol (ISO/IEC 18004)
MIN_CONTRAST = 3.0  # WCAG 2.1's contrast for graphics: dark modules against the light ones
ERROR_LEVELS = ("l", "m", "q", "h")  # recovers 7, 15, 25 or 30 % of the code lost to a scratch or a logo
EPS_MM = 0.01
# ISO/IEC 18004 table 7: what a version 40 code holds at each error level, in the mode segno encodes a whole text in
CAPACITY = {"digits": {"l": 7089, "m": 5596, "q": 3993, "h": 3057}, "characters": {"l": 4296, "m": 3391, "q": 2420, "h": 1852},
            "bytes": {"l": 2953, "m": 2331, "q": 1663, "h": 1273}}
ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")


def _too_long(text: str, error: str) -> str:
    """Why `text` fits no QR code at `error`: what a code holds at that level in the mode the text is encoded in."""
    if text.isascii() and text.isdigit():
        unit, size = "digits", len(text)
    elif set(text) <= ALPHANUMERIC:
        unit, size = "characters", len(text)
    else:
        unit, size = "bytes", len(text.encode("utf-8"))
    most = CAPACITY[unit]
    lower = [f"{most[level]:,} at error level {level}" for level in ERROR_LEVELS[:ERROR_LEVELS.index(error)] if most[level] >= size]
    return (f"a QR code at error level {error} holds at most {most[error]:,} {unit}; this text is {size:,}: shorten it"
            + (f", or ask for a lower level ({lower[-1]})" if lower else ""))


@functools.lru_cache(maxsize=1024)
def qr_modules(text: str, error: str = "m") -> tuple[str, ...]:
    """The rows of the smallest QR code (not Micro QR) that holds `text`: '1' a dark module, '0' a light one. segno
    raises the error level above `error` where the same size allows, as a scratched card is read all the same."""
    import segno
    from segno import DataOverflowError

    if error not in ERROR_LEVELS:
        raise LayoutError(f"error must be one of {', '.join(ERROR_LEVELS)}, got {error!r}", "error")
    try:
        code = segno.make(text, error=error, micro=False)
    except DataOverflowError:
        raise LayoutError(_too_long(text, error), "qr") from None
    return tuple("".join("1" if m else "0" for m in row) for row in code.matrix)


def module_mm(code: Qr, scale: float = 1.0) -> float:
    """The side of one module of `code` as it prints, its quiet zone counted into the square it is drawn in."""
    return code.size * scale / (len(code.modules) + 2 * QUIET_MODULES)


def holds_qr(elements) -> bool:
    """Whether any of the elements, or of the groups' children, is a QR code: most faces hold none, and skip the checks."""
    return any(type(el) is Qr or (type(el) is Group and holds_qr(el.children)) for el in elements)


class Problem(NamedTuple):
    element: Qr
    message: str


def qr_problems(face) -> list[Problem]:
    """What keeps a phone from reading the face's QR codes: modules printed too small or too faint, and quiet zones
    drawn over by a later element or cut off by the trim."""
    drawn = list(_in_order(face.elements, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)))
    out = []
    for k, (box, el, scale, _) in enumerate(drawn):
        if el is None:
            continue
        module = module_mm(el, scale)
        if module < MIN_MODULE_MM - 1e-9:
            least = MIN_MODULE_MM * (len(el.modules) + 2 * QUIET_MODULES) / scale
            out.append(Problem(el, f"a QR code of {len(el.modules)} × {len(el.modules)} modules in {el.size:g} mm prints its modules {module:.2f} mm "
                                   f"wide: phones read them from {MIN_MODULE_MM} mm (GS1 General Specifications 5.12.3.1): make it at least "
                                   f"{math.ceil(least * 10) / 10:g} mm, or encode a shorter text"))
        ground = el.background or "#ffffff"
        if contrast(el.color[:7], ground[:7]) < MIN_CONTRAST or luminance(el.color[:7]) > luminance(ground[:7]):
            out.append(Problem(el, f"a QR code in {el.color} on {ground} stands out {contrast(el.color[:7], ground[:7]):.1f}:1: phones need dark modules "
                                   f"on a light ground, at least {MIN_CONTRAST:g}:1"))
        x0, y0, x1, y1 = box
        cut = x0 < -EPS_MM or y0 < -EPS_MM or x1 > face.w + EPS_MM or y1 > face.h + EPS_MM
        over = next((kind for later, _, _, kind in drawn[k + 1:] if _meets(later, box)), None)
        if cut or over:
            what = "the trim cuts into it" if cut else f"a {over} is drawn over it"
            out.append(Problem(el, f"a QR code's quiet zone ({QUIET_MODULES} light modules all round, {QUIET_MODULES * module:.1f} mm, inside its "
                                   f"{el.size:g} mm square) must stay clear, and {what}: phones find a code by that margin"))
    return out


def _meets(a, b) -> bool:
    """Whether two boxes (x0, y0, x1, y1) overlap by more than a hair."""
    return a[0] < b[2] - EPS_MM and b[0] < a[2] - EPS_MM and a[1] < b[3] - EPS_MM and b[1] < a[3] - EPS_MM


def _in_order(elements, t):
    """(box in face mm, the QR code or None, scale, kind) of every element in drawing order; a group's children in its place."""
    scale = math.sqrt(abs(t[0] * t[3] - t[1] * t[2]))
    for el in elements:
        if type(el) is Group:
            yield from _in_order(el.children, group_transform(t, el.x, el.y, el.rotate, el.scale))
        elif type(el) is Qr:
            pts = [(t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]) for x in (el.x, el.x + el.size) for y in (el.y, el.y + el.size)]
            yield (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)), el, scale, "QR code"
        else:
            if type(el) is Rect and el.fill is None:  # a frame meets the code only where its sides run
                x0, y0, x1, y1 = el.x, el.y, el.x + el.w, el.y + el.h
                el = tuple(Line(*side, "", 0.0, None) for side in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x0, y1, x1, y1), (x0, y0, x0, y1)))
            for kind, x0, y0, x1, y1 in face_bounds(el if type(el) is tuple else (el,), t):
                yield (x0, y0, x1, y1), None, scale, kind
