"""The promises last round's mutants slipped past (issue #76), pinned in the test process where a mutation tool sees
them (bench/mutation.py): hex grids' offsets and coordinates, the path rule's edge cases, what the cache seal covers.
Expected values come from the rules the code follows (Red Blob Games' hex grids; a real path inside a real folder),
never from the code under test."""
from __future__ import annotations

import math
import os
from pathlib import Path
from typing import ClassVar

import properties  # noqa: F401  (the suite's Hypothesis profile)
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.core.errors import LayoutError
from pnp.layout.grids import hexgrid, squaregrid

# the six axial neighbours of a hex (Red Blob Games: "axial_direction_vectors")
AXIAL_NEIGHBOURS = {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}


class Recorder:
    """What a grid draws: its cells' polygons, icons and labels, with the colours they were given."""

    PALETTE: ClassVar[dict[str, str]] = {"ink": "#222222", "sea": "#1f4e79", "sand": "#f4e4bc"}

    def __init__(self, ink=True):
        self.polygons, self.fills, self.strokes, self.icons, self.texts = [], [], [], [], []
        colours = {k: v for k, v in self.PALETTE.items() if ink or k != "ink"}
        self.game = type("Game", (), {"palette": type("Palette", (), {"colours": colours})()})()

    def _colour(self, value):
        return None if value is None else self.PALETTE.get(value, value)

    def polygon(self, corners, fill=None, stroke=None, stroke_width=None, **more):
        self.polygons.append(corners)
        self.fills.append(fill)
        self.strokes.append((stroke, stroke_width))
        self.polygon_options = more

    def icon(self, name, x, y, side, color=None):
        self.icons.append({"name": name, "x": x, "y": y, "side": side, "color": color})

    def text(self, text, x, y, w, h, size, color, font=None, **more):
        self.texts.append({"text": text, "x": x, "y": y, "w": w, "h": h, "size": size, "color": color, "font": font, **more})


def grid(cols, rows, size=20.0, **options):
    rec = Recorder()
    return hexgrid(rec, 10, 15, cols, rows, size, labels=False, **options), rec


