"""The cutting machines `pnp build --cutter` names, apart from their marks (pnp.render.cutters): the command line lists
them for its option and --help, and a build looks one up, without importing the marks' geometry that a build without a
cutter never draws. tests/test_plain_imports.py holds this list to pnp.render.cutters.CUTTERS."""
from __future__ import annotations

CUTTER_NAMES = ("silhouette", "silhouette-4", "silhouette-feeder", "cricut", "siser", "summa-opos", "print-shop")


def cutter_named(name: str):
    """The machine `name` names (a pnp.render.cutters.Cutter), or None for none."""
    if not name:
        return None
    from pnp.render.cutters import CUTTERS

    return CUTTERS[name]


def sheet_margin(cutter: str, paper: str, printable_mm: float) -> tuple[float, object]:
    """(the margin a sheet keeps clear, the machine or None): the printer's, or the cutting machine's where it needs
    more room for its registration marks on that paper. Sheets are laid out, planned and checked with this one margin."""
    machine = cutter_named(cutter)
    if machine is None:
        return printable_mm, None
    from pnp.core.units import paper_size

    return max(printable_mm, machine.margin(*paper_size(paper))), machine


def unprinted_marks(cutter: str, papers: list[str], printable_mm: float) -> tuple[str, float] | None:
    """(paper, mm) where the machine's registration marks come nearer the paper's edge than a printer that cannot print
    the outer `printable_mm` (and the house tolerance) reaches; None where every mark prints. The marks sit where the
    machine looks for them, so they cannot move in: the build is refused. (Each machine's marks sit alike on a sheet
    turned landscape, so its upright sheet answers for both.)"""
    machine = cutter_named(cutter)
    if machine is None:
        return None
    from pnp.core.units import PRINT_TOLERANCE_MM, paper_size

    for paper in papers:
        near = machine.nearest_mark(*paper_size(paper))
        if near is not None and near < printable_mm + PRINT_TOLERANCE_MM:
            return paper, near
    return None
