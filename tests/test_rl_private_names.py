"""reportlab's private names appear in one module of pnp, pnp/layout/rl.py: a reportlab release that renames one breaks
that module's hooks (tests/test_rl_seam.py names which), never a module that reaches past the seam on its own.

Which names are private is read from reportlab itself, not listed by pnp: every attribute with a leading underscore
that a canvas, its document and the objects a drawing puts in it hold, or that reportlab's PDF, font and layout modules
and their classes define; and the document's bookkeeping, which reportlab documents nowhere (its object tables, a
picture's stream content, the indirect objects, cross-reference table and trailer its `format` writes). A name a module
of pnp defines itself (its own `self._fonts`) cannot be told from reportlab's by its spelling, and is left out there.
"""
from __future__ import annotations

import ast
import io

from conftest import ROOT
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import doctemplate, flowables, frames, paragraph

SEAM = "pnp/layout/rl.py"
UNDOCUMENTED = {"idToObject", "numberToId", "idToOffset", "idToObjectNumberAndVersion", "streamContent", "getXObjectName",
                "PDFIndirectObject", "PDFCrossReferenceTable", "PDFTrailer", "PDFFile", "pdfdocEnc", "__accum__"}


def _reportlabs_private_names() -> set[str]:
    c = rl_canvas.Canvas(io.BytesIO())
    c.drawImage(ImageReader(Image.new("RGBA", (2, 2), (9, 9, 9, 99))), 0, 0, 5, 5, mask="auto")  # a picture and its soft mask
    c.showPage()
    holders = [vars(c), vars(c._doc), *(vars(obj) for obj in c._doc.idToObject.values() if hasattr(obj, "__dict__"))]
    for module in (rl_canvas, pdfdoc, pdfmetrics, ttfonts, doctemplate, flowables, frames, paragraph):
        holders.append(vars(module))
        holders += [vars(cls) for cls in vars(module).values() if isinstance(cls, type) and cls.__module__.startswith("reportlab")]
    underscored = {name for names in holders for name in names if name.startswith("_") and not name.startswith("__")}
    return underscored | UNDOCUMENTED


def _trees() -> dict[str, ast.Module]:
    return {path.relative_to(ROOT).as_posix(): ast.parse(path.read_text(encoding="utf-8")) for path in sorted((ROOT / "pnp").rglob("*.py"))}


def _defined_in(tree: ast.Module) -> set[str]:
    """Names a module gives things itself: its functions, classes, variables and the attributes it sets on itself."""
    own = {"_replace", "_make", "_fields", "_asdict"}  # a named tuple's own
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) and node.value.id == "self":
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
    return own


def _reached(tree: ast.Module, private: set[str]) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in private:
            found.add(node.attr)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reportlab"):
            found |= {alias.name for alias in node.names if alias.name in private}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"getattr", "setattr", "hasattr"} \
                and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in private:
            found.add(node.args[1].value)
    return found


def test_reportlabs_private_names_are_reached_in_the_seam_alone():
    private = _reportlabs_private_names()
    reached = {path: names for path, tree in _trees().items() if (names := _reached(tree, private - _defined_in(tree)))}
    assert {"_code", "_doc", "idToObject", "streamContent", "PDFTrailer"} <= reached.pop(SEAM, set()), "the scan finds the seam's hooks"
    # pypdf's writer, not reportlab's, keeps its file identifier as `_ID` (the MBPrint file's fixed ID: same input, same bytes)
    others = {"pnp/targets/vendor_pdfx.py": {"_ID"}}
    reached = {path: names - others.get(path, set()) for path, names in reached.items() if names - others.get(path, set())}
    assert reached == {}, f"reportlab's private names outside {SEAM}: {reached}"