def offset_of_axial(q, r, flat, odd):
    """Red Blob Games' axial → offset conversions (axial_to_oddq, _evenq, _oddr, _evenr), the inverse of what pnp does."""
    if flat:
        return q, (r + (q - (q & 1)) // 2) if odd else (r + (q + (q & 1)) // 2)
    return ((q + (r - (r & 1)) // 2) if odd else (q + (r + (r & 1)) // 2)), r


@settings(max_examples=40)
@given(cols=st.integers(1, 7), rows=st.integers(1, 7), top=st.sampled_from(["flat", "pointy"]),
       shift=st.sampled_from(["odd", "even"]), start=st.integers(-3, 3))
def test_any_hex_grids_axial_coordinates_turn_back_into_its_offset_ones(cols, rows, top, shift, start):
    cells, _ = grid(cols, rows, coords="axial", top=top, shift=shift, start=start)
    assert len(cells) == cols * rows
    for cell in cells:
        assert type(cell["q"]) is int and type(cell["r"]) is int  # whole numbers: a key reads '2,-1', never '2,-1.0'
        q, r = cell["q"] - start, cell["r"] - start
        assert offset_of_axial(q, r, top == "flat", shift == "odd") == (cell["col"] - start, cell["row"] - start)
        assert cell["key"] == f"{cell['q']},{cell['r']}"
        assert cells.at(cell["q"], cell["r"]) is cell


@settings(max_examples=30)
@given(cols=st.integers(2, 6), rows=st.integers(2, 6), top=st.sampled_from(["flat", "pointy"]),
       shift=st.sampled_from(["odd", "even"]), size=st.floats(5, 40))
def test_hexes_that_touch_are_axial_neighbours_and_no_others_are(cols, rows, top, shift, size):
    """Two hexes share a side exactly when their centres lie one hex across the flats (`size`) apart, and then their
    axial coordinates differ by one of the six neighbour directions."""
    cells, _ = grid(cols, rows, size=size, coords="axial", top=top, shift=shift)
    for a in cells:
        for b in cells:
            if a is b:
                continue
            touching = math.isclose(math.dist((a["x"], a["y"]), (b["x"], b["y"])), size, rel_tol=1e-9)
            assert touching == ((b["q"] - a["q"], b["r"] - a["r"]) in AXIAL_NEIGHBOURS), (a["key"], b["key"])
            assert math.dist((a["x"], a["y"]), (b["x"], b["y"])) >= size * (1 - 1e-9)  # hexes never overlap


@pytest.mark.parametrize(("top", "shift", "lowered"), [("flat", "odd", 1), ("flat", "even", 0), ("pointy", "odd", 1), ("pointy", "even", 0)])
def test_the_shifted_columns_or_rows_are_the_ones_shift_names(top, shift, lowered):
    """Flat-topped: odd (or even) columns sit half a hex lower; pointy-topped: odd (or even) rows sit half a hex right."""
    size = 20.0
    cells, _ = grid(4, 4, size=size, top=top, shift=shift)
    for cell in cells:
        if top == "flat":
            radius = size / math.sqrt(3)
            expected_x = 10 + radius + cell["col"] * 1.5 * radius
            expected_y = 15 + size / 2 + cell["row"] * size + (size / 2 if cell["col"] % 2 == lowered else 0)
        else:
            radius = size / math.sqrt(3)
            expected_x = 10 + size / 2 + cell["col"] * size + (size / 2 if cell["row"] % 2 == lowered else 0)
            expected_y = 15 + radius + cell["row"] * 1.5 * radius
        assert (cell["x"], cell["y"]) == pytest.approx((expected_x, expected_y))


@pytest.mark.parametrize("top", ["flat", "pointy"])
def test_each_hex_is_regular_its_corners_one_radius_from_its_centre_and_its_flats_size_apart(top):
    size = 18.0
    cells, rec = grid(2, 2, size=size, top=top)
    assert len(rec.polygons) == 4
    for cell, corners in zip(cells, rec.polygons, strict=True):
        assert corners == cell["corners"] and len(corners) == 6
        radius = size / math.sqrt(3)
        for corner in corners:
            assert math.dist(corner, (cell["x"], cell["y"])) == pytest.approx(radius)
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        across_flats = (max(ys) - min(ys)) if top == "flat" else (max(xs) - min(xs))
        across_corners = (max(xs) - min(xs)) if top == "flat" else (max(ys) - min(ys))
        assert across_flats == pytest.approx(size) and across_corners == pytest.approx(2 * radius)


def test_the_offset_grid_names_cells_by_column_and_row_from_start():
    cells, _ = grid(3, 2, start=1)
    assert [c["key"] for c in cells] == ["1,1", "2,1", "3,1", "1,2", "2,2", "3,2"]  # row by row
    assert cells.at(3, 2)["col"] == 3 and cells.at(3, 2)["row"] == 2
    with pytest.raises(LayoutError, match=r"no cell 4,1.*1,1 to 3,2"):
        cells.at(4, 1)


@pytest.mark.parametrize(("cols", "rows", "size"), [(0, 3, 10), (3, 0, 10), (101, 100, 10), (3, 3, 0), (3, 3, -1), (True, 3, 10), (2.5, 3, 10)])
def test_a_grid_of_no_cells_too_many_or_no_size_is_refused(cols, rows, size):
    refused = r"(cols|rows) must be a whole number from 1 to 10000, got|a grid holds at most 10,000 cells of a positive size, got"
    with pytest.raises(LayoutError, match=refused):
        grid(cols, rows, size=size)
    with pytest.raises(LayoutError, match=refused):
        squaregrid(Recorder(), 0, 0, cols, rows, size, labels=False)


def test_a_grid_of_exactly_the_most_cells_is_drawn_and_any_positive_size_too():
    assert len(squaregrid(Recorder(), 0, 0, 100, 100, 1, labels=False)) == 10_000
    assert len(hexgrid(Recorder(), 0, 0, 100, 100, 1, labels=False)) == 10_000
    assert hexgrid(Recorder(), 0, 0, 1, 1, 0.5, labels=False)[0]["size"] == 0.5
    assert squaregrid(Recorder(), 0, 0, 1, 1, 0.5, labels=False)[0]["size"] == 0.5


@pytest.mark.parametrize("draw", [hexgrid, squaregrid])
@pytest.mark.parametrize("name", ["x", "y", "size", "cols", "rows", "start"])
def test_a_wrong_value_is_named_by_its_argument(draw, name):
    arguments = {"x": 0, "y": 0, "cols": 2, "rows": 2, "size": 10, name: "big"}
    with pytest.raises(LayoutError) as refused:
        draw(Recorder(), **arguments)
    assert str(refused.value).startswith(name + " "), str(refused.value)


@pytest.mark.parametrize("draw", [hexgrid, squaregrid])
def test_the_grids_fill_and_stroke_reach_every_cell_and_its_defaults_are_the_inks_hairline(draw):
    rec = Recorder()
    draw(rec, 0, 0, 2, 1, 20, fill="sand", stroke="sea", stroke_width=0.8, labels=False)
    assert rec.fills == ["sand", "sand"] and rec.strokes == [("sea", 0.8), ("sea", 0.8)]
    rec = Recorder()
    draw(rec, 0, 0, 1, 1, 20, labels=False)
    assert rec.fills == [None] and rec.strokes == [("ink", 0.3)]


@pytest.mark.parametrize("draw", [hexgrid, squaregrid])
def test_label_and_icon_sizes_given_to_a_grid_reach_its_cells(draw):
    rec = Recorder()
    draw(rec, 0, 0, 1, 1, 30, label_size=7, icon_size=12, cells={"0,0": {"icon": "castle"}})
    assert rec.texts[0]["size"] == 7 and rec.icons[0]["side"] == 12
    assert rec.texts[0]["font"] == "body"  # the game's body font unless the grid names another
    rec = Recorder()
    draw(rec, 0, 0, 1, 1, 30, font="title")
    assert rec.texts[0]["font"] == "title"


def test_a_hex_grids_defaults_are_flat_tops_offset_coordinates_and_odd_columns_lowered():
    cells, _ = grid(2, 1, size=20.0)
    assert "q" not in cells[0] and cells[0]["key"] == "0,0"
    assert cells[1]["y"] - cells[0]["y"] == pytest.approx(10.0)  # column 1 sits half a hex lower
    assert cells[1]["x"] - cells[0]["x"] == pytest.approx(1.5 * 20.0 / math.sqrt(3))  # flat tops: columns 3/4 of a hex apart


@pytest.mark.parametrize(("option", "value"), [("top", "round"), ("coords", "cube"), ("shift", "left"), ("start", 1001), ("start", -1001)])
def test_a_grid_option_outside_its_choices_is_refused_by_its_name(option, value):
    with pytest.raises(LayoutError) as refused:
        grid(2, 2, **{option: value})
    assert str(refused.value).startswith(option + " ")
    if option == "start":
        with pytest.raises(LayoutError) as refused:
            squaregrid(Recorder(), 0, 0, 2, 2, 10, start=value)
        assert str(refused.value).startswith("start ")


@pytest.mark.parametrize("draw", [hexgrid, squaregrid])
@pytest.mark.parametrize("name", ["label_size", "icon_size"])
def test_a_wrong_size_for_labels_or_icons_is_named_by_its_argument(draw, name):
    with pytest.raises(LayoutError) as refused:
        draw(Recorder(), 0, 0, 1, 1, 20, cells={"0,0": {"icon": "castle"}}, **{name: "big"})
    assert str(refused.value).startswith(name + " ")


def test_a_square_grids_cells_tile_the_area_from_its_corner():
    cells = squaregrid(Recorder(), 5, 7, 3, 2, 10, labels=False, start=1)
    assert cells.at(1, 1)["corners"] == [[5, 7], [15, 7], [15, 17], [5, 17]]
    assert (cells.at(3, 2)["col"], cells.at(3, 2)["row"]) == (3, 2)
    assert (cells.at(3, 2)["x"], cells.at(3, 2)["y"]) == (30, 22)
    assert [c["key"] for c in cells][:3] == ["1,1", "2,1", "3,1"]


def test_cell_data_is_found_by_key_or_by_coordinates_in_a_list():
    """A template gives its cells' data as a mapping by key ("2, 3" as well as "2,3") or as a list of mappings that say
    their own coordinates (col and row, or q and r on an axial hex grid); a list entry without both is refused."""
    rec = Recorder()
    squaregrid(rec, 0, 0, 3, 4, 10, labels=False, cells={"2, 3": {"fill": "sea"}})
    assert rec.fills == [None] * 11 + ["sea"]  # the last of 3 × 4 cells, row by row
    rec = Recorder()
    hexgrid(rec, 0, 0, 3, 3, 10, coords="axial", labels=False, cells=[{"q": 2, "r": 0, "fill": "sea"}])
    col, row = offset_of_axial(2, 0, flat=True, odd=True)  # (2, 1): flat tops, odd columns lowered
    assert rec.fills == [None] * (3 * row + col) + ["sea"] + [None] * (8 - 3 * row - col)
    rec = Recorder()
    squaregrid(rec, 0, 0, 1, 3, 10, labels=False, cells=[{"col": 0, "row": 2, "fill": "sand"}])
    assert rec.fills == [None, None, "sand"]
    rec = Recorder()
    squaregrid(rec, 0, 0, 2, 1, 10, labels=False, cells=None)
    assert rec.fills == [None, None]
    for refused in ([{"fill": "sea"}], [{"col": 1, "fill": "sea"}], [{"r": 1}]):  # half a coordinate is none
        with pytest.raises(LayoutError, match="col and row"):
            squaregrid(Recorder(), 0, 0, 2, 2, 10, cells=refused)
    with pytest.raises(LayoutError, match="mapping"):
        squaregrid(Recorder(), 0, 0, 2, 2, 10, cells=[1, 2])

def test_a_cells_label_is_its_coordinates_centred_on_it_in_ink_that_reads_on_its_fill():
    rec = Recorder()
    cells = hexgrid(rec, 0, 0, 2, 1, 20, cells={"1,0": {"fill": "sea"}})
    assert [t["text"] for t in rec.texts] == ["0,0", "1,0"]
    assert rec.fills == [None, "sea"]
    for cell, label in zip(cells, rec.texts, strict=True):
        assert label["x"] + label["w"] / 2 == pytest.approx(cell["x"]) and label["y"] + label["h"] / 2 == pytest.approx(cell["y"])
        assert label["w"] < cell["size"]  # inside the hex's flats
    assert rec.texts[0]["color"] == "#222222"  # the game's ink on paper
    assert rec.texts[1]["color"] == "#ffffff"  # white on the dark sea: dark ink would not read there


def test_a_grid_without_an_ink_colour_labels_in_black_and_a_cells_own_colour_wins():
    rec = Recorder(ink=False)
    squaregrid(rec, 0, 0, 2, 1, 20, cells={"1,0": {"color": "#ff0000"}})
    assert [t["color"] for t in rec.texts] == ["#000000", "#ff0000"]


def test_labels_off_draw_no_text_but_a_cells_own_label_still_prints():
    rec = Recorder()
    squaregrid(rec, 0, 0, 3, 1, 20, labels=False, cells=[{"col": 2, "row": 0, "label": "Home"}])
    assert [t["text"] for t in rec.texts] == ["Home"]
    rec = Recorder()
    squaregrid(rec, 0, 0, 1, 1, 20, cells={"0,0": {"label": ""}})
    assert rec.texts == []


def test_a_cells_icon_is_centred_across_it_with_its_label_below_and_both_scale_with_the_cell():
    rec = Recorder()
    cell = squaregrid(rec, 0, 0, 1, 1, 30, cells={"0,0": {"icon": "castle"}})[0]
    icon, label = rec.icons[0], rec.texts[0]
    assert icon["name"] == "castle" and icon["x"] + icon["side"] / 2 == pytest.approx(cell["x"])
    assert 0 < icon["side"] < 30 and label["y"] >= icon["y"] + icon["side"] - 1e-9  # the label under the icon
    assert icon["y"] < cell["y"] < label["y"] + label["h"]  # the pair straddles the centre
    assert icon["y"] >= 0 and label["y"] + label["h"] <= 30  # and stays in the cell
    small = Recorder()
    squaregrid(small, 0, 0, 1, 1, 15, cells={"0,0": {"icon": "castle"}})
    assert small.icons[0]["side"] == pytest.approx(icon["side"] / 2) and small.texts[0]["size"] < label["size"]


def test_an_icon_alone_sits_on_the_cells_centre_and_sizes_given_are_kept():
    rec = Recorder()
    cell = squaregrid(rec, 0, 0, 1, 1, 30, labels=False, cells={"0,0": {"icon": "castle"}}, icon_size=12)[0]
    assert rec.texts == [] and rec.icons[0]["side"] == 12
    assert (rec.icons[0]["x"] + 6, rec.icons[0]["y"] + 6) == pytest.approx((cell["x"], cell["y"]))
    rec = Recorder()
    squaregrid(rec, 0, 0, 1, 1, 30, label_size=7)
    assert rec.texts[0]["size"] == 7


def test_a_label_is_centred_both_ways_and_condensed_to_fit_its_box_rather_than_overflowing_it():
    rec = Recorder()
    squaregrid(rec, 0, 0, 1, 1, 20, cells={"0,0": {"label": "a long name for a small square"}})
    label = rec.texts[0]
    assert (label["align"], label["valign"], label["condense"]) == ("center", "middle", True)
    assert 0 < label["min_size"] <= label["size"] and label["min_size"] <= 3  # it may shrink to small print, no further
    assert label["h"] == pytest.approx(label["size"] / 72 * 25.4 * 1.3)  # one line of the label's size, with leading
    assert rec.polygon_options == {"cell": True}  # a map cell: a board's tile seams run between cells where they can


def test_an_icons_own_colour_is_kept_and_the_label_under_it_clears_it():
    rec = Recorder()
    cell = squaregrid(rec, 0, 0, 1, 1, 30, cells={"0,0": {"icon": "castle", "color": "#ff0000"}})[0]
    icon, label = rec.icons[0], rec.texts[0]
    assert icon["color"] == "#ff0000" and label["color"] == "#ff0000"
    line = label["size"] / 72 * 25.4
    assert icon["y"] == pytest.approx(cell["y"] - icon["side"] / 2 - 0.6 * line)  # raised by about half a label line
    assert label["y"] == pytest.approx(icon["y"] + icon["side"])


def test_cell_data_that_is_not_a_mapping_draws_the_plain_cell():
    rec = Recorder()
    squaregrid(rec, 0, 0, 1, 1, 20, fill="sand", cells={"0,0": "sea"})
    assert rec.fills == ["sand"] and [t["text"] for t in rec.texts] == ["0,0"]


def test_a_grid_may_reach_its_limits_exactly():
    assert len(squaregrid(Recorder(), 0, 0, 10_000, 1, 1, labels=False)) == 10_000
    assert squaregrid(Recorder(), 0, 0, 1, 1, 1, labels=False, start=1000)[0]["key"] == "1000,1000"
    assert squaregrid(Recorder(), 0, 0, 1, 1, 1, labels=False, start=-1000)[0]["key"] == "-1000,-1000"


def test_a_tiny_cells_label_keeps_a_floor_size():
    rec = Recorder()
    squaregrid(rec, 0, 0, 1, 1, 2)
    assert rec.texts[0]["size"] == 4  # a label never shrinks below 4 pt however small its cell


# The path rule (pnp.core.files.inside): a file a game names is read only when its real path, every link followed,
# lies inside the project (and the folder named for its kind). ---------------------------------------------------


@pytest.fixture
def tree(tmp_path):
    """A project beside a folder whose name begins with the project's own, and a secret outside both."""
    tmp_path = Path(os.path.realpath(tmp_path))
    project = tmp_path / "game"
    (project / "decks").mkdir(parents=True)
    (project / "decks" / "cards.yaml").write_text("cards: []\n")
    (tmp_path / "game-evil").mkdir()
    (tmp_path / "game-evil" / "cards.yaml").write_text("stolen\n")
    (tmp_path / "secret.txt").write_text("secret\n")
    return project


def test_a_file_inside_is_read_by_its_real_path(tree):
    from pnp.core.files import inside
    assert inside(tree / "decks" / "cards.yaml", tree) == Path(os.path.realpath(tree / "decks" / "cards.yaml"))
    assert inside(tree / "decks" / ".." / "decks" / "cards.yaml", tree, tree / "decks") == tree / "decks" / "cards.yaml"
    assert inside(tree, tree) == tree  # the folder itself
    assert inside(tree / "decks" / "missing.yaml", tree) == tree / "decks" / "missing.yaml"  # its reader says it is missing


def test_a_folder_whose_name_begins_with_the_projects_is_outside_it(tree):
    from pnp.core.files import LeavesFolder, inside, stays_inside
    evil = tree / ".." / "game-evil" / "cards.yaml"
    with pytest.raises(LeavesFolder) as refused:
        inside(evil, tree)
    assert "is outside" in refused.value.advice("../game-evil/cards.yaml", "the project")
    assert not stays_inside(evil, tree)
    assert not stays_inside(tree.parent, tree)


def test_a_link_leading_out_is_refused_and_one_staying_in_is_followed(tree):
    from pnp.core.files import LeavesFolder, inside
    (tree / "decks" / "out.yaml").symlink_to(tree.parent / "secret.txt")
    (tree / "decks" / "in.yaml").symlink_to(tree / "decks" / "cards.yaml")
    (tree / "linked").symlink_to(tree.parent / "game-evil")
    with pytest.raises(LeavesFolder) as refused:
        inside(tree / "decks" / "out.yaml", tree)
    assert "is a link" in refused.value.advice("decks/out.yaml", "the project")
    with pytest.raises(LeavesFolder):
        inside(tree / "linked" / "cards.yaml", tree)  # a linked folder as well as a linked file
    assert inside(tree / "decks" / "in.yaml", tree) == tree / "decks" / "cards.yaml"


def test_a_path_must_stay_inside_every_folder_it_is_checked_against(tree):
    from pnp.core.files import LeavesFolder, inside
    (tree / "templates").mkdir()
    (tree / "templates" / "front.j2").write_text("x")
    with pytest.raises(LeavesFolder) as refused:
        inside(tree / "templates" / "front.j2", tree, tree / "decks")
    assert refused.value.folder == tree / "decks"


def test_a_named_pipe_is_refused_by_its_kind_before_it_is_opened(tree):
    from pnp.core.files import SpecialFile, inside, open_plain, stays_inside
    os.mkfifo(tree / "decks" / "pipe.yaml")
    with pytest.raises(SpecialFile, match="a named pipe"):
        inside(tree / "decks" / "pipe.yaml", tree)
    with pytest.raises(SpecialFile):
        open_plain(tree / "decks" / "pipe.yaml")
    assert not stays_inside(tree / "decks" / "pipe.yaml", tree)
    with open_plain(tree / "decks" / "cards.yaml") as f:
        assert f.read() == b"cards: []\n"


PARTS = st.sampled_from(["decks", "cards.yaml", "..", ".", "out", "in", "up", "missing"])


@settings(max_examples=60)
@given(parts=st.lists(PARTS, min_size=1, max_size=6))
def test_any_path_the_rule_admits_lies_inside_the_project_and_any_it_refuses_does_not(tmp_path_factory, parts):
    """Paths built from names, '..', and links that lead out, stay in, or climb to the parent: the rule admits exactly
    those whose real path is the project or lies under it."""
    from pnp.core.files import LeavesFolder, inside
    root = Path(os.path.realpath(tmp_path_factory.mktemp("rule")))
    project = root / "game"
    (project / "decks").mkdir(parents=True)
    (project / "decks" / "cards.yaml").write_text("x")
    (root / "game-x").mkdir()
    (project / "decks" / "out").symlink_to(root / "game-x")
    (project / "decks" / "in").symlink_to(project)
    (project / "decks" / "up").symlink_to("..")
    path = project / "decks" / Path(*parts)
    real = os.path.realpath(path)
    truly_inside = real == str(project) or real.startswith(str(project) + os.sep)
    try:
        admitted = inside(path, project)
    except LeavesFolder:
        assert not truly_inside, path
    else:
        assert truly_inside and str(admitted) == real, path


def test_ignored_names_are_the_editors_and_the_systems_files():
    from pnp.core.files import ignored_name
    for name in (".DS_Store", "._deck.yaml", ".#deck.yaml", "~$book.xlsx", "deck.yaml~", "#deck.yaml#"):
        assert ignored_name(name), name
    for name in ("deck.yaml", "#", "a#", "#tag.yaml", "deck~s.yaml"):
        assert not ignored_name(name), name


def test_a_long_file_name_is_cut_to_fit_and_stays_distinct_and_the_same():
    from pnp.core.files import file_name
    assert file_name("deck", ".pdf") == "deck.pdf"
    long_a, long_b = "é" * 150 + "a", "é" * 150 + "b"
    named = file_name(long_a, ".pdf")
    assert len(named.encode("utf-8")) <= 200 and named.endswith(".pdf") and named.startswith("é" * 10)
    assert named == file_name(long_a, ".pdf") != file_name(long_b, ".pdf")
    exact = "x" * 196
    assert file_name(exact, ".pdf") == exact + ".pdf"  # 200 bytes: fits whole
    assert file_name(exact + "y", ".pdf") != exact + "y.pdf"


def test_nothing_is_written_through_a_linked_folder(tree):
    from pnp.core.files import LinkedFolder, folder_to_write, remove_file, write_atomic
    (tree / "output").symlink_to(tree.parent / "game-evil")
    with pytest.raises(LinkedFolder):
        write_atomic(tree / "output" / "cards.yaml", b"overwritten")
    with pytest.raises(LinkedFolder):
        folder_to_write(tree / "output" / "new" / "deeper")
    assert not (tree.parent / "game-evil" / "new").exists()
    with pytest.raises(LinkedFolder):
        remove_file(tree / "output" / "cards.yaml")
    assert (tree.parent / "game-evil" / "cards.yaml").read_text() == "stolen\n"


def test_a_write_replaces_a_link_at_the_target_and_leaves_what_it_pointed_to(tree):
    from pnp.core.files import remove_file, write_atomic
    target = tree / "decks" / "written.pdf"
    target.symlink_to(tree.parent / "secret.txt")
    write_atomic(target, b"new")
    assert not target.is_symlink() and target.read_bytes() == b"new"
    assert (tree.parent / "secret.txt").read_text() == "secret\n"
    assert [p.name for p in (tree / "decks").iterdir() if p.name.endswith(".tmp")] == []  # no temporary left
    (tree / "decks" / "gone").symlink_to(tree.parent / "secret.txt")
    assert remove_file(tree / "decks" / "gone") and (tree.parent / "secret.txt").exists()
    assert not remove_file(tree / "decks" / "gone")


# The cache seal (pnp.core.sealed): an entry is read back only when this user's key sealed exactly its bytes. ------


@pytest.fixture
def own_key(tmp_path, monkeypatch):
    """A key file of this test's own: a name no earlier session in this process used (pnp reads each key file once per
    process, and a mutation run holds several sessions whose temporary folders may repeat)."""
    key = tmp_path / f"key-{os.urandom(6).hex()}" / "cache-key"
    monkeypatch.setenv("PNP_CACHE_KEY", str(key))
    return key


@settings(max_examples=40)
@given(data=st.binary(max_size=300), where=st.integers(min_value=0), bit=st.integers(0, 7))
def test_a_sealed_entry_reads_back_and_any_byte_changed_anywhere_in_it_unseals_nothing(tmp_path_factory, data, where, bit):
    import pnp.core.sealed as sealed
    os.environ["PNP_CACHE_KEY"] = str(tmp_path_factory.mktemp("k") / f"key-{os.urandom(6).hex()}")
    try:
        entry = sealed.seal(data)
        assert sealed.unseal(entry) == data
        changed = bytearray(entry)
        changed[where % len(entry)] ^= 1 << bit  # the header (magic, length, both MACs) or the bytes
        assert sealed.unseal(bytes(changed)) is None
        assert sealed.unseal(entry[:-1]) is None and sealed.unseal(entry + b"\0") is None
    finally:
        del os.environ["PNP_CACHE_KEY"]


def test_another_users_entry_unseals_nothing(own_key, tmp_path, monkeypatch):
    from pnp.core.sealed import seal, unseal
    mine = seal(b"faces")
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / f"other-{os.urandom(6).hex()}" / "cache-key"))
    assert unseal(mine) is None
    assert unseal(seal(b"faces")) == b"faces"
    assert unseal(b"") is None and unseal(b"pnp-seal2") is None


def test_a_streamed_entry_is_the_same_bytes_as_a_sealed_one(own_key, tmp_path):
    from pnp.core.files import write_atomic_with
    from pnp.core.sealed import read_sealed, seal, sealing
    chunks = [b"abc", memoryview(b"defgh"), bytearray(b"ij")]
    write_atomic_with(tmp_path / "entry", sealing(lambda f: [f.write(c) for c in chunks]))
    assert (tmp_path / "entry").read_bytes() == seal(b"abcdefghij")
    assert read_sealed(tmp_path / "entry") == b"abcdefghij"
    (tmp_path / "entry").write_bytes(seal(b"abcdefghij") + b"more")
    assert read_sealed(tmp_path / "entry") is None  # bytes after the entry: not the entry sealed


NO_KEY = "no key to seal the build cache with could be kept"


def _validate_with_key(project: Path, key: Path, monkeypatch) -> str:
    """What `pnp validate` prints with PNP_CACHE_KEY naming `key` (each test names a key no earlier command read: a
    process reads each key file once)."""
    from conftest import run_pnp

    monkeypatch.setenv("PNP_CACHE_KEY", str(key))
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0, result.output
    return result.output


def _fresh(folder: Path) -> Path:
    """A folder of a name no earlier test used, for a key of its own."""
    made = folder / os.urandom(6).hex()
    made.mkdir()
    return made


def _kept_key(path: Path, data: bytes = b"k" * 32, mode: int = 0o600) -> Path:
    path.write_bytes(data)
    path.chmod(mode)
    return path


def test_the_key_is_made_for_the_user_alone_and_one_others_may_read_is_not_used(project, tmp_path, monkeypatch):
    """The first command makes the key, 32 random bytes only the user may read, and seals with it silently; a key file
    others may read, or of the wrong length, is not used and left as it is: the command seals with a key of its own
    and says once why, naming the file and what to do."""
    made = _fresh(tmp_path) / "cache-key"
    assert NO_KEY not in _validate_with_key(project, made, monkeypatch)
    assert len(made.read_bytes()) == 32 and stat_mode(made) == 0o600
    readable = _kept_key(_fresh(tmp_path) / "cache-key", mode=0o640)
    said = _validate_with_key(project, readable, monkeypatch)
    assert said.count(NO_KEY) == 1 and f"{readable}: others may read it: make it readable by you alone (chmod 600)" in said, said
    assert readable.read_bytes() == b"k" * 32 and stat_mode(readable) == 0o640
    short = _kept_key(_fresh(tmp_path) / "cache-key", b"short")
    said = _validate_with_key(project, short, monkeypatch)
    assert said.count(NO_KEY) == 1 and f"{short}: holds 5 bytes, not 32: remove it, and pnp makes a new one" in said, said
    assert short.read_bytes() == b"short"


def stat_mode(path: Path) -> int:
    import stat as stat_module

    return stat_module.S_IMODE(path.stat().st_mode)


def test_a_key_that_is_a_link_or_cannot_be_kept_gives_a_key_for_this_process_alone(project, tmp_path, monkeypatch):
    """A key file that is a link is never followed, even to a good key; a key that cannot be made is none: either way
    the command says so once and seals with a key of its own."""
    folder = _fresh(tmp_path)
    real = _kept_key(folder / "real-key")
    (folder / "linked-key").symlink_to(real)
    said = _validate_with_key(project, folder / "linked-key", monkeypatch)
    assert said.count(NO_KEY) == 1 and f"({folder / 'linked-key'}: " in said, said
    assert real.read_bytes() == b"k" * 32
    (folder / "ro").mkdir(mode=0o500)
    if os.geteuid() != 0:  # root writes anywhere
        said = _validate_with_key(project, folder / "ro" / "sub" / "key", monkeypatch)
        assert said.count(NO_KEY) == 1 and f"({folder / 'ro' / 'sub' / 'key'}: Permission denied)" in said, said

def test_an_entry_behind_a_link_or_in_a_linked_folder_or_a_pipe_is_not_read(own_key, tmp_path):
    from pnp.core.sealed import read_sealed, seal
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "entry").write_bytes(seal(b"x"))
    assert read_sealed(tmp_path / "cache" / "entry") == b"x"
    (tmp_path / "cache" / "link").symlink_to(tmp_path / "cache" / "entry")
    (tmp_path / "linked").symlink_to(tmp_path / "cache")
    os.mkfifo(tmp_path / "cache" / "pipe")
    (tmp_path / "cache" / "folder").mkdir()
    for refused in ("cache/link", "linked/entry", "cache/pipe", "cache/folder"):
        with pytest.raises(OSError):
            read_sealed(tmp_path / refused)
    (tmp_path / "cache" / "plain").write_bytes(b"not sealed at all, and long enough to hold a header of its own" * 2)
    assert read_sealed(tmp_path / "cache" / "plain") is None


