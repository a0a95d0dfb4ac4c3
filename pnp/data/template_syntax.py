"""How a game's templates are written, and the templates one runs, read by Jinja's own parser.

The layout's engine reads templates with these settings (pnp.layout.templates),
and a card's stamp hashes the source of every template its front runs
(pnp.data.stamps): both read the same syntax from here, so a template the
engine takes is never one the stamp cannot read.
"""
from __future__ import annotations

import functools

import jinja2
import jinja2.meta

SYNTAX = {"trim_blocks": True, "lstrip_blocks": True, "extensions": ["jinja2.ext.loopcontrols", "jinja2.ext.do"]}


@functools.lru_cache(maxsize=1)
def _reader() -> jinja2.Environment:
    return jinja2.Environment(**SYNTAX)


def templates_run(source: str) -> list[str]:
    """The templates `source` extends, includes or imports by a constant name, in order; none where it cannot be
    parsed (the build says why) or a name is worked out as it runs."""
    try:
        tree = _reader().parse(source)
    except jinja2.TemplateSyntaxError:
        return []
    return [name for name in jinja2.meta.find_referenced_templates(tree) if name is not None]
