"""Edges of issue #76's promises that this round's reviewer-style mutants (bench/hand_mutants.py ED2, ED4, ED6, ED7,
CS4, GR1, GR5) slipped past, in process: an edit refused for the reason that holds (the file changed on disk since the
page was shown it, or the page shows an older drawing than the file), undo taking back the last edit first, an undo of
two files writing neither when one changed, a relative XDG_CACHE_HOME ignored as the XDG spec says, and a mark along
a gradient judged at both its ends, a point before the gradient's start at its first stop.
"""
from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_editor_guards import Project  # what the editor asks of a project: the same stand-in

from pnp.layout.elements import Gradient
from pnp.layout.gradients import colour_at, colours_over, position
from pnp.serve.editing import Refusal, digest_of, template_source
from pnp.serve.editor import Edit, Editor, Written

FRONT, BACK = "templates/tiny/front.j2", "templates/tiny/back.j2"




@pytest.fixture
def project(tmp_path):
    root = Path(os.path.realpath(tmp_path)) / "game"
    (root / "templates" / "tiny").mkdir(parents=True)
    (root / FRONT).write_bytes(b"x=1\n")
    (root / BACK).write_bytes(b"y=1\n")
    return Project(root)


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




WHITE_TO_BLACK = Gradient("linear", ((0.0, "#ffffff"), (1.0, "#000000")), 0.0, 0.0, 10.0, 0.0, 0.0)  # left to right over 10 mm


def test_a_mark_along_a_gradient_is_judged_at_both_its_ends_and_the_stops_between():
    assert colours_over(WHITE_TO_BLACK, [(2.0, 0.0), (8.0, 5.0)]) == ["#cccccc", "#333333"]  # 20 % and 80 % of the way
    three = WHITE_TO_BLACK._replace(stops=((0.0, "#ffffff"), (0.5, "#ff0000"), (1.0, "#000000")))
    assert colours_over(three, [(8.0, 0.0), (2.0, 0.0)]) == ["#ff9999", "#ff0000", "#660000"]  # 40 % of white to red, 60 % of red to black


def test_a_point_before_a_gradients_start_or_past_its_end_prints_its_end_colours():
    assert position(WHITE_TO_BLACK, -5.0, 0.0) == 0.0 and colour_at(WHITE_TO_BLACK, -5.0, 3.0) == "#ffffff"
    assert position(WHITE_TO_BLACK, 15.0, 0.0) == 1.0 and colour_at(WHITE_TO_BLACK, 15.0, 3.0) == "#000000"
