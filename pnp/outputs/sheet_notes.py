"""Say which sheet layout a build chose when the printer's margin forced one: fewer cards a sheet, or corner ticks.

A home printer cannot print the outer few millimetres of the paper, and every
cut line needs a mark inside what it prints. Where the grid the paper holds
leaves no room for that (3 × 3 poker on Letter with a 6.35 mm margin), the
planner takes a smaller grid or marks those cut lines with short ticks where
card corners meet; the build summary says so, once per card size, at the first
deck's size, so nobody wonders why a sheet holds 8 cards or where the outer
marks went.
"""
from __future__ import annotations

from pnp.core.errors import Finding, Loc
from pnp.outputs.options import Options
from pnp.render.impose import Sheet, plan_sheet
from pnp.render.pdf import corner_ticks, crop_mark_segments


def sheet_layout_notes(decks: list[tuple[str, tuple[float, float], Loc]], options: Options, game: str) -> list[Finding]:
    """A note per card size whose sheet, for the options' printer margin, differs from a full grid with outer marks.

    `decks` holds (name, trim size in mm, where the size is written)."""
    by_size: dict[tuple[float, float], list[tuple[str, Loc]]] = {}
    for name, size, loc in decks:
        by_size.setdefault(tuple(size), []).append((name, loc))
    out = []
    for size, named in by_size.items():
        sheet = plan_sheet(options.paper, size, options.gutter, options.bleed_mm, printable_mm=options.printable_mm)
        said = _what_changed(sheet, size, options)
        if said:
            names = ", ".join(n for n, _ in named)
            paper = options.paper.upper() if options.paper == "a4" else options.paper.title()
            out.append(Finding("note", "sheet-layout", f"{names}: {size[0]:g} × {size[1]:g} mm cards on {paper} with a {options.printable_mm:.2f} mm "
                                                       f"printer margin: {'; '.join(said)}", named[0][1], game, names))
    return out


def _what_changed(sheet: Sheet | None, size: tuple[float, float], options: Options) -> list[str]:
    if sheet is None or not sheet.per_sheet:
        return []
    said = []
    roomy = plan_sheet(options.paper, size, options.gutter, options.bleed_mm, printable_mm=0.0)  # the paper alone, as a borderless printer prints it
    if roomy is not None and roomy.per_sheet > sheet.per_sheet:
        said.append(f"{_grid(sheet)}, {sheet.per_sheet} a sheet, instead of {_grid(roomy)} ({roomy.per_sheet}), "
                    f"which would leave marks or the footer where this printer cannot print")
    slots = [sheet.slot(i) for i in range(sheet.per_sheet)]
    segments = set(crop_mark_segments(sheet, slots))
    ticked = [what for axis, what in (("x", "vertical"), ("y", "horizontal")) if segments & set(corner_ticks(slots, axis))]
    if ticked:
        said.append(f"the {' and '.join(ticked)} cut lines are marked with short ticks where card corners meet, "
                    f"since the margin {'above and below' if ticked == ['vertical'] else 'around'} the grid cannot hold crop marks that print")
    return said


def _grid(sheet: Sheet) -> str:
    return f"{sheet.cols} × {sheet.rows}{' landscape' if sheet.landscape else ''}"
