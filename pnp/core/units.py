"""Print geometry as data: card and paper sizes, units, and conversions.

Layout arithmetic runs in integer micrometres, because in floating point
`88.9 * mm` is 252.00000000000003 and three poker rows stop fitting on Letter.
Points appear only at the moment of drawing.
"""
from __future__ import annotations

import re
from functools import reduce
from operator import add

UM_PER_MM = 1000
PT_PER_MM = 72 / 25.4

# Card sizes in mm (trim), from the print shops' published specifications.
CARD_SIZES = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "mini-euro": (44, 68),
    "mini-american": (41, 63),
    "tarot": (69.85, 120.65),  # 2.75 × 4.75 in, the US tarot size print services cut (The Game Crafter: 900 × 1500 px with bleed)
    "square": (70, 70),
}

# Paper sizes in mm, portrait: ISO 216 and the US sizes (tabloid is 11 × 17 in, the copy shop's ledger).
PAPER_SIZES = {
    "letter": (215.9, 279.4),
    "a4": (210, 297),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
    "a3": (297, 420),
    "a3plus": (329, 483),  # A3+ (Super A3), the large format of photo inkjets
    "a2": (420, 594),
    "a1": (594, 841),
}
SHEET_PAPERS = ("letter", "a4", "legal", "tabloid", "a3", "a3plus")  # what `--paper` names; any other paper is written W x H
MIN_PAPER_MM, MAX_PAPER_MM = 50.0, 1200.0  # a custom paper outside these is a typo (a sheet of 11 x 17 mm, or of 11 x 17 m)

BLEED_MM = 3.0  # metric print shops' bleed; US shops ask 1/8 in (3.175 mm)
SAFE_MM = 3.0  # text stays this far inside the trim
STAMP_INSET_MM = 3.5  # the least distance from the trim to a stamp's box: 0.5 mm past the 3 mm safe line, so its glyphs are wholly inside
# The printable margin assumed with no printer profile: 5 mm, so that every crop mark, footer and scale bar prints on a
# printer that prints to 5 mm of every edge, as many inkjets and lasers do (most lasers print to 1/6 in, most inkjets to
# 3 mm, some printers only to 6.35 mm: `pnp calibrate` measures yours, and a profile then uses the paper closer in).
DEFAULT_PRINTABLE_MM = 5.0
# Nothing is drawn closer than this to the printable limit: a printer's real margin varies by a few tenths of a mm.
PRINT_TOLERANCE_MM = 0.5

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*\Z")
MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}  # an inch is exactly 25.4 mm, a PostScript point 1/72 in


def counted(n: int, word: str) -> str:
    """'1 board', '3 boards': a count a person reads, in the singular for one."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def add_up(values) -> float:
    """The sum of `values` added left to right, the same on every Python.

    Python 3.12 made `sum()` of floats compensated, so the same lengths summed on
    3.11 and 3.13 differ in the last bits and a position in the PDF in its fourth
    decimal: same input, different bytes. Plain addition in order is what 3.11's
    `sum()` did, so outputs stay as they were."""
    return reduce(add, values, 0)


def um(mm_value: float) -> int:
    """Millimetres to integer micrometres."""
    return round(mm_value * UM_PER_MM)


def pt(micrometres: int | float) -> float:
    """Integer micrometres to PDF points."""
    return micrometres * 72 / 25400


def mm_to_pt(mm_value: float) -> float:
    return mm_value * PT_PER_MM


class UnknownPaper(ValueError):
    """A paper that is neither a known name nor a size `W x H` (mm or in) within MIN_PAPER_MM … MAX_PAPER_MM."""


def paper_size(paper: str, typed: str | None = None) -> tuple[float, float]:
    """A paper's width and height in mm: a name of PAPER_SIZES, or 'W x H' with a unit ('300x450mm', '11x17in'; mm unless one is written).

    The size as written is the paper's own name everywhere (file names, cache keys), so every place reads it here. A
    refusal quotes `typed`, the paper as the user wrote it, when that is not `paper`."""
    name = paper.strip().lower()
    if name in PAPER_SIZES:
        return PAPER_SIZES[name]
    size = parse_size(name, {})
    if size is None or isinstance(paper, (int, float)) or not all(MIN_PAPER_MM <= v <= MAX_PAPER_MM for v in size):
        from pnp.core.errors import did_you_mean

        raise UnknownPaper(f"paper must be {', '.join(SHEET_PAPERS)}, or a size like 300x450mm or 11x17in "
                           f"(each side {MIN_PAPER_MM:g}–{MAX_PAPER_MM:g} mm); got '{typed or paper}'{did_you_mean(str(paper), SHEET_PAPERS)}")
    return size


def paper_name(paper: str) -> str:
    """How a paper is written in file names and said in messages: 'letter', 'a3plus', '300x450mm' (spaces and × taken out)."""
    name = paper.strip().lower().replace(" ", "").replace("×", "x")
    paper_size(name, paper.strip())
    return name


def paper_said(paper: str) -> str:
    """A paper as a sentence names it: 'Letter', 'A4', 'A3+', 'Tabloid', '300 × 450 mm paper'."""
    if paper in PAPER_SIZES:
        return paper.upper().replace("PLUS", "+") if paper.startswith("a") else paper.title()
    w, h = paper_size(paper)
    return f"{w:g} × {h:g} mm paper"


def parse_size(value, presets=CARD_SIZES) -> tuple[float, float] | None:
    """Read a size: a preset name, 'W x H' (mm unless a unit follows: '2.5 x 3.5 in', '63 mm x 3.5 in'), or one number of mm for a square.

    None if unreadable. A unit written once, after the second number, applies to both."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return (float(value), float(value)) if value > 0 else None
    if isinstance(value, str):
        if value.lower() in presets:
            w, h = presets[value.lower()]
            return float(w), float(h)
        m = _SIZE.match(value)
        if m:
            w_unit, h_unit = m.group(2) or m.group(4) or "mm", m.group(4) or "mm"
            w, h = float(m.group(1)) * MM_PER_UNIT[w_unit], float(m.group(3)) * MM_PER_UNIT[h_unit]
            if w > 0 and h > 0:
                return round(w, 4), round(h, 4)
    return None


def number_as_written(value) -> str:
    """A number as a person writes it: a whole float without its `.0` (YAML, a sheet's cell and pydantic's bounds
    hand `4` over as `4.0`); anything else as `str` gives it."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def value_as_written(value) -> str:
    """A value from a designer's file as a finding quotes it after `got`: a yes or no as YAML and a sheet's TRUE
    write it (`true`, `false`), an empty value as `nothing`, not as Python shows them (`True`, `None`); a text in
    quotes, anything else as Python shows it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "nothing" if value is None else repr(value)
