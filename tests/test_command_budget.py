"""One processor-time budget per command as well as per face (issue 74): a build, a `watch` save and a `serve` refresh
whose faces use up their budget stop with one finding, at the template line, naming the slowest faces; a template that
runs past one face's limit is not drawn again for the deck's other cards.

A 40-card deck whose template looped took 576 s before its one error (each face used its whole 10 s); a 20,000-card
deck would have taken 55 hours. The budget is COMMAND_FACES face limits plus FACE_SHARE of one for each face drawn, so
it scales with what a command draws and a deck that loops on every face stops after about twenty."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, run_pnp

from pnp.core.errors import Loc, OverBudget, PnpError
from pnp.layout.fonts import FontBook
from pnp.layout.growth import COMMAND_FACES, FACE_SECONDS, FACE_SHARE, CommandBudget, face_seconds
from pnp.layout.icons import IconLibrary
from pnp.layout.templates import Layouts

LOOPS = "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}"
CARDS = 2000
FACE_S = 0.1  # a face's limit here (PNP_FACE_SECONDS): its command's budget is then 2 s plus 0.005 s a face
CPU_CAP = 20  # processor seconds for the whole command: the 2,000 faces' own limits alone would take 200


def looping_deck(root: Path, cards: int) -> None:
    (root / "data/loop/decks").mkdir(parents=True)
    (root / "templates/loop").mkdir(parents=True)
    (root / "data/loop/game.yaml").write_text('title: Loop\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\npalette: {ink: "#222222", paper: "#ffffff"}\n')
    rows = "".join(f"  - {{id: c{i}, n: {i}}}\n" for i in range(cards))
    (root / "data/loop/decks/loop.yaml").write_text(f"name: Loop\nsize: poker\nfront: loop/front.j2\nback: loop/back.j2\ncards:\n{rows}")
    (root / "templates/loop/front.j2").write_text("{{ text(card.n|string, 5, 5, 20, 10) }}\n" + LOOPS + "\n")
    (root / "templates/loop/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="ink") }}\n')


def test_a_looping_2000_card_deck_stops_at_its_first_face_with_one_finding(tmp_path):
    """A template that runs past a face's limit is not drawn for the deck's other cards: one face's limit, not 2,000 (nor
    the command's budget of about twenty), then one finding at the loop's line that says the others wait for the fix."""
    looping_deck(tmp_path, CARDS)
    child = ("import resource, sys\n"
             f"resource.setrlimit(resource.RLIMIT_CPU, ({CPU_CAP}, {CPU_CAP}))\n"
             "sys.argv = ['pnp', *sys.argv[1:]]\n"
             "from pnp.cli import run\n"
             "run()\n")
    done = subprocess.run([sys.executable, "-c", child, "--root", str(tmp_path), "build", "loop"], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PNP_FACE_SECONDS": str(FACE_S), "PYTHONPATH": str(ROOT)}, timeout=600)
    shown = done.stdout + done.stderr
    assert done.returncode == 1, shown
    errors = [line for line in shown.splitlines() if ": error: " in line]
    assert len(errors) == 1, shown
    assert errors[0].startswith("templates/loop/front.j2:2:") and "processor time on one face" in errors[0], shown
    assert "not drawn until it is fixed" in errors[0] and " pieces:" not in errors[0], shown  # one face drew it, no other


def test_the_budget_is_a_commands_and_the_next_command_has_its_own(tmp_path):
    """Faces drawn with one environment (as `pnp serve` keeps one): looping faces use up the budget, after as many faces
    as it allows; a new budget (the next save) draws."""
    (tmp_path / "templates/t").mkdir(parents=True)
    (tmp_path / "templates/t/loop.j2").write_text(LOOPS + "\n")
    (tmp_path / "templates/t/plain.j2").write_text('{{ rect(0, 0, 5, 5, fill="ink") }}\n')
    lay = Layouts(tmp_path, [tmp_path / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    game = lay.for_game({"ink": "#111111"}, {"body": "noto-sans"}, IconLibrary([ROOT / "pnp/assets/icons"]))
    lay.env.face_seconds = 0.02
    lay.env.new_budget()
    drawn = 0
    with pytest.raises(OverBudget) as stopped:
        for n in range(1000):
            try:
                game.render("t/loop.j2", {}, 63.5, 88.9, 0, f"card {n} front", Loc("deck.yaml"))
            except PnpError as exc:  # the face's own limit: the next face is drawn
                assert "processor time on one face" in exc.findings[0].message
            drawn += 1
    assert COMMAND_FACES - 2 <= drawn <= COMMAND_FACES + 2, drawn  # each face uses its whole limit: about COMMAND_FACES of them
    finding = stopped.value.finding
    assert finding.code == "command-time" and str(finding.loc).startswith("templates/t/loop.j2:1:"), finding.format()
    lay.env.new_budget()
    assert game.render("t/plain.j2", {}, 63.5, 88.9, 0, "a card front", Loc("deck.yaml")).elements


def test_the_budget_grows_with_the_faces_drawn():
    budget = CommandBudget(10)
    assert budget.left() == pytest.approx(COMMAND_FACES * 10 + FACE_SHARE * 10)
    for n in range(1000):
        budget.add(0.002, f"card {n}")
    assert budget.left() == pytest.approx(COMMAND_FACES * 10 + FACE_SHARE * 10 * 1001 - 2.0)


def test_limits_md_states_the_budget_the_code_keeps():
    limits = (ROOT / "docs/limits.md").read_text(encoding="utf-8")
    assert f"{COMMAND_FACES * FACE_SECONDS:g} s plus {FACE_SHARE * FACE_SECONDS:g} s for each face" in limits
    assert "`COMMAND_FACES`, `FACE_SHARE`" in limits


def test_a_serve_refresh_over_its_budget_shows_its_one_finding(tmp_path, monkeypatch):
    from pnp.data.project import Project
    from pnp.serve.session import LiveSession

    monkeypatch.setenv("PNP_FACE_SECONDS", "0.05")
    looping_deck(tmp_path, 200)
    published: dict = {}
    session = LiveSession(Project(tmp_path), ["loop"], publish=lambda slug, model: published.__setitem__(slug, model))
    assert session.refresh()
    errors = [f for f in published["loop"]["findings"] if f["severity"] == "error"]
    assert len(errors) == 1 and "processor time on one face" in errors[0]["message"], errors  # its first face; no other is drawn
    assert errors[0]["where"].startswith("templates/loop/front.j2:2:"), errors


def test_a_watch_save_over_its_budget_prints_its_one_finding_and_waits(tmp_path, monkeypatch):
    from conftest import watch_once

    monkeypatch.setenv("PNP_FACE_SECONDS", "0.05")
    looping_deck(tmp_path, 100)
    front = tmp_path / "templates/loop/front.j2"
    front.write_text("{{ text(card.n|string, 5, 5, 20, 10) }}\n")
    printed = watch_once(tmp_path, "loop", lambda: front.write_text("{{ text(card.n|string, 5, 5, 20, 10) }}\n" + LOOPS + "\n"))
    after = printed.partition("watching")[2]
    assert [line for line in after.splitlines() if ": error: " in line and "processor time on one face" in line and line.startswith("templates/loop/front.j2:2:")], printed
    assert "failed after templates/loop/front.j2" in after, printed


def test_the_finding_names_the_slowest_faces_the_first_drawn_among_equals():
    """The slowest SLOWEST_SHOWN faces of a command, whatever order they come in; of two as slow, the one drawn first."""
    budget = CommandBudget(FACE_SECONDS)
    for seconds, what in [(0.2, "a"), (0.5, "b"), (0.1, "c"), (0.5, "d"), (0.3, "e"), (0.3, "f"), (0.9, "g"), (0.05, "h")]:
        budget.add(seconds, what)
    assert budget.slowest == [(0.9, "g"), (0.5, "b"), (0.5, "d")]
    assert budget.faces == 8 and budget.spent == pytest.approx(2.85)


def test_after_a_serve_refresh_over_its_budget_the_editor_draws_a_face_on_a_budget_of_its_own(tmp_path, monkeypatch):
    """A save makes a card's face loop, and the refresh that draws it passes its budget (half a face limit here, no
    FACE_SHARE) and shows that one finding; the page's editor then draws the face of another deck's card, whose loop
    turns 300 times, in a moment, on a budget of its own: until the next save, the editor's drawings are a command of
    their own (docs/limits.md), not charged to the time the refresh spent."""
    from pnp.data.project import Project
    from pnp.layout import growth
    from pnp.serve.editor import Editor
    from pnp.serve.session import LiveSession

    monkeypatch.setenv("PNP_FACE_SECONDS", "0.4")
    looping_deck(tmp_path, 2)
    (tmp_path / "templates/loop/front.j2").write_text("{{ text(card.n|string, 5, 5, 20, 10) }}\n{% if card.n == 99 %}" + LOOPS + "{% endif %}\n")
    (tmp_path / "data/loop/decks/more.yaml").write_text("name: More\nsize: poker\nfront: loop/more.j2\ncards:\n  - {id: m0, n: 7}\n")
    (tmp_path / "templates/loop/more.j2").write_text("{{ text(card.n|string, 5, 5, 20, 10) }}\n{% for i in range(300) %}{% endfor %}\n")
    published: dict = {}
    session = LiveSession(Project(tmp_path), ["loop"], publish=lambda slug, model: published.__setitem__(slug, model))
    assert session.refresh()
    assert published["loop"]["findings"] == [], published["loop"]["findings"]
    monkeypatch.setattr(growth, "COMMAND_FACES", 0.5)
    monkeypatch.setattr(growth, "FACE_SHARE", 0.0)
    deck = tmp_path / "data/loop/decks/loop.yaml"
    deck.write_text(deck.read_text().replace("{id: c0, n: 0}", "{id: c0, n: 99}"))
    session.saw({deck})
    assert session.refresh()
    (over,) = published["loop"]["findings"]
    assert "over its budget" in over["message"], over
    shown = Editor(Project(tmp_path), lambda: session).elements("loop", "deck:more:m0", "front")
    assert [e["function"] for e in shown["elements"]] == ["text"], shown


@pytest.mark.parametrize("wanted", ["0", "-1", "0.0"])
def test_a_pnp_face_seconds_of_0_or_less_is_refused_saying_give_a_number_above_0(wanted):
    """docs/limits.md: PNP_FACE_SECONDS=N sets a face's processor time; no time at all would stop every face at once."""
    with pytest.raises(SystemExit, match=r"give a number of seconds above 0"):
        face_seconds({"PNP_FACE_SECONDS": wanted})


