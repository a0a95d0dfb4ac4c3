"""Long-lived state has one owner (issue #48): no function flips a module global, and no module replaces an attribute
of a reportlab class or module for the whole process. What `pnp watch` keeps between builds lives on the session it
makes and passes down (pnp.pipeline.session)."""
from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
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


# reportlab's private names (issue #63) -------------------------------------------------------------------------------
SEAM = "pnp/layout/rl.py"  # the one module that may use them, each use a function with its own test (tests/test_rl_seam.py)
_DEFINED = re.compile(rb"^[ \t]*(?:def|class)[ \t]+(_[A-Za-z]\w*)|\.(_[A-Za-z]\w*)[ \t]*=(?!=)|^[ \t]*(_[A-Za-z]\w*)[ \t]*=(?!=)", re.M)
_ACCESSORS = {"getattr", "setattr", "hasattr", "delattr"}


@functools.cache
def reportlab_privates() -> frozenset[str]:
    """The single-underscore names reportlab's own code defines, read from the installed reportlab: its private
    functions, classes, methods and module names, and the private attributes it sets on any object."""
    import reportlab

    found = set()
    for path in Path(reportlab.__file__).parent.rglob("*.py"):
        found |= {next(name for name in match if name).decode() for match in _DEFINED.findall(path.read_bytes())}
    return frozenset(found)


