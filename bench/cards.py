"""Benchmark: build a synthetic deck of N distinct cards end to end; print cards/s, peak memory, PDF size.

Each card has a coloured header, a title, two lines of rich text with an
inline icon, a corner number and the deck's shared back. Usage:
    python bench/cards.py [N ...]          (default: 96 1000 10000)
    python bench/cards.py --copies 10 96   (96 faces placed 10 times each)
    python bench/cards.py --repeat 5 10000 (median of five builds, and their range)
Each build runs in a fresh process so peak memory is that build's own.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bytecode import compile_bytecode

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ["red", "blue", "green", "gold"]


def make_project(folder: Path, n: int, copies: int) -> None:
    (folder / "data/bench/decks").mkdir(parents=True)
    (folder / "templates/bench").mkdir(parents=True)
    (folder / "data/bench/game.yaml").write_text(
        "title: Bench\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\n"
        'palette: {ink: "#222222", paper: "#ffffff", red: "#c0392b", blue: "#2e6da4", green: "#3c8d40", gold: "#d4a017"}\n'
    )
    lines = ["name: Bench", "size: poker", "front: bench/front.j2", "back: bench/back.j2", "cards:"]
    for i in range(n):
        lines.append(f'  - {{id: c{i}, count: {copies}, title: "Card number {i}", colour: {COLOURS[i % 4]}, '
                     f'text: "Gain **{i % 7 + 1}** coins :star: and draw *one* card.\\nThen discard {i % 3}.", n: {i}}}')
    (folder / "data/bench/decks/bench.yaml").write_text("\n".join(lines) + "\n")
    (folder / "templates/bench/front.j2").write_text(
        '{{ rect(0, 0, face.w, 14, fill=card.colour) }}\n'
        '{{ text("**" ~ card.title ~ "**", 4, 3, face.w - 8, 8, size=12, color="#ffffff", align="center", valign="middle") }}\n'
        '{{ text(card.text, 5, 20, face.w - 10, 30, size=9) }}\n'
        '{{ text(card.n|string, face.w - 15, face.h - 10, 10, 6, size=10, bold=true, align="right") }}\n'
    )
    (folder / "templates/bench/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="ink") }}\n{{ text("Bench", 5, 40, face.w - 10, 10, size=14, color="paper", align="center") }}\n')


def child(folder: str) -> None:
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options
    from pnp.pipeline.build import build_game

    project = Project(Path(folder))
    started = time.perf_counter()
    game, findings = project.load_game("bench")
    engine = Engine(project)
    outputs, findings = build_game(engine.for_game(game), Options(out=Path(folder) / "output"))
    seconds = time.perf_counter() - started
    problems = [f for f in findings if f.severity == "error"]  # a warning (the header bands' slivers across shared cuts) still builds
    assert not problems, problems
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "rss_mb": rss_mb, "bytes": outputs[0].size, "pages": outputs[0].pages}))


def measure(n: int, copies: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        make_project(Path(tmp), n, copies)
        out = subprocess.run([sys.executable, __file__, "--child", tmp], capture_output=True, text=True, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="*", type=int, default=[96, 1000, 10000])
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="builds per size; the median is shown (a shared VM's timings vary by ±20 %%)")
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    compile_bytecode()  # each build's process starts from bytecode, as an installed pnp does
    print(f"{'cards':>7} {'copies':>6} {'seconds':>8} {'cards/s':>8} {'(range)':>13} {'peak MB':>8} {'PDF KB':>8} {'pages':>6}")
    for n in args.sizes:
        runs = sorted((measure(n, args.copies) for _ in range(max(1, args.repeat))), key=lambda r: r["seconds"])
        r = runs[len(runs) // 2]
        total = n * args.copies
        spread = f"{total / runs[-1]['seconds']:.0f}–{total / runs[0]['seconds']:.0f}"
        print(f"{n:>7} {args.copies:>6} {r['seconds']:>8.2f} {total / r['seconds']:>8.0f} {spread:>13} {max(x['rss_mb'] for x in runs):>8.0f} "
              f"{r['bytes'] / 1024:>8.0f} {r['pages']:>6}")


if __name__ == "__main__":
    main()
