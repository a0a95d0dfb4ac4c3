"""Tokens: sets of shaped pieces from tokens.yaml, packed on sheets like cards.

One set yields a face per item and per colour (`items`, `colors`), each with
its own count; its template sees the set's fields merged with the item's,
plus `color`, as `token`. The pieces go through write_sheets, so backs are
mirrored for duplex exactly as card backs are. Token art runs 1 mm past the
cut and neighbours sit 2 mm apart, so a slightly-off cut shows no white; the
cut outline of a circle, hexagon or rounded square is drawn on its front,
where it is cut (never on the back, where duplex misregistration would show
it). A standee is one tall fold-over face: base tab, back upside down, fold,
front, base tab.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

import jinja2

from pnp.core.errors import Loc, error
from pnp.core.shapes import RECTANGLE, Shape
from pnp.data.fields import Fields
from pnp.data.tokens import token_sets, token_variants
from pnp.data.words import sheet_words
from pnp.layout.elements import Circle, Clipped, Face, Icon, Image, Line, Polygon, Qr, Rect, Text
from pnp.layout.elements import Group as Turned
from pnp.outputs.context import GameContext, decks_fields, face_context, spool_path
from pnp.outputs.faces import SideRenderer
from pnp.outputs.options import Options
from pnp.outputs.sheet_slivers import sliver_findings
from pnp.outputs.stats import FileStats
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import write_sheets

TOKEN_BLEED_MM = 1.0  # art past the cut: covers a cut up to 1 mm outside the line
TOKEN_GUTTER_MM = 2.0  # twice the bleed: neighbours' art touches but never overlaps
STANDEE_TAB_MM = 10.0  # the base tab that slides into a clip stand (or folds out as a foot)
CUT_LINES = (("#ffffff", 0.3), ("#333333", 0.12))  # (colour, mm): hairlines the knife takes away
FOLD_COLOUR = "#8c8c8c"
TAB_FILL = "#e6e6e6"
ROUNDED_RADIUS = 0.15  # of the shorter side: a rounded square's corner radius


def build_tokens(gctx: GameContext, options: Options, leave_out: frozenset[str] = frozenset()):
    """Tokens PDF of a game: ([(file name, bytes, stats)], findings), without the sets `leave_out` names. The build asks
    pnp.outputs.token_share first, as some or all of the tokens may print on the card sheets' last sheet instead."""
    game = gctx.game
    if not game.tokens or not game.tokens_data:
        return [], []
    bleed, gutter = token_spacing(options)
    findings: list = []
    groups, sets = token_groups(gctx, options, findings, keep=lambda set_id: set_id not in leave_out)
    if findings or not groups:
        return [], findings
    write = lambda name, run: write_sheets(run, game_title=game.title, kind="tokens", paper=options.paper, duplex=options.duplex,  # noqa: E731
                                           bleed_mm=bleed, gutter_mm=gutter, font_name=gctx.body_font, icons=gctx.icons,
                                           back_offset=options.back_offset, layout=options.layout, fold_rotation=options.fold_rotation,
                                           ink_saver=options.ink_saver, printable_mm=options.printable_mm, cutter=options.cutter, draft=options.draft,
                                           words=sheet_words(game), fallback=gctx.fonts.fallback_for, spool_to=spool_path(gctx, name))
    try:
        written = [(name, *write(name, run)) for name, run in token_files(game.slug, groups, options)]
        if len(written) > 1:  # the one-sided sets on their own only where that saves the blank backs of a shared file
            whole = (written[0][0], *write("", groups))  # drawn in memory: the split's files may be spooled under these names
            written = written if sum(stats.pages for _, _, stats in written) < whole[2].pages else [whole]
    except ValueError as exc:  # a set too large for the paper: at its size
        at = next((raw.loc_of("size") for spec, raw in token_sets(game) if spec.id == getattr(exc, "piece", None)), Loc(game.rel + "/tokens.yaml"))
        return [], [error("sheet-fit", str(exc), at, game=game.slug)]
    out = [(name, data, FileStats(stats.pages, stats.pieces, stats.shared, stats.page_keys, stats.page_exact, cuts=stats.cuts)) for name, data, stats in written]
    return out, token_slivers(gctx, [s for _, _, stats in written for s in stats.slivers], sets, bleed, options.ink_saver)


