"""Build a game's outputs: reuse what did not change, render the rest, then write each PDF atomically.

Everything is rendered (and so checked) before the first file is written; a
game with errors writes nothing and keeps its previous outputs.
"""
from __future__ import annotations

import hashlib
import json
import os
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.assets import BUNDLED_ICONS
from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc, error
from pnp.core.files import LinkedFolder, file_name, file_sha256, folder_to_write, remove_file, write_atomic
from pnp.core.kept import KeptResults
from pnp.core.memo import Keeps
from pnp.core.spooled import PdfFile, digest_of, discard_files
from pnp.core.temporaries import remove_stale_temporaries
from pnp.data.fields import CardReads
from pnp.data.kinds import KINDS, kind_named, load_named
from pnp.layout.inspect import one_per_line
from pnp.outputs.context import Engine, GameContext
from pnp.outputs.fallbacks import layout_fallbacks
from pnp.outputs.options import Options, variant_tag
from pnp.outputs.stats import FileStats
from pnp.pipeline.built import Output
from pnp.pipeline.cache import (
    FaceStore,
    GameCache,
    cache_path,
    face_store_path,
    output_key,
    parsed_files_path,
    read_digests,
    read_path,
    shared_inputs_hash,
)
from pnp.pipeline.card_digest import cards_digest
from pnp.pipeline.printed_cards import mark_printed as mark_printed_cards
from pnp.pipeline.printed_cards import record_build
from pnp.pipeline.results import findings_of, results_path
from pnp.pipeline.validate import check_game, check_parts
from pnp.render.ink import page_inks

if TYPE_CHECKING:
    from concurrent.futures import Executor


@dataclass
class OutputJob:
    """One kind of output of one game that must be rendered: its cache slot and key."""

    kind: str
    slot: str
    key: str


class Reuse:
    """A step of a plan: the outputs of `slot` are on disk as this build would write them. A plain class: only a build
    that finds outputs unchanged makes one, and a dataclass's methods are compiled from text in every process that
    defines it (the step is read, never changed, compared or hashed: its outputs are a list)."""

    __slots__ = ("outputs", "slot")

    def __init__(self, slot: str, outputs: list[Output]):
        self.slot = slot
        self.outputs = outputs


@dataclass(frozen=True)
class Render:
    """A step of a plan: the output `job` is rendered."""

    job: OutputJob


@dataclass
class GamePlan:
    """What a build of one game with one set of options does: the outputs it reuses and those it renders."""

    slug: str
    options: Options
    shared: str
    cache: GameCache
    steps: list[Reuse | Render]  # in kind order
    baseline: dict | None  # the faces `--changed` compares with

    @property
    def jobs(self) -> list[OutputJob]:
        return [step.job for step in self.steps if isinstance(step, Render)]


@dataclass
class RenderedOutput:
    """One kind of output rendered in memory: files (name, bytes, FileStats with each PDF's ink), the files it opened, findings, kept faces and fonts."""

    slot: str
    key: str
    files: list[tuple[str, bytes, FileStats]]
    reads: dict
    findings: list
    faces: dict
    fonts: list
    face_reads: dict  # the card reads of the kept faces, by face key
    cards: tuple[list, str] | None  # (card reads, cards_digest) of an output other than the card sheets
    unshared: dict = field(default_factory=dict)  # the part of `reads` the shared inputs do not cover (art): {path: sha256}


def plan_game(project, game, options: Options, shared: str, keeps: Keeps | None = None) -> GamePlan:
    """Which outputs of `game` are reused as they are (inputs, opened files and outputs unchanged) and which must be rendered;
    `keeps`: what a process that stays up keeps between builds (pnp.core.memo.Keeps)."""
    cache = GameCache.load(cache_path(options.out, game.slug))
    out_dir = options.out / game.slug
    steps: list[Reuse | Render] = []
    for record in KINDS:
        kind = record.name
        if (kind == "cards" and not game.decks) or (options.only and kind not in options.only and not _tokens_on_cards(kind, game, options)):
            continue
        slot = kind + variant_tag(options, kind)  # each variant keeps its own cache entry
        also = load_named(record.keyed_on)(game, keeps) if record.keyed_on else ""
        key = output_key(game, kind, shared, options.cache_text(kind), also)
        fresh = (kind == "cards" and options.changed) or "build-cache" in options.without
        reused = None if fresh else cache.reusable(slot, key, out_dir, project.root, None if kind == "cards" else game, keeps)
        if reused is None:
            steps.append(Render(OutputJob(kind, slot, key)))
            continue
        stats = cache.stats(slot)
        steps.append(Reuse(slot, [_output(p, stats.get(p.name, FileStats()), p.stat().st_size, reused=True) for p in reused]))
    baseline = cache.printed if cache.printed is not None else cache.faces
    return GamePlan(game.slug, options, shared, cache, steps, baseline if options.changed else None)


