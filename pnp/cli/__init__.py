"""The command line: its commands, the one place that prints their findings; how a command ends (exit codes, Ctrl-C) is pnp.cli.ending."""
from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import sys
import time
from pathlib import Path

import click

from pnp import __version__
from pnp.cli.build_lines import run_build
from pnp.cli.common import (
    EXIT_DATA,
    EXIT_OK,
    LANG_HELP,
    Choice,
    check_subset,
    editions,
    game_names,
    in_edition,
    margin_note_once,
    one_edition,
    one_paper,
    open_project,
    output_folder,
    parse_insert,
    parse_offset,
    parse_papers,
    print_findings,
    printer_findings,
    read_games,
    refuse_unprinted_marks,
    summary,
    validate_games,
    without_option,
)
from pnp.cli.ending import CtrlC, fail
from pnp.cli.group import LAZY_COMMANDS, Pnp
from pnp.cli.listing import built_inks, game_listing
from pnp.cli.terminal import escape_output, unescaped
from pnp.core.errors import OverBudget, Report
from pnp.core.plurals import count_text
from pnp.core.units import DEFAULT_PRINTABLE_MM, counted
from pnp.data.kinds import kind_names
from pnp.render.cutter_names import CUTTER_NAMES
from pnp.targets.vendor_names import VENDOR_NAMES

__all__ = ["LAZY_COMMANDS", "CtrlC", "main", "run", "run_build"]  # the group, its start and how it stops, and the build `watch` shares

@click.group(cls=Pnp)
@click.option("--root", type=click.Path(file_okay=False), help="The project folder (default: the nearest folder with data/); before or after the command.")
@click.option("--debug", is_flag=True, help="Show Python tracebacks for pnp's own errors.")
@click.version_option(version=__version__, prog_name="pnp")
@click.pass_context
def main(ctx, root, debug):
    """pnp: print-and-play components from YAML data and Jinja layouts."""
    escape_output()  # for a command run without `run` (click's test runner): its output escaped all the same
    ctx.color = True  # click leaves a name's escape sequence to the escaping stream, which shows it, rather than cut it out
    ctx.obj = {"root": root, "debug": debug}


@main.command(name="list")
@click.argument("games", nargs=-1)
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text")
@click.option("--lang", default=None, help=LANG_HELP + ", or all of them.")
@click.option("--paper", default="letter", show_default=True, callback=one_paper, help="The paper whose sheets are counted: letter, a4, legal, tabloid, a3, a3plus or W x H.")
@click.option("--printer", default=None, help="The printer profile from pnp.yaml whose margin the sheets keep (as for build).")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="The build's output folder, for its ink figures (default: output/ in the project).")
@without_option
@click.pass_context
def list_games(ctx, games, fmt, lang, paper, printer, out, without):
    """List games (all, or those named) with their decks, boards and token sets: sizes, counts, pieces a sheet and
    sheets on the paper (each deck or set alone; a build packs what is left of several onto shared sheets), and the ink
    each output of the last build costs, as the build reported it."""
    from pnp.cli.feedback import answers_line
    from pnp.data.config import printer_profile

    project = open_project(ctx.obj["root"])
    margin = printer_profile(project.root, printer).margin
    folder = output_folder(project, out)
    report = Report()
    rows = []
    for edition, code, slugs in editions(project, game_names(project, games), lang):
        with in_edition(report, code):
            rows += [dict(game_listing(g, project.templates_dir, paper, margin), lang=code or None, ink=built_inks(folder, g.slug))
                     for g in read_games(edition, slugs, report, frozenset(without), out=folder)[0]]
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2))
    else:
        for row in rows:
            total = sum(d["cards"] for d in row["decks"])
            edition = f" [{row['lang']}]" if row["lang"] else ""
            click.echo(f"{row['game']}{edition}: {row['title']} ({counted(total, 'card')}, {counted(len(row['boards']), 'board')}, "
                       f"{counted(sum(t['pieces'] for t in row['tokens']), 'token')})")
            for d in row["decks"]:
                click.echo(f"  deck   {d['id']:<20} {_size_text(d['size']):>17}  {d['cards']:>5} cards  {d['faces']:>4} faces  {_sheets_text(d['sheet'])}  {d['name']}")
                if d["generated"]:
                    click.echo("         generated: " + ", ".join(f"{c['id']} ×{c['count']}" for c in d["card_list"]))
            for b in row["boards"]:
                click.echo(f"  board  {b['id']:<20} {_size_text(b['size']):>17}  {b['name']}")
            for t in row["tokens"]:
                click.echo(f"  tokens {t['id']:<20} {_size_text(t['size']):>17}  {t['pieces']:>5} pieces {t['shape']:>10}  {_token_sheets_text(t)}  {t['name']}")
            for b in row["boxes"]:
                inner = b["inner_mm"]
                click.echo(f"  box    {b['id']:<20} {inner['width']:g} × {inner['height']:g} × {inner['depth']:g} mm inside  {b['cards']:>5} cards  "
                           f"{b['style']}  {', '.join(b['decks'])}")
            for d in row["dice"]:
                click.echo(f"  die    {d['id']:<20} {d['shape']} {d['size']:g} mm  ×{d['count']}  {d['name']}")
            for o in row["ink"]:
                click.echo(f"  ink    {o['file']:<38} {o['ink']:>6.1f} pages")
            answers_line(row)
    print_findings(report.sorted())
    sys.exit(EXIT_DATA if report.errors() else EXIT_OK)


