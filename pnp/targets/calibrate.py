"""The duplex calibration sheet: two verniers read against the light.

Front and back each carry an X scale (a row of upright ticks) and a Y scale
(a column of level ticks). Front ticks stand PITCH apart, back ticks
PITCH - STEP apart, so, with the sheet held to the light, exactly one pair
forms a straight line: its label is the offset to give `pnp build
--back-offset X,Y` (or to save with `pnp calibrate --save NAME --offset X,Y`).

Geometry: pair k is labelled v = k * STEP. Its back tick is drawn where it
lands on its front tick when the printer shifts the back by -v, so printing
with --back-offset v (which adds v to every backs sheet) lines that printer
up. Positions on the back page are mirrored for the flip (long edge: x;
short edge: y), exactly as the backs of card sheets are.

The front also carries a margin ruler on each edge, graduated in mm from the
paper's edge inward: the first tick a printer prints is its margin on that
side, to save with `pnp calibrate --save NAME --margin TOP,RIGHT,BOTTOM,LEFT`.
"""
from __future__ import annotations

from pnp.core.units import PT_PER_MM, paper_said, paper_size
from pnp.render.pdf import new_canvas

K = PT_PER_MM
PITCH = 7.5  # mm between front ticks: wider than twice the range, so no pair aligns by a whole pitch
STEP = 0.25  # mm of offset between neighbouring pairs
RANGE = 3.0  # ± mm readable: home printers misregister duplex by up to about 3 mm
TICK = 8.0  # mm length of each tick; front and back ticks overlap by OVERLAP
OVERLAP = 3.0
LINE_PT = 0.4
FRONT, BACK = "#000000", "#000000"
RULER_MM = 10.0  # each edge ruler reads 0–10 mm from the paper's edge: home printers leave 3–6.35 mm blank
RULER_STEP = 0.5  # mm between ticks; every whole mm is longer, every second one labelled
RULER_TICKS = (1.5, 3.0)  # mm: half and whole mm ticks, centred on the ruler's spine
RULER_LINE_PT = 0.25
RULER_LABEL_PT = 5.0  # 1.8 mm tall: fits the 2 mm between labels


def pairs() -> list[float]:
    """The offsets the pairs stand for, from -RANGE to +RANGE in STEPs."""
    n = round(RANGE / STEP)
    return [k * STEP for k in range(-n, n + 1)]


def layout(paper: str) -> dict:
    """Where the scales sit on the front page, in mm from the bottom-left."""
    w, h = paper_size(paper)
    span = 2 * RANGE / STEP * PITCH / 2  # from the centre tick to an end tick
    return {"page": (w, h), "x_row": (w / 2, h - 82.4), "y_col": (w / 2 - 30.0, 100.0), "span": span}


def back_position(front: float, page: float, offset: float, mirrored: bool) -> float:
    """Where a back mark goes so that it lands on `front` when the printer shifts the back by -offset."""
    return (page - front if mirrored else front) + offset


def front_ticks(paper: str) -> dict:
    """Front tick positions: {'x': [(v, x mm)], 'y': [(v, y mm)]}."""
    g = layout(paper)
    cx, _ = g["x_row"]
    _, cy = g["y_col"]
    return {"x": [(v, cx + v / STEP * PITCH) for v in pairs()], "y": [(v, cy + v / STEP * PITCH) for v in pairs()]}


def back_ticks(paper: str, duplex: str = "long") -> dict:
    """Back tick positions on the back page: {'x': [(v, x mm)], 'y': [(v, y mm)]}."""
    w, h = paper_size(paper)
    fronts = front_ticks(paper)
    mirror_x, mirror_y = duplex == "long", duplex == "short"
    return {"x": [(v, back_position(x, w, v, mirror_x)) for v, x in fronts["x"]],
            "y": [(v, back_position(y, h, v, mirror_y)) for v, y in fronts["y"]]}


