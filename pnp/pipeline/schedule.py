"""Build many games on all cores: plan and write here, check games and render outputs in worker processes.

Each run (one set of options, e.g. one paper) goes in three steps. This
process plans every game (which outputs its cache lets it reuse) and looks up
the checks it kept. The checks that must run and every output that must be
rendered become jobs, longest first, for a pool of worker processes; an output
renders in memory whichever process renders it, so its bytes do not depend on
the pool. Last, this process writes each game's files in the games' order, or
nothing for a game whose checks or rendering found an error. With one core (or
one job) everything runs here, in the same order.
"""
from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.errors import Finding
from pnp.core.files import read_kept_digests, save_digests
from pnp.core.kept import KeptResults
from pnp.core.memo import Keeps
from pnp.core.processes import cores, worker_pool, worker_state
from pnp.data.kinds import KINDS, kind_named, load_named
from pnp.layout.icons import warm_svg
from pnp.outputs.context import Engine
from pnp.outputs.options import Options
from pnp.pipeline.build import (
    GamePlan,
    OutputJob,
    RenderedOutput,
    check_everything,
    check_output,
    finish_game,
    measure_ink,
    plan_game,
    render_output,
)
from pnp.pipeline.built import GameBuild
from pnp.pipeline.cache import FaceStore, face_store_path, file_digests_path, shared_inputs_hash
from pnp.pipeline.results import kept_checks, results_path
from pnp.pipeline.session import Session
from pnp.pipeline.validate import check_game, data_checks
from pnp.render.ink import PARALLEL_MIN_PAGES, ink_ready, warm_ink, warm_pdfium

# A rough share of a game's build time of its checks, beside each kind of output's (pnp.data.kinds: OutputKind.weight),
# so the longest jobs start first and the cores finish together.
CHECK_WEIGHT = 3.0
CARDS_PER_WEIGHT = 30  # a card deck weighs 2 plus one for every 30 faces it renders
KEPT_FACE_SHARE = 1 / 3  # a face kept from the last build costs its key, its lookup and its place on a sheet

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


def build_games(project, games: list, runs: list[Options], *, validate: bool = True, blocked: frozenset = frozenset(),
                workers: int | None = None, session: Session | None = None) -> list[GameBuild]:
    """Check and build each game for each options in `runs`, on all cores; results in the games' order.

    `blocked` names games not to write (their data has errors): they are still checked, and rendered in memory for
    what that finds, so one run reports every error it can (docs/findings.md). `session` is what a process that stays
    up keeps between builds (pnp.pipeline.session); without one, this build keeps nothing."""
    if not games:
        return []
    session = session or Session()
    without = runs[0].without  # what a bench has the run go without (pnp.outputs.options.MECHANISMS)
    if "file-digests" not in without:
        read_kept_digests(file_digests_path(runs[0].out))  # what the last build's process hashed, by file status
    shared = shared_inputs_hash(project)  # read once for the whole run, not once per game or job
    results = {g.slug: GameBuild(g.slug) for g in games}
    stopped = set()
    build = _Build(project, results, stopped, blocked, session.keeps)
    workers = min(workers or cores(), 8)
    with _Pool(project, games, workers, session) as pool:
        for number, options in enumerate(runs):
            plans = {g.slug: plan_game(project, g, options, shared, session.keeps) for g in games}
            checking = number == 0 and validate  # the checks run once, with the first options
            kept, jobs = _check_jobs(project, games if checking else [], options, shared, session.keeps, without)
            jobs += _render_jobs(games, plans, stopped, without)
            arrived = _Finishing(build, games, jobs, plans, options, kept if checking else None)
            pool.run(bundled(jobs, pool.workers), plans, arrived)
    if "file-digests" not in without:
        save_digests(file_digests_path(runs[0].out))
    return [results[g.slug] for g in games]


def _check_jobs(project, games: list, options: Options, shared: str, keeps: Keeps | None, without: frozenset) -> tuple[dict, list[tuple]]:
    """The checks each game of `games` needs: (the findings kept from an earlier build whose inputs are unchanged, by
    game; a check job for each game with none kept)."""
    kept, jobs = {}, []
    for game in games:
        results_kept = KeptResults(results_path(options.out, game.slug) if "results" not in without else None)
        found = kept_checks(results_kept, project, game, shared, options.draft, keeps)
        if found is None:
            jobs.append((_weight("check", game, without=without), "check", game.slug, None))
        else:
            kept[game.slug] = found
    return kept, jobs


