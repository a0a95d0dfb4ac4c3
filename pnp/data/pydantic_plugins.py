"""pnp runs no pydantic plugins: its models check a game's files, and no plugin has anything to add to that.

pydantic looks for plugins when it builds a model's validator (pydantic.plugin._schema_validator imports
pydantic.plugin._loader), and that loader imports importlib.metadata (with email, zipfile, csv…) and, unless
PYDANTIC_DISABLE_PLUGINS says otherwise, scans every installed package's entry points: most of the cost of the first
model a process builds, which every cold `pnp build` paid (issue #77; docs/performance.md). pydantic 2.11 (our floor)
and today's both import only `get_plugins` from that loader, and find no plugins when PYDANTIC_DISABLE_PLUGINS is
`__all__`, `1` or `true`. So unless the user's environment names single plugins to leave out (the one setting under
which a plugin would run), the loader is stood in for by one that finds none and imports nothing.

Only the `pnp` command does this (pnp.launch, before it imports the command line): the process is pnp's own then. A
program that imports pnp as a library keeps its pydantic plugins for its own models. tests/test_plain_imports.py
fails when a plain build imports importlib.metadata again.
"""
from __future__ import annotations

import os
import sys
import types

LOADER = "pydantic.plugin._loader"
NONE_RUN = (None, "__all__", "1", "true")  # PYDANTIC_DISABLE_PLUGINS values under which pydantic itself runs no plugin


def _no_plugins() -> tuple:
    return ()


def find_none() -> None:
    """In a process that is pnp's command: pydantic's plugin loader replaced by one that finds none (see above), unless
    pydantic has imported its own already or the environment names single plugins to leave out."""
    if LOADER not in sys.modules and os.environ.get("PYDANTIC_DISABLE_PLUGINS") in NONE_RUN:
        loader = types.ModuleType(LOADER, __doc__)
        loader.get_plugins = _no_plugins
        sys.modules[LOADER] = loader
