"""Read YAML so that every value remembers its file, line and column.

PyYAML's SafeLoader is YAML 1.1: `NO` becomes false, `0123` becomes 83 and
`12:30` becomes 750, and duplicate keys silently keep the last value. This
loader composes the node graph with libyaml, then builds values itself with
YAML 1.2 core rules, refusing duplicate keys, foreign tags, runaway aliases
and oversized files, each with its position.
"""
from __future__ import annotations

import math
import re
from pathlib import Path
from typing import ClassVar

import yaml

from pnp.core.errors import Loc, PnpError, error

MAX_FILE_BYTES = 5_000_000  # a game's biggest deck is a few hundred KB
MAX_VALUES = 200_000  # caps alias expansion ("billion laughs") long before memory suffers

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Core12Loader(_Base):
    """libyaml parser with YAML 1.2 core-schema scalar resolution."""

    yaml_implicit_resolvers: ClassVar[dict] = {}
    _scalar_tags: ClassVar[dict] = {}

    def resolve(self, kind, value, implicit):
        # Decks repeat the same values thousands of times; resolving each once halves compose time.
        if kind is yaml.ScalarNode:
            key = (value, implicit)
            tag = self._scalar_tags.get(key)
            if tag is None:
                if len(self._scalar_tags) > 100_000:
                    self._scalar_tags.clear()
                tag = self._scalar_tags[key] = super().resolve(kind, value, implicit)
            return tag
        return super().resolve(kind, value, implicit)


_IMPLICIT: list[tuple[str, re.Pattern]] = []  # the same rules, for text that is not YAML (spreadsheet cells)


def _resolver(tag, pattern, first):
    compiled = re.compile(pattern, re.X)
    _Core12Loader.add_implicit_resolver(tag, compiled, list(first))
    _IMPLICIT.append((tag, compiled))


_resolver("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_resolver("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""])
_resolver("tag:yaml.org,2002:int", r"^(?:[-+]?(?:0|[1-9][0-9]*)|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789")
_resolver(
    "tag:yaml.org,2002:float",
    r"^(?:[-+]?(?:(?:\.[0-9]+|(?:0|[1-9][0-9]*)\.[0-9]*)(?:[eE][-+]?[0-9]+)?|(?:0|[1-9][0-9]*)[eE][-+]?[0-9]+)"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
    "-+0123456789.",
)

_resolver("tag:yaml.org,2002:merge", r"^(?:<<)$", "<")