def token_files(slug: str, groups: list[Group], options: Options) -> list[tuple[str, list[Group]]]:
    """The token PDFs and the groups each holds. A duplex PDF needs a back page behind every front page, so a sheet of
    sets that print no backs (`print_back: never`, backs that say nothing, standees) gets a blank back page wherever
    a sheet follows it. The one-sided sets may go to `<game>-tokens-one-sided.pdf` instead, printed single-sided with
    no blank page, the sets with backs staying in `<game>-tokens.pdf`, each back behind its front (build_tokens keeps
    the split only where it prints fewer pages). A folded layout prints each back beside its front: one file."""
    one_sided = [g for g in groups if all(p.back is None for p in g.pieces)]
    two_sided = [g for g in groups if any(p.back is not None for p in g.pieces)]
    if one_sided and two_sided and options.layout == "duplex" and options.duplex != "none":
        return [(f"{slug}-tokens.pdf", two_sided), (f"{slug}-tokens-one-sided.pdf", one_sided)]
    return [(f"{slug}-tokens.pdf", groups)]


def token_spacing(options: Options) -> tuple[float, float]:
    """(bleed, gutter) in mm the token pieces print with, on their own sheets or on the card sheets."""
    bleed = max(options.bleed_mm, TOKEN_BLEED_MM)
    return bleed, max(options.gutter, TOKEN_GUTTER_MM, 2 * bleed)


def token_groups(gctx: GameContext, options: Options, findings: list, keep=lambda set_id: True, sizes_said: bool = True) -> tuple[list[Group], dict[str, SizedSet]]:
    """The game's token pieces rendered (the sets `keep` takes by id), as the sheets group them: sets of one shape and
    size are one group (leftovers of every group share sheets: render/packing.py), each group with the tokens' own
    bleed and gutter; and each piece's name → its set, to place a sliver it shows. A set's size refused goes to
    `findings` unless `sizes_said` is False (another builder says it)."""
    bleed, gutter = token_spacing(options)
    groups: dict[tuple, Group] = {}
    sets: dict[str, SizedSet] = {}
    for spec, raw, size in sized_sets(gctx.game, findings if sizes_said else []):
        if not keep(spec.id):
            continue
        pieces = render_set(gctx, spec, raw, size, bleed, options, findings)
        sets.update((p.label, SizedSet(spec, raw, size)) for p in pieces)
        key = set_key(spec, size, bleed)
        if key not in groups:
            groups[key] = Group(spec.id, spec.name, key[2], [], shape=key[1], gutter_mm=gutter, bleed_mm=bleed)
        else:
            groups[key].name += f", {spec.name}"
        groups[key].pieces += pieces
    return [g for g in groups.values() if g.pieces], sets


def set_key(spec, size: tuple[float, float], bleed: float) -> tuple:
    """(shape name, cut, printed size) of a set: sets alike in them print as one group. A standee prints its fold-over length."""
    cut = token_cut(spec, size)
    if spec.standee:
        return "standee", cut, (size[0], standee_height(size[1], bleed))
    return spec.shape, cut, size


def token_slivers(gctx: GameContext, slivers: list, sets: dict[str, SizedSet], bleed: float, ink_saver: bool) -> list:
    """The token sheets' slivers (a stripe stopping at the trim over another colour in the bleed) as warnings at the
    template lines that drew them: the sets that show one are drawn again with tracing on, as they were drawn."""
    if not slivers:
        return []
    showing = {s.shower.piece.label: sets[s.shower.piece.label] for s in slivers}
    with gctx.layouts.tracing() as origins:
        for spec, raw, size in {id(one.raw): one for one in showing.values()}.values():
            token_faces(gctx, spec, raw, size, bleed, [], ink_saver)

    def named(placed) -> tuple[str, Loc]:
        return f"tokens/{placed.piece.label} {placed.side}", sets[placed.piece.label].raw.loc
    return sliver_findings(slivers, "the token sheets", gctx.game.slug, named, origins)


class SizedSet(NamedTuple):
    """A token set ready to render: its model, its mapping as written, and its trim size in mm."""

    spec: object  # pnp.data.schema.TokenSet
    raw: object  # pnp.data.located.LocDict
    size: tuple[float, float]


def sized_sets(game, findings: list) -> Iterator[SizedSet]:
    """The one loop over a game's token sets that print: each with its trim size; a set whose size
    does not fit its shape is left out, with a finding, so every output skips the same sets."""
    for spec, raw in token_sets(game):
        size = token_size(spec, raw, game, findings)
        if size is not None:
            yield SizedSet(spec, raw, size)


