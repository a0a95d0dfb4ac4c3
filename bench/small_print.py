"""Measure: the smallest text and the thinnest stroked line each output of the five games prints, read from the PDFs.

A promise of issue 47: lines at least 0.25 pt and text at least 5 pt in every output. Prints one row per PDF, with how
many glyphs and strokes fall short (tests/print_sizes.py reads each page as a viewer does, forms and scaling included).
Usage: python bench/small_print.py [--paper letter|a4]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from print_sizes import smallest  # noqa: E402

MIN_TEXT_PT, MIN_LINE_PT = 5.0, 0.25


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--paper", default="letter")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "pnp", "--root", str(ROOT), "build", "--paper", args.paper, "--out", out, "-q"],
                       check=False, capture_output=True, env=os.environ)
        print(f"{'output':<40} {'min text pt':>11} {'< 5 pt':>7} {'min line pt':>11} {'< 0.25 pt':>9}")
        for pdf in sorted(Path(out).rglob("*.pdf")):
            found = smallest(pdf)
            text, line = found.min_text(), found.min_line()
            small = sum(1 for t in found.text if t[0] < MIN_TEXT_PT)
            thin = sum(1 for w, _ in found.lines if w < MIN_LINE_PT)
            print(f"{pdf.name:<40} {text[0] if text else 0:>11.2f} {small:>7} {line[0] if line else 0:>11.3f} {thin:>9}")


if __name__ == "__main__":
    main()
