"""Tokens output (being written)."""
from __future__ import annotations


def build_tokens(engine, game, options):
    """Tokens PDF of a game: ([(file name, bytes, stats)], findings)."""
    return [], []
