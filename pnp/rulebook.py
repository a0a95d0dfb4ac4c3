"""Rulebook output (being written)."""
from __future__ import annotations


def build_rulebook(engine, game, options):
    """Rulebook PDF of a game: ([(file name, bytes, stats)], findings)."""
    return [], []
