"""A template cannot take memory or time without bound, in any command or thread: each way issue 61 found (and the
ways beside them) is refused at the template line, within a 1 GB address space, before the memory is taken; a face
that loops away is stopped by its processor time in `pnp serve`'s render thread and in `pnp watch`, and a save that
fixes it is drawn next. The bounds docs/limits.md states are refused one past them, at the template's line, and
taken at them: 50,000 elements on one face, a range of 10,000, an exponent of 100, text and lists grown by joining,
adding, formatting or appending; the issue's doubling loop is refused within 10 s of processor time and 500 MB."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import threading
import time

import pytest
from conftest import ROOT, apply_edits, refusal, run_pnp, watch_once

FRAME = "templates/tiny/frame.j2"
AT = "templates/tiny/frame.j2:6:"
BIG = "{% set s = 'x' * 100000 %}"
LOOPS = "{% for i in range(10000) %}{% for j in range(10000) %}"
ENDLOOPS = "{% endfor %}{% endfor %}"

# name → (a line added to the knight's frame, what the refusal says)
BOMBS = {
    "a % width": ("{% set t = '%999999999d' % 1 %}", "text made by % would be 999,999,999 long"),
    "a % width taken from the values": ("{% set t = '%*d' % (999999999, 1) %}", "text made by % would be 999,999,999 long"),
    "a % precision": ("{% set t = '%.999999999f' % 1.5 %}", "text made by % would be"),
    "a % width behind a key": ("{% set t = '%(a)999999999d' % {'a': 1} %}", "text made by % would be"),
    "a format filter's width": ("{% set t = '%999999999s'|format('x') %}", "the format filter makes would be"),
    "a str.format width from its arguments": ("{% set t = '{:{}}'.format(1, 999999999) %}", "a formatted field would be 999,999,999 long"),
    "a str.format repr of a list holding one text many times": (BIG + "{% set t = '{!r}'.format([s] * 100000) %}", "a formatted field would be"),
    "bytes from encode, centred": ("{% set t = 'x'.encode().center(999999999) %}", "text made by .center() would be 999,999,999 long"),
    "batch with a fill": ("{% set t = range(100)|batch(99999999, 'x')|list %}", "the batch filter makes would be 99,999,999 long"),
    "slice": ("{% set t = range(10)|slice(99999999)|list %}", "the slice filter makes would be 99,999,999 long"),
    "wordwrap's wrapstring": (BIG + "{% set t = s|wordwrap(1, wrapstring=s) %}", "the wordwrap filter makes would be"),
    "tojson's indent": ("{% set t = [[1, 2], [3]]|tojson(indent=999999999) %}", "the tojson filter makes would be"),
    "expandtabs": ("{% set t = ('\\t' * 100000).expandtabs(100000) %}", "text made by .expandtabs() would be"),
    "a {% set %} block": (BIG + "{% set t %}" + LOOPS + "{{ s }}" + ENDLOOPS + "{% endset %}", "the text this block writes out would be"),
    "a {% filter %} block": (BIG + "{% filter upper %}" + LOOPS + "{{ s }}" + ENDLOOPS + "{% endfilter %}", "the text this block writes out would be"),
    "a {% call %} block": (BIG + "{% macro m() %}{{ caller() }}{% endmacro %}{% call m() %}" + LOOPS + "{{ s }}" + ENDLOOPS + "{% endcall %}",
                           "the text this block writes out would be"),
    "a dict grown by update": ("{% set d = {} %}{% for i in range(10000) %}{% do d.update({}.fromkeys(range(i * 10000, i * 10000 + 10000))) %}{% endfor %}",
                               "a dict grown by .update() would be 110,000 long"),
    "a list of new texts": ("{% set l = [] %}{% for i in range(10000) %}{% do l.append('x' * 99999) %}{% endfor %}", "makes over 2,000,000 characters"),
    "the text of a list holding one text many times": (BIG + "{{ [s] * 100000 }}", "the text of this value would be"),
    "the text of lists each holding the one before twice": ("{% set ns = namespace(a=['x' * 1000]) %}{% for i in range(30) %}{% set ns.a = [ns.a, ns.a] %}"
                                                             "{% endfor %}{{ ns.a }}", "the text of this value would be"),
    "a list's text through a filter": (BIG + "{% set t = ([s] * 100000)|string %}", "the string filter makes would be"),
    "a number squared again and again": ("{% set ns = namespace(x=3) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}{% endfor %}", "digits (limit"),
    "lipsum": ("{{ lipsum(5, False, 99999999, 99999999) }}", "placeholder text made by lipsum would be"),
    "a range joined with a long separator": (BIG + "{% set t = range(9999)|join(s) %}", "the join filter makes would be"),
    "an iterator joined by str.join": (BIG + "{% set t = s.join(range(9999)|map('string')) %}", "text made by .join() would be"),
    "a text joined with itself": (BIG + "{% set t = s|join(s) %}", "the join filter makes would be"),
    "ifs nested 5,000 deep": ("{% if true %}" * 5000 + "x" + "{% endif %}" * 5000, "nest too deep, past what a template can"),
    "brackets nested 5,000 deep": ("{{ " + "(" * 5000 + "1" + ")" * 5000 + " }}", "nest too deep, past what a template can"),
    "a template of 2 MB": ("{# " + "x" * 2_000_000 + " #}", "characters long (limit 1,000,000)"),
    "an imported template's own output": ("{% import 'tiny/module.j2' as m %}", "the text this template writes out would be"),
}
MODULE = "templates/tiny/module.j2"  # imported by the last bomb: its loops write, line 1, before its macros are there

DRIVER = """
import json, sys
from click.testing import CliRunner
from pnp.cli import main
root, frame, lines = sys.argv[1], sys.argv[2], json.loads(open(sys.argv[3], encoding="utf-8").read())
good = open(frame, encoding="utf-8").read()
shown = {}
for name, line in lines.items():
    with open(frame, "w", encoding="utf-8") as f:
        f.write(good + line + "\\n")
    result = CliRunner().invoke(main, ["--root", root, "build", "--only", "cards", "--cards", "knight"])
    shown[name] = [result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")]
print(json.dumps(shown))
"""
GIB = 1 << 30


def _capped():
    resource.setrlimit(resource.RLIMIT_AS, (GIB, GIB))  # a template that took its gigabytes would fail here with MemoryError
    resource.setrlimit(resource.RLIMIT_CPU, (240, 240))


def test_every_template_bomb_is_refused_at_its_line_within_1_gb(project):
    """All bombs in one child process with 1 GB of address space, one build of the knight's cards each: each is refused
    at its line with its own words, before the memory is taken, not by MemoryError, an internal error or the
    processor-time limit (which a bomb made of one long call would never reach)."""
    lines = {name: line for name, (line, _) in BOMBS.items()}
    (project / MODULE).write_text(LOOPS + "a line of the module's own text" + ENDLOOPS + "\n{% macro m() %}{% endmacro %}\n", encoding="utf-8")
    (project / "bombs.json").write_text(json.dumps(lines), encoding="utf-8")  # a template of 2 MB is past what a command line takes
    done = subprocess.run([sys.executable, "-c", DRIVER, str(project), str(project / FRAME), str(project / "bombs.json")], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "PNP_JOBS": "1"}, preexec_fn=_capped, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    shown = json.loads(done.stdout.splitlines()[-1])
    wrong = {}
    for name, (_, message) in BOMBS.items():
        code, output = shown[name]
        at = MODULE + ":1:" if "import" in BOMBS[name][0] else FRAME + ":1:" if "MB" in name else AT
        if code != 1 or message not in output or at not in output or any(w in output for w in ("MemoryError", "internal error", "Traceback")):
            wrong[name] = output
    assert not wrong, "\n\n".join(f"{name}: {output}" for name, output in wrong.items())


LOOPING = "{% if card.id == 'knight' %}" + LOOPS + ENDLOOPS + "{% endif %}"


def _write_frame(project, extra: str) -> None:
    frame = project / FRAME
    good = frame.read_text(encoding="utf-8").split("{% block body %}{% endblock %}")[0] + "{% block body %}{% endblock %}\n"
    frame.write_text(good + extra, encoding="utf-8")


def test_watch_stops_a_looping_face_at_its_line_and_draws_the_fix(project, monkeypatch):
    """`pnp watch` with a face that loops away: its build says where, after the face's processor time (half a second
    here), and the save that fixes the template is built."""
    monkeypatch.setenv("PNP_FACE_SECONDS", "0.5")
    _write_frame(project, LOOPING + "\n")
    printed = watch_once(project, "tiny", lambda: _write_frame(project, "{# fixed #}\n"))
    start, _, after = printed.partition("watching")
    assert "over 0.5 s of processor time on one face" in start and AT in start, printed
    assert "built after templates/tiny/frame.j2" in after, printed


def test_serve_draws_a_save_that_fixes_a_face_still_looping(project, monkeypatch):
    """The preview draws in a thread of its own, where no signal reaches: a face that loops away there stops as soon as
    a newer save comes (its processor time, 600 s here, is far off), and the fixed template is drawn."""
    from pnp.data.project import Project
    from pnp.serve.session import LiveSession

    monkeypatch.setenv("PNP_FACE_SECONDS", "600")
    _write_frame(project, "{% for i in range(10000) %}" + LOOPS + ENDLOOPS + "{% endfor %}\n")  # every face, for hours
    published: dict = {}
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: published.__setitem__(slug, model))
    saved = threading.Event()
    outcome: list[bool] = []
    drawing = threading.Thread(target=lambda: outcome.append(session.refresh(interrupted=saved.is_set)), daemon=True)
    drawing.start()
    time.sleep(1)  # drawing the first face by now on any machine; were it not yet, the save below only comes earlier
    _write_frame(project, "{# fixed #}\n")
    saved.set()
    drawing.join(60)
    assert outcome == [False], "the looping face did not stop for the newer save"
    session.saw({project / FRAME})
    assert session.refresh()
    errors = [f for f in published["tiny"]["findings"] if f["severity"] == "error"]
    assert not errors and published["tiny"]["state"] == "ready", errors


def test_watch_builds_a_save_that_fixes_a_face_still_looping(project, monkeypatch):
    """`pnp watch` notes saves while it builds: a face still looping (its processor time, 600 s here, far off) when the
    fix is saved stops at once, the build says why, and the fix is built."""
    monkeypatch.setenv("PNP_FACE_SECONDS", "600")
    watch = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(project), "watch", "tiny", "--exit-after", "2", "--debounce", "100"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        lines = []
        while not (line := watch.stdout.readline()).startswith("watching") and line:
            lines.append(line)
        time.sleep(0.5)  # as conftest.watch_once: the watcher takes a moment to look after it says so
        _write_frame(project, "{% for i in range(10000) %}" + LOOPS + ENDLOOPS + "{% endfor %}\n")  # every face, for hours
        time.sleep(1.5)  # drawing the first face by now on any machine; were it not yet, the fix below only comes earlier
        _write_frame(project, "{# fixed #}\n")
        printed = "".join(lines) + watch.communicate(timeout=60)[0]
    finally:
        watch.kill()
    assert "stopped after templates/tiny/frame.j2: a newer save came" in printed, printed
    assert "built after templates/tiny/frame.j2" in printed.split("stopped after")[-1], printed


def test_a_constraint_expression_is_bound_as_a_template_is(project):
    """A constraint's `where:` expression runs in the templates' capped sandbox: a `%` width asking for a billion
    characters is one located finding at the constraint, within 1 GB, not a gigabyte taken (it once passed as true)."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("where: card.count == 1", "where: \"('%999999999d' % 1) == ''\""), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "validate", "tiny", "--quick"], capture_output=True, text=True,
                            timeout=120, preexec_fn=_capped)
    assert result.returncode == 1, result.stdout + result.stderr
    said = [line for line in result.stderr.splitlines() + result.stdout.splitlines() if "would be 999,999,999 long" in line]
    assert len(said) == 1 and said[0].startswith("data/tiny/game.yaml:"), result.stdout + result.stderr
    assert "MemoryError" not in result.stderr and "internal error" not in result.stderr


