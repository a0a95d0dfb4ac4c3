"""Compile pnp's modules to bytecode before a benchmark times it, as `pip install` does: an installed pnp starts from
.pyc files.

Without this, a machine that sets PYTHONDONTWRITEBYTECODE (this one does) compiles from source, in every process,
every module whose source is newer than its bytecode: all of pnp in a fresh checkout, about 0.2 s a process. An A/B of
two checkouts where only one was compiled read 13–15 % faster for the other (s27, docs/architecture.md)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compile_bytecode(root: Path = ROOT) -> None:
    """Write the bytecode of every module under `root`/pnp whose source changed since it was last written."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "pnp")], check=True, stdout=subprocess.DEVNULL)