def keep_between_builds(engine: Engine, out: Path, without: frozenset = frozenset()) -> None:
    """Let `engine` keep its parsed fonts and icons in the build cache of `out`, for the next build, unless it is to go
    `without` them (pnp.outputs.options.MECHANISMS)."""
    if "kept-parses" not in without:
        engine.keep_parsed(parsed_files_path(out))


def kept_faces(gctx: GameContext, plan: GamePlan) -> FaceStore:
    """The faces the game's last build into `plan`'s folder kept (pnp.pipeline.cache.FaceStore), for whatever draws
    the game's faces next: a face whose template, data and shared inputs are as they were is read, not drawn."""
    return faces_kept_in(gctx, plan.options.out, plan.shared, keeping="face-store" not in plan.options.without)


def faces_kept_in(gctx: GameContext, out: Path, shared: str, checks: bool = False, keeping: bool = True) -> FaceStore:
    """The face store of the game in the build cache of `out`: the build's, or (`checks`) that of the commands that
    check a game without building it, which looks up what it lacks in the build's (pnp.pipeline.cache.face_store_path);
    without `keeping`, one that holds and keeps nothing."""
    project = gctx.project
    fallback = faces_kept_in(gctx, out, shared) if checks and keeping else None
    return FaceStore(face_store_path(out, gctx.game.slug, checks), shared, gctx.fonts, (*project.template_dirs(), *project.font_dirs, BUNDLED_ICONS),
                     keeps=gctx.engine.keeps, fallback=fallback, keeping=keeping)


@paused
def check_output(gctx: GameContext, plan: GamePlan) -> list[Finding]:
    """The build's checks of a game (pnp.pipeline.validate.game_checks), drawing the faces the last build did not keep:
    after a one-card edit the readability check judges that card's deck again and draws that card's faces alone. What
    they find is kept in the game's results, part by part (pnp.pipeline.results.kept_part): any command meeting the
    game as it is now reads it there."""
    without = plan.options.without
    keep_between_builds(gctx.engine, plan.options.out, without)
    gctx.results = game_results(gctx, plan.options.out, without)
    gctx.face_store = kept_faces(gctx, plan)
    gctx.layouts.draft = plan.options.draft  # missing art drawn as the outputs draw it, whichever job ran first here
    try:
        return check_game(gctx, render=False, shared=plan.shared)
    finally:
        gctx.face_store = None


@paused
def check_everything(gctx: GameContext, out: Path, without: frozenset = frozenset()) -> list[Finding]:
    """Every check `pnp validate` runs on a game (pnp.pipeline.validate.check_game), with what the build cache of `out`
    keeps: the parts whose inputs are as they were are read there, the others run, drawing only the faces the face
    stores do not hold; what they found and drew is kept there for the next command."""
    shared = shared_inputs_hash(gctx.project)
    open_kept(gctx, out, shared, without)
    parts: list = []  # what `close_kept` reads when a check raised: its own error, not this name's, reaches the report
    try:
        parts = check_parts(gctx, shared=shared)
    finally:
        # a part read from the results drew nothing: the faces it would have drawn stay kept
        close_kept(gctx, out, partial=any(part.kept for part in parts), wrote=any(not part.kept for part in parts))
    return findings_of(parts)


