"""The editor's guards and history, pinned in the test process: which files an edit may write (a template under
templates/, by the path rule), that it never overwrites a file changed on disk since the page was shown, and says which
holds when it refuses (the file changed on disk, or the page shows an older drawing than the file); that undo takes
back the last edit first, redo the last undone, an undo of two files writes neither when one changed, and a new edit
empties the redo list; how a drag maps an element's arguments, and that an element inside a turned group is shown but
not dragged. No server: pnp.serve.editor's Editor with a project of two folders."""
from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest

from pnp.layout import call_source
from pnp.layout.drawing import DrawnBy
from pnp.layout.elements import Circle, Group, Line, Polygon, Qr, Rect
from pnp.serve.editing import Placed, Refusal, digest_of, moved, placed_elements, plan, template_source
from pnp.serve.editor import UNDO_DEPTH, Edit, Editor, History, Written, write_back


class Project:
    """What the editor asks of a project: its folder and its templates' folder."""

    def __init__(self, root: Path):
        self.root = root
        self.templates_dir = root / "templates"

    def rel(self, path: Path) -> str:
        return os.path.relpath(path, self.root)


@pytest.fixture
def project(tmp_path):
    root = Path(os.path.realpath(tmp_path)) / "game"
    (root / "templates" / "tiny").mkdir(parents=True)
    (root / "templates" / "tiny" / "front.j2").write_bytes(b"{{ rect(x=1, y=2, w=3, h=4) }}\n")
    (root / "data").mkdir()
    (root / "data" / "cards.yaml").write_bytes(b"cards: []\n")
    (tmp_path / "outside.j2").write_bytes(b"theirs\n")
    return Project(root)


def test_an_edit_may_read_a_template_under_templates_and_nothing_else(project):
    source = template_source(project, "templates/tiny/front.j2")
    assert source.data == b"{{ rect(x=1, y=2, w=3, h=4) }}\n" and source.digest == digest_of(source.data)
    assert source.path == project.templates_dir / "tiny" / "front.j2"
    for rel in ("data/cards.yaml", "../outside.j2", "templates/../data/cards.yaml"):
        with pytest.raises(Refusal) as refused:
            template_source(project, rel)
        assert refused.value.status == 403 and refused.value.message.startswith("not written: "), rel
    (project.templates_dir / "linked.j2").symlink_to(project.root.parent / "outside.j2")
    with pytest.raises(Refusal) as refused:
        template_source(project, "templates/linked.j2")
    assert refused.value.status == 403 and "link" in refused.value.message
    with pytest.raises(Refusal) as refused:
        template_source(project, "templates/tiny/missing.j2")
    assert refused.value.status == 404


def test_a_file_changed_on_disk_since_it_was_shown_is_not_overwritten(project):
    path = project.templates_dir / "tiny" / "front.j2"
    source = template_source(project, "templates/tiny/front.j2")
    path.write_bytes(b"changed by hand\n")
    with pytest.raises(Refusal) as refused:
        write_back(source, b"the edit\n", source.data, "written")
    assert refused.value.status == 409 and "changed on disk" in refused.value.message
    assert path.read_bytes() == b"changed by hand\n"
    write_back(source, b"the edit\n", b"changed by hand\n", "written")
    assert path.read_bytes() == b"the edit\n"


def edited(project, before: bytes, after: bytes) -> Editor:
    """An editor whose history holds one edit of front.j2 from `before` to `after`, the file holding `after`."""
    path = project.templates_dir / "tiny" / "front.j2"
    path.write_bytes(after)
    editor = Editor(project, lambda: None)
    editor.history.record(Edit((Written(template_source(project, "templates/tiny/front.j2"), before, after),), 1))
    return editor


