"""What `pnp build` (and `pnp watch`, which builds with it) says as it goes: the lines of its outputs, and the steps
pnp.cli.run_build takes before and between its games' builds."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import click

from pnp.core.errors import Report

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
    if "kept-parses" not in base.without:
        keep_game_reads(project, base.out)
    if "file-digests" not in base.without:
        read_kept_digests(file_digests_path(base.out))


def paper_runs(base, papers: list[str], progress: bool) -> list:
    """The build's options for each paper (file names carry the paper when there are several), with a dim progress line
    on the terminal when `progress`."""
    runs = []
    for paper in papers:
        options = dataclasses.replace(base, paper=paper, suffix=f"-{paper}" if len(papers) > 1 else "")
        if progress:
            options.progress = lambda line: click.echo(click.style(f"  … {line}", dim=True), err=True)
        runs.append(options)
    return runs


def failing(findings, strict: bool) -> bool:
    """Whether the findings stop a build: any error, or any warning with --strict."""
    return any(f.severity == "error" or (strict and f.severity == "warning") for f in findings)


def nothing_to_build(slug: str, folder: str, only: tuple) -> str:
    """The line for a game with no output to build: what to add, or the --only that left everything out."""
    return (f"{slug}: nothing to build: add decks/*.yaml, boards.yaml, tokens.yaml, reference.yaml or rulebook.md to {folder}/"
            + (f" (or drop --only {' '.join(only)})" if only else ""))


def echo_outputs(project: Project, outputs, echo, timing: str | None) -> None:
    """A line for each output (path, pages, pieces, size, ink, reused) and what its sheets share, then the game's time on a terminal."""
    for o in outputs:
        echo(f"{project.rel(o.path)}  {o.pages} pages  {o.pieces} pieces  {o.size / 1024:.0f} KB" + ink_text(o.ink) + ("  (reused)" if o.reused else ""))
        for line in o.shared:
            echo(f"  {o.path.name}: {line}")
    if timing:
        echo(timing)


def ink_text(ink: float | None) -> str:
    """'  ink 3.2 pages': what a PDF costs in fully inked page equivalents, for the build summary."""
    return f"  ink {ink:.1f} pages" if ink is not None else ""