def open_kept(gctx: GameContext, out: Path, shared: str, without: frozenset = frozenset()) -> None:
    """Let the game's checks and drawings read what the build cache of `out` keeps (results, faces, parsed fonts and
    icons) until `close_kept`: what a command that checks without building reads (but what it is to go `without`:
    pnp.outputs.options.MECHANISMS)."""
    keep_between_builds(gctx.engine, out, without)
    gctx.results = game_results(gctx, out, without)
    gctx.face_store = faces_kept_in(gctx, out, shared, checks=True, keeping="face-store" not in without)


def close_kept(gctx: GameContext, out: Path, partial: bool = True, wrote: bool = True) -> None:
    """Keep what the game's checks found and the faces they drew since `open_kept` (with `partial`, the faces kept
    before too), unless nothing new was worked out (`wrote`)."""
    store, gctx.face_store = gctx.face_store, None
    if wrote:
        with suppress(OSError):  # a cache that cannot be written keeps nothing: the command's findings stand
            store.save(store.used, gctx.fonts.registered(), partial=partial, reads=store.reads)
        gctx.results.save()


def game_results(gctx: GameContext, out: Path, without: frozenset = frozenset()) -> KeptResults:
    """The results kept for the game in the build cache of `out` (the context's own once named: its process reads the
    folder once a run); none kept when the run goes without them."""
    folder = results_path(out, gctx.game.slug) if "results" not in without else None
    if gctx.results.folder != folder:
        gctx.results = KeptResults(folder)
    return gctx.results


@paused
def render_output(gctx: GameContext, plan: GamePlan, job: OutputJob) -> RenderedOutput:
    """Render one kind of output of a game in memory (its PDFs' ink is measured by `measure_ink`)."""
    options, project = plan.options, gctx.project
    keep_between_builds(gctx.engine, options.out, options.without)
    gctx.face_store = faces = kept_faces(gctx, plan)
    gctx.written_in = options.out / gctx.game.slug  # where a PDF of many pictures is written as it is made (PdfFile)
    gctx.card_reads = reads = CardReads() if job.kind != "cards" else None
    gctx.layouts.draft = options.draft  # for this run: the next build makes a new engine (pnp.pipeline.session.Session.new_engine)
    already = len(gctx.layouts.template_warnings)
    try:
        with gctx.files_read.recording() as read:
            builder = load_named(kind_named(job.kind).builder)
            if job.kind == "cards":
                files, found = builder(gctx, options, plan.baseline)
            else:
                files, found = builder(gctx, options)
    finally:
        gctx.face_store = gctx.card_reads = gctx.written_in = None
    found = list(found) + layout_fallbacks(gctx.game, options, job.kind) + one_per_line([f.in_game(gctx.game.slug) for f in gctx.layouts.template_warnings[already:]])
    files = with_cut_files([(_named(name, options, job.kind), data, stats) for name, data, stats in files], options.cutter)
    cards = None if reads is None else (sorted(reads.seen), cards_digest(gctx.game, reads.seen, gctx.engine.keeps))
    digests = read_digests(read, project.root)
    unshared = {name: digest for name, digest in digests.items() if not faces.covers(Path(read_path(name, project.root)))}
    return RenderedOutput(job.slot, job.key, files, digests, found, faces.used, gctx.fonts.registered(), faces.reads, cards, unshared)


def with_cut_files(files: list, cutter: str) -> list:
    """Each sheet PDF built for a cutting machine followed by its cut files, an SVG and a DXF per fronts sheet:
    `<pdf>-sheet-NN.svg` and `.dxf` (none for a print shop, whose cut is in the PDF). ezdxf is imported only for a
    sheet that has cuts to write: a build for a print shop never needs it, nor one without a cutter the marks' module."""
    from pnp.render.cutter_names import cutter_named
    out = []
    for name, data, stats in files:
        cuts, stats.cuts = stats.cuts, []
        out.append((name, data, stats))
        stem = name.rpartition(".")[0]
        for page, page_w, page_h, shapes in (cuts if cutter and cutter_named(cutter).svg else ()) or ():
            from pnp.render.cut_dxf import cut_dxf
            from pnp.render.cutters import cut_svg

            out.append((f"{stem}-sheet-{page:02d}.svg", cut_svg(page_w, page_h, shapes, f"{stem}, page {page}"), FileStats(1, len(shapes))))
            out.append((f"{stem}-sheet-{page:02d}.dxf", cut_dxf(page_w, page_h, shapes), FileStats(1, len(shapes))))
    return out


