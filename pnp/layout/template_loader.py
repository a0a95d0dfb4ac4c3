"""Where a template's files may come from: the project's template folders, never a link out of them.

A template names others it extends, includes or imports; each name is looked
up in the template folders as Jinja's own FileSystemLoader does, but each file
is checked before it is opened, so a link inside templates/ that leads out of
the project is refused, said at the name the template wrote.
"""
from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import jinja2

from pnp.core.errors import LayoutError
from pnp.core.files import Refused, inside


class ProjectLoader(jinja2.FileSystemLoader):
    """A FileSystemLoader that refuses templates whose real path leaves the template folders (symlinks out).

    It compiles each template from the syntax tree `parsed` gives (the one the
    checks read), so no template is parsed twice in a run, and takes what
    `kept` kept of the same source first (pnp.layout.template_cache.KeptTemplates.code)."""

    def __init__(self, searchpath, parsed=None, root: Path | None = None):
        super().__init__(searchpath)
        self.parsed = parsed  # name → (file name, syntax tree), remembered by Layouts
        self.root = root  # the project: a template folder under it, linked elsewhere, is refused too
        self.kept = None  # (name, file name, source, make) → code: what the process kept (set by Layouts)

    def load(self, environment, name, globals=None):
        source, filename, uptodate = self.get_source(environment, name)
        make = partial(self._code, environment, name, filename, source)
        code = self.kept(name, filename, source, make) if self.kept is not None else make()
        return environment.template_class.from_code(environment, code, globals if globals is not None else environment.make_globals(None), uptodate)

    def _code(self, environment, name, filename, source):
        """The compiled code of template `name`, compiled from its syntax tree."""
        tree = self.parsed(name)[1] if self.parsed is not None else environment.parse(source, name, filename)
        return environment.compile(tree, name, filename)

    def get_source(self, environment, template):
        if "\x00" in template or template.startswith("/") or ".." in template.split("/"):
            raise LayoutError(f"template name '{template}' must be a path inside templates/ (no '..', no absolute paths)", template)
        for folder in self.searchpath:  # as FileSystemLoader looks, but each file is checked before it is opened
            path = Path(folder, *template.split("/"))
            if os.path.exists(path) and not os.path.isdir(path):  # a file, or a named pipe or device refused below by its kind
                bounds = [folder, self.root] if self.root is not None and path.is_relative_to(self.root) else [folder]
                try:
                    inside(path, *bounds)
                except Refused as exc:
                    raise LayoutError(f"template {exc.advice(template, 'templates/')}", template) from None
                break
        return super().get_source(environment, template)
