"""`pnp showcase`: pictures of a game's cards in hand, on the table and in a contact sheet, for a game page."""
from __future__ import annotations

import click

from pnp.cli.common import (
    LANG_HELP,
    each_edition,
    output_folder,
    read_games,
    stop_if_unloaded,
)
from pnp.core.errors import Report
from pnp.core.plurals import count_text


@click.command()
@click.argument("game")
@click.option("--cards", "cards", default="", metavar="DECK/ID,...", help="The cards in the hand (default: a few of each deck).")
@click.option("--width", type=click.IntRange(200, 6000), default=1600, show_default=True, help="Width of each picture in pixels.")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Folder (default: output/<game>/showcase, showcase-<lang> for another edition).")
@click.option("--lang", default=None, help=LANG_HELP + ": showcase-<lang>/), or all of them.")
@click.pass_context
def showcase(ctx, game, cards, width, out, lang):
    """Write pictures for a game page: a fanned hand, a table spread and a contact sheet per deck."""
    wanted = tuple(c.strip() for c in cards.split(",") if c.strip())
    each_edition(ctx.obj["root"], game, lang, lambda edition, code, report: _showcase_edition(edition, code, game, wanted, width, out, report))


def _showcase_edition(project, code: str, game: str, wanted: tuple[str, ...], width: int, out, report: Report) -> None:
    """One edition's pictures (`code` its language, '' the source) in its own folder: --out, or output/<game>/showcase[-<code>]
    (under --out, each other edition in a folder of its own beside it)."""
    from pathlib import Path

    from pnp.targets.showcase import write_showcase

    loaded, engine = read_games(project, [game], report)
    for name in wanted:
        if loaded and name.partition("/")[0] not in loaded[0].decks:
            stop_if_unloaded(loaded, report, f"--cards {name}", (f"decks.{name.partition('/')[0]}",))
    if loaded and not report.errors():
        folder = Path(out).expanduser().resolve() if out else output_folder(project, None) / game / "showcase"
        folder = folder.with_name(f"{folder.name}-{code}") if code else folder
        try:
            paths, findings = write_showcase(engine.for_game(loaded[0]), folder, width=width, cards=wanted)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--cards") from None
        report.extend(findings)
        if not report.errors():
            click.echo(f"{project.rel(folder)}: {count_text(len(paths), 'picture')} {width} px wide ({', '.join(p.name for p in paths)})")
