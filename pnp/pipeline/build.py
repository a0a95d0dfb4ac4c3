"""Build a game's outputs: reuse what did not change, render the rest, then write each PDF atomically.

Everything is rendered (and so checked) before the first file is written; a
game with errors writes nothing and keeps its previous outputs.
"""
from __future__ import annotations

import dataclasses
import hashlib
import importlib
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.assets import BUNDLED_ICONS
from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc
from pnp.core.files import remove_stale_temporaries, write_atomic
from pnp.outputs.context import Engine, GameContext
from pnp.outputs.options import Options
from pnp.pipeline.cache import (
    FaceStore,
    GameCache,
    cache_path,
    checks_key,
    compiled_templates_path,
    face_hash,
    face_store_path,
    file_digest,
    output_key,
    read_digests,
    shared_inputs_hash,
)
from pnp.pipeline.validate import check_game
from pnp.render.ink import pdf_ink

# Builders of the outputs beyond card sheets, by kind; each returns ([(file name, bytes, stats)], findings).
# Named, not imported: a build imports only the builders of the outputs it renders (Platypus for a rulebook, say).
DOCUMENT_BUILDERS = (("boards", "pnp.outputs.boards:build_boards"), ("tokens", "pnp.outputs.tokens:build_tokens"),
                     ("reference", "pnp.outputs.reference:build_reference"), ("rulebook", "pnp.outputs.rulebook:build_rulebook"))
# Which options print differently in each kind of output, so a variant build gets its own file name.
SHEET_OPTIONS = ("paper", "layout", "duplex", "bleed", "gutter", "ink_saver")
VARIANT_OPTIONS = {
    "cards": (*SHEET_OPTIONS, "subset"),
    "tokens": SHEET_OPTIONS,
    "reference": SHEET_OPTIONS,
    "boards": ("paper", "ink_saver"),  # the board paper is already in its name
    "rulebook": ("paper", "ink_saver"),
}


@dataclass
class Output:
    path: Path
    pages: int
    pieces: int
    size: int
    reused: bool = False
    ink: float | None = None  # fully inked page equivalents (PDFs only): measured once when written, kept in the cache


@paused
def build_game(gctx: GameContext, options: Options, shared: str | None = None) -> tuple[list[Output], list[Finding]]:
    """Build every output of one game, reusing those whose inputs did not change; write nothing if any has errors.

    The findings are every warning of the run, a reused output's warnings included.
    `shared` is `shared_inputs_hash` of the project when the caller has it already."""
    game = gctx.game
    out_dir = options.out / game.slug
    store = cache_path(options.out, game.slug)
    cache = GameCache.load(store)
    gctx.layouts.layouts.keep_compiled(compiled_templates_path(options.out))
    shared = shared or shared_inputs_hash(gctx.project)
    opts = options.cache_text()
    baseline = cache.printed if cache.printed is not None else cache.faces
    project = gctx.project
    faces = FaceStore(face_store_path(options.out, game.slug), shared, gctx.fonts, (*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS))
    gctx.face_store = faces
    kinds = [("cards", lambda g, o: builder_of("pnp.outputs.cards:build_cards")(g, o, baseline if o.changed else None, face_hash))] if game.decks else []
    kinds += [(kind, lambda g, o, name=name: builder_of(name)(g, o)) for kind, name in DOCUMENT_BUILDERS]
    pending, outputs, findings, records = [], [], [], []
    for kind, builder in kinds:
        if options.only and kind not in options.only:
            continue
        slot = kind + variant_tag(options, kind)  # each variant keeps its own cache entry
        key = output_key(game, kind, shared, opts)
        reused = None if (kind == "cards" and options.changed) else cache.reusable(slot, key, out_dir, gctx.project.root)
        if reused is not None:
            stats = cache.outputs[slot].get("stats", {})
            outputs += [Output(p, stats.get(p.name, {}).get("pages", 0), stats.get(p.name, {}).get("pieces", 0), p.stat().st_size, reused=True,
                               ink=stats.get(p.name, {}).get("ink")) for p in reused]
            findings += cache.findings(slot)
            continue
        already = len(gctx.layouts.template_warnings)
        with gctx.files_read.recording() as read:
            files, found = builder(gctx, options)
        found = list(found) + [_in_game(f, game.slug) for f in gctx.layouts.template_warnings[already:]]
        findings += found
        files = [(_named(name, options, kind), data, stats) for name, data, stats in files]
        pending += files
        records.append((slot, key, files, read, found))
    if options.strict:
        findings = [f if f.severity != "warning" else Finding("error", f.code, f"{f.message} (an error with --strict)", f.loc, f.game, f.component) for f in findings]
    gctx.face_store = None
    if any(f.severity == "error" for f in findings):
        return [], findings
    remove_stale_temporaries(out_dir)
    written = cache.written([slot for slot, *_ in records])
    for name, data, stats in pending:
        path = out_dir / name
        same = written.get(name)
        if same is not None and same[0] == hashlib.sha256(data).hexdigest() and path.is_file() and file_digest(path) == same[0]:
            stats["ink"] = same[1]  # rebuilt to the very bytes on disk: the file (and its mtime) stays, and so does its ink
        else:
            write_atomic(path, data)
            stats["ink"] = None
        if name.endswith(".pdf") and stats["ink"] is None:
            stats["ink"] = round(pdf_ink(data), 2)
        outputs.append(Output(path, stats.get("pages", 0), stats.get("pieces", 0), len(data), ink=stats.get("ink")))
    changed_name = _named(f"{game.slug}-changed.pdf", options, "cards")
    for slot, key, files, read, found in records:
        kept = [(n, d, s) for n, d, s in files if n != changed_name]
        cache.record(slot, key, {n: d for n, d, _ in kept}, read_digests(read, gctx.project.root), found)
        cache.outputs[slot]["stats"] = {n: {"pages": s.get("pages", 0), "pieces": s.get("pieces", 0), "ink": s.get("ink")} for n, _, s in kept}
        for _, _, stats in kept:
            cache.faces.update(stats.get("faces", {}))
    if options.changed and any(slot.startswith("cards") for slot, *_ in records):
        findings += _no_change_note(out_dir / changed_name, pending, game, gctx)
    if cache.printed is None and cache.faces:
        cache.printed = dict(cache.faces)  # the first build is the first print: --changed compares with it until a print is marked
    if options.mark_printed and cache.faces:
        cache.printed = dict(cache.faces)
    if records or options.mark_printed:
        cache.save(store)
    if records:
        faces.save(partial=bool(options.only or options.decks or options.cards))
    return outputs, findings