def _output(path: Path, stats: FileStats, size: int, reused: bool = False) -> Output:
    return Output(path, stats.pages, stats.pieces, size, reused=reused, ink=stats.ink, shared=tuple(stats.shared))


def measure_ink(plan: GamePlan, rendered: RenderedOutput, idle: Executor | None = None) -> None:
    """Put each PDF's ink figure in its stats: kept from the last build when its bytes are the same, else measured.

    A sheet page whose elements give its ink exactly has it from them (pnp.render.ink_elements, in its stats'
    `page_exact`): only the other pages are rasterised, and a PDF all of whose pages are so known is not opened.

    A rasterised sheet page is measured only when the last build printed no page of the
    same key (pnp.render.page_keys.PageKeys, with what the faces' drawing read
    added): after one card is edited, the sheet holding it is measured again,
    not the whole deck. A page printing what an earlier page of the PDF printed
    is measured once. An output with errors is not written, so it is not
    measured (schedule.py says which process measures, and lends it an `idle`
    worker for half the pages when it has one: pnp.render.ink.page_inks)."""
    if any(f.severity == "error" for f in rendered.findings):
        return
    reusing = "ink-pages" not in plan.options.without
    written = plan.cache.written([rendered.slot]) if reusing else {}
    kept_pages = plan.cache.page_inks(rendered.slot) if reusing else {}
    # what the faces' drawing read: the shared inputs, and art (not the files opened, which depend on the faces reused)
    context = json.dumps([plan.shared, plan.options.cache_text(), rendered.unshared], sort_keys=True).encode()
    for name, data, stats in rendered.files:
        keys = [hashlib.sha256(context + key.encode()).hexdigest() if key else None for key in stats.page_keys]
        exact = stats.page_exact
        stats.page_keys, stats.page_exact = [], []
        same = written.get(name)
        if same is not None and same[1] is not None and same[0] == digest_of(data):
            stats.ink = same[1]  # the very bytes of the last build: its ink figure holds
            stats.page_ink = plan.cache.page_inks(rendered.slot, name)
        elif name.endswith(".pdf"):
            _measure_pdf(plan.options.without, data, stats, keys, _known(exact, keys, kept_pages), idle)


def _known(exact: list[float | None], keys: list[str | None], kept_pages: dict) -> list[float | None] | None:
    """Each page's figure known before rasterising: from its elements, else kept from the last build by its key."""
    if not keys:
        return None
    return [ink if ink is not None else kept_pages.get(key) if key else None for ink, key in zip(exact or [None] * len(keys), keys, strict=True)]


def _measure_pdf(without: frozenset, data, stats: FileStats, keys: list[str | None], known: list[float | None] | None,
                 idle: Executor | None) -> None:
    """A PDF's ink figure and its pages' by their keys in `stats`, the pages `known` gives not measured again (and a
    PDF all of whose pages it gives, a sheet PDF measured from its elements, not opened)."""
    halves = "ink-halves" not in without
    if known and None not in known:
        figures = list(known)
    else:
        figures = page_inks(data.path if isinstance(data, PdfFile) else data, known, idle=idle if halves else None, halves=halves,
                            by_colour="ink-colours" not in without, same=keys or None)
    stats.ink = round(sum(figures), 2)
    stats.page_ink = {key: figure for key, figure in zip(keys, figures, strict=False) if key}  # no keys: not a sheet PDF


