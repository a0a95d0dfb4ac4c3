"""What every command shares: finding the project and its games, printing findings, parsing common options."""
from __future__ import annotations

import contextlib
import gc
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.terminal import unescaped
from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc, PnpError, Report, did_you_mean, error, one_per_mistake, printable
from pnp.core.plurals import count_text

if TYPE_CHECKING:  # the engine is imported by the commands that use it, so `pnp --help` starts at once
    from pnp.data.project import Project
    from pnp.outputs.context import Engine

EXIT_OK, EXIT_DATA = 0, 1  # and 2, click's own, for a usage error


class Choice(click.Choice):
    """click's closed list, whose refusal also names the choice a mistyped value was meant to be (`drivethrucard`:
    did you mean 'drivethrucards'?), as every other closed list of pnp's does."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            from pnp.core.errors import did_you_mean

            parts = [part.strip() for part in str(value).split(",")]
            if len(parts) > 1 and param is not None and param.multiple and all(part in self.choices for part in parts):
                option = param.opts[-1]  # `cards,tokens` for a repeatable option: each one is a choice, given once each
                exc.message = f"{exc.message.rstrip('.')}; give {option} once for each: {' '.join(f'{option} {part}' for part in parts)}"
                raise
            hint = did_you_mean(str(value), [str(c) for c in self.choices])
            if hint:
                exc.message = f"{exc.message.rstrip('.')}{hint}"
            raise


def open_project(root: str | None) -> Project:
    from pnp.data.project import Project, find_root

    folder = Path(root) if root else find_root(Path.cwd())
    if folder is None or not (folder / "data").is_dir():
        raise click.UsageError("no data/ folder here or above: run pnp inside a project, or pass --root DIR")
    project = Project(folder)
    _finish_landing(project)
    return project


def _finish_landing(project: Project) -> None:
    """Finish or roll back the files a killed command (`pnp translate import`) left half-written, and say so."""
    from pnp.core.landing import resume

    said = resume(project.data_dir)
    if said:
        click.echo(f"pnp: {said}", err=True)


def editions(project: Project, slugs: list[str], lang: str | None) -> list[tuple[Project, str, list[str]]]:
    """(project read in a language, that language or '' for each game's source, its games) for `--lang`: None the
    source editions, 'all' every language each game lists, else that language (a game without it is an error)."""
    from pnp.data.project import Project

    if lang is None:
        return [(project, "", slugs)]
    if lang != "all":
        return [(Project(project.root, lang), lang, slugs)]
    wanted: dict[str, list[str]] = {}
    for slug in slugs:  # each game's game.yaml alone: the source editions' findings come with their own run
        for other in project.languages(slug)[1:]:
            wanted.setdefault(other, []).append(slug)
    return [(project, "", slugs)] + [(Project(project.root, other), other, games) for other, games in sorted(wanted.items())]


LANG_HELP = "Read the games in this language of their `languages:` (file and folder names carry it)"


@contextlib.contextmanager
def in_edition(report: Report, code: str):
    """Mark every finding added to `report` while the block runs as one of the `code` edition's (none for a game's
    source language): a `--lang` run's findings name their edition (Finding.edition). A translated edition starts
    with the cycles an earlier one left collected, which a command keeping the collector off (pnp.launch.ENDS_PAUSED)
    would otherwise hold while it draws: one edition's art at a time, as when each edition's end collected them."""
    if code and not gc.isenabled():
        gc.collect()
    start = len(report.findings)
    try:
        yield
    finally:
        if code:
            report.findings[start:] = [replace(f, edition=code) for f in report.findings[start:]]


def each_edition(root: str | None, game: str, lang: str | None, make) -> None:
    """Run `make(edition, code, report)` for each edition of `game` that `--lang` names, its findings marked as that
    edition's; stop at the first edition with an error, print every finding and exit as a command does (`sellsheet`,
    `showcase`: commands that write one game's pictures per edition)."""
    project = open_project(root)
    game_names(project, (game,))
    report = Report()
    for edition, code, _ in editions(project, [game], lang):
        with in_edition(report, code):
            make(edition, code, report)
        if report.errors():
            break
    print_findings(report.sorted())
    sys.exit(EXIT_DATA if report.errors() else EXIT_OK)


