"""What a game's checks found, kept in the build cache by what it depends on, for any command in any process.

A game's checks come in parts: the data's and readability's (`checks`), and
what drawing each kind of output finds (the cards drawn with bleed and
inspected, every other kind as a build draws it). Each part is kept under a
key naming the inputs the caller knows of (the game's files, the shared
inputs, the options, pnp's own code) and, beside it, what it read besides
(art anywhere in the project, the card fields an output shows): `kept_part`.
A command that meets a game as it was answers with what its parts found,
without drawing, compiling or importing anything for it (`kept_validation`);
after an edit, only the parts that read what changed run again.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.core.assets import BUNDLED_ICONS
from pnp.core.errors import Finding
from pnp.core.files import file_sha256, folder_to_write, read_kept_digests
from pnp.core.kept import KeptResults
from pnp.core.memo import Keeps
from pnp.data.fields import CardReads
from pnp.data.kinds import KINDS, load_named
from pnp.outputs.options import Options
from pnp.pipeline.cache import (
    ABSENT,
    CACHE_DIR,
    cards_digest,
    checks_key,
    file_digests_path,
    finding_from_json,
    finding_to_json,
    keep_game_reads,
    open_build_cache,
    output_key,
    read_digests,
    shared_inputs_hash,
)

VALIDATED = Options(bleed=True)  # what `validate` draws a game's cards with: art past the bleed shows then


@dataclass
class Part:
    """What one part of a game's checks found, and the template warnings met while it ran (a template warns as it is
    compiled, once a run, in whichever part reads it first: the game's findings list them after every part's own)."""

    findings: list[Finding]
    warnings: list[Finding]
    kept: bool = False  # read from the results, not run now


def kept_part(gctx, name: str, key: str, work: Callable[[], list[Finding]], cards: bool = False) -> Part:
    """What `work()` finds, kept in the game's results (GameContext.results) under `key` and what it read besides.

    `key` names the inputs the caller knows of (the game's files, the shared
    inputs, the options, pnp's code). What the work opens beyond the shared
    inputs (art anywhere in the project) and, with `cards`, the card fields it
    reads are kept under `key` as its manifest; the findings are kept under
    `key` with those files' digests and those fields' values as they were, so
    an edit of any of them is a new key (ccache's direct mode keeps a
    compilation the same way). Work that finds an error is not kept: it runs
    again, and says so again, until the error is mended."""
    results, project, game, keeps = gctx.results, gctx.project, gctx.game, gctx.engine.keeps
    kept = kept_part_findings(results, project, game, key, name, keeps)
    if kept is not None:
        return kept
    already = len(gctx.layouts.template_warnings)
    outer, gctx.card_reads = gctx.card_reads, (CardReads() if cards else gctx.card_reads)
    try:
        with gctx.files_read.recording() as files:
            findings = list(work())
        reads = sorted(gctx.card_reads.seen) if cards else []
    finally:
        gctx.card_reads = outer
    part = Part(findings, [f.in_game(game.slug) for f in gctx.layouts.template_warnings[already:]])
    if not any(f.severity == "error" for f in part.findings + part.warnings):
        covered = shared_folders(project)
        manifest = {"files": sorted(read_digests([f for f in files if not _under(f, covered)], project.root)), "cards": [list(r) for r in reads]}
        results.put(f"{name} reads", key, manifest)
        results.put(name, _with_reads(project.root, game, keeps, key, manifest), {"findings": [finding_to_json(f) for f in part.findings],
                                                                "warnings": [finding_to_json(f) for f in part.warnings]})
    return part


def kept_part_findings(results: KeptResults, project, game, key: str, name: str = "checks", keeps: Keeps | None = None) -> Part | None:
    """The part `kept_part` kept in `results` under `key` for the files and card fields as they are now, or None:
    nothing runs (the build asks before it plans a game's checks)."""
    manifest = results.lookup(f"{name} reads", key)
    found = results.lookup(name, _with_reads(project.root, game, keeps, key, manifest)) if manifest is not None else None
    if found is None:
        return None
    return Part([finding_from_json(d) for d in found["findings"]], [finding_from_json(d) for d in found["warnings"]], kept=True)


def findings_of(parts: list[Part]) -> list[Finding]:
    """A game's findings from its checks' parts: each part's own in turn, then the template warnings any met, each
    finding once (cards and the rulebook's figures render the same faces)."""
    from pnp.layout.inspect import one_per_line  # the layout layer: a command answered from its results draws nothing

    return list(dict.fromkeys([f for part in parts for f in part.findings] + one_per_line([w for part in parts for w in part.warnings])))


def kept_checks(results: KeptResults, project, game, shared: str, draft: bool = False, keeps: Keeps | None = None) -> list[Finding] | None:
    """What the build's checks (pnp.pipeline.validate.check_game, render=False) find of `game`, when `results` keep
    them for the game's files as they are now; else None (nothing runs: the build asks before it plans the checks)."""
    part = kept_part_findings(results, project, game, checks_part_key(game, shared, draft), "checks", keeps)
    return None if part is None else findings_of([part])


def checks_part_key(game, shared: str, draft: bool = False) -> str:
    """The key of a game's data and readability checks: every file of its folder and the shared inputs
    (pnp.pipeline.cache.checks_key), and whether its faces are drawn as a draft's (missing art as a placeholder: the
    readability check judges such a face, where a build that is no draft cannot draw it)."""
    return checks_key(game, shared) + ("|draft" if draft else "")


def rendering_keys(game, shared: str, keeps: Keeps | None = None) -> list[tuple[str, str]]:
    """(kind, key) of each output `validate` renders in memory: the key a build of it with validate's options has
    (pnp.pipeline.cache.output_key), and the game's language."""
    out = []
    for kind in KINDS:
        options = VALIDATED if kind.name == "cards" else Options()
        also = load_named(kind.keyed_on)(game, keeps) if kind.keyed_on else ""
        out.append((kind.name, output_key(game, kind.name, shared, f"{options.cache_text(kind.name)}|{game.language}", also)))
    return out


def kept_validation(results: KeptResults, project, game, shared: str, keeps: Keeps | None = None) -> list[Finding] | None:
    """What `check_game` finds of `game` when its results keep every part for the game as it is now, else None:
    nothing is drawn, compiled or imported to answer (a `pnp list` of games as they were)."""
    parts = [kept_part_findings(results, project, game, checks_part_key(game, shared), "checks", keeps)]
    parts += [kept_part_findings(results, project, game, key, kind, keeps) for kind, key in rendering_keys(game, shared, keeps)]
    return None if any(part is None for part in parts) else findings_of(parts)


def _with_reads(root: Path, game, keeps: Keeps | None, key: str, manifest: dict) -> str:
    """`key` with the digests of the manifest's files and the values of its card fields as they are now."""
    files = [[name, _digest_now(root, name)] for name in manifest["files"]]
    cards = cards_digest(game, [tuple(r) for r in manifest["cards"]], keeps) if manifest["cards"] else ""
    return hashlib.sha256(json.dumps([key, files, cards]).encode()).hexdigest()


def _digest_now(root: Path, name: str) -> str:
    path = os.path.join(root, name)  # an absolute name (a font of the user's elsewhere) stays absolute
    try:
        return file_sha256(path)
    except OSError:
        return ABSENT if not os.path.lexists(path) else "unreadable"


def _under(file, folders: tuple[Path, ...]) -> bool:
    path = Path(file).resolve()
    return any(path.is_relative_to(folder) for folder in folders)


def shared_folders(project) -> tuple[Path, ...]:
    """The folders `shared_inputs_hash` covers that a face may read from: templates, icons and fonts (resolved)."""
    return tuple(Path(f).resolve() for f in (*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS))


def results_path(out_root: Path, game_slug: str) -> Path:
    """Where what a game's checks found and judged is kept (pnp.core.kept.KeptResults)."""
    return out_root / CACHE_DIR / "results" / game_slug


def kept_validations(project, games: list, out: Path, without: frozenset = frozenset()) -> dict[str, list[Finding]]:
    """{game: its findings} of the games whose every part of `validate` the build cache of `out` keeps for the game as
    it is now (`kept_validation`): answered without an engine, a template or a face (none, in a run going without
    the results: pnp.outputs.options.MECHANISMS)."""
    if "results" in without:
        return {}
    shared = shared_inputs_hash(project)
    found = {game.slug: kept_validation(KeptResults(results_path(out, game.slug)), project, game, shared) for game in games}
    return {slug: findings for slug, findings in found.items() if findings is not None}


def checks_cache(project, without: frozenset = frozenset()) -> tuple[Path | None, Finding | None]:
    """(the output folder whose build cache the commands that check games without building them read and keep their
    work in, a note to show about that cache): the folder `pnp build` writes to by default, readied as a build readies
    it (pnp.pipeline.cache.open_build_cache); (None, None) when it cannot be written (it lies in a linked folder, a
    file stands in its place), and nothing is kept."""
    out = project.root / "output"
    try:
        folder_to_write(out / CACHE_DIR, make=False)
        if any(os.path.lexists(folder) and not folder.is_dir() for folder in (out, out / CACHE_DIR)):
            raise NotADirectoryError(out)
    except OSError:  # a link, or a file where a folder should be: these commands check all the same, keeping nothing
        return None, None
    note = open_build_cache(project, out)
    if "kept-parses" not in without:
        keep_game_reads(project, out)
    if "file-digests" not in without:
        read_kept_digests(file_digests_path(out))  # before the games are read: their checks hash fonts and icons
    return out, note
