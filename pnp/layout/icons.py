"""SVG icons: found by name, drawn by svglib, recoloured on request.

An icon is looked up in the game's own folder first (templates/<game>/icons),
then in the shared templates/icons, so games can override shared symbols.
"""
from __future__ import annotations

import copy
import logging
from pathlib import Path

from reportlab.graphics.shapes import Group
from reportlab.lib.colors import HexColor

logging.getLogger("svglib").setLevel(logging.ERROR)


class IconLibrary:
    def __init__(self, dirs: list[Path], files_read=None):
        self.dirs = [d for d in dirs if d.is_dir()]
        self.files_read = files_read  # a pnp.core.files.FilesRead told of every icon looked up
        self._paths: dict[str, Path | None] = {}
        self._drawings: dict[tuple, object] = {}

    def path(self, name: str) -> Path | None:
        if name not in self._paths:
            self._paths[name] = next((d / f"{name}.svg" for d in self.dirs if (d / f"{name}.svg").is_file()), None)
        found = self._paths[name]
        if found is not None and self.files_read is not None:
            self.files_read.add(found)
        return found

    def exists(self, name: str) -> bool:
        return self.path(name) is not None

    def names(self) -> list[str]:
        return sorted({p.stem for d in self.dirs for p in d.glob("*.svg")})

    def drawing(self, name: str, color: str | None):
        """The icon as a reportlab Drawing, recoloured to `color` when given."""
        key = (name, color)
        if key not in self._drawings:
            from svglib.svglib import svg2rlg

            path = self.path(name)
            drawing = svg2rlg(str(path), external_reference_root=str(path.parent)) if path else None
            if drawing is None:
                raise ValueError(f"icon '{name}' could not be read as SVG")
            if color:
                drawing = copy.deepcopy(drawing)
                _recolour(drawing, HexColor(color[:7]))
            self._drawings[key] = drawing
        return self._drawings[key]


def _recolour(node, colour) -> None:
    for child in getattr(node, "contents", []):
        if isinstance(child, Group):
            _recolour(child, colour)
        else:
            if getattr(child, "fillColor", None) is not None:
                child.fillColor = colour
            if getattr(child, "strokeColor", None) is not None:
                child.strokeColor = colour
