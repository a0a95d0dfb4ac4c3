"""Writing outputs: atomically, so a failed build never leaves a half-written or empty file where the last good one was.

Every output is rendered to memory, written to a temporary file beside its
target and renamed into place.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(target: Path, data: bytes) -> None:
    """Write `data` to `target` through a temporary file and a rename."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary files
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def remove_stale_temporaries(folder: Path) -> None:
    """Delete temporary files a killed build left beside its outputs (a crash cannot clean up after itself)."""
    if folder.is_dir():
        for tmp in folder.glob(".*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass
