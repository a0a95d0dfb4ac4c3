"""Images named by data: opened and checked with Pillow before any PDF sees them."""
from __future__ import annotations

import os
from pathlib import Path

from pnp.core.errors import IMAGE_ELSEWHERE, IMAGE_MISSING, LayoutError
from pnp.core.files import KnownByStatus, Refused, inside
from pnp.data.image_folder import IMAGE_SUFFIXES


class MissingImage(LayoutError):
    """An image named but not there: a draft build draws a placeholder in its place (pnp.layout.drawing), any other build stops."""

    def __init__(self, message: str, full: Path, code: str = IMAGE_MISSING):
        super().__init__(message, "image", code=code)  # IMAGE_ELSEWHERE: the project holds it at another path
        self.full = full


class ImageChecker:
    """Checks each image a template or rulebook names: inside the project, allowed format, bounded size, not truncated.

    reportlab passes JPEGs straight into the PDF without Pillow's size checks,
    so every image is opened here first. An image is checked again only when
    its file changed: a long-lived process keeps its checker from build to
    build, and art saved over with another size must not be drawn at the old one."""

    def __init__(self, root: Path, files_read=None):
        self.root = root
        self.files_read = files_read  # a pnp.core.files_read.FilesRead told of every image used, cached or not
        self._this_run: dict[str, tuple[str, int, int]] = {}  # each name looked up once a run, however many faces show it
        self._sizes = KnownByStatus()  # from run to run, by the file's status
        self._data_images: list[str] | None = None  # the images under data/, listed once a run where a name is missing

    def new_run(self) -> None:
        """Look for each named file again: between builds a name may come to link elsewhere, or the file change or go."""
        self._this_run.clear()
        self._data_images = None

    def __call__(self, rel_path: str) -> tuple[str, int, int]:
        """(absolute path, width px, height px) of a checked image; raises LayoutError."""
        hit = self._this_run.get(rel_path)
        if hit is None:
            full = self._inside_project(rel_path)
            try:
                w, h = self._sizes.get(full, lambda path: _open_checked(path, rel_path))
            except FileNotFoundError:  # removed since it was looked for: say so as for any missing image
                return self(rel_path)
            hit = self._this_run[rel_path] = (str(full), w, h)
        if self.files_read is not None:
            self.files_read.add(hit[0])
        return hit

    def _inside_project(self, rel_path: str) -> Path:
        root = self.root
        if rel_path.lower().endswith(".svg"):
            raise LayoutError(f"image '{rel_path}' is an SVG: SVG files go through icon() (put it in templates/icons/ and draw icon('name', …))", "image")
        if "\x00" in rel_path or Path(rel_path).is_absolute():
            raise LayoutError(f"image path '{rel_path!r}' must be relative to the project folder", "image")
        try:
            full = inside(root / rel_path, root)
        except Refused as exc:
            raise LayoutError(f"image {exc.advice(rel_path, 'the project folder')}", "image") from None
        if not full.is_file():
            twin = _same_but_case(full)
            held = None if twin else self._held_under_data(rel_path)
            hint = f" (a file '{twin.relative_to(root)}' differs only in letter case: names are case-sensitive)" if twin else \
                f" (the project holds {held}: an image's path starts at the project folder)" if held else ""
            raise MissingImage(f"image '{rel_path}' not found{hint}", full, IMAGE_ELSEWHERE if hint else IMAGE_MISSING)
        return full

    def _held_under_data(self, rel_path: str) -> str | None:
        """The image under data/ whose path ends in `rel_path`, if one does: Squib, nanDECK and protograf read a sheet's
        `art/orc.png` from the sheet's folder, and a designer who brings the sheet and its art keeps them side by side."""
        if self._data_images is None:  # os.walk follows no link: a folder a link names is not the project's
            self._data_images = sorted(Path(folder, name).relative_to(self.root).as_posix() for folder, _, names in os.walk(self.root / "data")
                                       for name in names if Path(name).suffix.lower() in IMAGE_SUFFIXES)
        tail = "/" + Path(rel_path).as_posix()
        return next((name for name in self._data_images if name.endswith(tail)), None)


def _open_checked(full: Path, rel_path: str) -> tuple[int, int]:
    from pnp.core.pixels import ImageRefused, checked_size  # a face with an image: one with none never reads pixels

    try:
        return checked_size(full, f"image '{rel_path}'", whole=False)  # its pixels are decoded once, to embed it
    except ImageRefused as exc:
        raise LayoutError(str(exc), "image") from None


def _same_but_case(path: Path) -> Path | None:
    """A file beside `path` whose name differs only in letter case (breaks on case-sensitive systems)."""
    parent = path.parent
    if not parent.is_dir():
        return None
    lowered = path.name.lower()
    return next((p for p in parent.iterdir() if p.name.lower() == lowered and p.name != path.name), None)
