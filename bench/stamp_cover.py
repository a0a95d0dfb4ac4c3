"""How many card fronts of the shipped games carry a stamp over something else the face prints, with `stamps: {qr: true}`.

Each game is copied into a temporary project, given a feedback form and `stamps: {qr: true}`, and every deck's fronts
are drawn as the build draws them (pnp.outputs.cards.render_cards). A front counts when the box of its stamp (the QR
code's square with its quiet zone, and the stamp's text) meets the box of any text run, image, icon or shape drawn on
the face that is not its ground (a shape whose box holds the whole face). Prints a table and the totals.

    python bench/stamp_cover.py
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.data.project import Project  # noqa: E402
from pnp.layout.elements import Line, Qr, Rect, Text  # noqa: E402
from pnp.layout.inspect import face_bounds  # noqa: E402
from pnp.outputs.cards import render_cards  # noqa: E402
from pnp.outputs.context import Engine  # noqa: E402
from pnp.outputs.options import Options  # noqa: E402

FORM = "https://docs.google.com/forms/d/e/1FAIpQLSf" + "x" * 48 + "/viewform"  # a Google form's address: 100 characters
FEEDBACK = (f"stamps: {{qr: true}}\nfeedback:\n  form: {FORM}\n"
            "  fields: {version: entry.907182233, card: entry.1180324551, code: entry.553112874}\n")  # as Google numbers them


def with_qr(root: Path) -> Path:
    """A copy of the project under `root` whose games all ask for QR stamps."""
    shutil.copytree(ROOT / "data", root / "data")
    shutil.copytree(ROOT / "templates", root / "templates")
    for extra in ("pnp.yaml", "fonts"):
        if (ROOT / extra).exists():
            (shutil.copytree if (ROOT / extra).is_dir() else shutil.copy)(ROOT / extra, root / extra)
    for game in (root / "data").glob("*/game.yaml"):
        text = "\n".join(line for line in game.read_text().splitlines() if not line.startswith(("stamps:", "feedback:")))
        game.write_text(text + "\n" + FEEDBACK)
    return root


def _meets(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _frame_sides(el):
    """An unfilled rectangle is ink along its four sides only."""
    x0, y0, x1, y1 = el.x, el.y, el.x + el.w, el.y + el.h
    return [Line(*side, "", 0.0, None) for side in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x0, y1, x1, y1), (x0, y0, x0, y1))]


def covered(face) -> tuple[bool, bool, bool]:
    """(whether the face carries a QR code, whether its stamp lies over text, over other ink): the other ink by box,
    a frame by its sides, less the face's ground (a box holding the whole face)."""
    stamp = [el for el in face.elements if type(el) is Qr or (type(el) is Text and el.decoration)]
    rest = [el for el in face.elements if el not in stamp]
    texts = [b[1:] for b in face_bounds(rest) if b[0] == "text"]
    flat = [part for el in rest for part in (_frame_sides(el) if type(el) is Rect and el.fill is None else [el])]
    art = [b[1:] for b in face_bounds([el for el in flat if type(el) is not Rect], text=False)]
    art = [b for b in art if not (b[0] <= 0 and b[1] <= 0 and b[2] >= face.w and b[3] >= face.h)]
    panels = [b[1:] for b in face_bounds([el for el in flat if type(el) is Rect])]
    boxes = [b[1:] for b in face_bounds([el for el in stamp if type(el) is Text])]
    boxes += [(q.x, q.y, q.x + q.size, q.y + q.size) for q in stamp if type(q) is Qr]
    return (any(type(el) is Qr for el in stamp), any(_meets(s, b) for s in boxes for b in texts),
            any(_meets(s, b) for s in boxes for b in art) or any(_meets(s, p) and not _holds(p, s) for s in boxes for p in panels))


def _holds(outer, inner) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2] and outer[3] >= inner[3]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project = Project(with_qr(Path(tmp)))
        engine = Engine(project)
        totals = [0, 0, 0, 0, 0]
        print("fronts as printed (each card's count), with stamps: {qr: true}")
        print(f"{'game':<18}{'fronts':>8}{'with QR':>9}{'no stamp':>10}{'over text':>11}{'over art':>10}")
        for slug in project.game_slugs():
            game, _ = project.load_game(slug)
            gctx = engine.for_game(game)
            row = [0, 0, 0, 0, 0]
            for deck in game.decks.values():
                rendered, _ = render_cards(gctx, deck, Options(), deck.cards)
                for card, front, _ in rendered:
                    if front is None:
                        continue
                    has_qr, text, art = covered(front)
                    bare = not any(type(el) is Text and el.decoration for el in front.elements)
                    for k, value in enumerate((1, has_qr, bare, text, art)):
                        row[k] += card.count * value
            print(f"{slug:<18}{row[0]:>8}{row[1]:>9}{row[2]:>10}{row[3]:>11}{row[4]:>10}")
            totals = [a + b for a, b in zip(totals, row, strict=True)]
        print(f"{'all':<18}{totals[0]:>8}{totals[1]:>9}{totals[2]:>10}{totals[3]:>11}{totals[4]:>10}")


if __name__ == "__main__":
    main()
