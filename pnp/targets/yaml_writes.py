"""New keys written into a YAML file beside one already there, every other character of the file as it was.

`pnp translate import` writes `name@de` and `name@de~src` beside `name`: in a block
mapping as lines of their own below `name`'s value, at its indentation; in a flow
mapping (`{id: dragon, name: Dragon}`) as pairs right after `name`'s. Values are
plain where they read back as the same text, else double-quoted with every
character a YAML reader refuses escaped. The caller reads the result back before
writing it (pnp.targets.translate_import).
"""
from __future__ import annotations

import re

from pnp.core.errors import Loc
from pnp.data.source import NumberTooLong, typed_scalar


def scalar(text: str) -> str:
    """`text` as a block mapping's YAML scalar: plain where it reads back as the same text, else double-quoted."""
    plain = (text.isprintable() and re.fullmatch(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`].*", text) and ": " not in text and " #" not in text
             and not text.endswith((" ", ":")) and reads_as_itself(text))
    return text if plain else quoted(text)


MERGE_KEY = "<<"  # YAML's merge key: a reader takes it written plain as a merge wherever it stands (pnp's refuses it as a value)


def reads_as_itself(text: str) -> bool:
    """Whether `text` written as a plain scalar reads back as that text: neither a number, boolean or null
    (`typed_scalar`) nor the merge key, which no plain writing of a translator's `<<` may become."""
    try:
        return text != MERGE_KEY and typed_scalar(text) == text
    except NumberTooLong:  # a whole number past the digits pnp reads: still a number, so quoted to stay the text typed
        return False


def quoted(text: str) -> str:
    """`text` double-quoted, every character a YAML reader refuses or reads as a line break escaped."""
    return '"' + "".join(_escaped(c) for c in text) + '"'


def _escaped(c: str) -> str:
    if c in '"\\':
        return "\\" + c
    if c.isprintable() and c not in "\u2028\u2029\x85":
        return c
    return f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}"


def flow_scalar(text: str) -> str:
    """`text` inside a `{…}` or `[…]`: plain only for words and spaces (a comma or bracket would end it), else quoted."""
    plain = re.fullmatch(r"[^\W\d_](?:[\w .!?’'()-]*[\w.!?’')])?", text) and reads_as_itself(text)
    return text if plain else quoted(text)


def flow_value(text: str, listed: bool) -> str:
    """A translation as a flow value: a list one item a line of `text`, as `[a, b]`."""
    if listed:
        return "[" + ", ".join(flow_scalar(item.strip()) for item in text.split("\n") if item.strip()) + "]"
    return flow_scalar(text)


def block_lines(tkey: str, dkey: str, text: str, digest: str, indent: str, listed: bool) -> list[str]:
    """The lines of `tkey` (its value `text`, a list one item a line when `listed`) and `dkey: digest` at `indent`."""
    if listed:
        lines = [f"{indent}{tkey}:"] + [f"{indent}  - {scalar(item.strip())}" for item in text.split("\n") if item.strip()]
    else:
        lines = [f"{indent}{tkey}: {scalar(text)}"]
    return [*lines, f"{indent}{dkey}: {digest}"]


def key_span(lines: list[str], loc: Loc) -> tuple[int, int]:
    """The lines a block key at `loc` and its value take: its own, then every line below indented past the key or,
    for a list written at the key's own indent (`key:` then `- a`, as editors write it), starting with its `- `.
    A blank line, or a comment no deeper than the key, is the value's only where a line of the value follows it."""
    start, indent = loc.line - 1, loc.col - 1
    end = start + 1
    for i in range(start + 1, len(lines)):
        text = lines[i].lstrip(" \t")  # a quoted value's next line may start with a tab after the indent
        depth = len(lines[i]) - len(text)
        if (depth > indent and text.strip()) or (depth == indent and re.match(r"-(\s|$)", text)):
            end = i + 1
        elif text.strip() and not text.startswith("#"):
            break
    return start, end


def is_flow(lines: list[str], loc: Loc) -> bool:
    """Whether the mapping written at `loc` is a `{…}` one."""
    return 0 < loc.line <= len(lines) and lines[loc.line - 1][loc.col - 1:loc.col] == "{"


def value_end(line: str, start: int) -> int | None:
    """Where the flow value starting at `start` of `line` ends (just past it), or None when it runs past the line."""
    first = line[start:start + 1]
    if first in ('"', "'"):
        i = start + 1
        while i < len(line):
            if first == '"' and line[i] == "\\":
                i += 2
                continue
            if line[i] == first:
                if first == "'" and line[i + 1:i + 2] == "'":
                    i += 2
                    continue
                return i + 1
            i += 1
        return None
    if first in ("[", "{"):
        return _bracket_end(line, start)
    end = re.compile(r"[^,\]}]*").match(line, start).end()
    comment = line.find(" #", start, end)
    end = comment if comment != -1 else end
    return start + len(line[start:end].rstrip())


def _bracket_end(line: str, start: int) -> int | None:
    return next((i + 1 for i, depth in _brackets(line, start) if depth == 0), None)


def in_flow(line: str, start: int) -> bool:
    """Whether column `start` of `line` lies inside a `{…}` or `[…]` opened on the line before it."""
    depths = [depth for _, depth in _brackets(line[:start], 0)]
    return bool(depths) and depths[-1] > 0


def _brackets(line: str, start: int):
    """(where, the depth after it) of each bracket of `line` from `start` that lies outside quotes."""
    depth, quote, i = 0, "", start
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "[{]}":
            depth += 1 if c in "[{" else -1
            yield i, depth
        i += 1


def _pair(lines: list[str], mapping, key: str) -> tuple[int, int, int] | None:
    """(line, start of the key, end of its value) of a pair of a flow mapping written on one line, or None."""
    at, value = mapping.key_loc(key), mapping.loc_of(key)
    if at.line != value.line:
        return None
    end = value_end(lines[at.line - 1], value.col - 1)
    return None if end is None else (at.line - 1, at.col - 1, end)


def flow_changes(lines: list[str], mapping, key: str, tkey: str, dkey: str, value: str, digest: str) -> list[tuple[int, int, int, str]] | None:
    """The changes, (line, start, end, new text), that set `tkey: value` and `dkey: digest` right after `key`'s pair of
    a flow mapping (in place of those pairs where they are there already); None where a pair runs over several lines."""
    pairs = f"{tkey}: {value}, {dkey}: {digest}"
    source = _pair(lines, mapping, key)
    if source is None:
        return None
    if tkey not in mapping:
        found = [(source[0], source[2], source[2], f", {pairs}")]
    else:
        own = _pair(lines, mapping, tkey)
        if own is None:
            return None
        found = [(own[0], own[1], own[2], pairs)]
    if dkey in mapping:
        old = _pair(lines, mapping, dkey)
        if old is None:
            return None
        found.append((old[0], *_pair_removed(lines[old[0]], old[1], old[2])))
    return found


def _pair_removed(line: str, start: int, end: int) -> tuple[int, int, str]:
    """(start, end, "") taking out the pair at `start:end` of a flow mapping with its comma: the one before it, or
    for the mapping's first pair the one after it, so that `{a: 1, b: 2}` keeps its shape either way."""
    comma = line.rfind(",", 0, start)
    if comma != -1:
        return comma, end, ""
    after = re.compile(r"\s*,\s*").match(line, end)
    return start, after.end() if after else end, ""