def test_a_pnp_face_seconds_in_words_stops_the_command_saying_give_a_number_of_seconds(project, monkeypatch):
    """docs/limits.md: PNP_FACE_SECONDS=N sets a face's processor time; a word there is no number of seconds, and taking
    it as the 10 s default would hide the setting the designer meant to make."""
    monkeypatch.setenv("PNP_FACE_SECONDS", "ten")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert result.exit_code == 1
    assert result.output == "PNP_FACE_SECONDS='ten': give a number of seconds, such as 10\n"


def test_the_budgets_finding_says_the_time_and_the_faces_the_stopped_one_counted_its_budget_and_the_three_slowest():
    """docs/limits.md's finding, from a deck run with PNP_FACE_SECONDS=0.1 (a budget of 20 × 0.1 = 2 s plus a twentieth
    of 0.1 s a face): 22 faces drew in 1.95 s and the 23rd was stopped 0.16 s in. The finding counts that face too, in
    the time (2.1 s) and the faces (23), says the budget as docs/limits.md gives it, and names the three slowest, the
    slowest first."""
    budget = CommandBudget(0.1)
    for n in range(22):
        budget.add({3: 0.34, 7: 0.21}.get(n, 0.07), f"loop/c{n} front")
    message = str(budget.over(0.16, "loop/c22 front"))
    assert message.startswith("this command's templates used 2.1 s of processor time on 23 faces, over its budget of 2 s plus "
                              "0.005 s a face; the slowest: loop/c3 front (0.3 s), loop/c7 front (0.2 s), loop/c22 front (0.2 s): "
                              "look for a loop that runs long on every face"), message


def test_a_face_about_to_begin_may_use_the_budget_with_its_own_share_counted():
    """docs/limits.md: a command's faces share 200 s plus 0.5 s for each face drawn (10 s faces). Before its first face
    a command may spend 200.5 s on it, its own share counted; once that face took 1 s, the next may use 200 + 2 × 0.5 - 1."""
    budget = CommandBudget(10)
    assert budget.left() == pytest.approx(200.5)
    budget.add(1.0, "heroes/knight front")
    assert budget.left() == pytest.approx(200.0)


def test_a_pnp_face_seconds_of_nan_is_refused_not_taken_as_no_limit(project, monkeypatch):
    """docs/limits.md: PNP_FACE_SECONDS=N sets a face's processor time. `nan` is no number above 0: taken, no face and
    no command would ever be stopped (every comparison with it is false), so it is refused as 0 is."""
    monkeypatch.setenv("PNP_FACE_SECONDS", "nan")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert result.exit_code == 1
    assert result.output == "PNP_FACE_SECONDS='nan': give a number of seconds above 0, such as 10\n"
