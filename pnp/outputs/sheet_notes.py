"""Say which sheet layout a build chose when the printer's margin forced one: fewer cards a sheet, or a grid off centre.

A home printer cannot print the outer few millimetres of the paper, and every
cut line needs a mark inside what it prints. Where the grid the paper holds
leaves no room for that (3 × 3 poker on Letter with a 6.35 mm margin), the
planner moves the grid against one edge of the printable area, so the margin
at the other edge holds the marks, or takes a smaller grid (never a mark over
a card); the build summary says so, once a run, naming the card sizes and the
games, so nobody wonders why a sheet holds fewer cards or sits off centre. The
default margin's snug 3 × 3 of poker cards on Letter is the usual layout, and
says nothing. A project that saved a printer profile (pnp calibrate --save)
knows its margin, and is not told.
"""
from __future__ import annotations

from pnp.core.errors import Finding, Loc
from pnp.core.shapes import Shape
from pnp.core.units import paper_said
from pnp.outputs.options import Options
from pnp.render.impose import Sheet, plan_sheet

SHEET_LAYOUT = "sheet-layout"  # the code of these notes: a run says them once, for every game (pnp.cli.common.margin_note_once)


def sheet_layout_notes(decks: list[tuple[str, tuple[float, float], Loc, list]], options: Options, game: str) -> list[Finding]:
    """A note per card size whose sheet, for the options' printer margin, differs from a full grid with outer marks.

    `decks` holds (name, trim size in mm, where the size is written, the grids the packing plan prints it on). How
    many a sheet holds is the size's; where the grid sits is said only of a page that prints the size's own grid (a
    deck sharing a page in a band beside other sizes sits where the band puts it)."""
    by_size: dict[tuple[float, float], tuple[list[tuple[str, Loc]], list]] = {}
    for name, size, loc, grids in decks:
        named, printed = by_size.setdefault(tuple(size), ([], []))
        named.append((name, loc))
        printed.extend(grids)
    out = []
    for size, (named, printed) in by_size.items():
        sheet = plan_sheet(options.paper, size, options.gutter, options.bleed_mm, printable_mm=options.printable_mm)
        said = _what_changed(sheet, size, options, lifted=any(type(g) is Sheet and g.lift for g in printed))
        if said:
            names = ", ".join(n for n, _ in named)
            paper = paper_said(options.paper)
            out.append(Finding("note", SHEET_LAYOUT, f"{size[0]:g} × {size[1]:g} mm cards on {paper} with a {options.printable_mm:.2f} mm "
                                                     f"printer margin: {'; '.join(said)}", named[0][1], game, names))
    return out


def _what_changed(sheet: Sheet | None, size: tuple[float, float], options: Options, lifted: bool) -> list[str]:
    if sheet is None or not sheet.per_sheet:
        return []
    said = []
    roomy = plan_sheet(options.paper, size, options.gutter, options.bleed_mm, printable_mm=0.0)  # the paper alone, as a borderless printer prints it
    if roomy is not None and roomy.per_sheet > sheet.per_sheet:
        said.append(f"{_grid(sheet)}, {sheet.per_sheet} a sheet, instead of {_grid(roomy)} ({roomy.per_sheet}), "
                    f"which would leave marks or the footer where this printer cannot print")
    if lifted and sheet.lift and not sheet.snug:  # a snug sheet sits against the top by design: the default layout (pnp.render.impose), nothing to explain
        edge, other = ("top", "below") if sheet.lift > 0 else ("bottom", "above")
        said.append(f"the grid sits against the {edge} of the printable area, so the margin {other} it holds the vertical cut lines' "
                    f"crop marks (centred, neither margin could hold a mark that prints)")
    return said


def _grid(sheet: Sheet) -> str:
    return f"{sheet.cols} × {sheet.rows}{' landscape' if sheet.landscape else ''}"


def sheet_listing(size: tuple[float, float], pieces: int, paper: str, printable_mm: float, gutter_mm: float = 0.0, bleed_mm: float = 0.0,
                  shape: Shape | None = None) -> dict:
    """What `pnp list` says of a deck or a token set printed alone on `paper`: its grid, pieces a sheet and sheets (fronts; each
    also prints a backs page when it has backs), as the build plans them for that printer margin. None of it when no piece fits.
    A deck's `shape` with no straight cut (a round or hex card) keeps its bleed and nests, as the build prints it."""
    from pnp.render.packing import grid_for

    nest = shape if shape is not None and not shape.straight else None
    if nest is not None:
        bleed_mm = shape.bleed(bleed_mm)
        gutter_mm = max(gutter_mm, shape.gap(bleed_mm))
    grid = grid_for(paper, size, gutter_mm, bleed_mm, printable_mm, "duplex", 180, "auto", nest=nest)
    if grid is None:
        return {"paper": paper, "fits": False, "per_sheet": 0, "sheets": 0}
    nested = False
    if nest is not None:  # a shape that nests alone imports the nesting module
        from pnp.render.nesting import NestSheet

        nested = isinstance(grid, NestSheet)
    return {"paper": paper, "fits": True, "grid": [grid.cols, grid.rows], "nested": nested, "landscape": grid.landscape,
            "per_sheet": grid.per_sheet, "sheets": -(-pieces // grid.per_sheet)}