def test_the_per_face_element_cap(project):
    """One face (the knight's) draws 50,010 elements."""
    apply_edits(project, [{"file": FRAME, "append": "{% if card.id == 'knight' %}{% for i in range(5001) %}{% for j in range(10) %}{{ rect(0, 0, 1, 1) }}{% endfor %}{% endfor %}{% endif %}\n"}])
    refusal(run_pnp(project, "build", "--only", "cards"), "more than 50,000 elements on one face", "templates/tiny/frame.j2:6:")


def test_the_per_face_element_cap_leaves_room_below_it(project):
    """One face (the mage's) draws 49,000 elements and prints: every check and sheet that draws it takes it."""
    apply_edits(project, [{"file": FRAME, "append": "{% if card.id == 'mage' %}{% for i in range(4900) %}{% for j in range(10) %}{{ rect(0, 0, 1, 1) }}{% endfor %}{% endfor %}{% endif %}\n"}])
    result = run_pnp(project, "build", "--only", "cards", "--cards", "mage")
    assert result.exit_code == 0, result.output + result.stderr


def test_the_range_cap(project):
    apply_edits(project, [{"file": FRAME, "append": "{% for i in range(10001) %}{% endfor %}\n"}])
    refusal(run_pnp(project, "build", "--only", "cards"), "range of 10,001 is too long (limit 10,000)", "templates/tiny/frame.j2:6:")