def test_the_key_file_is_the_one_named_else_in_the_users_cache_folder_following_the_environment(tmp_path, monkeypatch):
    from pnp.core.sealed import current_key, key_file
    monkeypatch.delenv("PNP_CACHE_KEY", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert key_file() == tmp_path / "xdg" / "pnp" / "cache-key"
    assert current_key().kept_at == tmp_path / "xdg" / "pnp" / "cache-key"
    monkeypatch.delenv("XDG_CACHE_HOME")
    for home in ("home-a", "home-b"):  # a process whose HOME changes follows it (the lookup is kept per environment)
        monkeypatch.setenv("HOME", str(tmp_path / home))
        assert key_file() == tmp_path / home / ".cache" / "pnp" / "cache-key"
        assert current_key().kept_at == tmp_path / home / ".cache" / "pnp" / "cache-key"
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / "named"))
    assert key_file() == tmp_path / "named" and current_key().kept_at == tmp_path / "named"


def test_the_keys_folder_is_made_private_whether_new_or_already_there(project, tmp_path, monkeypatch):
    deep = _fresh(tmp_path) / "cache" / "pnp" / "cache-key"  # folders missing above it
    assert NO_KEY not in _validate_with_key(project, deep, monkeypatch)
    assert deep.is_file() and stat_mode(deep.parent) == 0o700 & ~_umask()
    there = _fresh(tmp_path)  # the user's cache folder, made by another program
    assert NO_KEY not in _validate_with_key(project, there / "cache-key", monkeypatch)
    assert (there / "cache-key").is_file()

