"""Slivers (issues 47 and 62): where a piece's coloured edge meets a different colour across a shared cut of a printed
sheet, a hand cut 0.5 mm off shows a sliver of one piece on the other. The check reads the sheets as they print, every
shared cut of every page side, whatever pieces meet there: two decks whose last cards share a sheet, backs mirrored for
duplex, gutterfold backs turned. `pnp validate` and `pnp build` find such an edge at the template line that drew it and
say what to do; an edge that meets its neighour alike (a band inset from the edge) is not reported."""
from __future__ import annotations

from conftest import apply_edits, build_log, run_pnp

from pnp.core.errors import Loc
from pnp.layout.elements import Face, Rect
from pnp.outputs.sheet_slivers import sliver_findings
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import planned_slivers

W, H = 63.5, 88.9  # poker
PAPER, INK, RED, GREEN = "#fbf8f0", "#1d2433", "#c0392b", "#2e7d32"


def band(x: float, y: float, w: float, h: float, fill: str) -> Rect:
    return Rect(x, y, w, h, fill, None, 0.0, 0.0, None)


def card(*elements, w: float = W, h: float = H) -> Face:
    return Face(w, h, 0.0, (band(0, 0, w, h, PAPER), *elements), frozenset())


def deck(name: str, front: Face, back: Face | None, count: int, size=(W, H)) -> Group:
    return Group(name, name, size, [Piece(front, back, f"{name}/{i}") for i in range(count)])


def on_sheets(*groups: Group, **options):
    """The slivers of these groups imposed on Letter as a default build imposes them (shared cuts, long-edge duplex)."""
    settings = {"game_title": "Test", "paper": "letter", "duplex": "long", "bleed_mm": 0.0, "gutter_mm": 0.0, "font_name": "Helvetica", **options}
    return planned_slivers(list(groups), **settings)


def test_a_dark_header_to_the_edge_meets_the_light_foot_of_the_card_above():
    header = band(0, 0, W, 12, INK)
    found = on_sheets(deck("heroes", card(header), None, 9), paper="a4")
    assert found and {(s.sliver.side, s.sliver.colour, s.sliver.across) for s in found} == {("top", INK, PAPER)}
    assert all(s.sliver.element == header for s in found)
    assert all(s.shower.slot.y + s.shower.slot.h == s.neighbour.slot.y for s in found), "the card below shows the sliver: its top meets the foot above"
    assert len(found) == 6, "3 × 3 cards on A4: two horizontal cuts of three cards each"


def test_a_band_inset_from_the_edge_and_light_edges_meet_alike():
    assert on_sheets(deck("heroes", card(band(3, 3, W - 6, 12, INK)), None, 9)) == []
    assert on_sheets(deck("a", card(), None, 4), deck("b", card(band(0, 0, W, H, "#ffffff")), None, 4)) == []  # two light papers: nothing shows


def test_a_warning_names_a_run_of_sheets_as_a_range():
    """A sliver on every sheet of a long deck names its sheets as runs ('sheets 1–4, 6'), not one by one."""
    found = [s for s in on_sheets(deck("heroes", card(band(0, 0, W, 12, INK)), None, 54), paper="a4") if s.sheet != 5]
    assert {s.sheet for s in found} == {1, 2, 3, 4, 6}
    (warning,) = sliver_findings(found, "the card sheets", "test", lambda placed: (placed.piece.label, Loc("deck.csv", 1, 1)), {})
    assert warning.message.startswith("the card sheets, sheets 1–4, 6: "), warning.message


def test_a_warning_of_one_sheet_names_that_sheet_in_the_singular():
    """A sliver found on one sheet only is said on 'sheet 2', not 'sheets 2'."""
    found = [s for s in on_sheets(deck("heroes", card(band(0, 0, W, 12, INK)), None, 18), paper="a4") if s.sheet == 2]
    assert found
    (warning,) = sliver_findings(found, "the card sheets", "test", lambda placed: (placed.piece.label, Loc("deck.csv", 1, 1)), {})
    assert warning.message.startswith("the card sheets, sheet 2: "), warning.message