def finish_game(project, game, plan: GamePlan, rendered: list[RenderedOutput], stopping: bool = False, keeps: Keeps | None = None) -> tuple[list[Output], list[Finding]]:
    """Write what was rendered (unless any finding is an error) and record it in the game's cache; the build's outputs and findings.

    A file rebuilt to the very bytes it has on disk is left alone, mtime and all.
    `stopping` says the game's data or checks have errors (or warnings, with --strict): the outputs' own findings are
    reported all the same, so one run shows every problem (docs/findings.md), and nothing is written."""
    options, cache = plan.options, plan.cache
    store = cache_path(options.out, game.slug)
    listed, findings = _gathered(plan, rendered)
    pending = [entry for entry in listed if not isinstance(entry, Output)]
    out_dir = options.out / game.slug
    linked = _linked_folders((out_dir, store.parent), project, game.slug)
    if linked or stopping or _blocks_writing(findings, options.strict):
        discard_files(entry for entry in listed if not isinstance(entry, Output))
        return [], findings + linked
    remove_stale_temporaries(folder_to_write(out_dir, make=False))  # never a linked folder's files
    outputs = _written_outputs(out_dir, listed, cache.written([done.slot for done in rendered]))
    changed_name = _named(f"{game.slug}-changed.pdf", options, "cards")
    _record_rendered(cache, rendered, changed_name)
    if options.changed and any(done.slot.startswith("cards") for done in rendered):
        findings += _no_change_note(_output_path(out_dir, changed_name), pending, game, project)
    _take_printed(cache, options.mark_printed)
    record_build(options.out, project.templates_dir, game, mark=options.mark_printed, built=bool(rendered))
    if rendered or options.mark_printed:
        cache.save(store)
    if rendered and "face-store" not in options.without:
        _store_faces(options, game.slug, plan.shared, rendered, keeps)
    return outputs, findings


def _gathered(plan: GamePlan, rendered: list[RenderedOutput]) -> tuple[list, list[Finding]]:
    """Every output of the plan in the order of its steps, each a reused Output or a rendered file to write (name, bytes,
    stats; an output's files by name, as a reused one lists them), and every finding: a reused output brings its
    cached warnings but not its notes (a note is news of the build that computed it)."""
    by_slot = {r.slot: r for r in rendered}
    listed, findings = [], []
    for step in plan.steps:
        if isinstance(step, Reuse):
            listed += step.outputs
            findings += [f for f in plan.cache.findings(step.slot) if f.severity != "note"]
        else:
            done = by_slot[step.job.slot]
            findings += done.findings
            listed += sorted(done.files, key=lambda file: file[0])
    return listed, findings


def _blocks_writing(findings: list[Finding], strict: bool) -> bool:
    """Whether the findings stop the build from writing: any error, or any warning with --strict."""
    return any(f.severity == "error" or (strict and f.severity == "warning") for f in findings)


def _written_outputs(out_dir: Path, listed: list, written: dict) -> list[Output]:
    """Write each rendered file of `listed` whose bytes differ from what is on disk (a file the last build wrote, still a
    plain file with the same digest, keeps its mtime); the outputs, reused, written or kept, in `listed`'s order: a
    build lists its files in the same order whichever of them it rendered."""
    outputs = []
    for entry in listed:
        if isinstance(entry, Output):
            outputs.append(entry)
            continue
        name, data, stats = entry
        path = _output_path(out_dir, name)
        if isinstance(data, PdfFile):
            _move_into_place(data, path, _on_disk_already(path, data, written.get(name)))
        elif not _on_disk_already(path, data, written.get(name)):
            write_atomic(path, data)
        outputs.append(_output(path, stats, len(data)))
    return outputs


def _move_into_place(data: PdfFile, path: Path, there: bool) -> None:
    """Rename a PDF written as it was made (on disk already, in `path`'s folder) into place, as `write_atomic` does its
    temporary; or drop it when `there`, the file holding its very bytes already."""
    if there:
        data.discard()
        return
    try:
        os.replace(data.path, folder_to_write(path.parent) / path.name)
    except OSError:
        data.discard()
        raise


def _on_disk_already(path: Path, data: bytes | PdfFile, same) -> bool:
    """Whether `path` holds `data` as the last build wrote it: the cache's digest matches the new bytes and the file's own."""
    if same is None or same[0] != digest_of(data):
        return False
    return not path.is_symlink() and path.is_file() and file_sha256(path) == same[0]


def _record_rendered(cache, rendered: list[RenderedOutput], changed_name: str) -> None:
    """Record each rendered output's files, reads, findings and stats in the cache, and its faces as the last build's; the
    changed-cards file is not recorded (it is made anew by each --changed build)."""
    for done in rendered:
        kept = [(n, d, s) for n, d, s in done.files if n != changed_name]
        cache.record(done.slot, done.key, {n: d for n, d, _ in kept}, done.reads, done.findings, done.cards)
        cache.outputs[done.slot]["stats"] = {n: s.cached() for n, _, s in kept}
        for _, _, stats in kept:
            cache.faces.update(stats.faces)