def _render_jobs(games: list, plans: dict[str, GamePlan], stopped: set, without: frozenset) -> list[tuple]:
    """A weighed render job for each output each game's plan renders, but for games an earlier paper's run stopped."""
    jobs = []
    for game in games:
        if game.slug not in stopped:
            faces_kept = _has_face_store(plans[game.slug], game.slug)
            jobs += [(_weight(job.kind, game, faces_kept, without), "render", game.slug, job) for job in plans[game.slug].jobs]
    return jobs


def _result_key(job: tuple) -> tuple:
    """The key of a job's result (_Pool.run): ("check", slug) or ("render", slug, slot)."""
    return (job[1], job[2]) if job[1] == "check" else (job[1], job[2], job[3].slot)


@dataclasses.dataclass(frozen=True)
class _Build:
    """What each paper's run of one build shares: the project, each game's result so far, the games stopped (an earlier
    paper's run found errors), the games whose data has errors (rendered for their findings, never written) and the
    session's keeps in a process that stays up (pnp.core.memo.Keeps)."""

    project: object
    results: dict[str, GameBuild]
    stopped: set
    blocked: frozenset
    keeps: Keeps | None


class _Finishing:
    """Finishes each game of one run of options once its jobs have all ended (_Pool.run hands their results over as
    worker processes end them): this process writes a game's files and caches while the workers render the others."""

    def __init__(self, build: _Build, games: list, jobs: list[tuple], plans: dict[str, GamePlan], options: Options, kept: dict | None):
        self.project, self.plans, self.options, self.stopped, self.results = build.project, plans, options, build.stopped, build.results
        self.keeps, self.blocked = build.keeps, build.blocked
        self.kept = kept  # the checks kept from an earlier build, by game; None when this run checks nothing
        self.waiting = {g.slug: (g, {_result_key(job) for job in jobs if job[2] == g.slug}) for g in games}  # in the games' order
        self.done: dict[tuple, object] = {}

    def __call__(self, results: dict) -> None:
        self.done.update(results)
        for slug, (game, keys) in list(self.waiting.items()):
            if keys <= self.done.keys():
                del self.waiting[slug]
                self._finish(game)

    def _finish(self, game) -> None:
        """Take the game's checks (a game they find errors in is not built) and write what its jobs rendered (finish_game)."""
        slug, plan, built = game.slug, self.plans[game.slug], self.results[game.slug]
        ran = self.done.get(("check", slug))  # the findings of checks run now
        stopping = slug in self.blocked  # the game's data or checks have errors: its outputs were rendered all the same
        if self.kept is not None:
            found = ran if ran is not None else self.kept[slug]
            built.checked = found
            stopping = stopping or any(f.severity == "error" or (self.options.strict and f.severity == "warning") for f in found)
        if slug in self.stopped:
            return  # not rendered: an earlier paper's run found errors
        if stopping:
            self.stopped.add(slug)
        rendered = [self.done[("render", slug, job.slot)] for job in plan.jobs]
        outputs, findings = finish_game(self.project, game, plan, [r for r, _ in rendered], stopping, self.keeps)
        built.builds.append((outputs, findings, sum(seconds for _, seconds in rendered)))


def _measure_ink(results: dict, plans: dict[str, GamePlan], idle=None) -> None:
    """The ink of the PDFs of rendered outputs their worker did not measure, measured here as they arrive, half of
    each by an `idle` worker when one is lent (pnp.pipeline.build.measure_ink)."""
    for slug, rendered in _unmeasured(results):
        measure_ink(plans[slug], rendered, idle)


def _quiet(plans: dict[str, GamePlan], group: list[tuple]) -> dict[str, GamePlan]:
    """The plans of the games a group of jobs works on, without the progress lines a worker process cannot print."""
    return {slug: dataclasses.replace(plans[slug], options=dataclasses.replace(plans[slug].options, progress=None)) for slug in {job[2] for job in group}}


def _unmeasured(results: dict) -> list[tuple[str, RenderedOutput]]:
    """(game, output) of each rendered output with a PDF still lacking its ink figure (one with errors is not written,
    so not measured)."""
    return [(key[1], value[0]) for key, value in results.items() if key[0] == "render" and _to_measure(value[0])]


