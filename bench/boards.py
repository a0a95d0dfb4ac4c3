"""Benchmark: a 600 × 600 mm board with a 40-space loop, tiled on Letter and on A4, and 500 tokens.

Prints seconds and PDF size for each; each runs end to end (load, render, write) in a fresh process.
Target on the development machine: under 0.3 s for the board and under 0.3 s for the tokens.
Usage: python bench/boards.py
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ["red", "blue", "green", "gold"]


def make_project(folder: Path) -> None:
    (folder / "data/bench").mkdir(parents=True)
    (folder / "templates/bench").mkdir(parents=True)
    (folder / "data/bench/game.yaml").write_text(
        "title: Bench\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\n"
        'palette: {ink: "#222222", paper: "#fffdf7", red: "#c0392b", blue: "#2e6da4", green: "#3c8d40", gold: "#d4a017"}\n'
    )
    spaces = "\n".join(f'      - {{name: "Space {i}", price: {20 + 10 * i}, color: {COLOURS[i % 4]}}}' for i in range(40))
    (folder / "data/bench/boards.yaml").write_text(
        "boards:\n  - id: big\n    name: Big board\n    size: 600 x 600\n    template: bench/board.j2\n"
        f"    corner: 80\n    per_side: 9\n    spaces:\n{spaces}\n"
    )
    (folder / "templates/bench/board.j2").write_text(
        '{{ rect(0, 0, face.w, face.h, fill="paper") }}\n'
        "{% for s in loop_spaces(0, 0, face.w, face.h, board.per_side, board.corner) %}\n"
        "{% set sp = board.spaces[s.index] %}\n"
        "{% call group(x=s.ox, y=s.oy, rotate=s.rotate) %}\n"
        '{{ rect(0, 0, s.lw, s.lh, fill="#ffffff", stroke="ink", stroke_width=0.5) }}\n'
        "{{ rect(0, 0, s.lw, 14, fill=sp.color) }}\n"
        '{{ text("**" ~ sp.name ~ "**", 2, 18, s.lw - 4, 24, size=11, align="center", valign="middle") }}\n'
        '{{ text(sp.price ~ " :star:", 2, s.lh - 16, s.lw - 4, 12, size=11, align="center", valign="middle") }}\n'
        "{% endcall %}\n{% endfor %}\n"
        '{{ text("**Big Board**", 100, 250, 400, 60, size=72, color="red", align="center", valign="middle") }}\n'
        '{{ track(1, 50, 120, 340, 360, 120, cols=10, fill="#ffffff") }}\n'
    )
    sets = [
        ("coins", "circle", "20", [f"{{id: v{v}, value: {v}, count: 40}}" for v in (1, 2, 5, 10, 20)], ""),
        ("pawns", "hexagon", "16", [], "count: 25\n    colors: [red, blue, green, gold]\n"),
        ("tiles", "square", "18", [f"{{id: n{n}, value: {n}, count: 1}}" for n in range(100)], ""),
        ("notes", "rectangle", "40 x 20", [f"{{id: m{v}, value: {v}, count: 25}}" for v in (1, 5, 10, 50)], ""),
    ]
    lines = ["tokens:"]
    for sid, shape, size, items, extra in sets:
        lines.append(f"  - id: {sid}\n    name: {sid.title()}\n    shape: {shape}\n    size: {size}\n    front: bench/token.j2\n    back: bench/token-back.j2\n    {extra}".rstrip())
        if items:
            lines.append("    items:\n" + "\n".join(f"      - {i}" for i in items))
    (folder / "data/bench/tokens.yaml").write_text("\n".join(lines) + "\n")
    (folder / "templates/bench/token.j2").write_text(
        '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill=token.get("color", "gold")) }}\n'
        '{{ text("**" ~ token.get("value", "P") ~ "**", 2, 2, face.w - 4, face.h - 4, size=12, color="paper", align="center", valign="middle") }}\n'
    )
    (folder / "templates/bench/token-back.j2").write_text(
        '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="ink") }}\n'
        '{{ icon("star", face.w / 2 - 3, face.h / 2 - 3, 6, color="paper") }}\n'
    )
    icons = folder / "templates/icons"
    icons.mkdir()
    (icons / "star.svg").write_text((ROOT / "templates/icons/star.svg").read_text())


def child(folder: str, kind: str, paper: str) -> None:
    from pnp.data.project import Project
    from pnp.outputs.boards import build_boards
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options
    from pnp.outputs.tokens import build_tokens

    started = time.perf_counter()
    project = Project(Path(folder))
    game, findings = project.load_game("bench")
    assert game is not None, findings
    engine = Engine(project)
    files, findings = (build_boards if kind == "boards" else build_tokens)(engine.for_game(game), Options(paper=paper))
    seconds = time.perf_counter() - started
    assert not findings, findings
    _name, data, stats = files[0]
    print(json.dumps({"seconds": seconds, "bytes": len(data), "pages": stats["pages"], "pieces": stats["pieces"]}))


def measure(folder: Path, kind: str, paper: str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", str(folder), kind, paper], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--child", nargs=3)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    with tempfile.TemporaryDirectory() as tmp:
        make_project(Path(tmp))
        print(f"{'what':<34} {'paper':<7} {'seconds':>8} {'PDF KB':>8} {'pages':>6} {'pieces':>6}")
        for kind, paper, what in (("boards", "letter", "600 x 600 mm board, 40-space loop"), ("boards", "a4", "600 x 600 mm board, 40-space loop"),
                                  ("tokens", "letter", "500 tokens, 4 shapes, both sides")):
            r = measure(Path(tmp), kind, paper)
            print(f"{what:<34} {paper:<7} {r['seconds']:>8.3f} {r['bytes'] / 1024:>8.0f} {r['pages']:>6} {r['pieces']:>6}")


if __name__ == "__main__":
    main()