_STR = "tag:yaml.org,2002:str"
_SCALARS = {
    _STR,
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


def _as_loc(path: str, where) -> Loc:
    """A Loc from a stored position: a Loc already, or a parser mark (kept raw because most are never asked for)."""
    if isinstance(where, Loc):
        return where
    return Loc(path, where.line + 1, where.column + 1)


class LocDict(dict):
    """A mapping that knows where it and each of its keys and values were written."""

    __slots__ = ("_loc", "key_locs", "locs", "path")

    def __init__(self, loc, path: str | None = None):
        super().__init__()
        self.path = path if path is not None else loc.path
        self._loc = loc
        self.locs: dict = {}
        self.key_locs: dict = {}

    @property
    def loc(self) -> Loc:
        return _as_loc(self.path, self._loc)

    def loc_of(self, key) -> Loc:
        where = self.locs.get(key)
        return self.loc if where is None else _as_loc(self.path, where)

    def key_loc(self, key) -> Loc:
        where = self.key_locs.get(key)
        return self.loc if where is None else _as_loc(self.path, where)


class LocList(list):
    """A sequence that knows where it and each of its items were written."""

    __slots__ = ("_loc", "locs", "path")

    def __init__(self, loc, path: str | None = None):
        super().__init__()
        self.path = path if path is not None else loc.path
        self._loc = loc
        self.locs: list = []

    @property
    def loc(self) -> Loc:
        return _as_loc(self.path, self._loc)

    def loc_of(self, index) -> Loc:
        return _as_loc(self.path, self.locs[index]) if 0 <= index < len(self.locs) else self.loc


def loc_at(root, path, fallback: Loc | None = None) -> Loc:
    """The position of the value at `path` (keys and indices) below `root`, or the nearest parent's."""
    node, loc = root, getattr(root, "loc", fallback)
    for step in path:
        if (isinstance(node, LocDict) and step in node) or (isinstance(node, LocList) and isinstance(step, int) and 0 <= step < len(node)):
            loc, node = node.loc_of(step), node[step]
        else:
            break
    return loc or fallback


def _mark_loc(path: str, mark) -> Loc:
    return Loc(path, mark.line + 1, mark.column + 1)


def read_text(file: Path, rel: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """Read a UTF-8 text file, refusing one too big to be a game file or not UTF-8."""
    try:
        size = file.stat().st_size
    except OSError as exc:
        raise PnpError(error("file-missing", f"cannot read this file: {exc.strerror}", Loc(rel))) from None
    if size > max_bytes:
        raise PnpError(error("file-too-big", f"file is {size:,} bytes; the limit is {max_bytes:,}: split it", Loc(rel)))
    raw = file.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise PnpError(error("not-utf8", f"byte 0x{raw[exc.start]:02x} is not UTF-8: save the file as UTF-8", Loc(rel, line, col))) from None


def load_yaml(file: Path, rel: str):
    """Load one YAML file into LocDict/LocList/scalars, or raise PnpError with the position."""
    text = read_text(file, rel)
    if not text.strip():
        raise PnpError(error("yaml-empty", "file is empty: it should hold a YAML mapping", Loc(rel, 1, 1)))
    try:
        node = yaml.compose(text, Loader=_Core12Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = _mark_loc(rel, mark) if mark else Loc(rel)
        problem = str(exc.problem or exc.context or "invalid YAML")
        if mark and _tab_near(text, mark):
            problem = "a tab character: YAML indents with spaces only"
        raise PnpError(error("yaml-syntax", f"YAML syntax: {problem}", loc)) from None
    except yaml.YAMLError as exc:
        raise PnpError(error("yaml-syntax", f"YAML syntax: {exc}", Loc(rel))) from None
    if node is None:
        raise PnpError(error("yaml-empty", "file holds no data: it should hold a YAML mapping", Loc(rel, 1, 1)))
    return _Builder(rel).build(node)


def _tab_near(text: str, mark) -> bool:
    """Whether the line of a parse error has a tab at or before the error (libyaml rarely says so)."""
    lines = text.splitlines()
    return mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]


def typed_scalar(text: str):
    """`text` typed as a plain YAML 1.2 scalar: `3` a number, `true` a boolean, `NO` and `0123` text."""
    for tag, pattern in _IMPLICIT:
        if tag in _SCALARS and pattern.match(text):
            return _scalar_value(tag, text)
    return text


def _scalar_value(tag: str, value: str):
    if tag == _STR:
        return value
    if tag.endswith("null"):
        return None
    if tag.endswith("bool"):
        return value.lower() == "true"
    if tag.endswith("int"):
        return int(value, 0) if value[:2] in ("0o", "0x") else int(value)
    lowered = value.lower()
    if lowered.endswith("inf"):
        return -math.inf if value.startswith("-") else math.inf
    if lowered.endswith("nan"):
        return math.nan
    return float(value)


class _Builder:
    """Turns a composed node graph into located Python values."""

    def __init__(self, rel: str):
        self.rel = rel
        self.values = 0

    def build(self, node):
        self.values += 1
        if self.values > MAX_VALUES:
            raise PnpError(
                error("yaml-too-many-values", f"more than {MAX_VALUES:,} values (aliases expanding?): simplify the file", self.loc(node))
            )
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if isinstance(node, yaml.SequenceNode):
            return self.sequence(node)
        return self.mapping(node)

    def loc(self, node) -> Loc:
        return _mark_loc(self.rel, node.start_mark)

    def scalar(self, node):
        tag, value = node.tag, node.value
        if tag not in _SCALARS:
            raise PnpError(error("yaml-tag", f"tag {tag} is not allowed in game data: remove it", self.loc(node)))
        return _scalar_value(tag, value)

    def sequence(self, node):
        out = LocList(node.start_mark, self.rel)
        if node.tag != "tag:yaml.org,2002:seq":
            raise PnpError(error("yaml-tag", f"tag {node.tag} is not allowed in game data: remove it", self.loc(node)))
        for item in node.value:
            out.append(self.build(item))
            out.locs.append(item.start_mark)
        return out

    def mapping(self, node):
        out = LocDict(node.start_mark, self.rel)
        if node.tag != "tag:yaml.org,2002:map":
            raise PnpError(error("yaml-tag", f"tag {node.tag} is not allowed in game data: remove it", self.loc(node)))
        merged = []
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                merged.append(value_node)
                continue
            key = self.build(key_node)
            if not isinstance(key, (str, int)):
                raise PnpError(error("yaml-key", "keys must be plain words or numbers", self.loc(key_node)))
            if key in out:
                first = out.key_loc(key)
                raise PnpError(
                    error(
                        "yaml-duplicate-key",
                        f"key '{key}' appears twice (first at line {first.line}): keep one",
                        self.loc(key_node),
                    )
                )
            out[key] = self.build(value_node)
            out.locs[key] = value_node.start_mark
            out.key_locs[key] = key_node.start_mark
        for merge_node in merged:  # `<<: *base` fills keys the mapping did not set itself
            sources = merge_node.value if isinstance(merge_node, yaml.SequenceNode) else [merge_node]
            for source in sources:
                base = self.build(source)
                if not isinstance(base, LocDict):
                    raise PnpError(error("yaml-merge", "'<<' must merge a mapping", self.loc(source)))
                for key, value in base.items():
                    if key not in out:
                        out[key] = value
                        out.locs[key] = base.loc_of(key)
                        out.key_locs[key] = base.key_loc(key)
        return out
