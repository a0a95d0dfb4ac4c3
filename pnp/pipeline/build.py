"""Build a game's outputs: reuse what did not change, render the rest, then write each PDF atomically.

Everything is rendered (and so checked) before the first file is written; a
game with errors writes nothing and keeps its previous outputs.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.core.collector import paused
from pnp.core.errors import Finding
from pnp.core.files import remove_stale_temporaries, write_atomic
from pnp.outputs.boards import build_boards
from pnp.outputs.cards import build_cards
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.outputs.reference import build_reference
from pnp.outputs.rulebook import build_rulebook
from pnp.outputs.tokens import build_tokens
from pnp.pipeline.cache import GameCache, cache_path, face_hash, output_key, shared_inputs_hash

# Builders of the outputs beyond card sheets, by kind; each returns ([(file name, bytes, stats)], findings).
DOCUMENT_BUILDERS = (("boards", build_boards), ("tokens", build_tokens), ("reference", build_reference), ("rulebook", build_rulebook))


@dataclass
class Output:
    path: Path
    pages: int
    pieces: int
    size: int
    reused: bool = False


def _options_text(options: Options) -> str:
    """The options that change what an output looks like, for cache keys."""
    keep = ("paper", "duplex", "bleed", "gutter", "ink_saver", "decks", "cards", "booklet", "board_paper", "suffix", "layout", "fold_rotation", "back_offset", "printable_mm")
    return repr([(k, getattr(options, k)) for k in keep])


@paused
def build_game(gctx: GameContext, options: Options) -> tuple[list[Output], list[Finding]]:
    """Build every output of one game, reusing those whose inputs did not change; write nothing if any has errors."""
    game = gctx.game
    out_dir = options.out / game.slug
    store = cache_path(options.out, game.slug)
    cache = GameCache.load(store)
    shared = shared_inputs_hash(gctx.project)
    opts = _options_text(options)
    kinds = [("cards", lambda g, o: build_cards(g, o, cache.faces, face_hash))] if game.decks else []
    kinds += list(DOCUMENT_BUILDERS)
    pending, outputs, findings, records = [], [], [], []
    for kind, builder in kinds:
        if options.only and kind not in options.only:
            continue
        key = output_key(game, kind, shared, opts)
        reused = cache.reusable(kind, key, out_dir)
        if reused is not None:
            stats = cache.outputs[kind].get("stats", {})
            outputs += [Output(p, stats.get(p.name, {}).get("pages", 0), stats.get(p.name, {}).get("pieces", 0), p.stat().st_size, reused=True) for p in reused]
            continue
        files, found = builder(gctx, options)
        findings += found
        files = [(_named(name, options), data, stats) for name, data, stats in files]
        pending += files
        records.append((kind, key, files))
    if any(f.severity == "error" for f in findings):
        return [], findings
    remove_stale_temporaries(out_dir)
    for name, data, stats in pending:
        path = out_dir / name
        write_atomic(path, data)
        outputs.append(Output(path, stats.get("pages", 0), stats.get("pieces", 0), len(data)))
    for kind, key, files in records:
        kept = [(n, d, s) for n, d, s in files if not n.startswith(f"{game.slug}-changed")]
        cache.record(kind, key, {n: d for n, d, _ in kept})
        cache.outputs[kind]["stats"] = {n: {"pages": s.get("pages", 0), "pieces": s.get("pieces", 0)} for n, _, s in kept}
        for _, _, stats in kept:
            cache.faces.update(stats.get("faces", {}))
    if records:
        cache.save(store)
    return outputs, findings


def _named(name: str, options: Options) -> str:
    if not options.suffix:
        return name
    stem, _, ext = name.rpartition(".")
    return f"{stem}{options.suffix}.{ext}"