def test_undo_puts_the_bytes_back_and_redo_makes_the_edit_again(project):
    path = project.templates_dir / "tiny" / "front.j2"
    editor = edited(project, b"x=1\n", b"x=2\n")
    assert editor.history.counts() == {"undo": 1, "redo": 0}
    undone = editor.undo()
    assert path.read_bytes() == b"x=1\n" and undone["file"] == "templates/tiny/front.j2" and undone["line"] == 1
    assert undone["digests"] == {"templates/tiny/front.j2": digest_of(b"x=1\n")} and (undone["undo"], undone["redo"]) == (0, 1)
    redone = editor.redo()
    assert path.read_bytes() == b"x=2\n" and (redone["undo"], redone["redo"]) == (1, 0)
    assert redone["digests"] == {"templates/tiny/front.j2": digest_of(b"x=2\n")}
    with pytest.raises(Refusal) as refused:
        editor.redo()
    assert refused.value.status == 409 and "nothing to be redone" in refused.value.message


def test_undo_and_redo_write_nothing_over_a_file_changed_on_disk(project):
    path = project.templates_dir / "tiny" / "front.j2"
    editor = edited(project, b"x=1\n", b"x=2\n")
    path.write_bytes(b"saved in an editor\n")
    with pytest.raises(Refusal) as refused:
        editor.undo()
    assert refused.value.status == 409 and path.read_bytes() == b"saved in an editor\n"
    assert editor.history.counts() == {"undo": 1, "redo": 0}  # the edit stays to undo once the file is back
    path.write_bytes(b"x=2\n")
    editor.undo()
    path.write_bytes(b"saved again\n")
    with pytest.raises(Refusal):
        editor.redo()
    assert path.read_bytes() == b"saved again\n" and editor.history.counts() == {"undo": 0, "redo": 1}


def test_a_new_edit_after_an_undo_leaves_nothing_to_redo(project):
    editor = edited(project, b"x=1\n", b"x=2\n")
    editor.undo()
    assert editor.history.counts() == {"undo": 0, "redo": 1}
    editor.history.record(Edit((Written(template_source(project, "templates/tiny/front.j2"), b"x=1\n", b"x=3\n"),), 1))
    assert editor.history.counts() == {"undo": 1, "redo": 0}
    with pytest.raises(Refusal, match="nothing to be redone"):
        editor.redo()


def test_the_history_keeps_the_last_edits_only():
    history = History()
    edits = [Edit((), n) for n in range(UNDO_DEPTH + 5)]
    for edit in edits:
        history.record(edit)
    assert history.done == edits[-UNDO_DEPTH:] and history.counts() == {"undo": UNDO_DEPTH, "redo": 0}


def test_an_undo_refuses_a_template_that_became_a_link_leading_out(project):
    editor = edited(project, b"x=1\n", b"x=2\n")
    path = project.templates_dir / "tiny" / "front.j2"
    path.unlink()
    path.symlink_to(project.root.parent / "outside.j2")
    (project.root.parent / "outside.j2").write_bytes(b"x=2\n")
    with pytest.raises(Refusal) as refused:
        editor.undo()
    assert refused.value.status == 403 and (project.root.parent / "outside.j2").read_bytes() == b"x=2\n"


@pytest.mark.parametrize(("kind", "value", "expected"), [
    ("x", 12.0, 30.0 + (12.0 - 10.0) * 2),  # a point keeps its place within the box, stretched as the box is
    ("y", 25.0, 40.0 + (25.0 - 20.0) * 0.5),
    ("w", 8.0, 16.0), ("h", 6.0, 3.0),
    ("s", 4.0, 8.0),  # a size along both axes follows the axis that changed more: x doubled, y halved (by 0.5 less)
])
def test_a_drag_maps_each_argument_with_the_box(kind, value, expected):
    old, new = (10.0, 20.0, 40.0, 60.0), (30.0, 40.0, 80.0, 30.0)
    assert moved(kind, value, old, new) == pytest.approx(expected)


def test_a_drag_of_a_line_with_no_width_moves_it_without_scaling():
    assert moved("x", 5.0, (5.0, 0.0, 0.0, 10.0), (7.0, 1.0, 0.0, 10.0)) == pytest.approx(7.0)
    assert moved("w", 0.0, (5.0, 0.0, 0.0, 10.0), (7.0, 1.0, 0.0, 10.0)) == 0.0


