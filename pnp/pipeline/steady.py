"""A process that stays up (`pnp watch`) answers a game nothing changed in with the result of its last build.

After a save, `pnp watch` rebuilds every game, though the save touched one
file of one game. Each other game would be planned again (every output's key,
every file it opened and every output file hashed again, to find all of them
reusable), its kept checks looked up and its outputs listed: a tenth of a
one-card rebuild, for games that come out the same.

A game's standing is what its build stood on, taken before the build: the
digest of every file in its folder and in its output folder, of its cache
file and of every other file its outputs opened (art), with the hash of what
all games share (templates, icons, fonts, pnp's code) and the build's
options. A build that found everything kept (no check ran, no output was
rendered) read nothing more and wrote nothing, so its result holds for as
long as the game's standing is the same; it is given again then, and the
game is not planned. Digests are of bytes, worked out again whenever a file's
status moved or it had not settled (pnp.core.files.FileDigests): a file saved
during a build changes the next standing, never the one taken before.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path

from pnp.core.assets import BUNDLED_ICONS
from pnp.core.files import file_sha256, files_under
from pnp.outputs.options import Options
from pnp.pipeline.cache import GameCache, cache_path


@dataclass(frozen=True)
class Standing:
    """What a game's build stood on: equal standings give equal results (module docstring)."""

    options: tuple[str, ...]
    shared: str
    validate: bool
    files: tuple


class SteadyGames:
    """The last result of each game whose build found everything kept (no check ran, no output was rendered), by the
    standing it was built on."""

    def __init__(self):
        self._results: dict[str, tuple[Standing, object]] = {}
        self._opened: dict[str, tuple] = {}  # cache file → (its digest, covered folders, the files opened outside them)

    def recall(self, slug: str, standing: Standing | None):
        """The result of the last build of `slug` if it stood on `standing`, else None."""
        kept = self._results.get(slug)
        if standing is None or kept is None or kept[0] != standing:
            return None
        return kept[1]

    def remember(self, slug: str, standing: Standing | None, result, worked: bool) -> None:
        """Keep `result` for `standing`, unless the build worked on the game (checked it or rendered an output): what
        worked may have opened files no standing names (an image that was missing) or written files (the standing moved)."""
        if standing is None or worked:
            self._results.pop(slug, None)
        else:
            self._results[slug] = (standing, result)

    def standing(self, project, game, runs: list[Options], shared: str, validate: bool) -> Standing | None:
        """The standing of `game`'s build for `runs` as its files are now; None when a folder of it links elsewhere."""
        folders = (*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS, game.dir)
        covered = tuple(os.path.join(path, "") for d in folders for path in dict.fromkeys((os.fspath(d), os.path.realpath(d))))  # fonts are opened by their real path
        states = [_folder_digests(game.dir)]
        files = []
        for out in sorted({options.out for options in runs}):
            states.append(_folder_digests(out / game.slug))
            cache = _record_digest(cache_path(out, game.slug))
            files.append(cache)
            files += [_file_digest(path) for path in self._opened_outside(cache, project.root, covered)]
        if None in states:
            return None
        return Standing(tuple(_options_text(options) for options in runs), shared, validate, (tuple(states), tuple(files)))

    def _opened_outside(self, cache: tuple[str, str], root: Path, covered: tuple[str, ...]) -> tuple[str, ...]:
        """The files the outputs recorded in `cache` (path, digest) opened outside the `covered` folders (art)."""
        path, digest = cache
        known = self._opened.get(path)
        if known is None or known[:2] != (digest, covered):
            reads = {os.path.join(root, name) for entry in GameCache.load(Path(path)).outputs.values() for name in entry.get("reads", {})}
            known = self._opened[path] = (digest, covered, tuple(sorted(read for read in reads if not read.startswith(covered))))
        return known[2]


def _folder_digests(folder: Path) -> tuple | None:
    """(name, sha256) of every file under `folder` (none when it is missing), or None when it is a link or links to
    another folder: an output folder a game linked to a user's folder is never read (its build is refused)."""
    if os.path.islink(folder):
        return None
    try:
        files = files_under(folder)
    except OSError:
        return None  # changing now: no standing
    return None if files is None else tuple(_file_digest(entry.path) for _, entry in files)


def _record_digest(path: Path) -> tuple[str, str]:
    """`_file_digest` of the build cache's record of a game, pnp's own file: a link at its name is read by no one."""
    return (os.fspath(path), "a link") if os.path.islink(path) else _file_digest(path)


def _file_digest(path: Path | str) -> tuple[str, str]:
    try:
        return os.fspath(path), file_sha256(path)
    except OSError:
        return os.fspath(path), "missing"


def _options_text(options: Options) -> str:
    """Every option of a build, the progress lines' callback aside."""
    return repr([(f.name, getattr(options, f.name)) for f in dataclasses.fields(options) if f.name != "progress"])