def token_size(spec, raw, game, findings) -> tuple[float, float] | None:
    """A set's trim size in mm, or None (with a finding) when its shape takes one number and got two."""
    w, h = spec.size
    if spec.shape in ("circle", "hexagon", "square") and w != h and not spec.standee:
        findings.append(error("token-size", f"a {spec.shape} token has one size (its {'diameter' if spec.shape == 'circle' else 'width'}), got {w:g} x {h:g}: write one number, or use shape rectangle",
                              raw.loc_of("size"), game=game.slug, component=f"tokens/{spec.id}"))
        return None
    return w, h


class TokenFaces(NamedTuple):
    """One face a set prints (an item in a colour): its name, copies and rendered sides, before any cut line or fold."""

    name: str  # set/item/colour, as token_variants() names it
    count: int
    front: Face
    back: Face | None


def token_faces(gctx: GameContext, spec, raw, size, bleed: float, findings, ink_saver: bool = False) -> list[TokenFaces]:
    """Render every face of a set at `bleed`, collecting findings; a face whose front fails is left out."""
    game = gctx.game
    set_fields = Fields({"id": spec.id, "name": spec.name, "shape": spec.shape}, "tokens")
    decks = decks_fields(game, gctx.card_reads)
    renderer = SideRenderer(gctx, reads=("token", "card"))
    cut = token_cut(spec, size)
    out: list[TokenFaces] = []
    for fields, count, name, source in token_variants(raw):
        if not count:
            continue

        def context(side: str, fields: dict = fields) -> Callable[[], dict]:
            return lambda: face_context(game, set_fields, fields, "token", size[0], size[1], bleed, side, ink_saver,
                                        extra={"token": Fields(fields, "token"), "decks": decks})

        sides = []
        for side in ("front", "back"):
            template = fields.get(side) if isinstance(fields.get(side), str) else None
            ref = source.loc_of(side) if side in source else raw.loc_of(side)
            sides.append(renderer.side(template, side, size, bleed, f"tokens/{name}", ref, context(side), cut, _decks_unread(gctx, template)))
        front, back = sides
        if front is not None:
            out.append(TokenFaces(name, count, front, back))
    findings += renderer.findings
    return out


def _decks_unread(gctx: GameContext, template: str | None) -> dict[str, str] | None:
    """The kept face's key for a token side whose template never reads `decks`: the cards cannot change that face, so a
    card's edit (a `pnp watch` save) finds it kept rather than draws it again, on the token sheets or below the last
    card (pnp.outputs.token_share). None, keying every card's fields, where the template reads them or cannot be read
    (misnamed, or its syntax wrong): its render then reports the mistake at its place, as a card's does."""
    if template is None:
        return None
    try:
        reads = gctx.layouts.reads(template, "decks")
    except (jinja2.TemplateNotFound, jinja2.TemplateSyntaxError):
        return None
    return None if reads else {"decks": "not read"}


def backs_print(setting: str, backs: list[Face | None]) -> bool:
    """Whether a set's backs print: `always`, `never`, or (auto) unless every back carries nothing a player reads: no
    words, icon, picture or code, and at most one colour (a blank back, or a plain field of colour, costs a page of ink
    a sheet and says nothing)."""
    if setting != "auto":
        return setting == "always"
    return not all(back is None or plain(back.elements) for back in backs)


def plain(elements) -> bool:
    """Elements that say nothing: no text, icon, image or code anywhere in them, and fills and strokes of one colour."""
    colours: set = set()
    stack = list(elements)
    while stack:
        e = stack.pop()
        if isinstance(e, Turned):
            stack.extend(e.children)
            continue
        if isinstance(e, (Text, Icon, Image, Qr)):
            return False
        colours |= {c for c in (getattr(e, "fill", None), getattr(e, "stroke", None)) if isinstance(c, str) and c.lower() not in ("none", "")}
        if getattr(e, "fill", None) is not None and not isinstance(e.fill, str):  # a gradient: more than one colour
            return False
    return len(colours) <= 1


