"""`pnp feedback import`: a playtest form's answers joined to the cards their QR stamps named, kept in the game's folder."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.cli.common import EXIT_DATA, EXIT_OK, game_names, load_games, open_project, output_folder, print_findings
from pnp.core.errors import PnpError, Report, printable
from pnp.core.units import counted


@click.group()
def feedback():
    """Playtest answers: import a form's answer sheet, joined to the cards it is about."""


@feedback.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--game", default=None, help="The game the answers are about (default: the project's only game).")
@click.option("--sheet", default=None, help="The workbook's sheet holding the answers, where it has several.")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="The output folder the game was built into, whose record of the "
              "printed cards joins an answer given on a card edited since (default: output/ in the project).")
@click.pass_context
def import_answers(ctx, file, game, sheet, out):
    """Read FILE (CSV, TSV, XLSX or ODS: a Google Forms or Microsoft Forms export, or a sheet typed from paper), join
    each answer to its card by the stamp code (or card id) in its row, and keep the answers in
    data/<game>/feedback/answers.yaml, each once however often it is imported. A row that names no card is refused at its cell."""
    from pnp.data.answers import Cards, answers_path, answers_text, join_rows, merged, read_answers
    from pnp.data.sheet_rows import sheet_rows
    from pnp.data.stamps import game_stamps
    from pnp.pipeline.printed_cards import known_codes

    project = open_project(ctx.obj["root"])
    slugs = game_names(project, (game,) if game else ())
    if len(slugs) != 1:
        raise click.UsageError(f"this project has {len(slugs)} games: name the one the answers are about with --game ({', '.join(slugs)})")
    report = Report()
    games = load_games(project, slugs, report)
    print_findings(report.sorted())
    if not games:
        sys.exit(EXIT_DATA)
    loaded = games[0]
    now = {name: card["code"] for name, card in game_stamps(project.templates_dir, loaded).items()}
    version = "" if loaded.spec.version is None else str(loaded.spec.version)
    cards = Cards(now, known_codes(output_folder(project, out), loaded.slug), version, _card_words(loaded))
    kept, damaged = read_answers(loaded.dir, loaded.rel)
    try:
        if damaged:
            raise PnpError(damaged)
        rows, where = sheet_rows(Path(file), click.format_filename(file), sheet)
        answers, found = join_rows(rows, where, loaded.spec.feedback, cards)
    except PnpError as exc:
        print_findings([_as_answers(f) for f in exc.findings])
        sys.exit(EXIT_DATA)
    everything, added = merged(kept, answers)
    path = answers_path(loaded.dir)
    if added:
        from pnp.core.files import write_atomic

        write_atomic(path, answers_text(everything).encode("utf-8"))
    older = sum(a.older(now.get(a.card, ""), version) for a in answers)
    if path.is_file():
        click.echo(f"{loaded.slug}: {counted(added, 'new answer')} kept in {project.rel(path)} ({len(everything)} in all"
                   f"{f', {len(answers) - added} already there' if len(answers) > added else ''}"
                   f"{f'; {older} of the sheet given on an older version of their card' if older else ''})")
    else:  # nothing joined and nothing kept before: no answers file to name
        click.echo(f"{loaded.slug}: no answer kept, so no answers file was written")
    print_findings(found)
    refused = [f for f in found if f.severity == "error"]
    if refused:
        click.echo(f"{loaded.slug}: {counted(len(refused), 'row')} refused: correct each where it says, and import the sheet again", err=True)
    sys.exit(EXIT_DATA if refused else EXIT_OK)


def _card_words(game) -> frozenset[str]:
    """Each card's id and name fields, folded: what a column of answers about cards holds (pnp.data.personal)."""
    words = set()
    for deck in game.decks.values():
        for card in deck.cards:
            words.add(str(card.id).lower())
            words.update(str(card.fields[f]).strip().lower() for f in deck.name_field if card.fields.get(f) not in (None, ""))
    return frozenset(words)


def answer_tally(game, stamper) -> dict[str, tuple[int, int]]:
    """deck/card → (answers kept for it, those given on an older version of it), for `pnp list`."""
    from pnp.data.answers import read_answers, tally

    answers, _ = read_answers(game.dir, game.rel)  # a damaged file is `pnp feedback import`'s to report: here it counts none
    now = {f"{d.id}/{c.id}": stamper.code(d, c) for d in game.decks.values() for c in d.cards}
    return tally(answers, now, stamper.version) if answers else {}


def answers_line(row: dict) -> None:
    """`pnp list`'s line of a game's playtest answers, when it has any: how many, on how many cards, how many on older versions."""
    cards = [c for d in row["decks"] for c in d["card_list"] if c.get("answers")]
    if cards:
        total, older = sum(c["answers"] for c in cards), sum(c["older_answers"] for c in cards)
        click.echo(f"  answers {counted(total, 'playtest answer')} on {counted(len(cards), 'card')}"
                   f"{f', {older} given on an older version' if older else ''} (pnp feedback import)")


MAX_SHOWN = 200  # characters of an answer's text `pnp changes` shows on its line


def answers_since_change(game, templates_dir: Path, out_root: Path, changed: set[str]) -> None:
    """`pnp changes`' list of the answers given since each card last changed: on the version printed last or on the one
    the data makes now, newest first, under the card (marked when an edit since has changed it)."""
    from pnp.data.answers import by_card, read_answers
    from pnp.data.stamps import game_stamps
    from pnp.pipeline.printed_cards import printed_codes

    answers, _ = read_answers(game.dir, game.rel)
    if not answers:
        return
    printed = printed_codes(out_root, game.slug)
    now = {name: card["code"] for name, card in game_stamps(templates_dir, game).items()}
    version = "" if game.spec.version is None else str(game.spec.version)
    shown = []
    for name, given in sorted(by_card(answers).items()):
        codes = {printed.get(name, ""), now.get(name, "")} - {""}
        since = [a for a in given if a.code in codes or (not a.code and a.version == version)]
        if since:
            shown.append((name, since))
    if not shown:
        return
    click.echo(f"{game.slug}: {counted(sum(len(s) for _, s in shown), 'answer')} given since their card last changed, newest first")
    for name, since in shown:
        click.echo(f"  {name}{'  (changed since the last marked print)' if name in changed else ''}")
        for a in since:
            text = " · ".join(f"{q}: {v}" for q, v in a.answers)
            text = text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"
            click.echo(printable(f"    {a.time}  {a.code or '–':<6} {('v' + a.version) if a.version else '':<6}  {text}"))


def _as_answers(finding):
    """A sheet reader's finding in this command's words: the reader speaks of a deck's cards and its `sheet:` key."""
    import dataclasses

    message = finding.message.replace("name the one holding the cards with `sheet:` in the deck", "name the one holding the answers with --sheet")
    return dataclasses.replace(finding, message=message.replace(" as cards:", " as answers:"))