def _sheets_text(sheet: dict) -> str:
    """'9 a sheet, 2 sheets' (on the listing's paper), or 'fits no sheet'."""
    if not sheet["fits"]:
        return f"fits no {sheet['paper']} sheet"
    return f"{sheet['per_sheet']:>3} a sheet, {sheet['sheets']:>3} sheet{'s' * (sheet['sheets'] != 1)}"


def _token_sheets_text(t: dict) -> str:
    """A token set's sheets, or where it prints when that is the last card sheet: '221 a sheet, on the last card sheet'."""
    return f"{t['sheet']['per_sheet']:>3} a sheet, {t['where']}" if t.get("where") else _sheets_text(t["sheet"])


def _size_text(size) -> str:
    return f"{size[0]:g} × {size[1]:g} mm"


@main.command()
@click.argument("games", nargs=-1)
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text")
@click.option("--strict", is_flag=True, help="Count warnings as errors.")
@click.option("--lang", default="all", show_default=True, help="Check the edition in this language only (default: every language the game lists).")
@click.option("--quick", is_flag=True, help="Check the data alone (counts, constraints, fields no template reads), in a fraction of the time: nothing is drawn, so template, layout and readability findings wait for a full validate or build.")
@click.option("--vendor", type=Choice(VENDOR_NAMES), default=None, help="Also check every file `pnp export --vendor NAME` would write against that print service's numbers, writing nothing.")
@without_option
@click.pass_context
def validate(ctx, games, fmt, strict, lang, quick, without, vendor):
    """Check data, templates and component counts against the rules, in every language of each game."""
    project = open_project(ctx.obj["root"])
    slugs = game_names(project, games)
    report = Report()
    report.extend(printer_findings(project))  # pnp.yaml, as every command that prints reads it
    for edition, code, edition_slugs in editions(project, slugs, lang):
        with in_edition(report, code):
            checked = validate_games(edition, edition_slugs, report, draw=not quick, without=frozenset(without))
            if vendor:
                from pnp.cli.targets import vendor_check

                vendor_check(edition, checked, vendor, report)
    findings = report.sorted()
    print_findings(findings, fmt)
    if fmt == "text":
        click.echo(summary(findings, slugs, strict), err=True)
    sys.exit(EXIT_DATA if report.errors(strict) else EXIT_OK)


