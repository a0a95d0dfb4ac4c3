"""A sheet's cut file as DXF, which every cutting machine's software opens (Silhouette Studio's free edition opens no
SVG): the same cut lines as the SVG (pnp.render.cutters), in mm, on a page-sized drawing.

DXF counts y upwards from the page's bottom-left corner, so a cut at (x, y) from the top-left is at (x, page_h - y).
Closed shapes are one closed polyline each (a rounded corner as a bulge, which is an exact arc; a circle as a circle),
so a machine cuts each piece in one go; a box net's open outline is lines and arcs. The page's four corners are points
on a layer of their own, which no machine cuts: an importer then keeps every piece where it sits on the printed page.
The header's dates and identifiers are fixed, so the same cuts give the same bytes.
"""
from __future__ import annotations

import io
import math

from ezdxf.document import Drawing

CUT_LAYER, PAGE_LAYER = "CUT", "PAGE"
FIXED_DATE = 2451544.5  # the header's dates: 1 January 2000, as a Julian date
FIXED_GUID = "{00000000-0000-0000-0000-000000000000}"
MARKER = "pnp"


class _SameBytes(Drawing):
    """A drawing whose header and ezdxf's marks carry no time and no random identifier when written."""

    def _update_metadata(self) -> None:
        super()._update_metadata()
        for key in ("$TDCREATE", "$TDUCREATE", "$TDUPDATE", "$TDUUPDATE"):
            self.header[key] = FIXED_DATE
        self.header["$VERSIONGUID"] = self.header["$FINGERPRINTGUID"] = FIXED_GUID

    def _update_ezdxf_metadata(self) -> None:
        meta = self.ezdxf_metadata()
        for key in ("CREATED_BY_EZDXF", "WRITTEN_BY_EZDXF"):  # a version and a time, else
            meta[key] = MARKER


def cut_dxf(page_w: float, page_h: float, shapes: list) -> bytes:
    """One sheet's cut file: each piece's cut line (pnp.render.cutters.CutShape, CutPath) in mm, y up, on layer CUT."""
    doc = _SameBytes.new("R2000")
    doc.units = 4  # millimetres
    doc.layers.add(CUT_LAYER, color=1)
    doc.layers.add(PAGE_LAYER, color=8)
    msp = doc.modelspace()
    for x, y in ((0, 0), (page_w, 0), (page_w, page_h), (0, page_h)):
        msp.add_point((x, y), dxfattribs={"layer": PAGE_LAYER})
    cut = {"layer": CUT_LAYER}
    for shape in shapes:
        parts = [_up(part, page_h) for part in shape.parts]
        if len(parts) == 1 and parts[0][0] == "A" and abs(parts[0][5]) >= 360:
            msp.add_circle(parts[0][1:3], parts[0][3], dxfattribs=cut)
        elif shape.closed:
            msp.add_lwpolyline(_bulged(parts), format="xyb", close=True, dxfattribs=cut)
        else:
            for part in parts:
                if part[0] == "L":
                    msp.add_line(part[1:3], part[3:5], dxfattribs=cut)
                else:
                    _, cx, cy, r, start, sweep = part
                    first, last = (start, start + sweep) if sweep > 0 else (start + sweep, start)
                    msp.add_arc((cx, cy), r, first, last, dxfattribs=cut)
    doc.header["$EXTMIN"], doc.header["$EXTMAX"] = (0, 0, 0), (page_w, page_h, 0)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")


def _up(part: tuple, page_h: float) -> tuple:
    """A cut part with y counted up from the bottom (and its arc's angles turned to match: y down, angles run the other way)."""
    if part[0] == "L":
        _, x1, y1, x2, y2 = part
        return ("L", x1, page_h - y1, x2, page_h - y2)
    _, cx, cy, r, start, sweep = part
    return ("A", cx, page_h - cy, r, -start, -sweep)


def _bulged(parts: list[tuple]) -> list[tuple[float, float, float]]:
    """A closed chain of lines and arcs as polyline vertices (x, y, bulge): each arc leaves its start with the bulge of its
    sweep (tan of a quarter of it, positive anticlockwise), a line none."""
    out = []
    for part in parts:
        if part[0] == "L":
            out.append((part[1], part[2], 0.0))
        else:
            _, cx, cy, r, start, sweep = part
            out.append((cx + r * math.cos(math.radians(start)), cy + r * math.sin(math.radians(start)), math.tan(math.radians(sweep) / 4)))
    return out
