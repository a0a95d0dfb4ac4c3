"""A plain `pnp build` imports only what it draws with (issue #76): each module a first build of the tiny game never
needs (the server, the network, spreadsheets, cut files, QR codes, the exports) stays unimported, so a module-level
import that drags one in, and the start-up it costs every build, fails here rather than in a benchmark nobody reads."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT, TEST_PROJECT

# What a first `pnp build` of the tiny game (cards, a board and tokens; no QR code, cut file, workbook or export) must
# not import, read from sys.modules after such a build in one process at 43eb69a (`python -X importtime -m pnp build`
# misses what its worker imports): nothing here was imported then. Extend it as imports are made lazy (pypdfium2 is
# still imported by today's plain build, for the ink figure; the readability check imports the box, die and label
# builders); never shorten it to let an import through.
NOT_IMPORTED_BY_A_PLAIN_BUILD = (
    # libraries of other commands and features
    "asyncio", "starlette", "uvicorn", "h11", "httpx", "watchfiles", "ezdxf", "segno", "python_calamine", "pypdf",
    # not ssl: reportlab 5.0 (our floor) imports urllib.request, and with it ssl, in reportlab.lib.utils
    "sqlite3", "http.server", "coloraide", "openpyxl", "fontTools",
    # worker processes: a build that forks none does its work in the command's own process
    "multiprocessing", "concurrent.futures",
    # pnp's own modules for other commands and kinds
    "pnp.serve", "pnp.serve.app", "pnp.serve.editing", "pnp.targets.pull", "pnp.targets.export_tts", "pnp.targets.export_vtt",
    "pnp.targets.export_pcio", "pnp.targets.export_png", "pnp.targets.export_sprites",
    "pnp.targets.preflight", "pnp.targets.bundle", "pnp.render.cut_dxf", "pnp.cli.watching",
    "pnp.targets.export_vendor", "pnp.targets.vendor_preflight", "pnp.targets.order_files", "pnp.targets.vendor_orders",
    "pnp.targets.vendor_pdfx",
    # issue #77: the commands a build never runs (pnp.cli.LAZY_COMMANDS) and what only they use
    "pnp.cli.draw", "pnp.checks.simulate", "pnp.cli.feedback", "pnp.data.answers", "pnp.cli.revisions", "pnp.cli.scaffold",
    "pnp.cli.sellsheet", "pnp.cli.showcase", "pnp.cli.targets", "pnp.targets.export", "pnp.targets.vendors", "pnp.cli.translate",
    # issue #77: readers of what the tiny game has none of (a spreadsheet, a translated rulebook), a nesting shape's packer
    "pnp.data.spreadsheet", "pnp.data.sheet_rows", "pnp.data.workbooks", "pnp.data.formulas", "pnp.data.translations", "pnp.render.nesting",
    # issue #77 (s18): what only a mistake or a rare deck calls: a template's syntax error, a machine's fault, a live sheet
    "pnp.layout.syntax_column", "pnp.cli.faults", "pnp.data.live",
)
# What a first `pnp build --only cards` of a plain deck (listed cards, no icon, no constraint, no cutter: the standard
# deck's kind, tests/test_plain_imports.py's own) imports besides: the tiny game draws SVG icons, which read svglib's
# version through importlib.metadata, so these are held on a deck that has none (issue #77). Never shorten it.
NOT_IMPORTED_BY_A_PLAIN_DECK = (
    # importlib.metadata brings email, csv and zipfile's readers; pydantic's plugin loader imported it for every build
    # (not email: reportlab 5.0, our floor, imports urllib.request, and with it email, in reportlab.lib.utils)
    "importlib.metadata", "csv", "xml.etree.ElementTree",
    "pnp.render.cutters", "pnp.checks.constraints", "pnp.data.tokens",
    # the models of a game's other files (boards, tokens, boxes, dice, the reference): pnp.data.schema.PART_NAMES
    "pnp.data.part_schema",
    # issue #77 (s18): what draws a picture, an icon of the bundled set, a polygon, a gradient or a QR code, and reads pixels
    "zipfile", "pnp.render.pictures", "pnp.render.paths", "pnp.core.pixels",
    # issue #77 (s20): a deck of flat shapes and text has its ink worked out from what it draws (pnp.render.ink_elements),
    # so its PDF is never rasterised; and reads no picture, so Pillow's Image module and its tag tables wait (deferred_pil)
    "pypdfium2", "PIL.TiffTags", "PIL.ExifTags",
    # issue #77 (s21): the models of a deck whose `count_column: none` gives one copy of each card (a spreadsheet's)
    "pnp.data.one_each_schema",
)
# The models of game.yaml's sections a plain deck's game does not write (issue #77, s21): their defaults are made
# unvalidated (pnp.data.schema.GameSpec), so a plain deck's build never builds their own validators. Never shorten it.
NOT_BUILT_BY_A_PLAIN_DECK = ("FeedbackSpec", "SetupSpec", "LabelsSpec")
DECK_GAME = "title: Plain\nplayers: {min: 1, max: 2}\npalette: {ink: '#222222', paper: '#faf7f0', band: '#2a6f97'}\n"
DECK = "name: Plain\nsize: poker\nfront: plain/front.j2\nback: plain/back.j2\ncards:\n  - {id: a, title: One}\n  - {id: b, title: Two}\n"
DECK_FRONT = '{{ rect(0, 0, face.w, face.h, fill="paper") }}{{ rect(0, 0, face.w, 16, fill="band") }}{{ text(card.title, 5, 20, face.w - 10, 12) }}'
DECK_BACK = '{{ rect(0, 0, face.w, face.h, fill="band") }}'


def test_every_name_on_the_list_is_a_module_that_exists():
    """A misspelt name would pass the import test for ever: each one must be a module this install can import."""
    missing = [name for name in NOT_IMPORTED_BY_A_PLAIN_BUILD if importlib.util.find_spec(name) is None]
    assert not missing, f"not modules of this install: {missing}"


def test_the_name_lists_the_command_line_keeps_are_the_tables_own():
    """`--cutter` and `--vendor` are offered from small lists (so the CLI imports neither table): each is its table's."""
    from pnp.render.cutter_names import CUTTER_NAMES
    from pnp.render.cutters import CUTTERS
    from pnp.targets.vendor_names import VENDOR_NAMES
    from pnp.targets.vendors import vendor_names
    assert tuple(CUTTERS) == CUTTER_NAMES
    assert vendor_names() == VENDOR_NAMES