@main.command()
@click.argument("games", nargs=-1)
@click.option("--paper", default="letter", show_default=True, help="letter, a4, legal, tabloid, a3, a3plus or W x H (300x450mm, 11x17in); several comma-separated, like letter,a4 (file names then carry the paper).")
@click.option("--duplex", type=Choice(["long", "short", "none"]), default="long", show_default=True, help="Flip edge of your double-sided printer, or none for a one-sided one (backs pages last, to glue behind the fronts or feed back in).")
@click.option("--layout", type=Choice(["duplex", "gutterfold"]), default="duplex", show_default=True, help="gutterfold: fronts and backs on one side, fold and glue.")
@click.option("--fold-rotation", type=Choice(["0", "180"]), default="180", show_default=True, help="Rotation of the backs in a gutterfold layout.")
@click.option("--bleed/--no-bleed", default=False, help="Art 3 mm past the trim; cards spaced apart.")
@click.option("--bleed-edges", "edge_bleed", is_flag=True, help="Cards share cut lines and bleed past the grid's outer edges only, as far as the margins hold (3 x 3 poker on Letter keeps its grid).")
@click.option("--gutter", type=click.FloatRange(0, 30), default=0.0, help="Space between cards in mm (0: shared cut lines).")
@click.option("--back-offset", default=None, help="Move every backs sheet by X,Y mm (from `pnp calibrate`).")
@click.option("--printer", default=None, help=f"Use this printer profile from pnp.yaml: its back offset and printable margin (default: the profile named 'default', else a {DEFAULT_PRINTABLE_MM:g} mm margin).")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Output folder (default: output/ in the project).")
@click.option("--no-validate", is_flag=True, help="Skip the count and constraint checks.")
@click.option("--ink-saver", is_flag=True, help="Outlines and light tints instead of large fills.")
@click.option("--only", type=Choice(kind_names()), multiple=True, help="Build only these outputs (repeatable).")
@click.option("--deck", "decks", multiple=True, help="Card sheets of this deck alone (repeatable), in <game>-cards-<deck>.pdf (two decks: <deck>+<deck>); the other outputs build as ever (none with --only cards).")
@click.option("--cards", "card_ids", default="", help="Build only these card ids, comma-separated.")
@click.option("--changed", is_flag=True, help="Also write <game>-changed.pdf with only the cards changed since the last marked print.")
@click.option("--mark-printed", is_flag=True, help="Take the cards of this build as printed: the next --changed compares with them.")
@click.option("--strict", is_flag=True, help="Count warnings as errors: write nothing while any remains.")
@click.option("--booklet", is_flag=True, help="Also write the rulebook as a folded booklet.")
@click.option("--html", is_flag=True, help="Also write the rulebook as one self-contained HTML file, for screen readers and phones.")
@click.option("--large-print", is_flag=True, help="Set the rulebook and the reference sheet in large print (14 pt and up); files end -large-print.")
@click.option("--cutter", type=Choice(CUTTER_NAMES), default=None, help="Print this cutting machine's registration marks on every fronts sheet and write its cut file (SVG) beside each PDF; print-shop: the cut line as the CutContour spot colour.")
@click.option("--board-paper", type=Choice(["tabloid", "a3", "a2", "a1"]), default=None, help="Print each board on one large page (copy shop) instead of tiles.")
@click.option("--fronts-only", is_flag=True, help="Card sheets print the fronts alone: no backs pages at all (to sleeve in front of old cards).")
@click.option("--insert", "insert", default=None, callback=parse_insert, metavar="WxH",
              help="Card sheets print each front as a sleeve insert of this size (mm unless a unit follows: 61x86 in front of a poker card), and no backs.")
@click.option("--insert-fit", type=Choice(["scale", "trim"]), default="scale", show_default=True,
              help="How a front becomes an insert: scaled to cover it, or trimmed unscaled; either keeps the card's safe area whole.")
@click.option("--lang", default=None, help="Build the edition in this language of the game's `languages:` (file names carry it), or all of them.")
@click.option("--draft", is_flag=True, help="Draw a marked placeholder for each missing image (with a warning); sheets say DRAFT, files end -draft.")
@click.option("-q", "--quiet", is_flag=True)
@without_option
@click.pass_context
def build(ctx, games, paper, duplex, layout, fold_rotation, bleed, gutter, back_offset, printer, out, no_validate, ink_saver, only, decks, card_ids, changed,
          mark_printed, strict, booklet, board_paper, lang, draft, quiet, without, cutter=None, html=False, large_print=False, fronts_only=False, insert=None, insert_fit="scale",
          edge_bleed=False):
    """Validate, then write each game's PDFs into output/<game>/."""
    project = open_project(ctx.obj["root"])
    slugs = game_names(project, games)
    papers = parse_papers(paper)
    from pnp.data.config import printer_profile
    from pnp.outputs.options import Options

    profile = printer_profile(project.root, printer)
    refuse_unprinted_marks(cutter, papers, profile)
    offset = parse_offset(back_offset) if back_offset else profile.offset
    base = Options(duplex=duplex, layout=layout, fold_rotation=int(fold_rotation), bleed=bleed, gutter=gutter, back_offset=offset, printable_mm=profile.margin,
                   out=output_folder(project, out), ink_saver=ink_saver, only=tuple(only), decks=tuple(decks),
                   cards=tuple(c for c in card_ids.split(",") if c), changed=changed, mark_printed=mark_printed, strict=strict, booklet=booklet, html=html, large_print=large_print,
                   board_paper=board_paper, cutter=cutter or "", draft=draft, fronts_only=fronts_only, insert=insert, insert_fit=insert_fit,
                   edge_bleed=edge_bleed, without=frozenset(without))
    report = Report()
    for edition, code, edition_slugs in editions(project, slugs, lang):
        with in_edition(report, code):
            run_build(edition, edition_slugs, dataclasses.replace(base, lang=code), papers, report=report, quiet=quiet, validate=not no_validate)
    report.findings[:] = margin_note_once(report.findings, project)
    findings = [f for f in report.sorted() if not (quiet and f.severity == "note")]  # -q: problems only
    print_findings(findings)
    if report.errors(strict) or any(f.severity == "warning" for f in findings):
        click.echo(summary(findings, slugs, strict), err=True)
    sys.exit(EXIT_DATA if report.errors(strict) else EXIT_OK)


