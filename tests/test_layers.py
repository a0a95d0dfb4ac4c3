"""The package keeps its layers: each stage imports only its own layer and those below it, no import cycle,
no private name borrowed from another module. Imports inside functions count: they are imports all the same."""
from __future__ import annotations

import ast
import functools
from pathlib import Path

from conftest import ROOT
from source_trees import modules, parsed

LAYERS = ["core", "data", "checks", "layout", "render", "outputs", "pipeline", "targets", "serve", "cli", "launch"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in modules(ROOT)}


def layer(module: str) -> int | None:
    """The layer's rank of a pnp module; None for the package's own `pnp` and `pnp.__main__`."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def resolve(name: str) -> str | None:
    """The pnp module an imported dotted name lives in (the longest prefix that is a module)."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in MODULES:
            return ".".join(parts)
        parts.pop()
    return None


def imports_of(module: str) -> list[tuple[str, str | None, int]]:
    """(imported pnp module, imported name or None, line) for every import anywhere in `module`, functions included."""
    path = MODULES[module]
    tree = parsed(path).tree  # once a process (tests/source_trees.py)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(target, None, node.lineno) for alias in node.names if (target := resolve(alias.name))]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                submodule = resolve(f"{base}.{alias.name}")
                if submodule == f"{base}.{alias.name}":  # `from pnp.layout import fonts`: a module, not a name
                    found.append((submodule, None, node.lineno))
                elif (target := resolve(base)) is not None:
                    found.append((target, alias.name, node.lineno))
    return found


@functools.cache
def graph() -> dict[str, list]:
    """Every module's imports, read when a test first asks (not while pytest collects, in every worker)."""
    return {m: imports_of(m) for m in MODULES}


def test_the_graph_sees_the_package():
    """The walk finds the layers and the imports inside functions (a guard against a test that checks nothing)."""
    assert {layer(m) for m in MODULES} >= set(range(len(LAYERS)))
    assert sum(len(edges) for edges in graph().values()) > 100


def test_no_module_imports_a_higher_layer():
    wrong = []
    for module, edges in graph().items():
        here = layer(module)
        if here is None:
            continue
        for target, _, line in edges:
            there = layer(target)
            if there is not None and there > here:
                wrong.append(f"{MODULES[module].relative_to(ROOT)}:{line}: {module} ({LAYERS[here]}) imports {target} ({LAYERS[there]})")
    assert not wrong, "\n".join(wrong)


def test_no_private_name_crosses_a_module():
    wrong = [f"{MODULES[module].relative_to(ROOT)}:{line}: imports {name} from {target}"
             for module, edges in graph().items() for target, name, line in edges
             if target != module and (
                 (name is not None and name.startswith("_") and not name.startswith("__"))
                 or any(part.startswith("_") and not part.startswith("__") for part in target.split(".")))]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle():
    # the modules each one names in an import (a package's __init__ counts only when it is named itself)
    edges = {m: sorted({t for t, _, _ in graph()[m] if t != m}) for m in MODULES}
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []
    cycles = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for t in edges[m]:
            if state.get(t) == 1:
                cycles.append(" → ".join([*path[path.index(t):], t]))
            elif t not in state:
                visit(t)
        path.pop()
        state[m] = 2

    for m in sorted(MODULES):
        if m not in state:
            visit(m)
    assert not cycles, "\n".join(cycles)
