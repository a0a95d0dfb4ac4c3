"""A contact sheet of icons: every icon a search found, drawn at print size with its name under it."""
from __future__ import annotations

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import STATE_DEFAULTS

from pnp.core.units import PT_PER_MM, paper_size
from pnp.render.pdf import new_canvas
from pnp.render.print_floor import floored_drawing, icon_floor, thinnest_stroke

COLUMNS, ROWS = 8, 10
CELL = 24.0  # mm: an icon of 14 mm, the size a card's symbol usually prints at, with room for its name
ICON = 14.0
MARGIN = 10.0


def icon_sheet(icons, names: list[str], font_name: str, paper: str = "letter", title: str = "Icons") -> bytes:
    """A PDF of `names` from `icons`, COLUMNS × ROWS to a page, each labelled with the name to write."""
    w, h = paper_size(paper)
    c, buf = new_canvas((w * PT_PER_MM, h * PT_PER_MM), font_name, title, "pnp icons")
    left = (w - COLUMNS * CELL) / 2
    per_page = COLUMNS * ROWS
    for start in range(0, max(len(names), 1), per_page):
        c.setFont(font_name, 9)
        c.drawString(left * PT_PER_MM, (h - MARGIN + 2) * PT_PER_MM, f"{title}: {start + 1}–{min(start + per_page, len(names))} of {len(names)}")
        for i, name in enumerate(names[start:start + per_page]):
            col, row = i % COLUMNS, i // COLUMNS
            x, top = left + col * CELL, h - MARGIN - 4 - row * CELL
            _draw_icon(c, icons.drawing(name, "#000000"), (x + (CELL - ICON) / 2) * PT_PER_MM, (top - 2 - ICON) * PT_PER_MM, ICON * PT_PER_MM, font_name)
            c.setFont(font_name, 5.5)
            c.drawCentredString((x + CELL / 2) * PT_PER_MM, (top - ICON - 6) * PT_PER_MM, name)
        c.showPage()
    c.save()
    return buf.getvalue()


def _draw_icon(c, drawing, x: float, y: float, size: float, font_name: str) -> None:
    """Scale the drawing into a size × size box, its strokes at least a hairline as printed (pnp.render.print_floor);
    reportlab's default Helvetica is swapped for our embedded font."""
    scale = size / max(drawing.width, drawing.height, 1e-6)
    floor = icon_floor(thinnest_stroke(drawing), scale)
    if floor is not None:
        drawing = floored_drawing(drawing, floor)
    saved = STATE_DEFAULTS["fontName"]
    STATE_DEFAULTS["fontName"] = font_name
    try:
        c.saveState()
        c.translate(x, y)
        c.scale(scale, scale)
        renderPDF.draw(drawing, c, 0, 0)
        c.restoreState()
    finally:
        STATE_DEFAULTS["fontName"] = saved