def one_edition(project: Project, slugs: list[str], lang: str | None) -> Project:
    """The project read in `lang` for a command that follows one edition (watch, serve, preview): None each game's
    source language. A language a game does not list stops the command with the located error `build` gives for it,
    before a server starts or a folder is watched."""
    if lang is None:
        return project
    if lang == "all":
        return _every_edition_is_one(project, slugs)
    from pnp.data.project import Project

    edition = Project(project.root, lang)
    report = Report()
    load_games(edition, slugs, report)
    unknown = [f for f in report.sorted() if f.code == "language-unknown"]
    if unknown:
        print_findings(unknown)
        click.echo(summary(unknown, slugs), err=True)
        sys.exit(EXIT_DATA)
    return edition


def _every_edition_is_one(project: Project, slugs: list[str]) -> Project:
    """`--lang all` for a command that follows one edition: the project as it is when each game has one edition (its
    source), else a located error at each game that lists more, naming its languages and the command for each. One
    server or watcher follows one edition: the preview's pages, its file names and what a drag writes back are that
    edition's, and two editions in one page would show a German card beside its English one with no word of which."""
    command = click.get_current_context().info_name or "serve"
    several = [(slug, project.languages(slug)) for slug in slugs]
    findings = [error("language-all", f"this game has {len(langs)} editions ({', '.join(langs)}) and `pnp {command}` follows one: give one "
                      f"language, or run one per edition, like `pnp {command} {slug} --lang {langs[1]}`"
                      + (" with its own --port" if command == "serve" else ""), _languages_at(project, slug), game=slug)
                for slug, langs in several if len(langs) > 1]
    if not findings:
        return project
    print_findings(findings)
    click.echo(summary(findings, slugs), err=True)
    sys.exit(EXIT_DATA)


def _languages_at(project: Project, slug: str) -> Loc:
    """Where game `slug`'s game.yaml lists its languages (a game listing several was read already: `Project.languages`)."""
    from pnp.data.located import LocDict
    from pnp.data.source import load_yaml

    path = project.data_dir / slug / "game.yaml"
    try:
        data = load_yaml(path, project.rel(path))
    except PnpError:
        data = None
    return data.loc_of("languages") if isinstance(data, LocDict) and "languages" in data else Loc(project.rel(path))


def game_names(project: Project, names: tuple[str, ...]) -> list[str]:
    slugs = project.game_slugs()
    if not slugs:
        raise click.UsageError(f"no game in {project.rel(project.data_dir)}/: a game is a folder data/<game>/ holding a game.yaml")
    for name in names:
        if name not in slugs:
            raise click.BadParameter(printable(f"no game '{name}'{did_you_mean(name, slugs)}; games: {', '.join(slugs)}"), param_hint="GAME")
    return list(names) or slugs


def print_findings(findings: list[Finding], fmt: str = "text") -> None:
    if fmt == "json":
        click.echo(json.dumps([f.as_json() for f in findings], indent=2))
        return
    colour = sys.stderr.isatty()
    for f in findings:
        line = f.format()
        if colour:
            tag = click.style(f.severity, fg={"error": "red", "warning": "yellow"}.get(f.severity, "cyan"), bold=True)
            line = line.replace(f": {f.severity}: ", f": {tag}: ", 1)
        click.echo(line, err=True, file=unescaped(sys.stderr) if colour else None, color=colour)


