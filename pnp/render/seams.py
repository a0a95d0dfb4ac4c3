"""The shared cuts of imposed sheets, and the slivers a miscut along them would show.

Pieces printed without a gutter share their cut lines: a hand cut 0.5 mm off
leaves a strip of one piece's edge on its neighbour (pnp.layout.slivers).
Which pieces meet is known only once they are imposed: two decks whose last
cards share a sheet, a card's back beside another deck's back once the page is
mirrored for duplex, a gutterfold back turned 180°. So the check reads the
sheets as they print, every shared cut of every page side, whatever pieces
meet there.

Packing puts pieces side by side without a gap only within one grid (bands of
different sizes stand apart for their crop marks), so two pieces meeting at a
cut have one size and line up: their edges' sample points face each other.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from pnp.layout.elements import Face
from pnp.layout.slivers import OPPOSITE, STRIP_MM, Edge, Sliver, edges, shaped_edges, sliver
from pnp.render.impose import Slot


class Placed(NamedTuple):
    """One face on one side of a sheet: its run (its group and grid), slot, face, turn (0 or 180) and piece."""

    run: object
    slot: Slot
    face: Face
    rotate: int
    piece: object
    side: str = "front"  # "front" or "back": which of the piece's faces this is


class SheetSliver(NamedTuple):
    """A sliver on an imposed sheet: where it is, the piece whose edge shows it, and the piece across the cut (None:
    the piece's own bleed, which a cut outside the line leaves on its edge)."""

    sheet: int  # the fronts page's number in the PDF's sheets ('sheet n of m' in its footer)
    shower: Placed  # the piece whose edge colour a miscut would leave on its neighbour, or whose bleed it would leave on itself
    neighbour: Placed | None
    sliver: Sliver  # `side` in the face's own terms (a turned piece: before the turn)


def _face_side(page_side: str, rotate: int) -> str:
    """The side of a face that lies on `page_side` of its slot: the same, or the opposite for a face turned 180°."""
    return page_side if rotate == 0 else OPPOSITE[page_side]


def shared_cuts(placed: list[Placed]) -> Iterator[tuple[Placed, str, Placed, str]]:
    """Each pair of faces that share a cut line on one page side: (one, the page side of its slot on the cut, the other,
    likewise): left of a vertical cut and right of it, or above a horizontal cut and below it. Slots meet exactly when
    they share a cut (integer micrometres, pnp.render.impose)."""
    placed = [p for p in placed if p.run.group.shape.straight]  # a round or hex piece is cut on its own: it shares no cut
    by_left = {(p.slot.x, p.slot.y, p.slot.h): p for p in placed}
    by_top = {(p.slot.x, p.slot.w, p.slot.y + p.slot.h): p for p in placed}
    for p in placed:
        right = by_left.get((p.slot.x + p.slot.w, p.slot.y, p.slot.h))
        if right is not None:
            yield p, "right", right, "left"
        below = by_top.get((p.slot.x, p.slot.w, p.slot.y))
        if below is not None:
            yield p, "bottom", below, "top"


def _edge(edges_of: Callable[[Face], dict[str, Edge]], placed: Placed, page_side: str, prepared: Callable[[Face], Face]) -> tuple[str, Edge]:
    """(the face's own side on the cut, its edge read along the cut left to right or top to bottom on the page).

    The colours are those printed (`prepared`: the ink saver's lightened face), the elements the face's own: the ink
    saver changes fills' colours, not their shapes, so the same element is on top at each point of both."""
    side = _face_side(page_side, placed.rotate)
    printed = prepared(placed.face)
    edge = edges_of(printed)[side]
    if printed is not placed.face:
        edge = Edge(edge.colours, edges_of(placed.face)[side].elements)
    return side, edge.reversed() if placed.rotate else edge


def sheet_slivers(sides: Iterable[tuple[int, list[Placed]]], prepared: Callable[[Face], Face] = lambda face: face,
                  edges_of: Callable[[Face], dict[str, Edge]] = edges, judged: dict | None = None,
                  own_bleeds: bool = True) -> list[SheetSliver]:
    """Every sliver on the page sides given as (sheet number, the faces placed on that side), in page order.

    `prepared` gives a face as printed (the ink saver's lightened face); `edges_of` a face's edges (`edges`, or a memo
    of it kept by a process that stays up). A piece with a bleed and a gutter around it shares no cut, but its bleed
    meets its own edge at its cut (`_bleed_slivers`). `judged` keeps what each meeting of two edge objects showed, for
    a caller asking page by page: the fronts of a deck alike in their fills have the same edges (pnp.layout.slivers), and
    meet the same way cut after cut, sheet after sheet, and what each face's own bleed showed along its cut. Without
    `own_bleeds` only the shared cuts are read (the packing asks which sets meet, not what a piece's own bleed shows)."""
    out = []
    edges_of = once_per_face(edges_of)
    judged = {} if judged is None else judged
    for sheet, placed in sides:
        if own_bleeds:
            out += [SheetSliver(sheet, p, None, s) for p in placed if p.face.bleed >= STRIP_MM for s in _bleed_slivers(p, prepared, edges_of, judged)]
        for one, one_side, other, other_side in shared_cuts(placed):
            side_a, edge_a = _edge(edges_of, one, one_side, prepared)
            side_b, edge_b = _edge(edges_of, other, other_side, prepared)
            found_a, found_b = _slivers_once(judged, edge_a, side_a, edge_b, side_b)
            if found_a is not None:
                out.append(SheetSliver(sheet, one, other, found_a))
            if found_b is not None:
                out.append(SheetSliver(sheet, other, one, found_b))
    return out


MAX_JUDGED = 4096  # meetings of edges kept (an ink saver's printed edges are made for each placement): past this the memory starts again


def _slivers_once(judged: dict, edge_a: Edge, side_a: str, edge_b: Edge, side_b: str) -> tuple[Sliver | None, Sliver | None]:
    """The slivers of a cut where `edge_a` (on its face's `side_a`) meets `edge_b` (on `side_b`), each edge's over the
    other (`sliver`), kept in `judged` by the edges' identities."""
    return _kept(judged, (id(edge_a), side_a, id(edge_b), side_b), (edge_a, edge_b),
                 lambda: (sliver(edge_a, side_a, edge_b), sliver(edge_b, side_b, edge_a)))


def _kept(judged: dict, key: tuple, held: tuple, make: Callable[[], object]):
    """`make()`, kept in `judged` under `key`, which names the objects `held` by their ids: kept with it as `(*held,
    answer)`, so an id stays theirs, and a later object given the same id is worked out afresh."""
    hit = judged.get(key)
    if hit is None or any(was is not now for was, now in zip(hit[:-1], held, strict=True)):
        if len(judged) >= MAX_JUDGED:
            judged.clear()
        hit = judged[key] = (*held, make())
    return hit[-1]


def once_per_face(edges_of: Callable[[Face], dict[str, Edge]]) -> Callable[[Face], dict[str, Edge]]:
    """`edges_of`, asked once per face object: a face placed on many sheets (a deck's shared back) is looked up once,
    not once per placement (even a kept memo's lookup reads the face's fills to make its key). Given such a function
    already (a sheet writer's, asked page by page), it is that function."""
    if getattr(edges_of, "once_per_face", False):
        return edges_of
    known: dict[int, tuple[Face, dict[str, Edge]]] = {}

    def once(face: Face) -> dict[str, Edge]:
        hit = known.get(id(face))
        if hit is None or hit[0] is not face:
            hit = known[id(face)] = (face, edges_of(face))
        return hit[1]
    once.once_per_face = True
    return once


def _bleed_slivers(placed: Placed, prepared: Callable[[Face], Face], edges_of, judged: dict) -> list[Sliver]:
    """Where a rectangular piece's bleed differs visibly from its edge (a stripe that starts at the trim over another
    colour): a cut outside the line leaves a sliver of the bleed on the edge. Each is given as the bleed's colour
    meeting the edge's, at the element that drew the edge. Pieces cut along another shape (a round
    token) have no edge along their trim's sides."""
    if placed.face.bleed < STRIP_MM:
        return []
    shape = placed.run.group.shape
    if not shape.straight:
        return _shaped_once(judged, placed, prepared, shape)
    printed, own = edges_of(prepared(placed.face)), edges_of(placed.face)
    found = []
    for side in ("top", "right", "bottom", "left"):
        # the element named is the edge's own (a stripe that stops at the trim): running it into the bleed mends it
        outside = Edge(printed["bleed " + side].colours, own[side].elements)
        s = sliver(outside, side, printed[side])
        if s is not None:
            found.append(s)
    return found


SHAPED_SIDE = {"circle": "round", "hexagon": "hexagonal", "outline": "die-cut"}  # how a finding names the edge of a round, hex or drawn piece


def _shaped_once(judged: dict, placed: Placed, prepared: Callable[[Face], Face], shape) -> list[Sliver]:
    """`_shaped_bleed_slivers`, worked out once per face object and cut (`_kept`): a deck's copies of one front, nested
    by the dozen, are read around their cut once."""
    return _kept(judged, ("own bleed", id(placed.face), id(shape)), (placed.face, shape), lambda: _shaped_bleed_slivers(placed, prepared, shape))


def _shaped_bleed_slivers(placed: Placed, prepared: Callable[[Face], Face], shape) -> list[Sliver]:
    """Where a round or hex piece's bleed differs visibly from its edge along its cut (a band that stops at the cut over
    another colour): a cut 0.5 mm outside the line leaves that colour on the piece. Its neighbours in a nest sit twice
    its bleed away, so what lies 0.5 mm outside its cut is its own bleed, never theirs: this is the one sliver it can show."""
    printed = prepared(placed.face)
    edge, bleed = shaped_edges(printed, shape)
    if printed is not placed.face:
        edge = Edge(edge.colours, shaped_edges(placed.face, shape)[0].elements)
    found = sliver(Edge(bleed.colours, edge.elements), SHAPED_SIDE.get(shape.kind, shape.kind), edge)
    return [] if found is None else [found]
