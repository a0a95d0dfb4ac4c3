"""`pnp sellsheet`: the one page a designer hands a publisher (pnp.targets.sellsheet), as a PDF and a PNG."""
from __future__ import annotations

import sys

import click

from pnp.cli.common import EXIT_DATA, EXIT_OK, game_names, one_paper, open_project, output_folder, print_findings, read_games
from pnp.core.errors import Report


@click.command()
@click.argument("game")
@click.option("--paper", default="letter", show_default=True, callback=one_paper,
              help="The page: letter, a4, legal, tabloid, a3, a3plus or W x H (300x450mm, 11x17in).")
@click.option("--width", type=click.IntRange(400, 6000), default=1400, show_default=True,
              help="Width of the picture of the game on the table, in pixels (1400 is about 190 ppi across a page).")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Folder (default: output/<game>).")
@click.pass_context
def sellsheet(ctx, game, paper, width, out):
    """Write a one-page sell sheet: title, pitch, key facts, a picture of the game on the table and its components."""
    from pathlib import Path

    from pnp.core.files import file_name, folder_to_write, write_atomic
    from pnp.targets.sellsheet import sellsheet as make

    project = open_project(ctx.obj["root"])
    game_names(project, (game,))
    report = Report()
    loaded, engine = read_games(project, [game], report)
    if loaded and not report.errors():
        pdf, png, findings = make(engine.for_game(loaded[0]), paper, width)
        report.extend(findings)
        if not report.errors():
            folder = folder_to_write(Path(out).expanduser().resolve() if out else output_folder(project, None) / game)
            stem = file_name(f"{game}-sellsheet" + ("" if paper == "letter" else f"-{paper}"))
            for suffix, data in ((".pdf", pdf), (".png", png)):
                write_atomic(folder / f"{stem}{suffix}", data)
            click.echo(f"{project.rel(folder / stem)}.pdf and .png: the sell sheet, one {paper} page")
    print_findings(report.sorted())
    sys.exit(EXIT_DATA if report.errors() else EXIT_OK)