@main.command()
@click.argument("games", nargs=-1)
@click.option("--out", type=click.Path(file_okay=False), default=None, help="The output folder the game was built into (default: output/ in the project).")
@click.pass_context
def printed(ctx, games, out):
    """Mark the last build of each game as printed: `build --changed` then reprints only cards changed after it."""
    from pnp.pipeline.build import mark_printed

    project = open_project(ctx.obj["root"])
    folder = output_folder(project, out)
    for slug in game_names(project, games):
        count = mark_printed(folder, slug)
        if count is None:
            click.echo(f"{slug}: not built yet into {project.rel(folder)}: run pnp build {slug} first", err=True)
            sys.exit(EXIT_DATA)
        said = count_text(count, "different card")  # each card once, however many copies print (pnp list's faces)
        click.echo(f"{slug}: {said} marked as printed; pnp build {slug} --changed now reprints only cards changed after this")


@main.command()
@click.argument("game")
@click.option("--deck", "decks", multiple=True, help="Only this deck (repeatable).")
@click.option("--card", "cards", multiple=True, help="Only this card id (repeatable).")
@click.option("--dpi", type=click.IntRange(30, 600), default=150, show_default=True)
@click.option("--bleed", is_flag=True, help="Include the 3 mm bleed around each face.")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Folder (default: output/<game>/preview).")
@click.option("--simulate", type=Choice(["grey", "deutan", "protan", "tritan"]), default=None,
              help="Show the faces as a reader sees them in greyscale or with deuteranopia, protanopia or tritanopia.")
@click.option("--lang", default=None, help=LANG_HELP + " (default folder: preview-<lang>).")
@click.pass_context
def preview(ctx, game, decks, cards, dpi, bleed, out, simulate, lang):
    """Write PNG previews of card faces and a contact sheet per deck."""
    from pnp.targets.preview import write_previews

    project = open_project(ctx.obj["root"])
    game_names(project, (game,))
    project = one_edition(project, [game], lang)
    lang = project.lang  # `--lang all` of a game with one edition is its source: no language in the folder's name
    report = Report()
    with in_edition(report, lang or ""):
        loaded, engine = read_games(project, [game], report)
    if loaded:
        check_subset(loaded, decks, cards, card_option="--card", report=report)
    if loaded and not report.errors():
        folder = Path(out).expanduser().resolve() if out else output_folder(project, None) / game / ("preview" + (f"-{lang}" if lang else ""))
        with in_edition(report, lang or ""):
            paths, findings = write_previews(engine.for_game(loaded[0]), folder, decks=decks, card_ids=cards, dpi=dpi, bleed=bleed, simulate=simulate)
            report.extend(findings)
        if not report.errors():
            click.echo(f"{project.rel(folder)}: {count_text(len(paths), 'image')} at {dpi} dpi")
    print_findings(report.sorted())
    sys.exit(EXIT_DATA if report.errors() else EXIT_OK)


@main.command()
@click.argument("games", nargs=-1)
@click.option("--paper", default="letter", show_default=True, help="letter, a4, legal, tabloid, a3, a3plus or W x H (300x450mm, 11x17in).")
@click.option("--debounce", type=click.IntRange(50, 10_000), default=300, show_default=True, help="Milliseconds to wait for more saves.")
@click.option("--exit-after", type=int, default=0, hidden=True, help="Stop after this many rebuilds (for tests and scripts).")
@click.option("--draft", is_flag=True, help="Draw a marked placeholder for each missing image, as `pnp build --draft` does.")
@click.option("--lang", default=None, help=LANG_HELP + ", as `pnp build --lang` does.")
@without_option
@click.pass_context
def watch(ctx, games, paper, debounce, exit_after, draft, lang, without):
    """Rebuild on every save of data, templates, icons or fonts."""
    from pnp.cli.watching import Watcher
    from pnp.outputs.options import Options

    project = open_project(ctx.obj["root"])
    slugs = game_names(project, games)
    project = one_edition(project, slugs, lang)
    lang = project.lang  # `--lang all` of games with one edition each is their source: no language in the files' names
    from pnp.data.config import printer_profile

    profile = printer_profile(project.root, None)  # the `default` profile, as `pnp build` takes it without --printer
    base = Options(out=output_folder(project, None), draft=draft, lang=lang or "", printable_mm=profile.margin, back_offset=profile.offset,
                   without=frozenset(without))
    Watcher(project, slugs, bool(games), base, parse_papers(paper), run_build).run(debounce, exit_after)