def bundled(jobs: list[tuple], workers: int) -> list[list[tuple]]:
    """Jobs grouped into what one process runs in a row, heaviest group first.

    A process that renders several outputs of one game shares their work (the
    game's parsed templates, fonts, icons and fitted texts), so with at least as
    many games at work as cores each game is one group, its checks last. With
    fewer, a game is split into its outputs. A game's checks follow its card
    sheets in their process, whose faces the readability check reads rather
    than drawing them again (pnp.pipeline.readable), even with a core to
    spare: checks beside the sheets drew every face twice for no time saved
    (docs/performance.md). A game that prints no cards has its checks go with
    the lightest output, or beside the others while a core would idle."""
    games: dict[str, list[tuple]] = {}
    for job in jobs:
        games.setdefault(job[2], []).append(job)
    if len(games) >= workers:
        groups = [sorted(group, key=lambda j: j[1] == "check") for group in games.values()]  # checks last: they read the faces the game's card sheets drew
    else:
        groups = sorted(([j] for j in jobs if j[1] == "render"), key=lambda group: -group[0][0])
        checks = []
        for check in (j for j in jobs if j[1] == "check"):
            cards = next((g for g in groups if g[0][2] == check[2] and g[0][3].kind == "cards"), None)
            (cards if cards is not None else checks).append(check)
        if checks and len(groups) < workers:
            groups.append(checks)
        elif checks:
            groups[-1] = checks + groups[-1]
    return sorted(groups, key=lambda group: -sum(j[0] for j in group))  # stable: equal weights keep the games' order


def _outweighs(groups: list[list[tuple]]) -> bool:
    """Whether the first (heaviest) group weighs as much as all the others together."""
    weights = [sum(job[0] for job in group) for group in groups]
    return weights[0] >= sum(weights[1:])


def _weight(kind: str, game, kept_faces: bool = False, without: frozenset = frozenset()) -> float:
    """A job's share of a build (its kind's OutputKind.weight, or CHECK_WEIGHT); card sheets by their cards, a card kept
    from the last build (its face looked up, not rendered) by a third of one rendered: a one-card edit's sheets weigh
    less than its rulebook. Every job weighs alike in a run going without weights."""
    if "weights" in without:
        return 1.0
    if kind == "check":
        return CHECK_WEIGHT
    if kind == "cards":
        per_weight = CARDS_PER_WEIGHT / KEPT_FACE_SHARE if kept_faces else CARDS_PER_WEIGHT
        return kind_named("cards").weight + sum(len(d.cards) for d in game.decks.values()) / per_weight
    return kind_named(kind).weight


def _has_face_store(plan: GamePlan, slug: str) -> bool:
    """Whether the last build of `slug` into this output folder kept its faces (a rebuild looks most of them up)."""
    return face_store_path(plan.options.out, slug).is_file()


class _Worker:
    """What a process needs to run jobs: the project's engine and the games by name (one context per game, shared by its jobs)."""

    def __init__(self, project, games: list, engine: Engine | None = None):
        self.engine = engine or Engine(project)
        self.games = {g.slug: g for g in games}

    def check(self, slug: str, out: Path | None = None, without: frozenset = frozenset()) -> list[Finding]:
        """Every check of `pnp validate` on a game, rendering every output in memory, with what the build cache of `out`
        keeps (pnp.pipeline.build.check_everything; but what the run goes `without`), or none."""
        gctx = self.engine.for_game(self.games[slug])
        return check_game(gctx) if out is None else check_everything(gctx, out, without)

    def render(self, slug: str, plan: GamePlan, job: OutputJob, ink: bool = True, long_too: bool = True) -> tuple[RenderedOutput, float]:
        started = time.perf_counter()
        rendered = render_output(self.engine.for_game(self.games[slug]), plan, job)
        if ink and (long_too or not _long(rendered)):
            measure_ink(plan, rendered)
        return rendered, time.perf_counter() - started

    def run(self, jobs: list[tuple], plans: dict[str, GamePlan], ink: bool = True, long_too: bool = True) -> dict[tuple, object]:
        """Run ("check", slug, key) and ("render", slug, OutputJob) jobs in a row, measuring the ink of what they render
        unless `ink` is false, and of a long PDF (`_long`) only with `long_too`; results as `_Pool.run` gives them."""
        out = {}
        for what, slug, detail in jobs:
            if what == "check":
                out[(what, slug)] = check_output(self.engine.for_game(self.games[slug]), plans[slug])
            else:
                out[(what, slug, detail.slot)] = self.render(slug, plans[slug], detail, ink, long_too)
        if jobs:
            self.save_results({slug for _, slug, _ in jobs})
        return out

    def save_results(self, slugs) -> None:
        """Keep what this process found and judged of these games for any later command (pnp.core.kept.KeptResults)."""
        for slug in sorted(slugs):
            self.engine.for_game(self.games[slug]).results.save()