def rect(x, y, w, h):
    return Rect(x, y, w, h, None, None, 0.0, 0.0, None)


def test_elements_are_placed_on_the_face_through_their_groups_and_a_turned_group_is_not_dragged():
    drawn = DrawnBy("front.j2", 3, "rect", {"x": 1.0, "y": 2.0, "w": 4.0, "h": 6.0}, "")
    plain, scaled, turned, full_turn, unwritten = rect(1, 2, 4, 6), rect(1, 2, 4, 6), rect(1, 2, 4, 6), rect(1, 2, 4, 6), rect(0, 0, 1, 1)
    elements = (plain, Group(10, 20, 0, 2.0, (scaled,)), Group(5, 5, 90, 1.0, (turned,)), Group(0, 0, 360, 1.0, (full_turn,)), unwritten)
    calls = {id(e): ("rect", drawn) for e in (plain, scaled, turned, full_turn)} | {id(unwritten): ("rect", None)}
    placed = placed_elements(elements, calls)
    assert [p.path for p in placed] == ["0", "1.0", "2.0", "3.0"]  # the one pnp drew itself is not offered
    assert placed[0].face_box == (1.0, 2.0, 4.0, 6.0) and placed[0].scale == 1.0 and not placed[0].turned
    assert placed[1].face_box == (12.0, 24.0, 8.0, 12.0) and placed[1].scale == 2.0 and placed[1].box == (1.0, 2.0, 4.0, 6.0)
    assert placed[2].turned and not placed[3].turned  # a whole turn leaves it upright


def test_a_group_inside_a_group_places_by_both_and_is_turned_when_either_is():
    """A group's own offset is in its parent's millimetres (scaled by the parent), and an upright group inside a turned
    one is turned on the face all the same: its element is shown where it prints but not dragged."""
    drawn = DrawnBy("front.j2", 3, "rect", {"x": 1.0, "y": 2.0, "w": 4.0, "h": 6.0}, "")
    in_scaled, in_turned = rect(1, 2, 4, 6), rect(1, 2, 4, 6)
    elements = (Group(10, 20, 0, 2.0, (Group(3, 4, 0, 1.0, (in_scaled,)),)), Group(5, 5, 90, 1.0, (Group(0, 0, 0, 1.0, (in_turned,)),)))
    placed = placed_elements(elements, {id(e): ("rect", drawn) for e in (in_scaled, in_turned)})
    assert [p.path for p in placed] == ["0.0.0", "1.0.0"]
    # 10 + 2 × (3 + 1), 20 + 2 × (4 + 2); the inner group's scale 1 keeps the outer 2
    assert placed[0].face_box == (18.0, 32.0, 8.0, 12.0) and placed[0].scale == 2.0 and not placed[0].turned
    assert placed[1].turned


class Session:
    """What the editor asks of a live session: a lock to hold while it writes, and each game's drawings."""

    def __init__(self):
        import threading
        self.lock = threading.Lock()
        self.views = {"tiny": type("View", (), {"drawings": 3})()}


def test_an_undo_says_what_it_did_and_what_the_page_waits_for(project):
    editor = edited(project, b"x=1\n", b"x=2\n")
    session = Session()
    editor.session_of = lambda: session
    answer = editor.undo()
    assert answer["ok"] is True and answer["drawings"] == {"tiny": 3}  # the page waits for the drawing after this one
    with pytest.raises(Refusal) as refused:
        Editor(project, lambda: None).undo()
    assert refused.value.message == "nothing to be undone"


def test_a_refused_undo_or_redo_says_which_it_was_and_why(project):
    path = project.templates_dir / "tiny" / "front.j2"
    editor = edited(project, b"x=1\n", b"x=2\n")
    path.write_bytes(b"saved in an editor\n")
    with pytest.raises(Refusal) as refused:
        editor.undo()
    assert refused.value.message == "not undone: templates/tiny/front.j2 changed on disk since; nothing was written"
    assert editor.history.counts() == {"undo": 1, "redo": 0}