def test_the_other_files_models_are_read_through_the_schema():
    """Every name pnp.data.part_schema declares is read through pnp.data.schema as before (kinds' `part`, imports), and
    is the same object: the split saves a deck's build their models and changes nothing else."""
    import pnp.data.part_schema as parts
    import pnp.data.schema as schema
    import pnp.data.schema_base as base
    declared = {name for name, value in vars(parts).items() if isinstance(value, type) and value.__module__ == parts.__name__}
    declared |= {name for name in vars(parts) if name.isupper() and not hasattr(base, name)}  # its own tables, not the shared caps
    assert declared == schema.PART_NAMES
    assert all(getattr(schema, name) is getattr(parts, name) for name in schema.PART_NAMES)


def test_a_section_a_game_leaves_out_is_what_validating_it_empty_gives():
    """The sections of NOT_BUILT_BY_A_PLAIN_DECK a game.yaml leaves out are made unvalidated (pnp.data.schema.GameSpec):
    each is what the section written empty gives, field for field, with the same fields set, and each game its own."""
    import pnp.data.schema as schema

    plain = {"title": "Plain", "players": {"min": 1, "max": 2}}
    left_out, other = schema.GameSpec.model_validate(plain), schema.GameSpec.model_validate(plain)
    written = schema.GameSpec.model_validate({**plain, "feedback": {}, "setup": {}, "labels": {}})
    for section in ("feedback", "setup", "labels"):
        made, empty = getattr(left_out, section), getattr(written, section)
        assert type(made).__name__ in NOT_BUILT_BY_A_PLAIN_DECK
        assert made == empty and made.model_dump() == empty.model_dump() and made.model_fields_set == empty.model_fields_set == set()
        assert made is not getattr(other, section)
    assert left_out.labels.label_sheet("a4").title == written.labels.label_sheet("a4").title


