"""Where the files pnp ships live: inside the package, so any install (editable, wheel, pipx) has them.

Fonts, shared icons, the game-icons.net library and the `pnp new` scaffold
are package data under pnp/assets (assets/fonts links to the repository's
fonts/, which a wheel copies in); a project's own fonts/ and templates/ add
to them.
"""
from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parents[1] / "assets"
BUNDLED_FONTS = ASSETS / "fonts"
BUNDLED_ICONS = ASSETS / "icons"
# pnp's own templates (`pnp/label.j2`), found after the project's: a game overrides one by naming its own in its data
BUILTIN_TEMPLATES = ASSETS / "templates"
GAME_ICONS = ASSETS / "game-icons"
SCAFFOLD = ASSETS / "scaffold"
WORDS = ASSETS / "words" / "words.yaml"  # pnp's own words in each language it ships (pnp.outputs.words)