def test_two_decks_alike_to_their_edges_are_packed_apart_so_no_cut_shows_one_on_the_other():
    """A red deck and a green deck, each one colour to its edges: no cut within a deck shows anything. Their last cards
    (10 red: a sheet and one; 4 green) would share a sheet's cuts, where red meets green: packing keeps them apart (a
    row of their own, room for marks between), so no sliver is left to warn about, fronts or backs."""
    red, green = card(band(0, 0, W, H, RED)), card(band(0, 0, W, H, GREEN))
    assert on_sheets(deck("red", red, None, 10), deck("green", green, None, 4)) == []
    assert on_sheets(deck("red", red, None, 10)) == [] and on_sheets(deck("green", green, None, 4)) == []
    assert on_sheets(deck("red", red, None, 10), deck("green", green, None, 4), bleed_mm=3.175, gutter_mm=6.35) == []
    assert on_sheets(deck("red", card(), card(band(0, 0, W, H, RED)), 10), deck("green", card(), card(band(0, 0, W, H, GREEN)), 4), paper="a4") == []


def test_two_sets_still_meeting_on_a_cut_are_told_to_print_with_a_gutter_or_alone():
    """Ten one-card decks, each one colour to its edges, on Letter: the packing stops keeping pairs apart after its
    replans and two sets still share a cut. No template line is to blame, so the one warning names both sets and says
    to print with a gutter or build one set alone (docs/printing.md)."""
    colours = ("#c0392b", "#2e7d32", "#1f4e8c", "#1d2433", "#876510", "#6a1b9a", "#00695c", "#ad1457", "#37474f", "#4e342e")
    found = on_sheets(*(deck(f"d{i}", card(band(0, 0, W, H, c)), None, 1) for i, c in enumerate(colours)))
    assert found, "a pair the packing left meeting"
    warnings = sliver_findings(found, "the card sheets", "test", lambda placed: (placed.piece.label, Loc("deck.csv", 1, 1)), {})
    pairs = {tuple(sorted((s.shower.run.group.id, s.neighbour.run.group.id))) for s in found}
    named = sorted(w.message.split(": sets ", 1)[-1].split(" share a sheet and a cut line", 1)[0] for w in warnings)
    assert named == [f"{one} and {other}" for one, other in sorted(pairs)], [w.message for w in warnings]
    for warning, (one, _) in zip(sorted(warnings, key=lambda w: w.message), sorted(pairs), strict=True):
        assert "pnp build --gutter 3, or --bleed" in warning.message and f"pnp build --deck {one}" in warning.message
        assert "inset the band" not in warning.message


def test_a_back_turned_on_a_gutterfold_sheet_is_read_from_its_turned_edges():
    """A back whose band runs to its top edge, turned 180° below the fold: the band now lies at the foot of each slot, so
    the back above shows the sliver (its turned top meets the light foot, turned, of the back below)."""
    mini = (44.45, 63.5)  # two rows a side of a Letter gutterfold sheet, fold across
    back = card(band(0, 0, mini[0], 12, INK), w=mini[0], h=mini[1])
    found = on_sheets(deck("minis", card(w=mini[0], h=mini[1]), back, 8, mini), layout="gutterfold", fold_rotation=180)
    assert found and {(s.shower.side, s.sliver.side) for s in found} == {("back", "top")}
    assert all(s.shower.slot.y == s.neighbour.slot.y + s.neighbour.slot.h for s in found), "the back above shows it"
    upright = on_sheets(deck("minis", card(w=mini[0], h=mini[1]), back, 8, mini), layout="gutterfold", fold_rotation=0)
    assert upright and all(s.shower.slot.y + s.shower.slot.h == s.neighbour.slot.y for s in upright), "upright: the back below shows it"