def test_every_command_is_offered_and_found():
    """A command imported when named (pnp.cli.LAZY_COMMANDS) is listed by --help and runs by its name."""
    import click

    from pnp.cli import LAZY_COMMANDS, main
    ctx = click.Context(main)
    assert set(LAZY_COMMANDS) <= set(main.list_commands(ctx))
    assert all(main.get_command(ctx, name).name == name for name in main.list_commands(ctx))


def test_a_misspelt_command_is_told_the_command_it_may_mean():
    """A misspelt command is refused by click, which (from click 8.4) names the closest command among those loaded:
    a command imported only when named is offered as every other is."""
    import click
    from click.testing import CliRunner

    from pnp.cli import main
    said = CliRunner().invoke(main, ["exprt"]).output
    assert "No such command 'exprt'" in said
    if hasattr(click.exceptions, "NoSuchCommand"):  # click 8.4 and later suggest; 8.2 (the floor) names the mistake alone
        assert "Did you mean 'export'" in said, said


def test_a_build_on_two_cores_of_printed_sheets_imports_no_numpy_to_wait_with(tmp_path):
    """A build on two cores imports pdfium in its own process while the last worker renders, ready to measure ink: not
    numpy, which only a page measured pixel by pixel needs, and which the tiny game's sheets never meet."""
    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    imported = _after_a_build(project, "tiny", ("numpy", "pypdfium2"), jobs="2")
    assert list((project / "output").rglob("*-rulebook.pdf")), "the build drew every output"
    assert imported == "['pypdfium2']", f"the build's own process imported: {imported}"


