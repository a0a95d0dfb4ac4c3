"""Pillow's Image module, loaded when a picture first needs it rather than when reportlab is imported.

reportlab imports `PIL.Image` at the top of reportlab.lib.utils, which every canvas imports, and uses it only to read
a picture (`ImageReader`). Importing it builds Pillow's EXIF and TIFF tag tables (two large enums) and loads its C
library: about a twentieth of a cold `pnp build` of a plain deck, which reads no picture (issue #77,
docs/performance.md). So the `pnp` command (pnp.launch, before it imports the command line) puts an empty module
in its place, which runs Pillow's own code into itself the first time anything asks it for a name: reportlab, pnp's
pictures and exports then find Pillow as if it had been imported at the start, and a build with no picture never
runs it. Unlike importlib.util.LazyLoader on Python 3.11, the first load holds a lock, so a second thread asking
meanwhile (a PNG export's pool) waits for the whole module rather than finding half of it, and so does a fork (a
build's workers under `pnp serve`, whose threads draw while another forks), as Python's import lock makes it wait: a
child never starts with half of Pillow and a lock no thread of its own will release.

Only the `pnp` command does this: a program that imports pnp as a library imports Pillow as it always did.
tests/test_plain_imports.py holds the command's start-up to it.
"""
from __future__ import annotations

import importlib.util
import os
import sys
import threading
import types

NAME = "PIL.Image"
_LOADING = threading.RLock()


class _Deferred(types.ModuleType):
    """A module whose code runs on the first name asked of it (a name it has: the rest are looked up as usual)."""

    def __getattr__(self, name: str):
        with _LOADING:
            if type(self) is _Deferred and not self.__dict__.get("__loading__"):
                self.__loading__ = True  # a name asked while its own code runs (an import cycle) is looked up as usual
                try:
                    self.__spec__.loader.exec_module(self)
                finally:
                    del self.__loading__
                self.__class__ = types.ModuleType
        if type(self) is _Deferred:
            raise AttributeError(f"module {NAME!r} has no attribute {name!r} yet: it is being loaded")
        return getattr(self, name)


def defer_pillow() -> None:
    """In a process that is pnp's command: `PIL.Image` stands in sys.modules as a module that loads on first use,
    unless something imported it already or Pillow is not installed."""
    if NAME in sys.modules:
        return
    spec = importlib.util.find_spec(NAME)  # imports the PIL package alone: its version, nothing else
    if spec is None or not hasattr(spec.loader, "exec_module"):  # no Pillow, or a loader that cannot run it later
        return
    module = importlib.util.module_from_spec(spec)
    module.__class__ = _Deferred
    if hasattr(os, "register_at_fork"):  # not on Windows, where a worker is a new process, not a fork
        os.register_at_fork(before=_LOADING.acquire, after_in_parent=_LOADING.release, after_in_child=_LOADING.release)
    sys.modules[NAME] = module
    sys.modules["PIL"].Image = module  # `import PIL.Image` then `PIL.Image.open`, as after a real import
