"""Compiled templates and their syntax trees' facts, kept in the process (`KEPT`) and across runs in the build cache's folder.

A rebuild then skips Jinja's parser and compiler: the checks read the kept
facts of each template (pnp.layout.template_facts), the renders run the kept code. Every entry is keyed by what
shapes it (Jinja, Python, the environment's options and pnp's sandbox code) and by its source's digest;
on disk it is sealed with the user's key: both kinds run code as they load.
"""
from __future__ import annotations

import functools
import hashlib
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from types import CodeType

import jinja2
from jinja2.bccache import BytecodeCache

from pnp.core.files import folder_to_write, write_atomic
from pnp.core.sealed import read_sealed, seal
from pnp.layout import sandbox, template_facts
from pnp.layout.template_facts import TemplateFacts


class CompiledTemplates(BytecodeCache):
    """Compiled templates kept across runs in a folder (the build cache's), so a rebuild skips Jinja's compiler.

    Jinja checks an entry against the template's source (a hash of it) and the
    Python version; the key adds what else shapes the compiled code: Jinja's
    version and the environment's settings and pnp's own template code (the
    sandbox, the syntax options), so an upgrade never runs stale code. An entry
    is marshalled code, which runs as it is loaded: it is loaded only when this
    user's key sealed it (pnp.core.sealed), so a cache shipped with a game runs
    nothing of its author's."""

    def __init__(self, folder: Path, environment_key: str):
        folder_to_write(folder)  # never a linked folder: the entries are written there (LinkedFolder, an OSError)
        self.folder = folder
        self.environment_key = environment_key

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha256(f"{self.environment_key}|{name}|{filename}".encode()).hexdigest()

    def _entry(self, bucket) -> Path:
        return self.folder / f"{bucket.key}.jinja"

    def load_bytecode(self, bucket) -> None:
        """Fill `bucket` from its entry when this user sealed it; a missing, damaged or foreign entry costs one
        compilation, never the build."""
        try:
            data = read_sealed(self._entry(bucket))
            if data is not None:
                bucket.bytecode_from_string(data)
        except Exception:
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        """Keep a compiled template, sealed; a folder removed meanwhile (the build cache deleted during a build) or one
        that cannot be written costs a compilation next time, never the build."""
        with suppress(OSError):
            write_atomic(self._entry(bucket), seal(bucket.bytecode_to_string()), durable=False)

    def facts(self, name: str, source: str, make) -> TemplateFacts:
        """Template `name`'s facts for `source` (pnp.layout.template_facts), kept beside its compiled code: a rebuild's
        checks (which templates a template runs, which fields it reads) then parse nothing. `make()` finds them when
        none are kept. Sealed as the code is: a foreign entry could hide a field's reader or share a back that differs."""
        key = hashlib.sha256(f"{self.environment_key}|facts|{name}|".encode() + source.encode("utf-8")).hexdigest()
        path = self.folder / f"{key}.facts"
        try:
            data = read_sealed(path)
            if data is not None:
                return TemplateFacts.from_json(data)
        except Exception:  # none kept yet, or damaged: found again (a syntax error is raised as ever)
            pass
        facts = make()
        with suppress(OSError):
            write_atomic(path, seal(facts.to_json()), durable=False)  # an entry a crash cut short fails to load above: found again
        return facts

    def text_code(self, env: jinja2.Environment, source: str):
        """The compiled code of a template written inside a data file (a rulebook, a reference section), kept by its
        text, so a rebuild that lays a rulebook out again skips Jinja's compiler as it does for template files."""
        bucket = self.get_bucket(env, "text|" + hashlib.sha256(source.encode("utf-8")).hexdigest(), None, source)
        if bucket.code is None:
            bucket.code = env.compile(source)
            with suppress(OSError):
                self.set_bucket(bucket)
        return bucket.code


def environment_key(env: jinja2.Environment) -> str:
    """What besides a template's source decides its compiled code and its facts: Jinja, Python, the environment's options
    and this code, the sandbox's and the facts' own."""
    settings = (jinja2.__version__, sys.version, type(env).__qualname__, env.block_start_string, env.block_end_string, env.variable_start_string,
                env.variable_end_string, env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
                env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized, env.is_async,
                sorted(env.extensions), sorted(getattr(env, "intercepted_binops", ())), sorted(getattr(env, "intercepted_unops", ())))
    return hashlib.sha256(repr(settings).encode() + _own_code()).hexdigest()


@functools.cache
def _own_code() -> bytes:
    """This module's, the sandbox's and the facts' code, as this process runs it (read once: an edit meanwhile is not run)."""
    return Path(__file__).read_bytes() + Path(sandbox.__file__).read_bytes() + Path(template_facts.__file__).read_bytes()


KEPT_TEMPLATES = 1000  # compiled templates, facts and data files' texts one process keeps, the most recently used (KEPT): the
# five shipped games ask about 200


class ProcessTemplates:
    """What compiling and parsing templates gave, kept for the life of the process by what shapes it (the environment's
    key, the template's name, its source's sha256), never by its file alone: a second project, a fresh copy of one or a
    watch save with a template's same source compiles and parses nothing (each new project compiled its templates again:
    an eighth of a small game's build, and of the test suite's). A compiled template names its file in its code, for
    the line a failure is found at: it is given back naming the file asked for (`_named`). Bounded (KEPT_TEMPLATES):
    a long `pnp watch` sees every version of a template being written."""

    def __init__(self, bound: int = KEPT_TEMPLATES):
        self.bound = bound
        self._kept: OrderedDict[tuple, object] = OrderedDict()
        self._lock = threading.Lock()  # `pnp serve` draws in threads

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: tuple, make: Callable[[], object]):
        """What `make()` gives for `key`, made once while it stays kept; what raises is kept by no one."""
        with self._lock:
            hit = self._kept.get(key)
            if hit is not None:
                self._kept.move_to_end(key)
                return hit
        value = make()
        with self._lock:
            self._kept[key] = value
            while len(self._kept) > self.bound:
                self._kept.popitem(last=False)
        return value

    def forget(self) -> None:
        """Keep nothing more (a test that plays a new process)."""
        with self._lock:
            self._kept.clear()


KEPT = ProcessTemplates()


class KeptTemplates:
    """One environment's view of the process's kept templates (KEPT): its key and what it asks by."""

    def __init__(self, env: jinja2.Environment):
        self.key, self.kept = environment_key(env), KEPT

    def code(self, name: str, filename: str | None, source: str, make: Callable[[], CodeType]) -> CodeType:
        """Template `name`'s code for `source`, naming `filename` as its own (`make()` compiles it)."""
        return _named(self.kept.get((self.key, "code", name, _digest(source)), make), filename)

    def facts(self, name: str, source: str, make: Callable[[], TemplateFacts]) -> TemplateFacts:
        return self.kept.get((self.key, "facts", name, _digest(source)), make)

    def text(self, source: str, make: Callable[[], CodeType]) -> CodeType:
        """The code of a template written inside a data file (named `<template>`, as Jinja's `from_string` names it)."""
        return self.kept.get((self.key, "text", None, _digest(source)), make)


def _digest(source: str) -> bytes:
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).digest()


def _named(code: CodeType, filename: str | None) -> CodeType:
    """`code` (and the code of every function it defines) naming `filename` as the file it was compiled from, as Jinja
    names it: the code Jinja makes of a source is the same in all else, wherever the file lies."""
    filename = "<template>" if filename is None else filename
    if code.co_filename == filename:
        return code
    consts = tuple(_named(c, filename) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)
