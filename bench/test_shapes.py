"""How many of the suite's test functions drive a pnp command, and how many call pnp's internals only (issue #101).

A test drives a command when its body, a helper it calls or a fixture it takes (followed as Python and pytest find
them: the test's own file, what it imports from another test module, a conftest fixture) runs one: click's CliRunner or `.invoke(`, `python -m pnp` in a new process, or the MCP SDK's stdio client starting
`pnp mcp`. Every other test function calls pnp's functions directly. Prints the counts; the figure to watch is the
share of internals-only tests, which should fall as behaviour tests take their promises.

A second, stricter figure counts as driving only a test whose own body, or a fixture it takes (and the fixtures
those take, followed whole), runs a command; the test's own helper functions are not followed.
A third counts the tests that pin a private name: they import a name starting with `_` from pnp, or reach an
attribute starting with one (dunders aside). Such a test breaks when the code is tidied without any promise changing.
Last, the files with the most such tests, each with its count of tests that call internals only: where to start.

    python bench/test_shapes.py [ROOT]
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

DRIVES = ("CliRunner", ".invoke(", '"-m", "pnp"', "'-m', 'pnp'", '"pnp"]', "stdio_client")
# A named tuple's own methods: public by Python's documentation though they start with `_` (so as not to meet a field)
NAMED_TUPLE = {"_replace", "_asdict", "_make", "_fields", "_field_defaults"}


def private_imports(tree: ast.AST) -> set[str]:
    """The names a test file binds to something private of pnp: `from pnp.x import _y`, or anything from `pnp._x`."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pnp"):
            private_module = any(part.startswith("_") for part in (node.module or "").split("."))
            names |= {a.asname or a.name for a in node.names if private_module or a.name.startswith("_")}
    return names


def pins_private(node: ast.AST, imported: set[str]) -> bool:
    """Whether a function uses a private name of pnp: one its file imports, or an attribute `_x` (not `__x__`, nor a
    named tuple's `_replace` and its kin)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name) and inner.id in imported:
            return True
        if isinstance(inner, ast.Attribute) and inner.attr.startswith("_") and not inner.attr.startswith("__") \
                and inner.attr not in NAMED_TUPLE:
            return True
    return False


def functions(tests: Path) -> tuple[dict[tuple[str, str], list[tuple]], dict[str, dict[str, tuple[str, str]]], list[tuple]]:
    """Every function of tests/ by (file, name) (source, parameters, names it calls, whether it pins a private name,
    its file's name), what each file imports from another test module (name → (file, name there)), and the test
    functions."""
    by_name: dict[tuple[str, str], list] = {}
    imports: dict[str, dict[str, tuple[str, str]]] = {}
    found = []
    for file in sorted(tests.rglob("*.py")):
        text = file.read_text(encoding="utf-8")
        tree = ast.parse(text)
        imported = private_imports(tree)
        imports[file.name] = {a.asname or a.name: (f"{node.module}.py", a.name) for node in ast.walk(tree)
                              if isinstance(node, ast.ImportFrom) and node.module and (tests / f"{node.module}.py").is_file()
                              for a in node.names}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                calls = {n.func.id for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
                entry = (ast.get_source_segment(text, node) or "", [a.arg for a in node.args.args], calls,
                         pins_private(node, imported), file.name)
                by_name.setdefault((file.name, node.name), []).append(entry)
                if node.name.startswith("test_"):
                    found.append(entry)
    return by_name, imports, found


def main(root: Path) -> None:
    by_name, imports, tests = functions(root / "tests")

    def resolved(file: str, name: str, depth: int = 0) -> list[tuple]:
        """What `name` means in `file`, as Python and pytest find it: the file's own function, one it imports from
        another test module, or a conftest fixture; nothing else (a helper of the same name elsewhere is not it)."""
        if (file, name) in by_name:
            return by_name[(file, name)]
        if name in imports.get(file, {}) and depth < 10:
            return resolved(*imports[file][name], depth + 1)
        return by_name.get(("conftest.py", name), [])

    seen: dict[tuple[str, str], bool] = {}

    def drives(file: str, name: str) -> bool:
        if (file, name) not in seen:
            seen[(file, name)] = False  # a cycle drives nothing by itself
            seen[(file, name)] = any(runs(entry) for entry in resolved(file, name))
        return seen[(file, name)]

    def runs(entry) -> bool:
        source, params, calls, _, file = entry
        return any(m in source for m in DRIVES) or any(drives(file, n) for n in (*calls, *params))

    def runs_itself(entry) -> bool:
        source, params, _, _, file = entry
        return any(m in source for m in DRIVES) or any(any(runs(e) for e in resolved(file, n)) for n in params)

    driving = sum(runs(t) for t in tests)
    strict = sum(runs_itself(t) for t in tests)
    pinned = sum(t[3] for t in tests)
    print(f"{len(tests)} test functions: {driving} drive a command, {len(tests) - driving} call internals only "
          f"({(len(tests) - driving) / len(tests):.0%})")
    print(f"strictly (own body or fixtures only): {strict} drive a command, {len(tests) - strict} do not "
          f"({(len(tests) - strict) / len(tests):.0%})")
    print(f"{pinned} test functions pin a private name of pnp")
    print_pinning_files(tests, runs)


def print_pinning_files(tests: list[tuple], runs, shown: int = 12) -> None:
    """The files with the most tests that pin a private name, with how many of their tests call internals only."""
    pins: dict[str, int] = {}
    internal: dict[str, int] = {}
    total: dict[str, int] = {}
    for test in tests:
        name = test[4]
        total[name] = total.get(name, 0) + 1
        internal[name] = internal.get(name, 0) + (not runs(test))
        pins[name] = pins.get(name, 0) + test[3]
    ranked = sorted((name for name in pins if pins[name]), key=lambda name: (-pins[name], name))
    for name in ranked[:shown]:
        print(f"  {name}: {pins[name]} pin a private name; {internal[name]} of its {total[name]} tests call internals only")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent))
