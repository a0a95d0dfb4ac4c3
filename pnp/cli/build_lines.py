"""How `pnp build` (and `pnp watch`, which builds with it) builds games and what it says as it goes: `run_build`,
the steps it takes before and between its games' builds, and the lines of its outputs."""
from __future__ import annotations

import dataclasses
import sys
from typing import TYPE_CHECKING

import click

from pnp.cli.common import check_subset, load_games, stopped_by_load
from pnp.cli.terminal import unescaped
from pnp.core.collector import paused
from pnp.core.errors import Report, printable, terminal_text
from pnp.core.units import counted
from pnp.data.kinds import kind_named

if TYPE_CHECKING:
    from pnp.data.project import Project


def open_caches(project: Project, base, report: Report) -> None:
    """Open the build cache (a note when it had to start afresh), and the kept parses and file digests unless a bench
    switched them off: before the games are read, since their checks hash fonts and icons."""
    from pnp.core.files import read_kept_digests
    from pnp.pipeline.cache import file_digests_path, keep_game_reads, open_build_cache

    cache_note = open_build_cache(project, base.out)
    if cache_note is not None:
        report.add(cache_note)
    if "file-digests" not in base.without:  # first: the kept parses' version hashes pnp's own code
        read_kept_digests(file_digests_path(base.out))
    if "kept-parses" not in base.without:
        keep_game_reads(project, base.out)


def paper_runs(base, papers: list[str], progress: bool) -> list:
    """The build's options for each paper (file names carry the paper when there are several), with a dim progress line
    on the terminal when `progress`."""
    runs = []
    for paper in papers:
        options = dataclasses.replace(base, paper=paper, suffix=f"-{paper}" if len(papers) > 1 else "")
        if progress:
            options.progress = lambda line: click.echo(click.style(terminal_text(f"  … {line}"), dim=True), file=unescaped(sys.stderr),
                                                       color=sys.stderr.isatty())
        runs.append(options)
    return runs


def failing(findings, strict: bool) -> bool:
    """Whether the findings stop a build: any error, or any warning with --strict."""
    return any(f.severity == "error" or (strict and f.severity == "warning") for f in findings)


def nothing_to_build(slug: str, folder: str, only: tuple, has_decks: bool = False) -> str:
    """The line for a game with no output to build: what to add, and under --only, the files the kinds asked for are
    made from (a game with decks asked `--only dice` lacks dice.yaml, not decks) and the option to drop. A game whose
    decks are there (`has_decks`) yet print nothing gives every card no copies: that is what to mend, not decks to add."""
    if has_decks and (not only or any("decks" in kind_named(kind).made_from for kind in only)):  # cards, or the decks' labels
        return f"{slug}: nothing to build: its decks give no copy of any card (each card's count is 0): give the cards a count of 1 or more"
    if not only:
        return f"{slug}: nothing to build: add decks/*.yaml, boards.yaml, tokens.yaml, reference.yaml or rulebook.md to {folder}/"
    files = list(dict.fromkeys(name for kind in only for name in _made_from(kind_named(kind))))
    needed = files[0] if len(files) == 1 else f"{', '.join(files[:-1])} or {files[-1]}"
    asked = " ".join(only)
    return f"{slug}: nothing to build for --only {asked}: add {needed} to {folder}/, or drop --only {asked}"


def _made_from(kind) -> list[str]:
    """The files of a game folder a kind of output is drawn from: its parts' files, or the first it reads besides game.yaml."""
    return [f"{part}/*.yaml" if part == "decks" else f"{part}.yaml" for part in kind.made_from] or [
        next(name for name in kind.inputs if name != "game.yaml").replace("*", "")]


def echo_outputs(project: Project, outputs, echo, timing: str | None) -> None:
    """A line for each output (path, pages, pieces, size, ink, reused) and what its sheets share, then the game's time on a terminal."""
    for o in outputs:
        counts = "".join(f"  {counted(n, word)}" for n, word in ((o.pages, "page"), (o.pieces, "piece")) if n)  # a notes file has neither, a rulebook no pieces
        echo(printable(project.rel(o.path)) + f"{counts}  {o.size / 1024:.0f} KB" + ink_text(o.ink) + ("  (reused)" if o.reused else ""))
        for line in o.shared:
            echo(f"  {o.path.name}: {line}")
    if timing:
        echo(timing)


def ink_text(ink: float | None) -> str:
    """'  ink 3.2 pages': what a PDF costs in fully inked page equivalents, for the build summary."""
    return f"  ink {ink:.1f} pages" if ink is not None else ""