class _Pool:
    """Runs jobs in worker processes when there are cores and jobs for more than one, else in this process."""

    def __init__(self, project, games: list, workers: int, session: Session):
        self.project, self.games, self.workers, self.session = project, games, workers, session
        self.local: _Worker | None = None
        self.pool: ProcessPoolExecutor | None = None
        self.lendable = False  # whether an idle worker may measure ink (see _run_in_pool)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.pool is not None:
            self.pool.shutdown()

    def run(self, groups: list[list[tuple]], plans: dict[str, GamePlan], arrived: Callable[[dict], None]) -> None:
        """Hand `arrived` every job's result, a group's at a time as worker processes finish them (else all at once):
        ("check", slug) → (key, findings); ("render", slug, slot) → (RenderedOutput, seconds).

        Each rendered PDF comes with its ink figure (pnp.pipeline.build.measure_ink)."""
        if self.workers > 1 and len(groups) > 1:
            if ink_ready() and (len(groups) <= self.workers or _outweighs(groups)):
                arrived(self._run_here_and_in_pool(groups, plans))
            else:
                self._run_in_pool(groups, plans, arrived)
            return
        out = {}
        for group in groups:
            out.update(self._here().run([job[1:] for job in group], plans))
        arrived(out)

    def _here(self) -> _Worker:
        if self.local is None:
            self.local = _Worker(self.project, self.games, self.session.new_engine(self.project))
        return self.local

    def _run_here_and_in_pool(self, groups: list[list[tuple]], plans: dict[str, GamePlan]) -> dict[tuple, object]:
        """The heaviest group in this process, the others in worker processes, each worker measuring the ink of what it
        rendered as it ends (a long PDF's excepted); then the ink of the rest here, half of each PDF by a worker that is
        idle by then (pnp.render.ink.page_inks). This process measures its own PDFs once its group is done: at once,
        alone, while a worker is still at work (after a card edit that reprints the rulebook, its cards are measured
        beside the rulebook's ink), else with a worker's help for half of each.

        Only where this process has numpy and pdfium in memory already (a fork
        server's child, pnp.launch): it has nothing to import while it waits, so
        waiting would waste a core, and a worker forked now can measure at once.
        Rendering here spares the heaviest group a worker's start and its PDF a
        trip through a pipe. With more groups than cores this happens
        when the heaviest group outweighs the others together (a large deck and a game's small outputs): they share
        the cores left, and are done before it is."""
        if self.pool is None:
            self.pool = worker_pool(min(self.workers - 1, len(groups) - 1), _new_worker, (self.project.root, self.games))
            self.lendable = True
        queued = [self.pool.submit(_run_in_worker, [job[1:] for job in group], _quiet(plans, group), True) for group in groups[1:]]
        out = self._here().run([job[1:] for job in groups[0]], plans, ink=False)
        if not all(future.done() for future in queued):
            _measure_ink(out, plans)  # the workers are still at it: this process measures its own PDFs meanwhile, alone
        for future in queued:
            out.update(future.result())
        _measure_ink(out, plans, self.pool)
        return out

    def _run_in_pool(self, groups: list[list[tuple]], plans: dict[str, GamePlan], arrived: Callable[[dict], None]) -> None:
        """The groups in worker processes, each group's results handed to `arrived` as it ends: this process finishes
        a game (writes its files and caches) while the workers render the others. With no more groups than workers, a
        worker's core idles once its group is done, and this process only waits: it measures the ink then, pdfium
        imported in a thread once a core is free, where each worker would import it at the end of its job (numpy only
        for a page measured pixel by pixel: pnp.render.ink.bitmap_coverage). With more groups, the workers
        measure as they go, so the measuring is spread over the cores, except a long PDF's (`_long`): this process
        measures it when it arrives, with a helper, pdfium imported by then.

        A core is free from the start when there are fewer groups than workers, else once fewer groups are left
        running than there are workers: importing while every core renders would take a third of each core from the
        workers (a one-deck build's cards and checks), whose last result is what the build waits for."""
        from concurrent.futures import as_completed

        if self.pool is None:
            self.pool = worker_pool(self.workers, _new_worker, (self.project.root, self.games))
            self.lendable = ink_ready()  # workers forked with numpy and pdfium in memory can measure at once
        here = len(groups) <= self.workers
        futures = [self.pool.submit(_run_in_worker, [job[1:] for job in group], _quiet(plans, group), not here) for group in groups]
        # The workers are forked by now, so a thread importing here cannot leave them an import lock held; it is
        # joined before this measures (its helper is forked then) and before this returns, so no later fork (a
        # rebuild under `pnp watch`) meets it either.
        warming = threading.Thread(target=warm_pdfium, daemon=True)
        if len(groups) < self.workers:
            warming.start()
        running = len(futures)
        try:
            for future in as_completed(futures):
                results = future.result()
                running -= 1
                if warming.ident is not None and _unmeasured(results):
                    warming.join()
                _measure_ink(results, plans, self.pool if self.lendable and running < self.workers else None)
                if warming.ident is None and running < self.workers:  # a core is free
                    warming.start()
                arrived(results)
        finally:
            if warming.ident is not None:
                warming.join()


