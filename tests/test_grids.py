"""Hex and square grids (pnp.layout.grids, `hexgrid` and `squaregrid` as a template calls them): each cell's offset and
axial coordinates, its centre, corners and key, the shifted columns or rows, the grid's bounds and refusals, and what a
cell draws (its fill and stroke, its label centred in ink that reads on its fill, its icon). Expected values come from
the rules the code follows (Red Blob Games' hex grids), never from the code under test."""
from __future__ import annotations

import math
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


def test_a_grids_yes_or_empty_count_is_quoted_as_a_designers_data_writes_it():
    """A count from a card's `cols: true` or an empty `rows:` is said as the YAML writes it, not as Python's True or None."""
    with pytest.raises(LayoutError, match=r"^cols must be a whole number from 1 to 10000, got true$"):
        squaregrid(Recorder(), 0, 0, True, 3, 10, labels=False)
    with pytest.raises(LayoutError, match=r"^rows must be a whole number from 1 to 10000, got nothing$"):
        squaregrid(Recorder(), 0, 0, 3, None, 10, labels=False)


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


def test_a_hexs_label_is_set_at_9_pt_on_a_20_mm_hex():
    """docs/layouts.md: a label's type size is 0.45 pt per mm of the cell's size across, so a 20 mm hex's
    coordinates print at 9 pt (and a 30 mm square's at 13.5 pt)."""
    rec = Recorder()
    hexgrid(rec, 0, 0, 1, 1, 20)
    squaregrid(rec, 0, 0, 1, 1, 30)
    assert [label["size"] for label in rec.texts] == pytest.approx([9, 13.5])


def test_a_cells_icon_is_half_the_cell_across():
    """docs/layouts.md: an icon's side is half the cell unless `icon_size` says: 15 mm in a 30 mm square, 10 mm in a 20 mm hex."""
    rec = Recorder()
    squaregrid(rec, 0, 0, 1, 1, 30, labels=False, cells={"0,0": {"icon": "castle"}})
    hexgrid(rec, 0, 0, 1, 1, 20, labels=False, cells={"0,0": {"icon": "castle"}})
    assert [icon["side"] for icon in rec.icons] == pytest.approx([15, 10])
