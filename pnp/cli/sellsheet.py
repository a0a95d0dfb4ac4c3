"""`pnp sellsheet`: the one page a designer hands a publisher (pnp.targets.sellsheet), as a PDF and a PNG."""
from __future__ import annotations

import click

from pnp.cli.common import (
    LANG_HELP,
    each_edition,
    one_paper,
    output_folder,
    read_games,
)
from pnp.core.errors import Report


@click.command()
@click.argument("game")
@click.option("--paper", default="letter", show_default=True, callback=one_paper,
              help="The page: letter, a4, legal, tabloid, a3, a3plus or W x H (300x450mm, 11x17in).")
@click.option("--width", type=click.IntRange(400, 6000), default=1400, show_default=True,
              help="Width of the picture of the game on the table, in pixels (1400 is about 190 ppi across a page).")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Folder (default: output/<game>).")
@click.option("--lang", default=None, help=LANG_HELP + ": <game>-sellsheet-<lang>.pdf), or all of them.")
@click.pass_context
def sellsheet(ctx, game, paper, width, out, lang):
    """Write a one-page sell sheet: title, pitch, key facts, a picture of the game on the table and its components."""
    each_edition(ctx.obj["root"], game, lang, lambda edition, code, report: _sellsheet_edition(edition, code, game, paper, width, out, report))


def _sellsheet_edition(project, code: str, game: str, paper: str, width: int, out, report: Report) -> None:
    """One edition's sell sheet (`code` its language, '' the source): <game>-sellsheet[-<paper>][-<code>].pdf and .png."""
    from pathlib import Path

    from pnp.core.files import file_name, folder_to_write, write_atomic
    from pnp.targets.sellsheet import sellsheet as make

    loaded, engine = read_games(project, [game], report)
    if not loaded or report.errors():
        return
    pdf, png, findings = make(engine.for_game(loaded[0]), paper, width)
    report.extend(findings)
    if report.errors():
        return
    folder = folder_to_write(Path(out).expanduser().resolve() if out else output_folder(project, None) / game)
    stem = file_name("-".join(part for part in (f"{game}-sellsheet", "" if paper == "letter" else paper, code) if part))
    for suffix, data in ((".pdf", pdf), (".png", png)):
        write_atomic(folder / f"{stem}{suffix}", data)
    click.echo(f"{project.rel(folder / stem)}.pdf and .png: the sell sheet, one {paper} page")
