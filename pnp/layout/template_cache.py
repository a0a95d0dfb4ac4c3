"""Compiled templates and their syntax trees, kept across runs in the build cache's folder.

A rebuild then skips Jinja's parser and compiler: the checks read the kept
syntax trees, the renders run the kept code. Every entry is keyed by what
shapes it (Jinja, Python, the environment's options and pnp's sandbox code).
"""
from __future__ import annotations

import hashlib
import io
import pickle
import sys
from contextlib import suppress
from pathlib import Path

import jinja2
from jinja2.bccache import FileSystemBytecodeCache

from pnp.core.files import folder_to_write, write_atomic
from pnp.layout import sandbox


class CompiledTemplates(FileSystemBytecodeCache):
    """Compiled templates kept across runs in a folder (the build cache's), so a rebuild skips Jinja's compiler.

    Jinja checks an entry against the template's source (a hash of it) and the
    Python version; the key adds what else shapes the compiled code: Jinja's
    version and the environment's settings and pnp's own template code (the
    sandbox, the syntax options), so an upgrade never runs stale code."""

    def __init__(self, folder: Path, environment_key: str):
        folder_to_write(folder)  # never a linked folder: Jinja writes its entries there itself (LinkedFolder, an OSError)
        super().__init__(str(folder), "%s.jinja")
        self.folder = folder
        self.environment_key = environment_key

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha256(f"{self.environment_key}|{name}|{filename}".encode()).hexdigest()

    def load_bytecode(self, bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # a damaged entry costs one compilation, never the build
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        """Keep a compiled template; a folder removed meanwhile (the build cache deleted during a build) or one that
        cannot be written costs a compilation next time, never the build."""
        with suppress(OSError):
            super().dump_bytecode(bucket)

    def tree(self, env: jinja2.Environment, name: str, source: str, parse) -> jinja2.nodes.Template:
        """Template `name`'s syntax tree for `source`, kept beside its compiled code: a rebuild's checks (which
        templates a template runs, which fields it reads) then parse nothing. `parse()` makes it when none is kept."""
        key = hashlib.sha256(f"{self.environment_key}|tree|{name}|".encode() + source.encode("utf-8")).hexdigest()
        path = self.folder / f"{key}.tree"
        try:
            return _TreeUnpickler(io.BytesIO(path.read_bytes()), env).load()
        except Exception:  # none kept yet, or damaged: parse (a syntax error is raised as ever)
            pass
        tree = parse()
        out = io.BytesIO()
        _TreePickler(out, env).dump(tree)
        with suppress(OSError):
            write_atomic(path, out.getvalue(), durable=False)  # a tree a crash cut short fails to load above: it is parsed again
        return tree

    def text_code(self, env: jinja2.Environment, source: str):
        """The compiled code of a template written inside a data file (a rulebook, a reference section), kept by its
        text, so a rebuild that lays a rulebook out again skips Jinja's compiler as it does for template files."""
        bucket = self.get_bucket(env, "text|" + hashlib.sha256(source.encode("utf-8")).hexdigest(), None, source)
        if bucket.code is None:
            bucket.code = env.compile(source)
            with suppress(OSError):
                self.set_bucket(bucket)
        return bucket.code


class _TreePickler(pickle.Pickler):
    """Pickles a syntax tree without its Environment (every node points at it): the loading run's own goes back in."""

    def __init__(self, file, env):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.env = env

    def persistent_id(self, obj):
        return "environment" if obj is self.env else None


class _TreeUnpickler(pickle.Unpickler):
    def __init__(self, file, env):
        super().__init__(file)
        self.env = env

    def persistent_load(self, pid):
        if pid != "environment":
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self.env


def environment_key(env: jinja2.Environment) -> str:
    """What besides a template's source decides its compiled code: Jinja, Python, the environment's options and this code and the sandbox's."""
    settings = (jinja2.__version__, sys.version, type(env).__qualname__, env.block_start_string, env.block_end_string, env.variable_start_string,
                env.variable_end_string, env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
                env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized, env.is_async,
                sorted(env.extensions), sorted(getattr(env, "intercepted_binops", ())), sorted(getattr(env, "intercepted_unops", ())))
    return hashlib.sha256(repr(settings).encode() + Path(__file__).read_bytes() + Path(sandbox.__file__).read_bytes()).hexdigest()