@main.command()
@click.argument("games", nargs=-1)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port on 127.0.0.1 (0: any free port).")
@click.option("--paper", default="letter", show_default=True, callback=one_paper, help="Paper of the rulebook and reference sheet pages: letter, a4, legal, tabloid, a3, a3plus or W x H (300x450mm, 11x17in).")
@click.option("--draft", is_flag=True, help="Draw a marked placeholder for each missing image, as `pnp build --draft` does.")
@click.option("--lang", default=None, help="Show the games in this language of their `languages:`.")
@click.option("--read-only", is_flag=True, help="Never write a file: elements can be selected and inspected, not dragged.")
@click.pass_context
def serve(ctx, games, port, paper, draft, lang, read_only):
    """A live preview in the browser that follows every save (on 127.0.0.1, for whoever opens the address it prints); drag an element to move it in its template."""
    from pnp.serve.app import address, bind, new_token
    from pnp.serve.app import serve as run_server

    project = open_project(ctx.obj["root"])
    slugs = game_names(project, games)
    project = one_edition(project, slugs, lang)
    try:
        sock = bind(port)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on 127.0.0.1:{port} ({exc.strerror}): choose another --port, or --port 0 for any free one") from None
    token = new_token()  # printed here alone: the server answers only to whoever can read this terminal
    click.echo(f"pnp serve: {address(sock.getsockname()[1], token)} shows {', '.join(slugs)} and follows every save (Ctrl-C to stop)")
    click.echo("pnp serve: open that address (its token lets your browser in; anyone else on this machine is refused)")
    sys.stdout.flush()
    with contextlib.suppress(ValueError):  # not the main thread: whoever runs this takes the signals
        signal.signal(signal.SIGTERM, signal.default_int_handler)  # a SIGTERM stops the server as Ctrl-C does, with its last line
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops cleanly on Ctrl-C or SIGTERM, then hands the signal back
        run_server(project, slugs, sock, token, paper=paper, draft=draft, read_only=read_only,
                   log=lambda line: click.echo(f"[{time.strftime('%H:%M:%S')}] {line}", err=True))
    click.echo("pnp serve: stopped")


def run():
    """Run the command line: findings print as located lines; pnp's own bugs as one line unless --debug."""
    escape_output()  # every line the command prints, its usage errors and its last words included (pnp.cli.terminal)
    ctrl_c = CtrlC(os.getpid())
    with contextlib.suppress(ValueError):  # not the main thread: whoever runs this takes Ctrl-C
        signal.signal(signal.SIGINT, ctrl_c.signalled)
        sys.unraisablehook = ctrl_c.unraisable(sys.unraisablehook)
    try:
        code = main(standalone_mode=False)
    except click.exceptions.Abort as exc:
        if isinstance(exc.__cause__, KeyboardInterrupt):
            ctrl_c.end()
        click.echo("Aborted!", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        ctrl_c.end()
    except OverBudget as exc:  # the command's faces used its processor time (pnp.layout.growth.CommandBudget): one finding
        if exc.finding is not None:
            print_findings([exc.finding])
        else:
            click.echo(f"pnp: {exc.message}", err=True)
        sys.exit(EXIT_DATA)
    except Exception as exc:
        if ctrl_c.caught:  # raised by what the Ctrl-C unwound (a thread stopped before it started): the Ctrl-C's to report
            ctrl_c.end()
        fail(exc)
    sys.exit(code if isinstance(code, int) else 0)


@main.command(name="mcp")
@click.option("--allow-edits", is_flag=True, help="let the assistant change one value or template number at a time (undoable); read-only without it")
@click.pass_context
def mcp_server(ctx, allow_edits):
    """Serve this project to an AI assistant over the Model Context Protocol on stdin/stdout (needs `pip install pnp[mcp]`)."""
    try:
        from pnp.cli.assistant import serve_stdio
    except ModuleNotFoundError as e:
        raise click.UsageError(f"pnp mcp needs the MCP SDK ({e.name} is missing): pip install 'pnp[mcp]'") from None
    project = open_project(ctx.obj["root"])
    sys.stdout = unescaped(sys.stdout)  # the protocol's JSON, read by the assistant's client, never a terminal (JSON escapes its own text)
    serve_stdio(project.root, allow_edits)
