"""`pnp draw`: deal hands from a deck's data many times and say how often they hold what you ask."""
from __future__ import annotations

import json
import sys

import click

from pnp.checks.simulate import DEFAULT_RUNS, DEFAULT_SEED, Condition, Question, QuestionError, answer_text, expand, simulate
from pnp.cli.common import EXIT_DATA, EXIT_OK, Choice, check_subset, game_names, load_games, open_project, print_findings
from pnp.core.errors import Report


def _conditions(ctx, param, values) -> tuple[tuple[str, str], ...]:
    """--where FIELD=VALUE, checked where it is read."""
    pairs = []
    for v in values:
        name, sep, value = v.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise click.BadParameter(f"'{v}' is not FIELD=VALUE (for example colour=red)", param_hint="--where")
        pairs.append((name.strip(), value.strip()))
    return tuple(pairs)


@click.command()
@click.argument("game")
@click.option("--deck", required=True, help="The deck to shuffle.")
@click.option("--hand", type=click.IntRange(1), default=5, show_default=True, help="Cards dealt to a hand.")
@click.option("--runs", type=click.IntRange(1, 10_000_000), default=DEFAULT_RUNS, show_default=True, help="Hands dealt, each from a fresh shuffle.")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="The shuffle's seed: the same seed gives the same figures.")
@click.option("--where", "where", multiple=True, callback=_conditions, metavar="FIELD=VALUE",
              help="Count hands holding a card whose FIELD is VALUE (repeatable; each is reported, and all together).")
@click.option("--at-least", type=click.IntRange(1), default=1, show_default=True, help="How many such cards a hand must hold for --where.")
@click.option("--pair", default=None, metavar="FIELD", help="Count hands holding two cards with the same value of FIELD.")
@click.option("--sum", "sum_field", default=None, metavar="FIELD", help="Spread of a numeric FIELD's sum over a hand: mean, min, max, percentiles, histogram.")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text")
@click.pass_context
def draw(ctx, game, deck, hand, runs, seed, where, at_least, pair, sum_field, fmt):
    """Shuffle a deck and deal hands: how often do they hold what you ask?"""
    project = open_project(ctx.obj["root"])
    game_names(project, (game,))
    report = Report()
    loaded = load_games(project, [game], report)
    if not loaded:
        print_findings(report.sorted())
        sys.exit(EXIT_DATA)
    check_subset(loaded, (deck,), ())
    question = Question(hand=hand, runs=runs, seed=seed, where=tuple(Condition(f, v, at_least) for f, v in where),
                        pair=pair, sum_field=sum_field)
    try:
        answer = simulate(deck, expand(loaded[0].decks[deck].cards), question)
    except QuestionError as exc:
        raise click.UsageError(f"{game}/{deck}: {exc}") from None
    if fmt == "json":
        click.echo(json.dumps(answer.as_dict(), indent=2))  # every character past ASCII as JSON escapes it: nothing for the escaping stream to change
    else:
        click.echo("\n".join(answer_text(answer)))
    print_findings(report.sorted())
    sys.exit(EXIT_OK)

