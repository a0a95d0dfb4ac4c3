"""Benchmark: every print target of every game, with sizes and times.

For each game: card sheets (duplex, gutterfold, ink saver; letter) and the
three exports (png at 300 dpi with 1/8 in bleed, tts, pod), plus the ink
coverage of each deck with and without the ink saver. Writes into a scratch
copy of the project so the real output/ is left alone. Usage:
    python bench/targets.py [GAME ...]      (default: every game in data/)
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(root: Path, *args: str) -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pnp", "--root", str(root), *args], capture_output=True, text=True)
    return time.perf_counter() - started, proc


def folder_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path] if path.exists() else []
    return len(files), sum(p.stat().st_size for p in files)


def coverage(pdf: Path, dpi: int = 40) -> float:
    """Mean darkness of the rasterised pages: 0 white paper, 1 solid black."""
    import numpy as np
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        values = [1 - np.asarray(doc[i].render(scale=dpi / 72).to_pil().convert("L"), dtype=float).mean() / 255 for i in range(len(doc))]
    finally:
        doc.close()
    return float(sum(values) / len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "project"
        root.mkdir()
        for name in ("data", "templates", "fonts"):
            if (ROOT / name).exists():
                shutil.copytree(ROOT / name, root / name)
        games = args.games or sorted(p.name for p in (root / "data").iterdir() if (p / "game.yaml").is_file())
        listing = json.loads(run(root, "list", "--format", "json")[1].stdout or "[]")
        for game in games:
            print(f"== {game}")
            for label, extra in (("duplex", []), ("gutterfold", ["--layout", "gutterfold"]), ("ink saver", ["--ink-saver"])):
                seconds, proc = run(root, "build", game, "--only", "cards", "--no-validate", "-q", "--out", str(root / "output" / label.replace(" ", "-")), *extra)
                pdf = root / "output" / label.replace(" ", "-") / game / f"{game}-cards.pdf"
                if proc.returncode:
                    print(f"  {label:11} FAILED: {proc.stderr.strip().splitlines()[-1:]}")
                    continue
                pages = len(__import__("pypdfium2").PdfDocument(str(pdf)))
                print(f"  {label:11} {pages:4} pages  {pdf.stat().st_size / 1024:8.0f} KB  {seconds:6.2f} s")
            for fmt in ("png", "tts", "pod"):
                seconds, proc = run(root, "export", game, "--format", fmt, "--no-validate")
                if proc.returncode:
                    print(f"  {fmt:11} FAILED: {proc.stderr.strip().splitlines()[-3:]}")
                    continue
                count, size = folder_size(root / "output" / game / fmt)
                print(f"  {fmt:11} {count:4} files  {size / 1024:8.0f} KB  {seconds:6.2f} s")
                for line in proc.stdout.splitlines()[1:]:
                    print(f"  {'':11} {line.strip()}")
            decks = [d["id"] for row in listing if row["game"] == game for d in row["decks"]]
            for deck in decks:
                values = []
                for flag in ([], ["--ink-saver"]):
                    out = root / "output" / f"cov{len(flag)}"
                    _, proc = run(root, "build", game, "--only", "cards", "--deck", deck, "--no-validate", "-q", "--out", str(out), *flag)
                    if proc.returncode:
                        break
                    values.append(coverage(out / game / f"{game}-cards.pdf"))
                if len(values) == 2:
                    print(f"  ink {deck:16} coverage {values[0]:.3f} -> {values[1]:.3f}  (-{1 - values[1] / values[0]:.0%})")


if __name__ == "__main__":
    main()