def test_a_file_gone_when_its_edit_is_written_back_is_a_conflict_that_names_it(project):
    source = template_source(project, "templates/tiny/front.j2")
    (project.templates_dir / "tiny" / "front.j2").unlink()
    with pytest.raises(Refusal) as refused:
        write_back(source, b"new", source.data, "redone")
    assert refused.value.status == 409
    assert refused.value.message == "not redone: templates/tiny/front.j2 cannot be read (No such file or directory)"


ICON_PARAMS = ["name", "x", "y", "size", "w", "h", "color", "decoration", "edge"]


def _dragged(text: str, function: str, params: list[str], args: dict, box, face_box, scale: float, to) -> bytes:
    """The template line once an element its call drew at `face_box` (inside a group of `scale`) is dragged to `to`."""
    env = jinja2.Environment()
    (call,) = call_source.calls_at(env, text, 1, function, params)
    placed = Placed("0", rect(*box), DrawnBy("front.j2", 1, function, args, ""), box, face_box, scale, False)
    return call_source.rewritten(text.encode(), plan(env, call, placed, to))


def test_a_drag_inside_a_scaled_group_writes_the_templates_own_millimetres():
    """A rect(1, 2, 4, 6) in a group at (10, 20) scaled 2 shows at (12, 24), 8 × 12 on the face. Dragged to (14, 30)
    and stretched to 10 × 16 there, it is at ((14 - 10) / 2, (30 - 20) / 2) = (2, 5), 5 × 8 in the template's own terms."""
    args = {"x": 1.0, "y": 2.0, "w": 4.0, "h": 6.0}
    assert _dragged("{{ rect(x=1, y=2, w=4, h=6) }}\n", "rect", ["x", "y", "w", "h"], args, (1.0, 2.0, 4.0, 6.0), (12.0, 24.0, 8.0, 12.0), 2.0,
                    (14.0, 30.0, 10.0, 16.0)) == b"{{ rect(x=2, y=5, w=5, h=8) }}\n"


def test_an_icon_resized_by_its_size_writes_its_size_though_w_and_h_are_not_written():
    """An icon placed by `size` alone: its w and h follow from it (drawn or not), so a resize to 8 × 8 writes size=8 and
    asks for no w or h. A rect's w that is not written, and must change, is refused with what to write."""
    for drawn_w_h in ({}, {"w": 4.0, "h": 4.0}):
        args = {"x": 1.0, "y": 2.0, "size": 4.0, **drawn_w_h}
        assert _dragged('{{ icon("star", x=1, y=2, size=4) }}\n', "icon", ICON_PARAMS, args, (1.0, 2.0, 4.0, 4.0), (1.0, 2.0, 4.0, 4.0), 1.0,
                        (1.0, 2.0, 8.0, 8.0)) == b'{{ icon("star", x=1, y=2, size=8) }}\n'
    args = {"x": 1.0, "y": 2.0, "w": 4.0, "h": 6.0}
    with pytest.raises(Refusal) as refused:
        _dragged("{{ rect(x=1, y=2, h=6) }}\n", "rect", ["x", "y", "w", "h"], args, (1.0, 2.0, 4.0, 6.0), (1.0, 2.0, 4.0, 6.0), 1.0, (1.0, 2.0, 8.0, 6.0))
    assert refused.value.status == 422 and refused.value.message.startswith("not written: w is not written in the call (its default, 4): write w=4")
    with pytest.raises(Refusal) as refused:  # both refusals said, one after the other
        _dragged("{{ rect(x=1, y=2) }}\n", "rect", ["x", "y", "w", "h"], args, (1.0, 2.0, 4.0, 6.0), (1.0, 2.0, 4.0, 6.0), 1.0, (1.0, 2.0, 8.0, 9.0))
    assert "(its default, 4): write w=4 in it to move it by hand; h is not written" in refused.value.message
    assert _dragged("{{ rect(x=1, y=2, h=6) }}\n", "rect", ["x", "y", "w", "h"], args, (1.0, 2.0, 4.0, 6.0), (1.0, 2.0, 4.0, 6.0), 1.0,
                    (3.0, 2.0, 4.0, 6.0)) == b"{{ rect(x=3, y=2, h=6) }}\n"  # a move: w does not change, nothing to refuse


