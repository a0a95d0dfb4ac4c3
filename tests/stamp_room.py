"""Find the version stamps on a card sheet PDF and whatever else is drawn where they are.

Everything is read from the PDF (pdfplumber), never from the layout code: a stamp is a line of 5 pt characters
reading `vVERSION · CODE` (or the bare code of a game without a version); what it may not touch is any other
character, and any edge of a drawn path, rectangle or image (a stroke counted with half its width on either
side). A filled shape that wholly contains the stamp, edges well away, is the ground it is printed on.

Run as a script for a table: python tests/stamp_room.py PDF...
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field

import pdfium_pages
import pdfread

MM = 72 / 25.4
STAMP_PT = 5.0  # the stamp's type size, as docs/editions.md promises
STAMP_RE = re.compile(r"(v\S+ · )?[A-Z2-7]{6}")
CLEAR_PT = 0.25 * MM  # room kept between the stamp's type box and the nearest other ink
BEZIER_STEPS = 12


@dataclass
class Found:
    """One stamp on a page: its text, its box (pdfplumber's, y down from the page top) and what it touches."""

    page: int
    text: str
    box: tuple[float, float, float, float]  # x0, top, x1, bottom
    clashes: list[str] = field(default_factory=list)


def _lines(chars: list[dict]) -> list[list[dict]]:
    """Characters of one size grouped by baseline, each line sorted left to right and split at gaps wider than a space."""
    rows: dict[tuple[float, float], list[dict]] = {}
    for ch in chars:
        rows.setdefault((round(ch["matrix"][5], 1), round(ch["size"], 2)), []).append(ch)
    out = []
    for row in rows.values():
        row.sort(key=lambda c: c["x0"])
        run = [row[0]]
        for ch in row[1:]:
            if ch["x0"] - run[-1]["x1"] > ch["size"]:
                out.append(run)
                run = []
            run.append(ch)
        out.append(run)
    return out


def _point_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return ((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5


def _crosses(seg, box) -> bool:
    """Whether a segment enters the box (Liang–Barsky clipping)."""
    (ax, ay), (bx, by) = seg
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - box[0]), (dx, box[2] - ax), (-dy, ay - box[1]), (dy, box[3] - ay)):
        if abs(p) < 1e-12:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _near(seg, box, pad) -> bool:
    """Whether the segment seg = ((x0, y0), (x1, y1)) comes within `pad` of the box (x0, top, x1, bottom)."""
    if _crosses(seg, box):
        return True
    x0, y0, x1, y1 = box
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    edges = list(zip(corners, corners[1:] + corners[:1], strict=True))
    ends = [min(_point_segment(end, *edge) for edge in edges) for end in seg]
    return min(*ends, *(_point_segment(c, *seg) for c in corners)) < pad


def _segments(obj: dict) -> list:
    """A path's outline as straight segments in pdfplumber's top-down coordinates (Béziers sampled)."""
    segs, start, here = [], None, None
    for step in obj.get("path") or []:
        op, pts = step[0], list(step[1:])  # pdfplumber gives paths top-down, as its boxes
        if op == "m":
            start = here = pts[0]
        elif op == "l":
            segs.append((here, pts[0]))
            here = pts[0]
        elif op == "c":
            p0, (p1, p2, p3) = here, pts
            prev = p0
            for i in range(1, BEZIER_STEPS + 1):
                t = i / BEZIER_STEPS
                u = 1 - t
                pt = (u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                      u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1])
                segs.append((prev, pt))
                prev = pt
            here = p3
        elif op == "h" and start is not None and here is not None:
            segs.append((here, start))
            here = start
    if not segs and obj.get("object_type") in ("rect", "image"):
        x0, t, x1, b = obj["x0"], obj["top"], obj["x1"], obj["bottom"]
        segs = [((x0, t), (x1, t)), ((x1, t), (x1, b)), ((x1, b), (x0, b)), ((x0, b), (x0, t))]
    return segs


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def stamps_on(page, index: int, drawn: list | None = None) -> list[Found]:
    """Every stamp on a page as pdfplumber reads it (a pdfplumber page or a tests/pdfread.Page), with what it clashes with:
    any other character, and any of `drawn` ((kind, object) pairs: pdfium_pages.painted), else the page's own paths."""
    small = [c for c in page.chars if abs(c["size"] - STAMP_PT) < 0.01]
    found, taken = [], set()
    for run in _lines(small):
        text = "".join(c["text"] for c in run)
        if STAMP_RE.fullmatch(text):
            box = (min(c["x0"] for c in run), min(c["top"] for c in run), max(c["x1"] for c in run), max(c["bottom"] for c in run))
            found.append(Found(index, text, box))
            taken.update(id(c) for c in run)
    if not found:
        return found
    others = [c for c in page.chars if id(c) not in taken]
    if drawn is None:
        drawn = [(kind, o) for kind in ("rects", "curves", "lines", "images") for o in getattr(page, kind)]
    for stamp in found:
        for ch in others:
            if _overlaps(stamp.box, (ch["x0"] - CLEAR_PT, ch["top"] - CLEAR_PT, ch["x1"] + CLEAR_PT, ch["bottom"] + CLEAR_PT)):
                stamp.clashes.append(f"character {ch['text']!r} at {ch['x0']:.1f},{ch['top']:.1f}")
        for kind, obj in drawn:
            if not _overlaps(stamp.box, (obj["x0"] - 10, obj["top"] - 10, obj["x1"] + 10, obj["bottom"] + 10)):
                continue
            pad = CLEAR_PT + ((obj.get("linewidth") or 0) / 2 if obj.get("stroke") else 0)
            if any(_near(seg, stamp.box, pad) for seg in _segments(obj)):
                stamp.clashes.append(f"{kind[:-1]} {obj['x0']:.1f},{obj['top']:.1f}–{obj['x1']:.1f},{obj['bottom']:.1f}")
    return found


def stamps_in(path, reader: pdfread.Reader | None = None) -> list[Found]:
    """Every stamp in a PDF, page by page (its pages read once per run with the run's `reader`: conftest.pdfium_reader),
    each measured against the true outlines of what is drawn there: the shared pages keep a path's points on the path
    alone, so the paths of the pages that carry stamps are read again with their curves' control points."""
    pages = (reader or pdfium_pages.Reader()).pages(path)
    stamped = [page.number for page in pages if any(abs(c["size"] - STAMP_PT) < 0.01 for c in page.chars)]
    drawn = pdfium_pages.painted(path, stamped)
    return [stamp for page in pages for stamp in stamps_on(page, page.number - 1, drawn.get(page.number, []))]


if __name__ == "__main__":
    for pdf_path in sys.argv[1:]:
        stamps = stamps_in(pdf_path)
        bad = [s for s in stamps if s.clashes]
        print(f"{pdf_path}: {len(stamps)} stamps, {len(bad)} touching other ink")
        for s in bad:
            print(f"  page {s.page + 1} {s.text} at {s.box[0]:.1f},{s.box[1]:.1f}: {'; '.join(s.clashes[:4])}")
