"""A cold `pnp build` imports only what it draws (issue #77): a library a plain build of cards does not use is imported
at its point of use, so a designer's first build does not pay for it. Each name below is a library pnp uses
elsewhere (the K-only target, ink in a pool of workers, cutter files, QR codes, `pull`, `serve`, workbooks, `watch`,
worker processes)."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

NOT_FOR_A_PLAIN_BUILD = ("coloraide", "numpy", "ezdxf", "segno", "httpx", "starlette", "uvicorn", "openpyxl", "watchfiles",
                         "multiprocessing", "concurrent")  # worker processes: one piece of work is done in the command's own

# Runs the command line in a new process and writes, at exit, the names of every module it imported.
IMPORTED = (
    "import atexit, sys\n"
    "out = sys.argv.pop(1)\n"
    "atexit.register(lambda: open(out, 'w', encoding='utf-8').write('\\n'.join(sorted(sys.modules))))\n"
    "from pnp.cli import run\n"
    "sys.argv[0] = 'pnp'\n"
    "run()\n"
)


def imported_by(tmp_path, *args: str) -> set[str]:
    names = tmp_path / "modules.txt"
    result = subprocess.run([sys.executable, "-c", IMPORTED, str(names), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return set(names.read_text(encoding="utf-8").split())


def test_a_plain_build_of_cards_imports_no_library_it_does_not_draw_with(project, tmp_path):
    modules = imported_by(tmp_path, "--root", str(project), "build", "-q", "--only", "cards", "--out", str(tmp_path / "out"))
    assert list((tmp_path / "out").rglob("*-cards.pdf")), "the build drew its cards"
    heavy = sorted({name.split(".")[0] for name in modules} & set(NOT_FOR_A_PLAIN_BUILD))
    assert not heavy, f"a plain build imported {heavy}: import them where they are used"
    assert "pnp.core.colour" in modules, "the build asked colour questions (its checks), so the test saw the colour path"