def test_a_size_scales_by_the_side_that_changed_more_and_by_the_width_on_a_tie():
    assert moved("s", 4.0, (0.0, 0.0, 2.0, 2.0), (0.0, 0.0, 3.0, 2.2)) == pytest.approx(6.0)  # width × 1.5, height × 1.1
    assert moved("s", 4.0, (0.0, 0.0, 2.0, 2.0), (0.0, 0.0, 2.2, 1.0)) == pytest.approx(2.0)  # height × 0.5, width × 1.1
    assert moved("s", 4.0, (0.0, 0.0, 2.0, 2.0), (0.0, 0.0, 3.0, 1.0)) == pytest.approx(6.0)  # × 1.5 and × 0.5: the width's
    # a box of no width (a vertical line) or no height scales only along the side it has; a 1 mm box like any other
    assert moved("s", 4.0, (0.0, 0.0, 0.0, 2.0), (0.0, 0.0, 0.0, 3.0)) == pytest.approx(6.0)
    assert moved("s", 4.0, (0.0, 0.0, 2.0, 0.0), (0.0, 0.0, 1.0, 0.0)) == pytest.approx(2.0)
    assert moved("w", 1.0, (0.0, 0.0, 1.0, 1.0), (0.0, 0.0, 2.0, 3.0)) == 2.0 and moved("h", 1.0, (0.0, 0.0, 1.0, 1.0), (0.0, 0.0, 2.0, 3.0)) == 3.0



def test_an_elements_box_is_its_calls_x_y_w_h_or_else_the_shape_it_drew():
    """The box a drag moves: the call's own x, y, w and h where it takes all four (a text's box, not its ink); else the
    drawn shape's: a circle's square, a line's or a polygon's extent, a code's corner (it has no w). A repeat's x and y
    place its first icon, not its box: its element's own is taken. Elements pnp drew itself are passed over."""
    def one(function, args, element):
        return DrawnBy("front.j2", 1, function, args, ""), element

    cases = [
        (one("rect", {"x": 1.0, "y": 2.0, "w": 3.0, "h": 4.0}, rect(5, 6, 7, 8)), (1.0, 2.0, 3.0, 4.0)),
        (one("rect", {"x": 1.0, "y": 2.0, "w": 3.0}, rect(5, 6, 7, 8)), (5.0, 6.0, 7.0, 8.0)),
        (one("repeat", {"x": 1.0, "y": 2.0, "w": 3.0, "h": 4.0}, rect(5, 6, 7, 8)), (5.0, 6.0, 7.0, 8.0)),
        (one("circle", {"cx": 10.0, "cy": 20.0, "r": 5.0}, Circle(10, 20, 5, None, "ink", 0.3, None)), (5.0, 15.0, 10.0, 10.0)),
        (one("line", {}, Line(8, 2, 3, 9, "ink", 0.3, None)), (3.0, 2.0, 5.0, 7.0)),
        (one("polygon", {}, Polygon(((1, 5), (4, 2), (7, 6)), None, "ink", 0.3, True)), (1.0, 2.0, 6.0, 4.0)),
        (one("qr", {"x": 3.0, "y": 4.0}, Qr(3, 4, 10, ("1",), "#000000", None)), (3.0, 4.0, 0.0, 0.0)),
    ]
    skipped = rect(0, 0, 1, 1)
    elements = (skipped, *(element for (_, element), _ in cases))
    calls = {id(skipped): ("rect", None)} | {id(element): (drawn.function, drawn) for (drawn, element), _ in cases}
    placed = placed_elements(elements, calls)
    assert [p.box for p in placed] == [box for _, box in cases] and [p.path for p in placed] == [str(n) for n in range(1, len(cases) + 1)]
    assert [(p.element, p.drawn) for p in placed] == [(element, drawn) for (drawn, element), _ in cases]
    (inner,) = placed_elements((Group(10, 20, 0, 2.0, (cases[3][0][1],)),), {id(cases[3][0][1]): ("circle", cases[3][0][0])})
    assert inner.face_box == (20.0, 50.0, 20.0, 20.0)  # 10 + 2 × 5, 20 + 2 × 15


