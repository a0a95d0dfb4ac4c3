"""Read YAML so that every value remembers its file, line and column.

PyYAML's SafeLoader is YAML 1.1: `NO` becomes false, `0123` becomes 83 and
`12:30` becomes 750, and duplicate keys silently keep the last value. This
loader reads libyaml's parse events and builds values itself with YAML 1.2
core rules, refusing duplicate keys, foreign tags, runaway aliases
and oversized files, each with its position.
"""
from __future__ import annotations

import errno
import math
import os
import re
from pathlib import Path
from typing import ClassVar

import yaml

from pnp.core.errors import Loc, PnpError, error
from pnp.core.files import SpecialFile, open_plain
from pnp.data.located import LocDict, LocList, packed_places, position

MAX_FILE_BYTES = 5_000_000  # a game's biggest deck is a few hundred KB
MAX_VALUES = 200_000  # caps alias expansion ("billion laughs") long before memory suffers
MAX_DEPTH = 100  # lists and mappings inside each other: game data nests five or six deep; Python's own stack ends near 1,000
MAX_DIGITS = 1_000  # digits of a whole number: Python refuses to read one past 4,300 (sys.get_int_max_str_digits)

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def own_yaml(text: str):
    """A YAML file pnp ships itself (its words table), read with libyaml where PyYAML has it: no located values, no
    bounds, which only a designer's files need (`load_yaml`)."""
    return yaml.load(text, Loader=_Base)


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


def _resolver(tag: str, pattern: str, first) -> tuple[str, re.Pattern]:
    """Teach the YAML loader the rule (`first`: the characters a scalar of it starts with) and give it back compiled."""
    compiled = re.compile(pattern, re.X)
    _Core12Loader.add_implicit_resolver(tag, compiled, list(first))
    return tag, compiled


