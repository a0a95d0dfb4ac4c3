"""`pnp changes` (which cards changed since the last marked print) and `pnp pull` (live sheets' snapshots)."""
from __future__ import annotations

import sys

import click

from pnp.cli.common import EXIT_DATA, EXIT_OK, game_names, load_games, open_project, output_folder, print_findings
from pnp.core.errors import Report


@click.command()
@click.argument("game")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="The output folder the game was built into (default: output/ in the project).")
@click.pass_context
def changes(ctx, game, out):
    """List the cards whose stamp changed since the last marked print (`pnp printed`), with the fields that changed."""
    from pnp.pipeline.printed_cards import changes_since_print

    project = open_project(ctx.obj["root"])
    slug = game_names(project, (game,))[0]
    report = Report()
    games = load_games(project, [slug], report)
    print_findings(report.sorted())
    if not games:
        sys.exit(EXIT_DATA)
    found = changes_since_print(output_folder(project, out), project.templates_dir, games[0])
    if found is None:
        click.echo(f"{slug}: no print marked yet: run pnp build {slug}, print it, then pnp printed {slug}", err=True)
        sys.exit(EXIT_DATA)
    if not found:
        click.echo(f"{slug}: no card changed since the last marked print")
        sys.exit(EXIT_OK)
    click.echo(f"{slug}: {len(found)} card{'s' if len(found) != 1 else ''} changed since the last marked print")
    width = max(len(c.card) for c in found)
    for c in found:
        codes = f"{c.code_before} → {c.code_now}" if c.kind == "changed" else c.code_now or c.code_before
        fields = f"  fields: {', '.join(c.fields)}" if c.fields and c.kind == "changed" else ""
        click.echo(f"  {c.card:<{width}}  {c.kind:<7}  {codes}{fields}")
    sys.exit(EXIT_OK)