def ruler_positions(paper: str) -> dict[str, float]:
    """Where each edge's ruler runs, in mm along its edge from the page's left (top, bottom) or bottom (left, right):
    clear of the title and instructions (top left), the footer (bottom right) and the vernier scales."""
    w, h = paper_size(paper)
    return {"top": w - 25.0, "bottom": 30.0, "left": h / 2, "right": h / 2}


def ruler_ticks() -> list[float]:
    """The distances from the paper's edge that each ruler marks, in mm."""
    return [k * RULER_STEP for k in range(round(RULER_MM / RULER_STEP) + 1)]


def _edge_rulers(c, font: str, paper: str) -> None:
    """A ruler on each edge of the front: a spine from the edge inward and a tick every RULER_STEP, labelled in mm."""
    w, h = paper_size(paper)
    at = ruler_positions(paper)
    c.setLineWidth(RULER_LINE_PT)
    c.setFont(font, RULER_LABEL_PT)
    for edge in ("top", "bottom", "left", "right"):
        # (inward distance d, across offset a) → page mm
        point = {"bottom": lambda d, a: (at["bottom"] + a, d), "top": lambda d, a: (at["top"] + a, h - d),
                 "left": lambda d, a: (d, at["left"] + a), "right": lambda d, a: (w - d, at["right"] + a)}[edge]
        (x0, y0), (x1, y1) = point(0, 0), point(RULER_MM, 0)
        c.line(x0 * K, y0 * K, x1 * K, y1 * K)
        for d in ruler_ticks():
            whole = abs(d - round(d)) < 1e-9
            half = RULER_TICKS[1 if whole else 0] / 2
            (ax, ay), (bx, by) = point(d, -half), point(d, half)
            c.line(ax * K, ay * K, bx * K, by * K)
            if whole and round(d) % 2 == 0 and d > 0:
                _ruler_label(c, edge, point(d, RULER_TICKS[1] / 2 + 0.6), f"{d:g}")
        _ruler_label(c, edge, point(RULER_MM + 2.3, 0), f"mm from the {edge} edge", centred=True)


def _ruler_label(c, edge: str, at: tuple[float, float], text: str, centred: bool = False) -> None:
    """A label beside a ruler, reading along its ticks (turned on the left and right edges), its middle on `at`'s line."""
    x, y = at
    c.saveState()
    c.translate(x * K, y * K)
    if edge in ("left", "right"):
        c.rotate(90)
    (c.drawCentredString if centred else c.drawString)(0, -RULER_LABEL_PT * 0.35, text)
    c.restoreState()


def _label(v: float) -> str:
    return "0" if v == 0 else f"{v:+.2f}"  # ASCII minus: the bundled sans lacks U+2212


def calibration_pdf(paper: str, font: str, duplex: str = "long") -> bytes:
    """The two-page calibration sheet for `paper`, backs placed for a `duplex` flip."""
    if duplex not in ("long", "short"):
        raise ValueError("duplex must be long or short")
    w, h = paper_size(paper)
    c, buf = new_canvas((w * K, h * K), font, "pnp duplex calibration", "Print double-sided at 100 %, hold to the light, read the aligned pair")
    c.setViewerPreference("Duplex", "DuplexFlipLongEdge" if duplex == "long" else "DuplexFlipShortEdge")
    _front_page(c, font, paper, duplex)
    c.showPage()
    _back_page(c, font, paper, duplex)
    c.showPage()
    c.save()
    return buf.getvalue()


