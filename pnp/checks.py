"""Checks beyond shape: counts against the rules, declared constraints, rendering."""
from __future__ import annotations


def check_game(engine, game, render=True):
    return []
