"""Dice: a net a die from dice.yaml, each face drawn by the die's face template, upright where the die is read.

The net comes from the die's shape (pnp.layout.dice.DIE_SHAPES); each face's
template sees the die (`die`: id, name, shape, size and its own fields) and the
face (`card` and `die_face`: the mapping listed for it, plus `number`, its place
in the list from 1). A d4's faces print in the corners of its triangles.
"""
from __future__ import annotations

from collections.abc import Iterator

from pnp.core.errors import error
from pnp.core.units import PRINT_TOLERANCE_MM, paper_size, um
from pnp.data.fields import Fields
from pnp.data.words import sheet_words
from pnp.layout.dice import die_net
from pnp.layout.elements import Face
from pnp.outputs.context import GameContext, face_context
from pnp.outputs.faces import SideRenderer
from pnp.outputs.options import Options
from pnp.outputs.stats import FileStats
from pnp.render.cutters import CUTTERS
from pnp.render.nets import NetPiece, fitted, net_area, write_net_pdf


def die_fields(spec, raw) -> dict:
    return {**dict(raw), "id": spec.id, "name": spec.name or spec.id, "shape": spec.shape, "size": spec.size}


def die_faces(gctx: GameContext, spec, raw, net, findings: list) -> dict:
    """Each face of the die rendered at its slot's size, by Slot.key."""
    game = gctx.game
    renderer = SideRenderer(gctx, reads=("die", "card", "die_face"))
    fields = die_fields(spec, raw)
    faces = {}
    for key in sorted({slot.key for panel in net.panels for slot in panel.slots}, key=lambda k: (int(k[0]), k[1], k[2])):
        side, w, h = key
        number = int(side)
        face_data = {**spec.faces[number - 1], "number": number}

        def context(face_data=face_data, w=w, h=h, side=side):
            return face_context(game, Fields(fields, "die"), face_data, "die_face", w, h, 0.0, side, False,
                                extra={"die": Fields(fields, "die"), "die_face": Fields(face_data, "die_face")})

        ref = raw.loc_of("face")  # what the data says of a face's drawing (its template missing) is said at the die's `face:`
        face = renderer.side(spec.face, f"face {side}", (w, h), 0.0, f"dice/{spec.id}", ref, context)
        if face is not None:
            faces[key] = face
    findings += renderer.findings
    return faces


def all_die_faces(gctx: GameContext, options: Options) -> Iterator[tuple[Face, str, object, str, str]]:
    """Every face the dice print, as (face, what, where it is listed, template, the die's colour under it): for the
    readability checks. A die whose net fits no sheet is left out (building says so)."""
    game = gctx.game
    if not game.dice or not game.dice_data:
        return
    area = net_area(paper_size(options.paper), um(options.printable_mm + PRINT_TOLERANCE_MM))
    for spec, raw in zip(game.dice.dice, game.dice_data["dice"], strict=False):
        net = fitted(die_net(spec.shape, spec.size), area)
        if net is None:
            continue
        fill = (spec.color if spec.color.startswith("#") else game.spec.palette.get(spec.color, "#ffffff"))[:7]
        for (side, _, _), face in die_faces(gctx, spec, raw, net, []).items():
            yield face, f"dice/{spec.id} face {side}", raw.loc_of("faces"), spec.face, fill


def build_dice(gctx: GameContext, options: Options):
    """The dice PDF of a game: ([(file name, bytes, stats)], findings)."""
    game = gctx.game
    if not game.dice or not game.dice_data:
        return [], []
    paper = paper_size(options.paper)
    cutter = CUTTERS[options.cutter] if options.cutter else None
    limit = um(max(options.printable_mm + PRINT_TOLERANCE_MM, cutter.margin(*paper) if cutter else 0.0))  # clear of a cutter's marks
    area = net_area(paper, limit)
    findings: list = []
    pieces: list[NetPiece] = []
    for spec, raw in zip(game.dice.dice, game.dice_data["dice"], strict=False):
        net = fitted(die_net(spec.shape, spec.size), area)
        if net is None:
            findings.append(error("die-fit", f"the net of die '{spec.id}' ({spec.shape}, {spec.size:g} mm edges) does not fit the printable area of "
                                  f"{options.paper}: make it smaller or print on larger paper (--paper a3)", raw.loc_of("size"), game=game.slug,
                                  component=f"dice/{spec.id}"))
            continue
        faces = die_faces(gctx, spec, raw, net, findings)
        fill = spec.color if spec.color.startswith("#") else game.spec.palette.get(spec.color, "#ffffff")
        pieces += [NetPiece(net, fill[:7], faces, f"{spec.name or spec.id} ({spec.shape})") for _ in range(spec.count)]
    if any(f.severity == "error" for f in findings) or not pieces:
        return [], findings
    face_filter = None
    if options.ink_saver:
        from pnp.render.inksaver import lighten_face

        face_filter = lighten_face
    words = sheet_words(game)
    cuts: list = []
    data, pages = write_net_pdf(pieces, paper, limit, gctx.body_font, gctx.icons, f"{game.title} — {words.dice}", "dice nets for print and play", face_filter,
                                cutter, cuts, draft=options.draft, words=words, fallback=gctx.fonts.fallback_for)
    return [(f"{game.slug}-dice.pdf", data, FileStats(pages, len(pieces), cuts=cuts))], findings
