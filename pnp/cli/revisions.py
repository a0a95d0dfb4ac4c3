"""`pnp changes` (which cards changed since the last marked print) and `pnp pull` (live sheets' snapshots): revisions of a game's cards."""
from __future__ import annotations

import sys

import click

from pnp.cli.common import EXIT_DATA, EXIT_OK, game_names, load_games, open_project, output_folder, print_findings
from pnp.cli.feedback import answers_since_change
from pnp.core.errors import Report, printable
from pnp.core.plurals import count_text


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
    else:
        click.echo(f"{slug}: {count_text(len(found), 'card')} changed since the last marked print")
    width = max((len(c.card) for c in found), default=0)
    for c in found:
        codes = f"{c.code_before} → {c.code_now}" if c.kind == "changed" else c.code_now or c.code_before
        fields = f"  fields: {', '.join(c.fields)}" if c.fields and c.kind == "changed" else ""
        click.echo(f"  {c.card:<{width}}  {c.kind:<7}  {codes}{fields}")
    answers_since_change(games[0], project.templates_dir, output_folder(project, out), {c.card for c in found if c.kind == "changed"})
    sys.exit(EXIT_OK)


@click.command()
@click.argument("games", nargs=-1)
@click.option("--timeout", "seconds", type=click.FloatRange(0.1, 3600), default=120, show_default=True,
              help="Seconds the whole pull may take, every sheet of every game together; a sheet not in by then keeps its old snapshot.")
@click.pass_context
def pull(ctx, games, seconds):
    """Fetch each live sheet (a deck's `cards_from` web address) and save its snapshot, which every build reads."""
    from pnp.targets.pull import Deadline, pull_game

    project = open_project(ctx.obj["root"])
    failed = False
    pulled_any = False
    refused: list = []
    deadline = Deadline.starting_now(seconds)
    for slug in game_names(project, games):
        for done in pull_game(project, slug, refused, deadline):
            pulled_any = True
            if done.failed:
                failed = True
                click.echo(printable(f"{done.deck}: kept the old snapshot: {done.url}: {done.failed}"), err=True)
                continue
            click.echo(printable(f"{done.deck}: saved {done.snapshot} from {done.url}: {_news(done)}"))
            for card, fields in done.changed:
                click.echo(printable(f"  changed {card}: {', '.join(fields)}"))
    print_findings(refused)
    if not pulled_any and not refused:
        click.echo("no deck reads its cards from a web address (cards_from: https://…): nothing to pull")
    sys.exit(EXIT_DATA if failed or refused else EXIT_OK)


def _news(done) -> str:
    parts = [f"{len(done.added):,} added{_names(done.added)}", f"{len(done.removed):,} removed{_names(done.removed)}", f"{len(done.changed):,} changed"]
    return ", ".join(parts)


def _names(ids: list[str]) -> str:
    return f" ({', '.join(ids[:8])}{' …' if len(ids) > 8 else ''})" if ids else ""