def test_a_stripe_that_starts_at_the_trim_over_another_colour_slivers_on_its_own_piece():
    """Printed with a gutter and bleed, no two pieces share a cut, but each piece's bleed meets its own edge: a stripe
    drawn from the trim over a grey ground (Police Precinct's unmarked cars) leaves grey on the stripe after a cut
    0.5 mm outside the line. Run into the bleed, it meets itself."""
    bleed, grey, amber = 1.0, "#5b5f66", "#b86e00"

    def car(stripe: Rect) -> Face:
        return Face(W, H, bleed, (band(-bleed, -bleed, W + 2 * bleed, H + 2 * bleed, grey), stripe), frozenset())

    at_the_trim = band(0, 0, W, 2.2, amber)
    found = on_sheets(deck("cars", car(at_the_trim), None, 2), bleed_mm=bleed, gutter_mm=2.0)
    assert found and all(s.neighbour is None and s.sliver.element == at_the_trim for s in found)
    assert {(s.sliver.side, s.sliver.colour, s.sliver.across) for s in found} == {(side, grey, amber) for side in ("top", "left", "right")}
    assert on_sheets(deck("cars", car(band(-bleed, -bleed, W + 2 * bleed, 2.2 + bleed, amber)), None, 2), bleed_mm=bleed, gutter_mm=2.0) == []


def test_the_player_aid_meets_its_neighbours_alike_and_one_with_its_band_to_the_edge_does_not():
    """The player aids print side by side on shared cuts: their title band stops inside the trim. The same aid with its
    band run to the top edge (as it was drawn before) leaves a sliver of the band on the light foot of the aid above."""
    from conftest import TEST_PROJECT

    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options
    from pnp.outputs.reference import reference_faces

    project = Project(TEST_PROJECT)
    gctx = Engine(project).for_game(project.load_game("tiny")[0])
    laid, _ = reference_faces(gctx, Options())
    aid = laid.cards[0]
    assert on_sheets(deck("player-aids", aid.front, aid.back, 4), paper="a4") == []  # 3 × 3 poker: the fourth aid below the first
    title_band = next(el for el in aid.front.elements[1:] if type(el) is Rect and el.fill)
    to_the_edge = title_band._replace(x=0.0, y=0.0, w=aid.front.w, h=title_band.y + title_band.h, radius=0.0)
    bad = aid.front._replace(elements=tuple(to_the_edge if el is title_band else el for el in aid.front.elements))
    found = on_sheets(deck("player-aids", bad, aid.back, 4), paper="a4")
    assert found and {(s.shower.side, s.sliver.side, s.sliver.colour) for s in found} == {("front", "top", title_band.fill[:7])}


INSET_HEADER = "rect(3.2, 3.2, face.w - 6.4, 12.8, fill=card.side, radius=2)"
EDGE_HEADER = "rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, 16 + face.bleed, fill=card.side)"


def _slivers(result) -> list[str]:
    return [line for line in result.output.splitlines() if "sliver" in line]  # click 8.2: stdout and stderr as printed


def test_validate_names_the_template_line_and_what_to_do(project):
    # the test game's header is inset 3.2 mm from the card's edges: its colour does not reach the cut
    result = run_pnp(project, "validate", "--strict", "tiny")
    assert result.exit_code == 0 and not _slivers(result), result.stderr
    # the header run to the card's edge (and into the bleed): red and black headers meet paper-coloured feet across the cut
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "replace": [INSET_HEADER, EDGE_HEADER]}])
    result = run_pnp(project, "validate", "tiny")
    lines = [line for line in _slivers(result) if "heroes/" in line]
    assert lines and all(line.startswith("templates/tiny/frame.j2:3:1: warning: ") and "top edge" in line for line in lines), lines
    assert "inset the band" in lines[0] and "light border" in lines[0] and "--bleed" in lines[0]
    # a warning: --strict fails on it, in validate and in build alike
    assert run_pnp(project, "validate", "--strict", "tiny").exit_code != 0
    built = run_pnp(project, "build", "--strict", "--only", "cards", "tiny")
    assert built.exit_code != 0 and [line for line in _slivers(built) if "frame.j2:3:1" in line], built.output