def token_cut(spec, size: tuple[float, float]) -> Shape:
    """The line a set's faces are cut along (a standee's faces are rectangles; a square is one): its `shape`, a rounded
    square's `corner_radius` (else ROUNDED_RADIUS of its shorter side), a hexagon's `hex_top`."""
    if spec.shape.lower().endswith(".svg"):  # a drawn outline (pnp.data.outlines); a rectangle where its file was refused
        return Shape("outline", points=spec._outline) if spec._outline and not spec.standee else RECTANGLE
    if spec.standee or spec.shape in ("square", "rectangle"):
        return RECTANGLE if not spec.corner_radius or spec.standee else Shape("rounded", spec.corner_radius)
    if spec.shape == "rounded":
        return Shape("rounded", spec.corner_radius or ROUNDED_RADIUS * min(size))
    return Shape(spec.shape, 0.0, spec.hex_top == "pointy")


def render_set(gctx: GameContext, spec, raw, size, bleed, options: Options, findings) -> list[Piece]:
    pieces: list[Piece] = []
    faces = token_faces(gctx, spec, raw, size, bleed, findings, options.ink_saver)
    if not spec.standee and not backs_print(spec.print_back, [f.back for f in faces]):
        faces = [f._replace(back=None) for f in faces]
    for name, count, front, back in faces:
        if spec.standee:
            front, back = standee_face(front, back or front), None
        else:
            front = with_cut_outline(front, token_cut(spec, size))
        pieces += [Piece(front, back, name, spec.name) for _ in range(count)]
    return pieces


def cut_outline(shape: Shape, w: float, h: float) -> tuple:
    """The elements that draw a token's cut line on its trim: a dark hairline on a white one, seen on any art.
    Empty where crop marks suffice (squares, rectangles)."""
    if shape.kind == "circle":
        return tuple(Circle(w / 2, h / 2, min(w, h) / 2, None, colour, width, None) for colour, width in CUT_LINES)
    if shape.kind in ("hexagon", "outline"):
        return tuple(Polygon(tuple(shape.corners(w, h)), None, colour, width, True) for colour, width in CUT_LINES)
    if shape.corner_radius(w, h):
        return tuple(Rect(0.0, 0.0, w, h, None, colour, width, shape.corner_radius(w, h), None) for colour, width in CUT_LINES)
    return ()


def with_cut_outline(face: Face, shape: Shape) -> Face:
    return face._replace(elements=face.elements + cut_outline(shape, face.w, face.h))


def standee_face(front: Face, back: Face, bleed: float | None = None) -> Face:
    """One fold-over piece: base tab, the back upside down, the fold, the front, base tab.

    Folded over the top edge, the back reads upright behind the front; the two
    tabs meet under the figure and go into a clip stand (or fold out as feet).
    The two halves are 2 × `bleed` apart (default: the bleed they were drawn
    with); the fold runs down the middle of that band. Each half is cut to its
    own side of the fold and `bleed` past its tab's fold, so its art, however
    far past its trim it was drawn (an export draws more than it folds with),
    never paints over the other half: folded, no strip of the front shows on
    the back."""
    w, h, t = front.w, front.h, STANDEE_TAB_MM
    b = front.bleed if bleed is None else bleed
    back_top = t
    fold = t + h + b
    front_top = fold + b
    elements = (
        Rect(-b, -b, w + 2 * b, t + b, TAB_FILL, None, 0.3, 0.0, None),
        Rect(-b, front_top + h, w + 2 * b, t + b, TAB_FILL, None, 0.3, 0.0, None),
        Clipped(Turned(w, back_top + h, 180.0, 1.0, back.elements), _half_box(back, back_top - b, fold)),  # upside down: its top edge meets the fold
        Clipped(Turned(0.0, front_top, 0.0, 1.0, front.elements), _half_box(front, fold, front_top + h + b)),
        *(Line(0.0, y, w, y, FOLD_COLOUR, 0.15, (1.5, 1.0)) for y in (back_top, fold, front_top + h)),
    )
    return Face(w, standee_height(h, b), b, elements, front.icons | back.icons)


def _half_box(half: Face, top: float, bottom: float) -> tuple[float, float, float, float]:
    """The box a standee's half is cut to: from `top` to `bottom` of the strip, and its own bleed past either side."""
    return (-half.bleed, top, half.w + 2 * half.bleed, bottom - top)


def standee_height(h: float, bleed: float) -> float:
    """A standee's length: two tabs, the back, the fold band and the front."""
    return 2 * h + 2 * STANDEE_TAB_MM + 2 * bleed