def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_key_made_by_another_process_meanwhile_is_the_one_used(tmp_path, monkeypatch):
    from pnp.core import sealed
    path = tmp_path / os.urandom(6).hex() / "cache-key"
    theirs = b"t" * 32
    real_link = os.link

    def raced(source, target):  # another process links its key first
        target_path = Path(target)
        target_path.write_bytes(theirs)
        target_path.chmod(0o600)
        return real_link(source, target)

    monkeypatch.setattr(sealed.os, "link", raced)
    monkeypatch.setenv("PNP_CACHE_KEY", str(path))
    key = sealed.current_key()
    assert key.secret == theirs and key.kept_at == path and not key.unkept
    assert [p.name for p in path.parent.iterdir()] == ["cache-key"]  # its own attempt removed

def test_a_link_planted_at_the_new_keys_temporary_name_is_not_written_through(tmp_path, monkeypatch):
    from pnp.core import sealed
    path = tmp_path / os.urandom(6).hex() / "cache-key"
    path.parent.mkdir()
    victim = tmp_path / "victim"
    victim.write_bytes(b"mine\n")
    monkeypatch.setattr(sealed.os, "urandom", lambda n: b"\x01" * n)
    monkeypatch.setattr(sealed.os, "getpid", lambda: 4242)
    (path.parent / ".cache-key.4242.01010101").symlink_to(victim)  # the name four bytes of 1 give
    monkeypatch.setenv("PNP_CACHE_KEY", str(path))
    key = sealed.current_key()
    assert victim.read_bytes() == b"mine\n"
    assert key.kept_at is None and key.unkept  # this process makes a key of its own and says why

