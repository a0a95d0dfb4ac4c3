"""Where the files pnp ships live: inside the package, so any install (editable, wheel, pipx) has them.

Fonts, shared icons, the game-icons.net library and the `pnp new` scaffold
are package data under pnp/assets (assets/fonts links to the repository's
fonts/, which a wheel copies in); a project's own fonts/ and templates/ add
to them.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[1] / "assets"
BUNDLED_FONTS = ASSETS / "fonts"
BUNDLED_ICONS = ASSETS / "icons"
# pnp's own templates (`pnp/label.j2`), found after the project's: a game overrides one by naming its own in its data
BUILTIN_TEMPLATES = ASSETS / "templates"
GAME_ICONS = ASSETS / "game-icons"
SCAFFOLD = ASSETS / "scaffold"
WORDS = ASSETS / "words" / "words.yaml"  # pnp's own words in each language it ships (pnp.outputs.words)


@functools.cache
def _shipped_roots() -> tuple[str, ...]:
    return tuple(os.path.join(root, "") for root in dict.fromkeys([os.fspath(ASSETS.parent), os.path.realpath(BUNDLED_FONTS)]))


def shipped(path: Path | str) -> bool:
    """Whether `path` is one of pnp's own files (its code, the fonts, icons and words it ships), named as pnp names
    them (the fonts by their folder or its real path: assets/fonts links to the repository's fonts/ in a clone): the
    same for every project, so what pnp works out from them is kept for all (pnp.core.sealed.user_folder)."""
    return os.fspath(path).startswith(_shipped_roots())


@functools.cache
def copy_name() -> str:
    """A name for this copy of pnp (its folder's digest), for what is kept of its own files in the user's cache
    folder: two copies (a clone and an install) keep theirs apart, and neither overwrites the other's."""
    import hashlib

    return hashlib.sha256(os.fsencode(ASSETS.parent)).hexdigest()[:16]
