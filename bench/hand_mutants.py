"""Hand-written behaviour mutants of the promises issue #76 names (one semantic change each: a back's face flipped,
seats numbered from 0, a die mesh wound backwards, the QR check inverted, a gradient's middle stop dropped, the hex
offset parity, an insert's cover, token sets sharing a cut, redo kept after a new edit, a turned group), each run
against the tests that guard it. Not part of the suite: the whole list takes some minutes.

    nice -n 10 python bench/hand_mutants.py            # every mutant
    nice -n 10 python bench/hand_mutants.py E4 Q2      # some of them
    python bench/hand_mutants.py --list                # what each one changes, run nothing

Each mutant is made in a fresh copy of the work tree's files (as bench/mutation.py makes one, its `pnp` first on the
path), its one text replaced once; a mutant whose text is no longer found exactly once is said, not run (the code
moved: write it anew). Killed when a test fails; the script exits 1 if any survives. mutmut's own mutants are
bench/mutation.py's; these are the ones a reviewer would write, which mutmut's operators do not make.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutation import clean_copy


class Mutant(NamedTuple):
    name: str
    what: str
    file: str
    old: str
    new: str
    tests: list[str]
    select: str  # pytest -k, or '' for the test files whole


MUTANTS: list[Mutant] = [
    Mutant('E1', "the .vtt's seats numbered from 0", 'pnp/targets/export_vtt.py',
           '"index": seat.index,',
           '"index": seat.index - 1,',
           ['tests/test_tables.py'], ''),
    Mutant('E2', "the .pcio's seatIndex from 1", 'pnp/targets/export_pcio.py',
           '"seatIndex": seat.index - 1',
           '"seatIndex": seat.index',
           ['tests/test_tables.py'], ''),
    Mutant('E3', "the table's seats numbered from 0", 'pnp/targets/table.py',
           '[_SeatBlock(i) for i in range(1, seats + 1)]',
           '[_SeatBlock(i) for i in range(seats)]',
           ['tests/test_tables.py'], ''),
    Mutant('E4', "a die mesh's triangles wound clockwise", 'pnp/targets/tts_models.py',
           'a, b, c = (0, i, i + 1)',
           'a, b, c = (0, i + 1, i)',
           ['tests/test_dice.py'], 'wound'),
    Mutant('E5', "a .vtt card type's back its front", 'pnp/targets/export_vtt.py',
           '"back": _asset(t.back or t.front)',
           '"back": _asset(t.front)',
           ['tests/test_tables.py'], 'face_down_shows or setup_deals'),
    Mutant('E6', "the .vtt deck's face templates swapped", 'pnp/targets/export_vtt.py',
           '[_face("back", w, h, radius), _face("face", w, h, radius)]',
           '[_face("face", w, h, radius), _face("back", w, h, radius)]',
           ['tests/test_tables.py'], 'face_down_shows or setup_deals'),
    Mutant('E7', 'a face-up .vtt card at activeFace 0', 'pnp/targets/export_vtt.py',
           'card["activeFace"] = 1',
           'card["activeFace"] = 0',
           ['tests/test_tables.py'], 'face_down_shows or setup_deals'),
    Mutant('E8', "the .pcio's face-up flag inverted", 'pnp/targets/export_pcio.py',
           '"faceup": piece.face_up',
           '"faceup": not piece.face_up',
           ['tests/test_tables.py'], 'face_down_shows or setup_deals'),
    Mutant('E9', 'a TTS deck lying face up', 'pnp/targets/tts.py',
           '"rotZ": 180 if face_down else 0',
           '"rotZ": 0 if face_down else 180',
           ['tests/test_tables.py'], 'tts_deck_lies or face_down_shows'),
    Mutant('E10', "a TTS card's front pasted as its back", 'pnp/targets/export_tts.py',
           'backs_sheet.paste(images[item.back] if item.back is not None else blank',
           'backs_sheet.paste(images[item.front] if item.back is not None else blank',
           ['tests/test_tables.py'], 'tts_deck_lies or face_down_shows'),
    Mutant('E11', "a .pcio card type's back its front", 'pnp/targets/export_pcio.py',
           '"back": _asset(t.back or t.front)',
           '"back": _asset(t.front)',
           ['tests/test_tables.py'], 'face_down_shows or setup_deals'),
    Mutant('Q1', "the QR code's light-on-dark test inverted", 'pnp/layout/qr.py',
           'or luminance(el.color[:7]) > luminance(ground[:7])',
           'or luminance(el.color[:7]) < luminance(ground[:7])',
           ['tests/test_vocabulary.py'], 'qr'),
    Mutant('Q2', "the QR code's light-on-dark test dropped", 'pnp/layout/qr.py',
           'or luminance(el.color[:7]) > luminance(ground[:7])',
           '',
           ['tests/test_vocabulary.py'], 'qr'),
    Mutant('G1', "a gradient's stops between a mark's ends dropped", 'pnp/layout/gradients.py',
           '[c for t, c in g.stops if low < t < high]',
           '[]',
           ['tests/test_readability.py'], 'gradient'),
    Mutant('G2', 'a radial gradient on a rectangle reaching its sides, not its corners', 'pnp/layout/gradients.py',
           'else math.hypot(w, h) / 2',
           'else max(w, h) / 2',
           ['tests/test_readability.py'], 'gradient'),
    Mutant('H1', "the hex grid's shifted columns the other parity", 'pnp/layout/grids.py',
           'lowered = (col if flat else row) % 2 == (1 if odd else 0)',
           'lowered = (col if flat else row) % 2 == (0 if odd else 1)',
           ['tests/test_guards.py'], ''),
    Mutant('H2', 'odd and even offsets swapped in the axial coordinates', 'pnp/layout/grids.py',
           'return col, row - (col - (col & 1)) // 2 if odd else row - (col + (col & 1)) // 2',
           'return col, row - (col + (col & 1)) // 2 if odd else row - (col - (col & 1)) // 2',
           ['tests/test_guards.py'], ''),
    Mutant('I1', 'an insert scaled to fit inside (contain) rather than cover', 'pnp/outputs/inserts.py',
           'return min(1.0, max(insert[0] / card[0], insert[1] / card[1]))',
           'return min(1.0, min(insert[0] / card[0], insert[1] / card[1]))',
           ['tests/test_fronts_inserts.py'], ''),
    Mutant('I2', "an insert's front not centred in height", 'pnp/outputs/inserts.py',
           'x, y = (iw - face.w * scale) / 2, (ih - face.h * scale) / 2',
           'x, y = (iw - face.w * scale) / 2, (ih - face.h * scale)',
           ['tests/test_fronts_inserts.py'], ''),
    Mutant('I3', 'the safe area taken once, not on both sides', 'pnp/outputs/inserts.py',
           'if (w - 2 * SAFE_MM) * scale <= iw + 1e-6 and',
           'if (w - 1 * SAFE_MM) * scale <= iw + 1e-6 and',
           ['tests/test_fronts_inserts.py'], ''),
    Mutant('I4', "another size's insert 1 mm off the seams' room", 'pnp/outputs/inserts.py',
           'round(w - (given_for[0] - self.insert[0]), 2)',
           'round(w - (given_for[0] - self.insert[0]) + 1, 2)',
           ['tests/test_fronts_inserts.py'], ''),
    Mutant('I5', 'an insert only for a card 1 mm larger than it', 'pnp/outputs/inserts.py',
           'fits = [s for s in sizes if s[0] >= insert[0] - 1e-6 and s[1] >= insert[1] - 1e-6]',
           'fits = [s for s in sizes if s[0] > insert[0] + 1 and s[1] >= insert[1] - 1e-6]',
           ['tests/test_fronts_inserts.py'], ''),
    Mutant('T1', 'token sets grouped by shape and size, not by their cut', 'pnp/outputs/tokens.py',
           'key = (shape, token_cut(spec, size), size)',
           'key = (shape, size)',
           ['tests/test_tokens.py'], 'own_line'),
    Mutant('T3', 'gutterfold and plain bands stacked on one page', 'pnp/render/packing.py',
           'return isinstance(a, FoldSheet) == isinstance(b, FoldSheet) and (a.page_w, a.page_h) == (b.page_w, b.page_h)',
           'return (a.page_w, a.page_h) == (b.page_w, b.page_h)',
           ['tests/test_tokens.py', 'tests/test_packing.py'], ''),
    Mutant('R1', 'a group inside a turned group not turned', 'pnp/serve/editing.py',
           'turned or element.rotate % 360 != 0',
           'element.rotate % 360 != 0',
           ['tests/test_editor_guards.py', 'tests/test_serve_edit.py'], ''),
    Mutant('R2', 'a group turned a whole turn counted as turned', 'pnp/serve/editing.py',
           'turned or element.rotate % 360 != 0',
           'turned or element.rotate != 0',
           ['tests/test_editor_guards.py', 'tests/test_serve_edit.py'], ''),
    Mutant('R3', 'the redo list kept after a new edit', 'pnp/serve/editor.py',
           '        self.undone = []\n',
           '        pass\n',
           ['tests/test_editor_guards.py', 'tests/test_serve_edit.py'], ''),
    Mutant('R4', 'an undone edit not put on the redo list', 'pnp/serve/editor.py',
           'put.append(take.pop())',
           'take.pop()',
           ['tests/test_editor_guards.py', 'tests/test_serve_edit.py'], ''),
    Mutant('R5', "an inner group's offset not scaled by its parent", 'pnp/serve/editing.py',
           'inner = (gx + gs * element.x, gy + gs * element.y, gs * element.scale,',
           'inner = (gx + element.x, gy + element.y, gs * element.scale,',
           ['tests/test_editor_guards.py', 'tests/test_serve_edit.py'], ''),
    Mutant('E4b', "a die mesh mirrored into OBJ's axes", 'pnp/targets/tts_models.py',
           'lines += [f"v {x / longest:.6f} {z / longest:.6f} {-y / longest:.6f}"',
           'lines += [f"v {x / longest:.6f} {z / longest:.6f} {y / longest:.6f}"',
           ['tests/test_dice.py'], 'wound'),
    Mutant('E12', 'the card turned up beside the deck dealt face down', 'pnp/targets/table.py',
           'row = [Piece(collection, pile.pop().type, True) for _ in range(face_up)]',
           'row = [Piece(collection, pile.pop().type, False) for _ in range(face_up)]',
           ['tests/test_tables.py'], 'face_down_shows'),
    Mutant('Q3', "the QR code's contrast floor lowered to 2:1", 'pnp/layout/qr.py',
           'if contrast(el.color[:7], ground[:7]) < MIN_CONTRAST or',
           'if contrast(el.color[:7], ground[:7]) < 2 or',
           ['tests/test_vocabulary.py'], 'qr'),
    Mutant('E13', 'a deck of unique backs given the shared back', 'pnp/targets/export_tts.py',
           'sheet["back_file"] = named[f"backs-{n}"] if unique_backs else back_name',
           'sheet["back_file"] = back_name if back_name else named[f"backs-{n}"]',
           ['tests/test_tables.py'], 'tts_deck_lies'),
    Mutant('P1', 'a back mirrored over the wrong edge for the duplex', 'pnp/render/impose.py',
           'flip_x = (duplex == "long") != self.landscape',
           'flip_x = (duplex == "long") == self.landscape',
           ['tests/test_guard_properties.py', 'tests/test_impose.py'], ''),
    Mutant('P2', 'a back mirrored without its own width', 'pnp/render/impose.py',
           'return Slot(self.page_w - s.x - s.w, s.y, s.w, s.h)',
           'return Slot(self.page_w - s.x, s.y, s.w, s.h)',
           ['tests/test_guard_properties.py', 'tests/test_impose.py'], ''),
    Mutant('P3', 'a gutterfold back mirrored without its height', 'pnp/render/impose.py',
           '            return Slot(s.x, 2 * self.fold - s.y - s.h, s.w, s.h)',
           '            return Slot(s.x, 2 * self.fold - s.y, s.w, s.h)',
           ['tests/test_guard_properties.py'], ''),
    Mutant('P4', 'duplex none mirroring the backs', 'pnp/render/impose.py',
           '        if duplex == "none":\n            return s\n',
           '',
           ['tests/test_guard_properties.py', 'tests/test_impose.py'], ''),
    Mutant('P5', "a vertical gutterfold's back mirrored without its width", 'pnp/render/impose.py',
           '        return Slot(2 * self.fold - s.x - s.w, s.y, s.w, s.h)',
           '        return Slot(2 * self.fold - s.x, s.y, s.w, s.h)',
           ['tests/test_guard_properties.py'], ''),
    Mutant('S1', "a game's folder checked against data/'s own real path alone", 'pnp/pipeline/steady.py',
           'inputs = _folder_digests(folder, project.data_dir, project.root)',
           'inputs = _folder_digests(folder, project.data_dir)',
           ['tests/test_hostile.py'], 'linked_out_is'),
    Mutant('S2', "an export folder's change summary read through a link", 'pnp/targets/staging.py',
           '    if folder.is_symlink() or not folder.is_dir():\n        return {}\n    found = {}',
           '    if not folder.is_dir():\n        return {}\n    found = {}',
           ['tests/test_hostile.py'], 'linked_out_is'),
    Mutant('S3', 'a template past its face time drawn again for the next card', 'pnp/outputs/faces.py',
           '                if any(f.code == RUNAWAY for f in exc.findings):\n                    self._runaway.add(template)\n',
           '',
           ['tests/test_command_budget.py'], 'looping'),
    # this round's (s14-mutants): the sheet's grid and marks, nesting, cut files, the picture checks, the cache seal
    Mutant('M1', "a saved profile's margin taken snug, without its tolerance", 'pnp/render/impose.py',
           'snug = (False, True) if printable == DEFAULT_PRINTABLE_UM and not avoid else (False,)',
           'snug = (False, True) if not avoid else (False,)',
           ['tests/test_guard_properties.py'], ''),
    Mutant('M2', 'crop marks run into the footer band', 'pnp/render/impose.py',
           '        footer = edge == self.footer_side\n',
           '        footer = False\n',
           ['tests/test_guard_properties.py'], ''),
    Mutant('M3', 'crop marks start 1 mm inside the bleed, not outside it', 'pnp/render/impose.py',
           '"left": min(s.x for s in slots) - left - MARK_GAP_UM,',
           '"left": min(s.x for s in slots) - left + MARK_GAP_UM,',
           ['tests/test_guard_properties.py'], ''),
    Mutant('M4', "a gutterfold sheet's marks towards the fold dropped", 'pnp/render/impose.py',
           '    out += _fold_marks(sheet, slots)\n',
           '',
           ['tests/test_guard_properties.py'], 'gutterfold'),
    Mutant('N1', "a nest's footer band kept at the bottom only", 'pnp/render/nesting.py',
           '(limit + footer + ry, ph - limit - footer - ry)',
           '(limit + footer + ry, ph - limit - ry)',
           ['tests/test_nest_properties.py'], ''),
    Mutant('N2', 'nested pieces one bleed apart, not two', 'pnp/render/nesting.py',
           'gaps = (2 * bleed_mm, gaps[1])',
           'gaps = (bleed_mm, gaps[1])',
           ['tests/test_nest_properties.py'], ''),
    Mutant('N3', 'a honeycomb pitched without its gap', 'pnp/render/nesting.py',
           'apothem = shape.hexagon_radius(w, h) * math.cos(math.pi / 6) + gap / 2',
           'apothem = shape.hexagon_radius(w, h) * math.cos(math.pi / 6)',
           ['tests/test_nest_properties.py'], ''),
    Mutant('N4', "a nest coming to the printer's margin without its tolerance", 'pnp/render/nesting.py',
           'limit = printable_mm + TOLERANCE_UM / 1000 + ROUNDING_MM',
           'limit = printable_mm + ROUNDING_MM',
           ['tests/test_nest_properties.py'], ''),
    Mutant('C1', "Silhouette's bottom-left L drawn at the bottom-right", 'pnp/render/cutters.py',
           '(i, bottom - t, a, t), (i, bottom - a, t, a)]',
           '(right - a, bottom - t, a, t), (right - t, bottom - a, t, a)]',
           ['tests/test_cut_geometry.py'], ''),
    Mutant('C2', "an SVG circle's radius from its box's longer side", 'pnp/render/cutters.py',
           'r="{round(min(self.w, self.h) / 2, 4)}"',
           'r="{round(max(self.w, self.h) / 2, 4)}"',
           ['tests/test_cut_geometry.py'], ''),
    Mutant('C3', 'the CutContour stroke knocking out the art under it', 'pnp/render/cutters.py',
           'c.setStrokeOverprint(True)',
           'c.setStrokeOverprint(False)',
           ['tests/test_cut_geometry.py'], ''),
    Mutant('C4', "a DXF's lines not turned y up", 'pnp/render/cut_dxf.py',
           'return ("L", x1, page_h - y1, x2, page_h - y2)',
           'return ("L", x1, y1, x2, y2)',
           ['tests/test_cut_geometry.py'], ''),
    Mutant('C5', "a DXF's arcs turned y up without their angles", 'pnp/render/cut_dxf.py',
           'return ("A", cx, page_h - cy, r, -start, -sweep)',
           'return ("A", cx, page_h - cy, r, start, sweep)',
           ['tests/test_cut_geometry.py'], ''),
    Mutant('C6', "a DXF's rounded corners bulging inwards", 'pnp/render/cut_dxf.py',
           'math.tan(math.radians(sweep) / 4)))',
           '-math.tan(math.radians(sweep) / 4)))',
           ['tests/test_cut_geometry.py'], ''),
    Mutant('V1', 'a picture narrower than its box never said', 'pnp/layout/picture_checks.py',
           'if abs(off) > ASPECT_TOLERANCE and fit != "contain":',
           'if off > ASPECT_TOLERANCE and fit != "contain":',
           ['tests/test_picture_checks.py'], 'judged or pixels_an_inch or no_size'),
    Mutant('V2', "a covered picture's print density from its denser side", 'pnp/layout/picture_checks.py',
           'return max(per_axis) if fit == "contain" else min(per_axis)',
           'return min(per_axis) if fit == "stretch" else max(per_axis)',
           ['tests/test_picture_checks.py'], 'judged or pixels_an_inch or no_size'),
    Mutant('K1', "a key refused only in its own folder's project, not one further up", 'pnp/core/sealed.py',
           'for folder in real.parents:',
           'for folder in real.parents[:1]:',
           ['tests/test_sealed_guards.py'], ''),
    Mutant('K2', "a project's game.yaml that is a dangling link not counted", 'pnp/core/sealed.py',
           'os.path.lexists(os.path.join(folder, "data", name, "game.yaml"))',
           'os.path.exists(os.path.join(folder, "data", name, "game.yaml"))',
           ['tests/test_sealed_guards.py'], ''),
    Mutant('K3', "any header cut short called this user's", 'pnp/core/sealed.py',
           'return header[:len(MAGIC)] == MAGIC[:len(header)]',
           'return True',
           ['tests/test_sealed_guards.py'], ''),
    # this round (s15-mutants): what a browser table's file says, the sliver check, the kept results
    Mutant('B1', "a .vtt draw pile no longer turning a card gathered into it face down", 'pnp/targets/export_vtt.py',
           'holder["onEnter"] = {"activeFace": 0}',
           'pass',
           ['tests/test_table_files.py'], ''),
    Mutant('B2', "the .vtt deal button dealing the seats' cards face up", 'pnp/targets/export_vtt.py',
           '"count": deal.each, "face": 0}',
           '"count": deal.each, "face": 1}',
           ['tests/test_table_files.py'], ''),
    Mutant('B3', "a card in the .vtt hand showing its back", 'pnp/targets/export_vtt.py',
           '"onEnter": {"activeFace": 1}, "onLeave": {"activeFace": 0}',
           '"onEnter": {"activeFace": 0}, "onLeave": {"activeFace": 1}',
           ['tests/test_table_files.py'], ''),
    Mutant('B4', "the .vtt stamped with today's format 22, which a 2024 server refuses", 'pnp/targets/export_vtt.py',
           'VTT_VERSION = max(VTT_FIELDS_SINCE.values())',
           'VTT_VERSION = 22',
           ['tests/test_table_files.py'], ''),
    Mutant('B5', "the .vtt's card turned up beside the deck dealt face down", 'pnp/targets/export_vtt.py',
           '"count": 1, "face": 1,',
           '"count": 1, "face": 0,',
           ['tests/test_table_files.py'], ''),
    Mutant('B6', "a .pcio seat's holder given a shuffle button", 'pnp/targets/export_pcio.py',
           'if spot.pieces and not spot.id.startswith("seat-"):',
           'if spot.pieces:',
           ['tests/test_table_files.py'], ''),
    Mutant('B7', "a .pcio card in a holder at the holder's corner, not inside its edge", 'pnp/targets/export_pcio.py',
           'x, y = (spot.x + HOLDER_PAD_PX, spot.y + HOLDER_PAD_PX) if spot.holder else (spot.x, spot.y)',
           'x, y = (spot.x, spot.y)',
           ['tests/test_table_files.py'], ''),
    Mutant('B8', "a .pcio token written as a card", 'pnp/targets/export_pcio.py',
           '"type": "piece" if piece.collection.kind == "tokens" else "card"',
           '"type": "card"',
           ['tests/test_table_files.py'], ''),
    Mutant('L1', "an edge read a whole miscut (0.5 mm) inside the trim, not half of it", 'pnp/layout/slivers.py',
           'd = STRIP_MM / 2\n    along_x',
           'd = STRIP_MM\n    along_x',
           ['tests/test_sliver_edges.py'], ''),
    Mutant('L2', "light read as dark and dark as light", 'pnp/layout/slivers.py',
           'return luminance(colour[:7]) >= LIGHT',
           'return luminance(colour[:7]) < LIGHT',
           ['tests/test_sliver_edges.py'], ''),
    Mutant('L3', "a bleed's strips read from any bleed, though under 0.5 mm a cut that far out leaves the paper", 'pnp/layout/slivers.py',
           'if face.bleed >= STRIP_MM:',
           'if face.bleed > 0:',
           ['tests/test_sliver_edges.py'], ''),
    Mutant('L4', "a hexagon's normals pointing in", 'pnp/layout/slivers.py',
           'if nx * (x1 - w / 2) + ny * (y1 - h / 2) < 0:',
           'if nx * (x1 - w / 2) + ny * (y1 - h / 2) > 0:',
           ['tests/test_sliver_edges.py'], ''),
    Mutant('L5', "the first pair met named, not the most visible", 'pnp/layout/slivers.py',
           'if delta >= DISTINCT_DELTA_E and (worst is None or delta > worst[0]):',
           'if delta >= DISTINCT_DELTA_E and worst is None:',
           ['tests/test_sliver_edges.py'], ''),
    Mutant('L6', "the worst pair named at its last point, not its first", 'pnp/layout/slivers.py',
           'return delta, colour, theirs, points.index((colour, theirs))',
           'return delta, colour, theirs, len(points) - 1 - points[::-1].index((colour, theirs))',
           ['tests/test_sliver_edges.py'], ''),
    Mutant('L7', "a small round piece read at 2πr points without the least 12", 'pnp/layout/slivers.py',
           'n = max(int(2 * math.pi * r / STEP_MM), 12)',
           'n = max(int(2 * math.pi * r / STEP_MM), 1)',
           ['tests/test_sliver_edges.py'], ''),
    Mutant('L8', "a drawn outline's corner drawn twice read at the corner (the zero-length side turns 0°)", 'pnp/layout/slivers.py',
           'corners = [c for i, c in enumerate(corners) if c != corners[i - 1]] or corners',
           'pass',
           ['tests/test_sliver_edges.py'], ''),
    Mutant('A1', "a circle's ground read as its whole square box", 'pnp/layout/readability.py',
           'return (x - cx) ** 2 + (y - cy) ** 2 <= r * r',
           'return abs(x - cx) <= r and abs(y - cy) <= r',
           ['tests/test_readability_grounds.py'], ''),
    Mutant('A2', "a group turned anticlockwise", 'pnp/layout/readability.py',
           'inner = (cos, sin, -sin, cos, gx, gy)',
           'inner = (cos, -sin, sin, cos, gx, gy)',
           ['tests/test_readability_grounds.py'], ''),
    Mutant('A3', "a translucent fill printed over the paper, whatever lies under it", 'pnp/layout/readability.py',
           'under = self.ground_at(*_apply(t, cx, cy))',
           'under = self.paper',
           ['tests/test_readability_grounds.py'], ''),
    Mutant('A4', "a polygon's ground read as its box (a notch covered)", 'pnp/layout/readability.py',
           'return _in_polygon(points, x, y)',
           'return True',
           ['tests/test_readability_grounds.py'], ''),
    Mutant('J1', "a part that found an error kept", 'pnp/pipeline/results.py',
           'if not any(f.severity == "error" for f in part.findings + part.warnings):',
           'if not any(f.severity == "error" for f in part.findings):',
           ['tests/test_kept_parts.py'], ''),
    Mutant('J2', "the art a part read left out of what it is kept by", 'pnp/pipeline/results.py',
           'manifest = {"files": sorted(read_digests([f for f in files if not _under(f, covered)], project.root)), "cards": reads}',
           'manifest = {"files": [], "cards": reads}',
           ['tests/test_kept_parts.py'], ''),
    Mutant('J3', "a finding alike an earlier part's said again", 'pnp/pipeline/results.py',
           'if alike in seen:',
           'if False:',
           ['tests/test_kept_parts.py'], ''),
    Mutant('J4', "a file gone digested as unreadable, so its return is no edit", 'pnp/pipeline/results.py',
           'return ABSENT if not os.path.lexists(path) else "unreadable"',
           'return "unreadable"',
           ['tests/test_kept_parts.py'], ''),
    Mutant('J5', "what makes a kept finding one with an earlier part's dropped when read back", 'pnp/pipeline/results.py',
           'alike=found.get("alike", []))',
           'alike=[])',
           ['tests/test_kept_parts.py'], ''),
]


def run(mutant: Mutant, copy: Path) -> str:
    """'killed', 'survived', or why it was not run; the copy's file is put back after."""
    path = copy / mutant.file
    original = path.read_text(encoding="utf-8")
    if original.count(mutant.old) != 1:
        return f"not run: its text is found {original.count(mutant.old)} times in {mutant.file}"
    path.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
    try:
        args = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-x", "-p", "no:cacheprovider", *mutant.tests, *(["-k", mutant.select] if mutant.select else [])]
        env = {**os.environ, "PYTHONPATH": str(copy), "PNP_JOBS": "1"}
        done = subprocess.run(args, cwd=copy, env=env, capture_output=True, text=True)
    finally:
        path.write_text(original, encoding="utf-8")
    if done.returncode == 1:
        failed = next((line.split(" ")[1] for line in done.stdout.splitlines() if line.startswith("FAILED ")), "")
        return f"killed by {failed}"
    return "survived" if done.returncode == 0 else f"not run: pytest exited {done.returncode}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="mutants to run (all when none is named)")
    parser.add_argument("--list", action="store_true", help="print each mutant's change and run nothing")
    args = parser.parse_args(argv)
    known = {m.name: m for m in MUTANTS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"no such mutant: {', '.join(unknown)}")
    chosen = [known[n] for n in args.names] if args.names else MUTANTS
    if args.list:
        for m in chosen:
            print(f"{m.name}: {m.what} ({m.file}): {m.old!r} → {m.new!r}")
        return 0
    copy = Path(tempfile.mkdtemp(prefix="pnp-hand-mutants-"))
    try:
        clean_copy(copy)
        verdicts = {}
        for m in chosen:
            verdicts[m.name] = run(m, copy)
            print(f"{m.name}: {m.what}: {verdicts[m.name]}", flush=True)
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    survived = [n for n, v in verdicts.items() if not v.startswith("killed")]
    print(f"{len(verdicts) - len(survived)} of {len(verdicts)} killed" + (f"; not killed: {', '.join(survived)}" if survived else ""))
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