def summary(findings: list[Finding], games: list[str], strict: bool = False) -> str:
    """'tiny: 1 error, 2 warnings' for each game, after the project's own (pnp.yaml's) where it has any; with --strict,
    says that warnings fail the run (they print as found)."""
    parts = []
    for g in ([""] if any(not f.game and f.severity in ("error", "warning") for f in findings) else []) + list(games):
        e = sum(1 for f in findings if f.game == g and f.severity == "error")
        w = sum(1 for f in findings if f.game == g and f.severity == "warning")
        parts.append(f"{g or 'the project'}: {count_text(e, 'error')}, {count_text(w, 'warning')}")
    fails = strict and any(f.severity == "warning" for f in findings)
    return printable("; ".join(parts) + (" (warnings fail with --strict)" if fails else ""))


def load_games(project: Project, slugs: list[str], report: Report, partial: bool = False):
    """The games that load, with every finding of loading them in `report`; with `partial`, also those of games with
    errors in some files, without the parts those files hold (pnp.data.project.Project.load_game): checked, never written."""
    games = []
    for slug in slugs:
        try:
            game, findings = project.load_game(slug, partial)
        except PnpError as exc:
            report.extend(exc.findings)
            continue
        report.extend(findings)
        if game is not None:
            games.append(game)
    return games


@paused
def validate_games(project: Project, slugs: list[str], report: Report, draw: bool = True, without: frozenset = frozenset(),
                   out: Path | None = None) -> list:
    """Load games and run every check on them, rendering each output in memory (on all cores); the games, with every
    finding in `report`. Without `draw`, only the checks of the data itself (pnp.pipeline.validate.data_checks).

    What the checks find and draw is kept in the build cache of the output
    folder `out` (the project's output/ when not given), as a build keeps it (pnp.pipeline.build.check_everything):
    a game as it was is answered from there, without drawing anything. The collector is paused throughout, as for a
    build (pnp.cli.run_build)."""
    from pnp.pipeline.results import checks_cache, kept_validations

    out, note = checks_cache(project, without, out) if draw else (None, None)
    if note is not None:
        report.add(note)
    games = load_games(project, slugs, report, partial=True)
    kept = kept_validations(project, games, out, without) if out is not None else {}
    left = [game for game in games if game.slug not in kept]
    if left:
        from pnp.pipeline.schedule import check_games  # with the drawing machinery: only when some game must be checked

        kept.update(zip([game.slug for game in left], check_games(project, left, draw=draw, out=out, without=without), strict=True))
    for game in games:
        report.extend(kept[game.slug])
    return games


def read_games(project: Project, slugs: list[str], report: Report, without: frozenset = frozenset(), out: Path | None = None) -> tuple[list, Engine | None]:
    """The one way a command that makes something of games (list, preview, showcase, export, bundle) reads them: load
    them and run every check `pnp validate` runs, drawing each output in memory (`validate_games`, its work kept in the
    build cache of `out`, the build's folder the command names), so a fault any
    command would meet is the same located finding in all of them (docs/findings.md); (games, an engine to draw them
    with). A game with errors comes back without the parts whose files failed (`load_games`): listed, never drawn."""
    games = validate_games(project, slugs, report, without=without, out=out)
    from pnp.outputs.context import Engine

    return games, (Engine(project) if games else None)


def without_option(command):
    """The hidden `--without NAME` (repeatable) of the commands that build or check: run without that speed mechanism
    (pnp.outputs.options.MECHANISMS), with the same bytes and findings, so bench/mechanisms.py measures what it buys."""
    from pnp.outputs.options import MECHANISMS

    return click.option("--without", multiple=True, hidden=True, type=click.Choice(MECHANISMS), help="Go without this speed mechanism (benches).")(command)


