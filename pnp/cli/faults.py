"""Faults of the machine, not of pnp or the game: a full disk, a read-only or forbidden folder, a file gone.

Each is told in one line that names the file and says what to do, with exit
status 1, as a mistake in the data is: "internal error" (exit 3) is kept for
pnp's own bugs. Outputs are written through a temporary file and a rename
(pnp.core.files.write_atomic), so the previous output is still whole.
"""
from __future__ import annotations

import errno
import os
import re

from pnp.core.files import LinkedFolder

# What to do, by the errno the system gave.
_ADVICE = {
    errno.ENOSPC: "the disk is full: free some space, or build elsewhere with --out, then build again",
    errno.EDQUOT: "your disk quota is used up: free some space, or build elsewhere with --out, then build again",
    errno.EROFS: "that folder is on a read-only disk: build elsewhere with --out",
    errno.EACCES: "you may not write or read there: change the folder's permissions, or build elsewhere with --out",
    errno.EPERM: "you may not write or read there: change the folder's permissions, or build elsewhere with --out",
    errno.EFBIG: "the file is over the size this system (or `ulimit -f`) allows: raise the limit, or build less (--only)",
    errno.ENOENT: "it is gone: if something removed it during the build, build again",
    errno.ENOTDIR: "a file stands where a folder should: move it away, or build elsewhere with --out",
    errno.EISDIR: "a folder stands where a file should: move it away, or build elsewhere with --out",
    errno.EMFILE: "too many files are open: raise `ulimit -n`, then build again",
    errno.EIO: "the disk reported an error: check the disk, then build again",
}
# pnp's temporaries (pnp.core.temporaries): a file beside its target, an export's staging folder, the folder an old export
# is moved to, a pulled sheet's trial folder: `.<target>.<pid>-<random>.tmp`
_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.\d+-[^.]+\.tmp\Z")


def explain(exc: OSError) -> str:
    """One line for a failed read or write: the file (the output a temporary stood for), what happened, what to do."""
    name = exc.filename or exc.filename2
    if name is not None:
        name = _shown(_as_target(os.fsdecode(name)))
    if isinstance(exc, LinkedFolder):  # not the machine's fault: a link a game shipped, said as every refusal is
        return f"pnp: {name}: {exc.reason()} (nothing was written there)"
    what = exc.strerror or str(exc)
    advice = _ADVICE.get(exc.errno, "check the file and its folder, then build again")
    where = f"{name}: " if name else ""
    return f"pnp: {where}{what.lower() if what[:1].isupper() and what[1:2].islower() else what}; {advice} (nothing was left half-written)"


def _as_target(path: str) -> str:
    """`path` with each temporary on it named as what it stands for: a write that failed inside an export's staging
    folder is said at the export's folder (`out/tiny/png/cards/…`), never at a hidden name the user never sees."""
    parts = path.split(os.sep)
    for i, part in enumerate(parts):
        target = _TEMPORARY.match(part)
        if target:
            parts[i] = target.group("name")
    return os.sep.join(parts)


def _shown(path: str) -> str:
    """`path` relative to the working folder when inside it, as a user typed it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if not rel.startswith("..") else path
