"""The rulebook's front matter: the YAML between two `---` lines at the top of rulebook.md (title, subtitle, pitch)."""
from __future__ import annotations

import re

import yaml

from pnp.core.errors import Loc, PnpError, error
from pnp.data import source as yaml_source
from pnp.data.schema import RulebookMatter, check_shape

_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)^---[ \t]*(?:\r?\n|\Z)", re.S | re.M)


def front_matter(source: str, rel: str, slug: str) -> tuple[RulebookMatter, str, list]:
    """The YAML between two `---` lines at the top, and the Markdown after it (with its lines kept in place)."""
    m = _FRONT.match(source)
    if not m:
        return RulebookMatter(), source, []
    body = "\n" * m.group(0).count("\n") + source[m.end():]
    text = "\n" + m.group(1)  # so YAML's line numbers are the file's
    if not text.strip():
        return RulebookMatter(), body, []
    try:
        _, data = yaml_source.yaml_document(text, rel)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(rel, mark.line + 1, mark.column + 1) if mark else Loc(rel)
        return RulebookMatter(), body, [error("yaml-syntax", f"YAML syntax in the front matter: {exc.problem or exc.context}", loc, game=slug)]
    except PnpError as exc:
        return RulebookMatter(), body, list(exc.findings)
    if data is None:
        return RulebookMatter(), body, []
    matter, found = check_shape(RulebookMatter, data, rel, what="the front matter", game=slug)
    return matter or RulebookMatter(), body, found