_IMPLICIT = (  # YAML 1.2's core rules, the loader's and, for text that is not YAML (spreadsheet cells), ours
    _resolver("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    _resolver("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    _resolver("tag:yaml.org,2002:int", r"^(?:[-+]?(?:0|[1-9][0-9]*)|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    _resolver(
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:(?:\.[0-9]+|(?:0|[1-9][0-9]*)\.[0-9]*)(?:[eE][-+]?[0-9]+)?|(?:0|[1-9][0-9]*)[eE][-+]?[0-9]+)"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
    _resolver("tag:yaml.org,2002:merge", r"^(?:<<)$", "<"),
)

_STR = "tag:yaml.org,2002:str"
_UNSEEN = object()  # no value yet (a scalar's value may be None)
_SCALARS = frozenset({_STR, "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"})


def _mark_loc(path: str, mark) -> Loc:
    return Loc(path, mark.line + 1, mark.column + 1)


def stands_at(path: Path) -> bool:
    """Whether a game file stands at `path`, to be read or refused: a file, a link, or a named pipe or device (which
    reading refuses by its kind, with a finding, rather than passing over it as absent)."""
    return os.path.lexists(path) and not os.path.isdir(path)


def read_text(file: Path, rel: str, max_bytes: int = MAX_FILE_BYTES, raw: bytes | None = None) -> str:
    """Read a UTF-8 text file (or decode its bytes `raw`, read already), refusing one too big to be a game file or not UTF-8."""
    raw = read_bytes(file, rel, max_bytes) if raw is None else raw
    if len(raw) > max_bytes:
        raise PnpError(error("file-too-big", f"file is {len(raw):,} bytes; the limit is {max_bytes:,}: split it", Loc(rel)))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8")) + 1  # in characters, as an editor counts: all before it is UTF-8
        raise PnpError(error("not-utf8", f"byte 0x{raw[exc.start]:02x} is not UTF-8: save the file as UTF-8", Loc(rel, line, col))) from None


def read_bytes(file: Path, rel: str, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """A game file's bytes, refusing one too big to be a game file, or not a plain file (a named pipe would hang the
    read), before reading it."""
    try:
        with open_plain(file) as f:
            size = os.fstat(f.fileno()).st_size
            if size > max_bytes:
                raise PnpError(error("file-too-big", f"file is {size:,} bytes; the limit is {max_bytes:,}: split it", Loc(rel)))
            return f.read()
    except SpecialFile as exc:
        raise PnpError(error(exc.code, exc.advice(rel, ""), Loc(rel))) from None
    except OSError as exc:
        raise PnpError(error("file-missing", _unread_why(file, exc), Loc(rel))) from None


def _unread_why(file: Path, exc: OSError) -> str:
    """Why a game file that stands (stands_at) could not be read, and what to do: a link left behind when the file it
    names moved away (a game unpacked without it) reads as missing, which says nothing of the link the folder shows."""
    if exc.errno == errno.ENOENT and os.path.islink(file):
        return "this file is a link to a file that is not there: put the file back where the link points, or put the file itself here"
    return f"cannot read this file: {exc.strerror}"


def load_yaml(file: Path, rel: str, raw: bytes | None = None):
    """Load one YAML file (or its bytes `raw`, read already) into LocDict/LocList/scalars, or raise PnpError with the position."""
    text = read_text(file, rel, raw=raw)
    if not text.strip():
        raise PnpError(error("yaml-empty", "file is empty: it should hold a YAML mapping", Loc(rel, 1, 1)))
    try:
        found, value = yaml_document(text, rel)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = _mark_loc(rel, mark) if mark else Loc(rel)
        problem = str(exc.problem or exc.context or "invalid YAML")
        if mark and _tab_near(text, mark):
            problem = "a tab character: YAML indents with spaces only"
        raise PnpError(error("yaml-syntax", f"YAML syntax: {problem}", loc)) from None
    except yaml.YAMLError as exc:
        raise PnpError(error("yaml-syntax", f"YAML syntax: {exc}", Loc(rel))) from None
    if not found:
        raise PnpError(error("yaml-empty", "file holds no data: it should hold a YAML mapping", Loc(rel, 1, 1)))
    return value


def yaml_document(text: str, rel: str) -> tuple[bool, object]:
    """(whether `text` holds a document, its located value) read with the rules of `load_yaml`.

    Raises yaml.MarkedYAMLError for a syntax error, PnpError for what game data may not hold."""
    loader = _Core12Loader(text)
    try:  # each event handed over by libyaml's parser's own method (yaml.parse asks two an event)
        return _Builder(rel, iter(loader.get_event, None)).document()
    finally:
        loader.dispose()


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


class NumberTooLong(ValueError):
    """A whole number of more than MAX_DIGITS digits; the caller knows where it was written."""

    message = f"a whole number of over {MAX_DIGITS:,} digits: shorten it, or keep it as text"


def _scalar_value(tag: str, value: str):
    if tag == _STR:
        return value
    if tag.endswith("null"):
        return None
    if tag.endswith("bool"):
        return value.lower() == "true"
    if tag.endswith("int"):
        if len(value.lstrip("+-")) > MAX_DIGITS:  # its digits: a sign is none
            raise NumberTooLong(value[:20])
        return int(value, 0) if value[:2] in ("0o", "0x") else int(value)
    lowered = value.lower()
    if lowered.endswith("inf"):
        return -math.inf if value.startswith("-") else math.inf
    if lowered.endswith("nan"):
        return math.nan
    return float(value)


def _too_many_values(where: Loc) -> PnpError:
    return PnpError(error("yaml-too-many-values", f"more than {MAX_VALUES:,} values (aliases expanding?): simplify the file", where))


class _Builder:
    """Builds located Python values straight from libyaml's parse events.

    Composing the node graph first (yaml.compose) holds every node and its two
    marks in memory at once, at the top of a large deck's memory; here each event is
    built as it comes and keeps only its packed position (`_pos`). A node with
    an anchor keeps its events, which an alias builds again: an alias is a
    copy, and counts towards MAX_VALUES each time, as a composed alias did. An
    alias whose copy would pass the bound is refused before it is built: an
    alias bomb stops at the alias, not after 200,000 values built one by one."""

    def __init__(self, rel: str, events, replay: bool = False):
        self.rel = rel
        self.events = iter(events)
        # the next event: the stream's own (a C method for libyaml's) while no anchored node is being read, else
        # `_recorded_next` (`build` swaps them): most files have no anchor, and every event passes here
        self.next = self.events.__next__
        self.replay = replay  # building an alias again from its anchor's events: their anchors are known already
        self.values = 0
        self.depth = 0  # lists and mappings open around the node being built
        self.anchors: dict[str, list | None] = {}  # anchor → its node's events (None while the node is being read)
        self.sizes: dict[str, int] = {}  # anchor → how many values its node holds, aliases inside it copied
        self.recording: list[list] = []  # event lists of anchored nodes being read
        self.texts: dict[str, str] = {}  # one object for each distinct text: a deck writes its keys, and many values, on every card
        # (tag, text, implicit) → the value of a scalar with no tag of its own: a deck writes its keys, and many values,
        # on every card, each resolved and typed once
        self.plain: dict[tuple, object] = {}

    def _recorded_next(self):
        """The next event, added to the events of each anchored node being read."""
        event = next(self.events)
        for events in self.recording:
            events.append(event)
        return event

    def document(self) -> tuple[bool, object]:
        """(False, None) when the stream holds no document, else (True, its value); YAML's own error when it holds two."""
        self.next()  # the stream's start
        if isinstance(self.next(), yaml.StreamEndEvent):
            return False, None
        value = self.build(self.next())
        self.next()  # the document's end
        event = self.next()
        if not isinstance(event, yaml.StreamEndEvent):
            raise yaml.composer.ComposerError("expected a single document in the stream", None, "but found another document", event.start_mark)
        return True, value

    def loc(self, event) -> Loc:
        return _mark_loc(self.rel, event.start_mark)

    def build(self, event):
        """The value of the node `event` starts (the rest of its events are read from the stream)."""
        if isinstance(event, yaml.AliasEvent):
            return self.alias(event)
        anchor = event.anchor
        if anchor is None or self.replay:
            return self.node(event)
        if anchor in self.anchors:
            raise yaml.composer.ComposerError("found duplicate anchor", None, f"anchor '{anchor}' is defined twice", event.start_mark)
        self.anchors[anchor] = None
        events = [event]
        self.recording.append(events)
        self.next = self._recorded_next
        before = self.values
        try:
            value = self.node(event)
        finally:
            del self.recording[next(i for i, e in enumerate(self.recording) if e is events)]
            if not self.recording:
                self.next = self.events.__next__
        self.anchors[anchor] = events
        self.sizes[anchor] = self.values - before
        return value

    def alias(self, event):
        if event.anchor not in self.anchors:
            raise yaml.composer.ComposerError(None, None, f"found undefined alias '{event.anchor}'", event.start_mark)
        events = self.anchors[event.anchor]
        if events is None:
            raise PnpError(error("yaml-alias-loop", f"alias '*{event.anchor}' lies inside the node it names: remove it", self.loc(event)))
        if self.values + self.sizes[event.anchor] > MAX_VALUES:
            raise _too_many_values(self.loc(event))
        again = _Builder(self.rel, events[1:], replay=True)
        again.anchors, again.sizes, again.values, again.depth = self.anchors, self.sizes, self.values, self.depth
        value = again.node(events[0])
        self.values = again.values
        return value

    def node(self, event):
        self.values += 1
        if self.values > MAX_VALUES:
            raise _too_many_values(self.loc(event))
        if isinstance(event, yaml.ScalarEvent):
            return self.scalar(event)
        if self.depth >= MAX_DEPTH:
            raise PnpError(error("yaml-too-deep", f"lists and mappings nest over {MAX_DEPTH} deep here: flatten the data", self.loc(event)))
        self.depth += 1
        try:
            return self.sequence(event) if isinstance(event, yaml.SequenceStartEvent) else self.mapping(event)
        finally:
            self.depth -= 1

    @staticmethod
    def tag(event, kind) -> str:
        """The event's tag, resolved as composing would: YAML 1.2 core rules for a plain scalar."""
        tag = event.tag
        if tag is None or tag == "!":
            if kind is not yaml.ScalarNode:  # a list or mapping is one whatever it holds (the loader resolves no paths)
                return _RESOLVER.DEFAULT_MAPPING_TAG if kind is yaml.MappingNode else _RESOLVER.DEFAULT_SEQUENCE_TAG
            tag = _RESOLVER.resolve(kind, event.value, event.implicit)
        return tag

    def scalar(self, event):
        tag = event.tag
        if tag is None or tag == "!":
            if not event.implicit[0]:  # quoted, or tagged '!': text, as resolving says (YAML 1.2 types plain scalars alone)
                return self.texts.setdefault(event.value, event.value)
            key = (tag, event.value, event.implicit)
            value = self.plain.get(key, _UNSEEN)
            if value is _UNSEEN:
                value = self.plain[key] = self.typed(event)
            return value
        return self.typed(event)

    def typed(self, event):
        tag = self.tag(event, yaml.ScalarNode)
        if tag not in _SCALARS:
            raise PnpError(error("yaml-tag", f"tag {tag} is not allowed in game data: remove it", self.loc(event)))
        try:
            value = _scalar_value(tag, event.value)
        except NumberTooLong:
            raise PnpError(error("yaml-number-too-long", f"{NumberTooLong.message} (write it in quotes)", self.loc(event))) from None
        return self.texts.setdefault(value, value) if type(value) is str else value

    def leaf(self, event):
        """The value of a scalar event with no anchor to keep (`build` without its turns): most of a deck's events."""
        self.values += 1
        if self.values > MAX_VALUES:
            raise _too_many_values(self.loc(event))
        return self.scalar(event)

    def start_of(self, event) -> int:
        """Where the node `event` starts: an alias's node starts where its anchor was written."""
        if isinstance(event, yaml.AliasEvent):
            return position(self.anchors[event.anchor][0].start_mark)
        return position(event.start_mark)

    def sequence(self, start):
        tag = self.tag(start, yaml.SequenceNode)
        if tag != "tag:yaml.org,2002:seq":
            raise PnpError(error("yaml-tag", f"tag {tag} is not allowed in game data: remove it", self.loc(start)))
        out = LocList(position(start.start_mark), self.rel)
        locs = out.locs
        while type(event := self.next()) is not yaml.SequenceEndEvent:
            if type(event) is yaml.ScalarEvent and (event.anchor is None or self.replay):
                out.append(self.leaf(event))
                mark = event.start_mark
                locs.append((mark.line << 24) | mark.column)  # _pos, inline: every item passes here
            else:
                out.append(self.build(event))
                locs.append(self.start_of(event))
        return out

    def mapping(self, start):
        tag = self.tag(start, yaml.MappingNode)
        if tag != "tag:yaml.org,2002:map":
            raise PnpError(error("yaml-tag", f"tag {tag} is not allowed in game data: remove it", self.loc(start)))
        out = LocDict(position(start.start_mark), self.rel)
        places = out.places
        merged = []
        while type(key_event := self.next()) is not yaml.MappingEndEvent:
            leaf = type(key_event) is yaml.ScalarEvent and (key_event.anchor is None or self.replay)
            if (type(key_event) is yaml.ScalarEvent and (key_event.value == "<<" or key_event.tag is not None)  # plain `<<`, or tagged !!merge
                    and self.tag(key_event, yaml.ScalarNode) == "tag:yaml.org,2002:merge"):
                merged += self.merge_sources(self.next())
                continue
            key = self.leaf(key_event) if leaf else self.build(key_event)
            if not isinstance(key, (str, int)):
                raise PnpError(error("yaml-key", "a key must be a plain word or a whole number (this one is a decimal, a list, a mapping or"
                                     " empty): put it in quotes to make it a word, or name it with one", self.loc(key_event)))
            if key in out:
                first = out.key_loc(key)
                raise PnpError(error("yaml-duplicate-key", f"key '{key}' appears twice (first at line {first.line}): keep one", self.loc(key_event)))
            if leaf:
                mark = key_event.start_mark
                key_at = (mark.line << 24) | mark.column  # _pos, inline: every key passes here
            else:
                key_at = self.start_of(key_event)
            value_event = self.next()
            if type(value_event) is yaml.ScalarEvent and (value_event.anchor is None or self.replay):
                out[key] = self.leaf(value_event)
                mark = value_event.start_mark
                places[key] = packed_places((mark.line << 24) | mark.column, key_at)
            else:
                out[key] = self.build(value_event)
                places[key] = packed_places(self.start_of(value_event), key_at)
        for source_event, base in merged:  # `<<: *base` fills keys the mapping did not set itself
            if not isinstance(base, LocDict):
                raise PnpError(error("yaml-merge", "'<<' must merge a mapping", self.loc(source_event)))
            for key, value in base.items():
                if key not in out:
                    out[key] = value
                    out.places[key] = base.places[key]  # the reader placed every key of a mapping it built, and its value
        return out

    def merge_sources(self, event) -> list[tuple]:
        """(event, value) of each mapping a `<<` merges: one node, or a sequence of them."""
        if isinstance(event, yaml.SequenceStartEvent):
            self.node_count_only(event)
            sources = []
            while not isinstance(item := self.next(), yaml.SequenceEndEvent):
                sources.append((item, self.build(item)))
            return sources
        return [(event, self.build(event))]

    def node_count_only(self, event) -> None:
        self.values += 1
        if self.values > MAX_VALUES:
            raise _too_many_values(self.loc(event))


_RESOLVER = _Core12Loader("")  # resolves implicit tags as the loader does while composing
