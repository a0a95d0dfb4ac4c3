"""Boxes: a net a box from boxes.yaml, sized by the cards it holds, its faces drawn by the game's templates.

The inner size comes from the decks (pnp.data.boxes), the net from the box's
style (pnp.layout.boxes.BOX_STYLES), the faces from the box's templates, which
see the box (`box`: its name, decks, card count and inner size), its first
deck (`deck`), every deck (`decks`) and the game's palette. A net too large
for the paper's printable area is printed in the two pieces its style splits
it into, with a glue tab and a mark pairing them. Each piece is fitted to a
sheet on its own (a two-piece box's tray and lid take a sheet each when they
cannot share one); only a piece that fits no sheet is an error.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from pnp.core.colour import luminance
from pnp.core.errors import error
from pnp.core.units import PRINT_TOLERANCE_MM, paper_size, um
from pnp.data.boxes import BoxContents, game_boxes
from pnp.data.fields import Fields
from pnp.data.words import sheet_words
from pnp.layout.boxes import BOX_STYLES
from pnp.layout.elements import Face
from pnp.layout.nets import Net, Slot
from pnp.outputs.context import GameContext, decks_fields, face_context
from pnp.outputs.faces import SideRenderer
from pnp.outputs.options import Options
from pnp.outputs.stats import FileStats
from pnp.render.cutters import CUTTERS
from pnp.render.markings import INSET_MM, draw_markings, marking_lines, markings_block, room_needed
from pnp.render.nets import NetPiece, fitted, net_area, write_net_pdf

FALLBACK = {"back": "front", "top": "side"}
LIGHT_GROUND = 0.5  # relative luminance: a barcode's ground at least this light keeps black bars as distinct as on white paper, near enough
MARKINGS = "markings"  # the slot side of a box's retail markings, drawn over its marked panel (pnp.render.markings)  # a face without its own template takes this one's


def build_boxes(gctx: GameContext, options: Options):
    """The boxes PDF of a game: ([(file name, bytes, stats)], findings)."""
    game = gctx.game
    boxes, findings = game_boxes(game)
    if not boxes:
        return [], findings
    paper = paper_size(options.paper)
    cutter = CUTTERS[options.cutter] if options.cutter else None
    limit = um(max(options.printable_mm + PRINT_TOLERANCE_MM, cutter.margin(*paper) if cutter else 0.0))  # clear of a cutter's marks
    area = net_area(paper, limit)
    pieces: list[NetPiece] = []
    words = sheet_words(game)
    said = {f.component for f in findings if f.severity == "error"}  # a box whose contents are already an error is said once
    for contents, spec, raw in boxes:
        if f"boxes/{spec.id}" in said:
            continue
        nets, misfits = _nets(contents, area, spec.markings is not None)
        if nets is None:
            w, h, d = contents.inner
            pieces_said = " and ".join(f"its {net.name} ({net.size[0]:.0f} × {net.size[1]:.0f} mm)" for net in misfits)
            findings.append(error("box-fit", f"box '{spec.id}' ({spec.style}, inside {w:g} × {h:g} × {d:g} mm): {pieces_said} fit{'s' * (len(misfits) == 1)} "
                                  f"no {options.paper} sheet's printable area ({area[0] / 1000:.0f} × {area[1] / 1000:.0f} mm, either way round): "
                                  "print it on larger paper (--paper a3) or split its decks over two boxes",
                                  raw.loc_of("decks"), game=game.slug, component=f"boxes/{spec.id}"))
            continue
        faces = _faces(gctx, contents, spec, raw, nets, findings)
        fill = net_colour(game, spec.color)
        overlays = _markings(gctx, contents, spec, raw, nets, findings)
        pieces += [NetPiece(net, fill, faces, f"{contents.name} ({words.box_part(net.name)})", overlays) for net in nets]
    if any(f.severity == "error" for f in findings) or not pieces:
        return [], findings
    face_filter = None
    if options.ink_saver:
        from pnp.render.inksaver import lighten_face

        face_filter = lighten_face
    cuts: list = []
    data, pages = write_net_pdf(pieces, paper, limit, gctx.body_font, gctx.icons, f"{game.title} — {words.boxes}", "card boxes for print and play", face_filter,
                                cutter, cuts, draft=options.draft, words=words, fallback=gctx.fonts.fallback_for)
    return [(f"{game.slug}-boxes.pdf", data, FileStats(pages, len(boxes), cuts=cuts))], findings


def box_faces(gctx: GameContext, options: Options) -> Iterator[tuple[Face, str, object, str, str]]:
    """Every face the boxes print, as (face, what, where its template is chosen, template, the net's colour under it):
    for the readability checks, which read a face on the colour it is printed over. A box that fits no sheet is left
    out (building says so)."""
    game = gctx.game
    boxes, _ = game_boxes(game)
    area = net_area(paper_size(options.paper), um(options.printable_mm + PRINT_TOLERANCE_MM))
    for contents, spec, raw in boxes:
        nets, _ = _nets(contents, area)
        if nets is None:
            continue
        fill = net_colour(game, spec.color)
        for (side, _, _), face in _faces(gctx, contents, spec, raw, nets, []).items():
            key = side if getattr(spec, side, None) else FALLBACK.get(side, side)
            yield face, f"boxes/{spec.id} {side}", raw.loc_of(key), getattr(spec, key), fill


def _markings(gctx: GameContext, contents: BoxContents, spec, raw, nets, findings) -> dict:
    """The overlay that prints the box's retail markings in its marked slot, or {} (no markings, or no room: a finding
    at the `markings:` line saying the room it needs and has)."""
    if spec.markings is None:
        return {}
    game, font = gctx.game, gctx.body_font
    slot = next((s for net in nets for panel in net.panels for s in panel.slots if s.side == MARKINGS), None)
    if slot is None:
        return {}
    decks = [(game.decks[d].name, game.decks[d].total) for d in contents.decks]
    block = markings_block(spec.markings, marking_lines(spec.markings, decks), slot.w - 2 * INSET_MM, font)
    need_w, need_h = room_needed(block, font)
    has_w, has_h = slot.w - 2 * INSET_MM, slot.h - 2 * INSET_MM
    if need_w > has_w + 1e-6 or need_h > has_h + 1e-6:
        panel = "back" if BOX_STYLES[contents.style].marked == "back" else "bottom"
        findings.append(error("box-markings-room", f"box '{spec.id}': its retail markings need {need_w:.1f} × {need_h:.1f} mm, but its {panel} has "
                              f"{has_w:.1f} × {has_h:.1f} mm inside its {INSET_MM:g} mm margin: shorten the warnings or address, lower the "
                              "barcode's magnification (0.8 at least), or give the box larger cards' room (clearance)",
                              raw.key_loc("markings"), game=game.slug, component=f"boxes/{spec.id}"))
        return {}
    ground = net_colour(game, spec.markings.ground)
    if block.symbology is not None and luminance(ground) < LIGHT_GROUND:
        block_raw = raw.get("markings")
        loc = block_raw.loc_of("ground") if hasattr(block_raw, "loc_of") else raw.key_loc("markings")
        findings.append(error("box-markings-ground", f"box '{spec.id}': the barcode's ground {spec.markings.ground} ({ground}) is too dark for a "
                              "scanner to tell its black bars from it: give the markings a white or pale ground", loc,
                              game=game.slug, component=f"boxes/{spec.id}"))
        return {}
    return {MARKINGS: lambda c: draw_markings(c, block, slot.w, font, ground)}


def _marked(nets: list, panel_name: str) -> list:
    """The nets with a markings slot over the named panel of the first that has it, upright and as large as the panel."""
    for i, net in enumerate(nets):
        for j, panel in enumerate(net.panels):
            if panel.name == panel_name:
                xs, ys = [p[0] for p in panel.points()], [p[1] for p in panel.points()]
                slot = Slot((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, max(xs) - min(xs), max(ys) - min(ys), 0.0, MARKINGS)
                panels = (*net.panels[:j], replace(panel, slots=(*panel.slots, slot)), *net.panels[j + 1:])
                return [*nets[:i], Net(net.name, panels, net.marks), *nets[i + 1:]]
    return nets


def _nets(contents: BoxContents, area: tuple[int, int], marked: bool = False) -> tuple[list | None, list]:
    """The box's pieces, each fitted to the printable area on its own (the pages take them as they come): whole where they
    fit, else the style's split. (None, the pieces of the last way tried that fit no sheet) when no way fits."""
    style = BOX_STYLES[contents.style]
    misfits: list = []
    for make in (style.pieces, style.split):
        if make is None:
            continue
        made = make(*contents.inner, contents.board)
        if marked:
            made = _marked(made, style.marked)
        nets = [fitted(net, area) for net in made]
        if all(n is not None for n in nets):
            return nets, []
        misfits = [net for net, n in zip(made, nets, strict=True) if n is None]
    return None, misfits


