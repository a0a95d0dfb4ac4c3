"""Parsed files kept across runs: what a parser made of a file's bytes, pickled in the build cache.

Every fresh process of a build reads the fonts and SVG icons its faces use
again: reportlab parses a TrueType file in Python (5–25 ms a font) and svglib
an icon (5 ms, after a 0.1 s import). Unpickling what they made takes a
fifth of that, and no svglib. An entry is keyed by the digest of the bytes
parsed, what else the caller says shaped the result, and the parser's
version, so a changed file or an upgraded library is parsed afresh; a
damaged or unreadable entry costs one parse, never the build.

The folder is the build cache's, inside the output folder: whoever can
write there can change what the build draws, as with Jinja's compiled
templates kept beside it.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
FORMAT = 1  # raised when what pnp stores in an entry changes


class KeptParses:
    """A folder of parsed files; with no folder (the default, or a build that keeps no cache) every `get` parses."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder

    def get(self, kind: str, key: str, parse: Callable[[], T], version: str) -> T:
        """What `parse` makes of the file whose bytes and parameters `key` names, from the folder when an earlier run kept
        it under the same `version` of the parser; else parsed now, and kept when it is not None."""
        if self.folder is None:
            return parse()
        entry = self.folder / f"{kind}-{self._digest(kind, key, version)}.pickle"
        with suppress(Exception):  # missing, damaged or written by another pickle: parse again
            return pickle.loads(entry.read_bytes())
        value = parse()
        if value is not None:
            self._keep(entry, value)
        return value

    @staticmethod
    def _digest(kind: str, key: str, version: str) -> str:
        return hashlib.sha256(f"{FORMAT}|{sys.version_info[:2]}|{kind}|{version}|{key}".encode()).hexdigest()

    @staticmethod
    def _keep(entry: Path, value) -> None:
        """Write the entry through a temporary file and a rename: two workers keeping the same file never mix bytes."""
        tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, entry)
        except (OSError, pickle.PicklingError, TypeError, AttributeError):  # a read-only cache, or a value pickle refuses: parse next time too
            with suppress(OSError):
                tmp.unlink()
