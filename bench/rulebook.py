"""Benchmark: typeset a generated ~20-page rulebook end to end; print seconds, pages and PDF size.

The rulebook has chapters of paragraphs with Jinja facts, bulleted and
numbered lists, tables, examples in block quotes, inline icons and card
figures drawn from a deck's layout. Usage:
    python bench/rulebook.py [CHAPTERS ...]   (default: 16, 20 pages)
    python bench/rulebook.py --booklet 16     (also the folded booklet)
Each size runs in a fresh process.
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
SENTENCE = ("On your turn you may play one card of the colour shown on the table, then draw until you hold "
            "**{{ game.start.hand }}** cards again; a card marked :star: scores *twice* at the end of the round. ")


def make_project(folder: Path, chapters: int) -> None:
    (folder / "data/bench/decks").mkdir(parents=True)
    (folder / "templates/bench/icons").mkdir(parents=True)
    (folder / "data/bench/game.yaml").write_text(
        "title: Bench\npitch: A generated rulebook for timing the typesetter.\nplayers: {min: 2, max: 5}\nage: 10\nplay_time: 45\n"
        "start: {hand: 5}\n"
        'palette: {ink: "#222222", paper: "#ffffff", accent: "#8a2be2", red: "#c0392b", blue: "#2e6da4", green: "#3c8d40", gold: "#d4a017"}\n'
    )
    lines = ["name: Actions", "size: poker", "front: bench/front.j2", "back: bench/back.j2", "cards:"]
    for i in range(40):
        lines.append(f'  - {{id: c{i}, count: {1 + i % 3}, title: "Action {i}", colour: {COLOURS[i % 4]}, text: "Gain **{i % 7 + 1}** coins :star:."}}')
    (folder / "data/bench/decks/actions.yaml").write_text("\n".join(lines) + "\n")
    (folder / "templates/bench/front.j2").write_text(
        '{{ rect(0, 0, face.w, 14, fill=card.colour) }}\n'
        '{{ text("**" ~ card.title ~ "**", 4, 3, face.w - 8, 8, size=12, color="#ffffff", align="center", valign="middle") }}\n'
        '{{ text(card.text, 5, 20, face.w - 10, 30, size=9) }}\n'
    )
    (folder / "templates/bench/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="ink") }}\n')
    (folder / "templates/bench/icons/star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l3 7h7l-6 5 2 8-6-5-6 5 2-8-6-5h7z" fill="#000"/></svg>'
    )
    parts = ["---\nsubtitle: Generated rules\n---\n", "# Components\n\n{{ components() }}\n"]
    for c in range(1, chapters + 1):
        parts.append(f"# Chapter {c}\n\n" + SENTENCE * 5 + "\n\nThere are {{ decks.actions.total }} action cards, "
                     "{{ decks.actions.by.colour.red }} of them red.\n")
        parts.append(f"## Steps of chapter {c}\n\n" + "".join(f"{n}. Step {n}: " + SENTENCE + "\n" for n in range(1, 5)))
        parts.append("\n- A rule & an exception <like this>.\n- Another rule with :star: in it.\n  - A nested detail.\n")
        parts.append("\n| Card | Effect | Points |\n| --- | --- | ---: |\n" + "".join(f"| Action {n} | " + SENTENCE[:80] + f" | {n} |\n" for n in range(5)))
        parts.append("\n> **Example.** " + SENTENCE * 2 + "\n")
        if c % 3 == 0:
            parts.append(f'\n![Action {c}](card:actions/c{c} "40") ![Action {c + 1}](card:actions/c{c + 1} "40")\n')
        parts.append("\n" + SENTENCE * 4 + "\n")
    (folder / "data/bench/rulebook.md").write_text("\n".join(parts))


def child(folder: str, booklet: bool) -> None:
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.outputs.options import Options
    from pnp.pipeline.build import build_game

    project = Project(Path(folder))
    started = time.perf_counter()
    game, findings = project.load_game("bench")
    assert game is not None, findings
    outputs, findings = build_game(Engine(project).for_game(game), Options(out=Path(folder) / "output", only=("rulebook",), booklet=booklet))
    seconds = time.perf_counter() - started
    assert not [f for f in findings if f.severity == "error"], findings
    print(json.dumps({"seconds": seconds, "files": [{"name": o.path.name, "pages": o.pages, "bytes": o.size} for o in outputs]}))


def measure(chapters: int, booklet: bool) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        make_project(Path(tmp), chapters)
        args = [sys.executable, __file__, "--child", tmp] + (["--booklet"] if booklet else [])
        out = subprocess.run(args, capture_output=True, text=True, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("chapters", nargs="*", type=int, default=[16])
    parser.add_argument("--booklet", action="store_true")
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.booklet)
        return
    print(f"{'chapters':>8} {'seconds':>8}  file (pages, KB)")
    for n in args.chapters:
        r = measure(n, args.booklet)
        files = ", ".join(f"{f['name']} ({f['pages']} pages, {f['bytes'] / 1024:.0f} KB)" for f in r["files"])
        print(f"{n:>8} {r['seconds']:>8.2f}  {files}")


if __name__ == "__main__":
    main()