def test_a_drag_writes_an_icons_w_and_h_for_its_size_and_refuses_what_no_number_can_take():
    """An icon whose w and h are written (its size follows from them) takes the resize in w and h; one with neither
    written says that size cannot move. An argument that is an expression with no number of its own is refused, each
    such argument named, and nothing is written."""
    args = {"x": 1.0, "y": 2.0, "w": 4.0, "h": 4.0, "size": 4.0}
    assert _dragged('{{ icon("star", x=1, y=2, w=4, h=4) }}\n', "icon", ICON_PARAMS, args, (1.0, 2.0, 4.0, 4.0), (1.0, 2.0, 4.0, 4.0), 1.0,
                    (1.0, 2.0, 8.0, 8.0)) == b'{{ icon("star", x=1, y=2, w=8, h=8) }}\n'
    for written, to in (("w=4", (1.0, 2.0, 8.0, 4.0)), ("h=4", (1.0, 2.0, 4.0, 8.0))):  # either one gives the size
        text = f'{{{{ icon("star", x=1, y=2, {written}) }}}}\n'
        assert _dragged(text, "icon", ICON_PARAMS, args, (1.0, 2.0, 4.0, 4.0), (1.0, 2.0, 4.0, 4.0), 1.0, to) == text.replace("=4", "=8").encode()
    with pytest.raises(Refusal) as refused:
        _dragged('{{ icon("star", x=1, y=2) }}\n', "icon", ICON_PARAMS, args, (1.0, 2.0, 4.0, 4.0), (1.0, 2.0, 4.0, 4.0), 1.0, (1.0, 2.0, 8.0, 8.0))
    assert "; size is not written in the call (its default, 4)" in refused.value.message
    with pytest.raises(Refusal) as refused:
        _dragged("{{ rect(x=a, y=b + c, w=4, h=6) }}\n", "rect", ["x", "y", "w", "h"], {"x": 1.0, "y": 2.0, "w": 4.0, "h": 6.0},
                 (1.0, 2.0, 4.0, 6.0), (1.0, 2.0, 4.0, 6.0), 1.0, (3.0, 5.0, 8.0, 6.0))
    assert refused.value.message == ("not written: x is `a`, an expression with no number of its own to change: change it in the file; "
                                     "y is `b + c`, an expression with no number of its own to change: change it in the file")


def test_a_drag_at_an_offset_in_a_scaled_group_moves_by_the_groups_millimetres():
    """rect(3, 2, 4, 6) in a group at (10, 20) scaled 2 shows at (16, 24); dragged to (18, 30) it is at (4, 5)."""
    args = {"x": 3.0, "y": 2.0, "w": 4.0, "h": 6.0}
    assert _dragged("{{ rect(x=3, y=2, w=4, h=6) }}\n", "rect", ["x", "y", "w", "h"], args, (3.0, 2.0, 4.0, 6.0), (16.0, 24.0, 8.0, 12.0), 2.0,
                    (18.0, 30.0, 8.0, 12.0)) == b"{{ rect(x=4, y=5, w=4, h=6) }}\n"


def test_a_refused_template_says_its_name_and_why(project, tmp_path):
    with pytest.raises(Refusal) as refused:
        template_source(project, "data/cards.yaml")
    assert refused.value.message == "not written: 'data/cards.yaml' is outside templates/: copy the file into templates/"
    with pytest.raises(Refusal) as refused:
        template_source(project, "templates/tiny/missing.j2")
    assert refused.value.message == "not written: templates/tiny/missing.j2 cannot be read (No such file or directory)"


