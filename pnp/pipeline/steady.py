"""A game nothing changed in is answered with the result of its last build, without being read or planned.

A build of a project whose games did not change would read every game,
plan every output (every output's key, every file it opened and every
output file hashed again, to find all of them reusable), look up its kept
checks and list its outputs: for `pnp build` in a new process, most of that
is importing the schema and the drawing machinery to find nothing to do; in
`pnp watch`, a tenth of a one-card rebuild, for games that come out the same.

A game's standing is what its build stood on: the digest of every file in its
folder and in its output folder, of its cache file, of its printed-cards
record and of every other file its outputs opened (art), with the hash of
what all games share (templates, icons, fonts, pnp's code) and the build's
options. Equal standings give equal results. Digests are of bytes, worked out
again whenever a file's status moved or it had not settled
(pnp.core.files.FileDigests).

Each build that found no error is kept in the build cache by the standing it
left once written (`KeptBuilds`), if the game's files and the art it opened
are still what it read: a build in any process, `pnp watch`'s after each
save among them, answers the game from there while its standing holds.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from pnp.core.assets import ASSETS, BUNDLED_ICONS
from pnp.core.errors import Finding, Report
from pnp.core.files import Refused, file_sha256, files_under, inside, special_kind, write_atomic
from pnp.core.folder_count import files_past
from pnp.core.sealed import read_sealed, seal
from pnp.outputs.options import Options
from pnp.pipeline.built import GameBuild, Output
from pnp.pipeline.cache import CACHE_DIR, GameCache, cache_path, finding_from_json, finding_to_json, read_path, shared_inputs_hash
from pnp.pipeline.printed_cards import stamps_path


@dataclass(frozen=True)
class Standing:
    """What a game's build stood on: equal standings give equal results (module docstring)."""

    options: tuple[str, ...]
    shared: str
    validate: bool
    inputs: tuple  # (name, sha256) of every file of the game's folder
    built: tuple  # the output folders' files and the cache records
    art: tuple  # (path, sha256 now, sha256 the cache recorded it read with) of each file the outputs opened outside the covered folders

    def digest(self) -> str:
        return hashlib.sha256(repr(dataclasses.astuple(self)).encode()).hexdigest()

    def same_inputs(self, other: Standing) -> bool:
        """Whether `other` stood on the same game files, shared inputs and options: no input changed between the two."""
        return (self.options, self.shared, self.validate, self.inputs) == (other.options, other.shared, other.validate, other.inputs)

    def art_as_read(self) -> bool:
        """Whether every file the outputs opened outside the covered folders has the bytes the build read."""
        return all(now == read for _, now, read in self.art)


def standing_of(project, slug: str, runs: list[Options], shared: str, validate: bool) -> Standing | None:
    """The standing of game `slug` built for `runs`, as its files are now; None when a folder of it links elsewhere."""
    folder = project.data_dir / slug
    inputs = _folder_digests(folder, project.data_dir, project.root)
    states, files, art = [], [], []
    for out in sorted({options.out for options in runs}):
        states.append(_folder_digests(out / slug, out / slug))
        files += [_record_digest(cache_path(out, slug)), _record_digest(stamps_path(out, slug))]
        art += [(path, _art_digest(path, project.root)[1], read) for path, read in _read_outside(out, slug, project, folder)]
    if inputs is None or None in states:
        return None
    return Standing(tuple(_options_text(options) for options in runs), shared, validate, inputs, (tuple(states), tuple(files)), tuple(art))


def _read_outside(out: Path, slug: str, project, folder: Path) -> list[tuple[str, str]]:
    """(path, the digest it was read with) of each file the outputs recorded in the game's cache opened outside the
    folders a standing covers as a whole (the shared inputs' and the game's): art."""
    roots = (*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS, folder)
    covered = tuple(os.path.join(path, "") for d in roots for path in dict.fromkeys((os.fspath(d), os.path.realpath(d))))  # fonts are opened by their real path
    reads = {read_path(name, project.root): digest for entry in GameCache.load(cache_path(out, slug)).outputs.values()
             for name, digest in entry.get("reads", {}).items()}
    return sorted((path, digest) for path, digest in reads.items() if not path.startswith(covered))


def _folder_digests(folder: Path, within: Path, *also: Path) -> tuple | None:
    """(name, sha256) of every file under `folder` (none when it is missing; what is no plain file inside `within` named
    by what it is, as `_file_digest` does), or None when it is a link, leads out of `within` or of `also` (the project,
    whose data/ may itself be a link out) or links to another folder: an output folder a game linked to a user's folder
    is never read (its build is refused), nor a game's folder whose data/ leads out of the project."""
    if os.path.islink(folder) or files_past(folder) is not None:  # too many to hash: the load refuses the game
        return None
    try:
        inside(folder, within, *also)
        files = files_under(folder)
    except (Refused, OSError):
        return None  # leads elsewhere, or changing now: no standing
    return None if files is None else tuple(_entry_digest(entry, within) for _, entry in files)


def _entry_digest(entry: os.DirEntry, within: Path) -> tuple[str, str]:
    """`_file_digest` of a listed file: one that is no link lies where its folder does, so only a link's real path is
    looked up."""
    if entry.is_symlink():
        return _file_digest(entry.path, within)
    try:
        kind = special_kind(entry.stat(follow_symlinks=False).st_mode)
        return entry.path, (f"refused: {kind}" if kind else file_sha256(entry.path))
    except Refused as exc:  # made a pipe since it was listed
        return entry.path, f"refused: {type(exc).__name__}"
    except OSError:
        return entry.path, "missing"


