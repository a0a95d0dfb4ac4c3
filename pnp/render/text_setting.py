"""Rich text set for blocks: a style, the setter that lays text out with our typesetter, and the face elements
blocks draw with (in points, y down from a block's top), drawn by FaceDrawer."""
from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.core.units import PT_PER_MM
from pnp.layout import markup as rich
from pnp.layout.bidi import mirrored, ordered, shaped, starts_rtl
from pnp.layout.elements import Face, Group, Line, Rect, icons_used
from pnp.layout.typeset import ASCENT, DESCENT, ICON_MIDDLE, Laid, TextOp
from pnp.render.draw import FaceDrawer

K = PT_PER_MM
BIG = 1e7  # "no limit" for heights, in points
EPS = 0.01
SLOP_MM = 30.0  # drawing may stray this far outside a block (bullets in the margin, overhangs) unclipped


@dataclass(frozen=True)
class Style:
    """How a run of rich text looks; sizes and spaces in points."""

    family: str
    size: float = 10.0
    leading: float = 1.3
    bold: bool = False
    italic: bool = False
    color: str = "#000000"
    align: str = "left"
    space_before: float = 0.0
    space_after: float = 0.0


def escape(text) -> str:
    """Plain text that our rich text prints exactly as written (no bold, colour or icon)."""
    return "".join("\\" + c if c in "\\*[]:" else c for c in str(text))


class Setter:
    """Lays out rich text with one game's fonts, icons and palette; remembers missing characters."""

    def __init__(self, layouts, region_h: float = BIG):
        self.layouts = layouts
        self.typesetter = layouts.typesetter
        self.region_h = region_h  # the height of a page frame or card: figures never grow past it
        self.missing: set = set()
        self.rtl = layouts.rtl  # the edition is written right to left: every paragraph is set from the right
        self.icon_ink = layouts.icon_ink
        self._laid: dict = {}
        self._items: dict = {}

    def font(self, style: Style, bold: bool | None = None) -> str:
        return self.layouts.fonts.font_name(style.family, style.bold if bold is None else bold, style.italic)

    def _items_of(self, text: str, style: Style) -> list:
        key = (text, style.family, style.bold, style.italic, style.color, style.align == "justify")
        hit = self._items.get(key)
        if hit is None:
            palette = self.layouts.palette
            for problem in self.layouts.check_markup(text):
                self.layouts.markup_problems[problem] = None
            runs = rich.parse(text, palette.is_colour, self.layouts.icons.exists)
            runs = [r._replace(color=palette.resolve(r.color)) if r.color else r for r in runs]
            if not text.isascii():  # Arabic's joining forms, measured as they print; vowel marks where they are placed
                keep = self.rtl or starts_rtl(text)
                runs = [r._replace(text=shaped(r.text, keep)) if r.icon is None else r for r in runs]
            hyphenator = self.layouts.hyphenator if style.align == "justify" else None  # justified paragraphs break words in the edition's language
            hit = self._items[key] = self.typesetter.items(runs, style.family, style.bold, style.italic, style.color, self.missing, self.icon_ink, hyphenator,
                                                           self.layouts.symbols)
        return hit

    def lay(self, text: str, width: float, style: Style) -> Laid:
        """Lines of `text` broken to `width` points at the style's size (never shrunk)."""
        key = (text, round(width, 3), style)
        hit = self._laid.get(key)
        if hit is None:
            items = self._items_of(text, style)
            hit = self._laid[key] = self._turned(text, self.typesetter.fit(items, max(width, 1.0), BIG, style.size, style.size, style.leading,
                                                                            style.align, "top"), width)
        return hit

    def _turned(self, text: str, laid: Laid, width: float) -> Laid:
        """`laid` set right to left when its paragraph is: every paragraph of a right-to-left edition (its rulebook and
        reference are set from the right), and one whose first letter is Arabic or Hebrew in any edition."""
        if width >= BIG / 2:
            return laid  # a measure of the natural width (`widths`) stays left to right
        if self.rtl or starts_rtl(text):
            return mirrored(laid, max(width, 1.0))
        return laid if text.isascii() else ordered(laid)  # an Arabic or Hebrew word in a left-to-right paragraph

    def fit(self, text: str, width: float, height: float, style: Style, min_size: float) -> Laid:
        """Lines of `text` at the largest size from the style's down to `min_size` that fits the box."""
        items = self._items_of(text, style)
        return self._turned(text, self.typesetter.fit(items, max(width, 1.0), height, style.size, min_size, style.leading, style.align, "middle"), width)

    def widths(self, text: str, style: Style) -> tuple[float, float]:
        """(natural width on one line, widest word) in points."""
        laid = self.lay(text.replace("\n", " "), BIG, replace(style, align="left"))
        natural = max((op_right(op) for op in laid.ops), default=0.0)
        words = [it[2] * style.size + it[4] for it in self._items_of(text, style) if it[0] == "w"]
        return natural, max(words, default=0.0)


def op_right(op) -> float:
    return op.x + (op.w if type(op) is TextOp else op.size)


def text_height(lines: int, style: Style) -> float:
    return style.size * (ASCENT + DESCENT) + max(lines - 1, 0) * style.size * style.leading


def line_of(op, style: Style) -> int:
    base = op.y if type(op) is TextOp else op.y + op.size / 2 + style.size * ICON_MIDDLE  # within a fifth of a line of its baseline
    return round((base - style.size * ASCENT) / (style.size * style.leading))


def drawer_for(canv) -> FaceDrawer:
    """The FaceDrawer of a canvas (one per PDF, so each icon and face is a form defined once)."""
    drawer = getattr(canv, "pnp_drawer", None)
    if drawer is None:
        drawer = canv.pnp_drawer = FaceDrawer(canv, canv.pnp_icons)
    return drawer


def draw_elements(canv, elements, w_pt: float, h_pt: float) -> None:
    """Draw face elements with the block's bottom-left at the canvas origin."""
    if elements:
        face = Face(w_pt / K, h_pt / K, SLOP_MM, tuple(elements), icons_used(elements))
        drawer_for(canv).draw_face(face, 0, 0, reused=False)


def group(x_pt: float, y_pt: float, elements, scale: float = 1.0) -> Group:
    return Group(x_pt / K, y_pt / K, 0.0, scale, tuple(elements))


def rect(x, y, w, h, fill=None, stroke=None, width=0.3, radius=0.0) -> Rect:
    """A rect element from points (y down from the block's top)."""
    return Rect(x / K, y / K, w / K, h / K, fill, stroke, width / K, radius / K, None)


def line(x1, y1, x2, y2, stroke, width=0.5) -> Line:
    return Line(x1 / K, y1 / K, x2 / K, y2 / K, stroke, width / K, None)