def test_a_templates_folder_that_is_a_link_out_of_the_project_is_refused(tmp_path):
    """templates/ itself a link to a folder elsewhere: a file in it lies inside templates/'s real path but not inside
    the project's, and an edit may not write it."""
    root = Path(os.path.realpath(tmp_path)) / "game"
    elsewhere = Path(os.path.realpath(tmp_path)) / "elsewhere"
    (elsewhere / "tiny").mkdir(parents=True)
    (elsewhere / "tiny" / "front.j2").write_bytes(b"theirs\n")
    root.mkdir()
    (root / "templates").symlink_to(elsewhere)
    with pytest.raises(Refusal) as refused:
        template_source(Project(root), "templates/tiny/front.j2")
    assert refused.value.status == 403 and (elsewhere / "tiny" / "front.j2").read_bytes() == b"theirs\n"



class WatchedLock:
    """A session's lock that notes what the template held each time it was let go: an undo writes while it holds it,
    so the render thread never draws from a half-written file."""

    def __init__(self, path: Path):
        self.path, self.held, self.seen = path, False, []

    def __enter__(self):
        self.held = True

    def __exit__(self, *exc):
        self.held = False
        self.seen.append(self.path.read_bytes())


def test_an_undo_and_a_redo_write_while_they_hold_the_sessions_lock(project):
    path = project.templates_dir / "tiny" / "front.j2"
    editor = edited(project, b"x=1\n", b"x=2\n")
    session = Session()
    session.lock = WatchedLock(path)
    editor.session_of = lambda: session
    editor.undo()
    editor.redo()
    assert session.lock.seen == [b"x=1\n", b"x=2\n"] and not session.lock.held


def test_a_tracks_spaces_are_one_element_placed_by_the_tracks_own_call():
    """A track (or a zone) draws several shapes from one call: the page offers it once, its first shape, placed by the
    track's call and its x, y, w, h; a second track at the same line with other numbers is its own element, and so
    is a shape drawn after them."""
    def by(track_args):
        return DrawnBy("board.j2", 4, "rect", {"x": 0.0, "y": 0.0, "w": 5.0, "h": 5.0}, "track", ("track", track_args))

    first, second = {"x": 1.0, "y": 2.0, "w": 30.0, "h": 6.0}, {"x": 1.0, "y": 12.0, "w": 30.0, "h": 6.0}
    spaces = [rect(1 + 6 * k, 2, 5, 5) for k in range(3)] + [rect(1 + 6 * k, 12, 5, 5) for k in range(3)]
    after = rect(40, 40, 4, 4)
    calls = {id(s): ("rect", by(first if k < 3 else second)) for k, s in enumerate(spaces)}
    calls[id(after)] = ("rect", DrawnBy("board.j2", 5, "rect", {"x": 40.0, "y": 40.0, "w": 4.0, "h": 4.0}, ""))
    placed = placed_elements((*spaces, after), calls)
    assert [p.path for p in placed] == ["0", "3", "6"]
    assert [(p.drawn.function, p.box) for p in placed] == [("track", (1.0, 2.0, 30.0, 6.0)), ("track", (1.0, 12.0, 30.0, 6.0)),
                                                           ("rect", (40.0, 40.0, 4.0, 4.0))]


FRONT, BACK = "templates/tiny/front.j2", "templates/tiny/back.j2"


def _edit(project: Project, drawn: dict[str, str], shown: str) -> Refusal:
    """An edit of front.j2's first element sent by a page shown the file of digest `shown`, while the live session's
    faces are drawn from the texts `drawn`: the refusal it meets."""
    import threading

    gctx = SimpleNamespace(engine=SimpleNamespace(layouts=SimpleNamespace(sources={str(project.root / rel): text for rel, text in drawn.items()})))
    session = SimpleNamespace(lock=threading.Lock(), views={"tiny": SimpleNamespace(drawings=1)}, drawn={"tiny": gctx})
    body = {"game": "tiny", "item": "hero", "side": "front",
            "moves": [{"path": "0", "file": FRONT, "digest": shown, "from": [1.0, 2.0, 3.0, 4.0], "to": [2.0, 2.0, 3.0, 4.0]}]}
    with pytest.raises(Refusal) as refused:
        Editor(project, lambda: session).edit(body)
    return refused.value