def _after_a_build(project, game: str, names, *args: str, also: str = "", env: dict | None = None, jobs: str = "1") -> str:
    """What `pnp build GAME -q ARGS` run as the `pnp` command in a new process left in sys.modules: the sorted list
    of `names` imported (printed as Python writes it), then `also` evaluated there, on one line, by an exit handler (the
    command ends its process itself: pnp.launch.leave)."""
    probe = (f"import atexit, runpy, sys\nnames = sys.argv[2:]\nsys.argv = ['pnp', '--root', sys.argv[1], 'build', {game!r}, '-q', *{list(args)!r}]\n"
             f"atexit.register(lambda: print(sorted(m for m in names if m in sys.modules){', ' + also if also else ''}))\n"
             "runpy.run_module('pnp', run_name='__main__')\n")
    done = subprocess.run([sys.executable, "-c", probe, str(project), *names], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          env={**(os.environ if env is None else env), "PYTHONPATH": str(ROOT), "PNP_JOBS": jobs})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_a_plain_build_imports_none_of_what_it_does_not_need(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    imported = _after_a_build(project, "tiny", NOT_IMPORTED_BY_A_PLAIN_BUILD)
    assert (project / "output").is_dir()  # it built
    assert imported == "[]", f"a plain build imported: {imported}"


def test_a_plain_build_of_cards_alone_imports_no_numpy(tmp_path):
    """A deck's sheets are flat fills, measured for ink by their colours: numpy is for pages of many colours (a board's
    art, a token's picture), so a build of cards alone never imports it."""
    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    imported = _after_a_build(project, "tiny", ("numpy", *NOT_IMPORTED_BY_A_PLAIN_BUILD), "--only", "cards", also="'pnp.core.colour' in sys.modules")
    assert list((project / "output").rglob("*-cards.pdf")), "the build drew its cards"
    assert imported == "[] True", f"a build of cards imported (and asked colour questions): {imported}"


def test_a_plain_deck_imports_no_metadata_reader_nor_what_it_does_not_draw(tmp_path):
    """A deck of listed cards with no icon, constraint or cutter (the standard deck's kind) imports none of
    NOT_IMPORTED_BY_A_PLAIN_DECK: pydantic finds no plugins without importlib.metadata (pnp.data.pydantic_plugins), and
    the cut marks, constraint checks and token readers wait for a game that has them; nor builds the validators of
    NOT_BUILT_BY_A_PLAIN_DECK, the sections its game.yaml leaves out."""
    project = tmp_path / "project"
    (project / "data" / "plain" / "decks").mkdir(parents=True)
    (project / "templates" / "plain").mkdir(parents=True)
    (project / "data" / "plain" / "game.yaml").write_text(DECK_GAME, encoding="utf-8")
    (project / "data" / "plain" / "decks" / "plain.yaml").write_text(DECK, encoding="utf-8")
    (project / "templates" / "plain" / "front.j2").write_text(DECK_FRONT, encoding="utf-8")
    (project / "templates" / "plain" / "back.j2").write_text(DECK_BACK, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    built = f"[name for name in {NOT_BUILT_BY_A_PLAIN_DECK!r} if getattr(sys.modules['pnp.data.schema'], name).__pydantic_complete__]"
    imported = _after_a_build(project, "plain", (*NOT_IMPORTED_BY_A_PLAIN_BUILD, *NOT_IMPORTED_BY_A_PLAIN_DECK), "--only", "cards", also=built, env=env)
    assert list((project / "output").rglob("*-cards.pdf")), "the build drew its cards"
    assert imported == "[] []", f"a plain deck's build imported (and built the validators of): {imported}"


def run_probe(probe: str, timeout: float) -> subprocess.CompletedProcess:
    """`probe` run by a new Python importing this checkout's pnp, its output captured."""
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_a_command_start_up_is_frozen_and_leaves_the_collector_as_it_found_it():
    """pnp.core.collector.frozen_after, which the launcher runs pnp's imports under: what they made is frozen out of
    later collections, and the collector runs again after it (a `pnp watch` still collects between rebuilds), or stays
    off for a caller that had it off."""
    probe = ("import gc\nfrom pnp.core.collector import frozen_after\nmade = frozen_after(lambda: [[] for _ in range(1000)])\n"
             "print(gc.isenabled(), gc.get_freeze_count() >= len(made))\ngc.disable()\nfrozen_after(list)\nprint(gc.isenabled())\n"
             "gc.enable()\nfrozen_after(list, keep_off=True)\nprint(gc.isenabled())")
    done = run_probe(probe, timeout=60)
    assert done.stdout.split() == ["True", "True", "False", "False"], done.stdout + done.stderr


def test_a_command_that_ends_the_process_ends_with_its_status_its_output_and_every_exit_handler(tmp_path):
    """`pnp build` (pnp.launch.ENDS_PAUSED) ends its process at once after its last exit handler: the status it
    raised (1, an error in the data), every line it wrote, and an exit handler registered while the command ran (as its
    libraries register theirs) all reach the caller, and the collector stayed off from start-up to the end."""
    project = tmp_path / "project"
    (project / "data" / "plain" / "decks").mkdir(parents=True)
    (project / "data" / "plain" / "game.yaml").write_text(DECK_GAME, encoding="utf-8")
    (project / "data" / "plain" / "decks" / "plain.yaml").write_text(DECK.replace("size: poker", "size: huge"), encoding="utf-8")
    late, early = tmp_path / "late", tmp_path / "early"
    probe = ("import atexit, gc, sys\nimport pnp.launch as launch\nloaded, marker = launch._command_line, sys.argv[2]\n"
             "if len(sys.argv) > 3:\n    early = sys.argv[3]\n    atexit.register(lambda: open(early, 'w').write('ran'))\n"
             "def load():\n    made = loaded()\n    atexit.register(lambda: open(marker, 'w').write(str(gc.isenabled())))\n    return made\n"
             "launch._command_line = load\nsys.argv = ['pnp', '--root', sys.argv[1], 'build', 'plain']\nlaunch.run()")
    for before in ((), (str(early),)):  # and with a handler registered before pnp's start (as coverage registers its own)
        done = subprocess.run([sys.executable, "-c", probe, str(project), str(late), *before], capture_output=True, text=True, cwd=ROOT,
                              timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 1, done.stdout + done.stderr
        assert "plain.yaml:2:" in done.stderr and "size must be one of" in done.stderr, done.stderr  # the finding, located, then
        assert done.stderr.rstrip().endswith("plain: 1 error, 0 warnings"), done.stderr  # the summary: the last line written
        assert late.read_text() == "False", "the exit handler ran, with the collector off"
        late.unlink()
    assert early.read_text() == "ran", "a handler registered before pnp started ran too"


def test_a_translated_edition_starts_with_an_earlier_editions_cycles_collected():
    """With the collector kept off (pnp.launch.ENDS_PAUSED), `pnp build --lang all` draws each edition after the cycles
    of the one before are collected (a canvas and its pictures are one), as when each edition's end collected them."""
    import gc
    import weakref

    from pnp.cli.common import in_edition
    from pnp.core.errors import Report

    class Cycle:
        pass

    was = gc.isenabled()
    gc.disable()
    try:
        earlier = Cycle()
        earlier.me = earlier
        left = weakref.ref(earlier)
        del earlier
        with in_edition(Report(), ""):  # the source edition, first: nothing before it to collect
            assert left() is not None
        with in_edition(Report(), "de"):
            assert left() is None, "the earlier edition's cycle is still held"
    finally:
        if was:
            gc.enable()


def test_the_command_loads_pillow_when_a_picture_needs_it_and_reportlab_reads_pictures_as_before():
    """After the `pnp` command's start (pnp.launch._command_line, pnp.core.deferred_pil) reportlab's canvas imports
    Pillow's Image module without running it: its tag tables are not built. A picture read through reportlab then
    finds Pillow whole, the same module every other importer finds."""
    probe = ("import io, sys\nimport pnp.launch as launch\nlaunch._command_line()\n"
             "import reportlab.pdfgen.canvas, reportlab.lib.utils as rl\n"
             "print('reportlab.lib.utils' in sys.modules, 'PIL.TiffTags' in sys.modules)\n"
             "import PIL.Image\nfrom PIL import Image\nsaved = io.BytesIO()\nImage.new('RGB', (3, 2), (200, 10, 10)).save(saved, 'PNG')\n"
             "picture = rl.ImageReader(io.BytesIO(saved.getvalue()))\n"
             "print(picture.getSize(), picture.getRGBData()[:3] == b'\\xc8\\n\\n', rl.Image is Image is PIL.Image, 'PIL.TiffTags' in sys.modules)")
    done = run_probe(probe, timeout=120)
    assert done.stdout.split("\n")[:2] == ["True False", "(3, 2) True True True"], done.stdout + done.stderr


@pytest.mark.skipif(not hasattr(os, "register_at_fork"), reason="a worker is forked only where processes fork")
def test_a_fork_while_pillow_loads_waits_for_it_so_the_child_finds_pillow_whole():
    """A process forked while another thread runs Pillow's Image module into its stand-in (pnp.core.deferred_pil) is
    forked once the load is done: its child finds the whole module, not half of one behind a lock no thread of its
    own holds (it would wait for ever). The load is slowed here so that the fork surely falls inside it."""
    probe = ("import os, sys, threading, time\nfrom pnp.core.deferred_pil import defer_pillow\ndefer_pillow()\n"
             "deferred = sys.modules['PIL.Image']\nreal = deferred.__spec__.loader\n"
             "class Slow:\n    def exec_module(self, module):\n        time.sleep(0.3)\n        real.exec_module(module)\n"
             "deferred.__spec__.loader = Slow()\nloading = threading.Thread(target=lambda: deferred.new)\nloading.start()\n"
             "time.sleep(0.05)\npid = os.fork()\nif pid == 0:\n    import signal\n    signal.alarm(5)  # a child left waiting ends\n    from PIL import Image\n"
             "    print(Image.new('RGB', (3, 2)).size, flush=True)\n    os._exit(0)\nos.waitpid(pid, 0)\nloading.join()")
    done = run_probe(probe, timeout=20)
    assert done.stdout.strip() == "(3, 2)", done.stdout + done.stderr