def _front_page(c, font: str, paper: str, duplex: str) -> None:
    """Front: the vernier ticks with their labels, the instructions and the edge rulers."""
    w, h = paper_size(paper)
    g = layout(paper)
    row_y, col_x = g["x_row"][1], g["y_col"][0]
    c.setLineWidth(LINE_PT)
    c.setStrokeColor(FRONT)
    c.setFillColor(FRONT)
    fronts = front_ticks(paper)
    c.setFont(font, 5)
    for v, x in fronts["x"]:
        c.setLineWidth(LINE_PT * (2 if v == 0 else 1))
        c.line(x * K, row_y * K, x * K, (row_y + TICK) * K)
        c.drawCentredString(x * K, (row_y - 3.0) * K, _label(v))
    for v, y in fronts["y"]:
        c.setLineWidth(LINE_PT * (2 if v == 0 else 1))
        c.line(col_x * K, y * K, (col_x + TICK) * K, y * K)
        c.drawRightString((col_x - 1.5) * K, (y - 0.6) * K, _label(v))
    c.setFont(font, 9)
    c.drawString((g["x_row"][0] - g["span"]) * K, (row_y + TICK + 8) * K, "X: the pair of lines that runs straight through gives X")
    c.drawString((col_x + TICK + 8) * K, (g["y_col"][1] + 40) * K, "Y: the pair that runs straight across gives Y")
    c.drawString((col_x + TICK + 8) * K, (g["y_col"][1] + 34) * K, "(front lines on the left, back lines on the right)")
    c.setFont(font, 14)
    c.drawString(15 * K, (h - 18) * K, f"Duplex calibration — {paper_said(paper)}, flip on the {duplex} edge")
    c.setFont(font, 8.5)
    for i, line in enumerate(_steps(duplex)):
        c.drawString(15 * K, (h - 30 - i * 5) * K, line)
    _edge_rulers(c, font, paper)
    c.setFont(font, 6.5)
    c.drawRightString((w - 15) * K, 8 * K, "front · pnp calibration sheet · print at 100% / actual size")


def _steps(duplex: str) -> list[str]:
    return [
        f"1. Print both pages on one sheet, double-sided, flipping on the {duplex} edge, at 100 % / actual size (no ‘fit to page’).",
        "2. Hold the sheet against a window or a lamp. Front lines are black; the back’s show through, greyer.",
        f"3. In each scale, find the pair of lines that continues straight: its number is the offset in mm ({STEP:g} mm steps).",
        "    Halfway between two pairs? Take the number between them.",
        "4. On each edge’s ruler, the first tick printed (counted from the paper’s edge) is your printer’s margin on that side.",
        "5. Save both: pnp calibrate --save my-printer --offset X,Y --margin TOP,RIGHT,BOTTOM,LEFT",
        "    then build with   pnp build --printer my-printer   (0,0 means your printer needs no duplex correction).",
    ]


def _back_page(c, font: str, paper: str, duplex: str) -> None:
    """Back: the vernier ticks only, placed for the flip."""
    w, h = paper_size(paper)
    g = layout(paper)
    row_y, col_x = g["x_row"][1], g["y_col"][0]
    c.setStrokeColor(BACK)
    c.setFillColor(BACK)
    backs = back_ticks(paper, duplex)
    mirror_x, mirror_y = duplex == "long", duplex == "short"
    y0, y1 = row_y + TICK - OVERLAP, row_y + 2 * TICK - OVERLAP  # above the front ticks, overlapping them
    if mirror_y:
        y0, y1 = h - y1, h - y0
    for v, x in backs["x"]:
        c.setLineWidth(LINE_PT * (2 if v == 0 else 1))
        c.line(x * K, y0 * K, x * K, y1 * K)
    x0, x1 = col_x + TICK - OVERLAP, col_x + 2 * TICK - OVERLAP  # right of the front ticks
    if mirror_x:
        x0, x1 = w - x1, w - x0
    for v, y in backs["y"]:
        c.setLineWidth(LINE_PT * (2 if v == 0 else 1))
        c.line(x0 * K, y * K, x1 * K, y * K)
    c.setFont(font, 6.5)
    c.drawString(15 * K, 8 * K, "back · pnp calibration sheet")  # lands behind the front's bottom-right after a long-edge flip