def test_a_key_file_that_is_not_a_plain_file_of_the_users_is_refused(project, tmp_path, monkeypatch):
    pipe = _fresh(tmp_path) / "pipe-key"
    os.mkfifo(pipe, 0o600)
    said = _validate_with_key(project, pipe, monkeypatch)
    assert said.count(NO_KEY) == 1 and f"({pipe}: not a file of this user's)" in said, said
    if os.geteuid() == 0:  # only root can give a file away
        theirs = _kept_key(_fresh(tmp_path) / "their-key")
        os.chown(theirs, 12345, 12345)
        said = _validate_with_key(project, theirs, monkeypatch)
        assert said.count(NO_KEY) == 1 and f"({theirs}: not a file of this user's)" in said, said

def test_what_is_unsealed_is_bytes(own_key):
    from pnp.core.sealed import seal, unseal
    assert type(unseal(seal(b"abc"))) is bytes and type(unseal(bytearray(seal(b"abc")))) is bytes


def test_an_entry_refused_by_where_it_lies_says_why_and_names_it(own_key, tmp_path):
    import errno

    from pnp.core.sealed import read_sealed, seal
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "entry").write_bytes(seal(b"x"))
    (tmp_path / "linked").symlink_to(tmp_path / "cache")
    with pytest.raises(OSError) as refused:
        read_sealed(tmp_path / "linked" / "entry")
    assert (refused.value.errno, refused.value.strerror, refused.value.filename) == \
        (errno.ELOOP, "lies in a linked folder: not read", str(tmp_path / "linked" / "entry"))
    (tmp_path / "cache" / "folder").mkdir()
    with pytest.raises(OSError) as refused:
        read_sealed(tmp_path / "cache" / "folder")
    assert (refused.value.errno, refused.value.strerror, refused.value.filename) == \
        (errno.EINVAL, "not a plain file: not read", str(tmp_path / "cache" / "folder"))


