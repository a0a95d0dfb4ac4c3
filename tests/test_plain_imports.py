"""A plain `pnp build` imports only what it draws with (issue #76): each module a first build of the tiny game never
needs (the server, the network, spreadsheets, cut files, QR codes, the exports) stays unimported, so a module-level
import that drags one in, and the start-up it costs every build, fails here rather than in a benchmark nobody reads."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

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
    "pnp.targets.export_pcio", "pnp.targets.export_png", "pnp.targets.export_pod", "pnp.targets.export_sprites",
    "pnp.targets.preflight", "pnp.targets.bundle", "pnp.render.cut_dxf", "pnp.cli.watching", "pnp.launch.forkserver",
    "pnp.targets.export_vendor", "pnp.targets.vendor_preflight", "pnp.targets.order_files",
)


def test_every_name_on_the_list_is_a_module_that_exists():
    """A misspelt name would pass the import test for ever: each one must be a module this install can import."""
    missing = [name for name in NOT_IMPORTED_BY_A_PLAIN_BUILD if importlib.util.find_spec(name) is None]
    assert not missing, f"not modules of this install: {missing}"


def test_a_plain_build_imports_none_of_what_it_does_not_need(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    names = list(NOT_IMPORTED_BY_A_PLAIN_BUILD)
    probe = ("import runpy, sys\nsys.argv = ['pnp', '--root', sys.argv[1], 'build', 'tiny', '-q']\n"
             "try:\n    runpy.run_module('pnp', run_name='__main__')\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n"
             f"print(sorted(m for m in {names!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe, str(project)], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PNP_JOBS": "1", "PNP_SERVER": "0"})
    assert done.returncode == 0, done.stderr
    assert (project / "output").is_dir()  # it built
    assert done.stdout.strip().splitlines()[-1] == "[]", f"a plain build imported: {done.stdout.strip().splitlines()[-1]}"


def test_a_plain_build_of_cards_alone_imports_no_numpy(tmp_path):
    """A deck's sheets are flat fills, measured for ink by their colours: numpy is for pages of many colours (a board's
    art, a token's picture), so a build of cards alone never imports it."""
    project = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    probe = ("import runpy, sys\nnames = ('numpy', *sys.argv[2:])\nsys.argv = ['pnp', '--root', sys.argv[1], 'build', 'tiny', '-q', '--only', 'cards']\n"
             "try:\n    runpy.run_module('pnp', run_name='__main__')\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n"
             "print(sorted(m for m in names if m in sys.modules), 'pnp.core.colour' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe, str(project), *NOT_IMPORTED_BY_A_PLAIN_BUILD], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT), "PNP_JOBS": "1", "PNP_SERVER": "0"})
    assert done.returncode == 0, done.stderr
    assert list((project / "output").rglob("*-cards.pdf")), "the build drew its cards"
    assert done.stdout.strip().splitlines()[-1] == "[] True", f"a build of cards imported (and asked colour questions): {done.stdout.strip().splitlines()[-1]}"
