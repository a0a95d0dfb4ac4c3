"""A save that interrupts `pnp serve`'s refresh stops the refresh's drawing, never a request's (the closing note of the
last round: under load, a drag's `/api/elements` answered with `Interrupted`).

The refresh's stop ("a newer save is waiting") belongs to the refresh alone. The editor draws a card again between two
of the refresh's steps, holding the session's lock; a save arriving at that moment must let the editor's drawing
finish and answer, and stop only the refresh, which draws the card again with the save."""
from __future__ import annotations

from pnp.data.project import Project
from pnp.serve.editor import Editor
from pnp.serve.session import LiveSession

KNIGHT = "deck:heroes:knight"
BUSY = "{% for i in range(400) %}{% endfor %}\n"  # loop turns enough that a face looks at its stop many times


def test_a_save_arriving_while_the_editor_draws_stops_only_the_refresh(project):
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% block body %}\n", "{% block body %}\n" + BUSY, 1), encoding="utf-8")
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: None)
    assert session.refresh()
    editor = Editor(Project(project), lambda: session)
    saved = False
    answers = []

    def interrupted() -> bool:
        """Between the refresh's first two steps a request draws the knight again, and a save arrives as it draws."""
        nonlocal saved
        if not answers:
            saved = True  # from here on the refresh is out of date
            answers.append(editor.elements("tiny", KNIGHT, "front"))
        return saved

    session.dirty.add("tiny")
    assert session.refresh(interrupted=interrupted) is False  # the refresh stopped for the save
    assert answers and answers[0]["elements"], "the editor's drawing answered in full"
