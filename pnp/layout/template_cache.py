"""Compiled templates and their syntax trees' facts, kept in the process (`KEPT`) by what shapes them.

A second project, a fresh copy of one or a watch save with a template's same source compiles and parses nothing: the
checks read the kept facts of each template (pnp.layout.template_facts), the renders run the kept code. Every entry
is keyed by the environment's options and by its source's digest, never by its file alone.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from types import CodeType

import jinja2

from pnp.layout.template_facts import TemplateFacts


def environment_key(env: jinja2.Environment) -> str:
    """What besides a template's source decides its compiled code and its facts: the environment's options."""
    settings = (type(env).__qualname__, env.block_start_string, env.block_end_string, env.variable_start_string,
                env.variable_end_string, env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
                env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized, env.is_async,
                sorted(env.extensions), sorted(getattr(env, "intercepted_binops", ())), sorted(getattr(env, "intercepted_unops", ())))
    return hashlib.sha256(repr(settings).encode()).hexdigest()


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
