"""What a printer would make of each picture a face draws: stretched or cropped to a box of another shape, or too
coarse for the size it prints at. Judged as each face is drawn (pnp.layout.templates), so every command that draws a
face (build, validate, serve, export) and every kind of face (cards, tokens, boards, aids, boxes) says it, at the
template line that draws the picture; the same picture in the same box says it once, on every piece that shows it.
"""
from __future__ import annotations

from pathlib import Path

from pnp.core.errors import IMAGE_ASPECT, IMAGE_LOW_DPI, Finding, Loc, warning
from pnp.layout.elements import Image

ASPECT_TOLERANCE = 0.02  # a picture whose shape differs from its box's by more than this shows it: faces look wide, or lose their edges
MIN_DPI = 200  # below this, a picture looks soft at arm's length; print services ask 300
BLEED_MM = 3.0  # the bleed art is made with (PRINTING.md); 1/8 in (3.175 mm) is within ASPECT_TOLERANCE of it on any card


def picture_findings(pictures: list[tuple[Image, Loc]], what: str, game: str, root: Path | None = None) -> list[Finding]:
    """A warning for each picture stretched or cropped by more than ASPECT_TOLERANCE (but a bleed's difference under a
    cover fit: `bleed_apart`), and each printing below MIN_DPI."""
    out = []
    for image, at in pictures:
        (path, iw, ih), _, _, w, h, fit = image[:6]
        if w <= 0 or h <= 0 or iw <= 0 or ih <= 0:
            continue
        shown = _shown(path, root)
        off = (iw / ih) / (w / h) - 1
        if abs(off) > ASPECT_TOLERANCE and fit != "contain" and not (fit == "cover" and bleed_apart(iw / ih, w, h)):
            how = (f"stretched {'wider' if off < 0 else 'taller'}" if fit == "stretch"
                   else f"cropped at its {'left and right' if off > 0 else 'top and bottom'}")
            out.append(warning(IMAGE_ASPECT, f"image {shown} ({iw} × {ih} px) is {abs(off):.0%} {'wider' if off > 0 else 'narrower'} than its "
                               f"{w:g} × {h:g} mm box, so it prints {how} (fit={fit}): crop it to the box's shape, or draw it with fit=\"contain\"",
                               at, game=game, component=what))
        dpi = printed_dpi(iw, ih, w, h, fit)
        if dpi < MIN_DPI:
            out.append(warning(IMAGE_LOW_DPI, f"image {shown} prints at {dpi:.0f} dpi in its {w:g} × {h:g} mm box, below {MIN_DPI}: use a larger image "
                               f"(at least {_needed(w, h, iw, ih, fit)} px)", at, game=game, component=what))
    return out


def bleed_apart(shape: float, w: float, h: float) -> bool:
    """Whether a picture of `shape` (width / height) is its w × h mm box's shape but for a bleed all round, within
    ASPECT_TOLERANCE: art made with its bleed, covering its trim (a build without bleed), or art made to its trim,
    covering its box with bleed. Either way a cover fit crops only what the cut takes, so neither is warned of."""
    return any(abs(shape / ((w + grow) / (h + grow)) - 1) <= ASPECT_TOLERANCE for grow in (2 * BLEED_MM, -2 * BLEED_MM) if w + grow > 0 and h + grow > 0)


def printed_dpi(iw: int, ih: int, w: float, h: float, fit: str) -> float:
    """The pixels per inch an iw × ih px image prints at in a w × h mm box.

    `contain` scales the image until its longer side (relative to the box) fits,
    so the box's tighter axis sets the size and the other axis has pixels to
    spare: the print has max over axes of px / inch. `cover` scales until the
    box is filled, so the looser axis sets the size and the other is cropped:
    min over axes. `stretch` prints each axis at its own density; the lower one blurs."""
    per_axis = (iw / (w / 25.4), ih / (h / 25.4))
    return max(per_axis) if fit == "contain" else min(per_axis)


def _needed(w: float, h: float, iw: int, ih: int, fit: str) -> str:
    """The pixel size that prints at MIN_DPI in the box, keeping the picture's shape."""
    scale = MIN_DPI / printed_dpi(iw, ih, w, h, fit)
    return f"{round(iw * scale)} × {round(ih * scale)}"


def _shown(path: str, root: Path | None) -> str:
    """A picture's path as the data names it: relative to the project."""
    if root is not None and Path(path).is_relative_to(root):
        return Path(path).relative_to(root).as_posix()
    return str(path)