def check_subset(games, decks: tuple[str, ...], cards: tuple[str, ...], deck_option: str = "--deck", card_option: str = "--cards",
                 report: Report | None = None) -> None:
    """Refuse a --deck or --cards that names nothing in the games asked for: silently building nothing hides the typo.
    A name that may be in a file that failed to load stops the command with that file's findings (`stop_if_unloaded`)."""
    known_decks = sorted({d for g in games for d in g.decks})
    for d in decks:
        if d not in known_decks:
            stop_if_unloaded(games, report, f"{deck_option} {d}", (f"decks.{d}",))
            raise click.BadParameter(f"no deck '{d}'{did_you_mean(d, known_decks)}; decks: {', '.join(known_decks) or 'none'}", param_hint=deck_option)
    chosen = [deck for g in games for deck in g.decks.values() if not decks or deck.id in decks]
    known_cards = sorted({c.id for deck in chosen for c in deck.cards})
    for c in cards:
        if c not in known_cards:
            stop_if_unloaded(games, report, f"{card_option} {c}", tuple(f"decks.{d}" for d in decks) or ("decks",))
            where = f" in deck {', '.join(decks)}" if decks else ""
            raise click.BadParameter(f"no card '{c}'{where}{did_you_mean(c, known_cards)}", param_hint=card_option)


def stopped_by_load(games, option: str, parts: tuple[str, ...]) -> list[Finding]:
    """A note at each file that failed to load and holds one of `parts` ("decks.x" a deck, "decks" any deck, "boards"…):
    `option` named what it holds, so that file's errors stopped it."""
    notes = []
    for game in games:
        for part, file in sorted(game.failed.items()):
            if any(part == wanted or part.startswith(wanted + ".") for wanted in parts):
                notes.append(Finding("note", "option-stopped", f"{option}: stopped, as this file did not load (see its errors): fix them first",
                                     Loc(file), game.slug))
    return notes


def stop_if_unloaded(games, report: Report | None, option: str, parts: tuple[str, ...]) -> None:
    """Stop the command (exit 1) with every finding so far and a note saying `option` was stopped, when what it names may
    be in a file that failed to load, or in a game that did not load at all (a refused icon or font stops all of it):
    its errors are the answer, not "no deck"."""
    notes = stopped_by_load(games, option, parts)
    loaded = {g.slug for g in games}
    unloaded = sorted({f.game for f in (report.findings if report is not None else ()) if f.severity == "error" and f.game and f.game not in loaded})
    if not notes and not unloaded:
        return
    findings = sorted(one_per_mistake([*(report.findings if report is not None else ()), *notes]), key=Finding.sort_key)
    print_findings(findings)
    click.echo(summary(findings, sorted(loaded | set(unloaded))), err=True)
    sys.exit(EXIT_DATA)


def parse_papers(value: str) -> list[str]:
    """`--paper`: one paper or several, comma-separated: a name (letter, a4, legal, tabloid, a3, a3plus) or a size W x H in mm or in."""
    from pnp.core.units import UnknownPaper, paper_name

    papers = [p.strip() for p in value.split(",") if p.strip()]
    try:
        named = [paper_name(p) for p in papers]
    except UnknownPaper as exc:
        raise click.BadParameter(f"{exc}; several as 'letter,a4'", param_hint="--paper") from None
    if not named:
        raise click.BadParameter(f"name a paper, like letter, a4 or 300x450mm; got '{value}'", param_hint="--paper")
    return list(dict.fromkeys(named))


def one_paper(ctx, param, value: str) -> str:
    """`--paper` of a command that prints on one paper (a click callback): a name or a size, as parse_papers reads one."""
    papers = parse_papers(value)
    if len(papers) > 1:
        raise click.BadParameter(f"one paper only; got '{value}'", param_hint="--paper")
    return papers[0]


def parse_insert(ctx, param, value: str | None) -> tuple[float, float] | None:
    """`--insert`: a sleeve insert's size, W x H in mm unless a unit follows ('61x86', '2.4x3.4in'), a card's size or less."""
    from pnp.core.units import parse_size

    if not value:
        return None
    size = parse_size(value, {})
    if size is None or not all(10 <= v <= 400 for v in size):
        raise click.BadParameter(f"write the insert's size as W x H, in mm unless a unit follows, like 61x86 (in front of a poker card); got '{value}'",
                                 param_hint="--insert")
    return size