def test_an_edit_of_a_file_changed_on_disk_since_the_page_was_shown_it_is_refused_as_such(project):
    (project.root / FRONT).write_bytes(b"x=5\n")  # saved in a text editor, and drawn again
    refused = _edit(project, {FRONT: "x=5\n"}, digest_of(b"x=1\n"))
    assert refused.status == 409 and "changed on disk since it was shown" in refused.message
    assert (project.root / FRONT).read_bytes() == b"x=5\n"


def test_an_edit_from_a_page_showing_an_older_drawing_than_the_file_is_refused(project):
    """The listing gave the file's new digest, but its faces are still drawn from the text before: the element's box is
    the old drawing's, so the edit waits for the new one."""
    (project.root / FRONT).write_bytes(b"x=5\n")
    refused = _edit(project, {FRONT: "x=1\n"}, digest_of(b"x=5\n"))
    assert refused.status == 409 and "older drawing" in refused.message
    assert (project.root / FRONT).read_bytes() == b"x=5\n"


def _written(project: Project, rel: str, before: bytes, after: bytes) -> Written:
    return Written(template_source(project, rel), before, after)


def test_undo_takes_back_the_last_edit_first_and_redo_the_last_undone(project):
    editor = Editor(project, lambda: None)
    path = project.root / FRONT
    for n, (before, after) in enumerate([(b"x=1\n", b"x=2\n"), (b"x=2\n", b"x=3\n")], 1):
        path.write_bytes(after)
        editor.history.record(Edit((_written(project, FRONT, before, after),), n))
    assert (editor.undo()["line"], path.read_bytes()) == (2, b"x=2\n")
    assert (editor.undo()["line"], path.read_bytes()) == (1, b"x=1\n")
    assert (editor.redo()["line"], path.read_bytes()) == (1, b"x=2\n")
    assert editor.history.counts() == {"undo": 1, "redo": 1}


def test_an_undo_of_two_files_writes_neither_when_one_changed_on_disk(project):
    editor = Editor(project, lambda: None)
    (project.root / FRONT).write_bytes(b"x=2\n")
    (project.root / BACK).write_bytes(b"y=2\n")
    editor.history.record(Edit((_written(project, FRONT, b"x=1\n", b"x=2\n"), _written(project, BACK, b"y=1\n", b"y=2\n")), 1))
    (project.root / BACK).write_bytes(b"y=9\n")
    with pytest.raises(Refusal) as refused:
        editor.undo()
    assert refused.value.status == 409 and BACK in refused.value.message
    assert ((project.root / FRONT).read_bytes(), (project.root / BACK).read_bytes()) == (b"x=2\n", b"y=9\n"), "nothing written"
    assert editor.history.counts() == {"undo": 1, "redo": 0}


def dragged_once(text: str, function: str, params: list[str], args: dict, element, box, to) -> bytes:
    """The one-line template once the element its call drew at `box` (on the face, in no group) is dragged to `to`."""
    env = jinja2.Environment()
    (call,) = call_source.calls_at(env, text, 1, function, params)
    placed = Placed("0", element, DrawnBy("front.j2", 1, function, args, ""), box, box, 1.0, False)
    return call_source.rewritten(text.encode(), plan(env, call, placed, to))


def test_a_row_of_icons_resized_wider_spreads_its_written_spacing_with_its_size():
    """A row of three 4 mm stars 6 mm apart (`dx=6`): its first star's box stretched to 8 mm makes every star twice as
    big, so the spacing doubles with it (`dx=12`) and the stars stay as far apart for their size, never overlapping."""
    text = '{{ repeat(3, "star", 5, 60, 4, dx=6, color="gold") }}\n'
    args = {"n": 3, "x": 5.0, "y": 60.0, "size": 4.0, "dx": 6.0, "dy": 0}
    params = ["n", "icon", "x", "y", "size", "dx", "dy", "color", "decoration", "edge"]
    assert dragged_once(text, "repeat", params, args, rect(5, 60, 4, 4), (5.0, 60.0, 4.0, 4.0), (5.0, 60.0, 8.0, 8.0)) == \
        b'{{ repeat(3, "star", 5, 60, 8, dx=12, color="gold") }}\n'

