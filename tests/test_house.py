"""Long-lived state has one owner (issue #48): no function flips a module global, and no module replaces an attribute
of a reportlab class or module for the whole process. What `pnp watch` keeps between builds lives on the session it
makes and passes down (pnp.pipeline.session)."""
from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT
from source_trees import modules, parsed

# A pool's initializer sets up the worker process it runs in (ProcessPoolExecutor's way): that process is the worker's own.
WORKER_INITIALIZERS = {"_start_worker"}  # pnp.core.processes: the one place a worker process's state is set, as it starts
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


def _targets(node: ast.AST) -> list[ast.expr]:
    """What an assignment statement assigns to, tuples unpacked; nothing for any other node."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
    return [element for target in targets for element in (target.elts if isinstance(target, ast.Tuple) else [target])]


def _module_objects(tree: ast.Module) -> dict[str, str | None]:
    """The names a module binds by assignment at its top level, each with the class it calls to make its value (None
    when it is not a call of a plain name): the module's own objects, as opposed to what it imports or defines."""
    objects = {}
    for node in tree.body:
        made = node.value.func.id if isinstance(getattr(node, "value", None), ast.Call) and isinstance(node.value.func, ast.Name) else None
        for target in _targets(node):
            if isinstance(target, ast.Name):
                objects[target.id] = made
    return objects


def _setters(trees: list[ast.Module]) -> dict[str, set[str]]:
    """{class name: its setters}, for every class of the package: the methods but __init__ that assign an attribute of
    `self` (a method that sets what the object is, rather than answering from it)."""
    setters: dict[str, set[str]] = {}
    for tree in trees:
        for cls in (node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)):
            for method in cls.body:
                if isinstance(method, ast.FunctionDef) and method.name != "__init__" and any(
                        isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                        for node in ast.walk(method) for t in _targets(node)):
                    setters.setdefault(cls.name, set()).add(method.name)
    return setters


def offences(base: Path = ROOT) -> set[tuple[str, str]]:
    """(module, function) for each function of `base`/pnp that declares `global`, assigns an attribute of a reportlab
    name, or sets a module-level object: assigns one of its attributes, or calls one of its class's setters (`_setters`)."""
    found = set()
    trees = {path: parsed(path).tree for path in modules(base)}  # parsed once a process (tests/source_trees.py)
    setters = _setters(list(trees.values()))
    for path, tree in trees.items():
        reportlab = _reportlab_names(tree) - REPORTLAB_SETTINGS
        objects = _module_objects(tree)
        rel = path.relative_to(base).as_posix()
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef) or function.name in WORKER_INITIALIZERS:
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Global):
                    found.add((rel, function.name))
                for element in _targets(node):
                    if isinstance(element, ast.Attribute) and (_root_name(element) in reportlab or _root_name(element) in objects):
                        found.add((rel, function.name))
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
                    owner = node.func.value.id
                    if owner in objects and node.func.attr in setters.get(objects[owner] or "", ()):
                        found.add((rel, function.name))
    return found


def test_no_function_flips_a_module_global_sets_a_module_object_or_patches_reportlab():
    assert offences() == set()


def test_the_check_sees_a_global_and_a_patched_reportlab_class(tmp_path):
    """The scan finds what it is for, in a package written here: a switch flipped with `global`, a reportlab class's
    method replaced (under an alias too), and not a worker's initializer or a local name."""
    (tmp_path / "pnp").mkdir()
    (tmp_path / "pnp" / "bad.py").write_text(
        "import reportlab.pdfbase.pdfdoc as docs\nfrom reportlab.pdfbase import pdfdoc\n_ON = None\n\n"
        "def keep():\n    global _ON\n    _ON = 1\n\ndef patch():\n    pdfdoc.PDFArray.format = len\n\n"
        "def aliased():\n    docs.x, y = 1, 2\n\ndef _start_worker():\n    global _ON\n    _ON = 2\n\n"
        "def fine(thing):\n    thing.format = len\n", encoding="utf-8")
    assert offences(tmp_path) == {("pnp/bad.py", "keep"), ("pnp/bad.py", "patch"), ("pnp/bad.py", "aliased")}


def test_the_check_sees_a_module_object_set_by_a_function(tmp_path):
    """A module-level object configured by a function is a switch too, `global` or not: a setter called on it (a method
    that assigns an attribute of `self`) or an attribute assigned; asking it, or setting an object of one's own, is not."""
    (tmp_path / "pnp").mkdir()
    (tmp_path / "pnp" / "kept.py").write_text(
        "class Answers:\n    def __init__(self):\n        self.folder = None\n\n"
        "    def use(self, folder):\n        self.folder = folder\n\n    def answer(self, key):\n        return key\n", encoding="utf-8")
    (tmp_path / "pnp" / "colour.py").write_text(
        "from pnp.kept import Answers\nANSWERS = Answers()\n\n"
        "def keep_in(folder):\n    ANSWERS.use(folder)\n\ndef point(folder):\n    ANSWERS.folder = folder\n\n"
        "def ask(key):\n    return ANSWERS.answer(key)\n\ndef own(folder):\n    mine = Answers()\n    mine.use(folder)\n    return mine\n",
        encoding="utf-8")
    assert offences(tmp_path) == {("pnp/colour.py", "keep_in"), ("pnp/colour.py", "point")}
