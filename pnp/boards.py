"""Board helpers for templates: loops of spaces, tables, tracks, zones and paths."""
from __future__ import annotations


def board_helpers(rec) -> dict:
    """The helper functions templates may call, bound to the element recorder."""
    return {}


def build_boards(engine, game, options):
    """Board PDFs of a game: ([(file name, bytes, stats)], findings)."""
    return [], []
