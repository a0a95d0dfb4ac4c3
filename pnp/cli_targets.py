"""Commands for print targets beyond home duplex sheets: export and calibrate (being written)."""
from __future__ import annotations

import click


@click.command()
@click.argument("game")
def export(game):
    """Export a game for a print service, Tabletop Simulator or print-on-demand."""
    raise click.UsageError("export is not available yet")


@click.command()
def calibrate():
    """Write a duplex calibration sheet, or save a printer's back offset."""
    raise click.UsageError("calibrate is not available yet")