def check_games(project, games: list, workers: int | None = None, draw: bool = True, out: Path | None = None,
                without: frozenset = frozenset()) -> list[list[Finding]]:
    """Every check `pnp validate` runs, rendering each game's outputs in memory: each game's findings, in the games' order.
    Without `draw`, the checks of the data alone (`validate --quick`), in this process: they take a moment a game.
    `out` names the output folder whose build cache keeps what the checks found and drew (none: nothing is kept; the
    caller answers the games kept whole there: pnp.pipeline.results.kept_validations).

    Games are checked on all cores, largest first, each in one process (a
    game's outputs share its fitted texts and faces); a finding is a value, the
    same whichever process finds it."""
    if not draw:
        worker = _Worker(project, games)
        return [data_checks(worker.engine.for_game(game)) for game in games]
    workers = min(workers or cores(), 8, len(games))
    if workers <= 1:
        worker = _Worker(project, games)
        found = [worker.check(game.slug, out, without) for game in games]
    else:
        largest_first = sorted(games, key=lambda game: -_weight("cards", game))
        with worker_pool(workers, _new_worker, (project.root, games)) as pool:
            futures = {game.slug: pool.submit(_check_in_worker, game.slug, out, without) for game in largest_first}
            found = [futures[game.slug].result() for game in games]
    if out is not None and "file-digests" not in without:
        save_digests(file_digests_path(out))
    return found


def _check_in_worker(slug: str, out: Path | None, without: frozenset) -> list[Finding]:
    return worker_state().check(slug, out, without)


def warm_up(project, out: Path, session: Session) -> None:
    """Import what rendering and checking in this process need (every output's builder, the SVG reader, numpy and
    pdfium), and register the fonts the faces of the project's last build into `out` name.

    `pnp watch` builds on every core first, in worker processes, and then
    rebuilds each save in its own process: it calls this while it waits for the
    first save, so that save is not the one to pay for imports and font files. A font registered here is the one a build would register: the
    same name from the same file (pnp.layout.fonts). What this process keeps from
    build to build lives on its `session` (pnp.pipeline.session.Session)."""
    for kind in KINDS:
        load_named(kind.builder)
    warm_svg()
    warm_ink()
    shared = shared_inputs_hash(project)
    fonts = Engine(project).fonts
    for slug in project.game_slugs():
        FaceStore(face_store_path(out, slug), shared, fonts, keeps=session.keeps).register_fonts()


def warm_templates(project, stop: Callable[[], bool]) -> None:
    """Parse and compile the project's templates into this process's store (pnp.layout.templates.Layouts.warm) until
    `stop()` is true: `pnp watch` calls this once it watches, while the designer edits, and a save stops it at the
    next template (each costs a few milliseconds)."""
    Engine(project).layouts.warm(stop)


def _new_worker(root: Path, games: list) -> _Worker:
    """A worker process's engine and games, made from the project folder and plain game data, so any start method works."""
    from pnp.data.project import Project

    return _Worker(Project(root), games)


def _run_in_worker(jobs: list[tuple], plans: dict[str, GamePlan], ink: bool) -> dict[tuple, object]:
    return worker_state().run(jobs, plans, ink, long_too=False)


def _long(rendered: RenderedOutput) -> bool:
    """Whether a PDF of `rendered` is long enough for its ink to be measured in halves (pnp.render.ink.PARALLEL_MIN_PAGES).

    A worker leaves such a PDF to the process that waits for it: the build's
    longest job is usually a large deck, whose worker would import numpy and
    measure after rendering; the waiting process imports numpy beforehand, once
    fewer jobs are left than cores, and measures with a helper."""
    return any(name.endswith(".pdf") and stats.pages >= PARALLEL_MIN_PAGES for name, _, stats in rendered.files)


def _to_measure(rendered: RenderedOutput) -> bool:
    if any(f.severity == "error" for f in rendered.findings):
        return False
    return any(stats.ink is None for name, _, stats in rendered.files if name.endswith(".pdf"))
