"""`pnp translate export` and `pnp translate import`: a translator's round trip through a spreadsheet."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.cli.common import EXIT_DATA, EXIT_OK, editions, game_names, in_edition, open_project, output_folder, print_findings, read_games, summary
from pnp.core.errors import Report
from pnp.core.plurals import count_text


@click.group()
def translate():
    """A translator's round trip: a sheet per language out (export), the filled sheet back into the game's data (import)."""


@translate.command(name="export")
@click.argument("game")
@click.option("--lang", required=True, help="The language to translate into: one of the game's `languages:` other than its source, or all of them.")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Output folder (default: output/ in the project); files go to <out>/<game>/translate/.")
@click.option("--dpi", type=click.IntRange(30, 300), default=72, show_default=True, help="Resolution of the card faces the sheet links to.")
@click.pass_context
def export_sheet(ctx, game, lang, out, dpi):
    """Write <game>-<lang>.csv and .xlsx: each text to translate, where it prints, its translation, whether that is stale or fits, and its card's face."""
    from pnp.data.translations import game_cells
    from pnp.targets.translate import card_faces, rows_of, write_sheets

    project = open_project(ctx.obj["root"])
    slugs = game_names(project, (game,))
    langs = project.languages(game)
    if lang == "all" and len(langs) == 1:
        raise click.BadParameter(f"the game lists no language but its source ({langs[0]}): add one to `languages:` in its game.yaml", param_hint="--lang")
    if lang == langs[0]:
        raise click.BadParameter(f"'{lang}' is the game's source language: translate into another of its languages ({', '.join(langs[1:]) or 'none yet'})",
                                 param_hint="--lang")
    report = Report()
    for edition, code, _ in editions(project, slugs, lang):
        if not code:
            continue  # `all`: the source edition has nothing to translate
        with in_edition(report, code):
            loaded, engine = read_games(edition, slugs, report)
            if not loaded:
                break
            cells, found = game_cells(project, game, code)
            report.extend(found)
        folder = output_folder(project, out) / game / "translate"
        faces, _ = card_faces(engine.for_game(loaded[0]), folder / f"faces-{code}", folder, dpi)  # their findings are the checks' above
        rows = rows_of(cells, report.findings, faces, game, code)
        for path in write_sheets(folder, game, code, langs[0], rows):
            click.echo(f"{project.rel(path)}: {len(rows)} texts, {_counted(rows)}")
    findings = report.sorted()
    print_findings(findings)
    if report.errors():
        click.echo(summary(findings, slugs), err=True)
    sys.exit(EXIT_DATA if report.errors() else EXIT_OK)


def _counted(rows) -> str:
    parts = [f"{sum(1 for r in rows if r.cell.status == s)} {s}" for s in ("missing", "stale", "unchecked")]
    parts.append(f"{sum(1 for r in rows if r.fits == 'does not fit')} not fitting")
    return ", ".join(parts)


@translate.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              help="json: the findings on standard output as `validate --format json` prints them, what was written on standard error.")
@click.pass_context
def import_sheet(ctx, file, fmt):
    """Write the translations of a filled sheet (CSV or XLSX, as export wrote it) into the game's data, each with the digest of the source text it shows."""
    from pnp.targets.translate_import import import_translations

    project = open_project(ctx.obj["root"])
    result = import_translations(project, Path(file).expanduser().resolve())
    findings = sorted(result.findings, key=lambda f: f.sort_key())
    print_findings(findings, fmt)
    told = fmt == "json"  # standard output is the findings' JSON alone, so a script reads it whole
    if result.aside:
        click.echo(f"{file}: {result.aside}", err=told)
    errors = any(f.severity == "error" for f in findings)
    if errors:
        click.echo(f"{file}: nothing written: mend what is said above and import the sheet again", err=True)
    elif not result.files:
        click.echo(f"{file}: nothing to write: every translation in it is as the data has it", err=told)
    for path, count in result.files:
        click.echo(f"{project.rel(path)}: {count_text(count, 'translation')} written", err=told)
    sys.exit(EXIT_DATA if errors else EXIT_OK)
