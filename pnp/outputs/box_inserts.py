"""Box inserts: inside each box, a card-stock insert with a well for each deck, token set and die it holds.

The wells come from the box's contents (pnp.data.boxes: a deck's well is its
cards' thickness and the depth clearance, and the box is as deep as its wells
and the dividers between them). The insert is one strip, folded: a floor under
each well and a divider folded up and back down between two wells, with a lift
tab at each end (pnp.layout.boxes.insert_strip). It prints on the build's paper
in the box's colour, each floor labelled with what goes there, with a tray that
lifts out of each well of tokens or dice; with a cutter, its cut lines go to the
cut files as the boxes' do.

The same wells are written as a data block for the Boardgame Insert Toolkit
(an OpenSCAD library; its version 4 keys, read from its own repository), for
designers who print their inserts: a box per box, a feature per well, each well
its width, depth and height in mm, at its place along the box.
"""
from __future__ import annotations

from pnp.core.errors import error
from pnp.core.units import PRINT_TOLERANCE_MM, paper_size, um
from pnp.data.boxes import INSERT_PLAY_MM, BoxContents, game_boxes, tray_inside
from pnp.data.words import sheet_words
from pnp.layout.boxes import insert_strip, open_box
from pnp.outputs.boxes import net_colour
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.outputs.stats import FileStats
from pnp.render.cutters import CUTTERS
from pnp.render.nets import NetPiece, fitted, net_area, write_net_pdf

DIVIDER_SHARE = 0.5  # a divider stands half the box's inside high: the cards stand above it, to be taken by their tops
TOOLKIT_WALL_MM = 2.0  # the toolkit's default outer wall ($g_wall_thickness)
TOOLKIT_PADDING_MM = 1.0  # its default space between compartments (FTR_PADDING_XY)


def insert_nets(contents: BoxContents) -> list:
    """The insert of a box: its strip, the wells' floors labelled with what each holds, and a tray for each well of
    tokens or dice, its inside as wide as tray_inside and as deep as its contents (its base and walls a board larger
    at the folds, as a box's tray), its walls as high as the dividers."""
    w, h, _ = contents.inner
    wall = round(h * DIVIDER_SHARE, 1)
    wells = [(well.depth, f"{well.name} · {well.count}") for well in contents.wells]
    trays = [open_box("tray", tray_inside(w, contents.board) + contents.board, well.needs + contents.board, wall + contents.board / 2, None)
             for well in contents.wells if well.kind != "deck"]
    return [insert_strip(w, wells, wall), *trays]


def build_inserts(gctx: GameContext, options: Options):
    """The inserts PDF of a game, and its Boardgame Insert Toolkit block: ([(file name, bytes, stats)], findings). A
    box whose contents do not fit it is left out: the boxes' own output says why, once."""
    game = gctx.game
    boxes, found = game_boxes(game)
    if not boxes or any(f.severity == "error" for f in found):
        return [], []
    paper = paper_size(options.paper)
    cutter = CUTTERS[options.cutter] if options.cutter else None
    limit = um(max(options.printable_mm + PRINT_TOLERANCE_MM, cutter.margin(*paper) if cutter else 0.0))
    area = net_area(paper, limit)
    words = sheet_words(game)
    pieces, findings = [], []
    for contents, spec, raw in boxes:
        nets = [fitted(net, area) for net in insert_nets(contents)]
        if None in nets:
            findings.append(error("insert-fit", f"box '{spec.id}': its insert ({len(contents.wells)} wells) is longer than a {options.paper} sheet's "
                                  f"printable area ({area[0] / 1000:.0f} × {area[1] / 1000:.0f} mm): print the inserts on larger paper (--paper a3) "
                                  "or split the box's decks over two boxes", raw.loc_of("decks"), game=game.slug, component=f"boxes/{spec.id}"))
            continue
        pieces += [NetPiece(net, net_colour(game, spec.color), {}, f"{contents.name} ({words.box_part(net.name)})") for net in nets]
    if not pieces:
        return [], findings
    cuts: list = []
    data, pages = write_net_pdf(pieces, paper, limit, gctx.body_font, gctx.icons, f"{game.title} — {words.inserts}", "box inserts for print and play",
                                None, cutter, cuts, draft=options.draft, words=words, fallback=gctx.fonts.fallback_for)
    block = toolkit_block(game.title, [contents for contents, _, _ in boxes])
    return [(f"{game.slug}-box-inserts.pdf", data, FileStats(pages, len(pieces), cuts=cuts)),
            (f"{game.slug}-box-inserts.scad", block.encode("utf-8"), FileStats())], findings


def _mm(value: float) -> str:
    return f"{round(value, 2):g}"


def toolkit_block(title: str, boxes: list[BoxContents]) -> str:
    """The boxes' wells as a Boardgame Insert Toolkit (version 4) data block: a box each (OBJECT_BOX with its NAME and
    BOX_SIZE_XYZ: the wells, the padding between them and the walls), a feature per well (FTR_COMPARTMENT_SIZE_XYZ
    across, along and up, at POSITION_XY: centred across, its distance along), in the order they lie in the box."""
    out = [f"// {title}: box inserts written by pnp, for the Boardgame Insert Toolkit (version 4).",
           "// Each compartment is a well of the card-stock insert: width across the box, depth along it, height up, in mm.",
           "include <boardgame_insert_toolkit_lib.4.scad>;", "", "data = ["]
    for contents in boxes:
        w, h, _ = contents.inner
        across, up = w - INSERT_PLAY_MM, h
        along, features = 0.0, []
        for well in contents.wells:
            features.append(f'        [ BOX_FEATURE, [\n            [ NAME, "{_quoted(well.name)}" ],\n'
                            f"            [ FTR_COMPARTMENT_SIZE_XYZ, [{_mm(across)}, {_mm(well.depth)}, {_mm(up)}] ],\n"
                            f"            [ POSITION_XY, [CENTER, {_mm(along)}] ],\n        ]],")
            along += well.depth + TOOLKIT_PADDING_MM
        length = along - TOOLKIT_PADDING_MM
        size = (across + 2 * TOOLKIT_WALL_MM, length + 2 * TOOLKIT_WALL_MM, up + TOOLKIT_WALL_MM)
        out += ["    [ OBJECT_BOX, [", f'        [ NAME, "{_quoted(contents.name)}" ],',
                f"        [ BOX_SIZE_XYZ, [{', '.join(_mm(v) for v in size)}] ],", *features, "    ]],"]
    return "\n".join([*out, "];", "", "MakeAll();", ""])


def _quoted(text: str) -> str:
    """Text inside an OpenSCAD string: its backslashes and quotes escaped."""
    return text.replace("\\", "\\\\").replace('"', '\\"')
