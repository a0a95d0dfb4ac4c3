"""One job a module, one job a function: no module of pnp over 600 lines, no function over 60 (cyclomatic
complexity over 20 is ruff's C901, configured in pyproject.toml)."""
from __future__ import annotations

import ast

from conftest import ROOT
from source_trees import modules, parsed

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60


def _shapes():
    for path in modules(ROOT):
        rel = path.relative_to(ROOT).as_posix()
        module = parsed(path)  # once a process (tests/source_trees.py)
        yield rel, len(module.source.splitlines()), [
            (node.name, node.lineno, node.end_lineno - node.lineno + 1)
            for node in ast.walk(module.tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]


def test_no_module_is_over_600_lines():
    long = [f"{rel}: {lines} lines" for rel, lines, _ in _shapes() if lines > MAX_MODULE_LINES]
    assert not long, "split these by concept:\n" + "\n".join(long)


def test_no_function_is_over_60_lines():
    long = [f"{rel}:{line}: {name} is {length} lines" for rel, _, functions in _shapes() for name, line, length in functions
            if length > MAX_FUNCTION_LINES]
    assert not long, "split these into named steps:\n" + "\n".join(long)
