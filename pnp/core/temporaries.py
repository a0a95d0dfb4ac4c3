"""Temporary files and folders a killed command left, found by their names and swept where pnp writes next.

A file pnp writes is made under a temporary name beside its target and renamed into place (pnp.core.files), an export
is staged in a temporary folder, a pulled sheet is tried in one: each named `.<target>.<pid>-<random>.tmp`. A kill -9
leaves them, and nothing else would remove them (an export's staging folder held 93,230 files), so each command sweeps
the folders it writes into the first time it writes there; its own and those of commands still running stay.
"""
from __future__ import annotations

import os
import re
import shutil
import stat
import time
from contextlib import suppress
from pathlib import Path

STALE_S = 3600  # a temporary file untouched this long is left by a build that is gone: no build writes one file for an hour
_TEMPORARY = re.compile(r"^\..+\.(?P<pid>\d+)-[^.]+\.tmp\Z")  # _new_temporary's name


def remove_stale_temporaries(folder: Path, owned: bool = True) -> None:
    """Delete the temporary files and folders a killed command left in `folder` (a kill -9 cannot clean up after
    itself): a build's or the editor's temporary beside the file it writes, an export's staging folder (one held 93,230
    files), a pull's trial folder; and only those: a command writing into the same folder now keeps its own
    (`stale_temporary`). Every command sweeps the folders it writes into before it writes there. In a folder pnp does
    not own (`owned` False: templates/, decks/), only names carrying a process id, as pnp's own do, are touched.
    `folder` is one its caller checked is no link and lies in none (pnp.core.files.folder_to_write): never a linked
    folder's files."""
    if not os.path.isdir(folder):
        return
    now = time.time()
    for tmp in folder.glob(".*.tmp"):
        with suppress(OSError):
            st = tmp.lstat()  # a link is neither: never followed, never removed
            if (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)) and stale_temporary(tmp.name, now - st.st_mtime, owned):
                shutil.rmtree(tmp) if stat.S_ISDIR(st.st_mode) else tmp.unlink()


_SWEPT: set[str] = set()  # the folders this process has swept: a command sweeps each folder it writes into once


def sweep_once(folder: Path) -> None:
    """`remove_stale_temporaries(folder)` the first time this process writes into `folder`: wherever pnp writes (the
    editor's templates, a pulled snapshot's decks/, pnp.yaml, the caches), what a killed command left there goes."""
    if os.fspath(folder) not in _SWEPT:
        _SWEPT.add(os.fspath(folder))
        remove_stale_temporaries(folder, owned=False)


def stale_temporary(name: str, age_s: float, owned: bool = True) -> bool:
    """Whether a temporary named `name` and last written `age_s` ago belongs to no running command: its writer's
    process is gone, or it is older than STALE_S (a process id used again by another program), or, in a folder pnp
    owns, its name carries no process id (an older pnp's)."""
    found = _TEMPORARY.match(name)
    if found is None:
        return owned
    if age_s > STALE_S:
        return True
    pid = int(found["pid"])
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # another user's process: alive
    return False
