"""`pnp showcase`: pictures of a game's cards in hand, on the table and in a contact sheet, for a game page."""
from __future__ import annotations

import sys

import click

from pnp.cli.common import EXIT_DATA, EXIT_OK, game_names, open_project, output_folder, print_findings, read_games, stop_if_unloaded
from pnp.core.errors import Report


@click.command()
@click.argument("game")
@click.option("--cards", "cards", default="", metavar="DECK/ID,...", help="The cards in the hand (default: a few of each deck).")
@click.option("--width", type=click.IntRange(200, 6000), default=1600, show_default=True, help="Width of each picture in pixels.")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Folder (default: output/<game>/showcase).")
@click.pass_context
def showcase(ctx, game, cards, width, out):
    """Write pictures for a game page: a fanned hand, a table spread and a contact sheet per deck."""
    from pathlib import Path

    from pnp.targets.showcase import write_showcase

    project = open_project(ctx.obj["root"])
    game_names(project, (game,))
    report = Report()
    loaded, engine = read_games(project, [game], report)
    wanted = tuple(c.strip() for c in cards.split(",") if c.strip())
    for name in wanted:
        if loaded and name.partition("/")[0] not in loaded[0].decks:
            stop_if_unloaded(loaded, report, f"--cards {name}", (f"decks.{name.partition('/')[0]}",))
    if loaded and not report.errors():
        folder = Path(out).expanduser().resolve() if out else output_folder(project, None) / game / "showcase"
        try:
            paths, findings = write_showcase(engine.for_game(loaded[0]), folder, width=width, cards=wanted)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--cards") from None
        report.extend(findings)
        if not report.errors():
            click.echo(f"{project.rel(folder)}: {len(paths)} pictures {width} px wide ({', '.join(p.name for p in paths)})")
    print_findings(report.sorted())
    sys.exit(EXIT_DATA if report.errors() else EXIT_OK)
