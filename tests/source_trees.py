"""pnp's own modules, each read and parsed once per test process for the house tests that read the code itself
(test_house, test_code_shape, test_layers, test_game_words): parsing the whole package costs a third of a second, and
those files parsed it five times over. A tree is shared by every test that asks: read it (`ast.walk`), never change it.
"""
from __future__ import annotations

import ast
import functools
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Module:
    """One Python file as it stands: its text and its syntax tree."""

    source: str
    tree: ast.Module


def modules(base: Path) -> list[Path]:
    """Every module of the package `base`/pnp, in order."""
    return sorted((base / "pnp").rglob("*.py"))


def parsed(path: Path) -> Module:
    """The file at `path`, read and parsed once while its size and time stay the same (a test that writes a package of
    its own, in a folder of its own, gets its own files read)."""
    stat = os.stat(path)
    return _parsed(Path(path), stat.st_size, stat.st_mtime_ns)


@functools.cache
def _parsed(path: Path, size: int, mtime_ns: int) -> Module:
    source = path.read_text(encoding="utf-8")
    return Module(source, ast.parse(source, str(path)))