@dataclass
class GameBuild:
    """One game's part of a run: its checks' findings, then (outputs, findings, seconds) for each options of the run."""

    slug: str
    checked: list[Finding] = field(default_factory=list)
    builds: list[tuple[list[Output], list[Finding], float]] = field(default_factory=list)  # empty when the checks found errors


def build_games(project, games: list, runs: list[Options], *, validate: bool = True, blocked: frozenset = frozenset(), workers: int | None = None) -> list[GameBuild]:
    """Check and build each game for each options in `runs`; games in parallel on all cores, results in the games' order.

    A game is independent of the others (its own context, outputs and cache
    file), so each is checked and built whole in one worker process, with the
    largest games first; a game's PDFs are the same bytes whichever process
    builds it. `blocked` names games not to build (their data has errors), though
    they are still checked."""
    if not games:
        return []
    workers = min(len(games), workers or os.cpu_count() or 1)
    shared = shared_inputs_hash(project)  # read once for the whole run, not once per game
    if workers <= 1:
        engine = Engine(project)
        return [_check_and_build(engine, game, runs, validate, game.slug in blocked, shared) for game in games]
    quiet_runs = [dataclasses.replace(o, progress=None) for o in runs]  # a progress printer does not cross processes
    order = sorted(range(len(games)), key=lambda i: -_size_of(project, games[i].slug))
    with ProcessPoolExecutor(workers, mp_context=_start_method(), initializer=_init_builder, initargs=(project.root,)) as pool:
        futures = {i: pool.submit(_build_in_worker, games[i], quiet_runs, validate, games[i].slug in blocked, shared) for i in order}
        return [futures[i].result() for i in range(len(games))]


def _size_of(project, slug: str) -> int:
    """Bytes of a game's data and templates: a rough guide to its build time, so the longest builds start first."""
    total = 0
    for folder in (project.data_dir / slug, project.templates_dir / slug):
        if folder.is_dir():
            total += sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    return total


def _start_method():
    """fork where it is safe and quick (Linux: the worker starts with pnp already imported), else spawn."""
    return multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")


_ENGINE: Engine | None = None  # a worker process's engine, made once by its initializer


def _init_builder(root: Path) -> None:
    """Make the worker's engine from the project folder alone, so any start method works."""
    global _ENGINE
    from pnp.data.project import Project

    _ENGINE = Engine(Project(root))


def _build_in_worker(game, runs: list[Options], validate: bool, blocked: bool, shared: str) -> GameBuild:
    return _check_and_build(_ENGINE, game, runs, validate, blocked, shared)