def test_every_bit_of_a_sealed_entry_is_covered_by_its_seal(own_key):
    """Its magic, its length, the length's MAC, the bytes' MAC and the bytes: any one bit changed unseals nothing."""
    from pnp.core.sealed import seal, unseal
    entry = seal(b"faces")
    for where in range(len(entry)):
        for bit in range(8):
            changed = bytearray(entry)
            changed[where] ^= 1 << bit
            assert unseal(bytes(changed)) is None, (where, bit)


# The path rule's and the writes' survivors of bench/mutation.py's first run on pnp/core/files.py ----------------------


def test_a_file_name_that_fits_is_kept_whole_and_a_long_one_is_cut_to_the_byte_with_twelve_hex_digits():
    import hashlib

    from pnp.core.files import file_name
    assert file_name("deck") == "deck"
    stem = "a" * 300
    named = file_name(stem, ".pdf")
    digest = hashlib.sha256(stem.encode("utf-8")).hexdigest()[:12]
    assert len(named.encode("utf-8")) == 200 and named.endswith(f"-{digest}.pdf")  # as much of the stem as fits
    assert file_name(stem, "x" * 195) == f"-{digest}" + "x" * 195  # a suffix leaving no room keeps none of the stem


def test_a_folder_to_write_is_made_with_the_folders_above_it_or_left_alone_when_asked(tmp_path):
    from pnp.core.files import folder_to_write, write_atomic
    root = Path(os.path.realpath(tmp_path))
    assert folder_to_write(root / "a" / "b") == root / "a" / "b" and (root / "a" / "b").is_dir()
    assert folder_to_write(root / "c" / "d", make=False) == root / "c" / "d" and not (root / "c").exists()
    assert folder_to_write(root / "a") == root / "a"  # there already
    write_atomic(root / "out" / "game" / "cards.pdf", b"%PDF")
    assert (root / "out" / "game" / "cards.pdf").read_bytes() == b"%PDF"