@paused
def run_build(project: Project, slugs: list[str], base, papers: list[str], *, report: Report, quiet: bool = False, validate: bool = True, echo=None,
              workers: int | None = None, changed_only: bool = False, session=None) -> Report:
    """Validate and build games for each paper (games in parallel on `workers` processes, all cores by default; lines in
    the games' order); shared by `build` and `watch`, whose `session` (pnp.pipeline.session) it keeps between builds.
    `changed_only` lists only the outputs written again (watch after a save: the designer wants to see what their save
    changed, not the whole list).

    The collector is paused for the whole build, not stage by stage: what a stage allocates stays counted while it
    runs, so a collector resumed between stages scans the whole heap at once (the games just read, the faces just
    drawn), and the cycles that scan finds are few."""
    from pnp.pipeline.steady import KeptBuilds

    open_caches(project, base, report)
    runs = paper_runs(base, papers, progress=sys.stdout.isatty() and not quiet)
    kept = KeptBuilds(project, runs, validate) if KeptBuilds.serve(runs) else None
    answered = {slug: found for slug in slugs if kept is not None and (found := kept.answer(slug)) is not None}
    loaded, found_reading = _read(project, [slug for slug in slugs if slug not in answered], base, report)
    blocked = frozenset(f.game for f in report.errors(base.strict))
    built = {result.slug: result for result in _built(project, loaded, runs, validate, blocked, workers, session)}
    for slug, (found, result) in answered.items():
        report.extend(found)
        built[slug] = result
    for game in loaded if kept is not None else ():
        found = [f for f in found_reading if f.game == game.slug]
        kept.remember(game.slug, found, built[game.slug], base.strict)
    _age_out(base.out)
    _show_builds(project, [built[slug] for slug in slugs if slug in built], runs, blocked, report, echo or click.echo, quiet=quiet, changed_only=changed_only)
    return report


def _age_out(out) -> None:
    """Every build, answered from its cache or not, ages out the parses none reads (its own and those of pnp's files)
    and the digests of pnp's files kept for copies of pnp not run for a month (pnp.core.kept.prune)."""
    from pnp.core.files import shipped_digests
    from pnp.core.kept import prune, shipped_parses
    from pnp.pipeline.cache import parsed_files_path

    for parsed in (parsed_files_path(out), shipped_parses()):
        if parsed is not None:
            prune(parsed)
    own = shipped_digests()
    if own is not None:
        prune(own.parent, entries="shipped-digests-*.json", spare=own)


def _read(project: Project, slugs: list[str], base, report: Report) -> tuple[list, list]:
    """(the games of `slugs` that load, every finding of reading them and of the subsets `base` picks, which `report`
    holds too)."""
    read_from = len(report.findings)
    loaded = load_games(project, slugs, report, partial=True)
    check_subset(loaded, base.decks, base.cards, report=report)
    for kind in base.only:
        report.extend(stopped_by_load(loaded, f"--only {kind}", kind_named(kind).made_from))
    return loaded, report.findings[read_from:]


def _show_builds(project: Project, results: list, runs: list, blocked: frozenset, report: Report, echo, *, quiet: bool, changed_only: bool) -> None:
    """Add each game's findings to `report` and show its outputs, paper by paper, in the games' order."""
    strict, tty = runs[0].strict, sys.stdout.isatty()
    for result in results:
        report.extend(result.checked)
    for i, options in enumerate(runs):
        for result in results:
            if len(result.builds) <= i:  # stopped by an earlier paper's errors: nothing of this paper was rendered
                continue
            outputs, findings, seconds = result.builds[i]
            report.extend(findings)
            if not outputs and result.slug not in blocked and not failing((*findings, *result.checked), strict):
                folder = project.data_dir / result.slug
                echo(nothing_to_build(result.slug, project.rel(folder), options.only, any((folder / "decks").glob("*.yaml"))))  # a failed build says why
            if changed_only:
                outputs = [o for o in outputs if not o.reused]
            if not quiet and outputs:
                echo_outputs(project, outputs, echo, f"  {result.slug}: {seconds:.2f} s" if tty else None)


def _built(project: Project, games: list, runs: list, validate: bool, blocked: frozenset, workers: int | None, session) -> list:
    """Check and build `games` (pnp.pipeline.schedule.build_games), importing the machinery only when there are some."""
    if not games:
        return []
    from pnp.pipeline.schedule import build_games

    return build_games(project, games, runs, validate=validate, blocked=blocked, workers=workers, session=session)