def _own_privates(tree: ast.Module, nodes: list[ast.AST]) -> set[str]:
    """The private names a pnp module defines for itself: its top-level names, and the methods, class attributes and
    attributes of `self` of its classes, but not of a class that subclasses reportlab's (an override of reportlab's
    private method there is reportlab's name). `nodes` are the tree's, walked once."""
    reportlab = _reportlab_names(tree)
    own = {name for node in tree.body for target in ([node] if isinstance(node, ast.FunctionDef | ast.ClassDef) else _targets(node))
           if (name := getattr(target, "name", None) or getattr(target, "id", None))}
    for cls in (node for node in nodes if isinstance(node, ast.ClassDef) and not any(_root_name(base) in reportlab for base in node.bases)):
        own |= {node.name for node in cls.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
        own |= {t.id for node in cls.body for t in _targets(node) if isinstance(t, ast.Name)}
        own |= {t.attr for method in cls.body if isinstance(method, ast.FunctionDef) for node in ast.walk(method) for t in _targets(node)
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in ("self", "cls")}
    return {name for name in own if name.startswith("_") and not name.startswith("__")}


def _private_uses(nodes: list[ast.AST]):
    """(line, name) for each single-underscore attribute among `nodes` read, set or deleted, written `x._name` or
    named to getattr, setattr, hasattr or delattr."""
    for node in nodes:
        if isinstance(node, ast.Attribute):
            name = node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _ACCESSORS and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            name = node.args[1].value
        else:
            continue
        if name.startswith("_") and not name.startswith("__"):
            yield node.lineno, name


def reportlab_private_uses(base: Path = ROOT) -> list[str]:
    """`file:line: name` for each use, outside the seam, of a name reportlab defines as private and pnp does not define
    for itself (many of reportlab's private names are common words: `_lines`, `_data`; pnp's own are pnp's business)."""
    trees = {path.relative_to(base).as_posix(): parsed(path).tree for path in modules(base)}
    walked = {rel: list(ast.walk(tree)) for rel, tree in trees.items() if rel != SEAM and not _pypdfs_alone(tree)}
    own = set().union(*(_own_privates(trees[rel], nodes) for rel, nodes in walked.items()))
    theirs = reportlab_privates() - own
    return [f"{rel}:{line}: {name}" for rel, nodes in walked.items() for line, name in _private_uses(nodes) if name in theirs]


def _pypdfs_alone(tree: ast.Module) -> bool:
    """A module that works on pypdf's objects and imports nothing of reportlab's (the MBPrint file's PDF/X marking):
    the private names it reaches are pypdf's (`_info`, `_ID`), some of them spelt as reportlab spells its own."""
    imported = {(node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
                for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom) for alias in node.names}
    return any(m.startswith("pypdf") for m in imported) and not any(m.startswith("reportlab") for m in imported)


def test_no_private_reportlab_name_outside_the_seam():
    assert reportlab_private_uses() == [], f"move each behind a function of {SEAM}, with a test in tests/test_rl_seam.py"


def test_the_private_name_check_sees_each_way_in(tmp_path):
    """The scan finds reportlab's privates read on a canvas, a module, a font's face, by getattr and set on a
    flowable, and overridden in a subclass; not pnp's own privates that share a name with one of reportlab's, nor
    another library's (`sys._getframe`), nor the seam's."""
    (tmp_path / "pnp" / "layout").mkdir(parents=True)
    (tmp_path / "pnp" / "bad.py").write_text(
        "import sys\nfrom reportlab.pdfbase import pdfmetrics\nfrom reportlab.platypus import Frame\n\n"
        "def code(c):\n    return c._code\n\ndef fonts():\n    return pdfmetrics._fonts\n\n"
        "def scale(font):\n    del font.face._pdfScale\n\ndef top(block):\n    return getattr(block, '_frame', None)\n\n"
        "def place(block, region):\n    block._frame = region\n\nclass Mine(Frame):\n    def _add(self, flowable, canv):\n        return 1\n\n"
        "class Own:\n    def __init__(self):\n        self._lines = []\n\n    def _fill(self):\n        return self._lines, sys._getframe(0)\n",
        encoding="utf-8")
    (tmp_path / "pnp" / "layout" / "rl.py").write_text("def doc(c):\n    return c._doc\n", encoding="utf-8")
    assert reportlab_private_uses(tmp_path) == [
        "pnp/bad.py:6: _code", "pnp/bad.py:9: _fonts", "pnp/bad.py:12: _pdfScale", "pnp/bad.py:15: _frame", "pnp/bad.py:18: _frame"]


def test_each_hook_of_the_seam_has_a_test():
    """A reportlab upgrade that moves what a hook reaches fails that hook's test, by name (tests/test_rl_seam.py)."""
    seam = parsed(ROOT / SEAM).tree
    hooks = [node.name for node in seam.body if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_")]
    tests = (ROOT / "tests" / "test_rl_seam.py").read_text(encoding="utf-8")
    assert len(hooks) > 20 and [name for name in hooks if not re.search(rf"\brl\.{name}\b", tests)] == []


# Measured figures (issue #63): a figure in a comment goes stale unseen; the register (docs/performance.md) is re-measured
_NUMBER = r"(?<![\w.^/])\d[\d,]*(?:\.\d+)?"
TIME_FIGURE = re.compile(rf"{_NUMBER}\s?(?:(?:→|->|–|-|to)\s?{_NUMBER}\s?)?(?:ns|µs|μs|ms|s|secs?|seconds?|mins?|minutes?|hours?)\b(?![-'])")
_CUE = r"(?:faster|slower|quicker|smaller|larger|bigger|less|more|fewer|cheaper|saves?|saving|saved|of (?:a|the|its|each) (?:build|run|time|CPU|save|process))"
SAVING_FIGURE = re.compile(rf"{_NUMBER}\s?%[^.;:()]*?\b{_CUE}\b|\b{_CUE}\b[^.;:()]*?{_NUMBER}\s?%")
_QUOTED = re.compile(r'"[^"\n]*"|`[^`\n]*`')  # an example the user writes ("2–3 hours"), a literal value


def _prose_lines(source: str, tree: ast.Module) -> dict[int, str]:
    """{line: text} of a module's comments and docstrings (the module's, each class's and function's)."""
    lines = {token.start[0]: token.string for token in tokenize.generate_tokens(io.StringIO(source).readline) if token.type == tokenize.COMMENT}
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and (doc := ast.get_docstring(node, clean=False)):
            first = node.body[0].lineno
            lines |= {first + offset: text for offset, text in enumerate(doc.splitlines())}
    return lines


def measured_figures(base: Path = ROOT) -> list[str]:
    """`file:line: figure` for each time (0.44 s, 80 µs, 6.4 → 5.9 s) or percentage saving (20 % of a build, 25 %
    larger) in a comment or docstring of `base`/pnp."""
    found = []
    for path in modules(base):
        module = parsed(path)
        if not (TIME_FIGURE.search(module.source) or SAVING_FIGURE.search(module.source)):
            continue  # most modules: no candidate at all, so no need to tokenize them
        for line, text in sorted(_prose_lines(module.source, module.tree).items()):
            prose = _QUOTED.sub("", text)
            found += [f"{path.relative_to(base).as_posix()}:{line}: {m.group()}" for pattern in (TIME_FIGURE, SAVING_FIGURE) for m in pattern.finditer(prose)]
    return found


def test_no_measured_figure_in_a_comment_or_docstring():
    assert measured_figures() == [], "move each figure to docs/performance.md's register and say what the code does instead"


def test_the_figure_check_sees_times_and_savings_in_comments_and_docstrings(tmp_path):
    """Times and savings in comments and docstrings, not in code, not a design value (100 %, 5 % steps) and not an
    example a user writes."""
    (tmp_path / "pnp").mkdir()
    (tmp_path / "pnp" / "slow.py").write_text(
        '"""Parsing takes 0.44 s; a new process\nunpickles it (6.4 → 5.9 s)."""\n\nLIMIT = 2.5  # seconds a request may take: 2.5 s\n\n'
        'def build():\n    """Hash once (80 µs a face), print at 100 %, mix in 5 % steps."""\n    # ASCII85 makes every page 25 % larger\n'
        '    # rl_accel: about 20 % of a build otherwise; a text such as "2–3 hours"\n    return f"{LIMIT} s and 3 s"\n', encoding="utf-8")
    assert measured_figures(tmp_path) == ["pnp/slow.py:1: 0.44 s", "pnp/slow.py:2: 6.4 → 5.9 s", "pnp/slow.py:4: 2.5 s", "pnp/slow.py:7: 80 µs",
                                          "pnp/slow.py:8: 25 % larger", "pnp/slow.py:9: 20 % of a build"]
