"""Commands for print targets beyond home duplex sheets: export and calibrate."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import click

from pnp.cli.common import (
    EXIT_DATA,
    EXIT_OK,
    LANG_HELP,
    Choice,
    check_subset,
    editions,
    game_names,
    in_edition,
    load_games,
    one_paper,
    open_project,
    output_folder,
    parse_offset,
    print_findings,
    read_games,
    summary,
)
from pnp.core.errors import Report
from pnp.targets.export import EXPORTERS, bleed_mm, exporter_names
from pnp.targets.vendors import VENDORS, vendor_names

PRINT_SERVICE_FORMATS = ("png", "pod", "all")  # the formats whose files a print service prints: --stamps is theirs to take


def _base_url(ctx, param, value):
    """--base-url: an http(s) address the user uploads the export folder to."""
    if value is None:
        return None
    import re

    if not re.fullmatch(r"https?://[^\s\"<>]+", value):
        raise click.BadParameter(f"'{value}' is not an http:// or https:// address", param_hint="--base-url")
    return value


@dataclass(frozen=True)
class ExportAsked:
    """What one `pnp export` asks of every edition it exports: the format (or vendor) and its options, as given."""

    fmt: str | None
    vendor: str | None
    bleed: str  # "1/8in", "3mm" or "0"
    dpi: int
    base_url: str | None
    decks: tuple[str, ...]
    out: str | None
    no_validate: bool
    stamps: bool

    def request(self):
        """What each export target is asked (pnp.targets.staging.ExportRequest)."""
        from pnp.targets.staging import ExportRequest

        return ExportRequest(bleed_mm(self.bleed), self.dpi, self.decks, self.base_url, self.vendor or "", self.stamps)


@click.command()
@click.argument("game")
@click.option("--format", "fmt", type=Choice([*exporter_names(), "all"]), default=None,
              help="; ".join(f"{e.name}: {e.summary}" for e in EXPORTERS) + "; all: every one.")
@click.option("--vendor", type=Choice(vendor_names()), default=None,
              help="Instead of --format: exactly what this print service asks for, checked against its numbers, with README.txt ("
              + ", ".join(f"{v.name}: {v.title}" for v in VENDORS) + "); files go to <out>/<game>/vendor-<name>/.")
@click.option("--bleed", type=Choice(["1/8in", "3mm", "0"]), default="1/8in", show_default=True,
              help="png: bleed per side; 1/8in (The Game Crafter, 825 × 1125 px poker) or 3mm (MakePlayingCards, 822 × 1122).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="png, sprites: resolution; tts, pcio, vtt: the most their images use (a TTS deck sheet also stays under 4096 px a side).")
@click.option("--base-url", callback=_base_url, default=None, metavar="URL",
              help="tts: where you will upload the export folder; image URLs become URL/<file> (default: files on this machine).")
@click.option("--deck", "decks", multiple=True, help="Only this deck (repeatable); boards, tokens and player aids are left out.")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Output folder (default: output/ in the project); files go to <out>/<game>/<format>/.")
@click.option("--no-validate", is_flag=True, help="Skip the count and constraint checks.")
@click.option("--stamps", is_flag=True, help="With --vendor, --format png or pod (or all): print the playtest stamp on every card front (a print "
              "service's files carry none unless asked).")
@click.option("--lang", default=None, help=LANG_HELP + ": <format>-<lang>/), or all of them.")
@click.pass_context
def export(ctx, game, fmt, vendor, bleed, dpi, base_url, decks, out, no_validate, stamps, lang):
    """Export every component of a game for a print service, print-on-demand, Tabletop Simulator, the browser tables or a sprite sheet."""
    if (fmt is None) == (vendor is None):
        raise click.UsageError("give --format FORMAT or --vendor NAME (one of them)")
    given = [f"--{name}" for name in ("bleed", "dpi") if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
    if vendor and given:
        raise click.UsageError(f"--vendor {vendor} prints at that vendor's own bleed and dpi: leave out {' and '.join(given)}")
    if stamps and not (vendor or fmt in PRINT_SERVICE_FORMATS):
        raise click.UsageError("--stamps asks for the playtest stamp on a print service's files: give it with --vendor NAME, --format png or --format pod")
    project = open_project(ctx.obj["root"])
    slugs = game_names(project, (game,))
    report = Report()
    next_steps: list[str] = []
    asked = ExportAsked(fmt, vendor, bleed, dpi, base_url, tuple(decks), out, no_validate, stamps)
    for edition, code, _ in editions(project, slugs, lang):
        with in_edition(report, code):
            done = _export_edition(edition, code, game, asked, report, next_steps)
        if not done:
            break
    findings = report.sorted()
    print_findings(findings)
    if report.errors():
        click.echo(summary(findings, slugs), err=True)
    elif next_steps:
        click.echo("What to do with it:")
        for line in next_steps:
            click.echo(f"  {line}")
    sys.exit(EXIT_DATA if report.errors() else EXIT_OK)


def _export_edition(project, code: str, game: str, asked: ExportAsked, report: Report, next_steps: list[str]) -> bool:
    """Export one edition of `game` (`code` its language, '' the source) into <out>/<game>/<format>[-<code>]/; False
    once an error stops it."""
    from pnp.targets.export import export_game

    slugs = [game]
    if asked.no_validate:
        loaded = load_games(project, slugs, report)
        from pnp.outputs.context import Engine

        engine = Engine(project) if loaded else None
    else:
        loaded, engine = read_games(project, slugs, report)
    if loaded:
        check_subset(loaded, asked.decks, (), report=report)
    if loaded and not report.errors():
        gctx = engine.for_game(loaded[0])
        for target in (f"vendor-{asked.vendor}",) if asked.vendor else exporter_names() if asked.fmt == "all" else (asked.fmt,):
            folder = output_folder(project, asked.out) / game / (target + (f"-{code}" if code else ""))
            result, findings = export_game(gctx, target, folder, asked.request(), rel=lambda p: project.rel(Path(p)))
            report.extend(findings)
            if any(f.severity == "error" for f in findings):
                break
            click.echo(f"{project.rel(folder)}/: {len(result.files)} files, {result.size / 1024 / 1024:.1f} MB in {result.seconds:.1f} s")
            for note in result.notes:
                click.echo(f"  {note}")
            next_steps.append(f"{project.rel(folder)}/ → {result.next_step}")
    return not report.errors()


def vendor_check(project, games: list, vendor: str, report: Report) -> None:
    """`pnp validate --vendor NAME`: what `pnp export --vendor NAME` would find in each game, its files drawn and checked
    in a temporary folder that is removed: nothing is written to the project."""
    import tempfile

    from pnp.outputs.context import Engine
    from pnp.targets.export import export_game
    from pnp.targets.staging import ExportRequest

    if report.errors() or not games:
        return  # a game with errors exports nothing: its own findings come first
    engine = Engine(project)
    with tempfile.TemporaryDirectory(prefix="pnp-vendor-") as tmp:
        for game in games:
            folder = Path(tmp) / game.slug / f"vendor-{vendor}"
            folder.parent.mkdir(parents=True)
            _, findings = export_game(engine.for_game(game), "", folder, ExportRequest(bleed_mm("1/8in"), 300, vendor=vendor), write=False, rel=lambda p, game=game: f"output/{game.slug}/{Path(p).name}")
            report.extend(findings)


@click.command()
@click.option("--paper", default="letter", show_default=True, callback=one_paper, help="letter, a4, legal, tabloid, a3, a3plus or W x H (300x450mm, 11x17in).")
@click.option("--duplex", type=Choice(["long", "short"]), default="long", show_default=True, help="Flip edge of your printer.")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="File to write (default: output/calibration-<paper>.pdf).")
@click.option("--save", "save_name", default=None, metavar="NAME", help="Save --offset as printer NAME in pnp.yaml instead of writing a sheet.")
@click.option("--offset", default=None, metavar="X,Y", help="With --save: the back offset in mm read from the sheet, like 0.5,-0.25.")
@click.option("--margin", default=None, metavar="MM", help="With --save: the margin your printer left blank, read on the edge rulers: one number, or top,right,bottom,left.")
@click.pass_context
def calibrate(ctx, paper, duplex, out, save_name, offset, margin):
    """Write a duplex calibration sheet with margin rulers, or save a printer's back offset and printable margin.

    Print the sheet double-sided at 100 %, hold it to the light and read the
    aligned pair on each scale; read on each edge's ruler where the printing
    stops; then save the numbers with `pnp calibrate --save NAME --offset X,Y
    --margin MM` and build with `--printer NAME`."""
    project = open_project(ctx.obj["root"])
    if save_name is not None or offset is not None or margin is not None:
        if not save_name or (offset is None and margin is None):
            raise click.UsageError("save a printer with --save NAME and --offset X,Y, --margin MM or both")
        import re

        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", save_name):
            raise click.BadParameter(f"a printer name starts with a letter or digit, then letters, digits, '-', '_' and '.', 64 at most; got '{save_name}'",
                                     param_hint="--save")
        from pnp.data.config import MAX_MARGIN_MM, parse_margins, save_printer

        xy = parse_offset(offset, "--offset") if offset is not None else None
        margins = None
        if margin is not None:
            try:
                margins = parse_margins([float(v) for v in margin.split(",")] if "," in margin else float(margin))
            except ValueError:
                margins = None
            if margins is None:
                raise click.BadParameter(f"write the margin in mm as one number or top,right,bottom,left, each from 0 to {MAX_MARGIN_MM:g}; got '{margin}'", param_hint="--margin")
        path = save_printer(project.root, save_name, xy, margins)
        said = [f"moves backs by {xy[0]:+.2f}, {xy[1]:+.2f} mm"] if xy else []
        said += [f"cannot print the outer {max(margins):g} mm"] if margins else []
        click.echo(f"{project.rel(path)}: printer '{save_name}' {' and '.join(said)}; build with --printer {save_name}")
        return
    from pnp.core.files import write_atomic
    from pnp.layout.fonts import FontBook
    from pnp.targets.calibrate import calibration_pdf

    fonts = FontBook(project.font_dirs)
    family = "noto-sans" if "noto-sans" in fonts.families else next(iter(fonts.families))
    target = Path(out).expanduser().resolve() if out else output_folder(project, None) / f"calibration-{paper}.pdf"
    write_atomic(target, calibration_pdf(paper, fonts.font_name(family), duplex))
    click.echo(f"{project.rel(target.resolve())}: 2 pages; print double-sided (flip on the {duplex} edge) at 100 %, hold to the light, "
               f"then `pnp calibrate --save NAME --offset X,Y`")


@click.command()
@click.argument("game")
@click.option("--paper", default="letter,a4", show_default=True, help="letter, a4, legal, tabloid, a3, a3plus or W x H (300x450mm, 11x17in); several comma-separated.")
@click.option("--printer", default=None, help="Printer profile from pnp.yaml: its printable margin and back offset (as for build).")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Output folder (default: output/ in the project); files go to <out>/<game>/bundle/.")
@click.option("--lang", default=None, help=LANG_HELP + ": each file name ends -<lang>), or all of them.")
@click.pass_context
def bundle(ctx, game, paper, printer, out, lang):
    """Write one print-and-play PDF per paper (cover, checklist, print settings, assembly, every component, rulebook,
    playtest feedback sheet, credits), its ink-saver variant, and a zip with the separate PDFs and a read-me."""
    from pnp.cli.common import parse_papers

    project = open_project(ctx.obj["root"])
    slugs = game_names(project, (game,))
    papers = parse_papers(paper)
    report = Report()
    written = []
    for edition, code, _ in editions(project, slugs, lang):
        with in_edition(report, code):
            written += _bundle_edition(edition, code, game, tuple(papers), printer, out, report)
        if report.errors():
            break
    findings = report.sorted()
    print_findings([f for f in findings if f.severity != "note"])
    for path, size, pages in written:
        click.echo(f"{project.rel(path)}: {size / 1024:,.0f} KB" + (f", {pages} pages" if pages else ""))
    if report.errors():
        click.echo(summary(findings, slugs), err=True)
    sys.exit(EXIT_DATA if report.errors() else EXIT_OK)


def _bundle_edition(project, code: str, game: str, papers: tuple[str, ...], printer, out, report: Report) -> list:
    """The files of one edition's bundle (`code` its language, '' the source), written into <out>/<game>/bundle/."""
    from pnp.data.config import printer_profile
    from pnp.outputs.options import Options
    from pnp.targets.bundle import bundle_game

    loaded, engine = read_games(project, [game], report)
    if not loaded or report.errors():
        return []
    profile = printer_profile(project.root, printer)
    base = Options(out=output_folder(project, out), printable_mm=profile.margin, back_offset=profile.offset, lang=code)
    result = bundle_game(engine.for_game(loaded[0]), base, papers, base.out / game / "bundle")
    report.extend(result.findings)
    return result.files