def box_fields(game, contents: BoxContents, raw) -> dict:
    """What a box template sees as `box`: its data and the cards it holds."""
    w, h, d = contents.inner
    decks = [{"id": game.decks[i].id, "name": game.decks[i].name, "total": game.decks[i].total} for i in contents.decks]
    return {**dict(raw), "id": contents.id, "name": contents.name, "style": contents.style, "decks": decks, "cards": contents.cards,
            "width": w, "height": h, "depth": d, "stock": contents.stock}


def _faces(gctx: GameContext, contents: BoxContents, spec, raw, nets, findings) -> dict:
    """Each printed face of the box (front, back, side, top) rendered at its panel's size, by side."""
    game = gctx.game
    renderer = SideRenderer(gctx, reads=("box", "card", "deck", "decks"))
    fields = box_fields(game, contents, raw)
    first = game.decks[contents.decks[0]]
    deck = Fields({"id": first.id, "name": first.name, "total": first.total, "size": list(first.size)}, "deck")
    decks = decks_fields(game, gctx.card_reads)
    keys = sorted({slot.key for net in nets for panel in net.panels for slot in panel.slots})
    faces = {}
    for side, w, h in keys:
        if side == MARKINGS:
            continue
        key = side if getattr(spec, side, None) else FALLBACK.get(side, side)
        template = getattr(spec, key, None)
        if template is None:
            continue

        def context(side=side, w=w, h=h):
            return face_context(game, deck, fields, "box", w, h, 0.0, side, False, extra={"box": Fields(fields, "box"), "decks": decks})

        # the renderer keeps a face that reads nothing of the box by (template, side): name the size in the side
        face = renderer.side(template, f"{side} {w:g} × {h:g} mm", (w, h), 0.0, f"boxes/{spec.id}", raw.loc_of(key), context)
        if face is not None:
            faces[side, w, h] = face
    findings += renderer.findings
    return faces


def net_colour(game, name: str) -> str:
    """A palette name or #rrggbb as #rrggbb (an unknown name falls back to the paper colour)."""
    if name.startswith("#"):
        return name[:7]
    return game.spec.palette.get(name, game.spec.palette.get("paper", "#ffffff"))[:7]