def test_a_folder_that_turns_into_a_link_as_it_is_made_is_refused(tmp_path, monkeypatch):
    from pnp.core import files
    root = Path(os.path.realpath(tmp_path))
    (root / "elsewhere").mkdir()
    monkeypatch.setattr(files.os, "makedirs", lambda path, exist_ok=False: os.symlink(root / "elsewhere", path))
    with pytest.raises(files.LinkedFolder) as refused:
        files.folder_to_write(root / "made")
    assert refused.value.path == root / "made"


def test_the_filesystems_root_holds_every_path_and_a_path_inside_stays_inside(tree):
    from pnp.core.files import ignored_name, inside, stays_inside
    assert inside(tree / "decks" / "cards.yaml", "/") == tree / "decks" / "cards.yaml"
    assert stays_inside(tree / "decks" / "cards.yaml", tree)
    assert ignored_name("##")  # between '#'s, with nothing between


def test_a_file_swapped_for_a_pipe_between_the_look_and_the_open_is_refused_and_closed(tree, monkeypatch):
    from pnp.core import files
    pipe = tree / "decks" / "swapped.yaml"
    os.mkfifo(pipe)
    plain = os.stat(tree / "decks" / "cards.yaml")
    real_stat = os.stat
    monkeypatch.setattr(files.os, "stat", lambda path, *a, **k: plain if Path(path) == pipe else real_stat(path, *a, **k))
    opened, closed = [], []
    real_open, real_close = os.open, os.close
    monkeypatch.setattr(files.os, "open", lambda *a, **k: opened.append(real_open(*a, **k)) or opened[-1])
    monkeypatch.setattr(files.os, "close", lambda fd: (closed.append(fd), real_close(fd))[1])
    with pytest.raises(files.SpecialFile) as refused:
        files.open_plain(pipe)
    monkeypatch.undo()
    assert refused.value.path == pipe and refused.value.kind == "a named pipe" and "a named pipe" in str(refused.value)
    assert len(opened) == 1 and closed == opened  # its descriptor closed


