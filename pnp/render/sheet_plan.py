"""What a sheet PDF's pages hold, planned before anything is drawn: the pieces of each group (a deck, a token set), the
runs of them each page's grids take, each page's printed sides, and the notes a build summary says of the sheets.

pnp.render.sheets draws these pages; the commands that only count or check
them (`pnp validate`'s slivers, the sheet-layout note, the page count) read
the plan here and draw nothing."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.shapes import RECTANGLE, Shape
from pnp.core.units import DEFAULT_PRINTABLE_MM
from pnp.data.words import ENGLISH, SheetWords
from pnp.layout.elements import Face
from pnp.render.apart import plan_groups
from pnp.render.impose import FoldSheet, Sheet, Slot
from pnp.render.packing import HALF, DoesNotFit, Placement, fill
from pnp.render.seams import Placed


@dataclass
class Piece:
    """One physical copy to place: its front, its back (or None), and its name for people; a face another process is
    still rendering is PENDING until it arrives."""

    front: Face
    back: Face | None
    label: str
    part: str = ""  # the set it comes from, when its group joins several (token sets of one size): named in footers


@dataclass
class Group:
    """Pieces of one size printed together: a deck, or a token set."""

    id: str
    name: str
    size: tuple[float, float]
    pieces: list[Piece]
    cut_guide: object = None  # a callable drawing a cut outline per slot (tokens), else crop marks
    keep_back: bool = False  # the common back is a playable side: the ink saver lightens it instead of framing it
    print_last: bool = False  # its sheets follow every other group's (a one-page reference sheet after the aids, needing no back)
    shape: Shape = RECTANGLE  # what its pieces are cut to inside their trim box (cutter files follow it)
    outlined: bool = False  # its art kept to its shape and bleed, a light cut outline around it (a round or hex card; tokens draw their own)
    gutter_mm: float | None = None  # its own space between pieces and bleed, where its shape needs more than the build's (spacing)
    bleed_mm: float | None = None
    guest: bool = False  # it may print beside another group's short last row: a token set on the last card sheet (pnp.render.packing)

    @property
    def nest(self) -> Shape | None:
        """The shape its pieces nest by on a sheet (pnp.render.nesting), where that holds more than a grid: a round or hex
        card's, cut on its own along its outline; None for pieces cut along straight lines, or drawing their own outline."""
        return self.shape if self.outlined else None

    def spacing(self, gutter_mm: float, bleed_mm: float) -> tuple[float, float]:
        """(gutter, bleed) in mm its pieces print with: the build's, or more where the group asks for more, or where its
        shape's bleed reaches past its box (a hex card's corners: Shape.gap)."""
        bleed = max(bleed_mm, self.bleed_mm or 0.0)
        return max(gutter_mm, self.gutter_mm or 0.0, self.shape.gap(bleed) if self.outlined else 0.0), bleed


@dataclass(eq=False)
class Run:
    """Pieces of one group in consecutive slots of a grid, from slot `at` on."""

    group: Group
    grid: Sheet
    pieces: list[Piece]
    at: int = 0

    def slot(self, i: int) -> Slot:
        return self.grid.slot(self.at + i)

    def back_slot(self, i: int, duplex: str) -> Slot:
        return self.grid.back_slot(self.at + i, duplex)


@dataclass
class Page:
    """One fronts page to print: the runs of pieces on it, and its footer's words."""

    bands: list[Run]
    label: tuple[str, ...] = ()  # the footer's wordings, fullest first (pnp.render.pdf.fit_footer)
    fill: float = 1.0  # the share of a whole sheet its pieces take (packing.fill)

    @property
    def sheet(self) -> Sheet:
        return self.bands[0].grid

    @property
    def groups(self) -> list:
        return list(dict.fromkeys(run.group.id for run in self.bands))

    def counts(self) -> dict[str, int]:
        """How many pieces of each set are on this page, in order: a group's own parts if it names them, else the group."""
        out: dict[str, int] = {}
        for run in self.bands:
            for p in run.pieces:
                name = p.part or run.group.name
                out[name] = out.get(name, 0) + 1
        return out

    def names(self) -> str:
        """The sets whose pieces are on this page, in order."""
        return ", ".join(self.counts())


def page_sides(page: Page, duplex: str, backs: bool) -> list[list[Placed]]:
    """What each printed side of a fronts page holds: [fronts], or with `backs` (a group on it has backs) [fronts, backs],
    each back at the slot that lands it behind its front; a gutterfold sheet is one side holding both, backs turned."""
    fronts = [Placed(run, run.slot(i), p.front, 0, p) for run in page.bands for i, p in enumerate(run.pieces)]
    with_backs = [(run, i, p) for run in page.bands for i, p in enumerate(run.pieces) if p.back is not None]
    if isinstance(page.sheet, FoldSheet):
        return [fronts + [Placed(run, run.back_slot(i, "none"), p.back, run.grid.rotation, p, "back") for run, i, p in with_backs]]
    if not backs:
        return [fronts]
    return [fronts, [Placed(run, run.back_slot(i, duplex), p.back, 0, p, "back") for run, i, p in with_backs]]


