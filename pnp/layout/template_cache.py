"""Compiled templates and their syntax trees, kept across runs in the build cache's folder.

A rebuild then skips Jinja's parser and compiler: the checks read the kept
facts of each template (pnp.layout.template_facts), the renders run the kept code. Every entry is keyed by what
shapes it (Jinja, Python, the environment's options and pnp's sandbox code),
and sealed with the user's key: both kinds run code as they load.
"""
from __future__ import annotations

import hashlib
import sys
from contextlib import suppress
from pathlib import Path

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
    return hashlib.sha256(repr(settings).encode() + Path(__file__).read_bytes() + Path(sandbox.__file__).read_bytes()
                          + Path(template_facts.__file__).read_bytes()).hexdigest()