GROWING = {  # each doubles or multiplies what a face template holds until a cap stops it
    "joining with ~": "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "adding text with +": "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "adding lists with +": "{% set ns = namespace(s=[0]) %}{% for i in range(60) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "the join filter": "{% set s = 'x' * 100000 %}{% set t = ([s] * 1000)|join %}",
    "a string's join": "{% set s = 'x' * 100000 %}{% set t = ''.join([s] * 1000) %}",
    "the replace filter": "{% set s = 'x' * 100000 %}{% set t = s|replace('x', s) %}",
    "a wide format": "{% set t = '%1000000000d'|format(1) %}",
    "ljust": "{% set t = 'x'.ljust(1000000000) %}",
    "a list appended to": "{% set l = [] %}{% if card.id == 'knight' %}{% for i in range(10000) %}{% for j in range(10000) %}{% do l.append(i) %}{% endfor %}{% endfor %}{% endif %}",
    "a macro's output": "{% macro m(s) %}{% for i in range(10000) %}{{ s }}{% endfor %}{% endmacro %}{% set t = m('x' * 100000) %}",
    "the template's output": "{% set s = 'x' * 100000 %}{% for i in range(10000) %}{{ s }}{% endfor %}",
}


@pytest.mark.parametrize("how", GROWING)
def test_text_and_lists_a_template_builds_are_capped(project, how):
    apply_edits(project, [{"file": FRAME, "append": GROWING[how] + "\n"}])
    shown = refusal(run_pnp(project, "build", "--only", "cards"), "(limit ", "templates/tiny/frame.j2:6:")
    assert "look for a loop" in shown or "too large" in shown


