"""Long-lived state has one owner (issue #48): no function flips a module global, and no module replaces an attribute
of a reportlab class or module for the whole process. What `pnp watch` keeps between builds lives on the session it
makes and passes down (pnp.pipeline.session)."""
from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

# A pool's initializer sets up the worker process it runs in (ProcessPoolExecutor's way): that process is the worker's own.
WORKER_INITIALIZERS = {"_init_worker"}
# reportlab's settings module is meant to be set by the program that uses it (rl_settings.py says so); pnp sets one.
REPORTLAB_SETTINGS = {"rl_config"}

def _reportlab_names(tree: ast.Module) -> set[str]:
    """The names a module binds to reportlab's modules and classes."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reportlab"):
            names |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names if alias.name.startswith("reportlab")}
    return names


def _root_name(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def offences(base: Path = ROOT) -> set[tuple[str, str]]:
    """(module, function) for each function of `base`/pnp that declares `global`, or assigns an attribute of a reportlab name."""
    found = set()
    for path in sorted((base / "pnp").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        reportlab = _reportlab_names(tree) - REPORTLAB_SETTINGS
        rel = str(path.relative_to(base))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef) or function.name in WORKER_INITIALIZERS:
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Global):
                    found.add((rel, function.name))
                targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
                for target in targets:
                    for element in target.elts if isinstance(target, ast.Tuple) else [target]:
                        if isinstance(element, ast.Attribute) and _root_name(element) in reportlab:
                            found.add((rel, function.name))
    return found


def test_no_function_flips_a_module_global_or_patches_reportlab():
    assert offences() == set()


def test_the_check_sees_a_global_and_a_patched_reportlab_class(tmp_path):
    """The scan finds what it is for, in a package written here: a switch flipped with `global`, a reportlab class's
    method replaced (under an alias too), and not a worker's initializer or a local name."""
    (tmp_path / "pnp").mkdir()
    (tmp_path / "pnp" / "bad.py").write_text(
        "import reportlab.pdfbase.pdfdoc as docs\nfrom reportlab.pdfbase import pdfdoc\n_ON = None\n\n"
        "def keep():\n    global _ON\n    _ON = 1\n\ndef patch():\n    pdfdoc.PDFArray.format = len\n\n"
        "def aliased():\n    docs.x, y = 1, 2\n\ndef _init_worker():\n    global _ON\n    _ON = 2\n\n"
        "def fine(thing):\n    thing.format = len\n", encoding="utf-8")
    assert offences(tmp_path) == {("pnp/bad.py", "keep"), ("pnp/bad.py", "patch"), ("pnp/bad.py", "aliased")}
