#!/usr/bin/env python3
"""How many lines of pnp exist only for speed: issue #77's "speed-only code fewer lines than today, counted the same
way before and after".

usage: python bench/speed_code.py [--root CHECKOUT]

Each mechanism of docs/performance.md's register is listed below by the code that is there only for it: a whole
module (`pnp/pipeline/steady.py`), or a function, class or method in one (`pnp/pipeline/cache.py:FaceStore`,
`pnp/pipeline/session.py:Session.engine`). A definition's lines are counted from the Python syntax tree, decorators
and docstring included, so a reformatting moves the figure only as much as it moves the code. Run it on two checkouts
(`--root`) to compare: a name a checkout does not have counts 0 and is printed, so a mechanism removed shows as gone
rather than failing. The same list counts both, which is what "the same way" asks; when a mechanism moves to other
code, change its entry here in the same commit.
"""
from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# mechanism (the register's `--without` name, or its row) -> the code that exists only for it
SPEED_ONLY: dict[str, list[str]] = {
    "build-cache": ["pnp/pipeline/cache.py:output_key", "pnp/pipeline/cache.py:GameCache"],
    "results": ["pnp/pipeline/results.py", "pnp/pipeline/card_digest.py", "pnp/core/kept.py:KeptResults",
                "pnp/pipeline/readable.py:deck_contrast", "pnp/pipeline/readable.py:piece_contrast"],
    "face-store": ["pnp/pipeline/cache.py:FaceStore"],
    "kept-parses": ["pnp/core/kept.py:KeptParses", "pnp/core/kept.py:prune", "pnp/layout/fonts.py:_registered",
                    "pnp/layout/fonts.py:_parsed", "pnp/render/drawn.py:DrawnIcon"],
    "ink-pages": ["pnp/pipeline/build.py:measure_ink", "pnp/render/page_keys.py:PageKeys", "pnp/render/ink.py:_first_of_each"],
    "ink-halves": ["pnp/render/ink.py:_measured_in_halves"],
    "ink-colours": ["pnp/render/ink.py:colour_coverage", "pnp/render/ink.py:bitmap_coverage", "pnp/render/ink.py:colour_sums", "pnp/render/ink.py:_terms",
                    "pnp/render/ink.py:Alike", "pnp/render/ink.py:_Bands", "pnp/render/ink.py:_shared", "pnp/render/page_keys.py:_footer_depth",
                    "pnp/render/ink.py:_single"],
    "rulebook-guess": ["pnp/pipeline/build.py:_last_stats"],
    "deck-helper": ["pnp/outputs/cards.py:start_deck", "pnp/outputs/deck_helper.py"],
    "warm-workers": ["pnp/pipeline/schedule.py:warm_workers"],
    "weights": ["pnp/pipeline/schedule.py:_weight", "pnp/pipeline/schedule.py:bundled"],
    "template-cache": ["pnp/layout/template_cache.py"],
    "file-digests": ["pnp/core/files.py:KnownByStatus", "pnp/core/files.py:FileDigests"],
    "engine": ["pnp/pipeline/session.py:Session.engine"],
    "drawn": ["pnp/render/drawn.py:DrawnFaces", "pnp/render/drawn.py:RecordingCanvas"],
    "steady": ["pnp/pipeline/steady.py"],
    "keeps": ["pnp/core/memo.py:Keeps", "pnp/core/memo.py:TwoRuns"],
    "held-writes": ["pnp/core/files.py:CacheWrites"],
    "collector paused": ["pnp/core/collector.py"],
    "helper processes": ["pnp/core/processes.py"],
}


def definition_lines(tree: ast.Module, dotted: str) -> int | None:
    """Lines of the definition `dotted` (`name` or `Class.method`) in a module's tree, decorators included; None if absent."""
    body: list[ast.stmt] = tree.body
    node = None
    for part in dotted.split("."):
        node = next((n for n in body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.name == part), None)
        if node is None:
            return None
        body = node.body
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return node.end_lineno - first + 1


def lines_of(root: Path, entry: str) -> int | None:
    """Lines of one entry: a whole module, or `module:definition`."""
    path, _, name = entry.partition(":")
    file = root / path
    if not file.is_file():
        return None
    text = file.read_text(encoding="utf-8")
    if not name:
        return len(text.splitlines())
    return definition_lines(ast.parse(text), name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to count (default: this one)")
    root = parser.parse_args().root
    total = 0
    for mechanism, entries in SPEED_ONLY.items():
        counted = {entry: lines_of(root, entry) for entry in entries}
        lines = sum(n or 0 for n in counted.values())
        total += lines
        gone = [entry for entry, n in counted.items() if n is None]
        print(f"{mechanism:18} {lines:6,}" + (f"   (not there: {', '.join(gone)})" if gone else ""))
    everything = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in (root / "pnp").rglob("*.py"))
    print(f"{'speed-only code':18} {total:6,} lines of {everything:,} in pnp/ ({total / everything:.1%})")


if __name__ == "__main__":
    main()
