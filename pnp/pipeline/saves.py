"""What counts as a save worth drawing again: the one rule `pnp watch` and `pnp serve` keep.

A file saved under a watched folder can change what pnp draws when it is of a
kind pnp reads (data, templates, pictures, fonts, sheets) and neither its name
nor a folder between it and the watched folder is one a game's folders ignore
(pnp.core.files.ignored_name: a copy `tiny~`, a hidden `.git`, an editor's swap
file, an office program's lock) or one no game keeps (a build's output, Python's
and Node's caches, a virtual environment). The folders above the watched one are
the designer's own business, whatever their names (a project in `~/.games/`).
"""
from __future__ import annotations

from pathlib import Path

from pnp.core.files import ignored_name
from pnp.data.image_folder import IMAGE_SUFFIXES
from pnp.data.sheet_rows import TEXT_SUFFIXES, WORKBOOK_SUFFIXES

# a deck's sheet by the kinds pnp.data.sheet_rows reads (.txt and .xlsm among them), never a list of its own
INPUT_SUFFIXES = {".yaml", ".yml", ".md", ".j2", ".svg", *IMAGE_SUFFIXES, ".ttf", ".otf", *TEXT_SUFFIXES, *WORKBOOK_SUFFIXES}
PROJECT_SUFFIX = ".json"  # a proxy printer's project file a deck deals from (pnp.data.proxy_projects); an export's JSON elsewhere is no input
SKIPPED_FOLDERS = {"output", "__pycache__", "node_modules", "venv"}


def input_filter(folders: list[Path] | list[str]):
    """A watchfiles filter, `is_input(change, path)`, passing the files under `folders` that can change what pnp draws.

    A folder just created passes too: files copied or written into it at once
    may land before the watcher looks inside it, and so never be reported
    (`pnp serve` lists them)."""
    roots = [Path(f).resolve() for f in folders]

    def is_input(change, path: str) -> bool:
        p = Path(path)
        below = next((p.relative_to(r) for r in roots if p.is_relative_to(r)), p)
        if _added(change) and p.is_dir():
            return not any(_skipped(part) for part in below.parts)
        if any(_skipped(part) for part in below.parts[:-1]):
            return False
        wanted = p.suffix.lower() in INPUT_SUFFIXES or (p.suffix.lower() == PROJECT_SUFFIX and below.parts[:1] == ("data",))
        return wanted and not ignored_name(p.name)

    return is_input


def _skipped(folder: str) -> bool:
    return ignored_name(folder) or folder in SKIPPED_FOLDERS


def _added(change) -> bool:
    """Whether watchfiles reported `change` as a file or folder added (None: no change named, a look at a folder)."""
    if change is None:
        return False
    from watchfiles import Change  # imported by whoever watches, before any change reaches here

    return change == Change.added


def saved_since(folders: list[str], since: float) -> bool:
    """Whether a file worth a new build under `folders` was saved at or after `since` (a save during `pnp watch`'s
    first build and warm-up, which come before the folders are watched: a fix saved then was never built)."""
    is_input = input_filter(folders)
    for folder in folders:
        for path in Path(folder).resolve().rglob("*"):
            try:
                if path.is_file() and is_input(None, str(path)) and path.stat().st_mtime >= since:
                    return True
            except OSError:
                continue
    return False