def parse_offset(value: str | None, option: str = "--back-offset") -> tuple[float, float]:
    if not value:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(f"write the offset as X,Y in mm, like 0.5,-0.25; got '{value}'", param_hint=option) from None
    if not (abs(x) <= 20 and abs(y) <= 20):  # nan reads as a float and compares false with every bound: no distance
        raise click.BadParameter(f"each offset must be a number of mm within ±20; got '{value}'", param_hint=option)
    return x, y


def refuse_unprinted_marks(cutter: str | None, papers: list[str], profile) -> None:
    """A usage error when the cutting machine's registration marks sit where the printer cannot print (a profile saved
    with a wide margin): the sheets would print, but the machine would find nothing to register its cut by."""
    from pnp.core.units import paper_said
    from pnp.render.cutter_names import unprinted_marks

    unprinted = unprinted_marks(cutter or "", papers, profile.margin)
    if unprinted is not None:
        paper, near = unprinted
        raise click.BadParameter(f"{cutter}'s registration marks sit {round(near, 3):g} mm from the edge of {paper_said(paper)}, where printer "
                                 f"'{profile.name}' in pnp.yaml cannot print (its margin is {profile.margin:g} mm), so the machine would find "
                                 f"nothing to cut by: print with a printer that reaches nearer the edge, or choose another --cutter", param_hint="--cutter")


def output_folder(project: Project, out: str | None) -> Path:
    """Where outputs go: the folder the user typed (theirs, wherever it is), else output/ in the project. Refused (a
    located error) when output/, the build cache in it or a folder of the cache is a link: a game may ship any linked
    to a user's folder, to have pnp write there, or read a cache from there (pnp.core.files.folder_to_write)."""
    from pnp.core.errors import Loc, error
    from pnp.core.files import LinkedFolder, folder_to_write
    from pnp.pipeline.cache import CACHE_DIR, parsed_files_path

    folder = Path(out).expanduser().resolve() if out else project.root / "output"
    try:
        for kept in (folder / CACHE_DIR, parsed_files_path(folder)):  # the cache and its folder of parsed files
            folder_to_write(kept, make=False)
    except LinkedFolder as exc:
        shown = project.rel(exc.path)
        raise PnpError(error(exc.code, exc.advice(shown), Loc(shown))) from None
    cache = folder / CACHE_DIR
    if os.path.lexists(cache) and not os.path.isdir(cache):  # said before any output is written, not after them all
        shown = project.rel(cache)
        raise PnpError(error("cache-not-folder", f"'{shown}' is a file, where pnp keeps its build cache: move the file away", Loc(shown)))
    return folder


def margin_note_once(findings: list[Finding], project: Project) -> list[Finding]:
    """The notes of which sheet layout a printer margin forced (pnp.outputs.sheet_notes) as one note for the run, naming
    each card size's games, with how to measure the margin; none once the project has a printer profile saved: its
    margin is the designer's own."""
    from pnp.data.config import load_config
    from pnp.outputs.sheet_notes import SHEET_LAYOUT

    notes = [f for f in findings if f.code == SHEET_LAYOUT]
    if not notes:
        return findings
    rest = [f for f in findings if f.code != SHEET_LAYOUT]
    if load_config(project.root).get("printers"):
        return rest
    games: dict[str, dict[str, None]] = {}
    for f in notes:
        games.setdefault(f.message, {})[f.game] = None
    said = "; ".join(f"{message} ({', '.join(named)})" for message, named in games.items())
    first = notes[0]
    advice = ("measure your printer's margin with `pnp calibrate` and save it with `pnp calibrate --save NAME --margin MM`: "
              "a build then keeps to it, and this note goes")
    return [*rest, Finding("note", SHEET_LAYOUT, f"{said}. To build for your printer, {advice}", first.loc, first.game)]


def printer_findings(project) -> list:
    """What is wrong with pnp.yaml's printer profile a build takes without --printer (the `default` one, or pnp's own
    margin), as `pnp build` would stop on it: `pnp validate` says it too, so a check before a print sees what the
    print will."""
    from pnp.data.config import printer_profile

    try:
        printer_profile(project.root, None)
    except PnpError as exc:
        return list(exc.findings)
    return []
