"""Benchmark: a full build of a 100-card game against the rebuild after changing one card's text.

Both run through the CLI in-process (validation included), as a designer runs them.
    python bench/rebuild.py [N]      (default 100 cards)
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cards import make_project

from pnp.cli import main


def timed(root: Path, *args: str) -> float:
    started = time.perf_counter()
    result = CliRunner().invoke(main, ["--root", str(root), "build", "-q", *args])
    assert result.exit_code == 0, result.output
    return time.perf_counter() - started


def run(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        make_project(root, n, 1)
        full = timed(root)
        unchanged = timed(root)
        deck = root / "data/bench/decks/bench.yaml"
        deck.write_text(deck.read_text().replace('title: "Card number 7"', 'title: "Card seven, revised"'))
        one_card = timed(root, "--changed")
        changed = root / "output/bench/bench-changed.pdf"
        print(f"{n} cards: full build {full:.2f} s; unchanged rebuild {unchanged:.2f} s; "
              f"one card changed {one_card:.2f} s (+ changed.pdf {changed.stat().st_size / 1024:.0f} KB)")


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
