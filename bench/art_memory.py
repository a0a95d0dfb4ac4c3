"""Bench: peak memory of a cold build of a deck whose every card has its own 600-dpi art (issue 74).

A poker card with 3 mm bleed at 600 dpi is about 2100 × 2900 px. The bench makes a project in a temporary folder
whose deck (`cards_from: art/`) holds N such images, each different (a gradient under shapes placed from the card's
number, so PNG squeezes it as it would painted art with flat areas), then runs a cold `pnp build` (and, with
--export, `pnp export FORMAT`) in a child process of its own and prints the child's peak resident memory, read from
resource.getrusage. The figure for 500 cards is in docs/limits.md.

    python bench/art_memory.py [N ...]            (default: 60 500)
    python bench/art_memory.py --export png 60     (an export's peak as well)
    python bench/art_memory.py --format jpeg 500   (JPEG art rather than PNG)
    python bench/art_memory.py --as tokens 40      (the art as a token set's items, one token sheet PDF)
    python bench/art_memory.py --as boards 40      (the art as boards of a card's size, one boards PDF)
    python bench/art_memory.py --export pod 40     (`pnp export --format pod`: one print-on-demand PDF per component)
    python bench/art_memory.py --no-build --export pcio --export vtt 40   (the browser tables' files: every face's image zipped)
    python bench/art_memory.py --as rulebook 40    (the art as a rulebook's figures, one a page: `pnp build --only rulebook`)
    python bench/art_memory.py --against /tmp/main-checkout 40   (each run also with that checkout's pnp, alternating)
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ART_PX = (2100, 2900)  # a poker card with 3 mm bleed at 600 dpi: (63.5 + 6) × (88.9 + 6) mm


def art(i: int, size: tuple[int, int] = ART_PX, grain: float = 0.0):
    """The i-th card's picture: a gradient (its colours from i) under a few discs and bands placed from i, flat as a
    drawn illustration; with `grain` (0–1) that much of a noise blended in, as a painting or a photograph has."""
    from PIL import Image, ImageDraw

    w, h = size
    img = Image.linear_gradient("L").resize((w, h)).convert("RGB")
    tint = Image.new("RGB", (w, h), ((37 * i) % 256, (91 * i) % 256, (151 * i) % 256))
    img = Image.blend(img, tint, 0.5)
    draw = ImageDraw.Draw(img)
    for k in range(6):
        x, y, r = (i * 131 + k * 347) % w, (i * 71 + k * 509) % h, 120 + (i * 17 + k * 53) % 400
        draw.ellipse((x - r, y - r, x + r, y + r), fill=((i + k * 40) % 256, (i * 3 + k * 20) % 256, (200 - k * 30) % 256))
        draw.rectangle((0, (y + k * 97) % h, w, (y + k * 97) % h + 40), fill=((k * 50) % 256, (i * 5) % 256, 90))
    return Image.blend(img, Image.effect_noise((w, h), 60).convert("RGB"), grain) if grain else img


POKER_MM = "63.5 x 88.9"  # the art's trim, whichever piece it is drawn on: the same pixels a mm as the cards'
KINDS = ("cards", "tokens", "boards", "rulebook")


def make_project(folder: Path, n: int, fmt: str = "png", size: tuple[int, int] = ART_PX, grain: float = 0.0, kind: str = "cards") -> None:
    """A project with one game, `art`, whose N pictures, each its own, are drawn on N pieces of `kind`: a deck's cards
    (`cards_from: data/art/decks/art/`), a token set's items, boards of a poker card's size (on shared pages), or a
    rulebook's figures (`![Figure i](data/art/decks/art/card-i.png "60")`, each a paragraph of its own, no deck)."""
    images = folder / "data/art/decks/art"
    images.mkdir(parents=True)
    (folder / "templates/art").mkdir(parents=True)
    (folder / "data/art/game.yaml").write_text('title: Art\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\n'
                                               'palette: {ink: "#222222", paper: "#ffffff"}\n')
    suffix = {"png": "png", "jpeg": "jpg"}[fmt]
    names = [f"card-{i:04d}.{suffix}" for i in range(n)]
    bled = '-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fit="cover") }}\n'
    if kind == "cards":
        (folder / "data/art/decks/art.yaml").write_text("name: Art\nsize: poker\nfront: art/front.j2\nback: art/back.j2\ncards_from: art/\n")
        (folder / "templates/art/front.j2").write_text("{{ image(card.image, " + bled)
        (folder / "templates/art/back.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="ink") }}\n')
    elif kind == "tokens":
        items = "".join(f"      - {{id: t{i:04d}, art: data/art/decks/art/{name}}}\n" for i, name in enumerate(names))
        (folder / "data/art/tokens.yaml").write_text(f"tokens:\n  - id: art\n    name: Art\n    shape: rectangle\n    size: {POKER_MM}\n"
                                                     f"    front: art/token.j2\n    items:\n{items}")
        (folder / "templates/art/token.j2").write_text("{{ image(token.art, " + bled)
    elif kind == "rulebook":
        figures = "".join(f"## Figure {i}\n\n![Figure {i}](data/art/decks/art/{name} \"60\")\n\n" for i, name in enumerate(names))
        (folder / "data/art/rulebook.md").write_text("# Art\n\n" + figures)
    else:
        boards = "".join(f"  - {{id: b{i:04d}, name: Board {i}, size: {POKER_MM}, template: art/board.j2, art: data/art/decks/art/{name}}}\n"
                         for i, name in enumerate(names))
        (folder / "data/art/boards.yaml").write_text("boards:\n" + boards)
        (folder / "templates/art/board.j2").write_text("{{ image(board.art, " + bled)
    for i, name in enumerate(names):
        picture = art(i, size, grain)
        picture.save(images / name, **({"quality": 90} if fmt == "jpeg" else {"compress_level": 1}))


CHILD = """
import atexit, resource, sys
def _peak():
    kb = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print("PEAK_KB", kb, file=sys.stderr)
atexit.register(_peak)
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import run
run()
"""


def peak_of(folder: Path, *args: str, cap_bytes: int | None = None, root: Path = ROOT) -> tuple[float, float, int, str]:
    """(peak resident MB, processor seconds, exit status, output) of `pnp ARGS` run cold in a child process of its
    own, with the pnp of checkout `root`; with `cap_bytes` under that address-space cap. Processor time (user + sys of
    the child and its helpers), not the clock's: on a shared machine the clock measures the neighbours too."""
    import resource

    prelude = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({cap_bytes}, {cap_bytes}))\n" if cap_bytes else ""
    env = {**os.environ, "PNP_JOBS": "1", "PYTHONPATH": str(root)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", prelude + CHILD, "--root", str(folder), *args], capture_output=True, text=True, env=env,
                          cwd=tempfile.gettempdir())  # not this checkout's folder: PYTHONPATH says which pnp runs
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    shown = done.stdout + done.stderr
    peak_kb = max([int(line.split()[1]) for line in shown.splitlines() if line.startswith("PEAK_KB")] or [0])
    return peak_kb / 1024, seconds, done.returncode, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cards", nargs="*", type=int, default=[60, 500])
    parser.add_argument("--format", choices=("png", "jpeg"), default="png")
    parser.add_argument("--grain", type=float, default=0.0, help="blend this much noise into the art (0.04: a painting's PNG, ~8 MB)")
    parser.add_argument("--as", dest="kind", choices=KINDS, default="cards", help="the pieces the art is drawn on (default: cards)")
    parser.add_argument("--no-build", action="store_true", help="measure only the exports (--export)")
    parser.add_argument("--export", action="append", default=[], help="also measure `pnp export FORMAT` (repeatable)")
    parser.add_argument("--against", type=Path, help="a checkout whose pnp runs each command too, just before this one's (before → after)")
    args = parser.parse_args()
    print(f"cold build of N {args.kind}, each with its own {ART_PX[0]} × {ART_PX[1]} px {args.format.upper()} art (grain {args.grain}); "
          "peak resident memory of the child")
    for n in args.cards:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "project"
            make_project(folder, n, args.format, grain=args.grain, kind=args.kind)
            art_mb = sum(p.stat().st_size for p in (folder / "data/art/decks/art").iterdir()) / 1e6
            runs = [("build", ("build", "art", "-q"))] * (not args.no_build) + [(f"export {f}", ("export", "art", "--format", f)) for f in args.export]
            checkouts = [(args.against.resolve(), "before "), (ROOT, "after  ")] if args.against else [(ROOT, "")]
            for what, argv in runs:
                for root, label in checkouts:
                    if (folder / "output").exists():
                        shutil.rmtree(folder / "output")
                    peak, seconds, status, shown = peak_of(folder, *argv, root=root)
                    pdf = sum(p.stat().st_size for p in (folder / "output").rglob("*") if p.is_file()) / 1e6 if (folder / "output").exists() else 0
                    print(f"{n:>5} {args.kind:<6}  {label}{what:<14} peak {peak:7.0f} MB  {seconds:6.1f} CPU s  exit {status}  art {art_mb:6.0f} MB  "
                          f"output {pdf:6.0f} MB", flush=True)
                    if status:
                        print(shown[-2000:])


if __name__ == "__main__":
    main()
