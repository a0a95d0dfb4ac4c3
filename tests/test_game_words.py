"""A game is data and templates only: pnp's Python holds no word that belongs to one shipped game.

A feature one game needs (sorting its cards by a field of its own in the components list) is a
setting that game writes in its data, so the next game gets it by writing its own words there."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from conftest import ROOT
from source_trees import modules, parsed

# Words that name the shipped games and their decks (from data/*/): found anywhere in a string.
GAME_WORDS = {
    "organ", "organs", "patient", "patients",  # Organ Match, Organ Trail
    "germ", "cytokine", "quorum",  # Germ Tycoon
    "narco", "narcos", "cartel",  # Narco Empire
    "police", "precinct", "donut",  # Police Precinct
}
# Fields only their cards carry, and what their values are: found as a whole string (a field name in code).
GAME_FIELDS = {"mark", "pistol", "siren", "influence", "criminals", "gangs", "loyalty"}


def _literals(path: Path):
    """Every string constant of a module that is not a docstring, with its line."""
    tree = parsed(path).tree  # once a process (tests/source_trees.py)
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_string_in_pnp_names_a_shipped_game():
    found = []
    for path in modules(ROOT):
        for line, text in _literals(path):
            words = set(re.findall(r"[a-z]+", text.lower()))
            if words & GAME_WORDS or text.strip().lower() in GAME_FIELDS:
                found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not found, "game vocabulary in pnp's code (move it to the game's data):\n" + "\n".join(found)
