"""MkDocs hook: the site shows pnp's one version (pnp.__version__) in its name, and CHANGELOG.md as its "Changelog" page.

The changelog lives at the top of the repository, where release tools and readers of the forge look for it; the hook
serves the same file as a page rather than keeping a copy in docs/ that could drift.
"""
from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

import pnp

ROOT = Path(__file__).resolve().parent.parent


def on_config(config):
    config["site_name"] = f"{config['site_name']} · {pnp.__version__}"
    return config


def on_files(files, config):
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").replace("(docs/", "(")
    files.append(File.generated(config, "changelog.md", content=changelog))
    return files