def test_a_band_from_the_trim_over_a_dark_ground_names_its_colour_at_the_edge_and_the_bleeds(project):
    """Printed with --bleed, each card has its own cut and meets only its own bleed: a red header (the palette's
    #c0392b) drawn from the trim over an ink ground (#1d2433) leaves ink on the header after a cut 0.5 mm outside the
    line. The warning says which colour the edge is and which its bleed is."""
    frame = "templates/tiny/frame.j2"
    apply_edits(project, [{"file": frame, "replace": ['face.h + 2*face.bleed, fill="paper")', 'face.h + 2*face.bleed, fill="ink")']},
                          {"file": frame, "replace": [INSET_HEADER, "rect(0, 0, face.w, 16, fill=card.side)"]}])
    result = run_pnp(project, "build", "--only", "cards", "--bleed", "tiny")
    lines = [line for line in _slivers(result) if "top edge of heroes/" in line]
    assert lines and all("is #c0392b where its own bleed is #1d2433 " in line for line in lines), lines


VILLAINS = """name: Villains
size: poker
front: tiny/hero.j2
back: tiny/villain-back.j2
defaults: {side: red, stars: 1, number: 9, text: "Boo."}
cards:
  - {id: boss, name: Boss, count: 2}
"""


def test_two_decks_whose_edges_differ_are_packed_apart_and_no_command_warns(project):
    """Heroes' backs are paper to the edge, a second deck's backs gold to the edge: each deck meets itself alike, and
    the heroes' last 3 cards and the villains' 2 would meet gold on paper across a shared cut. Packing keeps them apart,
    so neither `pnp validate` nor `pnp build` has a sliver to say."""
    apply_edits(project, [{"file": "data/tiny/decks/villains.yaml", "write": VILLAINS},
                          {"file": "templates/tiny/villain-back.j2",
                           "write": '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="gold") }}\n'}])
    for result in (run_pnp(project, "validate", "tiny"), run_pnp(project, "build", "--only", "cards", "tiny")):
        assert result.exit_code == 0 and not _slivers(result), result.output


def test_the_shipped_games_print_no_sliver_on_letter_a4_or_with_the_ink_saver(shared_build):
    """Every shared cut of every sheet of the five games, as `pnp build` prints them on Letter, on A4 and with the ink
    saver (shared cut lines, no gutter): the builds every file reads (conftest.shared_build), whose sheets warn of a
    sliver as the builds above do, said nothing of one."""
    for out in (shared_build(), shared_build("--paper", "a4"), shared_build("--ink-saver", "--only", "cards", "--only", "tokens", "--only", "boards")):
        said = build_log(out)
        assert not [line for line in said.splitlines() if "sliver" in line], "\n".join(line for line in said.splitlines() if "sliver" in line)
        assert ": warning: " not in said


def test_slivers_alike_in_visibility_come_in_the_same_order_in_every_process():
    """Same input, same findings: a red card beside a green one shows a sliver each way, as visible as each other, and
    the order they come in must not hang on Python's string hashing, which differs per process. One deck of red, green
    and blue cards side by side with no gutter: sets apart would be planned onto cuts of their own, and meet nowhere."""
    import os
    import subprocess
    import sys

    script = ("from pnp.layout.elements import Face, Rect\nfrom pnp.render.sheet_plan import Group, Piece\nfrom pnp.render.sheets import planned_slivers\n"
              f"def card(c): return Face({W}, {H}, 0.0, (Rect(0, 0, {W}, {H}, c, None, 0.0, 0.0, None),), frozenset())\n"
              "groups = [Group('d', 'd', (63.5, 88.9), [Piece(card(c), None, c) for c in ('#c0392b', '#2e7d32', '#1f4e8c') * 3])]\n"
              "print([(s.sheet, s.shower.slot, s.sliver.side, s.sliver.colour, s.sliver.across) for s in planned_slivers(groups, game_title='t', "
              "paper='letter', duplex='long', bleed_mm=0, gutter_mm=0, font_name='Helvetica')])")
    seen = {subprocess.run([sys.executable, "-c", script], env={**os.environ, "PYTHONHASHSEED": str(seed)}, capture_output=True, text=True,
                           check=True).stdout for seed in range(6)}
    assert len(seen) == 1, seen
    assert seen.pop().count("Slot(") >= 12, "the three colours meet at every cut between columns: a sliver each way at each"
