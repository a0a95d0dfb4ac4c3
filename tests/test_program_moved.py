"""The single-file program unpacks pnp into a new temporary folder every run (issue #75, item 15): a build cache keyed
on where pnp's own files lie would make every build of it a full rebuild. Two copies of pnp in two folders stand in
for two runs of the program; the first is gone when the second runs, as the program removes what it unpacked."""
from __future__ import annotations

import shutil
import subprocess
import sys

from conftest import ROOT


def _copy_of_pnp(into):
    shutil.copytree(ROOT / "pnp", into / "pnp", symlinks=False, ignore=shutil.ignore_patterns("__pycache__"))
    return into


def _build(pnp_home, project, out):
    """`pnp build` in a new process running the copy of pnp in `pnp_home` (`python -m` puts its folder first)."""
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "tiny", "--out", str(out)],
                            cwd=pnp_home, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert str(pnp_home) in subprocess.run([sys.executable, "-c", "import pnp; print(pnp.__file__)"], cwd=pnp_home,
                                           capture_output=True, text=True).stdout, "the copy ran, not the installed pnp"
    return [line for line in result.stdout.splitlines() if line.startswith(str(out))]


def test_pnp_unpacked_elsewhere_reuses_the_last_runs_build(project, tmp_path):
    first, second = _copy_of_pnp(tmp_path / "run-1"), _copy_of_pnp(tmp_path / "run-2")
    out = tmp_path / "out"
    built = _build(first, project, out)
    assert built and not any("(reused)" in line for line in built), "the first run builds everything"
    shutil.rmtree(first)
    again = _build(second, project, out)
    assert len(again) == len(built)
    assert all(line.endswith("(reused)") for line in again), "the same pnp from another folder rebuilt:\n" + "\n".join(again)