def test_a_pipe_is_refused_by_name_and_kind(tree):
    from pnp.core.files import SpecialFile, open_plain
    os.mkfifo(tree / "decks" / "pipe.yaml")
    with pytest.raises(SpecialFile, match="is a named pipe, not a file"):
        open_plain(tree / "decks" / "pipe.yaml")


def test_a_write_waits_for_the_disk_unless_asked_not_to(tree, monkeypatch):
    from pnp.core import files
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(files.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    files.write_atomic(tree / "decks" / "a.pdf", b"a")
    assert len(synced) == 1
    files.write_atomic(tree / "decks" / "b.pdf", b"b", durable=False)
    assert len(synced) == 1


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), OSError("the disk went away"), ValueError("a bug")])
def test_a_failed_write_leaves_no_temporary_and_names_the_file_it_could_not_write(tree, failure):
    from pnp.core.files import write_atomic_with

    def write(f):
        f.write(b"half")
        raise failure

    target = tree / "decks" / "cards.pdf"
    with pytest.raises(type(failure)) as raised:
        write_atomic_with(target, write)
    assert sorted(p.name for p in (tree / "decks").iterdir()) == ["cards.yaml"]  # nothing half-written, no temporary
    if isinstance(failure, OSError):
        assert raised.value.filename == str(target) and raised.value.errno == failure.errno
        assert raised.value.strerror == (failure.strerror or str(failure))


def test_an_atomic_write_reaches_the_disk_before_its_rename_unless_told_not_to(tmp_path, monkeypatch):
    """A crash must leave the old file or the whole new one: the new bytes are synced to the disk before the rename
    puts them in place; a cache entry asks for no wait (durable=False)."""
    import pnp.core.files as files

    steps = []
    monkeypatch.setattr(files.os, "fsync", lambda fd: steps.append("fsync"))
    real_replace = os.replace
    monkeypatch.setattr(files.os, "replace", lambda a, b: (steps.append("replace"), real_replace(a, b)))
    target = tmp_path / "out.pdf"
    files.write_atomic_with(target, lambda f: f.write(b"new"))
    assert steps == ["fsync", "replace"] and target.read_bytes() == b"new"
    steps.clear()
    files.write_atomic_with(target, lambda f: f.write(b"kept"), durable=False)
    assert steps == ["replace"] and target.read_bytes() == b"kept"


@pytest.mark.parametrize("error", [ValueError("the writer failed"), OSError(28, "No space left on device")])
def test_a_failed_atomic_write_says_its_own_error_though_its_temporary_is_already_gone(tmp_path, error):
    """The writer fails after its temporary file was removed (a cleaner, a full disk): the error said is the writer's,
    the target named when the write named no file, and nothing is left in the folder."""
    from pnp.core.files import write_atomic_with

    target = tmp_path / "out.pdf"

    def write(f):
        for temporary in tmp_path.iterdir():
            temporary.unlink()
        raise error

    with pytest.raises(type(error)) as raised:
        write_atomic_with(target, write)
    if isinstance(error, OSError):
        assert raised.value.errno == 28 and raised.value.filename == os.fspath(target)
    else:
        assert raised.value is error
    assert list(tmp_path.iterdir()) == []