def sheet_plan(groups: list[Group], paper: str, gutter_mm: float, bleed_mm: float, layout: str = "duplex", fold_rotation: int = 180,
               printable_mm: float = DEFAULT_PRINTABLE_MM) -> list[list[Placement]] | None:
    """The packing plan of the sheet PDF of `groups` (nothing drawn); None if a group fits no sheet (writing the sheets
    says which and why)."""
    try:
        return plan_groups(groups, _sides_reader(groups), paper, gutter_mm=gutter_mm, bleed_mm=bleed_mm, printable_mm=printable_mm, layout=layout, fold_rotation=fold_rotation)
    except DoesNotFit:
        return None


def paginate(groups: list[Group], game_title: str, paper: str, gutter_mm: float, bleed_mm: float, layout: str = "duplex", fold_rotation: int = 180,
             printable_mm: float = DEFAULT_PRINTABLE_MM, words: SheetWords = ENGLISH, machine=None) -> list[Page]:
    """Every fronts page of the PDF, in order, as packing.plan_pages lays them out, numbered 'sheet n of m' across the PDF.

    The numbers are the PDF's, not a group's: a sheet may hold several groups, and
    the build summary names shared sheets by the same numbers."""
    try:
        plan = plan_groups(groups, _sides_reader(groups), paper, gutter_mm=gutter_mm, bleed_mm=bleed_mm, printable_mm=printable_mm,
                           layout=layout, fold_rotation=fold_rotation, machine=machine)  # no two sets meeting in a sliver
    except DoesNotFit as exc:
        raise DoesNotFit(exc.group, f"{groups[exc.group].name}: {exc}", groups[exc.group].id) from None
    pages = [page_of(groups, placements) for placements in plan]
    for n, page in enumerate(pages, 1):
        sets = len(page.counts())
        # the sets by name, and a shorter wording for a footer the names overfill (never cut short: pnp.render.pdf.fit_footer)
        of = words.of.format(n=n, total=len(pages))
        page.label = (f"{game_title} · {page.names()} · {of}", f"{game_title} · {(words.set if sets == 1 else words.sets).format(n=sets)} · {of}")
    return pages


def _sides_reader(groups: list[Group]):  # how pnp.render.apart reads a planned page of these groups: its printed sides
    return lambda placements, turn, backs: page_sides(page_of(groups, placements), turn, backs)


def page_of(groups: list[Group], placements: list[Placement]) -> Page:
    """The sheet a plan page makes of these groups (pnp.render.apart reads planned sheets through it)."""
    runs = [Run(groups[p.group], p.grid, groups[p.group].pieces[p.first : p.first + p.count], p.at) for p in placements]
    return Page(runs, fill=fill(placements))


def shared_sheets(pages: list[Page]) -> list[str]:
    """'sheet 5 holds Cells ×2, Quorum ×1' for each sheet holding pieces of more than one set."""
    out = []
    for n, page in enumerate(pages, 1):
        counts = page.counts()
        if len(counts) > 1:
            out.append(f"sheet {n} holds " + ", ".join(f"{name} ×{k}" for name, k in counts.items()))
    return out + own_turn_sheets(pages) + half_empty_sheets(pages)


def own_turn_sheets(pages: list[Page]) -> list[str]:
    """A note for each round or hex set on sheets turned unlike the first: it nests more so, the others keep their grid (packing)."""
    first = pages[0].bands[0].grid.landscape if pages else False
    turned = dict.fromkeys(run.group.name for page in pages for run in page.bands if run.grid.landscape != first and run.group.nest)
    return [f"{name} print on sheets of their own, turned {'upright' if first else 'across the page'}, where they fit more to a "
            f"sheet; the other sets keep their grid" for name in turned]


def half_empty_sheets(pages: list[Page]) -> list[str]:
    """A note for each sheet under half full before the last of its PDF: packing found no way to fill it.

    Bands of different sizes need 9 mm of paper between them for their crop marks
    and a row takes its whole height however few pieces it holds, so sets worth
    less than a sheet by their slots can still need two pages. A sheet asked to
    print last (a reference sheet) is left out, and the last sheet before it counts as last."""
    kept = [i for i, page in enumerate(pages) if not any(run.group.print_last for run in page.bands)]
    return [f"sheet {i + 1} is only {pages[i].fill:.0%} full: no packing found fills it to half, as rows of different sizes "
            f"and the crop marks between them take the page" for i in kept[:-1] if pages[i].fill < HALF]