def test_a_doubling_loop_is_refused_within_10_s_of_cpu_and_500_mb(project):
    """The issue's case: 60 doublings with ~ reached 2.97 GB. Run as a user would, under a 10 s CPU limit, and measure its peak."""
    apply_edits(project, [{"file": FRAME, "append": GROWING["joining with ~"] + "\n"}])
    probe = ("import resource, subprocess, sys\n"
             "limit = lambda: resource.setrlimit(resource.RLIMIT_CPU, (10, 10))\n"
             "done = subprocess.run(sys.argv[1:], capture_output=True, text=True, preexec_fn=limit)\n"
             "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
             "print(done.stdout + done.stderr)\n")
    out = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "pnp", "--root", str(project), "build", "--only", "cards"],
                         capture_output=True, text=True, cwd=ROOT, env={**os.environ}, check=True).stdout
    head, shown = out.split("\n", 1)
    code, peak_kb = (int(v) for v in head.split())
    assert code == 1, shown  # refused, not killed by the CPU limit (-24) or out of memory
    assert "joining text with ~ would be" in shown and "templates/tiny/frame.j2:6:" in shown, shown
    assert peak_kb < 500 * 1024


def test_the_exponent_cap(project):
    apply_edits(project, [{"file": FRAME, "append": "{% set big = 2 ** 101 %}\n"}])
    refusal(run_pnp(project, "build", "--only", "cards"), "exponent 101 is too large (limit 100)", "templates/tiny/frame.j2:6:")