def _check_and_build(engine: Engine, game, runs: list[Options], validate: bool, blocked: bool, shared: str) -> GameBuild:
    """Check one game (counts, constraints, unused fields), then build it for each options unless the checks or `blocked` stop it."""
    gctx = engine.for_game(game)
    result = GameBuild(game.slug, checked_game(gctx, runs[0].out, shared) if validate else [])
    strict = any(o.strict for o in runs)
    if blocked or any(f.severity == "error" or (strict and f.severity == "warning") for f in result.checked):
        return result
    for options in runs:
        started = time.perf_counter()
        outputs, findings = build_game(gctx, options, shared)
        result.builds.append((outputs, findings, time.perf_counter() - started))
    return result


def checked_game(gctx: GameContext, out_root: Path, shared: str) -> list[Finding]:
    """The build's checks of one game (`check_game` without rendering), or their findings of the last build when none of its inputs changed.

    The checks read only the game's own folder and what every game shares
    (templates, icons, fonts, pnp itself), so those key them; a rebuild after an
    edit in one game checks that game alone. Findings with an error are not
    kept: such a build writes nothing."""
    store = cache_path(out_root, gctx.game.slug)
    cache = GameCache.load(store)
    key = checks_key(gctx.game, shared)
    kept = cache.kept_checks(key)
    if kept is not None:
        return kept
    findings = check_game(gctx, render=False)
    if not any(f.severity == "error" for f in findings):
        cache.keep_checks(key, findings)
        cache.save(store)
    return findings


def builder_of(name: str):
    """The builder function 'module:function', imported when first used."""
    module, _, function = name.partition(":")
    return getattr(importlib.import_module(module), function)


def mark_printed(out_root: Path, slug: str) -> int | None:
    """Take the last build's card faces as what is printed now: `--changed` reprints only cards changed after this. The number of cards, or None before any build."""
    store = cache_path(out_root, slug)
    cache = GameCache.load(store)
    if not cache.faces:
        return None
    cache.printed = dict(cache.faces)
    cache.save(store)
    return len(cache.printed)


def _no_change_note(path: Path, pending, game, gctx: GameContext) -> list[Finding]:
    """With --changed and no changed card: say so, and remove the changed-cards file of an earlier run so nobody prints it again."""
    if any(name == path.name for name, _, _ in pending):
        return []
    removed = ""
    if path.is_file():
        path.unlink()
        removed = f"; removed the old {gctx.project.rel(path)}"
    return [Finding("note", "changed-none", f"no card changed since the last marked print (pnp printed {game.slug}){removed}", Loc(f"{game.rel}/decks"), game.slug)]


def _in_game(f: Finding, slug: str) -> Finding:
    return f if f.game else Finding(f.severity, f.code, f.message, f.loc, slug, f.component)


def variant_tag(options: Options, kind: str) -> str:
    """The part of a file name that tells this build's variant from the default one (letter, long-edge duplex, no bleed, whole game)."""
    wanted = VARIANT_OPTIONS[kind]
    tags = []
    if "paper" in wanted:
        tags.append(options.suffix.lstrip("-") if options.suffix else "" if options.paper == "letter" else options.paper)
    if "layout" in wanted and options.layout == "gutterfold":
        tags.append("gutterfold" if options.fold_rotation == 180 else f"gutterfold{options.fold_rotation}")
    if "duplex" in wanted and options.layout != "gutterfold" and options.duplex != "long":
        tags.append({"short": "short-edge", "none": "simplex"}[options.duplex])
    if "bleed" in wanted and options.bleed:
        tags.append("bleed")
    if "gutter" in wanted and options.gutter:
        tags.append(f"gutter{options.gutter:g}mm")
    if "ink_saver" in wanted and options.ink_saver:
        tags.append("ink-saver")
    if "subset" in wanted:
        tags.append(_subset_tag(options))
    return "".join(f"-{t}" for t in tags if t)


def _subset_tag(options: Options) -> str:
    """`--deck heroes` → 'heroes'; `--cards a,b` → 'a+b' (or a count and a short hash when the ids would make a long name)."""
    parts = []
    if options.decks:
        parts.append("+".join(sorted(set(options.decks))))
    if options.cards:
        ids = sorted(set(options.cards))
        joined = "+".join(ids)
        parts.append(joined if len(joined) <= 40 else f"{len(ids)}cards-{hashlib.sha1(joined.encode()).hexdigest()[:8]}")
    return "-".join(parts)


def _named(name: str, options: Options, kind: str) -> str:
    tag = variant_tag(options, kind)
    if not tag:
        return name
    stem, _, ext = name.rpartition(".")
    return f"{stem}{tag}.{ext}"
