"""How many of the suite's test functions drive a pnp command, and how many call pnp's internals only (issue #101).

A test drives a command when its body, a helper it calls or a fixture it takes (followed through tests/ by name) runs
one: click's CliRunner or `.invoke(`, `python -m pnp` in a new process, or the MCP SDK's stdio client starting
`pnp mcp`. Every other test function calls pnp's functions directly. Prints the counts; the figure to watch is the
share of internals-only tests, which should fall as behaviour tests take their promises.

    python bench/test_shapes.py [ROOT]
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

DRIVES = ("CliRunner", ".invoke(", '"-m", "pnp"', "'-m', 'pnp'", '"pnp"]', "stdio_client")


def functions(tests: Path) -> tuple[dict[str, list[tuple[str, list[str], set[str]]]], list[tuple[str, list[str], set[str]]]]:
    """Every function of tests/ by name (source, parameters, names it calls), and the test functions among them."""
    by_name: dict[str, list] = {}
    found = []
    for file in sorted(tests.rglob("*.py")):
        text = file.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                calls = {n.func.id for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
                entry = (ast.get_source_segment(text, node) or "", [a.arg for a in node.args.args], calls)
                by_name.setdefault(node.name, []).append(entry)
                if node.name.startswith("test_"):
                    found.append(entry)
    return by_name, found


def main(root: Path) -> None:
    by_name, tests = functions(root / "tests")
    seen: dict[str, bool] = {}

    def drives(name: str) -> bool:
        if name not in seen:
            seen[name] = False  # a cycle drives nothing by itself
            seen[name] = any(runs(entry) for entry in by_name.get(name, []))
        return seen[name]

    def runs(entry) -> bool:
        source, params, calls = entry
        return any(m in source for m in DRIVES) or any(drives(n) for n in (*calls, *params))

    driving = sum(runs(t) for t in tests)
    print(f"{len(tests)} test functions: {driving} drive a command, {len(tests) - driving} call internals only "
          f"({(len(tests) - driving) / len(tests):.0%})")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent))
