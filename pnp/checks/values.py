"""Field values as the checks read them: a dotted path's value (or MISSING), a hashable form of it, how a finding
shows it, and where it is written."""
from __future__ import annotations

from pnp.checks.items import Item
from pnp.core.errors import Loc
from pnp.core.units import value_as_written
from pnp.data.located import LocDict


def field_value(fields: dict, path: str):
    """The value of a dotted field path, or a sentinel when absent."""
    node = fields
    for step in path.split("."):
        if isinstance(node, dict) and step in node:
            node = node[step]
        else:
            return MISSING
    return node


class Missing:
    def __repr__(self):
        return "(missing)"


MISSING = Missing()


def hashable(value):
    if isinstance(value, list):
        return tuple(hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, hashable(v)) for k, v in value.items()))
    return value


def is_empty(value) -> bool:
    """Whether a field's value is empty: a sheet's empty cell (`""`, or spaces) or a YAML key with nothing after it."""
    return value is None or (isinstance(value, str) and not value.strip())


EMPTY_SAID = "(empty)"  # an empty value as a finding names it: two spaces around nothing read as a typo


def show_value(value) -> str:
    """A value as a finding's sentence names it, unquoted: an empty text (or a YAML key with nothing after it, never
    Python's `None`) said in words, a yes or no as YAML writes it."""
    if value is None:
        return EMPTY_SAID
    if isinstance(value, bool):
        return value_as_written(value)
    if isinstance(value, str):
        return value if value.strip() else EMPTY_SAID
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    return repr(value)



def quoted_value(value) -> str:
    """A value in quotes, as a finding names what was typed: an empty text, or a YAML key with nothing after it, is `''`
    there, plain to see."""
    if value is None:
        return "''"
    return f"'{value}'" if isinstance(value, str) else f"'{show_value(value)}'"


def field_loc(item: Item, path: str) -> Loc:
    node, loc = item.fields, item.loc
    for step in path.split("."):
        if isinstance(node, LocDict) and step in node:
            loc, node = node.loc_of(step), node[step]
        else:
            break
    return loc


def ranges(values: list[int]) -> str:
    """[1, 2, 3, 7] → '1–3, 7'."""
    out, start, prev = [], None, None
    for v in [*values, None]:
        if start is None:
            start = prev = v
        elif v is not None and isinstance(v, int) and v == prev + 1:
            prev = v
        else:
            out.append(f"{start}" if start == prev else f"{start}–{prev}")
            start = prev = v
    return ", ".join(out)