def _take_printed(cache, mark: bool) -> None:
    """Take the faces just built as the printed ones on the first build (--changed compares with it until a print is
    marked) and whenever --mark-printed asks."""
    if cache.faces and (cache.printed is None or mark):
        cache.printed = dict(cache.faces)


def _store_faces(options: Options, slug: str, shared: str, rendered: list[RenderedOutput], keeps) -> None:
    """Keep the drawn faces, what they read and the fonts they used in the game's face store for the next build; a build
    of some outputs, decks or cards only keeps the faces it did not draw."""
    used = {key: face for done in rendered for key, face in done.faces.items()}
    face_reads = {key: made for done in rendered for key, made in done.face_reads.items()}
    fonts = sorted({tuple(f) for done in rendered for f in done.fonts})
    FaceStore(face_store_path(options.out, slug), shared, keeps=keeps).save(used, fonts, partial=bool(options.only or options.decks or options.cards),
                                                                             reads=face_reads)


def _output_path(out_dir: Path, name: str) -> Path:
    """Where output `name` is written: a name made from a long game folder's name is shortened (pnp.core.files.file_name)."""
    stem, dot, ext = name.rpartition(".")
    return out_dir / (file_name(stem, dot + ext) if dot else file_name(name))


def _linked_folders(folders, project, slug: str) -> list[Finding]:
    """An error for each folder of `folders` that the game's outputs or cache would be written into and that is a link
    (or lies in a linked folder): a downloaded game may ship `output/<game>` linked to a folder of the user's."""
    found = []
    for folder in folders:
        try:
            folder_to_write(folder, make=False)
        except LinkedFolder as exc:
            shown = project.rel(exc.path)
            found.append(error(exc.code, exc.advice(shown), Loc(shown), game=slug))
    return found


def build_game(gctx: GameContext, options: Options, shared: str | None = None) -> tuple[list[Output], list[Finding]]:
    """Build every output of one game in this process, reusing those whose inputs did not change; write nothing if any has errors.

    The findings are every warning of the run, a reused output's warnings included.
    `shared` is `shared_inputs_hash` of the project when the caller has it already."""
    plan = plan_game(gctx.project, gctx.game, options, shared or shared_inputs_hash(gctx.project), gctx.engine.keeps)
    rendered = [render_output(gctx, plan, job) for job in plan.jobs]
    for done in rendered:
        measure_ink(plan, done)
    return finish_game(gctx.project, gctx.game, plan, rendered, keeps=gctx.engine.keeps)


def mark_printed(out_root: Path, slug: str) -> int | None:
    """Take the last build's card faces as what is printed now: `--changed` reprints only cards changed after this. The number of cards, or None before any build."""
    store = cache_path(out_root, slug)
    cache = GameCache.load(store)
    if not cache.faces:
        return None
    cache.printed = dict(cache.faces)
    cache.save(store)
    mark_printed_cards(out_root, slug)
    return len(cache.printed)


def _no_change_note(path: Path, pending, game, project) -> list[Finding]:
    """With --changed and no changed card: say so, and remove the changed-cards file of an earlier run so nobody prints it again."""
    if any(_output_path(path.parent, name) == path for name, _, _ in pending):
        return []
    removed = ""
    if path.is_file() and remove_file(path):
        removed = f"; removed the old {project.rel(path)}"
    return [Finding("note", "changed-none", f"no card changed since the last marked print (pnp printed {game.slug}){removed}", Loc(f"{game.rel}/decks"), game.slug)]




def _named(name: str, options: Options, kind: str) -> str:
    tag = variant_tag(options, kind)
    if not tag:
        return name
    stem, _, ext = name.rpartition(".")
    return f"{stem}{tag}.{ext}"


def _tokens_on_cards(kind: str, game, options: Options) -> bool:
    """Whether `--only tokens` builds the card sheets: some or all of the tokens print on their last sheet
    (pnp.outputs.token_share)."""
    if kind != "cards" or "tokens" not in options.only or not game.tokens:
        return False
    from pnp.outputs.token_share import token_split

    return bool(token_split(game, options).shared)