def _record_digest(path: Path) -> tuple[str, str]:
    """`_file_digest` of the build cache's record of a game, pnp's own file: a link at its name is read by no one."""
    return (os.fspath(path), "a link") if os.path.islink(path) else _file_digest(path, path.parent)


def _file_digest(path: Path | str, within: Path) -> tuple[str, str]:
    """(path, sha256) of a plain file inside `within`, read only then: a link leading out of it, a named pipe or a
    device is named by what it is and never opened (a stranger's game may hold one: the build refuses it where it
    reads it, so its standing is never kept)."""
    try:
        inside(path, within)
        return os.fspath(path), file_sha256(path)
    except Refused as exc:
        return os.fspath(path), f"refused: {type(exc).__name__}"
    except OSError:
        return os.fspath(path), "missing"


def _art_digest(path: str, root: Path) -> tuple[str, str]:
    """`_file_digest` of a file an output opened outside the covered folders: art in the project, or a template pnp
    ships (the labels')."""
    return _file_digest(path, ASSETS if Path(path).is_relative_to(ASSETS) else root)


def _options_text(options: Options) -> str:
    """Every option of a build, the progress lines' callback aside."""
    return repr([(f.name, getattr(options, f.name)) for f in dataclasses.fields(options) if f.name != "progress"])


class KeptBuilds:
    """What each game's last build gave, kept in the build cache by the standing it left, for a build in any later
    process: a game whose standing is the same again is answered with it, without reading its files or planning it.

    The standing a build leaves is taken once it has written everything, and
    kept only when the game's files, the shared inputs and the art its outputs
    opened are what they were before it read them (a save during the build
    keeps nothing), and when the build found no error. What is kept is what a
    build finding everything as it was would show: the findings of reading the
    game and of its checks, and each output reused, with its warnings but not
    the notes of the build that rendered it (pnp.pipeline.built.GameBuild.as_reused).
    The record is pnp's own sealed file: one another user or machine wrote is
    never read (pnp.core.sealed)."""

    def __init__(self, project, runs: list[Options], validate: bool):
        self.project, self.runs, self.validate = project, runs, validate
        self.folder = runs[0].out / CACHE_DIR / "builds"
        self.before: dict[str, Standing | None] = {}
        self._shared: str | None = None  # the shared inputs' hash before the build: taken once for every game

    @staticmethod
    def serve(runs: list[Options]) -> bool:
        """Whether a build with `runs` may be answered from kept builds: not one that marks cards as printed or prints
        only those changed since (it reads the printed record), nor one that picks decks or cards (they are checked
        against every game of the run), nor one going without this mechanism."""
        return not any(o.changed or o.mark_printed or o.decks or o.cards or "steady" in o.without for o in runs)

    def answer(self, slug: str) -> tuple[list[Finding], GameBuild] | None:
        """(what reading the game found, its build) kept for the standing `slug` has now, else None; either way the
        standing is noted, for `remember`."""
        self._shared = self._shared or shared_inputs_hash(self.project)
        standing = self.before[slug] = self._standing(slug, self._shared)
        if standing is None:
            return None
        try:
            record = json.loads(read_sealed(self._record(slug)) or b"{}")
            if record.get("standing") != standing.digest():
                return None
            built = GameBuild(slug, [finding_from_json(d) for d in record["checked"]],
                              [([Output.from_json(o) for o in outputs], [finding_from_json(d) for d in findings], 0.0) for outputs, findings in record["builds"]])
            return [finding_from_json(d) for d in record["found"]], built
        except (OSError, ValueError, KeyError, TypeError, AttributeError):  # damaged or of another shape: the game is planned
            return None

    def remember(self, slug: str, found: list[Finding], built: GameBuild, strict: bool) -> None:
        """Keep the build of `slug` just made, with what reading the game found, unless it found an error (or, with
        `strict`, a warning), or an input changed while it ran (module docstring)."""
        shown = Report([*found, *built.checked, *(f for _, findings, _ in built.builds for f in findings)])
        if shown.errors(strict) or not built.builds:
            return
        before, after = self.before.get(slug), self._standing(slug, shared_inputs_hash(self.project))
        if before is None or after is None or not before.same_inputs(after) or not after.art_as_read():
            return
        reused = built.as_reused()
        record = {"standing": after.digest(), "found": [finding_to_json(f) for f in found], "checked": [finding_to_json(f) for f in reused.checked],
                  "builds": [[[o.to_json() for o in outputs], [finding_to_json(f) for f in findings]] for outputs, findings, _ in reused.builds]}
        with suppress(OSError):  # a cache that cannot be written keeps nothing: the next build plans the game
            write_atomic(self._record(slug), seal(json.dumps(record, ensure_ascii=False).encode("utf-8")), durable=False)

    def _record(self, slug: str) -> Path:
        """Where the build of `slug` is kept: one file an edition (`--lang all` builds each in turn)."""
        lang = self.runs[0].lang
        return self.folder / (f"{slug}.{lang}.json" if lang else f"{slug}.json")

    def _standing(self, slug: str, shared: str) -> Standing | None:
        return standing_of(self.project, slug, self.runs, shared, self.validate)
